package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The end-of-step bounce of a single contact point ({@link ContactRestitution#apply}), on 600
 * random pairs of bodies (one static in a fifth of them), measured with rigid-body mechanics
 * written out with JOML: a point that approached at u, at least the restitution threshold, and
 * pushed during the step leaves at −e·u (Newton's law), unless that takes more than e times the
 * step's compression impulse (Poisson's cap), when it takes exactly that much and leaves slower
 * (one already leaving faster gives back at most the impulse it holds);
 * a point that approached slower than the threshold, or did not push, is left as it was. The
 * bounce is an exchange between the bodies: their momentum is kept.
 */
class RestitutionBounceTest {
    private static final int A = SolverBodies.STRIDE, B = 2 * SolverBodies.STRIDE;

    @Test
    void aPointLeavesAtMinusETimesItsApproachWithinPoissonsCap() {
        SplittableRandom random = new SplittableRandom(2024);
        StepContext context = new StepContext(SolverSettings.DEFAULTS, 1.0 / 60, 4, 0, -9.81, 0);
        int newton = 0, capped = 0, slow = 0, unpushed = 0, released = 0;
        for (int trial = 0; trial < 600; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            ContactFriction friction = new ContactFriction(c);
            ContactRestitution restitution = new ContactRestitution(c, new NormalBlock(c, friction), friction);
            restitution.x = context;
            SolverBodies bodies = new SolverBodies();
            double[] s = new double[3 * SolverBodies.STRIDE];
            bodies.state = s;
            restitution.bodies = bodies;
            boolean bStatic = trial % 5 == 0;
            int ob = bStatic ? 0 : B;
            double massA = random.nextDouble(0.5, 20), massB = bStatic ? 0 : random.nextDouble(0.5, 20);
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, massA, 1, new Matrix3d());
            Matrix3d inverseB = bStatic ? new Matrix3d().zero() : RandomSolverBodies.dynamic(random, s, B, massB, 1, new Matrix3d());
            c.stateA[0] = A;
            c.stateB[0] = ob;
            Vector3d n = RandomSolverBodies.vector(random, 1).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            Vector3d r = RandomSolverBodies.vector(random, 0.6), da = RandomSolverBodies.vector(random, 0.4),
                    db = RandomSolverBodies.vector(random, 0.4);
            RandomSolverBodies.put(c.anchor, 0, r);
            RandomSolverBodies.put(c.anchorOffset, 0, da);
            RandomSolverBodies.put(c.anchorOffset, 3, db);
            Vector3d ra = new Vector3d(r).add(da), rb = new Vector3d(r).add(db);
            double k = n.dot(RandomSolverBodies.velocityChange(inverseB, bStatic ? 0 : 1 / massB, rb, n, rb)) + n.dot(RandomSolverBodies.velocityChange(inverseA, 1 / massA, ra, n, ra));
            c.pointCount[0] = 1;
            c.normalMass[0] = 1 / k;
            double e = random.nextDouble(0.05, 1);
            c.restitution[0] = e;
            double u = -random.nextDouble(0.3, 6);
            c.relativeVelocity[0] = u;
            boolean pushed = trial % 7 != 0;
            c.pushedPoints[0] = pushed ? 1 : 0;
            // The step's compression: closed substeps' totals and the open one's accumulated impulse.
            c.stepNormal[0] = random.nextDouble(0, trial % 2 == 0 ? 3 : 80);
            c.normalImpulse[0] = random.nextDouble(0, 1);
            double compression = c.stepNormal[0] + c.normalImpulse[0];
            double[] before = s.clone();
            double vnBefore = normalVelocity(s, ob, n, ra, rb);
            Vector3d momentum = momentum(s, ob, massA, massB);

            restitution.apply(0, 1, new SolverScratch());

            String what = "trial " + trial;
            double vn = normalVelocity(s, ob, n, ra, rb);
            if (!pushed || u > -context.restitutionThreshold) {
                if (pushed) {
                    slow++;
                } else {
                    unpushed++;
                }
                for (int i = 0; i < s.length; i++) {
                    assertEquals(before[i], s[i], 0.0, what + ": no bounce, nothing moves");
                }
                continue;
            }
            double wanted = (-e * u - vnBefore) / k, cap = e * compression;
            double added = c.normalImpulse[0] - (compression - c.stepNormal[0]);
            double tolerance = 1e-10 * (1 + Math.abs(u) + Math.abs(vnBefore));
            double held = compression - c.stepNormal[0];
            if (wanted < -held) {
                // Already leaving faster than −e·u: the bounce takes back what the point holds, no more
                // (an accumulated impulse never pulls).
                released++;
                assertEquals(-held, added, 1e-12 * (1 + held), what + ": lets go of its impulse");
                assertEquals(vnBefore - k * held, vn, tolerance, what + ": and no more");
            } else if (wanted <= cap) {
                newton++;
                assertEquals(-e * u, vn, tolerance, what + ": Newton's −e·u");
                assertEquals(wanted, added, tolerance / k, what + ": the impulse that gives it");
            } else {
                capped++;
                assertEquals(cap, added, 1e-12 * (1 + cap), what + ": Poisson's cap, e times the compression");
                assertEquals(vnBefore + k * cap, vn, tolerance, what + ": leaves at what the capped impulse gives");
                assertTrue(vn < -e * u, what + ": slower than Newton's");
            }
            if (!bStatic) {
                Vector3d p = momentum(s, ob, massA, massB);
                assertEquals(momentum.x, p.x, 1e-10 * (1 + momentum.length()), what + ": momentum");
                assertEquals(momentum.y, p.y, 1e-10 * (1 + momentum.length()), what + ": momentum");
                assertEquals(momentum.z, p.z, 1e-10 * (1 + momentum.length()), what + ": momentum");
            }
        }
        assertTrue(newton > 150 && capped > 80 && slow > 10 && unpushed > 40,
                newton + " by Newton, " + capped + " capped, " + released + " released, " + slow + " too slow, " + unpushed
                        + " not pushed");
    }

    private static double normalVelocity(double[] s, int ob, Vector3d n, Vector3d ra, Vector3d rb) {
        Vector3d va = new Vector3d(s[A + 3], s[A + 4], s[A + 5]).cross(ra).add(s[A], s[A + 1], s[A + 2]);
        Vector3d vb = new Vector3d(s[ob + 3], s[ob + 4], s[ob + 5]).cross(rb).add(s[ob], s[ob + 1], s[ob + 2]);
        return n.dot(vb.sub(va));
    }

    private static Vector3d momentum(double[] s, int ob, double massA, double massB) {
        return new Vector3d(s[A], s[A + 1], s[A + 2]).mul(massA).add(new Vector3d(s[ob], s[ob + 1], s[ob + 2]).mul(massB));
    }
}
