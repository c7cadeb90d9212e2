package org.cairn.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Sphere;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A warmed-up step allocates nothing: measured with the thread's allocation counter. */
class StepAllocationTest {
    @Test
    void steadyStateStepOfAThousandFreeBodiesAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World world = new World();
        for (int i = 0; i < 1000; i++) {
            // 2 m apart, so they stay free: this is the integrator's and broadphase's steady state.
            BodyId body = world.createBody(BodyDef.builder().position(2 * (i % 10), 2 * (i / 100), 2 * ((i / 10) % 10))
                    .angularVelocity(0.1 * (i % 7), 0.2, -0.05 * (i % 5)).build());
            world.createShape(body, ShapeDef.DEFAULTS, switch (i % 3) {
                case 0 -> new Box(0.5, 0.25, 0.1);
                case 1 -> new Capsule(0.5, 0.2);
                default -> new Sphere(0.3);
            });
        }
        for (int i = 0; i < 200; i++) {
            world.step();
        }
        // A step that allocates does so in every window; the JIT compiling on this thread can cost
        // a few hundred bytes once. So of three windows of 100 steps, two must allocate nothing.
        long thread = Thread.currentThread().getId();
        long[] allocated = new long[3];
        for (int window = 0; window < allocated.length; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 100; i++) {
                world.step();
            }
            allocated[window] = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertTrue(java.util.Arrays.stream(allocated).filter(bytes -> bytes == 0).count() >= 2,
                "bytes allocated by 100 steps, per window: " + java.util.Arrays.toString(allocated));
    }

    /**
     * Windows of 100 steps measured until one allocates nothing. A step that allocates does so in
     * every window; the JIT's own work on the stepping thread now and then costs a window a few
     * hundred bytes (the fourth window once measured 136 bytes, run right after another test's
     * worlds), so six windows, not four.
     */
    private static final int WINDOWS = 6;

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void steadyStateStepWithContactsAllocatesNothing(int workers) {
        // Boxes resting in stacks of two on a slab (steady contacts, warm started) and balls
        // bouncing without loss beside them (contacts beginning and ending every bounce).
        World world = new World(WorldDef.builder().workerCount(workers).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().restitution(1).build(), new Box(20, 0.5, 20));
        for (int i = 0; i < 100; i++) {
            for (int level = 0; level < 2; level++) {
                BodyId box = world.createBody(BodyDef.builder()
                        .position(-9 + 2 * (i % 10), 0.5 + level, -9 + 2 * (i / 10)).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        for (int i = 0; i < 81; i++) {
            BodyId ball = world.createBody(BodyDef.builder().position(-8 + 2 * (i % 9), 1 + 0.02 * i, -8 + 2 * (i / 9))
                    .build());
            world.createShape(ball, ShapeDef.builder().restitution(1).friction(0).build(),
                    i % 2 == 0 ? new Sphere(0.3) : new Capsule(0.2, 0.2));
        }
        int touches = 0;
        for (int i = 0; i < 600; i++) {
            world.step();
            if (i >= 540) {
                touches += world.contactEvents().beginCount();
            }
        }
        assertTrue(touches > 10, "balls keep bouncing: " + touches + " touches in the last second");
        assertTrue(world.contacts().count() > 150, "contacts exist: " + world.contacts().count());
        // Containers grow to the largest count they ever hold; a new maximum late in the warm-up
        // is growth, not steady-state allocation; and code not yet compiled allocates what the
        // compiler's escape analysis removes (run on its own, with nothing warming the step up
        // first, a window saw 112 bytes). So early windows may allocate; a later one must not.
        long allocated = 0;
        org.joml.Vector3d scratch = new org.joml.Vector3d();
        long[] ids = StepThreads.ids();
        // Idle workers of worlds other tests left behind may be listed too: parked, they allocate nothing.
        assertTrue(ids.length >= workers, "the step's threads: " + ids.length);
        for (int window = 0; window < WINDOWS; window++) {
            long before = StepThreads.allocated(ids);
            for (int i = 0; i < 100; i++) {
                world.step();
                // Reading the contact view allocates nothing either.
                org.cairn.engine3d.Contacts contacts = world.contacts();
                for (int c = 0; c < contacts.count(); c++) {
                    contacts.bodyA(c);
                    contacts.shapeB(c);
                    contacts.normal(c, scratch);
                    for (int k = 0; k < contacts.pointCount(c); k++) {
                        contacts.point(c, k, scratch);
                        scratch.x += contacts.normalImpulse(c, k) + contacts.tangentImpulse(c, k, 0);
                    }
                }
            }
            allocated = StepThreads.allocated(ids) - before;
            if (allocated == 0) {
                break;
            }
        }
        assertEquals(0L, allocated, "bytes allocated by 100 steps with contacts, on the step's threads");
    }

    /**
     * Pyramids of 55 boxes apart from each other, no restitution: the step takes its constraints
     * block by block through the substeps (its own tasks and lists); a steady-state step allocates
     * nothing there either.
     */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void steadyStateStepInBlocksAllocatesNothing(int workers) {
        World world = new World(WorldDef.builder().workerCount(workers).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(40, 0.5, 40));
        int base = 10;
        for (int p = 0; p < 6; p++) {
            for (int row = 0; row < base; row++) {
                for (int i = 0; i < base - row; i++) {
                    BodyId box = world.createBody(BodyDef.builder().position(14 * p - 35 + i - (base - row - 1) / 2.0, 0.5 + row, 0)
                            .build());
                    world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
                }
            }
        }
        // A body in flight: integrated on its own, beside the blocks.
        world.createShape(world.createBody(BodyDef.builder().position(0, 500, 0).angularVelocity(1, 2, 3).build()),
                ShapeDef.DEFAULTS, new Box(0.3, 0.4, 0.5));
        for (int i = 0; i < 200; i++) {
            world.step();
        }
        long[] ids = StepThreads.ids();
        long allocated = 0;
        for (int window = 0; window < WINDOWS; window++) {
            long before = StepThreads.allocated(ids);
            for (int i = 0; i < 100; i++) {
                world.step();
            }
            allocated = StepThreads.allocated(ids) - before;
            if (allocated == 0) {
                break;
            }
        }
        assertEquals(0L, allocated, "bytes allocated by 100 steps in blocks, on the step's threads");
    }
    /**
     * Three layers of tilted boxes rain onto a slab; the steps after the first (which makes the
     * step's scratch) while the pile forms, on the calling thread.
     */
    private static long bytesAllocatedWhileAPileForms(int contactCapacity, int[] contactsAtEnd) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World world = new World(WorldDef.builder().sleeping(false).contactCapacity(contactCapacity).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(30, 1, 30));
        for (int layer = 0; layer < 3; layer++) {
            for (int i = 0; i < 100; i++) {
                BodyId box = world.createBody(BodyDef.builder()
                        .position(2 * (i % 10) - 9 + 0.1 * layer, 2 * layer + 2, 2 * (i / 10) - 9 - 0.07 * layer)
                        .rotation(new org.joml.Quaterniond().rotateXYZ(0.12 * (i % 10), 0.19 * (i / 10), 0.23 * layer))
                        .build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        world.step();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 240; i++) {
            world.step();
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        contactsAtEnd[0] = world.contacts().count();
        return allocated;
    }

    @Test
    void aWorldWithRoomForItsContactsAllocatesAlmostNothingWhileAPileForms() {
        int[] contacts = new int[1];
        // The first world compiles the step; the two measured after it differ only in their capacity.
        bytesAllocatedWhileAPileForms(0, contacts);
        long growing = bytesAllocatedWhileAPileForms(0, contacts);
        long roomy = bytesAllocatedWhileAPileForms(3000, contacts);
        assertTrue(contacts[0] > 300 && contacts[0] < 3000, "the pile's contacts, within the room made: " + contacts[0]);
        // Measured: about 3.4 KB with room made (a few per-body and per-colour lists reaching new
        // sizes) against some 6.9 MB for the world that starts small.
        assertTrue(growing > 1_000_000, "bytes a world that starts small allocates while its pile forms: " + growing);
        assertTrue(roomy < 16_000 && roomy * 50 < growing,
                "bytes allocated while the pile forms, with room for 3000 contacts made: " + roomy + ", without: " + growing);
    }
}
