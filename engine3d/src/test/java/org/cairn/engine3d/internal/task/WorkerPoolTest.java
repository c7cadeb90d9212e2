package org.cairn.engine3d.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The pool runs every item of every range exactly once, whatever the worker count and range sizes. */
class WorkerPoolTest {
    /**
     * 50 000 ranges of random length and block size, one after another as the step issues them:
     * each item is counted by the worker that ran it (its own slot, so the count is exact), and
     * every item of the range must have been run once, none outside it. A worker still looking at a
     * finished range once claimed a block of the next one with the old bounds (found by this test),
     * running items twice.
     */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 3, 4})
    void everyItemRunsExactlyOnce(int workers) {
        int[] hits = new int[1000];
        boolean[] sawWorker = new boolean[workers];
        RangeTask task = (from, to, worker) -> {
            sawWorker[worker] = true;
            for (int i = from; i < to; i++) {
                hits[i]++;
            }
        };
        Random random = new Random(7);
        try (WorkerPool pool = new WorkerPool(workers)) {
            for (int round = 0; round < 50_000; round++) {
                int count = random.nextInt(1000);
                java.util.Arrays.fill(hits, 0);
                pool.run(task, count, 1 + random.nextInt(40));
                for (int i = 0; i < hits.length; i++) {
                    assertEquals(i < count ? 1 : 0, hits[i], "round " + round + ", item " + i + " of " + count);
                }
            }
        }
        assertTrue(sawWorker[0], "the calling thread works too");
        if (workers > 1) {
            boolean other = false;
            for (int w = 1; w < workers; w++) {
                other |= sawWorker[w];
            }
            assertTrue(other, "some block ran on a worker thread");
        }
    }

    @Test
    void aPoolNeedsAWorker() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WorkerPool(0));
        assertTrue(e.getMessage().contains("workerCount must be at least 1, got 0"), e.getMessage());
    }
}
