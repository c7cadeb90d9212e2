package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.cairn.engine3d.internal.math.PseudoInverse;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A relax pass's block solve of a manifold's normal points ({@link NormalBlock#solveBlock} without
 * bias), on 1 000 random manifolds of 2 to 4 points between random bodies (one static in a fifth of
 * them), some points (of manifolds under four) still a speculative gap apart: where it applies an
 * update, that update solves
 * the points' complementarity problem. For each point, with g = vn (closed) or vn + s/h (a gap that
 * must close within the substep), measured after the update from the bodies' velocities: λ ≥ 0,
 * g ≥ 0, and λ·g = 0 (a point pushes only where it stops its approach, and one that lets go is not
 * left approaching). Where it declines, the bodies are left as they were. The four-point path and
 * the general one are both met.
 */
class NormalBlockComplementarityTest {
    private static final int A = SolverBodies.STRIDE, B = 2 * SolverBodies.STRIDE;

    @Test
    void theBlockUpdateSolvesTheManifoldsComplementarityProblem() {
        SplittableRandom random = new SplittableRandom(404);
        StepContext context = new StepContext(SolverSettings.DEFAULTS, 1.0 / 60, 4, 0, -9.81, 0);
        int applied = 0, declined = 0, releasedPoints = 0, pushingPoints = 0, fourPoints = 0;
        for (int trial = 0; trial < 1000; trial++) {
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            NormalBlock block = new NormalBlock(c, new ContactFriction(c));
            block.x = context;
            double[] s = new double[3 * SolverBodies.STRIDE];
            boolean bStatic = trial % 5 == 0;
            int ob = bStatic ? 0 : B;
            Matrix3d inverseA = RandomSolverBodies.dynamic(random, s, A, random.nextDouble(0.5, 20), 1, new Matrix3d());
            Matrix3d inverseB = bStatic ? new Matrix3d().zero()
                    : RandomSolverBodies.dynamic(random, s, B, random.nextDouble(0.5, 20), 1, new Matrix3d());
            Vector3d n = RandomSolverBodies.vector(random, 1).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            Vector3d da = RandomSolverBodies.vector(random, 0.5), db = RandomSolverBodies.vector(random, 0.5);
            RandomSolverBodies.put(c.anchorOffset, 0, da);
            RandomSolverBodies.put(c.anchorOffset, 3, db);
            int points = 2 + random.nextInt(P - 1);
            fourPoints += points == 4 ? 1 : 0;
            c.pointCount[0] = points;
            Vector3d[] ra = new Vector3d[points], rb = new Vector3d[points];
            for (int j = 0; j < points; j++) {
                Vector3d r = RandomSolverBodies.vector(random, 0.6);
                RandomSolverBodies.put(c.anchor, 3 * j, r);
                ra[j] = new Vector3d(r).add(da);
                rb[j] = new Vector3d(r).add(db);
                c.normalImpulse[j] = random.nextInt(3) == 0 ? 0 : random.nextDouble(0, 2);
                // Gaps only below four points: four points on one normal span three directions of
                // relative motion (K has rank 3), so four independent gap targets cannot all be met,
                // and the pseudo-inverse's least-norm answer is not a complementarity solution.
                c.currentSeparation[j] = points < 4 && random.nextInt(4) == 0 ? random.nextDouble(0, 0.01)
                        : -random.nextDouble(0, 0.005);
            }
            // K from unit impulses on the bodies, its pseudo-inverse as prepare stores it.
            double[] k = new double[points * points];
            for (int i = 0; i < points; i++) {
                for (int j = 0; j < points; j++) {
                    k[points * i + j] = n.dot(RandomSolverBodies.velocityChange(inverseB, s[ob + SolverBodies.INVERSE_MASS], rb[j], n, rb[i])
                            .add(RandomSolverBodies.velocityChange(inverseA, s[A + SolverBodies.INVERSE_MASS], ra[j], n, ra[i])));
                }
            }
            double[] inverse = new double[points * points];
            PseudoInverse.symmetric(k, points, inverse, new double[2 * points * points + points]);
            System.arraycopy(k, 0, c.blockMatrix, 0, points * points);
            System.arraycopy(inverse, 0, c.blockMass, 0, points * points);
            double[] before = s.clone(), impulseBefore = c.normalImpulse.clone();

            boolean done = block.solveBlock(s, 0, A, ob, context.contactSoftness, false, true, new SolverScratch());

            String what = "trial " + trial;
            if (!done) {
                declined++;
                for (int i = 0; i < s.length; i++) {
                    assertEquals(before[i], s[i], 0.0, what + ": declined, the bodies are left as they were");
                }
                for (int j = 0; j < points; j++) {
                    assertEquals(impulseBefore[j], c.normalImpulse[j], 0.0, what + ": declined, the impulses too");
                }
                continue;
            }
            applied++;
            double speed = 0;
            for (int i = 0; i < 6; i++) {
                speed = Math.max(speed, Math.abs(before[A + i]) + Math.abs(before[ob + i]));
            }
            for (int j = 0; j < points; j++) {
                Vector3d va = new Vector3d(s[A + 3], s[A + 4], s[A + 5]).cross(ra[j]).add(s[A], s[A + 1], s[A + 2]);
                Vector3d vb = new Vector3d(s[ob + 3], s[ob + 4], s[ob + 5]).cross(rb[j]).add(s[ob], s[ob + 1], s[ob + 2]);
                double gap = Math.max(c.currentSeparation[j], 0) > SoftContactPass.CLOSED_GAP_METERS ? c.currentSeparation[j] : 0;
                double g = n.dot(vb.sub(va)) + gap * context.invH;
                double lambda = c.normalImpulse[j];
                double tolerance = 1e-8 * (1 + speed + gap * context.invH);
                String point = what + ", point " + j;
                assertTrue(lambda >= 0, point + ": λ " + lambda);
                assertTrue(g >= -tolerance, point + ": still approaching, g = " + g + ", λ = " + lambda);
                if (lambda > 0) {
                    pushingPoints++;
                    assertEquals(0.0, g, tolerance, point + ": pushes (λ = " + lambda + ") but does not stop, g = " + g);
                } else {
                    releasedPoints++;
                }
            }
        }
        assertTrue(applied > 600 && pushingPoints > 500 && releasedPoints > 300 && fourPoints > 250,
                applied + " applied, " + declined + " declined, " + pushingPoints + " pushing and " + releasedPoints
                        + " released points, " + fourPoints + " four-point manifolds");
    }
}
