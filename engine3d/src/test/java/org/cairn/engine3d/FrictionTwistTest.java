package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Friction's turn about the contact normal. A unit box lying flat on the ground touches it at its
 * four bottom corners, each carrying a quarter of the weight at r = √2/2 m from the centre; spun
 * about the vertical, every corner slides tangentially, so Coulomb friction at the corners brakes
 * the spin with the torque μ·m·g·r, a constant deceleration α = μ·g·r/(I/m) = 6·μ·g·r for the box's
 * I = m/6 about its vertical axis: 20.81 rad/s² for μ = 0.5.
 */
class FrictionTwistTest {
    private static final double MU = 0.5;
    private static final double G = 9.81;
    private static final double ALPHA = 6 * MU * G * Math.sqrt(0.5);

    private static World spinningBox(double spin, BodyId[] box) {
        World world = new World(WorldDef.builder().sleeping(false).gravity(0, -G, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(MU).build(), new Box(5, 0.5, 5));
        box[0] = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box[0], ShapeDef.builder().density(1000).friction(MU).build(), new Box(0.5, 0.5, 0.5));
        // Let it settle onto its contacts first, then spin it.
        for (int i = 0; i < 30; i++) {
            world.step();
        }
        world.setAngularVelocity(box[0], new Vector3d(0, spin, 0));
        return world;
    }

    /** Measured: 6.5316 rad/s after 10 steps, as the closed form (to 1e-4), stopped at step 29 (28.83 predicted). */
    @Test
    void aBoxSpunFlatOnTheGroundSlowsAtTheCornerFrictionTorqueAndStops() {
        BodyId[] box = new BodyId[1];
        World world = spinningBox(10.0, box);
        double dt = 1.0 / 60;
        for (int i = 0; i < 10; i++) {
            world.step();
        }
        double spin = world.angularVelocity(box[0], new Vector3d()).y;
        System.out.printf("spinning box: %.4f rad/s after 10 steps, closed form %.4f%n", spin, 10 - ALPHA * 10 * dt);
        assertEquals(10 - ALPHA * 10 * dt, spin, 1e-3, "spin after 10 steps");
        int stopped = -1;
        for (int i = 11; i <= 60 && stopped < 0; i++) {
            world.step();
            if (Math.abs(world.angularVelocity(box[0], new Vector3d()).y) < 1e-6) {
                stopped = i;
            }
        }
        double predicted = 10 / ALPHA / dt;
        System.out.printf("stopped at step %d, predicted %.2f%n", stopped, predicted);
        assertTrue(Math.abs(stopped - predicted) <= 1.5, "stopped at step " + stopped + ", predicted " + predicted);
    }

    /**
     * The reported twist over a sliding step is the change of the box's angular momentum about the
     * vertical, I·Δω, and opposes the spin (from the ground, A, to the box, B, along n = +y).
     */
    @Test
    void theReportedTwistImpulseIsTheAngularMomentumFrictionTookOverTheStep() {
        BodyId[] box = new BodyId[1];
        World world = spinningBox(10.0, box);
        world.step();
        double before = world.angularVelocity(box[0], new Vector3d()).y;
        world.step();
        double after = world.angularVelocity(box[0], new Vector3d()).y;
        double inertia = world.massProperties(box[0]).inertia(1, 1);
        Contacts contacts = world.contacts();
        assertEquals(1, contacts.count());
        double sign = contacts.bodyB(0).equals(box[0]) ? 1 : -1;
        double twist = sign * contacts.twistImpulse(0);
        System.out.printf("twist impulse %.5f N·m·s, I·Δω %.5f%n", twist, inertia * (after - before));
        assertTrue(twist < 0, "friction opposes the spin: " + twist);
        assertEquals(inertia * (after - before), twist, 1e-9 * inertia * 10);
    }
}
