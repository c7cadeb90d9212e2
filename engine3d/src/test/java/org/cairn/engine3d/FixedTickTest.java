package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The fixed-tick accumulator, its stall clamp, and render interpolation between the last two steps. */
class FixedTickTest {
    private static final double DT = 1.0 / 60.0;

    private static World tumblingWorld() {
        return new World(WorldDef.builder().timeStep(DT).substeps(2).maxFrameTime(0.25).build());
    }

    @Test
    void simulatedTimeIsTheSumOfTheStepsWithoutRoundingDrift() {
        World world = new World();
        for (int k = 0; k < 120; k++) {
            world.step(1.0 / 60, 1);
        }
        // Plain summation gives 1.9999999999999978 here.
        assertEquals(2.0, world.time());
        for (int k = 0; k < 600 * 60 - 120; k++) {
            world.step(1.0 / 60, 1);
        }
        assertEquals(600.0, world.time());
        World fine = new World();
        for (int k = 0; k < 100_000; k++) {
            fine.step(1e-3, 1);
        }
        // 1e5 times the double nearest 1 ms, correctly rounded (plain summation: 100.00000000011343).
        assertEquals(100.0, fine.time(), Math.ulp(100.0));
    }

    @Test
    void advanceRunsAsManyFixedStepsAsFitAndKeepsTheRemainder() {
        World world = tumblingWorld();
        assertEquals(0, world.advance(0.010));
        assertEquals(0.6, world.interpolationAlpha(), 1e-12);
        assertEquals(1, world.advance(0.010), "0.020 s accumulated: one step, 0.0033 s left");
        assertEquals(0.2, world.interpolationAlpha(), 1e-9);
        assertEquals(3, world.advance(0.050));
        assertEquals(4, world.stepCount());
        assertEquals(4 * DT, world.time(), 1e-15);
    }

    @Test
    void aStallIsClampedInsteadOfCaughtUp() {
        World world = tumblingWorld();
        int steps = world.advance(5.0);
        assertEquals(15, steps, "only maxFrameTime = 0.25 s of the 5 s stall is simulated");
    }

    @Test
    void interpolationReturnsThePreviousPoseAtZeroAndTheCurrentAtOne() {
        World world = tumblingWorld();
        BodyId body = world.createBody(BodyDef.builder().position(1, 2, 3).linearVelocity(3, 4, 5)
                .angularVelocity(1, 2, 3).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        world.step();
        Vector3d before = world.position(body, new Vector3d());
        Quaterniond rotationBefore = world.rotation(body, new Quaterniond());
        world.step();
        Vector3d now = world.position(body, new Vector3d());
        Quaterniond rotationNow = world.rotation(body, new Quaterniond());

        assertEquals(before, world.interpolatedPosition(body, 0.0, new Vector3d()));
        assertEquals(now, world.interpolatedPosition(body, 1.0, new Vector3d()));
        assertEquals(rotationNow, world.interpolatedRotation(body, 1.0, new Quaterniond()));
        Quaterniond atZero = world.interpolatedRotation(body, 0.0, new Quaterniond());
        assertEquals(1.0, Math.abs(atZero.dot(rotationBefore)), 1e-15, "same rotation at α = 0");

        Vector3d mid = world.interpolatedPosition(body, 0.5, new Vector3d());
        assertEquals(0.5 * (before.x + now.x), mid.x, 1e-15);
        Quaterniond half = world.interpolatedRotation(body, 0.5, new Quaterniond());
        assertEquals(half.angle(), new Quaterniond(rotationBefore).slerp(rotationNow, 0.5).angle(), 1e-12);
    }

    @Test
    void teleportingDoesNotSmearTheInterpolation() {
        World world = tumblingWorld();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        world.step();
        world.setTransform(body, new Vector3d(10, 0, 0), new Quaterniond());
        assertEquals(new Vector3d(10, 0, 0), world.interpolatedPosition(body, 0.0, new Vector3d()));
    }
}
