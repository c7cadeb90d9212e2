package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Under sequential impulses with position iterations (Box2D v2.4, Jolt), a joint pulled apart is
 * put back by moving the bodies, not by giving them speed: in zero gravity, a box on a ball joint
 * and a box on a weld, each set 5 cm (and the welded one 10°) off after the joint was made.
 */
class JointPositionIterationTest {
    /**
     * {the gap between the anchors after one step (m), the box's speed (m/s) and spin (rad/s), the
     * angle between the joint's axis on the post and on the box (rad)}: a 1 m box on a joint at its
     * end (axis z), set 5 cm out along its length and turned by {@code turn} first.
     */
    private static double[] pulledApart(JointKind kind, int positionIterations, Quaterniond turn) {
        World world = new World(WorldDef.builder().sleeping(false).gravity(0, 0, 0).solver(SolverKind.SEQUENTIAL_IMPULSE)
                .positionIterations(positionIterations).build());
        BodyId post = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 0, 0).build());
        BodyId box = world.createBody(BodyDef.builder().position(0.5, 0, 0).build());
        world.createShape(box, ShapeDef.builder().density(100).build(), new Box(0.5, 0.1, 0.1));
        JointId joint = world.createJoint(JointDef.builder(kind, post, box).anchor(0, 0, 0).axis(0, 0, 1).build());
        world.setTransform(box, turn.transform(new Vector3d(0.55, 0, 0)), turn);
        world.step();
        Vector3d a = world.joints().anchorA(joint, new Vector3d()), b = world.joints().anchorB(joint, new Vector3d());
        Vector3d axis = world.rotation(box, new Quaterniond()).transform(new Vector3d(0, 0, 1));
        return new double[] {a.distance(b), world.linearVelocity(box, new Vector3d()).length(),
                world.angularVelocity(box, new Vector3d()).length(), axis.angle(new Vector3d(0, 0, 1))};
    }

    private static double[] pulledApart(JointKind kind, int positionIterations) {
        return pulledApart(kind, positionIterations,
                kind == JointKind.FIXED ? new Quaterniond().rotateZ(Math.toRadians(10)) : new Quaterniond());
    }

    /**
     * Turned as well, the bodies must turn back: a ball joint's box turned 20° about z, a hinge's
     * tipped 10° about x (its axis out of line), each set 5 cm out along its length. Measured with
     * 4 position iterations: both gaps closed and the hinge's axis back in line after one step
     * (0 to rounding: the angular correction is clamped at 8° per iteration, so it takes two).
     */
    @Test
    void aTurnedJointIsTurnedBackIntoLine() {
        double[] ball = pulledApart(JointKind.BALL, 4, new Quaterniond().rotateZ(Math.toRadians(20)));
        double[] hinge = pulledApart(JointKind.HINGE, 4, new Quaterniond().rotateX(Math.toRadians(10)));
        System.out.printf("turned and pulled apart, 4 position iterations: ball gap %.2g m; hinge gap %.2g m, axis %.3g° out%n",
                ball[0], hinge[0], Math.toDegrees(hinge[3]));
        assertTrue(ball[0] < 1e-3, "the ball joint's anchors are " + ball[0] + " m apart");
        assertTrue(hinge[0] < 1e-3, "the hinge's anchors are " + hinge[0] + " m apart");
        assertTrue(hinge[3] < Math.toRadians(0.01), "the hinge's axis is " + Math.toDegrees(hinge[3]) + "° out of line");
    }

    /**
     * Measured: with 4 position iterations both gaps go from 5 cm to 0 in one step and the box is
     * at rest (the speed the first substep's bias gave it, the rigid rows take back in the next:
     * below 1e-180 m/s). With none (Baumgarte alone) the gap is 2.0 cm (ball) and 2.1 cm (weld)
     * after that step and the box moves at 1.2 m/s and 2.6 m/s.
     */
    @Test
    void aJointPulledApartIsPutBackByMovingTheBodiesNotByGivingThemSpeed() {
        for (JointKind kind : new JointKind[] {JointKind.BALL, JointKind.FIXED}) {
            double[] with = pulledApart(kind, 4), without = pulledApart(kind, 0);
            System.out.printf("%s pulled 5 cm apart, sequential impulses: 4 position iterations: gap %.2g m, speed %.2g m/s,"
                    + " spin %.2g rad/s; none: gap %.2g m, speed %.2g m/s%n", kind, with[0], with[1], with[2], without[0], without[1]);
            assertTrue(with[0] < 1e-4, kind + ": the anchors are still " + with[0] + " m apart");
            assertTrue(with[1] < 1e-3 && with[2] < 1e-3, kind + ": the box moves at " + with[1] + " m/s, " + with[2] + " rad/s");
            assertTrue(without[1] > 0.1, kind + ": without position iterations the box moves at only " + without[1] + " m/s");
        }
    }
}
