package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * One rolling-resistance update of a contact ({@link ContactFriction#solveRolling}) between two
 * spinning bodies (or one and a static body), on 400 random pairs, with the angular mass a
 * constraint is prepared with, (IA⁻¹ + IB⁻¹)⁻¹, written out here from the bodies' inertia: the
 * accumulated angular impulse stays within the ball of radius (rolling lever)·Σλn; it is an
 * exchange of angular momentum between the bodies (IA·ωA + IB·ωB is kept); and where the impulse
 * that stops the relative spin lies within that ball, no relative spin is left. Velocities are not
 * touched.
 */
class RollingResistanceUpdateTest {
    private static final int A = SolverBodies.STRIDE, B = 2 * SolverBodies.STRIDE;

    @Test
    void rollingResistanceStopsTheRelativeSpinWithinItsLimitAndKeepsAngularMomentum() {
        SplittableRandom random = new SplittableRandom(3003);
        int stopped = 0, limited = 0, staticB = 0;
        for (int trial = 0; trial < 400; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            ContactFriction friction = new ContactFriction(c);
            double[] s = new double[3 * SolverBodies.STRIDE];
            boolean bStatic = trial % 4 == 0;
            staticB += bStatic ? 1 : 0;
            int ob = bStatic ? 0 : B;
            Matrix3d inertiaA = new Matrix3d(), inertiaB = new Matrix3d().zero();
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, random.nextDouble(0.2, 20), 2, inertiaA);
            Matrix3d inverseB = bStatic ? new Matrix3d().zero() : RandomSolverBodies.dynamic(random, s, B, random.nextDouble(0.2, 20), 2, inertiaB);
            if (trial % 2 == 0) {
                // Slow relative spin: rolling resistance can stop it.
                for (int i = 3; i < 6; i++) {
                    s[A + i] *= 0.005;
                    s[B + i] *= 0.005;
                }
            }
            // The prepared angular mass, (IA⁻¹ + IB⁻¹)⁻¹, symmetric: six entries.
            Matrix3d mass = new Matrix3d(inverseA).add(inverseB).invert();
            c.rollingMass[0] = mass.m00;
            c.rollingMass[1] = mass.m10;
            c.rollingMass[2] = mass.m20;
            c.rollingMass[3] = mass.m11;
            c.rollingMass[4] = mass.m21;
            c.rollingMass[5] = mass.m22;
            c.rolling[0] = random.nextDouble(0.005, 0.1);
            int points = 1 + random.nextInt(P);
            c.pointCount[0] = points;
            double load = 0;
            for (int j = 0; j < points; j++) {
                c.normalImpulse[j] = random.nextDouble(0, 10);
                load += c.normalImpulse[j];
            }
            double limit = c.rolling[0] * load;
            Vector3d old = new Vector3d(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1))
                    .mul(0.5 * limit);
            c.rollingImpulse[0] = old.x;
            c.rollingImpulse[1] = old.y;
            c.rollingImpulse[2] = old.z;
            double[] before = s.clone();
            Vector3d angular = angularMomentum(s, ob, inertiaA, inertiaB);
            Vector3d spinBefore = new Vector3d(s[ob + 3] - s[A + 3], s[ob + 4] - s[A + 4], s[ob + 5] - s[A + 5]);

            friction.solveRolling(s, 0, A, ob);

            String what = "trial " + trial;
            Vector3d now = new Vector3d(c.rollingImpulse[0], c.rollingImpulse[1], c.rollingImpulse[2]);
            assertTrue(now.length() <= limit * (1 + 1e-12), what + ": |L| " + now.length() + " > " + limit);
            for (int i = 0; i < 3; i++) {
                assertEquals(before[A + i], s[A + i], 0.0, what + ": A's velocity untouched");
                assertEquals(before[ob + i], s[ob + i], 0.0, what + ": B's velocity untouched");
            }
            if (!bStatic) {
                Vector3d l = angularMomentum(s, ob, inertiaA, inertiaB);
                double tolerance = 1e-11 * (1 + angular.length());
                assertEquals(angular.x, l.x, tolerance, what + ": angular momentum");
                assertEquals(angular.y, l.y, tolerance, what + ": angular momentum");
                assertEquals(angular.z, l.z, tolerance, what + ": angular momentum");
            } else {
                for (int i = 0; i < SolverBodies.STRIDE; i++) {
                    assertEquals(before[i], s[i], 0.0, what + ": the static entry is never written");
                }
            }
            // The impulse that stops the relative spin: −(IA⁻¹ + IB⁻¹)⁻¹·Δω.
            Vector3d stop = mass.transform(new Vector3d(spinBefore)).negate().add(old);
            Vector3d spinAfter = new Vector3d(s[ob + 3] - s[A + 3], s[ob + 4] - s[A + 4], s[ob + 5] - s[A + 5]);
            if (stop.length() <= limit * (1 - 1e-9)) {
                stopped++;
                assertEquals(0.0, spinAfter.length(), 1e-10 * (1 + spinBefore.length()), what + ": relative spin left");
                assertEquals(stop.x, now.x, 1e-10 * (1 + stop.length()), what + ": impulse");
            } else if (stop.length() > limit * (1 + 1e-9)) {
                limited++;
                // Onto the ball's surface, along the unclamped impulse.
                Vector3d expected = new Vector3d(stop).mul(limit / stop.length());
                assertEquals(expected.x, now.x, 1e-10 * (1 + limit), what + ": clamped impulse");
                assertEquals(expected.y, now.y, 1e-10 * (1 + limit), what + ": clamped impulse");
                assertEquals(expected.z, now.z, 1e-10 * (1 + limit), what + ": clamped impulse");
            }
        }
        assertTrue(stopped > 80 && limited > 80 && staticB > 60, stopped + " stopped, " + limited + " limited, " + staticB + " on static");
    }

    /** A dynamic body at entry o: random velocities and spin, inertia R·diag·Rᵀ into {@code inertia}; returns its inverse. */
    private static Vector3d angularMomentum(double[] s, int ob, Matrix3d inertiaA, Matrix3d inertiaB) {
        return inertiaA.transform(new Vector3d(s[A + 3], s[A + 4], s[A + 5]))
                .add(inertiaB.transform(new Vector3d(s[ob + 3], s[ob + 4], s[ob + 5])));
    }
}
