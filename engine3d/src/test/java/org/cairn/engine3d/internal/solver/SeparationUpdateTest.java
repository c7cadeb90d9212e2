package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.cairn.engine3d.internal.body.BodyStore;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A contact point's separation as its bodies move within a step: its two anchors ride rigidly on
 * their bodies (cA + ΔqA·rA and cB + ΔqB·rB, the levers rA = r + DA, rB = r + DB fixed in the
 * world when the constraint was prepared), and the separation is the prepared one plus the normal
 * part of their relative motion. Checked on 500 random constraints (one body static in a fifth of
 * them), for the soft step's per-manifold update ({@link ContactConstraints#updateSeparations},
 * after {@link ContactConstraints#updateDeltaRotation}) and the per-point form the
 * sequential-impulse position pass uses ({@link ContactConstraints#separation}), against the
 * anchors moved with JOML quaternions.
 */
class SeparationUpdateTest {
    @Test
    void aPointsSeparationFollowsItsAnchorsRidingOnTheirBodies() {
        SplittableRandom random = new SplittableRandom(99);
        int moved = 0;
        for (int trial = 0; trial < 500; trial++) {
            BodyStore b = new BodyStore(4);
            ContactConstraints c = new ContactConstraints(SolverSettings.DEFAULTS);
            c.ensure(1);
            boolean staticA = trial % 5 == 0;
            int ia = 1, ib = 2;
            c.bodyA[0] = ia;
            c.bodyB[0] = ib;
            Vector3d[] start = {RandomSolverBodies.vector(random, 10), RandomSolverBodies.vector(random, 10)};
            Quaterniond[] turn0 = {randomRotation(random), randomRotation(random)};
            int[] index = {ia, ib};
            for (int s = 0; s < 2; s++) {
                RandomSolverBodies.put(b.center, 3 * index[s], start[s]);
                put(b.rotation, 4 * index[s], turn0[s]);
                c.constrain(b, index[s]);
            }
            // The bodies move: a shift of up to 5 cm and a turn of up to 0.2 rad (A stays if static).
            Vector3d[] shift = new Vector3d[2];
            Quaterniond[] delta = new Quaterniond[2];
            for (int s = 0; s < 2; s++) {
                boolean stays = s == 0 && staticA;
                shift[s] = stays ? new Vector3d() : RandomSolverBodies.vector(random, 0.05);
                Vector3d axis = RandomSolverBodies.vector(random, 1).normalize();
                delta[s] = stays ? new Quaterniond() : new Quaterniond().rotationAxis(random.nextDouble(0, 0.2), axis.x, axis.y, axis.z);
                RandomSolverBodies.put(b.center, 3 * index[s], new Vector3d(start[s]).add(shift[s]));
                put(b.rotation, 4 * index[s], new Quaterniond(delta[s]).mul(turn0[s]));
                c.updateDeltaRotation(b, index[s]);
            }
            Vector3d n = RandomSolverBodies.vector(random, 1).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            Vector3d da = RandomSolverBodies.vector(random, 1), db = RandomSolverBodies.vector(random, 1);
            RandomSolverBodies.put(c.anchorOffset, 0, da);
            RandomSolverBodies.put(c.anchorOffset, 3, db);
            int points = 1 + random.nextInt(P);
            c.pointCount[0] = points;
            double[] expected = new double[points];
            for (int j = 0; j < points; j++) {
                Vector3d r = RandomSolverBodies.vector(random, 0.8);
                RandomSolverBodies.put(c.anchor, 3 * j, r);
                c.baseSeparation[j] = random.nextDouble(-0.02, 0.02);
                Vector3d ra = new Vector3d(r).add(da), rb = new Vector3d(r).add(db);
                Vector3d pa0 = new Vector3d(start[0]).add(ra), pb0 = new Vector3d(start[1]).add(rb);
                Vector3d pa = delta[0].transform(new Vector3d(ra)).add(start[0]).add(shift[0]);
                Vector3d pb = delta[1].transform(new Vector3d(rb)).add(start[1]).add(shift[1]);
                expected[j] = c.baseSeparation[j] + n.dot(new Vector3d(pb).sub(pb0).sub(new Vector3d(pa).sub(pa0)));
            }

            c.updateSeparations(b, 0, 1);

            SolverScratch w = new SolverScratch();
            for (int j = 0; j < points; j++) {
                String what = "trial " + trial + ", point " + j;
                assertEquals(expected[j], c.currentSeparation[j], 1e-12, what + ": the soft step's update");
                assertEquals(expected[j], c.separation(b, 0, ia, ib, j, w), 1e-12, what + ": the position pass's");
                moved += Math.abs(expected[j] - c.baseSeparation[j]) > 1e-3 ? 1 : 0;
            }
        }
        assertTrue(moved > 500, moved + " points whose separation moved by more than 1 mm");
    }

    private static Quaterniond randomRotation(SplittableRandom random) {
        return new Quaterniond(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1),
                random.nextDouble(-1, 1)).normalize();
    }

    private static void put(double[] array, int o, Quaterniond q) {
        array[o] = q.x;
        array[o + 1] = q.y;
        array[o + 2] = q.z;
        array[o + 3] = q.w;
    }
}
