package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.joint.JointStore.IMPULSES;
import static org.cairn.engine3d.internal.joint.JointStore.LOWER;
import static org.cairn.engine3d.internal.joint.JointStore.MOTOR;
import static org.cairn.engine3d.internal.joint.JointStore.SPRING;
import static org.cairn.engine3d.internal.joint.JointStore.UPPER;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.joint.JointMeasure;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.math.Quat;

/**
 * How each kind of joint is solved, one joint at a time ({@link JointSolver} runs them over the
 * step's joints colour by colour): its geometry from the bodies' current poses, its rows in Box2D's
 * order (spring, motor, limits, then the rigid part), and the impulses it carries between passes.
 * Everything a joint reads here is its own or its two bodies', so joints of one colour can be
 * solved on different workers at once, each with its own {@link JointScratch}.
 */
abstract class JointKinds extends JointAxialRows {
    /** The step's joint trees, whose rigid rows are solved together ({@link JointTree}). */
    final JointTree tree = new JointTree();

    /**
     * Per active joint, its point rows' K⁻¹ (9, row-major) as last computed, the {@link #poseEpoch}
     * it was computed in, and whether K could be inverted then. K depends on the anchors (the
     * bodies' poses) and the solver bodies' inverse masses and inertias alone, which change only
     * where the epoch moves on, so the passes between two position updates (a substep's two relax
     * passes; the solve after the warm start; sequential impulses' iterations) compute it once and
     * get the same bits.
     */
    double[] pointInverse = new double[9 * 16];
    long[] pointEpoch = new long[16];
    boolean[] pointInvertible = new boolean[16];
    /**
     * Per active joint that reads only its anchors ({@link #anchorsOnly}), r_A, r_B and d (9) as
     * {@link #geometry} last measured them, and the {@link #poseEpoch} it measured them in: the
     * poses are the same from one position update to the next, so a substep's two relax passes,
     * the next substep's warm start and its solve measure the anchors once (in a grid of ball
     * joints, rotating the anchors in every pass was a fifth of the step) and read the same bits.
     */
    double[] anchorGeometry = new double[9 * 16];
    long[] anchorEpoch = new long[16];
    /** Whether {@link #geometry} keeps the anchors of anchor-only joints between passes (off: measured in every pass; tests compare the two). */
    boolean keepAnchors = true;
    /**
     * Moves on wherever a body may have moved or turned, or the active joints changed: a new step,
     * each position update (with the jointed bodies' inertias), position iterations.
     */
    long poseEpoch = 1;
    /** Whether the point rows keep their K⁻¹ between passes (off: computed in every pass; tests compare the two). */
    boolean keepPointMass = true;
    /** Whether a joint that reads only its anchors measures only them ({@link #anchorsOnly}; off: all of it, for tests). */
    boolean measureAnchorsOnly = true;

    /**
     * The joint's current geometry from the bodies' poses into g: r_A (0..3), r_B (3..6), d = p_B −
     * p_A (6..9), the rotation error e = (q_A⁻¹·q_B)·q_ref⁻¹ in A's frame with w ≥ 0 (9..13), A's
     * axis and two perpendiculars in the world frame (13..16, 16..19, 19..22), and r_A + d (23..26),
     * A's lever for rows acting at B's anchor. For a joint that reads no more than its anchors
     * ({@link #anchorsOnly}), r_A, r_B, d and r_A + d alone.
     */
    void geometry(int n, int j, JointScratch w) {
        double[] g = w.g;
        if (anchorEpoch[n] == poseEpoch && keepAnchors) {
            System.arraycopy(anchorGeometry, 9 * n, g, 0, 9);
            for (int i = 0; i < 3; i++) {
                g[23 + i] = g[i] + g[6 + i];
            }
            return;
        }
        BodyStore b = bodies;
        JointStore js = store;
        int a = js.bodyA[j], d = js.bodyB[j];
        double ax = b.rotation[4 * a], ay = b.rotation[4 * a + 1], az = b.rotation[4 * a + 2], aw = b.rotation[4 * a + 3];
        Quat.rotate(ax, ay, az, aw, anchors[6 * n], anchors[6 * n + 1], anchors[6 * n + 2], g, 0);
        Quat.rotate(b.rotation[4 * d], b.rotation[4 * d + 1], b.rotation[4 * d + 2], b.rotation[4 * d + 3],
                anchors[6 * n + 3], anchors[6 * n + 4], anchors[6 * n + 5], g, 3);
        for (int i = 0; i < 3; i++) {
            g[6 + i] = (b.center[3 * d + i] + g[3 + i]) - (b.center[3 * a + i] + g[i]);
            g[23 + i] = g[i] + g[6 + i];
        }
        if (measureAnchorsOnly && anchorsOnly(j)) {
            // Nothing of this joint reads the rest (see anchorsOnly): in a grid of ball joints the
            // rotation error and the three axes were half of every pass's geometry.
            System.arraycopy(g, 0, anchorGeometry, 9 * n, 9);
            anchorEpoch[n] = poseEpoch;
            return;
        }
        JointMeasure.error(js, b, j, g, 9);
        Quat.rotate(ax, ay, az, aw, js.localAxisA[3 * j], js.localAxisA[3 * j + 1], js.localAxisA[3 * j + 2], g, 13);
        Quat.rotate(ax, ay, az, aw, js.localPerpA[6 * j], js.localPerpA[6 * j + 1], js.localPerpA[6 * j + 2], g, 16);
        Quat.rotate(ax, ay, az, aw, js.localPerpA[6 * j + 3], js.localPerpA[6 * j + 4], js.localPerpA[6 * j + 5], g, 19);
    }

    /**
     * Whether joint j's rows read no more of its {@link #geometry} than r_A, r_B, d and r_A + d: a
     * ball joint without twist or cone limits and no impulse left in their slots (the rows and
     * impulses that turn B about the anchor are the only readers of the rotation error and the
     * axes a ball joint has).
     */
    private boolean anchorsOnly(int j) {
        JointStore js = store;
        if (js.kind[j] != JointStore.BALL || js.enableLimit[j] || js.enableCone[j] || js.frictionTorque[j] > 0) {
            return false;
        }
        int i = IMPULSES * j;
        return js.impulse[i + CONE] == 0 && js.impulse[i + TWIST_LOWER] == 0 && js.impulse[i + TWIST_UPPER] == 0
                && js.impulse[i + FRICTION] == 0 && js.impulse[i + FRICTION + 1] == 0 && js.impulse[i + FRICTION + 2] == 0;
    }

    /** The rotation error's rotation vector (2·sin(θ/2)·axis, ≈ θ·axis) in the world frame, into t. */
    void errorVector(int j, JointScratch w) {
        double[] g = w.g, t = w.t;
        BodyStore b = bodies;
        int a = store.bodyA[j];
        Quat.rotate(b.rotation[4 * a], b.rotation[4 * a + 1], b.rotation[4 * a + 2], b.rotation[4 * a + 3],
                2 * g[9], 2 * g[10], 2 * g[11], t, 0);
    }

    /**
     * The swing of the rotation error (its part that tilts A's axis, e = swing·twist, the twist
     * about A's axis first) into w.swing (x, y, z, w with w ≥ 0); false when e has no twist part to
     * split off (a half turn about a perpendicular).
     */
    boolean swing(int j, JointScratch w) {
        double[] g = w.g;
        JointStore js = store;
        double ax = js.localAxisA[3 * j], ay = js.localAxisA[3 * j + 1], az = js.localAxisA[3 * j + 2];
        double along = g[9] * ax + g[10] * ay + g[11] * az;
        double tw = Math.sqrt(along * along + g[12] * g[12]);
        if (!(tw > 0)) {
            return false;
        }
        double qx = along * ax / tw, qy = along * ay / tw, qz = along * az / tw, qw = g[12] / tw;
        double sx = g[12] * -qx + g[9] * qw + g[10] * -qz - g[11] * -qy;
        double sy = g[12] * -qy - g[9] * -qz + g[10] * qw + g[11] * -qx;
        double sz = g[12] * -qz + g[9] * -qy - g[10] * -qx + g[11] * qw;
        double sw = g[12] * qw + g[9] * qx + g[10] * qy + g[11] * qz;
        double sign = sw < 0 ? -1 : 1;
        w.swing[0] = sign * sx;
        w.swing[1] = sign * sy;
        w.swing[2] = sign * sz;
        w.swing[3] = sign * sw;
        return true;
    }

    /**
     * The swing's unit rotation axis, world frame, into g[13..16), and its angle (rad, ≥ 0); 0 when
     * there is no swing (g untouched). A turn about this axis changes the swing and not the twist.
     */
    double swingAxis(int j, JointScratch w) {
        if (!swing(j, w)) {
            return 0.0;
        }
        double[] q = w.swing;
        double length = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        if (!(length > 1e-12)) {
            return 0.0;
        }
        int a = 4 * store.bodyA[j];
        BodyStore b = bodies;
        Quat.rotate(b.rotation[a], b.rotation[a + 1], b.rotation[a + 2], b.rotation[a + 3], q[0] / length,
                q[1] / length, q[2] / length, w.g, 13);
        return 2.0 * Math.atan2(length, q[3]);
    }

    /**
     * The twist limit's row, world frame, into g[13..16): the gradient of the twist angle θ with
     * respect to the relative angular velocity, dθ/dt = J·(ω_B − ω_A) with J = (a + b)/(1 + a·b),
     * a A's axis and b B's (A's axis carried by the swing). A turn about b changes the twist alone
     * (J·b = 1), but so does part of a turn about the third axis, perpendicular to b and the swing
     * axis: at a swing φ, such a turn changes θ by tan(φ/2)·cos φ − sin φ per radian (−0.55 at 58°).
     * With b alone as the row, contact friction turned a ragdoll's arm 30° past its twist limit
     * through that blind direction. J = b when there is no swing; near a half-turn swing, where
     * the twist is not defined, b.
     */
    void twistAxis(int j, JointScratch w) {
        JointStore js = store;
        double[] q = w.swing, t = w.t, g = w.g;
        if (!swing(j, w)) {
            return;
        }
        double lx = js.localAxisA[3 * j], ly = js.localAxisA[3 * j + 1], lz = js.localAxisA[3 * j + 2];
        Quat.rotate(q[0], q[1], q[2], q[3], lx, ly, lz, t, 0);
        int a = 4 * js.bodyA[j];
        BodyStore b = bodies;
        double qx = b.rotation[a], qy = b.rotation[a + 1], qz = b.rotation[a + 2], qw = b.rotation[a + 3];
        Quat.rotate(qx, qy, qz, qw, t[0], t[1], t[2], g, 13);
        Quat.rotate(qx, qy, qz, qw, lx, ly, lz, t, 0);
        double cosine = 1.0 + t[0] * g[13] + t[1] * g[14] + t[2] * g[15];
        if (cosine > TWIST_DEFINED_MIN) {
            g[13] = (g[13] + t[0]) / cosine;
            g[14] = (g[14] + t[1]) / cosine;
            g[15] = (g[15] + t[2]) / cosine;
        }
    }

    /** Below this 1 + cos(swing) (a swing within ~0.5° of a half turn) the twist row is B's axis alone. */
    private static final double TWIST_DEFINED_MIN = 1e-4;

    /** Puts A's axis (world frame) back into g[13..16) after {@link #swingAxis} borrowed it. */
    void restoreAxis(int j, JointScratch w) {
        JointStore js = store;
        int a = 4 * js.bodyA[j];
        BodyStore b = bodies;
        Quat.rotate(b.rotation[a], b.rotation[a + 1], b.rotation[a + 2], b.rotation[a + 3], js.localAxisA[3 * j],
                js.localAxisA[3 * j + 1], js.localAxisA[3 * j + 2], w.g, 13);
    }

    /** The angle (rad) of the rotation error about A's axis (the twist of e about it), in [−π, π]. */
    double twistAngle(int j, JointScratch w) {
        double[] g = w.g;
        JointStore js = store;
        double along = g[9] * js.localAxisA[3 * j] + g[10] * js.localAxisA[3 * j + 1] + g[11] * js.localAxisA[3 * j + 2];
        return 2.0 * Math.atan2(along, g[12]);
    }

    /** The linear impulse on B (at its anchor) and the angular impulse on B that joint j's accumulated impulses make, into linear and angular. */
    void impulsesOnB(int n, int j, JointScratch w) {
        double[] g = w.g, pivot = w.pivot;
        JointStore js = store;
        double[] l = js.impulse;
        int i = IMPULSES * j;
        double axial = l[i + LOWER] - l[i + UPPER] + l[i + MOTOR] + l[i + SPRING];
        Arrays.fill(w.linear, 0.0);
        Arrays.fill(w.angular, 0.0);
        switch (js.kind[j]) {
            case JointStore.BALL -> {
                set(w.linear, l[i], l[i + 1], l[i + 2]);
                frictionImpulses(n, j, w);
                // Cone and twist limits turn B about the anchor, like a hinge's axial rows.
                // A tree that solves the limits turns B about its centre of mass (its point rows
                // carry the anchor's impulse): no anchor impulse of their own then.
                boolean pivoted = !treeSolvesLimits(n);
                double twist = l[i + TWIST_LOWER] - l[i + TWIST_UPPER];
                if (twist != 0) {
                    twistAxis(j, w);
                    if (pivoted) {
                        pivotImpulse(n, w);
                    }
                    for (int c = 0; c < 3; c++) {
                        w.angular[c] += twist * g[13 + c];
                        w.linear[c] += pivoted ? twist * pivot[c] : 0.0;
                    }
                    restoreAxis(j, w);
                }
                if (l[i + CONE] != 0 && swingAxis(j, w) > 0) {
                    if (pivoted) {
                        pivotImpulse(n, w);
                    }
                    for (int c = 0; c < 3; c++) {
                        w.angular[c] -= l[i + CONE] * g[13 + c];
                        w.linear[c] -= pivoted ? l[i + CONE] * pivot[c] : 0.0;
                    }
                    restoreAxis(j, w);
                }
            }
            case JointStore.FIXED -> {
                set(w.linear, l[i], l[i + 1], l[i + 2]);
                set(w.angular, l[i + 3], l[i + 4], l[i + 5]);
            }
            case JointStore.HINGE -> {
                set(w.linear, l[i], l[i + 1], l[i + 2]);
                for (int c = 0; c < 3; c++) {
                    w.angular[c] = l[i + 3] * g[16 + c] + l[i + 4] * g[19 + c] + axial * g[13 + c];
                }
                // The axial rows turn B about the anchor (axialRows): their anchor impulse too; a
                // tree that solves the limits carries theirs in its point rows.
                double pivoted = treeSolvesLimits(n) ? l[i + MOTOR] + l[i + SPRING] : axial;
                if (pivoted != 0) {
                    pivotImpulse(n, w);
                    for (int c = 0; c < 3; c++) {
                        w.linear[c] += pivoted * pivot[c];
                    }
                }
            }
            case JointStore.SLIDER -> {
                for (int c = 0; c < 3; c++) {
                    w.linear[c] = l[i] * g[16 + c] + l[i + 1] * g[19 + c] + axial * g[13 + c];
                }
                set(w.angular, l[i + 3], l[i + 4], l[i + 5]);
            }
            case JointStore.MOTOR_JOINT -> {
                set(w.linear, l[i], l[i + 1], l[i + 2]);
                set(w.angular, l[i + 3], l[i + 4], l[i + 5]);
            }
            case JointStore.WHEEL -> {
                double suspension = l[i + LOWER] - l[i + UPPER] + l[i + SPRING];
                wheelAxes(j, w);
                for (int c = 0; c < 3; c++) {
                    w.linear[c] = l[i] * g[16 + c] + l[i + 1] * g[19 + c] + suspension * g[13 + c];
                    w.angular[c] = l[i + STEER] * g[13 + c] + l[i + CAMBER] * w.wheel[3 + c] + l[i + MOTOR] * w.wheel[c];
                }
            }
            case JointStore.DISTANCE -> {
                double length = Math.sqrt(g[6] * g[6] + g[7] * g[7] + g[8] * g[8]);
                if (length > 0) {
                    double total = l[i] + axial;
                    set(w.linear, total * g[6] / length, total * g[7] / length, total * g[8] / length);
                }
            }
            default -> throw new IllegalStateException("joint kind " + js.kind[j]);
        }
    }

    static void set(double[] d, double x, double y, double z) {
        d[0] = x;
        d[1] = y;
        d[2] = z;
    }

    @Override
    boolean treeSolvesLimits(int n) {
        return tree.inTree[n] && TreeLimits.bound(store, active[n]) > 0;
    }

    /** A ball joint's impulse slots for its cone and twist limits (its angular slots, which it has no other use for). */
    static final int CONE = 3;
    static final int TWIST_LOWER = 4;
    static final int TWIST_UPPER = 5;
    /** A ball joint's first of three impulse slots for its friction (slots no other row of a ball joint uses). */
    static final int FRICTION = 6;

    /**
     * A ball joint: its friction, its twist limits (about A's axis) and its cone limit (on the
     * angle between A's axis and B's: the swing), then the point. The friction's and the limits'
     * rows turn B about the anchor.
     */
    void solveBall(int n, int j, boolean useBias, JointScratch w) {
        ballFriction(n, j, w);
        if (tree.inTree[n]) {
            // The tree solves the point and the limits.
            return;
        }
        ballLimits(n, j, useBias, w);
        pointRows(n, j, useBias, w);
    }

    /** Joint n's point rows ({@link JointRows#pointMass}), with its K⁻¹ computed once per {@link #poseEpoch}. */
    private void pointRows(int n, int j, boolean useBias, JointScratch w) {
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n], ko = 9 * n;
        if (pointEpoch[n] != poseEpoch || !keepPointMass) {
            pointInvertible[n] = JointRows.pointMass(s, oa, ob, w.g, w.k, pointInverse, ko);
            pointEpoch[n] = poseEpoch;
        }
        if (pointInvertible[n]) {
            JointRows.pointRows(s, oa, ob, w.g, store.impulse, IMPULSES * j, useBias, soft, SOFT * n, pointInverse, ko,
                    w.t);
        }
    }

    /**
     * A ball joint's friction (Jolt's swing-twist friction torque): three rows, about A's axis and
     * its two perpendiculars, each driving the bodies' relative turn about it to zero with at most
     * the friction torque over the substep. Like a hinge's motor, each row turns B about the anchor
     * (its mass is the inertia about the joint), and it has no bias: it resists motion, it does not
     * restore a pose. Clamped axis by axis, the most torque it holds is √3 times the setting about
     * a diagonal of the three axes.
     */
    private void ballFriction(int n, int j, JointScratch w) {
        double most = store.frictionTorque[j] * h;
        if (!(most > 0)) {
            return;
        }
        double[] g = w.g, rowOut = w.rowOut, l = store.impulse;
        int i = IMPULSES * j + FRICTION;
        w.axialAngular = true;
        w.axialLever = 0;
        for (int k = 0; k < 3; k++) {
            if (k > 0) {
                // The perpendiculars g[16..22) take the axis' place in turn; restoreAxis puts it back.
                System.arraycopy(g, 13 + 3 * k, g, 13, 3);
            }
            pivotImpulse(n, w);
            axialRow(n, w);
            double old = l[i + k];
            double next = Math.max(-most, Math.min(most, old - rowOut[1] * rowOut[0]));
            l[i + k] = next;
            applyAxial(n, next - old, w);
        }
        restoreAxis(j, w);
    }

    /** Adds a ball joint's friction impulses (each with the anchor impulse that turns B about the anchor) to w.linear and w.angular. */
    private void frictionImpulses(int n, int j, JointScratch w) {
        double[] g = w.g, l = store.impulse, pivot = w.pivot;
        int i = IMPULSES * j + FRICTION;
        if (l[i] == 0 && l[i + 1] == 0 && l[i + 2] == 0) {
            return;
        }
        for (int k = 0; k < 3; k++) {
            if (k > 0) {
                System.arraycopy(g, 13 + 3 * k, g, 13, 3);
            }
            double lambda = l[i + k];
            if (lambda != 0) {
                pivotImpulse(n, w);
                for (int c = 0; c < 3; c++) {
                    w.angular[c] += lambda * g[13 + c];
                    w.linear[c] += lambda * pivot[c];
                }
            }
        }
        restoreAxis(j, w);
    }

    private void ballLimits(int n, int j, boolean useBias, JointScratch w) {
        JointStore js = store;
        if (js.enableLimit[j]) {
            double twist = twistAngle(j, w);
            w.axialAngular = true;
            w.axialLever = 0;
            twistAxis(j, w);
            pivotImpulse(n, w);
            limit(n, j, useBias, twist - js.lower[j], 1.0, TWIST_LOWER, w);
            limit(n, j, useBias, js.upper[j] - twist, -1.0, TWIST_UPPER, w);
            restoreAxis(j, w);
        }
        if (js.enableCone[j]) {
            double swing = swingAxis(j, w);
            if (swing > 0) {
                w.axialAngular = true;
                w.axialLever = 0;
                pivotImpulse(n, w);
                limit(n, j, useBias, js.coneAngle[j] - swing, -1.0, CONE, w);
                restoreAxis(j, w);
            }
        }
    }

    void solveFixed(int n, int j, boolean useBias, JointScratch w) {
        double[] g = w.g, t = w.t;
        double[] s = solverBodies.state;
        if (tree.inTree[n]) {
            return;
        }
        int oa = stateA[n], ob = stateB[n], so = SOFT * n;
        errorVector(j, w);
        // A soft weld keeps its spring in the relax passes too, or the relax would take it back.
        JointRows.weld(s, oa, ob, g, t[0], t[1], t[2], store.impulse, IMPULSES * j, useBias || store.linearHertz[j] > 0,
                soft, so + 6, useBias || store.angularHertz[j] > 0, so + 9, w.k6, w.rhs6, t);
    }

    void solveHinge(int n, int j, boolean useBias, JointScratch w) {
        double[] g = w.g, t = w.t;
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n];
        // A tree's hinge keeps its spring and motor here; the tree solves the rest, limits included.
        axialRows(n, j, useBias, twistAngle(j, w), true, 13, w);
        if (tree.inTree[n]) {
            return;
        }
        hingeTilt(j, w);
        JointRows.angularPair(s, oa, ob, g, 16, 19, t[0], t[1], store.impulse, IMPULSES * j + 3, useBias, soft, SOFT * n,
                t);
        pointRows(n, j, useBias, w);
    }

    /**
     * A hinge's tilt: the swing of e (its part that tilts A's axis) as errors about the two
     * perpendiculars, rad, into w.t[0..2).
     */
    void hingeTilt(int j, JointScratch w) {
        double[] g = w.g;
        JointStore js = store;
        double along = g[9] * js.localAxisA[3 * j] + g[10] * js.localAxisA[3 * j + 1] + g[11] * js.localAxisA[3 * j + 2];
        double tw = Math.sqrt(along * along + g[12] * g[12]);
        double c1 = 0, c2 = 0;
        if (tw > 0) {
            // swing = e·twist⁻¹, twist = (along·axis, w)/tw; only its vector part is needed.
            double qx = along * js.localAxisA[3 * j] / tw, qy = along * js.localAxisA[3 * j + 1] / tw,
                    qz = along * js.localAxisA[3 * j + 2] / tw, qw = g[12] / tw;
            double sx = g[12] * -qx + g[9] * qw + g[10] * -qz - g[11] * -qy;
            double sy = g[12] * -qy - g[9] * -qz + g[10] * qw + g[11] * -qx;
            double sz = g[12] * -qz + g[9] * -qy - g[10] * -qx + g[11] * qw;
            int p = 6 * j;
            c1 = 2 * (sx * js.localPerpA[p] + sy * js.localPerpA[p + 1] + sz * js.localPerpA[p + 2]);
            c2 = 2 * (sx * js.localPerpA[p + 3] + sy * js.localPerpA[p + 4] + sz * js.localPerpA[p + 5]);
        }
        w.t[0] = c1;
        w.t[1] = c2;
    }

    /**
     * The rigid rows of joint j (active index n) for {@link JointTree}, from the bodies' current
     * poses: per row its Jacobian for A and for B (linear then angular, 6 each; A's rows at
     * jac[o..o+JAC), B's at jac[o+JAC..)) and its position error at error[e..). Rows in the order
     * of the joint's impulses: the point (3), then a hinge's two tilt rows or a weld's rotation
     * lock (3).
     */
    void treeRows(int n, int j, JointScratch w, double[] jac, int o, double[] error, int e) {
        geometry(n, j, w);
        double[] g = w.g, t = w.t;
        int kind = store.kind[j];
        if (kind == JointStore.SLIDER) {
            // B's anchor kept on A's axis along the two perpendiculars (A's lever u = r_A + d, as
            // the slider's rows solved joint by joint take it), the unused slot, the rotation lock.
            int b = o + JointTree.JAC;
            linearRow(jac, o, b, 0, g, 23, g[16], g[17], g[18]);
            linearRow(jac, o, b, 1, g, 23, g[19], g[20], g[21]);
            Arrays.fill(jac, o + 12, o + 18, 0.0);
            Arrays.fill(jac, b + 12, b + 18, 0.0);
            error[e] = g[6] * g[16] + g[7] * g[17] + g[8] * g[18];
            error[e + 1] = g[6] * g[19] + g[7] * g[20] + g[8] * g[21];
            error[e + 2] = 0;
            rotationLock(j, w, jac, o, b, error, e);
            return;
        }
        if (kind == JointStore.DISTANCE) {
            // A rod: its length, along the anchors' separation (A's lever r_A).
            int b = o + JointTree.JAC;
            double length = Math.sqrt(g[6] * g[6] + g[7] * g[7] + g[8] * g[8]);
            if (length > 1e-9) {
                linearRow(jac, o, b, 0, g, 0, g[6] / length, g[7] / length, g[8] / length);
                error[e] = length - store.length[j];
            } else {
                // The anchors coincide: no direction to hold, and the row takes no part.
                Arrays.fill(jac, o, o + 6, 0.0);
                Arrays.fill(jac, b, b + 6, 0.0);
                error[e] = 0;
            }
            return;
        }
        int b = o + JointTree.JAC;
        for (int c = 0; c < 3; c++) {
            // Row c: e_c·(v_B + ω_B×r_B − v_A − ω_A×r_A).
            linearRow(jac, o, b, c, g, 0, c == 0 ? 1 : 0, c == 1 ? 1 : 0, c == 2 ? 1 : 0);
            error[e + c] = g[6 + c];
        }
        if (kind == JointStore.HINGE) {
            hingeTilt(j, w);
            angularRow(jac, o, b, 3, g[16], g[17], g[18]);
            angularRow(jac, o, b, 4, g[19], g[20], g[21]);
            error[e + 3] = t[0];
            error[e + 4] = t[1];
        } else if (kind == JointStore.FIXED) {
            rotationLock(j, w, jac, o, b, error, e);
        }
    }

    /** Rows 3 to 5 of a tree joint (a weld's or a slider's): B's rotation locked to A's, error the rotation error's vector. */
    private void rotationLock(int j, JointScratch w, double[] jac, int o, int b, double[] error, int e) {
        errorVector(j, w);
        angularRow(jac, o, b, 3, 1, 0, 0);
        angularRow(jac, o, b, 4, 0, 1, 0);
        angularRow(jac, o, b, 5, 0, 0, 1);
        for (int c = 0; c < 3; c++) {
            error[e + 3 + c] = w.t[c];
        }
    }

    /**
     * Row r of a Jacobian with A's half at jac[a + 6r..) and B's at jac[b + 6r..):
     * p·(v_B + ω_B×r_B − v_A − ω_A×u), A's lever u at g[ua..ua+3), B's r_B at g[3..6).
     */
    static void linearRow(double[] jac, int a, int b, int r, double[] g, int ua, double px, double py, double pz) {
        double ux = g[ua], uy = g[ua + 1], uz = g[ua + 2], rx = g[3], ry = g[4], rz = g[5];
        int ra = a + 6 * r, rb = b + 6 * r;
        jac[ra] = -px;
        jac[ra + 1] = -py;
        jac[ra + 2] = -pz;
        jac[ra + 3] = -(uy * pz - uz * py);
        jac[ra + 4] = -(uz * px - ux * pz);
        jac[ra + 5] = -(ux * py - uy * px);
        jac[rb] = px;
        jac[rb + 1] = py;
        jac[rb + 2] = pz;
        jac[rb + 3] = ry * pz - rz * py;
        jac[rb + 4] = rz * px - rx * pz;
        jac[rb + 5] = rx * py - ry * px;
    }

    /** Row r: u·(ω_B − ω_A). */
    private static void angularRow(double[] jac, int a, int b, int r, double ux, double uy, double uz) {
        int ra = a + 6 * r, rb = b + 6 * r;
        jac[ra] = 0;
        jac[ra + 1] = 0;
        jac[ra + 2] = 0;
        jac[ra + 3] = -ux;
        jac[ra + 4] = -uy;
        jac[ra + 5] = -uz;
        jac[rb] = 0;
        jac[rb + 1] = 0;
        jac[rb + 2] = 0;
        jac[rb + 3] = ux;
        jac[rb + 4] = uy;
        jac[rb + 5] = uz;
    }

    void solveSlider(int n, int j, boolean useBias, JointScratch w) {
        double[] g = w.g, k = w.k, kInv = w.kInv, t = w.t;
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n];
        double along = g[6] * g[13] + g[7] * g[14] + g[8] * g[15];
        axialRows(n, j, useBias, along, false, 23, w);
        if (tree.inTree[n]) {
            // A tree's slider keeps its spring and motor here; the tree solves the rest, limits included.
            return;
        }
        errorVector(j, w);
        JointRows.angularLock(s, oa, ob, t[0], t[1], t[2], store.impulse, IMPULSES * j + 3, useBias, soft, SOFT * n, k,
                kInv, t);
        double c1 = g[6] * g[16] + g[7] * g[17] + g[8] * g[18], c2 = g[6] * g[19] + g[7] * g[20] + g[8] * g[21];
        JointRows.linearPair(s, oa, ob, g, 23, 16, 19, c1, c2, store.impulse, IMPULSES * j, useBias, soft, SOFT * n, t);
    }

    /**
     * A motor joint: B's anchor driven towards A's plus the linear offset (A's frame), and B's
     * rotation towards the reference turned by the angular offset about A's axis, each closing
     * {@code correction}·(substep rate) of its error per second, with accumulated impulses clamped
     * to the most force and torque over the substep (Box2D's motor joint). Velocity rows, the same
     * with and without bias: the target is the motor's, not a position to hold softly.
     */
    void solveMotorJoint(int n, int j, JointScratch w) {
        double[] g = w.g, k = w.k, kInv = w.kInv, t = w.t;
        double[] s = solverBodies.state;
        JointStore js = store;
        double[] l = js.impulse;
        int oa = stateA[n], ob = stateB[n], i = IMPULSES * j;
        double rate = js.correction[j] * invH;
        // Angular: e·rot(â, −θ), the rotation left to the target, as a rotation vector in the world frame.
        double half = -0.5 * js.angularOffset[j];
        double sn = Math.sin(half), cs = Math.cos(half);
        double ax = js.localAxisA[3 * j] * sn, ay = js.localAxisA[3 * j + 1] * sn, az = js.localAxisA[3 * j + 2] * sn;
        double ex = g[12] * ax + g[9] * cs + g[10] * az - g[11] * ay;
        double ey = g[12] * ay - g[9] * az + g[10] * cs + g[11] * ax;
        double ez = g[12] * az + g[9] * ay - g[10] * ax + g[11] * cs;
        double ew = g[12] * cs - g[9] * ax - g[10] * ay - g[11] * az;
        double sign = ew < 0 ? -2.0 : 2.0;
        int a = 4 * js.bodyA[j];
        BodyStore b = bodies;
        Quat.rotate(b.rotation[a], b.rotation[a + 1], b.rotation[a + 2], b.rotation[a + 3], sign * ex, sign * ey, sign * ez,
                t, 0);
        int ia = oa + SolverBodies.INVERSE_INERTIA, ib = ob + SolverBodies.INVERSE_INERTIA;
        for (int c = 0; c < 9; c++) {
            k[c] = s[ia + c] + s[ib + c];
        }
        if (org.cairn.engine3d.internal.math.Mat3.invertSymmetric(k, 0, kInv, 0)) {
            double vx = s[ob + 3] - s[oa + 3] + rate * t[0], vy = s[ob + 4] - s[oa + 4] + rate * t[1],
                    vz = s[ob + 5] - s[oa + 5] + rate * t[2];
            clampedImpulse(l, i + 3, -(kInv[0] * vx + kInv[1] * vy + kInv[2] * vz),
                    -(kInv[3] * vx + kInv[4] * vy + kInv[5] * vz), -(kInv[6] * vx + kInv[7] * vy + kInv[8] * vz),
                    js.maxTorque[j] * h, t);
            JointRows.applyAngular(s, oa, ob, t[0], t[1], t[2], t);
        }
        // Linear: d − R_A·offset, with the point rows' mass.
        Quat.rotate(b.rotation[a], b.rotation[a + 1], b.rotation[a + 2], b.rotation[a + 3], js.linearOffset[3 * j],
                js.linearOffset[3 * j + 1], js.linearOffset[3 * j + 2], t, 0);
        double cx = g[6] - t[0], cy = g[7] - t[1], cz = g[8] - t[2];
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        for (int c = 0; c < 9; c++) {
            k[c] = c % 4 == 0 ? m : 0.0;
        }
        JointRows.addLeverMass(s, oa, g[0], g[1], g[2], k);
        JointRows.addLeverMass(s, ob, g[3], g[4], g[5], k);
        if (org.cairn.engine3d.internal.math.Mat3.invertSymmetric(k, 0, kInv, 0)) {
            JointRows.pointVelocity(s, oa, ob, g, t, 0);
            double vx = t[0] + rate * cx, vy = t[1] + rate * cy, vz = t[2] + rate * cz;
            clampedImpulse(l, i, -(kInv[0] * vx + kInv[1] * vy + kInv[2] * vz), -(kInv[3] * vx + kInv[4] * vy + kInv[5] * vz),
                    -(kInv[6] * vx + kInv[7] * vy + kInv[8] * vz), js.maxMotorForce[j] * h, t);
            JointRows.applyLinear(s, oa, ob, t[0], t[1], t[2], g[0], g[1], g[2], g[3], g[4], g[5], t);
        }
    }

    /**
     * Adds (dx, dy, dz) to the accumulated impulse at l[o..o+3), clamps its length to {@code max},
     * and writes the change actually made into d[0..3).
     */
    static void clampedImpulse(double[] l, int o, double dx, double dy, double dz, double max, double[] d) {
        double x = l[o] + dx, y = l[o + 1] + dy, z = l[o + 2] + dz;
        double length = Math.sqrt(x * x + y * y + z * z);
        if (length > max) {
            double scale = max / length;
            x *= scale;
            y *= scale;
            z *= scale;
        }
        d[0] = x - l[o];
        d[1] = y - l[o + 1];
        d[2] = z - l[o + 2];
        l[o] = x;
        l[o + 1] = y;
        l[o + 2] = z;
    }

    /** A wheel joint's slots for its steering and camber rows. */
    static final int STEER = 3;
    static final int CAMBER = 4;

    /**
     * B's spin axis (world) into w.wheel[0..3) and the camber row's direction s × p_B (unit) into
     * w.wheel[3..6); returns p_B·s, the camber error's sine (0 when the wheel stands upright).
     */
    double wheelAxes(int j, JointScratch w) {
        JointStore js = store;
        BodyStore b = bodies;
        double[] g = w.g, q = w.wheel;
        int d = 4 * js.bodyB[j];
        Quat.rotate(b.rotation[d], b.rotation[d + 1], b.rotation[d + 2], b.rotation[d + 3], js.localAxisB[3 * j],
                js.localAxisB[3 * j + 1], js.localAxisB[3 * j + 2], q, 0);
        double sx = g[13], sy = g[14], sz = g[15];
        double nx = sy * q[2] - sz * q[1], ny = sz * q[0] - sx * q[2], nz = sx * q[1] - sy * q[0];
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (length > 0) {
            q[3] = nx / length;
            q[4] = ny / length;
            q[5] = nz / length;
        } else {
            q[3] = g[19];
            q[4] = g[20];
            q[5] = g[21];
        }
        return q[0] * sx + q[1] * sy + q[2] * sz;
    }

    /**
     * A wheel (B) on a chassis (A): steering held at its target about the suspension axis s, the
     * spin axis kept square to s (camber), the spin driven by the motor, the suspension's spring and
     * travel limits along s, and the wheel's centre kept on the suspension line (two linear rows,
     * as a slider's), in that order.
     */
    void solveWheel(int n, int j, boolean useBias, JointScratch w) {
        double[] g = w.g, t = w.t, q = w.wheel, rowOut = w.rowOut;
        double[] s = solverBodies.state;
        JointStore js = store;
        double[] l = js.impulse;
        int oa = stateA[n], ob = stateB[n], so = SOFT * n, i = IMPULSES * j;
        double camberSine = wheelAxes(j, w);
        // Steering angle: A's spin axis (g[16..19)) to B's, about s.
        double cx = g[17] * q[2] - g[18] * q[1], cy = g[18] * q[0] - g[16] * q[2], cz = g[16] * q[1] - g[17] * q[0];
        double steer = Math.atan2(g[13] * cx + g[14] * cy + g[15] * cz, g[16] * q[0] + g[17] * q[1] + g[18] * q[2]);
        equalityRow(s, oa, ob, g[13], g[14], g[15], wrap(steer - js.steerAngle[j]), l, i + STEER, useBias, so, rowOut, t);
        // A turn about s × p_B tilts p_B away from s: the error is −asin(p_B·s).
        equalityRow(s, oa, ob, q[3], q[4], q[5], -Math.asin(Math.max(-1, Math.min(1, camberSine))), l, i + CAMBER,
                useBias, so, rowOut, t);
        if (js.enableMotor[j]) {
            JointRows.row(s, oa, ob, g, 0, q[0], q[1], q[2], true, rowOut);
            double max = js.maxMotorForce[j] * h;
            double old = l[i + MOTOR];
            double next = Math.max(-max, Math.min(max, old - rowOut[1] * (rowOut[0] - js.motorSpeed[j])));
            l[i + MOTOR] = next;
            JointRows.applyAngular(s, oa, ob, (next - old) * q[0], (next - old) * q[1], (next - old) * q[2], t);
        }
        double along = g[6] * g[13] + g[7] * g[14] + g[8] * g[15];
        axialRows(n, j, useBias, along, false, 23, w);
        double c1 = g[6] * g[16] + g[7] * g[17] + g[8] * g[18], c2 = g[6] * g[19] + g[7] * g[20] + g[8] * g[21];
        JointRows.linearPair(s, oa, ob, g, 23, 16, 19, c1, c2, l, i, useBias, soft, so, t);
    }

    /** An angular equality row about the unit direction n with error c (rad), soft with bias, rigid without. */
    void equalityRow(double[] s, int oa, int ob, double nx, double ny, double nz, double c, double[] l, int slot,
                             boolean useBias, int so, double[] rowOut, double[] t) {
        JointRows.row(s, oa, ob, null, 0, nx, ny, nz, true, rowOut);
        double massScale = 1, impulseScale = 0, bias = 0;
        if (useBias) {
            bias = soft[so] * c;
            massScale = soft[so + 1];
            impulseScale = soft[so + 2];
        }
        double delta = -massScale * rowOut[1] * (rowOut[0] + bias) - impulseScale * l[slot];
        l[slot] += delta;
        JointRows.applyAngular(s, oa, ob, delta * nx, delta * ny, delta * nz, t);
    }

    void solveDistance(int n, int j, boolean useBias, JointScratch w) {
        double[] g = w.g, t = w.t, rowOut = w.rowOut;
        double length = Math.sqrt(g[6] * g[6] + g[7] * g[7] + g[8] * g[8]);
        if (!(length > 1e-9)) {
            // The anchors coincide: no direction to push along.
            return;
        }
        // The row's direction, kept in g[13..16) (a distance joint has no axis of its own).
        g[13] = g[6] / length;
        g[14] = g[7] / length;
        g[15] = g[8] / length;
        JointStore js = store;
        axialRows(n, j, useBias, length, false, 0, w);
        if (!js.enableSpring[j] && !js.enableLimit[j] && !tree.inTree[n]) {
            // A rod: the length is held like any rigid part, softly with bias and rigidly in the
            // relax (or by its tree, JointTree).
            double[] s = solverBodies.state;
            int oa = stateA[n], ob = stateB[n], so = SOFT * n;
            JointRows.row(s, oa, ob, g, 0, g[13], g[14], g[15], false, rowOut);
            double c = length - js.length[j];
            double massScale = 1, impulseScale = 0, bias = 0;
            if (useBias) {
                bias = soft[so] * c;
                massScale = soft[so + 1];
                impulseScale = soft[so + 2];
            }
            int i = IMPULSES * j;
            double delta = -massScale * rowOut[1] * (rowOut[0] + bias) - impulseScale * js.impulse[i];
            js.impulse[i] += delta;
            JointRows.applyRow(s, oa, ob, g, 0, g[13], g[14], g[15], false, delta, t);
        }
    }


}
