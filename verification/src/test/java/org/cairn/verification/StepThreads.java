package org.cairn.verification;

import java.lang.management.ManagementFactory;
import org.cairn.engine3d.World;

/**
 * What the step allocates, on the stepping thread and on the world's worker threads (named
 * cairn-worker-N): a step on workers must allocate nothing on any of them. Reading the counters
 * allocates nothing (the thread ids are an array listed once, before measuring).
 */
final class StepThreads {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private StepThreads() {
    }

    /** The calling thread and the workers started so far (listing threads allocates, so done once, before measuring). */
    static long[] ids() {
        java.util.List<Long> ids = new java.util.ArrayList<>(java.util.List.of(Thread.currentThread().getId()));
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("cairn-worker-")) {
                ids.add(t.getId());
            }
        }
        return ids.stream().mapToLong(Long::longValue).toArray();
    }

    /** Bytes allocated so far by the threads {@code ids}. */
    static long allocated(long[] ids) {
        long sum = 0;
        for (long id : ids) {
            sum += THREADS.getThreadAllocatedBytes(id);
        }
        return sum;
    }

    /**
     * Per window, the bytes {@code steps} steps of {@code world} allocate on the stepping thread and
     * the workers; {@code beforeWindow} (the test's own calls) runs before each window's count.
     */
    static long[] perWindow(World world, int windows, int steps, Runnable beforeWindow) {
        long[] ids = ids();
        long[] allocated = new long[windows];
        for (int window = 0; window < windows; window++) {
            beforeWindow.run();
            long before = allocated(ids);
            for (int i = 0; i < steps; i++) {
                world.step();
            }
            allocated[window] = allocated(ids) - before;
        }
        return allocated;
    }
}
