package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A ball joint's friction resists the bodies' relative turn with at most its torque about each of
 * the joint's axes: a spinning body slows at τ/I about the joint, a load whose moment is below
 * the torque is held, one above it falls at (m·g·L − τ)/I.
 */
class JointFrictionTest {
    private static BodyId ground(World world) {
        return world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
    }

    private static BodyId box(World world, double x, double y, double z, double hx, double hy, double hz) {
        BodyId b = world.createBody(BodyDef.builder().position(x, y, z).build());
        world.createShape(b, ShapeDef.builder().density(100).build(), new Box(hx, hy, hz));
        return b;
    }

    /**
     * A 1 m cube (100 kg, I = m/6 = 16.7 kg·m²) on a ball joint at its centre, in zero gravity,
     * spun at 3 rad/s about the joint's axis with 10 N·m of friction: it slows uniformly, ω(t) =
     * ω₀ − τ·t/I, and stops at t = I·ω₀/τ = 5 s, where the friction holds it. Measured: 0.5 s,
     * 1 s and 2 s within 2.6e-14 rad/s of the line; after 6 s, |ω| = 0 exactly.
     */
    @Test
    void aCubeSpunOnAFrictionalBallJointAtItsCentreSlowsAtTorqueOverInertiaAndStops() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId cube = box(world, 0, 5, 0, 0.5, 0.5, 0.5);
        double inertia = world.mass(cube) / 6, torque = 10, spin = 3;
        world.createJoint(JointDef.builder(JointKind.BALL, ground(world), cube).anchor(0, 5, 0).axis(0, 1, 0)
                .friction(torque).build());
        world.setAngularVelocity(cube, new Vector3d(0, spin, 0));
        double worst = 0;
        for (int step = 1; step <= 360; step++) {
            world.step();
            double t = step / 60.0;
            Vector3d w = world.angularVelocity(cube, new Vector3d());
            if (step == 30 || step == 60 || step == 120) {
                worst = Math.max(worst, Math.abs(w.y - (spin - torque * t / inertia)));
                assertEquals(0, Math.hypot(w.x, w.z), 1e-12, "no turn about the other axes");
            }
        }
        Vector3d w = world.angularVelocity(cube, new Vector3d());
        System.out.printf("cube on a frictional ball joint: at most %.2e rad/s off ω₀ − τt/I; after 6 s |ω| = %.2e%n",
                worst, w.length());
        assertTrue(worst < 1e-13, "the spin left the line ω₀ − τt/I by " + worst + " rad/s");
        assertEquals(0, w.length(), 1e-12, "stopped at 5 s and held");
    }

    /**
     * A 1 m beam (0.1 m square, 1 kg), one end on a ball joint, turning in zero gravity about the
     * joint's axis at 2 rad/s with 0.1 N·m of friction: about a fixed point the beam's inertia is
     * m·(l² + w²)/12 + m·(l/2)² = 0.334 kg·m², so it slows at τ/I_anchor, three times faster than
     * τ/I about its centre would give. Measured: the speed after 1 s within 1.1e-4 rad/s of
     * ω₀ − τ/I_anchor (the joint's softness lets its anchor give a little).
     */
    @Test
    void aBeamTurningAboutAFrictionalBallJointAtItsEndSlowsAtTorqueOverItsInertiaAboutTheJoint() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId beam = box(world, 0.5, 5, 0, 0.5, 0.05, 0.05);
        double m = world.mass(beam), torque = 0.1, spin = 2;
        double aboutAnchor = m * (1 + 0.01) / 12 + m * 0.25;
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, ground(world), beam).anchor(0, 5, 0)
                .axis(0, 0, 1).friction(torque).build());
        world.setAngularVelocity(beam, new Vector3d(0, 0, spin));
        world.setLinearVelocity(beam, new Vector3d(0, spin * 0.5, 0));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        double w = world.angularVelocity(beam, new Vector3d()).z;
        System.out.printf("beam about its end: %.6f rad/s after 1 s, closed form %.6f (about its centre: %.6f)%n", w,
                spin - torque / aboutAnchor, spin - torque / (m * (1 + 0.01) / 12));
        assertEquals(spin - torque / aboutAnchor, w, 4e-4, "ω after 1 s");
        Vector3d anchor = world.joints().anchorB(ball, new Vector3d());
        assertEquals(0, anchor.distance(0, 5, 0), 1e-3, "the beam turned about the joint");
    }

    /**
     * The same beam held level by its joint under gravity: its weight's moment about the joint is
     * m·g·L = 4.9 N·m. With 1.5 times that much friction it stays level; with half of it, it
     * swings down at α = (m·g·L − τ)/I_anchor from rest: after n substeps of h, semi-implicit
     * Euler at constant α puts it at θ = α·h²·n(n + 1)/2 (4 % past α·t²/2 at n = 24). Measured:
     * held within 0.002° for 2 s (the joint's own soft sag); 1.0008 of that θ after 0.1 s.
     */
    @Test
    void frictionHoldsALoadWhoseMomentIsBelowItsTorqueAndSlowsOneAboveIt() {
        for (double share : new double[] {1.5, 0.5}) {
            World world = new World(WorldDef.builder().sleeping(false).build());
            BodyId beam = box(world, 0.5, 5, 0, 0.5, 0.05, 0.05);
            double m = world.mass(beam), moment = m * 9.81 * 0.5;
            double aboutAnchor = m * (1 + 0.01) / 12 + m * 0.25;
            world.createJoint(JointDef.builder(JointKind.BALL, ground(world), beam).anchor(0, 5, 0).axis(0, 0, 1)
                    .friction(share * moment).build());
            int steps = share > 1 ? 120 : 6;
            for (int step = 0; step < steps; step++) {
                world.step();
            }
            Vector3d c = world.position(beam, new Vector3d());
            double angle = Math.atan2(5 - c.y, c.x);
            if (share > 1) {
                System.out.printf("friction 1.5 m·g·L: %.2e° below level after 2 s%n", Math.toDegrees(angle));
                assertEquals(0, angle, Math.toRadians(0.01), "held level");
            } else {
                int n = 4 * steps;
                double h = 1 / 240.0, expected = (moment - share * moment) / aboutAnchor * h * h * n * (n + 1) / 2;
                System.out.printf("friction 0.5 m·g·L: %.6f rad after %d substeps, α·h²·n(n + 1)/2 = %.6f (ratio %.5f)%n",
                        angle, n, expected, angle / expected);
                assertEquals(expected, angle, 0.005 * expected, "swung down at (m·g·L − τ)/I");
            }
        }
    }

    @Test
    void frictionIsForBallJointsAndNeverNegative() {
        World world = new World();
        BodyId a = ground(world), b = box(world, 0, 1, 0, 0.5, 0.5, 0.5);
        IllegalArgumentException hinge = assertThrows(IllegalArgumentException.class,
                () -> world.createJoint(JointDef.builder(JointKind.HINGE, a, b).friction(1).build()));
        assertTrue(hinge.getMessage().contains("BALL"), hinge.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> JointDef.builder(JointKind.BALL, a, b).friction(-1));
        assertTrue(negative.getMessage().contains("friction torque"), negative.getMessage());
        JointId ball = world.createJoint(JointDef.builder(JointKind.BALL, a, b).friction(2).build());
        assertThrows(IllegalArgumentException.class, () -> world.joints().setFriction(ball, Double.NaN));
        assertEquals(2, world.joints().friction(ball), "a rejected call leaves the friction as it was");
        world.joints().setFriction(ball, 3);
        assertEquals(3, world.joints().friction(ball));
        JointId hingeJoint = world.createJoint(JointDef.builder(JointKind.HINGE, a, b).build());
        assertThrows(IllegalArgumentException.class, () -> world.joints().setFriction(hingeJoint, 1));
        assertEquals(0, world.joints().friction(hingeJoint));
    }
}
