package org.cairn.verification;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.junit.jupiter.api.Test;

/**
 * Rollback restores a snapshot every step: a restore into the world it was taken of reads into the
 * world's own arrays rather than making new ones, and a snapshot allocates about its own length.
 */
class SnapshotAllocationTest {
    private static World pyramid() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int row = 0; row < 10; row++) {
            for (int k = 0; k < 10 - row; k++) {
                BodyId box = world.createBody(BodyDef.builder().position(1.05 * k + 0.525 * row - 4.7, 0.5 + row, 0).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        for (int step = 0; step < 100; step++) {
            world.step();
        }
        return world;
    }

    @Test
    void aRestoreAllocatesAFractionOfTheSnapshotAndASnapshotAboutItsLength() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        World world = pyramid();
        byte[] snapshot = world.snapshot();
        world.step();
        world.restore(snapshot);
        long before = threads.getThreadAllocatedBytes(thread);
        byte[] again = world.snapshot();
        long snapshotBytes = threads.getThreadAllocatedBytes(thread) - before;
        before = threads.getThreadAllocatedBytes(thread);
        world.restore(snapshot);
        long restoreBytes = threads.getThreadAllocatedBytes(thread) - before;
        // Measured (this pyramid of 55 after 100 steps, a 350 KB snapshot): the snapshot allocates
        // 1.2 times its length (2.3 times with its buffers grown anew each time), the restore 0.53
        // times it (5.5 times when every array was made anew).
        assertTrue(snapshotBytes < 2 * again.length, "a snapshot of " + again.length + " bytes allocated " + snapshotBytes);
        assertTrue(restoreBytes < again.length, "a restore of " + again.length + " bytes allocated " + restoreBytes);
    }
}
