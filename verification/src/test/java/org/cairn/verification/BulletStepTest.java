package org.cairn.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Twelve bullets fired at 250 m/s every second into a pile of boxes and thin planks (ordinary
 * bodies fired so fly on through it; most of the bullets strike it): the same state bit for bit
 * with one to four workers, and (after the first volley) a step allocates nothing.
 */
class BulletStepTest {
    private static World range(int workers, List<BodyId> bodies, List<BodyId> shots) {
        World world = new World(WorldDef.builder().workerCount(workers).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(30, 0.5, 30));
        for (int i = 0; i < 48; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(5 + (i % 4) * 0.3, 0.5 + (i / 16), -3 + ((i / 4) % 4) * 2)
                    .build());
            world.createShape(box, ShapeDef.DEFAULTS, i % 3 == 0 ? new Box(0.02, 0.45, 0.8) : new Box(0.12, 0.45, 0.45));
            bodies.add(box);
        }
        for (int k = 0; k < 12; k++) {
            BodyId shot = world.createBody(BodyDef.builder().bullet(true).position(-5, 0.4 + 0.2 * (k % 3), -3 + 0.5 * k)
                    .build());
            world.createShape(shot, ShapeDef.builder().density(7800).build(), new Sphere(0.03));
            shots.add(shot);
            bodies.add(shot);
        }
        return world;
    }

    private static void fire(World world, List<BodyId> shots, Vector3d v) {
        for (int k = 0; k < shots.size(); k++) {
            world.setTransform(shots.get(k), v.set(-5, 0.4 + 0.2 * (k % 3), -3 + 0.5 * k), new Quaterniond());
            world.setAngularVelocity(shots.get(k), v.set(0, 0, 0));
            world.setLinearVelocity(shots.get(k), v.set(250, 0, 0.1 * k));
        }
    }

    private static long hash(int workers) {
        List<BodyId> bodies = new ArrayList<>(), shots = new ArrayList<>();
        World world = range(workers, bodies, shots);
        Vector3d v = new Vector3d();
        for (int i = 0; i < 240; i++) {
            if (i % 60 == 0) {
                fire(world, shots, v);
            }
            world.step();
        }
        long h = 17;
        Quaterniond q = new Quaterniond();
        for (BodyId body : bodies) {
            world.position(body, v);
            h = 31 * h + Double.hashCode(v.x) + 7 * Double.hashCode(v.y) + 13 * Double.hashCode(v.z);
            world.rotation(body, q);
            h = 31 * h + Double.hashCode(q.x) + 7 * Double.hashCode(q.w);
        }
        return h;
    }

    @Test
    void bulletsGiveTheSameStateBitForBitForOneToFourWorkers() {
        long one = hash(1);
        for (int workers = 2; workers <= 4; workers++) {
            assertEquals(one, hash(workers), workers + " workers");
        }
    }

    @Test
    void aStepWithBulletsAllocatesNothingAtOneAndTwoWorkers() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int workers = 1; workers <= 2; workers++) {
            List<BodyId> bodies = new ArrayList<>(), shots = new ArrayList<>();
            World world = range(workers, bodies, shots);
            Vector3d v = new Vector3d();
            for (int i = 0; i < 120; i++) {
                if (i % 60 == 0) {
                    fire(world, shots, v);
                }
                world.step();
            }
            List<Long> threadIds = new ArrayList<>(List.of(Thread.currentThread().getId()));
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("cairn-worker-")) {
                    threadIds.add(t.getId());
                }
            }
            // An array, so that reading the counters allocates no iterator between them.
            long[] ids = threadIds.stream().mapToLong(Long::longValue).toArray();
            long[] allocated = new long[3];
            for (int window = 0; window < 3; window++) {
                // The volley's API calls are the test's, not the step's: before the window.
                fire(world, shots, v);
                long before = 0;
                for (long id : ids) {
                    before += threads.getThreadAllocatedBytes(id);
                }
                for (int i = 0; i < 60; i++) {
                    world.step();
                }
                long after = 0;
                for (long id : ids) {
                    after += threads.getThreadAllocatedBytes(id);
                }
                allocated[window] = after - before;
            }
            int w = workers;
            assertTrue(java.util.Arrays.stream(allocated).filter(bytes -> bytes == 0).count() >= 2,
                    () -> w + " workers, bytes allocated per volley: " + java.util.Arrays.toString(allocated));
        }
    }
}
