package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * One friction update of a manifold ({@link ContactFriction#solveFriction}), on 600 random pairs of
 * bodies (one of them static in a fifth of them), with the masses a constraint is prepared with
 * (the 2×2 tangent block at the friction centre inverted, the isotropic 2/tr K, the twist's
 * 1/(n·(IA⁻¹ + IB⁻¹)·n)), each written out here from the bodies' inertia:
 * <ul>
 * <li>the impulses it leaves lie within Coulomb's limits, |λt| ≤ μ·Σλn and |τ| ≤ μ·Σ(lever·λn);</li>
 * <li>it is an exchange between the bodies at the friction centre: linear and angular momentum of
 * the pair (about that point) are as they were;</li>
 * <li>a contact that can stick does: where the impulse that stops the slip at the friction centre
 * (−K⁻¹·v, v the slip before the update, recovered from the slip after it and K·Δλ) lies in the
 * cone, that is the impulse, and no slip is left; else the isotropic update −v·2/tr K, put on the
 * circle if outside it;</li>
 * <li>the twist alone stops the relative spin about the normal, unless it is clamped;</li>
 * <li>a manifold that no longer pushes lets go of its friction.</li>
 * </ul>
 */
class FrictionUpdateTest {
    private static final int A = SolverBodies.STRIDE, B = 2 * SolverBodies.STRIDE;

    @Test
    void frictionStaysInItsConeConservesMomentumAndSticksWhereItCan() {
        SplittableRandom random = new SplittableRandom(1201);
        int stuck = 0, slid = 0, released = 0;
        for (int trial = 0; trial < 600; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            ContactFriction friction = new ContactFriction(c);
            double[] s = new double[3 * SolverBodies.STRIDE];
            boolean bStatic = trial % 5 == 0;
            double massA = random.nextDouble(0.2, 20), massB = bStatic ? 0 : random.nextDouble(0.2, 20);
            Matrix3d inertiaA = new Matrix3d(), inertiaB = new Matrix3d().zero();
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, massA, 0.1, inertiaA);
            Matrix3d inverseB = bStatic ? new Matrix3d().zero() : RandomSolverBodies.dynamic(random, s, B, massB, 0.1, inertiaB);
            int ob = bStatic ? 0 : B;

            Vector3d n = new Vector3d(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1)).normalize();
            Vector3d t1 = Math.abs(n.x) > 0.5 ? new Vector3d(n.y, -n.x, 0) : new Vector3d(0, n.z, -n.y);
            t1.normalize();
            Vector3d t2 = n.cross(t1, new Vector3d());
            RandomSolverBodies.put(c.normal, 0, n);
            RandomSolverBodies.put(c.tangent, 0, t1);
            RandomSolverBodies.put(c.tangent, 3, t2);
            // The friction centre at the origin; each body's lever to it from its centre of mass.
            Vector3d rA = RandomSolverBodies.vector(random, 1), rB = RandomSolverBodies.vector(random, 1);
            RandomSolverBodies.put(c.frictionAnchor, 0, new Vector3d());
            RandomSolverBodies.put(c.anchorOffset, 0, rA);
            RandomSolverBodies.put(c.anchorOffset, 3, rB);
            double mu = random.nextDouble(0.1, 1.2);
            c.friction[0] = mu;
            boolean released0 = trial % 11 == 0;
            int points = 1 + random.nextInt(P);
            c.pointCount[0] = points;
            double load = 0, twistLoad = 0;
            for (int j = 0; j < points; j++) {
                double lambda = released0 ? 0.0 : random.nextDouble(0, 8);
                c.normalImpulse[j] = lambda;
                c.twistLever[j] = random.nextDouble(0, 0.8);
                load += lambda;
                twistLoad += c.twistLever[j] * lambda;
            }
            double oldTwist = random.nextDouble(-1, 1) * mu * twistLoad + (released0 ? 0.2 : 0);
            c.frictionImpulse[0] = random.nextDouble(-0.5, 0.5) * mu * load + (released0 ? 0.3 : 0);
            c.frictionImpulse[1] = random.nextDouble(-0.5, 0.5) * mu * load;
            c.frictionImpulse[2] = oldTwist;
            double[][] k = prepareMasses(c, inverseA, inverseB, 1 / massA, bStatic ? 0 : 1 / massB, rA, rB, n, t1, t2);
            double old1 = c.frictionImpulse[0], old2 = c.frictionImpulse[1];
            // Slow relative motion in a third of the trials (they can stick), fast in the rest.
            if (trial % 3 != 0) {
                for (int i = 0; i < 6; i++) {
                    s[A + i] *= 100;
                }
            }
            Vector3d momentum = momentum(s, ob, massA, massB), angular = angularMomentum(s, ob, massA, massB, inertiaA, inertiaB, rA, rB);

            friction.solveFriction(s, 0, A, ob);

            double l1 = c.frictionImpulse[0], l2 = c.frictionImpulse[1], twist = c.frictionImpulse[2];
            String what = "trial " + trial;
            assertTrue(Math.hypot(l1, l2) <= mu * load * (1 + 1e-12), what + ": |λt| " + Math.hypot(l1, l2) + " > μΣλn " + mu * load);
            assertTrue(Math.abs(twist) <= mu * twistLoad * (1 + 1e-12), what + ": twist outside its limit");
            if (released0) {
                assertEquals(0.0, l1, 0.0, what + ": no load, no friction");
                assertEquals(0.0, l2, 0.0, what);
                assertEquals(0.0, twist, 0.0, what);
                released++;
            }
            if (!bStatic) {
                Vector3d p = momentum(s, ob, massA, massB), l = angularMomentum(s, ob, massA, massB, inertiaA, inertiaB, rA, rB);
                double scale = 1e-11 * (1 + momentum.length() + angular.length());
                assertEquals(momentum.x, p.x, scale, what + ": momentum");
                assertEquals(momentum.y, p.y, scale, what + ": momentum");
                assertEquals(momentum.z, p.z, scale, what + ": momentum");
                assertEquals(angular.x, l.x, scale, what + ": angular momentum about the friction centre");
                assertEquals(angular.y, l.y, scale, what + ": angular momentum about the friction centre");
                assertEquals(angular.z, l.z, scale, what + ": angular momentum about the friction centre");
            }
            if (load > 0) {
                // The tangential slip at the centre before this update, from the one after it and
                // the impulse's effect K·Δλ; the rule: stick (Δλ = −K⁻¹v) where that lies in the
                // cone, else the isotropic update −v·2/tr K, onto the circle if outside it.
                Vector3d slip = relativeVelocity(s, ob, rA, rB);
                double d1 = l1 - old1, d2 = l2 - old2;
                double v1 = slip.dot(t1) - (k[0][0] * d1 + k[0][1] * d2), v2 = slip.dot(t2) - (k[1][0] * d1 + k[1][1] * d2);
                double det = k[0][0] * k[1][1] - k[0][1] * k[1][0];
                double s1 = old1 - (k[1][1] * v1 - k[0][1] * v2) / det, s2 = old2 - (-k[1][0] * v1 + k[0][0] * v2) / det;
                double tolerance = 1e-9 * (1 + Math.abs(old1) + Math.abs(old2) + mu * load);
                if (Math.hypot(s1, s2) <= mu * load * (1 - 1e-9)) {
                    stuck++;
                    assertEquals(s1, l1, tolerance, what + ": sticking impulse");
                    assertEquals(s2, l2, tolerance, what + ": sticking impulse");
                    double speed = 1e-10 * (1 + speedScale(s));
                    assertEquals(0.0, slip.dot(t1), speed, what + ": sticking, no slip along t1");
                    assertEquals(0.0, slip.dot(t2), speed, what + ": sticking, no slip along t2");
                } else if (Math.hypot(s1, s2) > mu * load * (1 + 1e-9)) {
                    slid++;
                    double iso = 2 / (k[0][0] + k[1][1]);
                    double i1 = old1 - iso * v1, i2 = old2 - iso * v2, size = Math.hypot(i1, i2);
                    double scale = size > mu * load ? mu * load / size : 1;
                    assertEquals(i1 * scale, l1, tolerance, what + ": sliding impulse");
                    assertEquals(i2 * scale, l2, tolerance, what + ": sliding impulse");
                }
            }
        }
        assertTrue(stuck > 100 && slid > 100 && released > 40, stuck + " stuck, " + slid + " slid, " + released + " released");
    }

    @Test
    void theTwistAloneStopsTheRelativeSpinAboutTheNormal() {
        SplittableRandom random = new SplittableRandom(77);
        for (int trial = 0; trial < 200; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            ContactFriction friction = new ContactFriction(c);
            double[] s = new double[3 * SolverBodies.STRIDE];
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, random.nextDouble(0.2, 20), 0.1, new Matrix3d());
            Matrix3d inverseB = RandomSolverBodies.dynamic(random, s, B, random.nextDouble(0.2, 20), 0.1, new Matrix3d());
            Vector3d n = new Vector3d(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1)).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            c.friction[0] = 0.8;
            c.pointCount[0] = 2;
            c.normalImpulse[0] = 3;
            c.normalImpulse[1] = 3;
            c.twistLever[0] = 0.5;
            c.twistLever[1] = 0.5;
            // No tangential friction to take (limit 0 along the tangents would release it): the
            // tangents' update is zero when the centre has no relative velocity, so the bodies
            // spin about the normal through the centre only.
            for (int i = 0; i < 3; i++) {
                s[A + i] = 0;
                s[B + i] = 0;
            }
            double spinA = random.nextDouble(-2, 2), spinB = random.nextDouble(-2, 2);
            for (int i = 0; i < 3; i++) {
                s[A + 3 + i] = spinA * n.get(i);
                s[B + 3 + i] = spinB * n.get(i);
            }
            Vector3d t1 = Math.abs(n.x) > 0.5 ? new Vector3d(n.y, -n.x, 0) : new Vector3d(0, n.z, -n.y);
            t1.normalize();
            RandomSolverBodies.put(c.tangent, 0, t1);
            RandomSolverBodies.put(c.tangent, 3, n.cross(t1, new Vector3d()));
            prepareMasses(c, inverseA, inverseB, s[A + SolverBodies.INVERSE_MASS], s[B + SolverBodies.INVERSE_MASS],
                    new Vector3d(), new Vector3d(), n, t1, n.cross(t1, new Vector3d()));
            friction.solveFriction(s, 0, A, B);
            double relative = n.x * (s[B + 3] - s[A + 3]) + n.y * (s[B + 4] - s[A + 4]) + n.z * (s[B + 5] - s[A + 5]);
            if (Math.abs(c.frictionImpulse[2]) < 0.8 * 3 * (1 - 1e-9)) {
                assertEquals(0.0, relative, 1e-12 * (1 + Math.abs(spinA) + Math.abs(spinB)), "trial " + trial + ": spin left");
            } else {
                assertEquals(0.8 * 3, Math.abs(c.frictionImpulse[2]), 1e-12, "trial " + trial + ": clamped at μΣ(lever·λn)");
            }
        }
    }

    /**
     * The masses as a constraint is prepared with, from the inverse inertias written out: K_ij =
     * δ_ij·(1/mA + 1/mB) + (rA×t_i)·IA⁻¹(rA×t_j) + (rB×t_i)·IB⁻¹(rB×t_j) inverted, 2/tr K for
     * sliding, and the twist's 1/(n·(IA⁻¹ + IB⁻¹)·n).
     */
    private static double[][] prepareMasses(ContactConstraints c, Matrix3d inverseA, Matrix3d inverseB, double imA, double imB,
                                      Vector3d rA, Vector3d rB, Vector3d n, Vector3d t1, Vector3d t2) {
        Vector3d[] t = {t1, t2};
        double[][] k = new double[2][2];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                Vector3d ai = rA.cross(t[i], new Vector3d()), aj = rA.cross(t[j], new Vector3d());
                Vector3d bi = rB.cross(t[i], new Vector3d()), bj = rB.cross(t[j], new Vector3d());
                k[i][j] = (i == j ? imA + imB : 0) + ai.dot(inverseA.transform(new Vector3d(aj)))
                        + bi.dot(inverseB.transform(new Vector3d(bj)));
            }
        }
        double det = k[0][0] * k[1][1] - k[0][1] * k[1][0];
        c.frictionMass[0] = k[1][1] / det;
        c.frictionMass[1] = -k[0][1] / det;
        c.frictionMass[2] = k[0][0] / det;
        c.frictionMass[3] = 2 / (k[0][0] + k[1][1]);
        double kt = n.dot(inverseA.transform(new Vector3d(n))) + n.dot(inverseB.transform(new Vector3d(n)));
        c.twistMass[0] = 1 / kt;
        return k;
    }

    /** A dynamic body at entry o: random velocities, its inverse mass, and inertia R·diag·Rᵀ into {@code inertia}; returns its inverse. */
    private static Vector3d momentum(double[] s, int ob, double massA, double massB) {
        return new Vector3d(s[A], s[A + 1], s[A + 2]).mul(massA).add(new Vector3d(s[ob], s[ob + 1], s[ob + 2]).mul(massB));
    }

    /** About the friction centre (the origin): each body's centre of mass lies at −r from it. */
    private static Vector3d angularMomentum(double[] s, int ob, double massA, double massB, Matrix3d inertiaA, Matrix3d inertiaB,
                                            Vector3d rA, Vector3d rB) {
        Vector3d l = inertiaA.transform(new Vector3d(s[A + 3], s[A + 4], s[A + 5]));
        l.add(new Vector3d(rA).negate().cross(new Vector3d(s[A], s[A + 1], s[A + 2]).mul(massA)));
        l.add(inertiaB.transform(new Vector3d(s[ob + 3], s[ob + 4], s[ob + 5])));
        l.add(new Vector3d(rB).negate().cross(new Vector3d(s[ob], s[ob + 1], s[ob + 2]).mul(massB)));
        return l;
    }

    /** Velocity of B's point at the friction centre relative to A's. */
    private static Vector3d relativeVelocity(double[] s, int ob, Vector3d rA, Vector3d rB) {
        Vector3d va = new Vector3d(s[A + 3], s[A + 4], s[A + 5]).cross(rA).add(s[A], s[A + 1], s[A + 2]);
        Vector3d vb = new Vector3d(s[ob + 3], s[ob + 4], s[ob + 5]).cross(rB).add(s[ob], s[ob + 1], s[ob + 2]);
        return vb.sub(va);
    }

    private static double speedScale(double[] s) {
        double m = 0;
        for (int i = 0; i < 6; i++) {
            m = Math.max(m, Math.abs(s[A + i]) + Math.abs(s[B + i]));
        }
        return m;
    }

}
