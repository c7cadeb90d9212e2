package org.cairn.engine3d.internal.body;

import org.cairn.engine3d.internal.math.Quat;

/**
 * Semi-implicit (symplectic) Euler for rigid bodies (Catto, GDC 2009; Box2D): velocities first, from forces,
 * gravity and damping, then positions from the new velocities. Each method is one stage of the
 * step over the step's active bodies (awake, not static; a sleeping body costs nothing); none
 * allocates, and each body's update depends on that body alone, so the order does not matter.
 *
 * <p>A body in no contact constraint this step ({@link BodyStore#constrained}) moves by the mean of
 * its velocities before and after the substep's forces instead (the trapezoidal rule): exact for
 * constant gravity, so a thrown body follows its parabola and keeps its energy. Semi-implicit Euler
 * moves it by the new velocity only, which loses ½·h·|v_y| of height per substep on the way up and
 * gains it on the way down: a ball leaving the ground at 1.33 m/s rose 3 % short at 4 substeps of
 * 60 Hz. Constrained bodies keep semi-implicit Euler, whose position update is the one the contact
 * solver's separations and speculative gaps assume.
 */
public final class Integrator {
    private Integrator() {
    }

    /**
     * Velocity stage for one substep of h seconds, dynamic bodies only:
     * v ← (v + h·(F/m + s·g)) / (1 + h·c_lin), ω ← (ω + h·I⁻¹_world·τ) / (1 + h·c_ang), then the
     * implicit gyroscopic update for bodies that have it, then the clamps |v| ≤ maxLinearSpeed and
     * |ω| ≤ maxAngularSpeed. The damping is the Padé form of e^(−h·c): it never reverses a velocity,
     * whatever h·c.
     */
    public static void integrateVelocities(BodyStore b, int[] active, int from, int to, double gx, double gy, double gz,
                                           double h, double maxLinearSpeed, double maxAngularSpeed) {
        double maxLinear2 = maxLinearSpeed * maxLinearSpeed;
        double maxAngular2 = maxAngularSpeed * maxAngularSpeed;
        double[] v = b.linearVelocity, w = b.angularVelocity, f = b.force, t = b.torque, ii = b.worldInverseInertia;
        for (int a = from; a < to; a++) {
            int i = active[a];
            if (b.type[i] != BodyStore.DYNAMIC) {
                continue;
            }
            int o = 3 * i, m = 9 * i;
            double invMass = b.inverseMass[i], s = b.gravityScale[i];
            double linearScale = 1.0 / (1.0 + h * b.linearDamping[i]);
            double vx = (v[o] + h * (invMass * f[o] + s * gx)) * linearScale;
            double vy = (v[o + 1] + h * (invMass * f[o + 1] + s * gy)) * linearScale;
            double vz = (v[o + 2] + h * (invMass * f[o + 2] + s * gz)) * linearScale;
            double angularScale = 1.0 / (1.0 + h * b.angularDamping[i]);
            double tx = t[o], ty = t[o + 1], tz = t[o + 2];
            w[o] = (w[o] + h * (ii[m] * tx + ii[m + 1] * ty + ii[m + 2] * tz)) * angularScale;
            w[o + 1] = (w[o + 1] + h * (ii[m + 3] * tx + ii[m + 4] * ty + ii[m + 5] * tz)) * angularScale;
            w[o + 2] = (w[o + 2] + h * (ii[m + 6] * tx + ii[m + 7] * ty + ii[m + 8] * tz)) * angularScale;
            double[] turn = b.turnCorrection;
            // A body in no contact keeps its energy and momentum exactly (the midpoint rule); one
            // in contact takes the dissipative implicit update, whose turn is its own ω.
            // An isotropic body has no gyroscopic torque: both updates leave ω as it is.
            boolean gyroscopic = b.gyroscopic[i] && !b.isotropic[i];
            if (!gyroscopic || b.constrained[i] || !Gyroscopic.integrateConserving(w, o, b.rotation, 4 * i,
                    b.localInertia, b.localInverseInertia, m, h, turn, o)) {
                if (gyroscopic) {
                    Gyroscopic.integrate(w, o, b.rotation, 4 * i, b.localInertia, b.localInverseInertia, m, h);
                }
                turn[o] = 0.0;
                turn[o + 1] = 0.0;
                turn[o + 2] = 0.0;
            }
            double v2 = vx * vx + vy * vy + vz * vz;
            // Not "v2 > max²": a speed of 1e160 m/s squares to infinity, and max/√∞ = 0 stopped the body dead.
            if (!(v2 <= maxLinear2)) {
                double scale = maxLinearSpeed / length(vx, vy, vz);
                vx *= scale;
                vy *= scale;
                vz *= scale;
            }
            double[] dv = b.velocityChange;
            double old2 = v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2];
            // A body that starts the substep over the speed limit (set so through the API) moves at the
            // clamped speed, not at the mean of it and the speed it was given: 1e6 m/s moved 2 km in a step.
            if (b.constrained[i] || !(old2 <= maxLinear2)) {
                dv[o] = 0.0;
                dv[o + 1] = 0.0;
                dv[o + 2] = 0.0;
            } else {
                dv[o] = vx - v[o];
                dv[o + 1] = vy - v[o + 1];
                dv[o + 2] = vz - v[o + 2];
            }
            v[o] = vx;
            v[o + 1] = vy;
            v[o + 2] = vz;
            double w2 = w[o] * w[o] + w[o + 1] * w[o + 1] + w[o + 2] * w[o + 2];
            if (!(w2 <= maxAngular2)) {
                turn[o] = 0.0;
                turn[o + 1] = 0.0;
                turn[o + 2] = 0.0;
                double scale = maxAngularSpeed / length(w[o], w[o + 1], w[o + 2]);
                w[o] *= scale;
                w[o + 1] *= scale;
                w[o + 2] *= scale;
            }
        }
    }

    /** |(x, y, z)| without overflow or underflow in the squares. */
    static double length(double x, double y, double z) {
        double m = Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
        if (!(m > 0) || Double.isInfinite(m)) {
            return m;
        }
        double a = x / m, b = y / m, c = z / m;
        return m * Math.sqrt(a * a + b * b + c * c);
    }

    /**
     * Position stage for one substep of h seconds, dynamic and kinematic bodies: the centre of
     * mass moves by h·v (free bodies: h·(v − ½·Δv), the mean of old and new velocity) and the
     * orientation turns by exactly h·ω about the centre of mass (a free tumbling body: by h·ω̄, the
     * midpoint rule's turn, see {@link Gyroscopic#integrateConserving}).
     */
    public static void integratePositions(BodyStore b, int[] active, int from, int to, double h) {
        double[] c = b.center, v = b.linearVelocity, w = b.angularVelocity, dv = b.velocityChange;
        for (int a = from; a < to; a++) {
            int i = active[a];
            int o = 3 * i;
            if (b.type[i] == BodyStore.DYNAMIC) {
                c[o] += h * (v[o] - 0.5 * dv[o]);
                c[o + 1] += h * (v[o + 1] - 0.5 * dv[o + 1]);
                c[o + 2] += h * (v[o + 2] - 0.5 * dv[o + 2]);
                double[] turn = b.turnCorrection;
                Quat.integrate(b.rotation, 4 * i, w[o] + turn[o], w[o + 1] + turn[o + 1], w[o + 2] + turn[o + 2], h);
            } else {
                c[o] += h * v[o];
                c[o + 1] += h * v[o + 1];
                c[o + 2] += h * v[o + 2];
                Quat.integrate(b.rotation, 4 * i, w[o], w[o + 1], w[o + 2], h);
            }
        }
    }

    /**
     * End of step: the origin follows the centre and the new orientation, the world inverse inertia
     * is refreshed from the orientation, and accumulated forces and torques are cleared.
     */
    public static void finalizeBodies(BodyStore b, int[] active, int from, int to, double[] scratch9) {
        for (int a = from; a < to; a++) {
            int i = active[a];
            int o = 3 * i;
            b.force[o] = 0.0;
            b.force[o + 1] = 0.0;
            b.force[o + 2] = 0.0;
            b.torque[o] = 0.0;
            b.torque[o + 1] = 0.0;
            b.torque[o + 2] = 0.0;
            b.updateOriginFromCenter(i);
            if (b.type[i] == BodyStore.DYNAMIC) {
                b.updateWorldInverseInertia(i, scratch9);
            }
        }
    }

    /**
     * Copies the pose of each body the last step moved ({@code moved[0 .. count)}) into its previous
     * pose, before this step moves it. Every other body has not moved since its previous pose was
     * last written (by this copy, or by the API that placed it), so a sleeping world costs nothing
     * here.
     */
    public static void savePreviousPoses(BodyStore b, int[] moved, int count) {
        double[] p = b.position, q = b.rotation, p0 = b.previousPosition, q0 = b.previousRotation;
        for (int a = 0; a < count; a++) {
            int i = moved[a];
            p0[3 * i] = p[3 * i];
            p0[3 * i + 1] = p[3 * i + 1];
            p0[3 * i + 2] = p[3 * i + 2];
            q0[4 * i] = q[4 * i];
            q0[4 * i + 1] = q[4 * i + 1];
            q0[4 * i + 2] = q[4 * i + 2];
            q0[4 * i + 3] = q[4 * i + 3];
        }
    }
}
