package org.cairn.verification;

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

    /** {@code steps} steps of the range, a volley fired every second from the first. */
    private static void volleys(World world, List<BodyId> shots, int steps) {
        Vector3d v = new Vector3d();
        for (int i = 0; i < steps; i++) {
            if (i % 60 == 0) {
                fire(world, shots, v);
            }
            world.step();
        }
    }

    private static long hash(int workers) {
        List<BodyId> bodies = new ArrayList<>(), shots = new ArrayList<>();
        World world = range(workers, bodies, shots);
        volleys(world, shots, 240);
        return StateHash.of(world, bodies);
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
        for (int workers = 1; workers <= 2; workers++) {
            List<BodyId> bodies = new ArrayList<>(), shots = new ArrayList<>();
            World world = range(workers, bodies, shots);
            volleys(world, shots, 120);
            // The volley's API calls are the test's, not the step's: before each window's count.
            Vector3d v = new Vector3d();
            long[] allocated = StepThreads.perWindow(world, 3, 60, () -> fire(world, shots, v));
            int w = workers;
            assertTrue(java.util.Arrays.stream(allocated).filter(bytes -> bytes == 0).count() >= 2,
                    () -> w + " workers, bytes allocated per volley: " + java.util.Arrays.toString(allocated));
        }
    }
}
