package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The custom filter and the pre-solve callback decide contacts; the world is locked while they run. */
class CallbackTest {
    private static World withPlatform(BodyId[] platform) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        platform[0] = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 1, 0).build());
        world.createShape(platform[0], ShapeDef.DEFAULTS, new Box(2, 0.1, 2));
        return world;
    }

    @Test
    void aOneWayPlatformLetsABallThroughFromBelowAndHoldsItFromAbove() {
        BodyId[] platform = new BodyId[1];
        World world = withPlatform(platform);
        // Thrown up from below the platform at 8 m/s: it would rise 3.26 m, through the platform at 1 m.
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0, 0).linearVelocity(0, 8, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        Vector3d v = new Vector3d();
        world.setPreSolve((a, b, normal, separation) -> {
            // Normal from the platform (A) to the ball (B): act only when the ball is above, and not
            // while it is still inside coming up (a platform's rule, as in Box2D's sample).
            world.linearVelocity(world.body(b), v);
            return normal.y() > 0.5 && separation > -0.05 && v.y <= 0.5;
        });
        double highest = 0;
        for (int step = 0; step < 240; step++) {
            world.step();
            highest = Math.max(highest, world.position(ball, new Vector3d()).y);
        }
        // Up through the platform to v²/2g = 3.26 m, then down onto it: resting on its top (1.1 m) plus the radius.
        assertEquals(64 / (2 * 9.81), highest, 0.02);
        assertEquals(1.3, world.position(ball, new Vector3d()).y, 0.01);
    }

    @Test
    void aCustomFilterKeepsTwoShapesApart() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        ShapeId floor = world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId ghost = world.createBody(BodyDef.builder().position(0, 1, 0).build());
        ShapeId ghostShape = world.createShape(ghost, ShapeDef.DEFAULTS, new Sphere(0.2));
        BodyId ball = world.createBody(BodyDef.builder().position(1, 1, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        world.setCustomFilter((a, b) -> !(a.equals(ghostShape) || b.equals(ghostShape)) || !(a.equals(floor) || b.equals(floor)));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertTrue(world.position(ghost, new Vector3d()).y < -1, "the ghost fell through the floor");
        assertEquals(0.2, world.position(ball, new Vector3d()).y, 0.01, "the ball rests on it");
    }

    @Test
    void changingTheWorldFromACallbackThrowsAndNamesTheCall() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0.2, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        world.setPreSolve((a, b, normal, separation) -> {
            world.destroyBody(ball);
            return true;
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, world::step);
        assertTrue(e.getMessage().startsWith("destroyBody was called from inside a step callback"), e.getMessage());
        world.setPreSolve(null);
        world.step();
        assertTrue(world.isValid(ball), "nothing was destroyed; the world steps on");
    }

    /**
     * With a custom filter or a pre-solve callback set, they are asked on the thread that steps,
     * as their contracts say, even with workers: by the pair search and by the continuous stage's
     * sweeps, which otherwise run on the workers (600 bullets: new pairs with the wall, and sweeps
     * that reach it).
     */
    @Test
    void theUsersCallbacksAreAskedOnTheSteppingThreadEvenWithWorkers() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).workerCount(2).build());
        BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(10.025, 0, 0).build());
        world.createShape(wall, ShapeDef.DEFAULTS, new Box(0.025, 5, 5));
        for (int i = 0; i < 600; i++) {
            BodyId bullet = world.createBody(BodyDef.builder().position(8.5, -4.6 + 0.4 * (i % 24), -4.6 + 0.4 * (i / 24))
                    .linearVelocity(200, 0, 0).build());
            world.createShape(bullet, ShapeDef.DEFAULTS, new Sphere(0.05));
        }
        Thread stepping = Thread.currentThread();
        int[] filterCalls = {0}, preSolveCalls = {0};
        boolean[] elsewhere = {false};
        world.setCustomFilter((a, b) -> {
            filterCalls[0]++;
            elsewhere[0] |= Thread.currentThread() != stepping;
            // A slow filter: sweeps split among workers would certainly hand the second worker a share.
            for (long until = System.nanoTime() + 20_000; System.nanoTime() < until; ) {
                Thread.onSpinWait();
            }
            return true;
        });
        world.setPreSolve((a, b, normal, separation) -> {
            preSolveCalls[0]++;
            elsewhere[0] |= Thread.currentThread() != stepping;
            return true;
        });
        for (int step = 0; step < 5; step++) {
            world.step();
        }
        assertTrue(filterCalls[0] >= 600 && preSolveCalls[0] >= 600, filterCalls[0] + " filter and " + preSolveCalls[0] + " pre-solve calls");
        assertTrue(!elsewhere[0], "a callback was called on a worker");
    }
}
