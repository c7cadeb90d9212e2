package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The world cannot be changed from inside a query's callback (an IllegalStateException naming the
 * call and the query, and the world works on afterwards); a handle made by one world is refused by
 * every other; a null destination is refused with its name.
 */
class WorldLockAndHandlesTest {
    private final World world = new World();
    private final BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
    private final ShapeId groundShape = world.createShape(ground, ShapeDef.builder().build(), new Box(5, 0.5, 5));
    private final BodyId ball = world.createBody(BodyDef.builder().position(0, 2, 0).build());
    private final ShapeId ballShape = world.createShape(ball, ShapeDef.builder().build(), new Sphere(0.5));

    @Test
    void changingTheWorldFromAQueryCallbackIsRefusedAndLeavesTheWorldWorking() {
        Aabb everything = new Aabb(-10, -10, -10, 10, 10, 10);
        IllegalStateException destroy = assertThrows(IllegalStateException.class,
                () -> world.overlapAabb(everything, QueryFilter.ALL, hit -> {
                    world.destroyShape(hit.shape());
                    return true;
                }));
        assertTrue(destroy.getMessage().startsWith("destroyShape was called from inside a overlapAabb callback"),
                destroy.getMessage());
        IllegalStateException step = assertThrows(IllegalStateException.class,
                () -> world.castRay(new Vector3d(0, 5, 0), new Vector3d(0, -10, 0), QueryFilter.ALL, hit -> {
                    world.step();
                    return 1;
                }));
        assertTrue(step.getMessage().startsWith("step was called from inside a castRay callback"), step.getMessage());
        IllegalStateException nested = assertThrows(IllegalStateException.class,
                () -> world.overlapShape(new Sphere(20), new Vector3d(), new Quaterniond(), QueryFilter.ALL, hit -> {
                    world.castRayAny(new Vector3d(0, 5, 0), new Vector3d(0, -10, 0), QueryFilter.ALL);
                    return true;
                }));
        assertTrue(nested.getMessage().startsWith("castRayAny was called from inside a overlapShape callback"),
                nested.getMessage());
        // Nothing was destroyed, and the world steps and queries as before.
        assertTrue(world.isValid(groundShape) && world.isValid(ballShape));
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        assertEquals(1.0, world.position(ball, new Vector3d()).y, 0.01, "the ball rests on the ground");
        int[] seen = {0};
        world.overlapAabb(everything, QueryFilter.ALL, hit -> ++seen[0] > 0);
        assertEquals(2, seen[0]);
    }

    @Test
    void handlesFromAnotherWorldAreRefused() {
        World other = new World();
        BodyId foreign = other.createBody(BodyDef.builder().build());
        ShapeId foreignShape = other.createShape(foreign, ShapeDef.builder().build(), new Sphere(1));
        // Same slots as this world's ground: without the world in the handle they would name it.
        assertEquals(ground.index(), foreign.index());
        assertEquals(groundShape.index(), foreignShape.index());
        assertFalse(world.isValid(foreign));
        assertFalse(world.isValid(foreignShape));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.destroyBody(foreign));
        assertTrue(e.getMessage().startsWith("bodyId ") && e.getMessage().endsWith("was made by another world"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> world.position(foreign, new Vector3d()));
        assertThrows(IllegalArgumentException.class, () -> world.destroyShape(foreignShape));
        assertThrows(IllegalArgumentException.class, () -> world.setPairExcluded(foreignShape, ballShape, true));
        assertTrue(world.isValid(ground) && world.isValid(groundShape), "this world's ground is untouched");
        assertFalse(foreign.equals(ground), "handles of two worlds are not equal");
    }

    @Test
    void aNullDestinationIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.position(ball, null));
        assertTrue(e.getMessage().startsWith("dest "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> world.linearVelocity(ball, null));
        assertThrows(IllegalArgumentException.class, () -> world.rotation(ball, null));
        assertThrows(IllegalArgumentException.class, () -> world.linearMomentum(null));
    }
}
