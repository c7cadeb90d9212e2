package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.math.PseudoInverse;
import org.cairn.engine3d.internal.math.Quat;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * Contact constraints for one step, in compact primitive arrays, and the passes both solvers are
 * made of: prepare (once per step), warm start, solve (with or without bias), restitution, store.
 *
 * <p>Normal constraint per point (seeds 000, 003; soft-step.md §2.2): with anchors rA, rB from each
 * body's centre of mass, normal n, relative normal velocity vn = n·(vB + ωB×rB − vA − ωA×rA) and
 * effective mass m = 1/(1/mA + 1/mB + (rA×n)·IA⁻¹(rA×n) + (rB×n)·IB⁻¹(rB×n)), each pass computes the
 * current separation s = s₀ + n·(ΔcB − ΔcA + ΔqB·rB − rB − ΔqA·rA + rA) from the bodies' motion since
 * prepare (no re-collision inside the step), then an impulse increment Δλ with the accumulated
 * impulse clamped, λ ← max(λ + Δλ, 0) — never the increment itself.
 * <ul>
 * <li>s &gt; 0 (speculative): Δλ = −m·(vn + s/h): the gap may close in this substep, no further.</li>
 * <li>soft step, s ≤ 0, with bias: Δλ = −m·(massScale·vn + max(massScale·biasRate·s, −maxPush))
 * − impulseScale·λ; without bias (relax): Δλ = −m·vn.</li>
 * <li>sequential impulses: Δλ = −m·(vn − β/h·max(−s − slop, 0)) (Baumgarte), restitution folded in
 * as a target velocity −e·vn⁻ for points that approached faster than the threshold.</li>
 * </ul>
 * Friction: two tangents per point from a basis that depends on n alone (Box3D's perp), each with
 * its effective mass; the pair of accumulated tangent impulses is clamped to the circle
 * |λt| ≤ μ·λn of its point (Coulomb's cone, not a box). In the soft step friction is solved in the
 * relax pass only (Box3D, Box2D v3.2); in sequential impulses, after the normal in every iteration
 * (as Box2D v3 does). Restitution may change a normal impulse after friction; the friction pair is
 * then pulled back into the cone, so the cone holds for every impulse actually applied.
 *
 * <p>Impulses are also summed over the step ({@code stepNormal}, {@code stepTangent}): what the
 * contact view reports, in N·s.
 */
public final class ContactSolver {
    static final int P = Manifold.MAX_POINTS;

    int count;
    private int[] contact = new int[16];
    private int[] bodyA = new int[16];
    private int[] bodyB = new int[16];
    int[] pointCount = new int[16];
    private double[] normal = new double[3 * 16];
    private double[] tangent = new double[6 * 16];
    private double[] friction = new double[16];
    private double[] restitution = new double[16];
    private boolean[] staticSide = new boolean[16];
    /** Whether any point of the constraint has pushed in this step (ends the approach-speed record). */
    private boolean[] pushed = new boolean[16];
    /** Rolling resistance per constraint: lever (m), inverse angular mass (6: xx, xy, xz, yy, yz, zz), impulse (3). */
    private double[] rolling = new double[16];
    private double[] rollingMass = new double[6 * 16];
    private double[] rollingImpulse = new double[3 * 16];
    // Per point.
    private double[] rA = new double[3 * P * 16];
    private double[] rB = new double[3 * P * 16];
    private double[] baseSeparation = new double[P * 16];
    /**
     * Per point, the separation at the bodies' current poses: computed once after each position
     * update ({@link #updateDeltaRotations}) and read by the solve and relax passes that follow,
     * which move no body.
     */
    private double[] currentSeparation = new double[P * 16];
    private double[] normalMass = new double[P * 16];
    private double[] tangentMass = new double[2 * P * 16];
    /** Per point, the inverse of the 2×2 tangent mass matrix K, symmetric: (a, b, c) for [[a, b], [b, c]]. */
    private double[] tangentBlock = new double[3 * P * 16];
    private double[] normalImpulse = new double[P * 16];
    private double[] tangentImpulse = new double[2 * P * 16];
    private double[] stepNormal = new double[P * 16];
    private double[] stepTangent = new double[2 * P * 16];
    private double[] relativeVelocity = new double[P * 16];
    private double[] maxNormalImpulse = new double[P * 16];
    /** Per point, the fastest approach restitution may use: the start's, plus what gravity adds over the open gap. */
    private double[] approachFloor = new double[P * 16];
    /** Per constraint, gravity's closing acceleration of the two bodies along the normal, m/s² (≥ 0). */
    private double[] closingGravity = new double[16];
    /** Per constraint, the points' coupled normal mass matrix K and its pseudo-inverse (P×P, row-major). */
    double[] blockMatrix = new double[P * P * 16];
    double[] blockMass = new double[P * P * 16];
    /**
     * Per constraint, the pseudo-inverses of the sub-blocks of K that the active set has inverted
     * this step, one slot per subset of points ({@link #SUB_OFFSET}), and a bit per subset saying
     * whether its slot is filled. K is fixed through the step, so a sub-block's inverse is too;
     * recomputing the same Jacobi sweeps in every pass was a fifth of the step.
     */
    private int[] subFilled = new int[16];
    private double[] subInverse = new double[SUB_SIZE * 16];
    /** Where the slot of each subset of a manifold's points (a bit mask) starts; its size is m². */
    private static final int[] SUB_OFFSET = new int[1 << P];
    private static final int SUB_SIZE;

    static {
        int offset = 0;
        for (int mask = 1; mask < 1 << P; mask++) {
            SUB_OFFSET[mask] = offset;
            int m = Integer.bitCount(mask);
            offset += m * m;
        }
        SUB_SIZE = offset;
    }
    /** Solve a manifold's normal points together (soft step) when all push; see {@link #solveBlock}. */
    public boolean blockNormals = true;

    // Per body: pose at the start of the step, and the rotation since then.
    private double[] center0 = new double[3 * 64];
    private double[] rotation0 = new double[4 * 64];
    private double[] deltaRotation = new double[4 * 64];
    /** Per worker, the small arrays of one constraint's solve. */
    private Scratch[] scratch = {new Scratch()};
    /** The bodies flagged {@link BodyStore#constrained} this step. */
    private int[] constrainedBodies = new int[64];
    private int constrainedCount;

    private final Softness contactSoftness = new Softness();
    private final Softness staticSoftness = new Softness();

    /**
     * Contact stiffness is capped so that ω·h ≤ 2, i.e. at 1/π of the substep rate (Box2D v3.0: a
     * quarter, ω·h ≤ π/2; Box3D: an eighth): at 4 substeps of 60 Hz, 76 Hz. Measured with points
     * solved together and two relax passes: at 75 Hz the tower of 12 settles 6.4 mm low (60 Hz:
     * 9.9 mm, Box3D's 30 Hz: 36 mm) and the 5050-cube pyramid sags 0.27 m after 200 steps (60 Hz:
     * 0.40 m); see docs/experiments.md.
     */
    static final double CONTACT_HERTZ_CLAMP_FRACTION = 1.0 / Math.PI;

    /** Settings copied in at prepare. */
    public double contactHertz = 75.0;
    /** |g|·dt, m/s: the most gravity can add to an approach within a step. */
    public double gravitySpeedPerStep;
    /** The world's gravity, m/s² (for the restitution pitfall). */
    public double gravityX, gravityY, gravityZ;
    public double contactDampingRatio = 10.0;
    public double maxPushSpeed = 3.0;
    public double restitutionThreshold = 1.0;
    public double baumgarte = 0.2;
    public boolean warmStarting = true;
    /** Seed pitfalls, for experiments only: clamp increments; restitution without threshold. */
    public boolean clampIncrements;
    public boolean restitutionWithoutThreshold;
    /** Position iterations after each substep (sequential impulses); when positive, no velocity bias. */
    public int positionIterations = 0;
    /** Largest position correction per iteration, m (Box2D v2: 0.2). */
    static final double MAX_POSITION_CORRECTION_METERS = 0.2;

    private double h;
    private double invH;

    // ------------------------------------------------------------------ colours and workers

    /**
     * Colours of the constraint graph (Box2D v3): constraints of one colour share no dynamic body,
     * so a colour's constraints can be solved in any order, on any worker, with the same result.
     * Constraints are stored colour by colour, so every pass, serial or parallel, visits them in
     * the same order: results do not depend on the worker count. A constraint that finds every
     * colour taken by one of its bodies goes to the overflow, solved on one thread after the
     * colours.
     */
    static final int MAX_COLOURS = 24;
    /** colourStart[c] .. colourStart[c + 1]: colour c's constraints; colourStart[colourCount] .. count: the overflow. */
    private final int[] colourStart = new int[MAX_COLOURS + 2];
    private int colourCount;
    /** Per colour, a bit per body: whether one of the colour's constraints moves it. */
    private long[] colourBodies = new long[MAX_COLOURS];
    private int colourWords = 1;
    private int[] candidates = new int[16];
    private byte[] candidateColour = new byte[16];
    private final int[] colourFill = new int[MAX_COLOURS + 1];

    /**
     * Chooses this step's constraints among the candidate contacts (those of the awake bodies, in
     * contact order): the touching ones with an awake dynamic body, gives each the first colour neither of its dynamic bodies is in yet (static and
     * kinematic bodies are never written by the solver, so they block no colour), and lays the
     * constraints out colour by colour.
     */
    private void colourConstraints(BodyStore b, ContactStore cs, int[] contacts, int contactCount) {
        int words = (b.capacity() + 63) >>> 6;
        if (colourBodies.length < MAX_COLOURS * words) {
            colourBodies = new long[MAX_COLOURS * words];
        }
        colourWords = words;
        if (candidates.length < cs.count) {
            candidates = new int[cs.shapeA.length];
            candidateColour = new byte[cs.shapeA.length];
        }
        Arrays.fill(colourFill, 0);
        int n = 0;
        for (int i = 0; i < contactCount; i++) {
            int c = contacts[i];
            if (!cs.touching[c]) {
                continue;
            }
            int ia = cs.bodyA[c], ib = cs.bodyB[c];
            boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
            if (!(dynamicA && b.awake[ia]) && !(dynamicB && b.awake[ib])) {
                continue;
            }
            int colour = MAX_COLOURS;
            for (int k = 0; k < MAX_COLOURS; k++) {
                int o = k * words;
                if (dynamicA && (colourBodies[o + (ia >>> 6)] & 1L << ia) != 0
                        || dynamicB && (colourBodies[o + (ib >>> 6)] & 1L << ib) != 0) {
                    continue;
                }
                if (dynamicA) {
                    colourBodies[o + (ia >>> 6)] |= 1L << ia;
                }
                if (dynamicB) {
                    colourBodies[o + (ib >>> 6)] |= 1L << ib;
                }
                colour = k;
                break;
            }
            candidates[n] = c;
            candidateColour[n] = (byte) colour;
            colourFill[colour]++;
            n++;
        }
        colourCount = 0;
        for (int k = 0; k < MAX_COLOURS; k++) {
            if (colourFill[k] > 0) {
                colourCount = k + 1;
            }
        }
        int start = 0;
        for (int k = 0; k <= MAX_COLOURS; k++) {
            int size = colourFill[k];
            colourFill[k] = start;
            if (k < colourCount) {
                colourStart[k] = start;
            }
            start += size;
        }
        colourStart[colourCount] = colourFill[MAX_COLOURS];
        colourStart[colourCount + 1] = n;
        for (int i = 0; i < n; i++) {
            int c = candidates[i];
            int k = colourFill[candidateColour[i]]++;
            contact[k] = c;
            bodyA[k] = cs.bodyA[c];
            bodyB[k] = cs.bodyB[c];
            // Clear the colour bits for the next step: only the bits set here, so a step costs
            // nothing per body of the world.
            int colour = candidateColour[i];
            if (colour < MAX_COLOURS) {
                int o = colour * words;
                colourBodies[o + (bodyA[k] >>> 6)] &= ~(1L << bodyA[k]);
                colourBodies[o + (bodyB[k] >>> 6)] &= ~(1L << bodyB[k]);
            }
        }
        count = n;
    }

    /** Colours in use this step (for tests and the profile). */
    int colourCount() {
        return colourCount;
    }

    /** Constraints in the overflow this step (solved on one thread). */
    int overflowCount() {
        return count - colourStart[colourCount];
    }

    /** Smallest share of a colour handed to one worker: below it, handing over costs more than it saves. */
    private static final int MIN_BLOCK = 32;
    private int rangeOffset;

    /** Runs {@code task} over each colour in turn (in parallel within a colour), then over the overflow on this thread. */
    private void forEachColour(WorkerPool pool, RangeTask task) {
        for (int c = 0; c < colourCount; c++) {
            rangeOffset = colourStart[c];
            pool.run(task, colourStart[c + 1] - colourStart[c], MIN_BLOCK);
        }
        rangeOffset = colourStart[colourCount];
        task.run(0, count - rangeOffset, 0);
    }

    private void ensureScratch(int workers) {
        if (scratch.length < workers) {
            Scratch[] grown = Arrays.copyOf(scratch, workers);
            for (int i = scratch.length; i < workers; i++) {
                grown[i] = new Scratch();
            }
            scratch = grown;
        }
    }

    /** How many block inverses came from the factored form since the solver was made (for tests). */
    long factoredBlocks() {
        long sum = 0;
        for (Scratch w : scratch) {
            sum += w.factoredBlocks;
        }
        return sum;
    }

    // What the pass being run works on: set by the pass before its workers start.
    private BodyStore stepBodies;
    private ContactStore stepContacts;
    private double[] stepFriction;
    private double[] stepRestitution;
    private double stepDt;
    private boolean stepUseBias;
    private boolean closeSubstep;

    private final RangeTask prepareTask = (from, to, w) -> {
        for (int k = from; k < to; k++) {
            prepareConstraint(k, scratch[w]);
        }
    };
    private final RangeTask separationTask = (from, to, w) -> updateSeparations(from, to, scratch[w]);
    private final RangeTask deltaRotationTask = (from, to, w) -> {
        for (int n = from; n < to; n++) {
            updateDeltaRotation(stepBodies, constrainedBodies[n]);
        }
    };
    private final RangeTask warmStartTask = (from, to, w) -> warmStart(rangeOffset + from, rangeOffset + to);
    private final RangeTask softTask = (from, to, w) -> solveSoft(rangeOffset + from, rangeOffset + to, scratch[w]);
    private final RangeTask baumgarteTask = (from, to, w) -> solveBaumgarte(rangeOffset + from, rangeOffset + to);
    private final RangeTask restitutionTask = (from, to, w) -> applyRestitution(rangeOffset + from, rangeOffset + to,
            scratch[w]);
    private final RangeTask storeTask = (from, to, w) -> storeImpulses(from, to);

    /** The small arrays one worker needs to solve one constraint. */
    static final class Scratch {
        final double[] blockK = new double[P * P];
        final double[] blockInverse = new double[P * P];
        final double[] blockScratch = new double[Math.max(2 * P * P + P, 45)];
        final double[] factorPhi = new double[3 * P];
        final double[] factorG = new double[9];
        final double[] blockRhs = new double[P];
        final double[] blockScale = new double[P];
        final double[] blockLeak = new double[P];
        final double[] blockDelta = new double[P];
        final double[] subRhs = new double[P];
        final boolean[] frozen = new boolean[P];
        final int[] activePoints = new int[P];
        final boolean[] active = new boolean[P];
        final double[] tmp = new double[6];
        final double[] scratch9 = new double[9];
        final double[] scratch9b = new double[9];
        long factoredBlocks;
    }

    private void ensure(int n) {
        if (contact.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * contact.length);
        contact = Arrays.copyOf(contact, c);
        bodyA = Arrays.copyOf(bodyA, c);
        bodyB = Arrays.copyOf(bodyB, c);
        pointCount = Arrays.copyOf(pointCount, c);
        normal = Arrays.copyOf(normal, 3 * c);
        tangent = Arrays.copyOf(tangent, 6 * c);
        friction = Arrays.copyOf(friction, c);
        restitution = Arrays.copyOf(restitution, c);
        staticSide = Arrays.copyOf(staticSide, c);
        pushed = Arrays.copyOf(pushed, c);
        rolling = Arrays.copyOf(rolling, c);
        rollingMass = Arrays.copyOf(rollingMass, 6 * c);
        rollingImpulse = Arrays.copyOf(rollingImpulse, 3 * c);
        rA = Arrays.copyOf(rA, 3 * P * c);
        rB = Arrays.copyOf(rB, 3 * P * c);
        baseSeparation = Arrays.copyOf(baseSeparation, P * c);
        currentSeparation = Arrays.copyOf(currentSeparation, P * c);
        normalMass = Arrays.copyOf(normalMass, P * c);
        tangentMass = Arrays.copyOf(tangentMass, 2 * P * c);
        tangentBlock = Arrays.copyOf(tangentBlock, 3 * P * c);
        normalImpulse = Arrays.copyOf(normalImpulse, P * c);
        tangentImpulse = Arrays.copyOf(tangentImpulse, 2 * P * c);
        stepNormal = Arrays.copyOf(stepNormal, P * c);
        stepTangent = Arrays.copyOf(stepTangent, 2 * P * c);
        relativeVelocity = Arrays.copyOf(relativeVelocity, P * c);
        maxNormalImpulse = Arrays.copyOf(maxNormalImpulse, P * c);
        approachFloor = Arrays.copyOf(approachFloor, P * c);
        closingGravity = Arrays.copyOf(closingGravity, c);
        blockMass = Arrays.copyOf(blockMass, P * P * c);
        blockMatrix = Arrays.copyOf(blockMatrix, P * P * c);
        subFilled = Arrays.copyOf(subFilled, c);
        subInverse = Arrays.copyOf(subInverse, SUB_SIZE * c);
    }

    /**
     * Builds the constraints of the touching contacts that involve an awake dynamic body, with
     * friction and restitution already mixed per contact (frictions and restitutions arrays are
     * indexed by contact), and remembers every body's pose for the separation updates.
     */
    public void prepare(BodyStore b, ContactStore cs, int[] candidates, int candidateCount, double[] mixedFriction,
                        double[] mixedRestitution, double dt, int substeps, WorkerPool pool) {
        h = dt / substeps;
        invH = 1.0 / h;
        double hertz = Math.min(contactHertz, CONTACT_HERTZ_CLAMP_FRACTION * invH);
        contactSoftness.set(hertz, contactDampingRatio, h);
        // Static contacts are stiffer (Box2D, Box3D), under the same cap: at twice 60 Hz, half the
        // substep rate, a heavy box on a light one rang on the ground for seconds (property suite).
        // At the default settings the cap binds, so static contacts are as stiff as the others.
        staticSoftness.set(Math.min(2.0 * contactHertz, CONTACT_HERTZ_CLAMP_FRACTION * invH), contactDampingRatio, h);
        if (center0.length < 3 * b.highWater) {
            center0 = new double[3 * b.capacity()];
            rotation0 = new double[4 * b.capacity()];
            deltaRotation = new double[4 * b.capacity()];
            constrainedBodies = new int[b.capacity()];
        }
        // Only the bodies of this step's constraints are touched, so a sleeping world costs nothing here.
        for (int n = 0; n < constrainedCount; n++) {
            b.constrained[constrainedBodies[n]] = false;
        }
        constrainedCount = 0;
        count = 0;
        substepOpen = false;
        ensure(cs.count);
        colourConstraints(b, cs, candidates, candidateCount);
        // In constraint order, so the list of constrained bodies is the same whatever the workers.
        for (int k = 0; k < count; k++) {
            constrain(b, bodyA[k]);
            constrain(b, bodyB[k]);
        }
        stepBodies = b;
        stepContacts = cs;
        stepFriction = mixedFriction;
        stepRestitution = mixedRestitution;
        stepDt = dt;
        ensureScratch(pool.workerCount());
        pool.run(prepareTask, count, 16);
        pool.run(separationTask, count, 64);
    }

    /** Builds constraint k (its contact and bodies already chosen) from its contact's manifold. */
    private void prepareConstraint(int k, Scratch w) {
        BodyStore b = stepBodies;
        ContactStore cs = stepContacts;
        double dt = stepDt;
        int c = contact[k];
        int ia = bodyA[k], ib = bodyB[k];
        boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
        {
            staticSide[k] = !dynamicA || !dynamicB;
            pushed[k] = false;
            friction[k] = stepFriction[c];
            restitution[k] = stepRestitution[c];
            rolling[k] = cs.rolling[c];
            if (rolling[k] > 0) {
                prepareRolling(b, k, ia, ib, cs, c, w);
            }
            double nx = cs.normal[3 * c], ny = cs.normal[3 * c + 1], nz = cs.normal[3 * c + 2];
            normal[3 * k] = nx;
            normal[3 * k + 1] = ny;
            normal[3 * k + 2] = nz;
            // Tangent basis from n alone (Box3D b3Perp): a unit vector has a component ≥ 0.577,
            // so one of the two choices is never degenerate.
            double t1x, t1y, t1z;
            if (Math.abs(nx) > 0.5) {
                t1x = ny;
                t1y = -nx;
                t1z = 0;
            } else {
                t1x = 0;
                t1y = nz;
                t1z = -ny;
            }
            double len = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
            t1x /= len;
            t1y /= len;
            t1z /= len;
            tangent[6 * k] = t1x;
            tangent[6 * k + 1] = t1y;
            tangent[6 * k + 2] = t1z;
            tangent[6 * k + 3] = t1y * nz - t1z * ny;
            tangent[6 * k + 4] = t1z * nx - t1x * nz;
            tangent[6 * k + 5] = t1x * ny - t1y * nx;
            int n = cs.pointCount[c];
            pointCount[k] = n;
            subFilled[k] = 0;
            double mA = b.inverseMass[ia], mB = b.inverseMass[ib];
            for (int j = 0; j < n; j++) {
                int p = P * k + j, q = P * c + j;
                for (int a = 0; a < 3; a++) {
                    rA[3 * p + a] = cs.anchorA[3 * q + a];
                    rB[3 * p + a] = cs.anchorB[3 * q + a];
                }
                // s₀ is the separation at the anchors' current places.
                baseSeparation[p] = cs.separation[q];
                normalMass[p] = effectiveMass(b, ia, ib, mA, mB, p, nx, ny, nz);
                // Friction has two masses. Sticking uses the exact 2×2 block K⁻¹ (it stops the
                // point's slip in one go, so a resting stack does not creep); sliding uses one mass
                // for both tangents, the mean of K's diagonal: with the block (or with a separate
                // mass per tangent) the update is skewed from the slip whenever the lever arms
                // differ, and after the circular clamp friction comes out weaker and sideways
                // (measured: 6% weaker on an incline at 35° yaw). With one mass it opposes the slip.
                double t2x = tangent[6 * k + 3], t2y = tangent[6 * k + 4], t2z = tangent[6 * k + 5];
                double k11 = mA + mB + angular(b.worldInverseInertia, ia, rA, p, t1x, t1y, t1z)
                        + angular(b.worldInverseInertia, ib, rB, p, t1x, t1y, t1z);
                double k22 = mA + mB + angular(b.worldInverseInertia, ia, rA, p, t2x, t2y, t2z)
                        + angular(b.worldInverseInertia, ib, rB, p, t2x, t2y, t2z);
                double k12 = cross(b.worldInverseInertia, ia, rA, p, t1x, t1y, t1z, t2x, t2y, t2z)
                        + cross(b.worldInverseInertia, ib, rB, p, t1x, t1y, t1z, t2x, t2y, t2z);
                double det = k11 * k22 - k12 * k12;
                double isotropic = k11 + k22 > 0 ? 2.0 / (k11 + k22) : 0.0;
                tangentMass[2 * p] = isotropic;
                tangentMass[2 * p + 1] = isotropic;
                if (det > 1e-12 * (k11 + k22) * (k11 + k22)) {
                    tangentBlock[3 * p] = k22 / det;
                    tangentBlock[3 * p + 1] = -k12 / det;
                    tangentBlock[3 * p + 2] = k11 / det;
                } else {
                    tangentBlock[3 * p] = isotropic;
                    tangentBlock[3 * p + 1] = 0;
                    tangentBlock[3 * p + 2] = isotropic;
                }
                double scale = warmStarting ? 1.0 : 0.0;
                normalImpulse[p] = scale * cs.normalImpulse[q];
                tangentImpulse[2 * p] = scale * cs.tangentImpulse[2 * q];
                tangentImpulse[2 * p + 1] = scale * cs.tangentImpulse[2 * q + 1];
                stepNormal[p] = 0;
                stepTangent[2 * p] = 0;
                stepTangent[2 * p + 1] = 0;
                maxNormalImpulse[p] = 0;
                relativeVelocity[p] = relativeVelocity(b, ia, ib, p, nx, ny, nz);
                // Relative acceleration of the point pair along n from gravity (negative: closing).
                double scaleA = dynamicA ? b.gravityScale[ia] : 0, scaleB = dynamicB ? b.gravityScale[ib] : 0;
                double closing = (scaleB - scaleA) * (nx * gravityX + ny * gravityY + nz * gravityZ);
                closingGravity[k] = Math.max(-closing, 0.0);
                if (restitutionWithoutThreshold) {
                    // The pitfall as seed 000 has it: the approach measured after this step's
                    // gravity, so a resting contact approaches at g·dt and bounces every step.
                    relativeVelocity[p] += dt * closing;
                    approachFloor[p] = relativeVelocity[p] - gravitySpeedPerStep;
                } else {
                    // The fastest a falling pair can meet: its speed at the step's start plus what
                    // gravity adds over the gap still open, v² = v₀² + 2·g·s₀ (energy, not time).
                    double v0 = Math.min(relativeVelocity[p], 0.0), gap = Math.max(baseSeparation[p], 0.0);
                    approachFloor[p] = -Math.sqrt(v0 * v0 + 2 * Math.max(-closing, 0.0) * gap);
                }
            }
            if (n >= 2) {
                prepareBlock(b, k, ia, ib, n, nx, ny, nz, w);
            }
        }
    }

    /**
     * K_ij = (1/mA + 1/mB) + (rA_i×n)·IA⁻¹(rA_j×n) + (rB_i×n)·IB⁻¹(rB_j×n): how an impulse at point j
     * changes the normal velocity at point i. Stores its pseudo-inverse.
     */
    private void prepareBlock(BodyStore b, int k, int ia, int ib, int n, double nx, double ny, double nz, Scratch w) {
        double[] blockK = w.blockK, blockInverse = w.blockInverse, blockScratch = w.blockScratch;
        double linear = (b.type[ia] == BodyStore.DYNAMIC ? b.inverseMass[ia] : 0)
                + (b.type[ib] == BodyStore.DYNAMIC ? b.inverseMass[ib] : 0);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double kij = linear;
                if (b.type[ia] == BodyStore.DYNAMIC) {
                    kij += coupling(b.worldInverseInertia, ia, rA, P * k + i, P * k + j, nx, ny, nz);
                }
                if (b.type[ib] == BodyStore.DYNAMIC) {
                    kij += coupling(b.worldInverseInertia, ib, rB, P * k + i, P * k + j, nx, ny, nz);
                }
                blockK[i * n + j] = kij;
                blockK[j * n + i] = kij;
            }
        }
        if (n < 3 || !factoredInverse(b, k, ia, ib, n, linear, nx, ny, nz, w)) {
            PseudoInverse.symmetric(blockK, n, blockInverse, blockScratch);
        } else {
            w.factoredBlocks++;
        }
        System.arraycopy(blockInverse, 0, blockMass, P * P * k, n * n);
        System.arraycopy(blockK, 0, blockMatrix, P * P * k, n * n);
    }

    /** (r_p×d)·I⁻¹(r_q×d) for body i. */
    /**
     * The block's pseudo-inverse from its factored form K = Φ·G·Φᵀ ({@link PseudoInverse#factored}):
     * point i enters K only through w_i, the in-plane components (along the tangents) of rA_i × n,
     * since rB_i × n = rA_i × n + d × n for the one offset d between the bodies' anchors. So
     * Φ_i = (1, w_i) and G = L·e₀e₀ᵀ + [0 0; 0 M_A] + E_Bᵀ·M_B·E_B, with L the summed inverse
     * masses, M = Tᵀ·I⁻¹·T each body's inverse inertia in the tangent plane and E_B = [δ | I₂],
     * δ = the in-plane part of d × n.
     *
     * @return false when the anchors do not share one offset or the factors are nearly singular
     */
    private boolean factoredInverse(BodyStore b, int k, int ia, int ib, int n, double linear, double nx, double ny,
                                    double nz, Scratch w) {
        double[] factorPhi = w.factorPhi, factorG = w.factorG, blockK = w.blockK, blockInverse = w.blockInverse,
                blockScratch = w.blockScratch;
        double t1x = tangent[6 * k], t1y = tangent[6 * k + 1], t1z = tangent[6 * k + 2];
        double t2x = tangent[6 * k + 3], t2y = tangent[6 * k + 4], t2z = tangent[6 * k + 5];
        double d1 = 0, d2 = 0;
        for (int i = 0; i < n; i++) {
            int p = P * k + i;
            double ax = rA[3 * p + 1] * nz - rA[3 * p + 2] * ny, ay = rA[3 * p + 2] * nx - rA[3 * p] * nz,
                    az = rA[3 * p] * ny - rA[3 * p + 1] * nx;
            double bx = rB[3 * p + 1] * nz - rB[3 * p + 2] * ny, by = rB[3 * p + 2] * nx - rB[3 * p] * nz,
                    bz = rB[3 * p] * ny - rB[3 * p + 1] * nx;
            double wa1 = ax * t1x + ay * t1y + az * t1z, wa2 = ax * t2x + ay * t2y + az * t2z;
            double e1 = bx * t1x + by * t1y + bz * t1z - wa1, e2 = bx * t2x + by * t2y + bz * t2z - wa2;
            if (i == 0) {
                d1 = e1;
                d2 = e2;
            } else if (Math.abs(e1 - d1) + Math.abs(e2 - d2) > 1e-12 * (1 + Math.abs(d1) + Math.abs(d2))) {
                return false;
            }
            factorPhi[3 * i] = 1;
            factorPhi[3 * i + 1] = wa1;
            factorPhi[3 * i + 2] = wa2;
        }
        double[] g = factorG;
        Arrays.fill(g, 0);
        g[0] = linear;
        if (b.type[ia] == BodyStore.DYNAMIC) {
            double[] inv = b.worldInverseInertia;
            int o = 9 * ia;
            g[4] += quadratic(inv, o, t1x, t1y, t1z, t1x, t1y, t1z);
            double m12 = quadratic(inv, o, t1x, t1y, t1z, t2x, t2y, t2z);
            g[5] += m12;
            g[7] += m12;
            g[8] += quadratic(inv, o, t2x, t2y, t2z, t2x, t2y, t2z);
        }
        if (b.type[ib] == BodyStore.DYNAMIC) {
            double[] inv = b.worldInverseInertia;
            int o = 9 * ib;
            double m11 = quadratic(inv, o, t1x, t1y, t1z, t1x, t1y, t1z);
            double m12 = quadratic(inv, o, t1x, t1y, t1z, t2x, t2y, t2z);
            double m22 = quadratic(inv, o, t2x, t2y, t2z, t2x, t2y, t2z);
            double md1 = m11 * d1 + m12 * d2, md2 = m12 * d1 + m22 * d2;
            g[0] += d1 * md1 + d2 * md2;
            g[1] += md1;
            g[3] += md1;
            g[2] += md2;
            g[6] += md2;
            g[4] += m11;
            g[5] += m12;
            g[7] += m12;
            g[8] += m22;
        }
        if (!PseudoInverse.factored(factorPhi, n, g, blockInverse, blockScratch)) {
            return false;
        }
        // Refined to rounding: Jacobi's result is exact to rounding too, and a manifold whose points
        // share the load unevenly by 1e-12 let go of different points in runs that differ only by
        // rounding (the metamorphic test drifted from 0.07 mm to 7 mm).
        PseudoInverse.refine(blockK, n, blockInverse, blockScratch);
        return true;
    }

    /** xᵀ·M·y for the symmetric 3×3 matrix m[o..o+9). */
    private static double quadratic(double[] m, int o, double xx, double xy, double xz, double yx, double yy, double yz) {
        return xx * (m[o] * yx + m[o + 1] * yy + m[o + 2] * yz) + xy * (m[o + 3] * yx + m[o + 4] * yy + m[o + 5] * yz)
                + xz * (m[o + 6] * yx + m[o + 7] * yy + m[o + 8] * yz);
    }

    private static double coupling(double[] inv, int i, double[] r, int p, int q, double dx, double dy, double dz) {
        double px = r[3 * p + 1] * dz - r[3 * p + 2] * dy, py = r[3 * p + 2] * dx - r[3 * p] * dz,
                pz = r[3 * p] * dy - r[3 * p + 1] * dx;
        double qx = r[3 * q + 1] * dz - r[3 * q + 2] * dy, qy = r[3 * q + 2] * dx - r[3 * q] * dz,
                qz = r[3 * q] * dy - r[3 * q + 1] * dx;
        int o = 9 * i;
        return px * (inv[o] * qx + inv[o + 1] * qy + inv[o + 2] * qz) + py * (inv[o + 3] * qx + inv[o + 4] * qy
                + inv[o + 5] * qz) + pz * (inv[o + 6] * qx + inv[o + 7] * qy + inv[o + 8] * qz);
    }

    /** Rolling resistance: the inverse of K = IA⁻¹ + IB⁻¹ (world), and the warm-start impulse. */
    private void prepareRolling(BodyStore b, int k, int ia, int ib, ContactStore cs, int c, Scratch w) {
        double[] scratch9 = w.scratch9, scratch9b = w.scratch9b;
        double[] inv = b.worldInverseInertia;
        for (int r = 0; r < 9; r++) {
            scratch9[r] = inv[9 * ia + r] + inv[9 * ib + r];
        }
        if (org.cairn.engine3d.internal.math.Mat3.invertSymmetric(scratch9, 0, scratch9b, 0)) {
            rollingMass[6 * k] = scratch9b[0];
            rollingMass[6 * k + 1] = scratch9b[1];
            rollingMass[6 * k + 2] = scratch9b[2];
            rollingMass[6 * k + 3] = scratch9b[4];
            rollingMass[6 * k + 4] = scratch9b[5];
            rollingMass[6 * k + 5] = scratch9b[8];
        } else {
            rolling[k] = 0;
        }
        double scale = warmStarting ? 1.0 : 0.0;
        for (int a = 0; a < 3; a++) {
            rollingImpulse[3 * k + a] = scale * cs.rollingImpulse[3 * c + a];
        }
    }


    /**
     * Rolling resistance (Box3D): an angular impulse driving the relative rotation to zero, its
     * accumulated value clamped to a ball of radius lever·ΣPn of the contact.
     */
    private void solveRolling(BodyStore b, int k, int ia, int ib) {
        if (rolling[k] == 0) {
            return;
        }
        double[] w = b.angularVelocity;
        double rx = w[3 * ib] - w[3 * ia], ry = w[3 * ib + 1] - w[3 * ia + 1], rz = w[3 * ib + 2] - w[3 * ia + 2];
        int m = 6 * k;
        double dx = -(rollingMass[m] * rx + rollingMass[m + 1] * ry + rollingMass[m + 2] * rz);
        double dy = -(rollingMass[m + 1] * rx + rollingMass[m + 3] * ry + rollingMass[m + 4] * rz);
        double dz = -(rollingMass[m + 2] * rx + rollingMass[m + 4] * ry + rollingMass[m + 5] * rz);
        double ox = rollingImpulse[3 * k], oy = rollingImpulse[3 * k + 1], oz = rollingImpulse[3 * k + 2];
        double nx = ox + dx, ny = oy + dy, nz = oz + dz;
        double total = 0;
        for (int j = 0; j < pointCount[k]; j++) {
            total += normalImpulse[P * k + j];
        }
        double limit = rolling[k] * total;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (length > limit) {
            double scale = length > 0 ? limit / length : 0;
            nx *= scale;
            ny *= scale;
            nz *= scale;
        }
        rollingImpulse[3 * k] = nx;
        rollingImpulse[3 * k + 1] = ny;
        rollingImpulse[3 * k + 2] = nz;
        applyAngular(b, ia, ib, nx - ox, ny - oy, nz - oz);
    }

    /** Angular impulse L: −L on A, +L on B (dynamic bodies only). */
    private static void applyAngular(BodyStore b, int ia, int ib, double x, double y, double z) {
        double[] w = b.angularVelocity, inv = b.worldInverseInertia;
        if (b.type[ia] == BodyStore.DYNAMIC) {
            int o = 9 * ia;
            w[3 * ia] -= inv[o] * x + inv[o + 1] * y + inv[o + 2] * z;
            w[3 * ia + 1] -= inv[o + 3] * x + inv[o + 4] * y + inv[o + 5] * z;
            w[3 * ia + 2] -= inv[o + 6] * x + inv[o + 7] * y + inv[o + 8] * z;
        }
        if (b.type[ib] == BodyStore.DYNAMIC) {
            int o = 9 * ib;
            w[3 * ib] += inv[o] * x + inv[o + 1] * y + inv[o + 2] * z;
            w[3 * ib + 1] += inv[o + 3] * x + inv[o + 4] * y + inv[o + 5] * z;
            w[3 * ib + 2] += inv[o + 6] * x + inv[o + 7] * y + inv[o + 8] * z;
        }
    }

    /** 1 / (mA + mB + (rA×d)·IA⁻¹(rA×d) + (rB×d)·IB⁻¹(rB×d)), 0 if both bodies are immovable. */
    private double effectiveMass(BodyStore b, int ia, int ib, double mA, double mB, int p, double dx, double dy, double dz) {
        double k = mA + mB + angular(b.worldInverseInertia, ia, rA, p, dx, dy, dz)
                + angular(b.worldInverseInertia, ib, rB, p, dx, dy, dz);
        return k > 0 ? 1.0 / k : 0.0;
    }

    /** (r×d)·I⁻¹(r×e): the coupling of directions d and e through body i's rotation. */
    private static double cross(double[] inv, int i, double[] r, int p, double dx, double dy, double dz, double ex,
                                double ey, double ez) {
        double rx = r[3 * p], ry = r[3 * p + 1], rz = r[3 * p + 2];
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        double fx = ry * ez - rz * ey, fy = rz * ex - rx * ez, fz = rx * ey - ry * ex;
        int o = 9 * i;
        return fx * (inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz) + fy * (inv[o + 3] * cx + inv[o + 4] * cy
                + inv[o + 5] * cz) + fz * (inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz);
    }

    private static double angular(double[] inv, int i, double[] r, int p, double dx, double dy, double dz) {
        double rx = r[3 * p], ry = r[3 * p + 1], rz = r[3 * p + 2];
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        int o = 9 * i;
        double ix = inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        double iy = inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        double iz = inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
        return cx * ix + cy * iy + cz * iz;
    }

    /** d·(vB + ωB×rB − vA − ωA×rA) at point p. */
    private double relativeVelocity(BodyStore b, int ia, int ib, int p, double dx, double dy, double dz) {
        double[] v = b.linearVelocity, w = b.angularVelocity;
        double ax = rA[3 * p], ay = rA[3 * p + 1], az = rA[3 * p + 2];
        double bx = rB[3 * p], by = rB[3 * p + 1], bz = rB[3 * p + 2];
        double vax = v[3 * ia] + w[3 * ia + 1] * az - w[3 * ia + 2] * ay;
        double vay = v[3 * ia + 1] + w[3 * ia + 2] * ax - w[3 * ia] * az;
        double vaz = v[3 * ia + 2] + w[3 * ia] * ay - w[3 * ia + 1] * ax;
        double vbx = v[3 * ib] + w[3 * ib + 1] * bz - w[3 * ib + 2] * by;
        double vby = v[3 * ib + 1] + w[3 * ib + 2] * bx - w[3 * ib] * bz;
        double vbz = v[3 * ib + 2] + w[3 * ib] * by - w[3 * ib + 1] * bx;
        return dx * (vbx - vax) + dy * (vby - vay) + dz * (vbz - vaz);
    }

    /** Applies impulse (x, y, z) at point p: −J to A, +J to B (dynamic bodies only). */
    private void apply(BodyStore b, int ia, int ib, int p, double x, double y, double z) {
        double[] v = b.linearVelocity, w = b.angularVelocity, inv = b.worldInverseInertia;
        if (b.type[ia] == BodyStore.DYNAMIC) {
            double m = b.inverseMass[ia];
            v[3 * ia] -= m * x;
            v[3 * ia + 1] -= m * y;
            v[3 * ia + 2] -= m * z;
            addAngular(w, inv, ia, rA, p, -x, -y, -z);
        }
        if (b.type[ib] == BodyStore.DYNAMIC) {
            double m = b.inverseMass[ib];
            v[3 * ib] += m * x;
            v[3 * ib + 1] += m * y;
            v[3 * ib + 2] += m * z;
            addAngular(w, inv, ib, rB, p, x, y, z);
        }
    }

    private static void addAngular(double[] w, double[] inv, int i, double[] r, int p, double x, double y, double z) {
        double rx = r[3 * p], ry = r[3 * p + 1], rz = r[3 * p + 2];
        double cx = ry * z - rz * y, cy = rz * x - rx * z, cz = rx * y - ry * x;
        int o = 9 * i;
        w[3 * i] += inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        w[3 * i + 1] += inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        w[3 * i + 2] += inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
    }

    /**
     * Adds each point's accumulated impulses to the step totals: the impulse a substep applies is
     * its warm start plus its increments, which is the accumulated value at its end. Summing those
     * values, not the increments, keeps each substep's share inside its friction cone exactly, so
     * the totals are too (summed increments left |Pt| = 1e-15 at Pn = 0).
     */
    private void addStepTotals(int k) {
        for (int j = 0; j < pointCount[k]; j++) {
            int p = P * k + j;
            stepNormal[p] += normalImpulse[p];
            stepTangent[2 * p] += tangentImpulse[2 * p];
            stepTangent[2 * p + 1] += tangentImpulse[2 * p + 1];
        }
    }

    /**
     * Whether relax passes close open gaps that the next substep would cross (false in the step's
     * last substep: set by the pipeline). The next step collides again and its first substep's
     * solve stops the body at the surface, counting its full approach speed for restitution; a
     * relax that slowed it here, before it arrived, made restitution at the step's end bounce it
     * off thin air (with the velocity-grown speculative margin, a ball 6 mm above the ground), or,
     * had that been forbidden, bounce it next step from the slowed speed.
     */
    public boolean relaxClosesGaps = true;

    /**
     * A gap narrower than this counts as closed for {@link #relaxClosesGaps}, m: a box landing flat
     * has corners a rounding error above and below the surface, and leaving some of them out of
     * the last relax by the sign of that error tilted it one way or the other.
     */
    static final double RELAX_GAP_TOLERANCE_METERS = 1e-6;
    private boolean substepOpen;

    /** Starts a substep: closes the previous one's totals, then re-applies the accumulated impulses (last step's at first, matched by feature id). */
    public void warmStart(BodyStore b, WorkerPool pool) {
        stepBodies = b;
        closeSubstep = substepOpen;
        substepOpen = true;
        forEachColour(pool, warmStartTask);
    }

    private void warmStart(int from, int to) {
        BodyStore b = stepBodies;
        for (int k = from; k < to; k++) {
            if (closeSubstep) {
                addStepTotals(k);
            }
            int ia = bodyA[k], ib = bodyB[k];
            if (rolling[k] > 0) {
                applyAngular(b, ia, ib, rollingImpulse[3 * k], rollingImpulse[3 * k + 1], rollingImpulse[3 * k + 2]);
            }
            for (int j = 0; j < pointCount[k]; j++) {
                int p = P * k + j;
                double ln = normalImpulse[p], l1 = tangentImpulse[2 * p], l2 = tangentImpulse[2 * p + 1];
                if (ln == 0 && l1 == 0 && l2 == 0) {
                    continue;
                }
                apply(b, ia, ib, p, ln * normal[3 * k] + l1 * tangent[6 * k] + l2 * tangent[6 * k + 3],
                        ln * normal[3 * k + 1] + l1 * tangent[6 * k + 1] + l2 * tangent[6 * k + 4],
                        ln * normal[3 * k + 2] + l1 * tangent[6 * k + 2] + l2 * tangent[6 * k + 5]);
            }
        }
    }

    /** After a position substep: each body's rotation since prepare, Δq = q·q₀⁻¹, and every point's separation. */
    public void updateDeltaRotations(BodyStore b, WorkerPool pool) {
        stepBodies = b;
        pool.run(deltaRotationTask, constrainedCount, 256);
        pool.run(separationTask, count, 64);
    }

    private void updateSeparations(int from, int to, Scratch w) {
        BodyStore b = stepBodies;
        for (int k = from; k < to; k++) {
            int ia = bodyA[k], ib = bodyB[k];
            for (int j = 0; j < pointCount[k]; j++) {
                int p = P * k + j;
                currentSeparation[p] = separation(b, k, ia, ib, p, w);
            }
        }
    }

    /** Body i is in a constraint this step: flag it and remember its pose at the step's start. */
    private void constrain(BodyStore b, int i) {
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
    private void updateDeltaRotation(BodyStore b, int i) {
        double qx = b.rotation[4 * i], qy = b.rotation[4 * i + 1], qz = b.rotation[4 * i + 2], qw = b.rotation[4 * i + 3];
        double px = -rotation0[4 * i], py = -rotation0[4 * i + 1], pz = -rotation0[4 * i + 2], pw = rotation0[4 * i + 3];
        deltaRotation[4 * i] = qw * px + qx * pw + qy * pz - qz * py;
        deltaRotation[4 * i + 1] = qw * py - qx * pz + qy * pw + qz * px;
        deltaRotation[4 * i + 2] = qw * pz + qx * py - qy * px + qz * pw;
        deltaRotation[4 * i + 3] = qw * pw - qx * px - qy * py - qz * pz;
    }

    /** Current separation of point p: s₀ plus the normal part of the anchors' motion since prepare. */
    private double separation(BodyStore b, int k, int ia, int ib, int p, Scratch w) {
        double[] tmp = w.tmp;
        double dx = (b.center[3 * ib] - center0[3 * ib]) - (b.center[3 * ia] - center0[3 * ia]);
        double dy = (b.center[3 * ib + 1] - center0[3 * ib + 1]) - (b.center[3 * ia + 1] - center0[3 * ia + 1]);
        double dz = (b.center[3 * ib + 2] - center0[3 * ib + 2]) - (b.center[3 * ia + 2] - center0[3 * ia + 2]);
        Quat.rotate(deltaRotation[4 * ib], deltaRotation[4 * ib + 1], deltaRotation[4 * ib + 2], deltaRotation[4 * ib + 3],
                rB[3 * p], rB[3 * p + 1], rB[3 * p + 2], tmp, 0);
        Quat.rotate(deltaRotation[4 * ia], deltaRotation[4 * ia + 1], deltaRotation[4 * ia + 2], deltaRotation[4 * ia + 3],
                rA[3 * p], rA[3 * p + 1], rA[3 * p + 2], tmp, 3);
        dx += (tmp[0] - rB[3 * p]) - (tmp[3] - rA[3 * p]);
        dy += (tmp[1] - rB[3 * p + 1]) - (tmp[4] - rA[3 * p + 1]);
        dz += (tmp[2] - rB[3 * p + 2]) - (tmp[5] - rA[3 * p + 2]);
        return baseSeparation[p] + normal[3 * k] * dx + normal[3 * k + 1] * dy + normal[3 * k + 2] * dz;
    }

    /** One soft-step pass over all constraints: normal points, then (relax only) friction. */
    public void solveSoft(BodyStore b, boolean useBias, WorkerPool pool) {
        stepBodies = b;
        stepUseBias = useBias;
        forEachColour(pool, softTask);
    }

    private void solveSoft(int from, int to, Scratch w) {
        BodyStore b = stepBodies;
        boolean useBias = stepUseBias;
        for (int k = from; k < to; k++) {
            int ia = bodyA[k], ib = bodyB[k];
            Softness soft = staticSide[k] ? staticSoftness : contactSoftness;
            if (!(blockNormals && !clampIncrements && pointCount[k] >= 2 && solveBlock(b, k, ia, ib, soft, useBias, w))) {
                double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
                for (int j = 0; j < pointCount[k]; j++) {
                    int p = P * k + j;
                    double s = currentSeparation[p];
                    double vn = relativeVelocity(b, ia, ib, p, nx, ny, nz);
                    trackApproach(k, p, vn, useBias);
                    double m = normalMass[p];
                    double delta;
                    if (s > RELAX_GAP_TOLERANCE_METERS && !useBias && !relaxClosesGaps) {
                        continue;
                    } else if (s > 0) {
                        delta = -m * (vn + s * invH);
                    } else if (useBias) {
                        double bias = Math.max(soft.massScale * soft.biasRate * s, -maxPushSpeed);
                        delta = -m * (soft.massScale * vn + bias) - soft.impulseScale * normalImpulse[p];
                    } else {
                        delta = -m * vn;
                    }
                    applyNormal(b, k, ia, ib, p, delta);
                }
            }
            if (!useBias) {
                solveRolling(b, k, ia, ib);
                solveFriction(b, k, ia, ib);
            }
        }
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
    private void trackApproach(int k, int p, double vn, boolean useBias) {
        if (useBias && !pushed[k] && vn < relativeVelocity[p]) {
            relativeVelocity[p] = Math.max(vn, approachFloor[p]);
        }
    }

    /**
     * The manifold's normal points solved together: Δλ = −K⁺·r − leak, with K⁺ the pseudo-inverse of
     * the points' coupled mass matrix and, per point, r = massScale·vn + bias and leak =
     * impulseScale·λ for a soft overlap (relax: r = vn, no leak; a speculative gap: r = vn + s/h, no
     * leak). Solving the points one after another (Gauss–Seidel) gives the first point more than its
     * share and turns the body a little every pass; in a tall tower that turn rocks the whole stack.
     * The clamp λ ≥ 0 is kept by an active set: points whose accumulated impulse would turn negative
     * let go (their λ goes to 0) and the rest are solved again together, at most once per point.
     *
     * @return whether the block update was applied (otherwise the caller solves point by point)
     */
    private boolean solveBlock(BodyStore b, int k, int ia, int ib, Softness soft, boolean useBias, Scratch w) {
        double[] blockRhs = w.blockRhs, blockScale = w.blockScale, blockLeak = w.blockLeak, blockDelta = w.blockDelta,
                subRhs = w.subRhs;
        boolean[] frozen = w.frozen, active = w.active;
        int[] activePoints = w.activePoints;
        int n = pointCount[k];
        double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
        boolean anyFrozen = false;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double s = currentSeparation[p];
            frozen[j] = s > RELAX_GAP_TOLERANCE_METERS && !useBias && !relaxClosesGaps;
            if (frozen[j]) {
                // This relax leaves open gaps alone (see relaxClosesGaps): the point keeps its
                // impulse and the others are solved together without it.
                anyFrozen = true;
                active[j] = false;
                blockDelta[j] = 0;
                continue;
            }
            double vn = relativeVelocity(b, ia, ib, p, nx, ny, nz);
            trackApproach(k, p, vn, useBias);
            if (s > 0) {
                blockRhs[j] = vn + s * invH;
                blockScale[j] = 1;
                blockLeak[j] = 0;
            } else if (useBias) {
                blockRhs[j] = soft.massScale * vn + Math.max(soft.massScale * soft.biasRate * s, -maxPushSpeed);
                blockScale[j] = soft.massScale;
                blockLeak[j] = soft.impulseScale * normalImpulse[p];
            } else {
                blockRhs[j] = vn;
                blockScale[j] = 1;
                blockLeak[j] = 0;
            }
            active[j] = true;
        }
        int o = P * P * k;
        boolean feasible = false;
        if (!anyFrozen) {
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    sum += blockMass[o + i * n + j] * blockRhs[j];
                }
                blockDelta[i] = -sum - blockLeak[i];
            }
            feasible = true;
            for (int i = 0; i < n; i++) {
                feasible &= normalImpulse[P * k + i] + blockDelta[i] >= 0;
            }
        }
        for (int round = 0; !feasible && round <= n; round++) {
            // The point that would pull hardest lets go (one at a time: a point that pulls only because
            // of another may push once that one is gone); the others are solved again, seeing it.
            // (With frozen points the first round solves the others before anyone lets go.)
            if (!(anyFrozen && round == 0)) {
                int worst = -1;
                double worstValue = 0;
                for (int i = 0; i < n; i++) {
                    double value = normalImpulse[P * k + i] + blockDelta[i];
                    if (active[i] && value < worstValue) {
                        worst = i;
                        worstValue = value;
                    }
                }
                if (worst < 0) {
                    feasible = true;
                    break;
                }
                active[worst] = false;
            }
            int m = 0;
            int mask = 0;
            for (int i = 0; i < n; i++) {
                if (frozen[i]) {
                    blockDelta[i] = 0;
                } else if (!active[i]) {
                    blockDelta[i] = -normalImpulse[P * k + i];
                } else {
                    activePoints[m++] = i;
                    mask |= 1 << i;
                }
            }
            if (m == 0) {
                feasible = true;
                break;
            }
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                double coupled = 0;
                for (int j = 0; j < n; j++) {
                    if (!active[j]) {
                        coupled += blockMatrix[o + i * n + j] * blockDelta[j];
                    }
                }
                subRhs[a] = blockRhs[i] + blockScale[i] * coupled;
            }
            int slot = subBlockInverse(k, n, mask, m, w);
            feasible = true;
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    sum += subInverse[slot + a * m + c] * subRhs[c];
                }
                blockDelta[i] = -sum - blockLeak[i];
                feasible &= normalImpulse[P * k + i] + blockDelta[i] >= 0;
            }
        }
        if (!feasible) {
            return false;
        }
        // A point that let go must not be left approaching (or overlapping without a push): then the
        // active set guessed wrong, and the points are solved one by one instead.
        for (int i = 0; i < n; i++) {
            if (active[i] || frozen[i]) {
                continue;
            }
            double after = blockRhs[i];
            for (int j = 0; j < n; j++) {
                after += blockScale[i] * blockMatrix[o + i * n + j] * blockDelta[j];
            }
            if (after < -1e-9 * (1 + Math.abs(blockRhs[i]))) {
                return false;
            }
        }
        for (int i = 0; i < n; i++) {
            applyNormal(b, k, ia, ib, P * k + i, blockDelta[i]);
        }
        return true;
    }

    /**
     * The pseudo-inverse of the sub-block of constraint k's K over the points in {@code mask} (m of
     * them, in {@link #activePoints}, ascending): computed once per step and subset, kept for the
     * passes after. Returns its offset in {@link #subInverse} (row-major m×m).
     */
    private int subBlockInverse(int k, int n, int mask, int m, Scratch w) {
        double[] blockK = w.blockK, blockInverse = w.blockInverse, blockScratch = w.blockScratch;
        int[] activePoints = w.activePoints;
        int slot = SUB_SIZE * k + SUB_OFFSET[mask];
        if ((subFilled[k] & 1 << mask) == 0) {
            int o = P * P * k;
            for (int a = 0; a < m; a++) {
                for (int c = 0; c < m; c++) {
                    blockK[a * m + c] = blockMatrix[o + activePoints[a] * n + activePoints[c]];
                }
            }
            PseudoInverse.symmetric(blockK, m, blockInverse, blockScratch);
            System.arraycopy(blockInverse, 0, subInverse, slot, m * m);
            subFilled[k] |= 1 << mask;
        }
        return slot;
    }

    /** One sequential-impulse iteration: normal with Baumgarte bias, then friction bounded by those normal impulses. */
    public void solveBaumgarte(BodyStore b, WorkerPool pool) {
        stepBodies = b;
        forEachColour(pool, baumgarteTask);
    }

    private void solveBaumgarte(int from, int to) {
        BodyStore b = stepBodies;
        double slop = CollisionConstants.LINEAR_SLOP_METERS;
        for (int k = from; k < to; k++) {
            int ia = bodyA[k], ib = bodyB[k];
            double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
            for (int j = 0; j < pointCount[k]; j++) {
                int p = P * k + j;
                double s = baseSeparation[p];
                double vn = relativeVelocity(b, ia, ib, p, nx, ny, nz);
                // Target normal velocity: close a gap in one step, push out of overlap beyond the
                // slop at β/h, and bounce if the point approached faster than the threshold.
                // With position iterations the overlap is fixed there, not by velocity (no energy added).
                double push = positionIterations > 0 ? 0.0 : baumgarte * invH * Math.max(-s - slop, 0.0);
                double target = s > 0 ? -s * invH : push;
                if (restitution[k] > 0 && relativeVelocity[p] < (restitutionWithoutThreshold ? 0 : -restitutionThreshold)
                        && reachesWithinStep(k, p, s)) {
                    target = Math.max(target, bounceTarget(k, p));
                }
                applyNormal(b, k, ia, ib, p, normalMass[p] * (target - vn));
            }
            // Friction after the normal, against the normal impulses just found, so the cone holds
            // at the end of every iteration.
            solveRolling(b, k, ia, ib);
            solveFriction(b, k, ia, ib);
        }
    }

    /**
     * The velocity a sequential-impulse point leaves with when it bounces within the step: e·u for
     * the approach speed u at the step's start, less what gravity takes off it after the bounce,
     * g_n·h. The bounce happens at the step's start (from where the body is, even across a small
     * speculative gap) and the position update then moves the body by the whole step at the target
     * speed; with plain e·u that speed was one gravity did not slow, and a 1 kg box on a ground of
     * e = 0.955 gained energy every bounce (property suite, seed 1061: 2 cm of lift in 4 s). Making
     * the box also close the open gap, e·u − (1 + e)·s/h, was tried: it kept the box at the surface
     * but took the difference off its speed, and it rebounded to 60 % of e² of its drop.
     */
    /** Whether a point a gap s apart meets its surface within this step, at its approach speed plus gravity's. */
    private boolean reachesWithinStep(int k, int p, double s) {
        return s <= (-relativeVelocity[p] + closingGravity[k] * h) * h;
    }

    private double bounceTarget(int k, int p) {
        double e = restitution[k], u = -relativeVelocity[p];
        if (restitutionWithoutThreshold) {
            return e * u;
        }
        return e * u - closingGravity[k] * h;
    }

    private void applyNormal(BodyStore b, int k, int ia, int ib, int p, double delta) {
        double updated = clampIncrements ? normalImpulse[p] + Math.max(delta, 0.0) : Math.max(normalImpulse[p] + delta, 0.0);
        double applied = updated - normalImpulse[p];
        normalImpulse[p] = updated;
        maxNormalImpulse[p] = Math.max(maxNormalImpulse[p], updated);
        pushed[k] |= updated > 0;
        apply(b, ia, ib, p, applied * normal[3 * k], applied * normal[3 * k + 1], applied * normal[3 * k + 2]);
    }

    /** Both tangents at each point, then the pair clamped to the circle of radius μ·λn. */
    private void solveFriction(BodyStore b, int k, int ia, int ib) {
        double mu = friction[k];
        double t1x = tangent[6 * k], t1y = tangent[6 * k + 1], t1z = tangent[6 * k + 2];
        double t2x = tangent[6 * k + 3], t2y = tangent[6 * k + 4], t2z = tangent[6 * k + 5];
        for (int j = 0; j < pointCount[k]; j++) {
            int p = P * k + j;
            double v1 = relativeVelocity(b, ia, ib, p, t1x, t1y, t1z);
            double v2 = relativeVelocity(b, ia, ib, p, t2x, t2y, t2z);
            double old1 = tangentImpulse[2 * p], old2 = tangentImpulse[2 * p + 1];
            double limit = mu * normalImpulse[p];
            // Try to stick: the exact block update.
            double new1 = old1 - (tangentBlock[3 * p] * v1 + tangentBlock[3 * p + 1] * v2);
            double new2 = old2 - (tangentBlock[3 * p + 1] * v1 + tangentBlock[3 * p + 2] * v2);
            double magnitude = Math.sqrt(new1 * new1 + new2 * new2);
            if (magnitude > limit) {
                // Sliding: the isotropic update, then onto the circle.
                new1 = old1 - tangentMass[2 * p] * v1;
                new2 = old2 - tangentMass[2 * p + 1] * v2;
                magnitude = Math.sqrt(new1 * new1 + new2 * new2);
            }
            if (magnitude > limit) {
                double scale = magnitude > 0 ? limit / magnitude : 0.0;
                new1 *= scale;
                new2 *= scale;
            }
            double d1 = new1 - old1, d2 = new2 - old2;
            tangentImpulse[2 * p] = new1;
            tangentImpulse[2 * p + 1] = new2;
            apply(b, ia, ib, p, d1 * t1x + d2 * t2x, d1 * t1y + d2 * t2y, d1 * t1z + d2 * t2z);
        }
    }

    /**
     * Restitution once at the end of the step (soft step): for points that approached faster than
     * the threshold before this step and pushed during it, drive the normal velocity to
     * −e·(approach speed).
     */
    public void applyRestitution(BodyStore b, WorkerPool pool) {
        stepBodies = b;
        forEachColour(pool, restitutionTask);
    }

    private void applyRestitution(int from, int to, Scratch w) {
        BodyStore b = stepBodies;
        for (int k = from; k < to; k++) {
            double e = restitution[k];
            if (e == 0) {
                continue;
            }
            int ia = bodyA[k], ib = bodyB[k];
            double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
            double threshold = restitutionWithoutThreshold ? 0 : restitutionThreshold;
            if (blockNormals && !clampIncrements && pointCount[k] >= 2 && bounceBlock(b, k, ia, ib, e, threshold, w)) {
                continue;
            }
            for (int j = 0; j < pointCount[k]; j++) {
                int p = P * k + j;
                if (relativeVelocity[p] > -threshold || maxNormalImpulse[p] == 0) {
                    continue;
                }
                double vn = relativeVelocity(b, ia, ib, p, nx, ny, nz);
                applyNormal(b, k, ia, ib, p, -normalMass[p] * (vn + e * relativeVelocity[p]));
                clampFrictionToCone(b, k, ia, ib, p);
            }
        }
    }

    /**
     * Restitution for the points of a manifold together: the points that qualify (approached faster
     * than the threshold and pushed during the step) are driven to −e·(approach) at once, Δλ =
     * −K⁺·(vn + e·vn⁻) over them. One by one, each point's bounce lifts the others part of the way
     * and the last one solved gets its full target on top: a flat box dropped on a bouncy floor came
     * back with more energy than it fell with (property suite). A point whose impulse the bounce
     * would make negative leaves the set (one at a time, the one pulling hardest first) and the
     * others are solved again, so the result changes continuously as a point crosses zero (the
     * one-by-one fallback this replaces jumped there, from a straight bounce to a skewed one).
     *
     * @return true (the manifold is handled)
     */
    private boolean bounceBlock(BodyStore b, int k, int ia, int ib, double e, double threshold, Scratch w) {
        double[] blockRhs = w.blockRhs, blockScale = w.blockScale, blockLeak = w.blockLeak, blockDelta = w.blockDelta,
                subRhs = w.subRhs;
        boolean[] frozen = w.frozen, active = w.active;
        int[] activePoints = w.activePoints;
        int n = pointCount[k];
        double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
        int count = 0;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            active[j] = relativeVelocity[p] <= -threshold && maxNormalImpulse[p] > 0;
            if (active[j]) {
                count++;
                blockRhs[j] = relativeVelocity(b, ia, ib, p, nx, ny, nz) + e * relativeVelocity[p];
            }
        }
        int o = P * P * k;
        for (int round = 0; round <= n && count > 0; round++) {
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (active[i]) {
                    activePoints[m++] = i;
                }
            }
            int mask = 0;
            for (int a = 0; a < m; a++) {
                mask |= 1 << activePoints[a];
            }
            double[] inverse = m == n ? blockMass : subInverse;
            int slot = m == n ? o : subBlockInverse(k, n, mask, m, w);
            for (int a = 0; a < m; a++) {
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    sum += inverse[slot + a * m + c] * blockRhs[activePoints[c]];
                }
                blockDelta[activePoints[a]] = -sum;
            }
            int worst = -1;
            double worstValue = 0;
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                double value = normalImpulse[P * k + i] + blockDelta[i];
                if (value < worstValue) {
                    worst = i;
                    worstValue = value;
                }
            }
            if (worst < 0) {
                for (int a = 0; a < m; a++) {
                    int i = activePoints[a];
                    applyNormal(b, k, ia, ib, P * k + i, blockDelta[i]);
                    clampFrictionToCone(b, k, ia, ib, P * k + i);
                }
                return true;
            }
            active[worst] = false;
            count--;
        }
        return true;
    }

    /**
     * Non-linear Gauss–Seidel position correction (Box2D v2.4, Jolt): after the positions moved,
     * each point's remaining overlap beyond the slop is removed a fraction β at a time by moving and
     * turning the bodies directly, so the correction adds no velocity and no energy.
     */
    public void solvePositions(BodyStore b) {
        double slop = CollisionConstants.LINEAR_SLOP_METERS;
        for (int iteration = 0; iteration < positionIterations; iteration++) {
            for (int k = 0; k < count; k++) {
                int ia = bodyA[k], ib = bodyB[k];
                double nx = normal[3 * k], ny = normal[3 * k + 1], nz = normal[3 * k + 2];
                for (int j = 0; j < pointCount[k]; j++) {
                    int p = P * k + j;
                    double s = separation(b, k, ia, ib, p, scratch[0]);
                    double correction = Math.max(-MAX_POSITION_CORRECTION_METERS, Math.min(0.0, baumgarte * (s + slop)));
                    if (correction == 0) {
                        continue;
                    }
                    double impulse = -normalMass[p] * correction;
                    moveBody(b, ia, rA, p, -impulse * nx, -impulse * ny, -impulse * nz);
                    moveBody(b, ib, rB, p, impulse * nx, impulse * ny, impulse * nz);
                }
            }
        }
    }

    /** Moves dynamic body i by a positional impulse (x, y, z) at anchor p, and refreshes its Δq. */
    private void moveBody(BodyStore b, int i, double[] r, int p, double x, double y, double z) {
        if (b.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double m = b.inverseMass[i];
        b.center[3 * i] += m * x;
        b.center[3 * i + 1] += m * y;
        b.center[3 * i + 2] += m * z;
        double rx = r[3 * p], ry = r[3 * p + 1], rz = r[3 * p + 2];
        double cx = ry * z - rz * y, cy = rz * x - rx * z, cz = rx * y - ry * x;
        int o = 9 * i;
        double[] inv = b.worldInverseInertia;
        double ax = inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        double ay = inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        double az = inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
        Quat.integrate(b.rotation, 4 * i, ax, ay, az, 1.0);
        updateDeltaRotation(b, i);
    }

    /** Scales point p's friction pair back inside μ·λn if a normal update left it outside. */
    private void clampFrictionToCone(BodyStore b, int k, int ia, int ib, int p) {
        double l1 = tangentImpulse[2 * p], l2 = tangentImpulse[2 * p + 1];
        double limit = friction[k] * normalImpulse[p];
        double magnitude = Math.sqrt(l1 * l1 + l2 * l2);
        if (magnitude <= limit) {
            return;
        }
        double scale = magnitude > 0 ? limit / magnitude : 0.0;
        double d1 = l1 * scale - l1, d2 = l2 * scale - l2;
        tangentImpulse[2 * p] = l1 * scale;
        tangentImpulse[2 * p + 1] = l2 * scale;
        apply(b, ia, ib, p, d1 * tangent[6 * k] + d2 * tangent[6 * k + 3], d1 * tangent[6 * k + 1] + d2 * tangent[6 * k + 4],
                d1 * tangent[6 * k + 2] + d2 * tangent[6 * k + 5]);
    }

    /** Writes the accumulated impulses back for the next step's warm start, and the step totals for the view. */
    public void storeImpulses(ContactStore cs, WorkerPool pool) {
        stepContacts = cs;
        closeSubstep = substepOpen;
        substepOpen = false;
        pool.run(storeTask, count, 256);
    }

    private void storeImpulses(int from, int to) {
        ContactStore cs = stepContacts;
        for (int k = from; k < to; k++) {
            if (closeSubstep) {
                addStepTotals(k);
            }
            int c = contact[k];
            cs.rollingImpulse[3 * c] = rollingImpulse[3 * k];
            cs.rollingImpulse[3 * c + 1] = rollingImpulse[3 * k + 1];
            cs.rollingImpulse[3 * c + 2] = rollingImpulse[3 * k + 2];
            for (int j = 0; j < pointCount[k]; j++) {
                int p = P * k + j, q = P * c + j;
                cs.normalImpulse[q] = normalImpulse[p];
                cs.tangentImpulse[2 * q] = tangentImpulse[2 * p];
                cs.tangentImpulse[2 * q + 1] = tangentImpulse[2 * p + 1];
                cs.stepNormalImpulse[q] = stepNormal[p];
                cs.stepTangentImpulse[2 * q] = stepTangent[2 * p];
                cs.stepTangentImpulse[2 * q + 1] = stepTangent[2 * p + 1];
            }
        }
    }
}
