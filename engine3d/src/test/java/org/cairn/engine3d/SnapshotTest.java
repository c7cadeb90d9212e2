package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A world restored from a snapshot continues bit for bit as the world it was taken of. */
class SnapshotTest {
    private static World scene(WorldDef def) {
        World world = new World(def);
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int row = 0; row < 6; row++) {
            for (int k = 0; k < 6 - row; k++) {
                BodyId box = world.createBody(BodyDef.builder().position(1.05 * k + 0.525 * row - 2.6, 0.5 + row, 0).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        // A chain of ball joints swinging into the pyramid, a hull and a sensor.
        BodyId anchor = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(6, 6, 0).build());
        BodyId previous = anchor;
        for (int i = 0; i < 5; i++) {
            BodyId link = world.createBody(BodyDef.builder().position(6 - 0.5 * (i + 1), 6, 0).build());
            world.createShape(link, ShapeDef.DEFAULTS, new Sphere(0.2));
            world.createJoint(JointDef.builder(JointKind.BALL, previous, link).anchor(6 - 0.5 * i, 6, 0).build());
            previous = link;
        }
        BodyId gem = world.createBody(BodyDef.builder().position(-4, 3, 0).angularVelocity(1, 2, 3).build());
        world.createShape(gem, ShapeDef.DEFAULTS, ConvexHull.of(0, 0, 0, 0.6, 0, 0, 0, 0.6, 0, 0, 0, 0.6, 0.3, 0.3, 0.3));
        BodyId zone = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 1, 0).build());
        world.createShape(zone, ShapeDef.builder().sensor(true).build(), new Box(1, 1, 1));
        return world;
    }

    private static long[] state(World world) {
        List<BodyId> bodies = world.bodies(new ArrayList<>());
        long[] bits = new long[bodies.size() * 13 + 4];
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        int k = 0;
        for (BodyId b : bodies) {
            world.position(b, v);
            bits[k++] = Double.doubleToRawLongBits(v.x);
            bits[k++] = Double.doubleToRawLongBits(v.y);
            bits[k++] = Double.doubleToRawLongBits(v.z);
            world.rotation(b, q);
            bits[k++] = Double.doubleToRawLongBits(q.x);
            bits[k++] = Double.doubleToRawLongBits(q.y);
            bits[k++] = Double.doubleToRawLongBits(q.z);
            bits[k++] = Double.doubleToRawLongBits(q.w);
            world.linearVelocity(b, v);
            bits[k++] = Double.doubleToRawLongBits(v.x);
            bits[k++] = Double.doubleToRawLongBits(v.y);
            bits[k++] = Double.doubleToRawLongBits(v.z);
            world.angularVelocity(b, v);
            bits[k++] = Double.doubleToRawLongBits(v.x);
            bits[k++] = Double.doubleToRawLongBits(v.y);
            bits[k++] = Double.doubleToRawLongBits(v.z);
        }
        bits[k++] = world.stepCount();
        bits[k++] = Double.doubleToRawLongBits(world.time());
        bits[k++] = world.contacts().count();
        bits[k] = world.awakeBodyCount();
        return bits;
    }

    private static void step(World world, int steps) {
        for (int i = 0; i < steps; i++) {
            world.step();
        }
    }

    @Test
    void stepTwoHundredSnapshotThenThreeHundredMoreEqualsRestoreThenThreeHundred() {
        World world = scene(WorldDef.builder().build());
        step(world, 200);
        byte[] snapshot = world.snapshot();
        step(world, 300);
        long[] straight = state(world);
        world.restore(snapshot);
        step(world, 300);
        assertArrayEquals(straight, state(world), "restored in the same world");
        // And into another world made with the same def, which has run on its own meanwhile.
        World other = scene(WorldDef.builder().build());
        step(other, 37);
        other.restore(snapshot);
        step(other, 300);
        assertArrayEquals(straight, state(other), "restored in another world");
        World fresh = scene(WorldDef.builder().build());
        fresh.restore(snapshot);
        step(fresh, 300);
        assertArrayEquals(straight, state(fresh), "restored in a world that never stepped");
    }

    @Test
    void theClockComesBackTooStepsTimeAndTheFixedStepAccumulator() {
        World world = scene(WorldDef.builder().build());
        world.advance(10.5 / 60);
        byte[] snapshot = world.snapshot();
        world.advance(3.25 / 60);
        world.restore(snapshot);
        assertEquals(10, world.stepCount());
        assertEquals(10.0 / 60, world.time(), 1e-15);
        assertEquals(0.5, world.interpolationAlpha(), 1e-9);
    }

    @Test
    void withTwoWorkersTooAndTheSameAsOne() {
        World two = scene(WorldDef.builder().workerCount(2).build());
        step(two, 120);
        byte[] snapshot = two.snapshot();
        step(two, 120);
        long[] straight = state(two);
        World again = scene(WorldDef.builder().workerCount(2).build());
        again.restore(snapshot);
        step(again, 120);
        assertArrayEquals(straight, state(again));
    }

    @Test
    void restoringUndoesDestroyedAndCreatedBodies() {
        World world = scene(WorldDef.builder().sleeping(false).build());
        step(world, 50);
        byte[] snapshot = world.snapshot();
        long[] before = state(world);
        List<BodyId> bodies = world.bodies(new ArrayList<>());
        world.destroyBody(bodies.get(3));
        BodyId extra = world.createBody(BodyDef.builder().position(0, 9, 0).build());
        world.createShape(extra, ShapeDef.DEFAULTS, new Sphere(0.3));
        step(world, 20);
        world.restore(snapshot);
        assertArrayEquals(before, state(world));
        assertTrue(world.isValid(bodies.get(3)), "the destroyed body is back, with its id");
        step(world, 100);
        World again = scene(WorldDef.builder().sleeping(false).build());
        step(again, 150);
        assertArrayEquals(state(again), state(world), "and it goes on as if nothing had happened");
    }

    @Test
    void aSnapshotOfAnotherKindOfWorldOrNotASnapshotIsRefused() {
        byte[] snapshot = scene(WorldDef.builder().substeps(8).build()).snapshot();
        World world = scene(WorldDef.builder().build());
        long[] before = state(world);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.restore(snapshot));
        assertTrue(e.getMessage().startsWith("snapshot: cannot be restored: it was taken of a world made with another WorldDef"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> world.restore(new byte[] {1, 2, 3}));
        assertArrayEquals(before, state(world));
        // A snapshot cut short, or with bytes flipped, is refused and leaves the world as it was.
        byte[] good = world.snapshot();
        java.util.Random random = new java.util.Random(5);
        for (int k = 0; k < 40; k++) {
            byte[] broken = k % 2 == 0 ? java.util.Arrays.copyOf(good, random.nextInt(good.length))
                    : good.clone();
            if (k % 2 == 1) {
                for (int flips = 0; flips < 3; flips++) {
                    broken[200 + random.nextInt(broken.length - 200)] ^= (byte) (1 + random.nextInt(255));
                }
            }
            try {
                world.restore(broken);
            } catch (IllegalArgumentException refused) {
                assertArrayEquals(before, state(world), "after a refused snapshot " + k);
            }
        }
        world.step();
        assertEquals(before.length, state(world).length);
    }
}
