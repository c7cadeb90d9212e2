package org.cairn.engine3d.internal.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * With more than {@link WorldState#PARALLEL_PAIR_SEARCH} proxies moved in a step, the broadphase's
 * queries are shared among the workers: the pairs they find are the same, in the same order, so
 * the world steps bit for bit as on one worker.
 */
class SharedPairSearchTest {

    /**
     * 2500 small boxes, turned differently and thrown down at 6–9 m/s, raining onto a ground and
     * onto each other (most of them leave their fat boxes every other step until they land); every
     * pose and velocity after 60 steps.
     */
    private static long[] rain(int workers, long[] shared) throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().workerCount(workers).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        world.createShape(ground, ShapeDef.builder().build(), new Box(30, 1, 30));
        List<BodyId> boxes = new ArrayList<>();
        for (int layer = 0; layer < 4; layer++) {
            for (int i = 0; i < 25; i++) {
                for (int k = 0; k < 25; k++) {
                    BodyId box = world.createBody(BodyDef.builder()
                            .position(0.6 * i - 7.5 + 0.05 * layer, 1.5 + 0.7 * layer, 0.6 * k - 7.5 - 0.03 * layer)
                            .rotation(new Quaterniond().rotateXYZ(0.1 * i, 0.07 * k, 0.13 * layer))
                            .linearVelocity(0.1 * (i % 3 - 1), -6 - layer, 0.1 * (k % 3 - 1))
                            .build());
                    world.createShape(box, ShapeDef.builder().build(), new Box(0.25, 0.25, 0.25));
                    boxes.add(box);
                }
            }
        }
        WorldState state = WorldStates.of(world);
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        shared[0] = state.sharedPairSearches;
        long[] bits = new long[13 * boxes.size() + 1];
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        int n = 0;
        for (BodyId box : boxes) {
            world.rotation(box, q);
            n = put(bits, put(bits, put(bits, n, world.position(box, v)), world.linearVelocity(box, v)),
                    world.angularVelocity(box, v));
            for (double x : new double[] {q.x, q.y, q.z, q.w}) {
                bits[n++] = Double.doubleToRawLongBits(x);
            }
        }
        bits[n] = state.contacts.count;
        return bits;
    }

    /** The bits of v's components at bits[n..n+3); returns n + 3. */
    private static int put(long[] bits, int n, Vector3d v) {
        bits[n] = Double.doubleToRawLongBits(v.x);
        bits[n + 1] = Double.doubleToRawLongBits(v.y);
        bits[n + 2] = Double.doubleToRawLongBits(v.z);
        return n + 3;
    }

    @Test
    void sharingThePairSearchChangesNoBit() throws ReflectiveOperationException {
        long[] shared = new long[1];
        long[] one = rain(1, shared);
        assertEquals(0, shared[0], "one worker searches alone");
        for (int workers : new int[] {2, 3}) {
            long[] many = rain(workers, shared);
            assertTrue(shared[0] > 0, workers + " workers shared no pair search: the test would prove nothing");
            assertArrayEquals(one, many, workers + " workers");
            System.out.printf("shared pair search: %d of 60 steps on %d workers, %d contacts, states bit-identical%n",
                    shared[0], workers, one[one.length - 1]);
        }
    }
}
