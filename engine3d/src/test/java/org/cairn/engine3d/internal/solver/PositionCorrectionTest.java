package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * One iteration of the sequential-impulse position correction ({@link PositionCorrection}) on a
 * single overlapping point, on 500 random pairs of bodies (one static in a fifth of them): the
 * correction is a positional impulse P = −m·c along the normal, c = β·(s + slop) clamped to
 * [−0.2 m, 0], applied at the anchors; each dynamic body's centre moves by ±m⁻¹·P and it turns by
 * the rotation vector ±I⁻¹·(r × P) (checked against JOML's axis–angle rotation), and the point's
 * overlap shrinks by c to first order in the turn. A point within the slop is not moved.
 */
class PositionCorrectionTest {
    @Test
    void aPositionalImpulseMovesAndTurnsTheBodiesAndClosesTheOverlap() {
        SplittableRandom random = new SplittableRandom(808);
        SolverSettings settings = new SolverSettings(SolverSettings.Kind.SEQUENTIAL_IMPULSE, 75, 10, 3, 1, 0.2, true, true, 1,
                false, false);
        StepContext context = new StepContext(settings, 1.0 / 60, 1, 0, -9.81, 0);
        int corrected = 0, withinSlop = 0, clamped = 0;
        for (int trial = 0; trial < 500; trial++) {
            BodyStore b = new BodyStore(4);
            ContactConstraints c = new ContactConstraints(settings);
            c.ensure(1);
            PositionCorrection correction = new PositionCorrection(c);
            correction.x = context;
            int ia = 1, ib = 2;
            boolean staticB = trial % 5 == 0;
            double[] mass = {random.nextDouble(0.5, 20), staticB ? 0 : random.nextDouble(0.5, 20)};
            Matrix3d[] inverse = new Matrix3d[2];
            int[] index = {ia, ib};
            Vector3d[] start = new Vector3d[2];
            Quaterniond[] turn = new Quaterniond[2];
            for (int s = 0; s < 2; s++) {
                int i = index[s];
                boolean dynamic = s == 0 || !staticB;
                b.type[i] = dynamic ? BodyStore.DYNAMIC : BodyStore.STATIC;
                double[] scratch = new double[3 * SolverBodies.STRIDE];
                inverse[s] = dynamic ? RandomSolverBodies.dynamic(random, scratch, SolverBodies.STRIDE, mass[s], 1, new Matrix3d())
                        : new Matrix3d().zero();
                b.inverseMass[i] = dynamic ? 1 / mass[s] : 0;
                System.arraycopy(scratch, SolverBodies.STRIDE + SolverBodies.INVERSE_INERTIA, b.worldInverseInertia, 9 * i, 9);
                start[s] = RandomSolverBodies.vector(random, 5);
                turn[s] = new Quaterniond(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1),
                        random.nextDouble(-1, 1)).normalize();
                RandomSolverBodies.put(b.center, 3 * i, start[s]);
                b.rotation[4 * i] = turn[s].x;
                b.rotation[4 * i + 1] = turn[s].y;
                b.rotation[4 * i + 2] = turn[s].z;
                b.rotation[4 * i + 3] = turn[s].w;
                c.constrain(b, i);
            }
            c.count = 1;
            c.bodyA[0] = ia;
            c.bodyB[0] = ib;
            c.pointCount[0] = 1;
            Vector3d n = RandomSolverBodies.vector(random, 1).normalize();
            RandomSolverBodies.put(c.normal, 0, n);
            Vector3d r = RandomSolverBodies.vector(random, 0.5), da = RandomSolverBodies.vector(random, 0.3),
                    db = RandomSolverBodies.vector(random, 0.3);
            RandomSolverBodies.put(c.anchor, 0, r);
            RandomSolverBodies.put(c.anchorOffset, 0, da);
            RandomSolverBodies.put(c.anchorOffset, 3, db);
            Vector3d ra = new Vector3d(r).add(da), rb = new Vector3d(r).add(db);
            double k = mass[0] > 0 ? 1 / mass[0] : 0;
            k += n.dot(inverse[0].transform(new Vector3d(ra).cross(n)).cross(ra));
            k += (staticB ? 0 : 1 / mass[1]) + n.dot(inverse[1].transform(new Vector3d(rb).cross(n)).cross(rb));
            c.normalMass[0] = 1 / k;
            double s0 = trial % 6 == 0 ? -random.nextDouble(0, 0.5) * CollisionConstants.LINEAR_SLOP_METERS
                    : trial % 6 == 1 ? -random.nextDouble(1.2, 3) : -random.nextDouble(0.01, 0.3);
            c.baseSeparation[0] = s0;

            correction.solve(b, new SolverScratch());

            String what = "trial " + trial;
            double expected = Math.max(-PositionCorrection.MAX_POSITION_CORRECTION_METERS,
                    Math.min(0, context.baumgarte * (s0 + CollisionConstants.LINEAR_SLOP_METERS)));
            if (expected == 0) {
                withinSlop++;
                for (int s = 0; s < 2; s++) {
                    for (int a = 0; a < 3; a++) {
                        assertEquals(start[s].get(a), b.center[3 * index[s] + a], 0.0, what + ": within the slop, nothing moves");
                    }
                }
                continue;
            }
            corrected++;
            clamped += expected == -PositionCorrection.MAX_POSITION_CORRECTION_METERS ? 1 : 0;
            Vector3d impulse = new Vector3d(n).mul(-expected / k);
            for (int s = 0; s < 2; s++) {
                int i = index[s];
                double sign = s == 0 ? -1 : 1;
                Vector3d moved = new Vector3d(b.center[3 * i], b.center[3 * i + 1], b.center[3 * i + 2]).sub(start[s]);
                Vector3d wantedMove = new Vector3d(impulse).mul(sign * (mass[s] > 0 ? 1 / mass[s] : 0));
                Vector3d wantedTurn = inverse[s].transform(new Vector3d(s == 0 ? ra : rb).cross(impulse).mul(sign));
                Quaterniond after = new Quaterniond(b.rotation[4 * i], b.rotation[4 * i + 1], b.rotation[4 * i + 2],
                        b.rotation[4 * i + 3]);
                Vector3d axis = wantedTurn.length() > 0 ? new Vector3d(wantedTurn).normalize() : new Vector3d(1, 0, 0);
                Quaterniond wanted = new Quaterniond().rotationAxis(wantedTurn.length(), axis.x, axis.y, axis.z).mul(turn[s]);
                double tolerance = 1e-12 * (1 + wantedMove.length());
                assertEquals(wantedMove.x, moved.x, tolerance, what + ", body " + s + ": moves by m⁻¹·P");
                assertEquals(wantedMove.y, moved.y, tolerance, what + ", body " + s + ": moves by m⁻¹·P");
                assertEquals(wantedMove.z, moved.z, tolerance, what + ", body " + s + ": moves by m⁻¹·P");
                assertEquals(1.0, Math.abs(after.dot(wanted)), 1e-12, what + ", body " + s + ": turns by I⁻¹·(r × P)");
            }
            // The overlap the correction leaves, by the anchors riding on the moved bodies.
            Vector3d[] lever = {ra, rb};
            double left = s0;
            for (int s = 0; s < 2; s++) {
                int i = index[s];
                Quaterniond after = new Quaterniond(b.rotation[4 * i], b.rotation[4 * i + 1], b.rotation[4 * i + 2],
                        b.rotation[4 * i + 3]);
                Quaterniond delta = after.mul(new Quaterniond(turn[s]).invert(), new Quaterniond());
                Vector3d anchorMove = delta.transform(new Vector3d(lever[s])).sub(lever[s])
                        .add(b.center[3 * i] - start[s].x, b.center[3 * i + 1] - start[s].y, b.center[3 * i + 2] - start[s].z);
                left += (s == 0 ? -1 : 1) * n.dot(anchorMove);
            }
            double angle = 0;
            for (int s = 0; s < 2; s++) {
                angle = Math.max(angle, inverse[s].transform(new Vector3d(s == 0 ? ra : rb).cross(impulse)).length());
            }
            // Closed by c, less what the turn's curvature loses: about c times the angle turned.
            assertEquals(s0 - expected, left, 1e-12 + Math.abs(expected) * angle, what + ": the overlap left");
        }
        assertTrue(corrected > 300 && withinSlop > 50 && clamped > 50, corrected + " corrected (" + clamped + " at the clamp), "
                + withinSlop + " within the slop");
    }
}
