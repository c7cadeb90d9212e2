package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A body's type changes at run time, and the world goes on as if it had been made so. */
class BodyTypeChangeTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    @Test
    void aStaticShelfLetGoFallsFreelyAndTheCrateOnItFallsWithIt() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId shelf = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 5, 0).build());
        world.createShape(shelf, ShapeDef.DEFAULTS, new Box(1, 0.1, 1));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 5.35, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.25, 0.25, 0.25));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        double resting = world.position(crate, new Vector3d()).y;
        assertEquals(5.35, resting, 0.01, "resting on the shelf");
        world.setType(shelf, BodyType.DYNAMIC);
        assertEquals(BodyType.DYNAMIC, world.type(shelf));
        assertEquals(1000 * 2 * 0.2 * 2, world.mass(shelf), 1e-9, "its mass from its shape now");
        for (int step = 0; step < 30; step++) {
            world.step();
        }
        // Free fall for 0.5 s in 120 substeps of h = dt/4; carrying the crate it is in a contact
        // constraint, so it moves by semi-implicit Euler: y drops g·h²·N(N+1)/2.
        double h = DT / 4, drop = G * h * h * 120 * 121 / 2;
        // Within 5.8 µm (measured): the crate's resting contact lets go of its last compression.
        assertEquals(5 - drop, world.position(shelf, new Vector3d()).y, 3e-5);
        assertEquals(resting - drop, world.position(crate, new Vector3d()).y, 0.02, "the crate with it");
    }

    @Test
    void aFallingCrateNailedDownStopsAndHoldsWhatLandsOnIt() {
        World world = new World();
        BodyId crate = world.createBody(BodyDef.builder().position(0, 3, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        world.setType(crate, BodyType.STATIC);
        assertEquals(new Vector3d(), world.linearVelocity(crate, new Vector3d()));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 5, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.25));
        double y = world.position(crate, new Vector3d()).y;
        for (int step = 0; step < 180; step++) {
            world.step();
        }
        assertEquals(y, world.position(crate, new Vector3d()).y, 0.0, "static: it never moves again");
        assertEquals(y + 0.5 + 0.25, world.position(ball, new Vector3d()).y, 0.01, "the ball rests on it");
        // And kinematic: it moves at its velocity, pushing the ball up.
        world.setType(crate, BodyType.KINEMATIC);
        world.setLinearVelocity(crate, new Vector3d(0, 1, 0));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertEquals(y + 1, world.position(crate, new Vector3d()).y, 1e-9);
        assertTrue(world.position(ball, new Vector3d()).y > y + 1.7, "carried up");
    }

    @Test
    void aJointedBodyOrAMasslessOneIsRefusedAndLeftAsItWas() {
        World world = new World();
        BodyId a = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(a, ShapeDef.DEFAULTS, new Box(1, 1, 1));
        BodyId b = world.createBody(BodyDef.builder().position(0, 3, 0).build());
        world.createShape(b, ShapeDef.DEFAULTS, new Sphere(0.2));
        world.createJoint(JointDef.builder(JointKind.BALL, a, b).anchor(0, 2, 0).build());
        assertThrows(IllegalArgumentException.class, () -> world.setType(b, BodyType.STATIC));
        assertEquals(BodyType.DYNAMIC, world.type(b));
        BodyId ghost = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).build());
        world.createShape(ghost, ShapeDef.builder().density(0).build(), new Sphere(0.2));
        assertThrows(IllegalArgumentException.class, () -> world.setType(ghost, BodyType.DYNAMIC));
        assertEquals(BodyType.KINEMATIC, world.type(ghost));
    }
}
