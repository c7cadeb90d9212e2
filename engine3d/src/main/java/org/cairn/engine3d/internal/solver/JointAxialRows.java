package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.joint.JointStore.IMPULSES;
import static org.cairn.engine3d.internal.joint.JointStore.LOWER;
import static org.cairn.engine3d.internal.joint.JointStore.MOTOR;
import static org.cairn.engine3d.internal.joint.JointStore.SPRING;
import static org.cairn.engine3d.internal.joint.JointStore.UPPER;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.joint.JointStore;

/**
 * What the step's joints share ({@link JointKinds} solves each kind, {@link JointSolver} runs them),
 * and the rows a joint has along one direction: spring, motor and the two sides of a limit, on a
 * hinge's angle, a ball joint's twist or swing, a slider's or a wheel's offset, a distance joint's
 * length. An angular row turns B about the anchor, not about its centre of mass.
 */
abstract class JointAxialRows {
    /**
     * The fastest a limit pushes a joint back from past its bound, rad/s for angles, m/s for
     * offsets and lengths. The push is a velocity that only the relax passes take back, and in a
     * chain held out by its limits they do not converge in two passes: pushed at the joint's full
     * rate (about 100/s, 7 rad/s for a limb 4° past), five links gained 529 J of 1986 in two
     * seconds. Capped here, 3000 generated chains with limits keep their energy (capped at 1 rad/s
     * they still gained it), and a limb 4° past is back in about a quarter of a second.
     */
    static final double LIMIT_PUSH_SPEED = 0.3;
    /** Softness coefficients per active joint: joint, spring, linear, angular (3 each). */
    static final int SOFT = 12;

    JointStore store;
    /** The step's joints, colour by colour, and per joint its bodies' solver entries. */
    int[] active = new int[16];
    int[] stateA = new int[16];
    int[] stateB = new int[16];
    /** Per active joint, the anchors relative to the centres of mass, body frames (3 + 3). */
    double[] anchors = new double[96];
    double[] soft = new double[16 * SOFT];
    /** The substep (s) and its inverse. */
    double h, invH;
    BodyStore bodies;
    SolverBodies solverBodies;

    /**
     * The rows along one direction (g[13..16)): spring, motor, lower and upper limit, in that
     * order. {@code x} is the joint's coordinate (angle, offset or length); linear rows use A's
     * lever at g[ua..).
     *
     * <p>A hinge's rows turn B about the anchor, not about its centre of mass: each angular impulse
     * comes with the linear impulse at the anchors that keeps the anchors together (the Schur
     * complement of the point rows), so the row's mass is the inertia about the hinge. Solved
     * alone, a torque about the centre of mass of a lever loaded at its far end was mostly undone
     * by the point rows after it, and a limit let the lever 2° past before it held.
     */
    void axialRows(int n, int j, boolean useBias, double x, boolean angular, int ua, JointScratch w) {
        double[] rowOut = w.rowOut;
        JointStore js = store;
        double[] l = js.impulse;
        int so = SOFT * n, i = IMPULSES * j;
        w.axialAngular = angular;
        w.axialLever = ua;
        if (angular && (js.enableSpring[j] || js.enableMotor[j] || js.enableLimit[j])) {
            pivotImpulse(n, w);
        }
        boolean distance = js.kind[j] == JointStore.DISTANCE;
        if (js.enableSpring[j]) {
            axialRow(n, w);
            double target = distance ? js.length[j] : js.springTarget[j];
            double c = angular ? wrap(x - target) : x - target;
            double delta = -soft[so + 4] * rowOut[1] * (rowOut[0] + soft[so + 3] * c) - soft[so + 5] * l[i + SPRING];
            l[i + SPRING] += delta;
            applyAxial(n, delta, w);
        }
        if (js.enableMotor[j] && js.kind[j] != JointStore.WHEEL) {
            axialRow(n, w);
            double max = js.maxMotorForce[j] * h;
            double old = l[i + MOTOR];
            double next = Math.max(-max, Math.min(max, old - rowOut[1] * (rowOut[0] - js.motorSpeed[j])));
            l[i + MOTOR] = next;
            applyAxial(n, next - old, w);
        }
        if (js.enableLimit[j] && !treeSolvesLimits(n)) {
            limit(n, j, useBias, x - js.lower[j], 1.0, LOWER, w);
            limit(n, j, useBias, js.upper[j] - x, -1.0, UPPER, w);
        }
    }


    /**
     * For a hinge's axis a: the angular impulse a moves the anchors apart by δ = (I_B⁻¹a)×r_B +
     * (I_A⁻¹a)×r_A; the linear impulse P = −K⁻¹δ (K the point rows' mass matrix) brings them back.
     * The row's inverse mass is then a·I_B⁻¹·(a + r_B×P) + a·I_A⁻¹·(a + r_A×P).
     */
    void pivotImpulse(int n, JointScratch w) {
        double[] g = w.g, k = w.k, kInv = w.kInv, t = w.t, pivot = w.pivot;
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n];
        double ax = g[13], ay = g[14], az = g[15];
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        for (int i = 0; i < 9; i++) {
            k[i] = i % 4 == 0 ? m : 0.0;
        }
        JointRows.addLeverMass(s, oa, g[0], g[1], g[2], k);
        JointRows.addLeverMass(s, ob, g[3], g[4], g[5], k);
        pivot[3] = 0.0;
        if (!org.cairn.engine3d.internal.math.Mat3.invertSymmetric(k, 0, kInv, 0)) {
            pivot[0] = pivot[1] = pivot[2] = 0.0;
            return;
        }
        JointRows.inertiaTimes(s, oa, ax, ay, az, t);
        double iax = t[0], iay = t[1], iaz = t[2];
        JointRows.inertiaTimes(s, ob, ax, ay, az, t);
        double ibx = t[0], iby = t[1], ibz = t[2];
        double dx = (iby * g[5] - ibz * g[4]) + (iay * g[2] - iaz * g[1]);
        double dy = (ibz * g[3] - ibx * g[5]) + (iaz * g[0] - iax * g[2]);
        double dz = (ibx * g[4] - iby * g[3]) + (iax * g[1] - iay * g[0]);
        double px = -(kInv[0] * dx + kInv[1] * dy + kInv[2] * dz);
        double py = -(kInv[3] * dx + kInv[4] * dy + kInv[5] * dz);
        double pz = -(kInv[6] * dx + kInv[7] * dy + kInv[8] * dz);
        pivot[0] = px;
        pivot[1] = py;
        pivot[2] = pz;
        double inverseMass = JointRows.inertiaForm(s, ob, ax, ay, az, ax + (g[4] * pz - g[5] * py), ay + (g[5] * px - g[3] * pz),
                az + (g[3] * py - g[4] * px))
                + JointRows.inertiaForm(s, oa, ax, ay, az, ax + (g[1] * pz - g[2] * py), ay + (g[2] * px - g[0] * pz),
                az + (g[0] * py - g[1] * px));
        pivot[3] = inverseMass > 0 ? 1.0 / inverseMass : 0.0;
    }

    /**
     * The axial row's velocity and mass into rowOut. A hinge's row moves along the direction that
     * leaves the anchors together, so its velocity is measured along it too: a·(ω_B − ω_A) + P·v_p,
     * v_p the anchors' relative velocity (the point rows' error, which that direction does not
     * touch). Measured by a·(ω_B − ω_A) alone, the row also answered the point rows' error, and a
     * chain of two links held by limits gained 56 J in 18 steps.
     */
    void axialRow(int n, JointScratch w) {
        double[] g = w.g, rowOut = w.rowOut, pivot = w.pivot;
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n];
        JointRows.row(s, oa, ob, g, w.axialLever, g[13], g[14], g[15], w.axialAngular, rowOut);
        if (w.axialAngular) {
            double[] v = w.t;
            JointRows.pointVelocity(s, oa, ob, g, v, 0);
            rowOut[0] += pivot[0] * v[0] + pivot[1] * v[1] + pivot[2] * v[2];
            rowOut[1] = pivot[3];
        }
    }

    /** Applies λ along the axial row (a hinge's with its anchor impulse). */
    void applyAxial(int n, double lambda, JointScratch w) {
        double[] g = w.g, t = w.t, pivot = w.pivot;
        double[] s = solverBodies.state;
        int oa = stateA[n], ob = stateB[n];
        JointRows.applyRow(s, oa, ob, g, w.axialLever, g[13], g[14], g[15], w.axialAngular, lambda, t);
        if (w.axialAngular) {
            JointRows.applyLinear(s, oa, ob, lambda * pivot[0], lambda * pivot[1], lambda * pivot[2], g[0], g[1], g[2],
                    g[3], g[4], g[5], t);
        }
    }

    /**
     * One side of a limit: c is how far inside it the joint is (negative: past it). A joint still
     * inside approaches the limit no faster than closes it in this substep (the speculative rule of
     * the contacts); one past it is pushed back at the joint's bias rate, at most
     * {@link #LIMIT_PUSH_SPEED} (rigid mass, no leak) with bias, rigidly without.
     */
    void limit(int n, int j, boolean useBias, double c, double sign, int slot, JointScratch w) {
        double[] rowOut = w.rowOut;
        double[] l = store.impulse;
        int so = SOFT * n, i = IMPULSES * j + slot;
        axialRow(n, w);
        double bias = 0, massScale = 1, impulseScale = 0;
        if (c > 0) {
            bias = c * invH;
        } else if (useBias) {
            // Pushed back at the joint's rate, without the soft constraint's leak: a limb resting
            // against its limit then sits on it (with the leak it rested 1.2° past, held like a spring).
            // Capped: the push is kinetic energy that the relax passes must take back.
            bias = Math.max(soft[so] * c, -LIMIT_PUSH_SPEED);
        }
        double old = l[i];
        double next = Math.max(0.0, old - massScale * rowOut[1] * (sign * rowOut[0] + bias) - impulseScale * old);
        l[i] = next;
        applyAxial(n, sign * (next - old), w);
    }

    /** Whether joint n's limits are solved with its tree's articulated masses ({@link JointTree}) rather than here. */
    boolean treeSolvesLimits(int n) {
        return false;
    }

    /** An angle difference brought into (−π, π]. */
    static double wrap(double a) {
        double r = Math.IEEEremainder(a, 2 * Math.PI);
        return r == -Math.PI ? Math.PI : r;
    }
}
