package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Shapes of equal geometry collide from one shared collision form (so a pile of equal boxes reads
 * one hull), and sharing changes nothing a step computes: a tumbling pile built where the forms
 * are shared and built in a world that has stopped remembering geometries (each box its own form)
 * steps to the same bits.
 */
class CollisionShapeSharingTest {
    @Test
    void equalGeometriesShareOneCollisionFormAndMeshesDoNot() {
        World world = new World();
        assertSame(world.collisionOf(new Box(0.5, 0.5, 0.5)), world.collisionOf(new Box(0.5, 0.5, 0.5)));
        assertSame(world.collisionOf(new Capsule(0.3, 0.2)), world.collisionOf(new Capsule(0.3, 0.2)));
        assertNotSame(world.collisionOf(new Box(0.5, 0.5, 0.5)), world.collisionOf(new Box(0.5, 0.5, 0.25)));
        TriangleMesh mesh = TriangleMesh.of(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 1, 2});
        assertNotSame(world.collisionOf(mesh), world.collisionOf(mesh));
    }

    @Test
    void aWorldPastItsSharingLimitStepsToTheSameBits() {
        // The second world first fills its memory of geometries, so its boxes each get their own form.
        World shared = pile(new World(WorldDef.builder().sleeping(false).build()));
        World own = new World(WorldDef.builder().sleeping(false).build());
        for (int i = 0; i < 1100; i++) {
            own.collisionOf(new Box(0.1 + 1e-3 * i, 0.1, 0.1));
        }
        assertNotSame(own.collisionOf(new Box(0.5, 0.5, 0.5)), own.collisionOf(new Box(0.5, 0.5, 0.5)),
                "past its limit a world makes each form anew");
        pile(own);
        for (int step = 0; step < 120; step++) {
            shared.step();
            own.step();
        }
        Vector3d a = new Vector3d(), b = new Vector3d();
        java.util.List<BodyId> bodiesA = shared.bodies(new java.util.ArrayList<>()), bodiesB = own.bodies(new java.util.ArrayList<>());
        assertEquals(bodiesA.size(), bodiesB.size());
        for (int i = 0; i < bodiesA.size(); i++) {
            // Vector3d.equals compares the bits of each component.
            assertEquals(shared.position(bodiesA.get(i), a), own.position(bodiesB.get(i), b), "body " + i);
        }
    }

    private static World pile(World world) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(10, 0.5, 10));
        for (int i = 0; i < 30; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(0.3 * (i % 3), 0.5 + 1.1 * i, 0.2 * (i % 2))
                    .angularVelocity(0.3 * (i % 5), 0.2, 0).build());
            world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        }
        return world;
    }
}
