package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A motor joint drives a body on the ground to a target pose, within its force and torque. The
 * joint is to the ground itself, so it lets the two collide ({@code collideConnected}): the crate
 * rests on what drives it.
 */
class MotorJointTest {
    private static World world;
    private static BodyId ground;

    private static BodyId crate() {
        world = new World(WorldDef.builder().sleeping(false).build());
        ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(10, 0.5, 10));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.25, 0).build());
        world.createShape(crate, ShapeDef.builder().density(80).build(), new Box(0.25, 0.25, 0.25));
        return crate;
    }

    /** Measured: 2.0000 m along x and 90.00° about y after 3 s (a 10 kg crate, friction 0.6, 200 N and 50 N·m). */
    @Test
    void aMotorJointMovesACrateToItsTargetPose() {
        BodyId crate = crate();
        JointId motor = world.createJoint(JointDef.builder(JointKind.MOTOR, ground, crate).anchor(0, 0.25, 0).collideConnected(true).axis(0, 1, 0)
                .maxForceAndTorque(200, 50).build());
        world.joints().setMotorTarget(motor, 2, 0, 0, Math.PI / 2);
        for (int i = 0; i < 180; i++) {
            world.step();
        }
        Vector3d p = world.position(crate, new Vector3d());
        assertEquals(2.0, p.x, 0.01, "x");
        assertEquals(0.0, p.z, 0.01, "z");
        Quaterniond q = world.rotation(crate, new Quaterniond());
        assertEquals(Math.PI / 2, 2 * Math.atan2(q.y, q.w), Math.toRadians(1), "turn about y");
    }

    /** A motor weaker than the crate's friction (5 N against 0.6·10 kg·g = 59 N) does not move it. */
    @Test
    void aMotorJointWeakerThanFrictionMovesNothing() {
        BodyId crate = crate();
        JointId motor = world.createJoint(JointDef.builder(JointKind.MOTOR, ground, crate).anchor(0, 0.25, 0).collideConnected(true)
                .maxForceAndTorque(5, 5).build());
        world.joints().setMotorTarget(motor, 2, 0, 0, 0);
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        assertTrue(Math.abs(world.position(crate, new Vector3d()).x) < 1e-3, "it moved " + world.position(crate, new Vector3d()).x);
        assertEquals(5.0, world.joints().reactionForce(motor, new Vector3d()).length(), 0.05, "it pushes with all it has");
    }

    /**
     * In zero gravity a motor joint too weak to close its error at once pushes with all it has:
     * the crate (10 kg, I = 0.4167 kg·m² about every axis) accelerates at F/m = 0.2 m/s² towards
     * its target offset (3, 0, 4) m and turns at τ/I = 0.24 rad/s² about the joint's axis
     * (1, 1, 1)/√3 towards the target angle. Measured after 1 s: velocity and spin as the closed
     * form to 1e-9, along the target's directions.
     */
    @Test
    void aWeakMotorJointAcceleratesAtItsForceAndTorqueLimitsTowardsItsTarget() {
        world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0, 0).build());
        world.createShape(crate, ShapeDef.builder().density(80).build(), new Box(0.25, 0.25, 0.25));
        double mass = world.mass(crate), inertia = world.massProperties(crate).inertia(0, 0);
        double axis = 1 / Math.sqrt(3);
        JointId motor = world.createJoint(JointDef.builder(JointKind.MOTOR, ground, crate).anchor(0, 0, 0).axis(1, 1, 1)
                .maxForceAndTorque(2.0, 0.1).build());
        world.joints().setMotorTarget(motor, 3, 0, 4, Math.PI / 2);
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        Vector3d v = world.linearVelocity(crate, new Vector3d()), w = world.angularVelocity(crate, new Vector3d());
        System.out.printf("weak motor after 1 s: v %s (a·t %.6f), ω %s (α·t %.6f)%n", v, 2.0 / mass, w, 0.1 / inertia);
        double speed = 2.0 / mass, spin = 0.1 / inertia;
        assertEquals(0.6 * speed, v.x, 1e-9);
        assertEquals(0.0, v.y, 1e-9);
        assertEquals(0.8 * speed, v.z, 1e-9);
        assertEquals(axis * spin, w.x, 1e-9);
        assertEquals(axis * spin, w.y, 1e-9);
        assertEquals(axis * spin, w.z, 1e-9);
        assertEquals(2.0, world.joints().reactionForce(motor, new Vector3d()).length(), 1e-9, "all its force");
        assertEquals(0.1, world.joints().reactionTorque(motor, new Vector3d()).length(), 1e-9, "all its torque");
    }

    /**
     * A motor joint strong enough never to reach its limits steers the error away at the
     * correction factor c per substep (Box2D's motor joint: the velocity target is −c/h times the
     * error). The offset's error shrinks by (1 − c) per substep (the anchor at the centre of mass
     * keeps it apart from the turn). The turn's error is measured as the rotation vector
     * 2·sin(θ/2)·axis, so a substep turns θ into θ − c·2·sin(θ/2): by (1 − c) as θ goes to zero.
     * Zero gravity, random axes and targets, c = 0.3 and 0.6, one and four substeps, four steps
     * (the error down to 4e-8 m, where the coordinates' rounding shows). Measured: both within
     * 1.1e-10 (offset) and 2.0e-10 (turn) of these closed forms, relative.
     */
    @Test
    void anUnlimitedMotorJointClosesItsErrorByTheCorrectionFactorEverySubstep() {
        java.util.Random random = new java.util.Random(3);
        double worstTurn = 0, worstOffset = 0;
        for (int trial = 0; trial < 8; trial++) {
            int substeps = trial % 2 == 0 ? 1 : 4;
            double c = trial % 4 < 2 ? 0.3 : 0.6;
            world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).substeps(substeps).build());
            ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
            BodyId crate = world.createBody(BodyDef.builder().position(0, 0, 0).build());
            world.createShape(crate, ShapeDef.builder().density(80).build(), new Box(0.25, 0.4, 0.3));
            Vector3d axis = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalize();
            Vector3d target = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalize(0.1);
            double angle = 0.1;
            JointId motor = world.createJoint(JointDef.builder(JointKind.MOTOR, ground, crate).anchor(0, 0, 0)
                    .axis(axis.x, axis.y, axis.z).correction(c).maxForceAndTorque(1e6, 1e6).build());
            world.joints().setMotorTarget(motor, target.x, target.y, target.z, angle);
            Quaterniond goal = new Quaterniond().rotationAxis(angle, axis.x, axis.y, axis.z);
            double expected = Math.pow(1 - c, substeps);
            double offset = target.length(), turn = angle;
            for (int step = 0; step < 4; step++) {
                world.step();
                double offsetNow = world.position(crate, new Vector3d()).distance(target);
                Quaterniond left = new Quaterniond(goal).invert().mul(world.rotation(crate, new Quaterniond()));
                double turnNow = 2 * Math.atan2(Math.sqrt(left.x * left.x + left.y * left.y + left.z * left.z), Math.abs(left.w));
                for (int k = 0; k < substeps; k++) {
                    turn -= c * 2 * Math.sin(turn / 2);
                }
                String where = "c " + c + ", " + substeps + " substeps, step " + step;
                assertEquals(expected, offsetNow / offset, 1e-9, where + ": the offset's error");
                worstOffset = Math.max(worstOffset, Math.abs(offsetNow / offset / expected - 1));
                assertEquals(1, turnNow / turn, 1e-9, where + ": the turn's error");
                worstTurn = Math.max(worstTurn, Math.abs(turnNow / turn - 1));
                offset = offsetNow;
                turn = turnNow;
            }
        }
        System.out.printf("unlimited motor: the offset's ratio within %.2e, the turn's within %.2e of the closed forms%n",
                worstOffset, worstTurn);
    }
}
