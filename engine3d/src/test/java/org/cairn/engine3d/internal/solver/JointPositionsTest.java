package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.cairn.engine3d.internal.body.BodyStore;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Sequential impulses' position corrections for joints, one call at a time, against the poses
 * they leave, measured here with JOML: the anchors are carried rigidly by each body's move and
 * turn (centre c' and rotation q'·q⁻¹ applied to the lever), and the error they are left with is
 * second order in the error corrected (Newton's step on the linearised constraint); a large error
 * is corrected by the clamp's length only. Bodies are random (masses 0.5–5 kg, anisotropic
 * inertias in random frames, levers up to 0.5 m).
 */
class JointPositionsTest {
    private static final int A = 1, B = 2;

    private static final class Pair {
        final BodyStore bodies = new BodyStore(4);
        final double[] s = new double[SolverBodies.STRIDE * 3];
        final Vector3d leverA, leverB;
        final Quaterniond rotationA, rotationB;
        final Vector3d centerA, centerB;

        Pair(SplittableRandom random) {
            RandomSolverBodies.dynamic(random, s, SolverBodies.STRIDE * A, random.nextDouble(0.5, 5), 1, new Matrix3d());
            RandomSolverBodies.dynamic(random, s, SolverBodies.STRIDE * B, random.nextDouble(0.5, 5), 1, new Matrix3d());
            leverA = RandomSolverBodies.vector(random, 0.5);
            leverB = RandomSolverBodies.vector(random, 0.5);
            rotationA = new Quaterniond(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1),
                    random.nextDouble(-1, 1)).normalize();
            rotationB = new Quaterniond(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1),
                    random.nextDouble(-1, 1)).normalize();
            centerA = RandomSolverBodies.vector(random, 2);
            centerB = RandomSolverBodies.vector(random, 2);
            store(A, centerA, rotationA);
            store(B, centerB, rotationB);
        }

        private void store(int i, Vector3d c, Quaterniond q) {
            RandomSolverBodies.put(bodies.center, 3 * i, c);
            bodies.rotation[4 * i] = q.x;
            bodies.rotation[4 * i + 1] = q.y;
            bodies.rotation[4 * i + 2] = q.z;
            bodies.rotation[4 * i + 3] = q.w;
        }

        /**
         * Moves B so its anchor sits {@code error} away from A's, C = (cB + rB) − (cA + rA), and
         * returns the point row's geometry: rA, rB and C.
         */
        double[] pointApart(Vector3d error) {
            centerB.set(centerA).add(leverA).add(error).sub(leverB);
            store(B, centerB, rotationB);
            double[] g = new double[9];
            RandomSolverBodies.put(g, 0, leverA);
            RandomSolverBodies.put(g, 3, leverB);
            RandomSolverBodies.put(g, 6, error);
            return g;
        }

        /** The turn of B less the turn of A the correction made, as a small rotation vector: θ_B − θ_A. */
        Vector3d relativeTurn() {
            Quaterniond relative = rotation(B).mul(new Quaterniond(rotationB).invert())
                    .mul(new Quaterniond(rotation(A).mul(new Quaterniond(rotationA).invert())).invert());
            return new Vector3d(relative.x, relative.y, relative.z).mul(2 * Math.signum(relative.w));
        }

        Vector3d center(int i) {
            return new Vector3d(bodies.center[3 * i], bodies.center[3 * i + 1], bodies.center[3 * i + 2]);
        }

        Quaterniond rotation(int i) {
            return new Quaterniond(bodies.rotation[4 * i], bodies.rotation[4 * i + 1], bodies.rotation[4 * i + 2],
                    bodies.rotation[4 * i + 3]);
        }

        /** The lever r carried by body i's move: (q'·q⁻¹)·r about its new centre, as a world point. */
        Vector3d carried(int i, Quaterniond before, Vector3d lever) {
            Quaterniond turn = rotation(i).mul(new Quaterniond(before).invert());
            return turn.transform(new Vector3d(lever)).add(center(i));
        }
    }

    @Test
    void aPointErrorIsCorrectedToSecondOrder() {
        SplittableRandom random = new SplittableRandom(31);
        double worst = 0;
        for (int trial = 0; trial < 200; trial++) {
            Pair p = new Pair(random);
            Vector3d error = RandomSolverBodies.vector(random, 1).normalize(1e-3);
            double[] g = p.pointApart(error);
            JointPositions.point(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, new double[9],
                    new double[9], new double[3]);
            Vector3d left = p.carried(B, p.rotationB, p.leverB).sub(p.carried(A, p.rotationA, p.leverA));
            worst = Math.max(worst, left.length() / error.length());
            assertTrue(p.center(A).distance(p.centerA) > 0 && p.center(B).distance(p.centerB) > 0, "both bodies move");
        }
        // Measured: 4.0e-4 of the 1 mm error left at most (the turns' second order).
        System.out.printf("point: %.2e of the error left at most%n", worst);
        assertTrue(worst < 1.5e-3, "left " + worst + " of the error");
    }

    @Test
    void aLargePointErrorIsCorrectedByTheClampsLength() {
        SplittableRandom random = new SplittableRandom(32);
        double worst = 0;
        for (int trial = 0; trial < 100; trial++) {
            Pair p = new Pair(random);
            Vector3d error = RandomSolverBodies.vector(random, 1).normalize(1.0);
            double[] g = p.pointApart(error);
            JointPositions.point(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, new double[9],
                    new double[9], new double[3]);
            Vector3d left = p.carried(B, p.rotationB, p.leverB).sub(p.carried(A, p.rotationA, p.leverA));
            // Linearised, the error shrinks along itself by exactly the clamp's 0.2 m; the turns' second-order part
            // moves it a little off.
            Vector3d expected = new Vector3d(error).mul(1 - JointPositions.MAX_LINEAR_METERS / error.length());
            worst = Math.max(worst, left.distance(expected));
        }
        // Measured: 0.021 m off at most.
        System.out.printf("large point: %.3f m off the clamped correction at most%n", worst);
        assertTrue(worst < 0.06, worst + " m off the clamped correction");
    }

    @Test
    void aHingesAxesAreBroughtBackIntoLineAboutTheTwoRowsOnly() {
        SplittableRandom random = new SplittableRandom(33);
        double worst = 0;
        for (int trial = 0; trial < 200; trial++) {
            Pair p = new Pair(random);
            // Rows about p and q, perpendicular unit directions; errors c1, c2 (rad) about them.
            Vector3d axisP = RandomSolverBodies.vector(random, 1).normalize();
            Vector3d axisQ = new Vector3d(axisP).cross(RandomSolverBodies.vector(random, 1)).normalize();
            double c1 = random.nextDouble(-1e-3, 1e-3), c2 = random.nextDouble(-1e-3, 1e-3);
            double[] g = new double[22];
            RandomSolverBodies.put(g, 16, axisP);
            RandomSolverBodies.put(g, 19, axisQ);
            JointPositions.alignment(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, 16, 19, c1, c2,
                    new double[3]);
            Vector3d theta = p.relativeTurn();
            // It takes the errors away about p and q: p·Δθ = −c1, q·Δθ = −c2.
            worst = Math.max(worst, Math.max(Math.abs(axisP.dot(theta) + c1), Math.abs(axisQ.dot(theta) + c2)));
            assertEquals(0, p.center(A).distance(p.centerA), 0.0, "no point row: the centres stay");
            assertEquals(0, p.center(B).distance(p.centerB), 0.0, "no point row: the centres stay");
        }
        // Measured: 1.2e-7 rad at most (second order in the 1 mrad errors: the turn is q + ½·θ·q, normalised).
        System.out.printf("alignment: rows left with %.2e rad at most%n", worst);
        assertTrue(worst < 5e-7, "rows left with " + worst + " rad");
    }

    @Test
    void aLargeAlignmentErrorTurnsByTheClampsAngle() {
        SplittableRandom random = new SplittableRandom(34);
        double worstAngle = 0, worstRatio = 0;
        for (int trial = 0; trial < 100; trial++) {
            Pair p = new Pair(random);
            Vector3d axisP = RandomSolverBodies.vector(random, 1).normalize();
            Vector3d axisQ = new Vector3d(axisP).cross(RandomSolverBodies.vector(random, 1)).normalize();
            double[] g = new double[22];
            RandomSolverBodies.put(g, 16, axisP);
            RandomSolverBodies.put(g, 19, axisQ);
            JointPositions.alignment(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, 16, 19, 0.6, -0.8,
                    new double[3]);
            Vector3d theta = p.relativeTurn();
            double along = Math.hypot(axisP.dot(theta), axisQ.dot(theta));
            worstAngle = Math.max(worstAngle, Math.abs(along / JointPositions.MAX_ANGULAR_RADIANS - 1));
            worstRatio = Math.max(worstRatio, Math.abs(-axisP.dot(theta) / axisQ.dot(theta) / (0.6 / 0.8) - 1));
        }
        // Measured: the turn 7.4e-3 off the clamp's angle, the direction's ratio 4.4e-2 off (an 8° turn's second order).
        System.out.printf("large alignment: turn off the clamp's angle by %.2e, direction by %.2e at most%n", worstAngle, worstRatio);
        assertTrue(worstAngle < 0.02, "turned " + worstAngle + " off the clamp's angle");
        assertTrue(worstRatio < 0.1, "direction " + worstRatio + " off the error's");
    }

    @Test
    void aWeldsPointAndRotationAreCorrectedTogether() {
        SplittableRandom random = new SplittableRandom(35);
        double worstPoint = 0, worstAngle = 0;
        for (int trial = 0; trial < 200; trial++) {
            Pair p = new Pair(random);
            Vector3d error = RandomSolverBodies.vector(random, 1).normalize(1e-3);
            double[] g = p.pointApart(error);
            Vector3d angle = RandomSolverBodies.vector(random, 1).normalize(1e-3);
            JointPositions.weld(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, angle.x, angle.y,
                    angle.z, new double[36], new double[6], new double[3]);
            Vector3d left = p.carried(B, p.rotationB, p.leverB).sub(p.carried(A, p.rotationA, p.leverA));
            worstPoint = Math.max(worstPoint, left.length() / error.length());
            Vector3d theta = p.relativeTurn();
            worstAngle = Math.max(worstAngle, new Vector3d(theta).add(angle).length() / angle.length());
        }
        // Measured: 3.8e-4 of the point error and 4.3e-4 of the angle left at most.
        System.out.printf("weld: %.2e of the point error, %.2e of the angle left at most%n", worstPoint, worstAngle);
        assertTrue(worstPoint < 1.5e-3, "left " + worstPoint + " of the point error");
        assertTrue(worstAngle < 1.5e-3, "left " + worstAngle + " of the angle");
    }

    @Test
    void aLargeWeldErrorIsCorrectedByEachClampOnItsOwnPart() {
        SplittableRandom random = new SplittableRandom(36);
        double worstPoint = 0, worstAngle = 0;
        for (int trial = 0; trial < 100; trial++) {
            Pair p = new Pair(random);
            Vector3d error = RandomSolverBodies.vector(random, 1).normalize(1.0);
            double[] g = p.pointApart(error);
            Vector3d angle = RandomSolverBodies.vector(random, 1).normalize(0.5);
            JointPositions.weld(p.bodies, A, B, p.s, SolverBodies.STRIDE * A, SolverBodies.STRIDE * B, g, angle.x, angle.y,
                    angle.z, new double[36], new double[6], new double[3]);
            Vector3d left = p.carried(B, p.rotationB, p.leverB).sub(p.carried(A, p.rotationA, p.leverA));
            Vector3d theta = p.relativeTurn();
            // Linearised: the point error shrinks along itself by 0.2 m, the angle about itself by 8°.
            Vector3d expectedPoint = new Vector3d(error).mul(1 - JointPositions.MAX_LINEAR_METERS / error.length());
            Vector3d expectedTurn = new Vector3d(angle).mul(-JointPositions.MAX_ANGULAR_RADIANS / angle.length());
            worstPoint = Math.max(worstPoint, left.distance(expectedPoint));
            worstAngle = Math.max(worstAngle, theta.distance(expectedTurn));
        }
        System.out.printf("large weld: %.3f m off the clamped point correction, %.2e rad off the clamped turn at most%n",
                worstPoint, worstAngle);
        // Measured: 0.006 m and 8.0e-3 rad off at most.
        assertTrue(worstPoint < 0.02 && worstAngle < 0.025, worstPoint + " m, " + worstAngle + " rad");
    }
}
