package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Resting islands fall asleep and stay put; touches, API calls and lost support wake them. */
class SleepTest {
    private static World world() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(50, 0.5, 50));
        return world;
    }

    private static List<BodyId> pyramid(World world, int base) {
        List<BodyId> boxes = new ArrayList<>();
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                BodyId box = world.createBody(BodyDef.builder().position(-0.5 * (base - row - 1) + i, 0.5 + row, 0).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
                boxes.add(box);
            }
        }
        return boxes;
    }

    private static boolean anyAwake(World world, List<BodyId> bodies) {
        return bodies.stream().anyMatch(world::isAwake);
    }

    @Test
    void aSettledPyramidSleepsWithinTwoSecondsAndThenStaysExactlyPut() {
        World world = world();
        List<BodyId> boxes = pyramid(world, 5);
        int sleptAt = -1;
        for (int step = 1; step <= 120 && sleptAt < 0; step++) {
            world.step();
            if (!anyAwake(world, boxes)) {
                sleptAt = step;
            }
        }
        assertTrue(sleptAt > 0, "asleep within 2 s");
        System.out.printf("pyramid of 15 asleep after %.2f s%n", sleptAt / 60.0);
        List<Vector3d> frozen = new ArrayList<>();
        for (BodyId box : boxes) {
            frozen.add(world.position(box, new Vector3d()));
            assertEquals(0.0, world.linearVelocity(box, new Vector3d()).length(), 0.0);
        }
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        for (int i = 0; i < boxes.size(); i++) {
            assertEquals(frozen.get(i), world.position(boxes.get(i), new Vector3d()), "asleep means not moved at all");
        }
    }

    @Test
    void aBallHittingASleepingPyramidWakesIt() {
        World world = world();
        List<BodyId> boxes = pyramid(world, 4);
        for (int step = 0; step < 150; step++) {
            world.step();
        }
        assertFalse(anyAwake(world, boxes));
        BodyId ball = world.createBody(BodyDef.builder().position(-6, 1.5, 0).linearVelocity(12, 0, 0).build());
        world.createShape(ball, ShapeDef.builder().density(5000).build(), new Sphere(0.4));
        boolean woke = false;
        for (int step = 0; step < 60 && !woke; step++) {
            world.step();
            woke = anyAwake(world, boxes);
        }
        assertTrue(woke, "the hit woke the pyramid");
    }

    @Test
    void removingTheSupportWakesWhatRestedOnIt() {
        World world = world();
        BodyId bottom = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(bottom, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        BodyId top = world.createBody(BodyDef.builder().position(0, 1.5, 0).build());
        world.createShape(top, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        assertFalse(world.isAwake(top));
        world.destroyBody(bottom);
        world.step();
        assertTrue(world.isAwake(top));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertTrue(world.position(top, new Vector3d()).y < 0.6, "it fell onto the ground");
    }

    @Test
    void aBodyThatMayNotSleepKeepsItsIslandAwakeAndApiCallsWakeBodies() {
        World world = world();
        BodyId restless = world.createBody(BodyDef.builder().position(0, 0.5, 0).allowSleep(false).build());
        world.createShape(restless, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        BodyId rider = world.createBody(BodyDef.builder().position(0, 1.5, 0).build());
        world.createShape(rider, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        BodyId loner = world.createBody(BodyDef.builder().position(5, 0.5, 0).build());
        world.createShape(loner, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        assertTrue(world.isAwake(restless) && world.isAwake(rider), "island kept awake");
        assertFalse(world.isAwake(loner));
        world.applyLinearImpulseToCenter(loner, new Vector3d(0, 0, 100));
        assertTrue(world.isAwake(loner));
        world.step();
        assertTrue(world.linearVelocity(loner, new Vector3d()).z > 0, "the impulse took effect");
    }

    /**
     * Islands persist, and come apart: two boxes side by side touch, then one slides away without
     * friction and never stops. The box left behind falls asleep on its own (its island, which
     * lost the contact, is split when the box is ready to sleep), and waking the slider later does
     * not wake it.
     */
    @Test
    void bodiesThatCameApartSleepApart() {
        World world = world();
        BodyId left = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(left, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        BodyId slider = world.createBody(BodyDef.builder().position(1.0, 0.5, 0).linearVelocity(1, 0, 0).build());
        world.createShape(slider, ShapeDef.builder().friction(0).build(), new Box(0.5, 0.5, 0.5));
        world.step();
        assertTrue(world.contacts().count() >= 2, "the boxes touch at first");
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        assertFalse(world.isAwake(left), "the box left behind sleeps");
        assertTrue(world.isAwake(slider), "the slider slides on");
        world.applyLinearImpulseToCenter(slider, new Vector3d(0, 0, 1));
        world.step();
        assertFalse(world.isAwake(left), "waking the slider leaves it asleep");
    }

    /** A box asleep on a kinematic platform wakes, and rides, when the platform starts to move. */
    @Test
    void aMovingKinematicPlatformWakesWhatSleepsOnIt() {
        World world = new World();
        BodyId platform = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).position(0, -0.5, 0).build());
        world.createShape(platform, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        assertFalse(world.isAwake(box));
        world.setLinearVelocity(platform, new Vector3d(1, 0, 0));
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertTrue(world.isAwake(box), "woken by the moving platform");
        assertTrue(world.position(box, new Vector3d()).x > 0.5, "carried along by friction");
    }

    @Test
    void sleepingCanBeTurnedOff() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(50, 0.5, 50));
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        assertTrue(world.isAwake(box));
    }
}
