package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A disabled body is out of the simulation, and comes back where it was. */
class EnableDisableTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    @Test
    void aDisabledBodyHangsStillLetsOthersThroughAndFallsWhenEnabled() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        assertEquals(1, world.contacts().count());
        world.setTransform(crate, new Vector3d(0, 3, 0), new Quaterniond());
        world.setLinearVelocity(crate, new Vector3d());
        world.setAngularVelocity(crate, new Vector3d());
        world.setEnabled(crate, false);
        assertFalse(world.isEnabled(crate));
        assertFalse(world.isAwake(crate));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 5, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        for (int step = 0; step < 120; step++) {
            world.step();
            assertEquals(3, world.position(crate, new Vector3d()).y, 0.0, "out of the simulation: no gravity");
        }
        assertEquals(0.2, world.position(ball, new Vector3d()).y, 0.01, "the ball fell through it onto the ground");
        world.setEnabled(crate, true);
        assertTrue(world.isAwake(crate));
        for (int step = 0; step < 20; step++) {
            world.step();
        }
        // Free fall from rest, touching nothing: on its parabola, y drops g·t²/2 after t = 20 steps.
        double t = 20 * DT;
        assertEquals(3 - G * t * t / 2, world.position(crate, new Vector3d()).y, 1e-9);
    }

    @Test
    void disablingEndsContactsWithEventsAndShapesCanChangeMeanwhile() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        ShapeId box = world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        world.setEnabled(crate, false);
        world.step();
        assertEquals(1, world.contactEvents().endCount());
        assertEquals(0, world.contacts().count());
        world.createShape(crate, ShapeDef.DEFAULTS, new Sphere(0.5));
        world.destroyShape(box);
        world.setLinearVelocity(crate, new Vector3d(1, 0, 0));
        world.step();
        assertFalse(world.isAwake(crate), "a disabled body is not woken by changes");
        world.setEnabled(crate, true);
        world.step();
        assertEquals(1, world.contactEvents().beginCount(), "back, it touches the ground again");
    }

    @Test
    void jointedBodiesAndJointsToDisabledBodiesAreRefused() {
        World world = new World();
        BodyId a = world.createBody(BodyDef.builder().build());
        world.createShape(a, ShapeDef.DEFAULTS, new Sphere(0.2));
        BodyId b = world.createBody(BodyDef.builder().position(1, 0, 0).build());
        world.createShape(b, ShapeDef.DEFAULTS, new Sphere(0.2));
        JointId joint = world.createJoint(JointDef.builder(JointKind.BALL, a, b).anchor(0.5, 0, 0).build());
        assertThrows(IllegalArgumentException.class, () -> world.setEnabled(a, false));
        assertTrue(world.isEnabled(a));
        world.destroyJoint(joint);
        world.setEnabled(a, false);
        assertThrows(IllegalArgumentException.class,
                () -> world.createJoint(JointDef.builder(JointKind.BALL, a, b).anchor(0.5, 0, 0).build()));
        world.destroyBody(a);
        world.step();
    }
}
