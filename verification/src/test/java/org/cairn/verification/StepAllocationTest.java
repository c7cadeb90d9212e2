package org.cairn.verification;

import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Sphere;
import org.junit.jupiter.api.Test;

/** A warmed-up step allocates nothing: measured with the thread's allocation counter. */
class StepAllocationTest {
    @Test
    void steadyStateStepOfAThousandFreeBodiesAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World world = new World();
        for (int i = 0; i < 1000; i++) {
            BodyId body = world.createBody(BodyDef.builder().position(i % 10, i / 100, (i / 10) % 10)
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
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 100; i++) {
            world.step();
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertEquals(0L, allocated, "bytes allocated by 100 steps");
    }
}
