package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * After a normal update shrinks a manifold's load, its friction is put back inside Coulomb's
 * limits ({@link ContactFriction#clampFrictionToCone}): the tangential impulse is scaled along its
 * own direction to μ·Σλn, the twist clamped to ±μ·Σ(lever·λn), and the difference acts on both
 * bodies as an impulse at the friction centre plus a torque about the normal. Checked on 400
 * random manifolds against the same mechanics written out with JOML vectors and matrices: the
 * change of each body's velocity is m⁻¹·ΔP and its spin I⁻¹·(r × ΔP + Δτ·n), opposite for A; a
 * friction already within its limits leaves everything exactly as it was.
 */
class FrictionConeClampTest {
    private static final int A = SolverBodies.STRIDE, B = 2 * SolverBodies.STRIDE;

    @Test
    void frictionOutsideTheConeIsScaledBackAndTheDifferenceActsOnBothBodies() {
        SplittableRandom random = new SplittableRandom(20261201);
        int clamped = 0, twistClamped = 0, untouched = 0, staticB = 0;
        for (int trial = 0; trial < 400; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            ContactFriction friction = new ContactFriction(c);
            double[] s = new double[3 * SolverBodies.STRIDE];
            boolean bStatic = trial % 5 == 0;
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, random.nextDouble(0.2, 20), 3, new Matrix3d());
            Matrix3d inverseB = bStatic ? new Matrix3d().zero()
                    : RandomSolverBodies.dynamic(random, s, B, random.nextDouble(0.2, 20), 3, new Matrix3d());
            staticB += bStatic ? 1 : 0;
            int ob = bStatic ? 0 : B;

            Vector3d n = new Vector3d(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1)).normalize();
            Vector3d t1 = new Vector3d(-n.y, n.x, 0);
            if (t1.lengthSquared() < 1e-6) {
                t1.set(0, -n.z, n.y);
            }
            t1.normalize();
            Vector3d t2 = n.cross(t1, new Vector3d()).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            RandomSolverBodies.put(c.tangent, 0, t1);
            RandomSolverBodies.put(c.tangent, 3, t2);
            Vector3d centre = RandomSolverBodies.vector(random, 0.5), offsetA = RandomSolverBodies.vector(random, 1), offsetB = RandomSolverBodies.vector(random, 1);
            RandomSolverBodies.put(c.frictionAnchor, 0, centre);
            RandomSolverBodies.put(c.anchorOffset, 0, offsetA);
            RandomSolverBodies.put(c.anchorOffset, 3, offsetB);
            double mu = random.nextDouble(0.1, 1.2);
            c.friction[0] = mu;
            int points = 1 + random.nextInt(P);
            c.pointCount[0] = points;
            double load = 0, twistLoad = 0;
            for (int j = 0; j < points; j++) {
                double lambda = random.nextInt(4) == 0 ? 0.0 : random.nextDouble(0, 5);
                double lever = random.nextDouble(0, 0.8);
                c.normalImpulse[j] = lambda;
                c.twistLever[j] = lever;
                load += lambda;
                twistLoad += lever * lambda;
            }
            // Friction from well inside to well outside each limit.
            double angle = random.nextDouble(0, 2 * Math.PI), size = random.nextDouble(0, 2) * mu * load;
            double l1 = size * Math.cos(angle), l2 = size * Math.sin(angle);
            double twist = random.nextDouble(-2, 2) * mu * twistLoad;
            if (trial % 7 == 0) {
                twist = 0.3;
            }
            c.frictionImpulse[0] = l1;
            c.frictionImpulse[1] = l2;
            c.frictionImpulse[2] = twist;
            double[] before = s.clone();

            friction.clampFrictionToCone(s, 0, A, ob);

            double limit = mu * load, twistLimit = mu * twistLoad;
            double magnitude = Math.hypot(l1, l2);
            double e1 = magnitude > limit ? l1 * limit / magnitude : l1, e2 = magnitude > limit ? l2 * limit / magnitude : l2;
            double et = Math.max(-twistLimit, Math.min(twistLimit, twist));
            assertEquals(e1, c.frictionImpulse[0], 1e-12 * (1 + Math.abs(l1)), "trial " + trial + ": λ1");
            assertEquals(e2, c.frictionImpulse[1], 1e-12 * (1 + Math.abs(l2)), "trial " + trial + ": λ2");
            assertEquals(et, c.frictionImpulse[2], 1e-12 * (1 + Math.abs(twist)), "trial " + trial + ": twist");
            assertTrue(Math.hypot(c.frictionImpulse[0], c.frictionImpulse[1]) <= limit * (1 + 1e-12) + 1e-300
                    || magnitude <= limit, "trial " + trial + ": inside the cone");
            if (magnitude <= limit && Math.abs(twist) <= twistLimit) {
                untouched++;
                for (int i = 0; i < s.length; i++) {
                    assertEquals(before[i], s[i], "trial " + trial + ": within the limits, nothing moves");
                }
                continue;
            }
            clamped += magnitude > limit ? 1 : 0;
            twistClamped += Math.abs(twist) > twistLimit ? 1 : 0;
            // The impulse and torque the clamp takes back, and each body's response to them.
            Vector3d impulse = new Vector3d(t1).mul(e1 - l1).add(new Vector3d(t2).mul(e2 - l2));
            Vector3d torqueB = new Vector3d(centre).add(offsetB).cross(impulse).add(new Vector3d(n).mul(et - twist));
            Vector3d torqueA = new Vector3d(centre).add(offsetA).cross(impulse).add(new Vector3d(n).mul(et - twist));
            Vector3d dvA = new Vector3d(impulse).mul(-before[A + SolverBodies.INVERSE_MASS]);
            Vector3d dwA = inverseA.transform(new Vector3d(torqueA)).negate();
            assertResponse(before, s, A, dvA, dwA, "trial " + trial + ", body A");
            if (!bStatic) {
                Vector3d dvB = new Vector3d(impulse).mul(before[B + SolverBodies.INVERSE_MASS]);
                Vector3d dwB = inverseB.transform(new Vector3d(torqueB));
                assertResponse(before, s, B, dvB, dwB, "trial " + trial + ", body B");
            }
            for (int i = 0; i < SolverBodies.STRIDE; i++) {
                assertEquals(before[i], s[i], "trial " + trial + ": the static entry is never written");
            }
        }
        // Every branch is met many times.
        assertTrue(clamped > 80 && twistClamped > 80 && untouched > 20 && staticB > 40,
                clamped + " clamped, " + twistClamped + " twists clamped, " + untouched + " untouched, " + staticB + " on static");
    }

    private static void assertResponse(double[] before, double[] after, int o, Vector3d dv, Vector3d dw, String what) {
        double scale = 1e-11 * (1 + dv.length() + dw.length());
        assertEquals(before[o] + dv.x, after[o], scale, what + ": vx");
        assertEquals(before[o + 1] + dv.y, after[o + 1], scale, what + ": vy");
        assertEquals(before[o + 2] + dv.z, after[o + 2], scale, what + ": vz");
        assertEquals(before[o + 3] + dw.x, after[o + 3], scale, what + ": ωx");
        assertEquals(before[o + 4] + dw.y, after[o + 4], scale, what + ": ωy");
        assertEquals(before[o + 5] + dw.z, after[o + 5], scale, what + ": ωz");
    }
}
