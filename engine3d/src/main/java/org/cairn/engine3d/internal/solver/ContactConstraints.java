package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.math.Quat;

/**
 * The step's contact constraints in compact primitive arrays, indexed by constraint (and by point,
 * {@link #P} per constraint), laid out colour by colour; the bodies' poses at the step's start; and
 * the small operations every pass is made of: a point's relative velocity along a direction, an
 * impulse applied at a point, a point's current separation.
 *
 * <p>Normal constraint per point (Catto's soft step, Box2D v3): with anchors rA, rB from each
 * body's centre of mass, normal n, relative normal velocity vn = n·(vB + ωB×rB − vA − ωA×rA) and
 * effective mass m = 1/(1/mA + 1/mB + (rA×n)·IA⁻¹(rA×n) + (rB×n)·IB⁻¹(rB×n)); the current
 * separation s = s₀ + n·(ΔcB − ΔcA + ΔqB·rB − rB − ΔqA·rA + rA) follows the bodies' motion since
 * the step's start (no re-collision inside the step). Accumulated impulses are clamped,
 * λ ← max(λ + Δλ, 0), never the increment itself. Impulses are also summed over the step
 * ({@code stepNormal} per point, {@code stepFriction} and {@code stepTwist} per manifold): what the
 * contact view reports, in N·s.
 */
final class ContactConstraints {
    static final int P = Manifold.MAX_POINTS;
    final SolverSettings settings;

    int count;
    int[] contact = new int[16];
    int[] bodyA = new int[16];
    int[] bodyB = new int[16];
    /** Per constraint, where its bodies' entries start in {@link SolverBodies#state}. */
    int[] stateA = new int[16];
    int[] stateB = new int[16];
    int[] pointCount = new int[16];
    double[] normal = new double[3 * 16];
    double[] tangent = new double[6 * 16];
    double[] friction = new double[16];
    /**
     * Per constraint, the fastest its soft contact pushes an overlap apart, m/s: the step's
     * maxPushSpeed shared among the overlapping contacts of the busier body. Each contact pushing
     * at the full speed let a body inside fifty others leave at fifty times it (a thousand boxes
     * made at one spot flew apart at tens of m/s); shared, a body is pushed out at about
     * maxPushSpeed however many shapes it is buried in.
     */
    double[] pushCap = new double[16];
    double[] restitution = new double[16];
    boolean[] staticSide = new boolean[16];
    /**
     * Per constraint, a bit per point whose accumulated normal impulse has been positive at some
     * time in this step: restitution bounces only points that pushed, and any push ends the
     * constraint's approach-speed record ({@link #trackApproach}).
     */
    int[] pushedPoints = new int[16];
    /**
     * Whether a point of the constraint arrives at a chain in this substep: the passes let it
     * close its gap instead of stopping it, and the next substep resolves the impact
     * ({@link ContactImpacts}).
     */
    boolean[] arriving = new boolean[16];
    /**
     * Whether the constraint's normal rows are solved in a joint tree's sweeps with its
     * articulated masses ({@link TreeContacts}) instead of in the contact passes.
     */
    boolean[] treeNormal = new boolean[16];
    /** Rolling resistance per constraint: lever (m), inverse angular mass (6: xx, xy, xz, yy, yz, zz), impulse (3). */
    double[] rolling = new double[16];
    double[] rollingMass = new double[6 * 16];
    double[] rollingImpulse = new double[3 * 16];
    /**
     * Friction per constraint, at one point (Box3D's central friction, Jolt's and Rapier's default
     * since 2026): the friction centre from the base body's centre of mass (3; from A's and B's
     * it is that plus {@link #anchorOffset}'s DA and DB); the inverse
     * of the 2×2 tangent mass there, (a, b, c) for [[a, b], [b, c]], and sliding's one mass (4); the
     * twist's angular mass about n (1); the accumulated impulses along t1 and t2 (N·s) and about n
     * (N·m·s) (3).
     */
    double[] frictionAnchor = new double[3 * 16];
    double[] frictionMass = new double[4 * 16];
    double[] twistMass = new double[16];
    double[] frictionImpulse = new double[3 * 16];
    /** Per constraint, the twist impulses summed over the step's substeps, N·m·s: what the view reports. */
    double[] stepTwist = new double[16];
    // Per point.
    /**
     * Per point, its anchor from the base body's centre of mass, m; per constraint, each body's
     * offset from that, DA then DB (6), m. A point's two anchors are the same world point less each
     * body's centre of mass, so they differ by one vector for all the points: rA = r + DA and
     * rB = r + DB, with the base the body of the shorter anchors (its offset exactly 0; a long
     * lever as base, a 400 m ground's, would round the short one away when added to it). The
     * passes stream one anchor per point instead of two, and the relative normal velocity is one
     * dot product per point: vn = n·(vB − vA) + DB·(n×ωB) − DA·(n×ωA) + r·(n×ωB − n×ωA).
     */
    double[] anchor = new double[3 * P * 16];
    double[] anchorOffset = new double[6 * 16];
    double[] baseSeparation = new double[P * 16];
    /**
     * Per point, the separation at the bodies' current poses: computed once after each position
     * update ({@link ContactSolver#updateSeparations}) and read by the solve and relax passes that follow,
     * which move no body.
     */
    double[] currentSeparation = new double[P * 16];
    double[] normalMass = new double[P * 16];
    /** Per point, its distance from the friction centre, m: its lever in the twist's Coulomb limit. */
    double[] twistLever = new double[P * 16];
    double[] normalImpulse = new double[P * 16];
    double[] stepNormal = new double[P * 16];
    /** Per constraint, its friction along its two tangents summed over the step's substeps, N·s. */
    double[] stepFriction = new double[2 * 16];
    double[] relativeVelocity = new double[P * 16];
    /** Per point, whether sequential impulses bounce it in this substep (decided at its first iteration). */
    boolean[] bouncing = new boolean[P * 16];
    /**
     * Per point, the most its accumulated normal impulse may reach through restitution: what it
     * held before the bounce plus e times the compression impulse (the step's normal impulse until
     * then), Poisson's law of restitution as a cap on Newton's. Sequential impulses cap a
     * manifold's bouncing points together and keep that limit in its first point's slot.
     */
    double[] bounceLimit = new double[P * 16];
    /** Per point, the fastest approach restitution may use: the start's, plus what gravity adds over the open gap. */
    double[] approachFloor = new double[P * 16];
    /** Per constraint, gravity's closing acceleration of the two bodies along the normal, m/s² (≥ 0). */
    double[] closingGravity = new double[16];
    /** Per constraint, the points' coupled normal mass matrix K and its pseudo-inverse (P×P, row-major). */
    double[] blockMatrix = new double[P * P * 16];
    double[] blockMass = new double[P * P * 16];
    /**
     * Per constraint, the pseudo-inverses of the sub-blocks of K that the active set has inverted
     * this step, one slot per subset of points ({@link #SUB_OFFSET}), and a bit per subset saying
     * whether its slot is filled. K is fixed through the step, so a sub-block's inverse is too;
     * recomputing the same Jacobi sweeps in every pass was a fifth of the step.
     */
    int[] subFilled = new int[16];
    /**
     * Per constraint slot, 1 + the contact whose kept mass data ({@code ContactStore.massMemo})
     * the slot's normal masses, block K⁺ and K and friction data equal (0: none), so that a
     * contact prepared into the slot it had the step before need not copy them in again.
     */
    int[] massOwner = new int[16];
    double[] subInverse = new double[SUB_SIZE * 16];
    /**
     * Where the slot of each subset of a manifold's points (a bit mask) starts; its size is m². The
     * subsets that leave out one point come first (the active set drops one point far more often
     * than two), so the slots read most share the first cache lines; all points is not a sub-block
     * (that is {@link #blockMass}) and has no slot.
     */
    static final int[] SUB_OFFSET = new int[1 << P];
    static final int SUB_SIZE;

    static {
        int offset = 0;
        for (int m = P - 1; m >= 1; m--) {
            for (int mask = 1; mask < (1 << P) - 1; mask++) {
                if (Integer.bitCount(mask) == m) {
                    SUB_OFFSET[mask] = offset;
                    offset += m * m;
                }
            }
        }
        SUB_SIZE = offset;
    }

    // Per body: pose at the start of the step, and the rotation since then.
    double[] center0 = new double[3 * 64];
    double[] rotation0 = new double[4 * 64];
    double[] deltaRotation = new double[4 * 64];
    /** The bodies flagged {@link BodyStore#constrained} this step. */
    int[] constrainedBodies = new int[64];
    int constrainedCount;


    ContactConstraints(SolverSettings settings) {
        this.settings = settings;
    }

    void ensure(int n) {
        if (contact.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * contact.length);
        contact = Arrays.copyOf(contact, c);
        bodyA = Arrays.copyOf(bodyA, c);
        bodyB = Arrays.copyOf(bodyB, c);
        stateA = Arrays.copyOf(stateA, c);
        stateB = Arrays.copyOf(stateB, c);
        pointCount = Arrays.copyOf(pointCount, c);
        normal = Arrays.copyOf(normal, 3 * c);
        tangent = Arrays.copyOf(tangent, 6 * c);
        friction = Arrays.copyOf(friction, c);
        pushCap = Arrays.copyOf(pushCap, c);
        restitution = Arrays.copyOf(restitution, c);
        staticSide = Arrays.copyOf(staticSide, c);
        pushedPoints = Arrays.copyOf(pushedPoints, c);
        arriving = Arrays.copyOf(arriving, c);
        treeNormal = Arrays.copyOf(treeNormal, c);
        rolling = Arrays.copyOf(rolling, c);
        rollingMass = Arrays.copyOf(rollingMass, 6 * c);
        rollingImpulse = Arrays.copyOf(rollingImpulse, 3 * c);
        anchor = Arrays.copyOf(anchor, 3 * P * c);
        anchorOffset = Arrays.copyOf(anchorOffset, 6 * c);
        baseSeparation = Arrays.copyOf(baseSeparation, P * c);
        currentSeparation = Arrays.copyOf(currentSeparation, P * c);
        normalMass = Arrays.copyOf(normalMass, P * c);
        twistLever = Arrays.copyOf(twistLever, P * c);
        frictionAnchor = Arrays.copyOf(frictionAnchor, 3 * c);
        frictionMass = Arrays.copyOf(frictionMass, 4 * c);
        twistMass = Arrays.copyOf(twistMass, c);
        frictionImpulse = Arrays.copyOf(frictionImpulse, 3 * c);
        stepTwist = Arrays.copyOf(stepTwist, c);
        normalImpulse = Arrays.copyOf(normalImpulse, P * c);
        stepNormal = Arrays.copyOf(stepNormal, P * c);
        stepFriction = Arrays.copyOf(stepFriction, 2 * c);
        relativeVelocity = Arrays.copyOf(relativeVelocity, P * c);
        bouncing = Arrays.copyOf(bouncing, P * c);
        approachFloor = Arrays.copyOf(approachFloor, P * c);
        bounceLimit = Arrays.copyOf(bounceLimit, P * c);
        closingGravity = Arrays.copyOf(closingGravity, c);
        blockMass = Arrays.copyOf(blockMass, P * P * c);
        blockMatrix = Arrays.copyOf(blockMatrix, P * P * c);
        subFilled = Arrays.copyOf(subFilled, c);
        massOwner = Arrays.copyOf(massOwner, c);
        subInverse = Arrays.copyOf(subInverse, SUB_SIZE * c);
    }

    /** d·(vB + ωB×rB − vA − ωA×rA) at point p, for the solver bodies at offsets oa and ob of s. */
    double relativeVelocity(double[] s, int oa, int ob, int p, double dx, double dy, double dz) {
        return relativeVelocity(s, oa, s, ob, p, dx, dy, dz);
    }

    /** As {@link #relativeVelocity(double[], int, int, int, double, double, double)}, A's velocity (v, ω) at sa[oa..oa+6) and B's at sb[ob..ob+6). */
    double relativeVelocity(double[] sa, int oa, double[] sb, int ob, int p, double dx, double dy, double dz) {
        double rx = anchor[3 * p], ry = anchor[3 * p + 1], rz = anchor[3 * p + 2];
        int o = 6 * (p / P);
        double ax = rx + anchorOffset[o], ay = ry + anchorOffset[o + 1], az = rz + anchorOffset[o + 2];
        double bx = rx + anchorOffset[o + 3], by = ry + anchorOffset[o + 4], bz = rz + anchorOffset[o + 5];
        double vax = sa[oa] + sa[oa + 4] * az - sa[oa + 5] * ay;
        double vay = sa[oa + 1] + sa[oa + 5] * ax - sa[oa + 3] * az;
        double vaz = sa[oa + 2] + sa[oa + 3] * ay - sa[oa + 4] * ax;
        double vbx = sb[ob] + sb[ob + 4] * bz - sb[ob + 5] * by;
        double vby = sb[ob + 1] + sb[ob + 5] * bx - sb[ob + 3] * bz;
        double vbz = sb[ob + 2] + sb[ob + 3] * by - sb[ob + 4] * bx;
        return dx * (vbx - vax) + dy * (vby - vay) + dz * (vbz - vaz);
    }

    /** Applies impulse (x, y, z) at point p: −J to A, +J to B (dynamic bodies only: the others have no inverse mass). */
    void apply(double[] s, int oa, int ob, int p, double x, double y, double z) {
        int o = 6 * (p / P);
        double mA = s[oa + SolverBodies.INVERSE_MASS];
        if (mA > 0) {
            s[oa] -= mA * x;
            s[oa + 1] -= mA * y;
            s[oa + 2] -= mA * z;
            addAngular(s, oa, anchor[3 * p] + anchorOffset[o], anchor[3 * p + 1] + anchorOffset[o + 1],
                    anchor[3 * p + 2] + anchorOffset[o + 2], -x, -y, -z);
        }
        double mB = s[ob + SolverBodies.INVERSE_MASS];
        if (mB > 0) {
            s[ob] += mB * x;
            s[ob + 1] += mB * y;
            s[ob + 2] += mB * z;
            addAngular(s, ob, anchor[3 * p] + anchorOffset[o + 3], anchor[3 * p + 1] + anchorOffset[o + 4],
                    anchor[3 * p + 2] + anchorOffset[o + 5], x, y, z);
        }
    }

    /** ω += I⁻¹·(r × J) for the solver body at offset o. */
    static void addAngular(double[] s, int o, double rx, double ry, double rz, double x, double y, double z) {
        double cx = ry * z - rz * y, cy = rz * x - rx * z, cz = rx * y - ry * x;
        int m = o + SolverBodies.INVERSE_INERTIA;
        s[o + 3] += s[m] * cx + s[m + 1] * cy + s[m + 2] * cz;
        s[o + 4] += s[m + 3] * cx + s[m + 4] * cy + s[m + 5] * cz;
        s[o + 5] += s[m + 6] * cx + s[m + 7] * cy + s[m + 8] * cz;
    }

    /** Angular impulse L: −L on A, +L on B (dynamic bodies only). */
    static void applyAngular(double[] s, int oa, int ob, double x, double y, double z) {
        if (s[oa + SolverBodies.INVERSE_MASS] > 0) {
            int m = oa + SolverBodies.INVERSE_INERTIA;
            s[oa + 3] -= s[m] * x + s[m + 1] * y + s[m + 2] * z;
            s[oa + 4] -= s[m + 3] * x + s[m + 4] * y + s[m + 5] * z;
            s[oa + 5] -= s[m + 6] * x + s[m + 7] * y + s[m + 8] * z;
        }
        if (s[ob + SolverBodies.INVERSE_MASS] > 0) {
            int m = ob + SolverBodies.INVERSE_INERTIA;
            s[ob + 3] += s[m] * x + s[m + 1] * y + s[m + 2] * z;
            s[ob + 4] += s[m + 3] * x + s[m + 4] * y + s[m + 5] * z;
            s[ob + 5] += s[m + 6] * x + s[m + 7] * y + s[m + 8] * z;
        }
    }

    /** xᵀ·M·y for the symmetric 3×3 matrix m[o..o+9). */
    static double quadratic(double[] m, int o, double xx, double xy, double xz, double yx, double yy, double yz) {
        return xx * (m[o] * yx + m[o + 1] * yy + m[o + 2] * yz) + xy * (m[o + 3] * yx + m[o + 4] * yy + m[o + 5] * yz)
                + xz * (m[o + 6] * yx + m[o + 7] * yy + m[o + 8] * yz);
    }

    /**
     * Adds constraint k's accumulated impulses to the step totals: the impulse a substep applies is
     * its warm start plus its increments, which is the accumulated value at its end. Summing those
     * values, not the increments, keeps each substep's share inside its friction cone exactly, so
     * the totals are too (summed increments left |Pt| = 1e-15 at Pn = 0). The manifold's one
     * friction impulse is reported shared among its points as their normal impulses are, so each
     * point's share lies in its own cone, |Pt| ≤ μ·Pn, when the manifold's lies in μ·ΣPn.
     */
    void addStepTotals(int k) {
        for (int j = 0; j < pointCount[k]; j++) {
            stepNormal[P * k + j] += normalImpulse[P * k + j];
        }
        stepFriction[2 * k] += frictionImpulse[3 * k];
        stepFriction[2 * k + 1] += frictionImpulse[3 * k + 1];
        stepTwist[k] += frictionImpulse[3 * k + 2];
    }

    /** Body i is in a constraint this step: flag it and remember its pose at the step's start. */
    void constrain(BodyStore b, int i) {
        if (b.constrained[i]) {
            return;
        }
        b.constrained[i] = true;
        constrainedBodies[constrainedCount++] = i;
        System.arraycopy(b.center, 3 * i, center0, 3 * i, 3);
        System.arraycopy(b.rotation, 4 * i, rotation0, 4 * i, 4);
        deltaRotation[4 * i] = 0;
        deltaRotation[4 * i + 1] = 0;
        deltaRotation[4 * i + 2] = 0;
        deltaRotation[4 * i + 3] = 1;
    }

    /** Body i's rotation since prepare, Δq = q·q₀⁻¹. */
    void updateDeltaRotation(BodyStore b, int i) {
        double qx = b.rotation[4 * i], qy = b.rotation[4 * i + 1], qz = b.rotation[4 * i + 2], qw = b.rotation[4 * i + 3];
        double px = -rotation0[4 * i], py = -rotation0[4 * i + 1], pz = -rotation0[4 * i + 2], pw = rotation0[4 * i + 3];
        deltaRotation[4 * i] = qw * px + qx * pw + qy * pz - qz * py;
        deltaRotation[4 * i + 1] = qw * py - qx * pz + qy * pw + qz * px;
        deltaRotation[4 * i + 2] = qw * pz + qx * py - qy * px + qz * pw;
        deltaRotation[4 * i + 3] = qw * pw - qx * px - qy * py - qz * pz;
    }

    /**
     * Each point's current separation, s = s₀ + n·(ΔcB − ΔcA) + n·(ΔqB·rB − rB) − n·(ΔqA·rA − rA),
     * with n·(Δq·r − r) = (Δq⁻¹·n − n)·r: one rotation of the normal per body and manifold, and
     * with rA = r + DA, rB = r + DB one dot product per point, s = s₀ + n·Δc + (uB·DB − uA·DA) +
     * (uB − uA)·r for u = Δq⁻¹·n − n.
     */
    void updateSeparations(BodyStore b, int from, int to) {
        double[] center = b.center, center0 = this.center0, dq = deltaRotation, anchor = this.anchor, offset = anchorOffset,
                base = baseSeparation, current = currentSeparation, normal = this.normal;
        for (int k = from; k < to; k++) {
            int ia = bodyA[k], ib = bodyB[k];
            double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
            double moved = nx * ((center[3 * ib] - center0[3 * ib]) - (center[3 * ia] - center0[3 * ia]))
                    + ny * ((center[3 * ib + 1] - center0[3 * ib + 1]) - (center[3 * ia + 1] - center0[3 * ia + 1]))
                    + nz * ((center[3 * ib + 2] - center0[3 * ib + 2]) - (center[3 * ia + 2] - center0[3 * ia + 2]));
            // u = Δq⁻¹·n − n, by v' = v + 2w(u×v) + 2u×(u×v) with the conjugate's vector part −q.
            double qx = -dq[4 * ia], qy = -dq[4 * ia + 1], qz = -dq[4 * ia + 2], qw = dq[4 * ia + 3];
            double tx = 2.0 * (qy * nz - qz * ny), ty = 2.0 * (qz * nx - qx * nz), tz = 2.0 * (qx * ny - qy * nx);
            double uax = qw * tx + (qy * tz - qz * ty), uay = qw * ty + (qz * tx - qx * tz), uaz = qw * tz + (qx * ty - qy * tx);
            qx = -dq[4 * ib];
            qy = -dq[4 * ib + 1];
            qz = -dq[4 * ib + 2];
            qw = dq[4 * ib + 3];
            tx = 2.0 * (qy * nz - qz * ny);
            ty = 2.0 * (qz * nx - qx * nz);
            tz = 2.0 * (qx * ny - qy * nx);
            double ubx = qw * tx + (qy * tz - qz * ty), uby = qw * ty + (qz * tx - qx * tz), ubz = qw * tz + (qx * ty - qy * tx);
            int o = 6 * k;
            double shift = moved + (ubx * offset[o + 3] + uby * offset[o + 4] + ubz * offset[o + 5])
                    - (uax * offset[o] + uay * offset[o + 1] + uaz * offset[o + 2]);
            double dx = ubx - uax, dy = uby - uay, dz = ubz - uaz;
            for (int j = 0; j < pointCount[k]; j++) {
                int p = ContactConstraints.P * k + j;
                current[p] = base[p] + (shift + (dx * anchor[3 * p] + dy * anchor[3 * p + 1] + dz * anchor[3 * p + 2]));
            }
        }
    }

    /** Current separation of point p: s₀ plus the normal part of the anchors' motion since prepare. */
    double separation(BodyStore b, int k, int ia, int ib, int p, SolverScratch w) {
        double[] tmp = w.tmp;
        double ax = anchor[3 * p] + anchorOffset[6 * k], ay = anchor[3 * p + 1] + anchorOffset[6 * k + 1],
                az = anchor[3 * p + 2] + anchorOffset[6 * k + 2];
        double bx = anchor[3 * p] + anchorOffset[6 * k + 3], by = anchor[3 * p + 1] + anchorOffset[6 * k + 4],
                bz = anchor[3 * p + 2] + anchorOffset[6 * k + 5];
        double dx = (b.center[3 * ib] - center0[3 * ib]) - (b.center[3 * ia] - center0[3 * ia]);
        double dy = (b.center[3 * ib + 1] - center0[3 * ib + 1]) - (b.center[3 * ia + 1] - center0[3 * ia + 1]);
        double dz = (b.center[3 * ib + 2] - center0[3 * ib + 2]) - (b.center[3 * ia + 2] - center0[3 * ia + 2]);
        Quat.rotate(deltaRotation[4 * ib], deltaRotation[4 * ib + 1], deltaRotation[4 * ib + 2], deltaRotation[4 * ib + 3],
                bx, by, bz, tmp, 0);
        Quat.rotate(deltaRotation[4 * ia], deltaRotation[4 * ia + 1], deltaRotation[4 * ia + 2], deltaRotation[4 * ia + 3],
                ax, ay, az, tmp, 3);
        dx += (tmp[0] - bx) - (tmp[3] - ax);
        dy += (tmp[1] - by) - (tmp[4] - ay);
        dz += (tmp[2] - bz) - (tmp[5] - az);
        return baseSeparation[p] + normal[3 * k] * dx + normal[3 * k + 1] * dy + normal[3 * k + 2] * dz;
    }

    /**
     * Applies normal increments to the first n points of constraint k together: each point's
     * accumulated impulse is clamped as {@link #applyNormal} does, then the bodies receive the sum,
     * linear (Σλ)·n/m and angular I⁻¹·((Σλᵢ·rᵢ) × n), one rotation update per body instead of one
     * per point (the same impulse; the cross product is linear in r).
     */
    void applyNormals(double[] s, int k, int oa, int ob, int n, double[] delta) {
        double sum = 0, rx = 0, ry = 0, rz = 0;
        boolean clamp = settings.clampIncrements();
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double old = normalImpulse[p];
            double updated = clamp ? old + Math.max(delta[j], 0.0) : Math.max(old + delta[j], 0.0);
            double applied = updated - old;
            normalImpulse[p] = updated;
            pushedPoints[k] |= (updated > 0 ? 1 : 0) << j;
            sum += applied;
            rx += applied * anchor[3 * p];
            ry += applied * anchor[3 * p + 1];
            rz += applied * anchor[3 * p + 2];
        }
        pushBodies(s, k, oa, ob, sum, rx, ry, rz, normal[3 * k], normal[3 * k + 1], normal[3 * k + 2]);
    }

    /**
     * Applies normal impulses of total Σλ = {@code sum} along n to constraint k's bodies, whose
     * moments about the base of the anchors are Σλᵢ·rᵢ = (rx, ry, rz): about each centre of mass
     * Σλᵢ·rAᵢ = Σλᵢ·rᵢ + (Σλᵢ)·DA, and likewise for B; one linear and one rotation update per body.
     */
    void pushBodies(double[] s, int k, int oa, int ob, double sum, double rx, double ry, double rz, double nx, double ny,
                    double nz) {
        int o = 6 * k;
        double ax = rx + sum * anchorOffset[o], ay = ry + sum * anchorOffset[o + 1], az = rz + sum * anchorOffset[o + 2];
        double bx = rx + sum * anchorOffset[o + 3], by = ry + sum * anchorOffset[o + 4], bz = rz + sum * anchorOffset[o + 5];
        double mA = s[oa + SolverBodies.INVERSE_MASS];
        if (mA > 0) {
            double linear = mA * sum;
            s[oa] -= linear * nx;
            s[oa + 1] -= linear * ny;
            s[oa + 2] -= linear * nz;
            rotate(s, oa, -(ay * nz - az * ny), -(az * nx - ax * nz), -(ax * ny - ay * nx));
        }
        double mB = s[ob + SolverBodies.INVERSE_MASS];
        if (mB > 0) {
            double linear = mB * sum;
            s[ob] += linear * nx;
            s[ob + 1] += linear * ny;
            s[ob + 2] += linear * nz;
            rotate(s, ob, by * nz - bz * ny, bz * nx - bx * nz, bx * ny - by * nx);
        }
    }

    /**
     * Applies constraint k's accumulated impulses to its bodies: each point's normal impulse, and
     * the manifold's friction at its friction centre and twist about n; the sum of the impulses,
     * and the sum of their moments about each centre of mass, one rotation update per body. With
     * {@code addTotals}, first adds them to the step totals as {@link #addStepTotals} does.
     */
    void warmStartPoints(double[] s, int k, int oa, int ob, boolean addTotals) {
        double l1 = frictionImpulse[3 * k], l2 = frictionImpulse[3 * k + 1], twist = frictionImpulse[3 * k + 2];
        if (addTotals) {
            // The previous substep's impulses into the step's totals (as addStepTotals; the normal
            // impulses in the loop below, where a point without impulse adds nothing).
            stepFriction[2 * k] += l1;
            stepFriction[2 * k + 1] += l2;
            stepTwist[k] += twist;
        }
        double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
        double px = 0, py = 0, pz = 0, ax = 0, ay = 0, az = 0;
        boolean any = false;
        for (int j = 0; j < pointCount[k]; j++) {
            int p = P * k + j;
            double ln = normalImpulse[p];
            if (ln == 0) {
                // Adds nothing (touching without load: most side-by-side contacts of a pile).
                continue;
            }
            if (addTotals) {
                stepNormal[p] += ln;
            }
            any = true;
            double x = ln * nx, y = ln * ny, z = ln * nz;
            px += x;
            py += y;
            pz += z;
            double rx = anchor[3 * p], ry = anchor[3 * p + 1], rz = anchor[3 * p + 2];
            ax += ry * z - rz * y;
            ay += rz * x - rx * z;
            az += rx * y - ry * x;
        }
        if (l1 != 0 || l2 != 0 || twist != 0) {
            any = true;
            int t = 6 * k, f = 3 * k;
            double x = l1 * tangent[t] + l2 * tangent[t + 3], y = l1 * tangent[t + 1] + l2 * tangent[t + 4],
                    z = l1 * tangent[t + 2] + l2 * tangent[t + 5];
            px += x;
            py += y;
            pz += z;
            double rx = frictionAnchor[f], ry = frictionAnchor[f + 1], rz = frictionAnchor[f + 2];
            ax += ry * z - rz * y + twist * nx;
            ay += rz * x - rx * z + twist * ny;
            az += rx * y - ry * x + twist * nz;
        }
        if (!any) {
            return;
        }
        // Every anchor of A is the base one plus DA: A's moment is the base moment plus DA × (the
        // total impulse), and likewise for B.
        int o = 6 * k;
        double ox = anchorOffset[o], oy = anchorOffset[o + 1], oz = anchorOffset[o + 2];
        double bx = ax + (anchorOffset[o + 4] * pz - anchorOffset[o + 5] * py),
                by = ay + (anchorOffset[o + 5] * px - anchorOffset[o + 3] * pz),
                bz = az + (anchorOffset[o + 3] * py - anchorOffset[o + 4] * px);
        ax += oy * pz - oz * py;
        ay += oz * px - ox * pz;
        az += ox * py - oy * px;
        double mA = s[oa + SolverBodies.INVERSE_MASS];
        if (mA > 0) {
            s[oa] -= mA * px;
            s[oa + 1] -= mA * py;
            s[oa + 2] -= mA * pz;
            rotate(s, oa, -ax, -ay, -az);
        }
        double mB = s[ob + SolverBodies.INVERSE_MASS];
        if (mB > 0) {
            s[ob] += mB * px;
            s[ob + 1] += mB * py;
            s[ob + 2] += mB * pz;
            rotate(s, ob, bx, by, bz);
        }
    }

    /** ω += I⁻¹·L for the solver body at offset o. */
    /** Whether point j of constraint k has pushed in this step. */
    boolean pushedPoint(int k, int j) {
        return (pushedPoints[k] & 1 << j) != 0;
    }

    static void rotate(double[] s, int o, double x, double y, double z) {
        int m = o + SolverBodies.INVERSE_INERTIA;
        s[o + 3] += s[m] * x + s[m + 1] * y + s[m + 2] * z;
        s[o + 4] += s[m + 3] * x + s[m + 4] * y + s[m + 5] * z;
        s[o + 5] += s[m + 6] * x + s[m + 7] * y + s[m + 8] * z;
    }

    void applyNormal(double[] s, int k, int oa, int ob, int p, double delta) {
        double updated = settings.clampIncrements() ? normalImpulse[p] + Math.max(delta, 0.0)
                : Math.max(normalImpulse[p] + delta, 0.0);
        double applied = updated - normalImpulse[p];
        normalImpulse[p] = updated;
        pushedPoints[k] |= (updated > 0 ? 1 : 0) << (p - P * k);
        apply(s, oa, ob, p, applied * normal[3 * k], applied * normal[3 * k + 1], applied * normal[3 * k + 2]);
    }

    /**
     * The approach speed for restitution is the fastest seen at the point until its contact first
     * pushes in this step, so gravity acting between the step's start and the impact counts; but
     * never faster than a fall from the step's start through the open gap allows, √(v₀² + 2·g·s₀)
     * (faster, a ball bouncing with e = 1 gained energy every bounce). The anchors stay
     * fixed through the step while a tumbling body's angular velocity turns, so later readings of a
     * fast-spinning body's point speed are not to be trusted, and bouncing from them gained energy
     * (found by the property suite: a frictionless tetrahedron with e = 0.94 landing on an edge rose
     * 34 % above its starting energy).
     */
    void trackApproach(int k, int p, double vn, boolean useBias) {
        if (useBias && pushedPoints[k] == 0 && vn < relativeVelocity[p]) {
            relativeVelocity[p] = Math.max(vn, approachFloor[p]);
        }
    }
}
