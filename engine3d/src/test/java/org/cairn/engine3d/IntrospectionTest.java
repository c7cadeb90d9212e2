package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Reading what the world holds and changing it at run time. */
class IntrospectionTest {
    @Test
    void bodiesShapesTheirPosesMaterialsAndUserData() {
        World world = new World();
        BodyId a = world.createBody(BodyDef.builder().build());
        BodyId b = world.createBody(BodyDef.builder().position(3, 0, 0).build());
        ShapeId box = world.createShape(a, ShapeDef.builder().localPosition(0, 1, 0).localRotation(new Quaterniond().rotateY(0.5))
                .friction(0.3).restitution(0.2).density(500).build(), new Box(0.5, 0.5, 0.5));
        ShapeId ball = world.createShape(a, ShapeDef.DEFAULTS, new Sphere(0.2));
        assertEquals(List.of(a, b), world.bodies(new ArrayList<>()));
        assertEquals(List.of(ball, box), world.shapes(a, new ArrayList<>()));
        assertEquals(new Vector3d(0, 1, 0), world.localPosition(box, new Vector3d()));
        assertTrue(world.localRotation(box, new Quaterniond()).equals(new Quaterniond().rotateY(0.5), 1e-15));
        assertEquals(0.3, world.friction(box));
        assertEquals(0.2, world.restitution(box));
        assertEquals(500, world.density(box));
        world.setUserData(a, "crate");
        world.setUserData(box, 42L);
        assertEquals("crate", world.userData(a));
        assertEquals(42L, world.userData(box));
        assertNull(world.userData(b));
        world.destroyBody(a);
        BodyId c = world.createBody(BodyDef.builder().build());
        assertEquals(a.index(), c.index(), "the slot is used again");
        assertNull(world.userData(c), "and the new body does not inherit the old one's data");
        assertThrows(IllegalArgumentException.class, () -> world.userData(a));
    }

    @Test
    void changingFrictionAtRunTimeChangesTheContactAtOnce() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        ShapeId floor = world.createShape(ground, ShapeDef.builder().friction(1.0).build(), new Box(50, 0.5, 50));
        BodyId puck = world.createBody(BodyDef.builder().position(0, 0.1, 0).linearVelocity(4, 0, 0).build());
        ShapeId shape = world.createShape(puck, ShapeDef.builder().friction(1.0).build(), new Box(0.1, 0.1, 0.1));
        world.step();
        world.setFriction(floor, 0.0);
        world.setFriction(shape, 0.0);
        assertEquals(0.0, world.contacts().friction(0));
        double v0 = world.linearVelocity(puck, new Vector3d()).x;
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertEquals(v0, world.linearVelocity(puck, new Vector3d()).x, 1e-9, "frictionless: it keeps its speed");
        assertThrows(IllegalArgumentException.class, () -> world.setFriction(shape, -1));
    }

    @Test
    void aBodyCanBePutToSleepAndWokenAndGravityChanged() {
        World world = new World();
        BodyId ball = world.createBody(BodyDef.builder().position(0, 10, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        world.step();
        world.setAwake(ball, false);
        assertFalse(world.isAwake(ball));
        double y = world.position(ball, new Vector3d()).y;
        world.step();
        assertEquals(y, world.position(ball, new Vector3d()).y, "asleep in mid-air: it stays");
        world.setGravity(new Vector3d(0, 9.81, 0));
        assertEquals(new Vector3d(0, 9.81, 0), world.gravity(new Vector3d()));
        world.setAwake(ball, true);
        world.step();
        assertTrue(world.linearVelocity(ball, new Vector3d()).y > 0, "woken, it falls up");
    }
}
