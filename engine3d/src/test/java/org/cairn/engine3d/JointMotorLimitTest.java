package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Motors reach their speed within their force, and limits hold under heavy loads. */
class JointMotorLimitTest {
    private static World world() {
        return new World(WorldDef.builder().sleeping(false).build());
    }

    private static BodyId ground(World world) {
        return world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
    }

    private static BodyId box(World world, double x, double y, double z, double hx, double hy, double hz, double density) {
        BodyId b = world.createBody(BodyDef.builder().position(x, y, z).build());
        world.createShape(b, ShapeDef.builder().density(density).build(), new Box(hx, hy, hz));
        return b;
    }

    /** Measured: 2.000000 rad/s after 1 s (a 10 kg plate, 50 N·m). */
    @Test
    void aHingeMotorSpinsAPlateUpToItsTargetSpeedWithinOnePercent() {
        World world = world();
        BodyId plate = box(world, 0, 5, 0, 0.5, 0.5, 0.05, 400);
        JointId hinge = world.createJoint(JointDef.builder(JointKind.HINGE, ground(world), plate).anchor(0, 5, 0)
                .axis(0, 0, 1).motor(2.0, 50).build());
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        double speed = world.joints().speed(hinge);
        assertEquals(2.0, speed, 0.02, "hinge speed after 1 s");
        assertEquals(2.0, world.angularVelocity(plate, new Vector3d()).z, 0.02);
    }

    /** A motor too weak for its load turns no faster than its torque allows: with 1 N·m against a 10 kg·m² wheel, α = 0.1 rad/s². */
    @Test
    void aWeakMotorAcceleratesAtItsTorqueOverTheInertia() {
        World world = world();
        BodyId wheel = box(world, 0, 5, 0, 1, 1, 0.1, 1);
        double inertia = world.massProperties(wheel).inertia(2, 2);
        JointId hinge = world.createJoint(JointDef.builder(JointKind.HINGE, ground(world), wheel).anchor(0, 5, 0)
                .axis(0, 0, 1).motor(100.0, 1.0).build());
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        assertEquals(1.0 / inertia, world.joints().speed(hinge), 0.01 / inertia, "speed after 1 s at full torque");
    }

    /**
     * A 1 m lever hinged at one end, its limit at ±30°, carrying at its far end a block of 100
     * times its own mass (a second shape of the same body): gravity swings it down onto −30°, and
     * the limit stops it. Measured: at most 4.5e-14° past the limit.
     */
    @Test
    void aHingeLimitHoldsALeverLoadedWithAHundredTimesItsMassWithinAFewHundredthsOfADegree() {
        World world = world();
        BodyId lever = box(world, 0.5, 5, 0, 0.5, 0.05, 0.05, 100);
        double leverMass = world.mass(lever);
        world.createShape(lever, ShapeDef.builder().density(100 * leverMass / 0.008).localPosition(0.5, 0, 0).build(),
                new Box(0.1, 0.1, 0.1));
        JointId hinge = world.createJoint(JointDef.builder(JointKind.HINGE, ground(world), lever).anchor(0, 5, 0)
                .axis(0, 0, 1).limits(Math.toRadians(-30), Math.toRadians(30)).build());
        double worst = 0;
        for (int i = 0; i < 300; i++) {
            world.step();
            worst = Math.max(worst, Math.toRadians(-30) - world.joints().coordinate(hinge));
        }
        System.out.printf("hinge limit, 100x load: at most %.3g° past%n", Math.toDegrees(worst));
        assertTrue(worst < Math.toRadians(0.05), "the lever went " + Math.toDegrees(worst) + "° past its limit");
        assertEquals(Math.toRadians(-30), world.joints().coordinate(hinge), Math.toRadians(0.1));
    }

    /**
     * A ball joint's twist limit (±20° about A's x axis) with B swung 60° out of line about z and
     * spun at 2 rad/s about the axis perpendicular to B's axis and to the swing axis, in zero
     * gravity. That turn leaves the swing angle alone and changes the twist by
     * tan(φ/2)·cos φ − sin φ = −0.577 rad per radian, so unchecked the twist would pass −20°
     * within 0.3 s. Measured: 3.3e-5° past the limit at most, resting on it after 1 s (with the row
     * along B's axis alone, which does not see this turn: 50.8° past, at −70.8°).
     */
    @Test
    void aBallJointTwistLimitHoldsWhenTheTwistComesFromATurnAboutAnAxisOtherThanBsAxis() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId b = box(world, 0, 5, 0, 0.5, 0.5, 0.5, 100);
        double limit = Math.toRadians(20);
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), b).anchor(0, 5, 0)
                .axis(1, 0, 0).limits(-limit, limit).build());
        double swing = Math.toRadians(60);
        world.setTransform(b, new Vector3d(0, 5, 0), new org.joml.Quaterniond().rotateZ(swing));
        // c ⊥ z and ⊥ B's axis (cos φ, sin φ, 0); −c turns the twist negative.
        world.setAngularVelocity(b, new Vector3d(Math.sin(swing), -Math.cos(swing), 0).mul(-2.0));
        assertEquals(0.0, world.joints().twist(ball), 1e-12, "no twist at the start");
        double worst = 0;
        for (int i = 0; i < 60; i++) {
            world.step();
            worst = Math.max(worst, Math.abs(world.joints().twist(ball)) - limit);
        }
        System.out.printf("ball twist limit at 60° swing: at most %.3g° past, twist %.3f° after 1 s%n",
                Math.toDegrees(worst), Math.toDegrees(world.joints().twist(ball)));
        assertTrue(worst < Math.toRadians(0.5), "the twist went " + Math.toDegrees(worst) + "° past its limit");
        assertEquals(-limit, world.joints().twist(ball), Math.toRadians(0.5), "the turn drove the twist onto its lower limit");
    }

    /**
     * A ball joint's cone (30°) holds B's axis when B is also twisted (40° about A's axis): the
     * cone limits the swing that is left once the twist is split off. B, centred on the anchor in
     * zero gravity, is turned at 2 rad/s about an axis square to its own. Measured: never past the
     * cone by more than rounding, resting on it (30.0000°) after 1 s, the twist kept (40.0000°).
     */
    @Test
    void aBallJointConeHoldsTheSwingOfATwistedBody() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId b = box(world, 0, 5, 0, 0.5, 0.5, 0.5, 100);
        double cone = Math.toRadians(30), twist = Math.toRadians(40);
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), b).anchor(0, 5, 0)
                .axis(1, 0, 0).cone(cone).build());
        world.setTransform(b, new Vector3d(0, 5, 0), new org.joml.Quaterniond().rotateX(twist));
        world.setAngularVelocity(b, new Vector3d(0, 0, 2.0));
        double worst = 0;
        for (int i = 0; i < 60; i++) {
            world.step();
            worst = Math.max(worst, world.joints().swing(ball) - cone);
        }
        System.out.printf("ball cone with a twist: at most %.3g° past, swing %.4f°, twist %.4f°%n", Math.toDegrees(worst),
                Math.toDegrees(world.joints().swing(ball)), Math.toDegrees(world.joints().twist(ball)));
        assertTrue(worst < Math.toRadians(0.05), "the swing went " + Math.toDegrees(worst) + "° past the cone");
        assertEquals(cone, world.joints().swing(ball), Math.toRadians(0.05), "B rests on the cone");
        assertEquals(twist, world.joints().twist(ball), Math.toRadians(0.5), "the twist is kept");
    }

    /**
     * A block held 1 m out from a ball joint (the joint's anchor 1 m from its centre), the cone at
     * 10°: it droops onto the cone and rests there, so (statics) the joint carries its weight,
     * F = m·g up, and the cone's torque about the block's centre balances the moment of F about it, τ = (c − anchor) × F =
     * m·g·L·cos 10° about z. Measured: the force to 3e-14 relative, the torque to 1.2e-5.
     */
    @Test
    void aBeamRestingOnItsConeReportsTheReactionStaticsGives() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId beam = box(world, 1.0, 5, 0, 0.1, 0.05, 0.05, 1000);
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), beam).anchor(0, 5, 0)
                .axis(1, 0, 0).cone(Math.toRadians(10)).build());
        for (int i = 0; i < 240; i++) {
            world.step();
        }
        double weight = world.mass(beam) * 9.81;
        Vector3d force = world.joints().reactionForce(ball, new Vector3d());
        Vector3d torque = world.joints().reactionTorque(ball, new Vector3d());
        Vector3d c = world.position(beam, new Vector3d());
        double lever = Math.hypot(c.x, c.y - 5);
        System.out.printf("beam on its cone: swing %.4f°, force %s, torque %s, m·g·L·cos %.6f%n",
                Math.toDegrees(world.joints().swing(ball)), force, torque, weight * lever * Math.cos(Math.toRadians(10)));
        assertEquals(Math.toRadians(10), world.joints().swing(ball), Math.toRadians(0.05), "resting on the cone");
        assertEquals(0, force.x, 1e-6 * weight);
        assertEquals(weight, force.y, 1e-6 * weight);
        assertEquals(0, force.z, 1e-6 * weight);
        assertEquals(weight * lever * Math.cos(Math.toRadians(10)), torque.z, 5e-5 * weight * lever);
        assertEquals(0, torque.x, 1e-6 * weight * lever);
        assertEquals(0, torque.y, 1e-6 * weight * lever);
    }

    /**
     * A block whose centre sits 0.5 m off a ball joint's axis (x), so its weight twists it about
     * that axis, held by twist limits of ±10°: it comes to rest on a limit, and (statics) the
     * joint carries its weight, F = m·g up, while the limit's torque about the block's centre
     * balances the moment of F about it, τ = (c − anchor) × F. Measured: both exact (no error in
     * doubles).
     */
    @Test
    void aBlockTwistedOntoItsTwistLimitReportsTheReactionStaticsGives() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId block = box(world, 0, 5, 0.5, 0.1, 0.1, 0.1, 1000);
        double limit = Math.toRadians(10);
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), block).anchor(0, 5, 0)
                .axis(1, 0, 0).limits(-limit, limit).build());
        for (int i = 0; i < 240; i++) {
            world.step();
        }
        double weight = world.mass(block) * 9.81;
        Vector3d force = world.joints().reactionForce(ball, new Vector3d());
        Vector3d torque = world.joints().reactionTorque(ball, new Vector3d());
        Vector3d arm = world.position(block, new Vector3d()).sub(0, 5, 0);
        Vector3d statics = new Vector3d(arm).cross(0, weight, 0);
        System.out.printf("block on its twist limit: twist %.4f°, force error %.2e, torque error %.2e (relative)%n",
                Math.toDegrees(world.joints().twist(ball)), force.distance(0, weight, 0) / weight,
                torque.distance(statics) / (weight * arm.length()));
        assertEquals(limit, Math.abs(world.joints().twist(ball)), Math.toRadians(0.05), "resting on a twist limit");
        assertEquals(0, force.distance(0, weight, 0), 1e-9 * weight, "F = m·g up");
        assertEquals(0, torque.distance(statics), 1e-5 * weight * arm.length(), "τ = (c − anchor) × F");
    }

    /**
     * A block hanging 1 m below a static anchor on a distance joint: the rope carries the weight,
     * F = m·g along it, and no torque. Measured: exact; the rope 6.9e-5 m longer, the static stretch
     * g/ω² of a joint to a static body at the joint's stiffness.
     */
    @Test
    void aBlockHangingOnADistanceJointReportsItsWeightAlongTheRope() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId block = box(world, 0, 4, 0, 0.1, 0.1, 0.1, 1000);
        JointId rope = world.createJoint(JointDef.builder(JointKind.DISTANCE, ground(world), block)
                .anchors(0, 5, 0, 0, 4, 0).build());
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        assertCarriesTheWeightAlone(world, rope, block, "hanging on a rope");
        assertEquals(1.0, world.joints().coordinate(rope), 2e-4, "the rope keeps its length");
    }

    /**
     * A hinge whose B was knocked 10° out of line (about an axis square to the hinge's, in zero
     * gravity) is brought back into line by its alignment rows and keeps its anchors together
     * (the correction's torque, square to the hinge, turns the long box about the hinge too, which
     * the hinge leaves free: 11.3° after 1 s). Measured: 0.0000° out of line after 1 s, the anchors
     * 4.2e-7 m apart.
     */
    @Test
    void aHingeKnockedOutOfLineIsBroughtBackIntoLine() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId b = box(world, 0.5, 5, 0, 0.5, 0.1, 0.1, 100);
        JointId hinge = world.createJoint(JointDef.builder(JointKind.HINGE, ground(world), b).anchor(0, 5, 0)
                .axis(0, 0, 1).build());
        // Turned 10° about (0.6, 0.8, 0) through the anchor: B's hinge axis tilts out of z both ways.
        org.joml.Quaterniond tilt = new org.joml.Quaterniond().rotateAxis(Math.toRadians(10), 0.6, 0.8, 0);
        world.setTransform(b, tilt.transform(new Vector3d(0.5, 0, 0)).add(0, 5, 0), tilt);
        assertEquals(Math.toRadians(10), world.joints().swing(hinge), 1e-9, "knocked 10° out of line");
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        Vector3d a = world.joints().anchorA(hinge, new Vector3d()), bb = world.joints().anchorB(hinge, new Vector3d());
        System.out.printf("hinge knocked out of line: %.4f° after 1 s, angle %.4f°, anchors %.2e m apart%n",
                Math.toDegrees(world.joints().swing(hinge)), Math.toDegrees(world.joints().coordinate(hinge)), a.distance(bb));
        assertEquals(0, world.joints().swing(hinge), Math.toRadians(0.01), "back in line");
        assertEquals(0, a.distance(bb), 2e-6, "anchors together");
    }

    /**
     * A vertical slider with a lower limit 1 m down carries a block of 100 times the carriage's
     * mass (a second shape of the same body). Measured: never past it.
     */
    @Test
    void aSliderLimitHoldsACarriageLoadedWithAHundredTimesItsMassWithinAThirdOfAMillimetre() {
        World world = world();
        BodyId carriage = box(world, 0, 5, 0, 0.1, 0.1, 0.1, 100);
        world.createShape(carriage, ShapeDef.builder().density(100 * world.mass(carriage) / 0.216)
                .localPosition(0, -0.4, 0).build(), new Box(0.3, 0.3, 0.3));
        JointId slider = world.createJoint(JointDef.builder(JointKind.SLIDER, ground(world), carriage).anchor(0, 5, 0)
                .axis(0, 1, 0).limits(-1, 1).build());
        double worst = 0;
        for (int i = 0; i < 300; i++) {
            world.step();
            worst = Math.max(worst, -1 - world.joints().coordinate(slider));
        }
        System.out.printf("slider limit, 100x load: at most %.3g mm past%n", 1000 * worst);
        assertTrue(worst < 0.0003, "the carriage went " + worst + " m past its limit");
        Vector3d p = world.position(carriage, new Vector3d());
        assertEquals(0, p.x, 1e-6, "a slider keeps its line");
        assertEquals(0, p.z, 1e-6);
        // At rest on its lower limit, the limit carries the whole weight: F = m·g up, no torque
        // (the load hangs below the anchor, on the axis). Measured: no error at all.
        assertCarriesTheWeightAlone(world, slider, carriage, "slider on its limit");
    }

    /** The joint's reaction on B is B's weight straight up, with no torque, to 1e-9 of the weight. */
    private static void assertCarriesTheWeightAlone(World world, JointId joint, BodyId b, String what) {
        double weight = world.mass(b) * 9.81;
        Vector3d force = world.joints().reactionForce(joint, new Vector3d());
        Vector3d torque = world.joints().reactionTorque(joint, new Vector3d());
        System.out.printf("%s: force error %.2e, torque %.2e (relative)%n", what, force.distance(0, weight, 0) / weight,
                torque.length() / weight);
        assertEquals(0, force.x, 1e-9 * weight, what);
        assertEquals(weight, force.y, 1e-9 * weight, what);
        assertEquals(0, force.z, 1e-9 * weight, what);
        assertEquals(0, torque.length(), 1e-9 * weight, what);
    }

    /**
     * A horizontal slider (along x) holds a block up by its two perpendicular rows alone: F = m·g
     * up, no torque (the anchor at the block's centre), and no force along the axis. Measured: no
     * error at all (force and torque exact in doubles).
     */
    @Test
    void aHorizontalSliderCarriesItsBlocksWeightOnItsPerpendicularRows() {
        World world = world();
        BodyId block = box(world, 0, 5, 0, 0.2, 0.2, 0.2, 500);
        JointId slider = world.createJoint(JointDef.builder(JointKind.SLIDER, ground(world), block).anchor(0, 5, 0)
                .axis(1, 0, 0).build());
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        assertCarriesTheWeightAlone(world, slider, block, "horizontal slider");
        assertEquals(5.0, world.position(block, new Vector3d()).y, 1e-4, "held where it was put");
    }

    /** A rope (a distance joint with only an upper limit) lets its end fall freely until taut, then holds it at its length. */
    @Test
    void aRopeIsSlackUntilTautThenHoldsItsLength() {
        World world = world();
        BodyId ball = box(world, 0, 4, 0, 0.1, 0.1, 0.1, 1000);
        JointId rope = world.createJoint(JointDef.builder(JointKind.DISTANCE, ground(world), ball)
                .anchors(0, 5, 0, 0, 4, 0).limits(0, 2).build());
        for (int i = 0; i < 15; i++) {
            world.step();
        }
        // Free fall for 0.25 s: 0.5·g·t² = 0.307 m.
        double fallen = 4 - world.position(ball, new Vector3d()).y;
        assertEquals(0.5 * 9.81 * 0.25 * 0.25, fallen, 0.01, "fall while slack");
        for (int i = 0; i < 300; i++) {
            world.step();
        }
        assertEquals(2.0, world.joints().coordinate(rope), 0.005, "taut length");
    }

    /** A joint whose reaction exceeds its break force breaks (once), is reported, and lets go. */
    @Test
    void aJointBreaksWhenItsReactionExceedsItsBreakForce() {
        World world = world();
        BodyId weight = box(world, 0, 4, 0, 0.1, 0.1, 0.1, 1000);
        double w = world.mass(weight) * 9.81;
        JointId strong = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), weight).anchor(0, 4.1, 0)
                .breakForce(2 * w).build());
        for (int i = 0; i < 30; i++) {
            world.step();
        }
        assertTrue(!world.joints().isBroken(strong));
        assertEquals(w, world.joints().reactionForce(strong, new Vector3d()).y, 0.01 * w, "reaction holds the weight");
        world.destroyJoint(strong);
        JointId weak = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), weight).anchor(0, 4.1, 0)
                .breakForce(0.5 * w).build());
        int reported = 0;
        for (int i = 0; i < 30; i++) {
            world.step();
            reported += world.joints().brokenCount();
            if (world.joints().brokenCount() == 1) {
                assertEquals(weak, world.joints().broken(0));
            }
        }
        assertTrue(world.joints().isBroken(weak));
        assertEquals(1, reported, "broken once");
        assertTrue(world.linearVelocity(weight, new Vector3d()).y < -1, "the weight falls once let go");
    }
}
