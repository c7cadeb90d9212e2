package org.cairn.engine3d.internal.task;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The step's worker threads: {@link #run} splits a range of items into blocks, and the calling
 * thread and the workers take blocks until none is left. One task at a time, from one thread (the
 * one stepping the world). Nothing is allocated per call: the task is an object the caller keeps,
 * and waiting is spinning, then parking.
 *
 * <p>Which worker runs which block changes nothing but time: callers only hand in work whose items
 * are independent (a colour of the constraint graph, a range of bodies), so results are
 * bit-identical for any worker count. With one worker everything runs on the calling thread and no
 * thread is started.
 *
 * <p>Workers are daemon threads; {@link #close} stops them (a world that is dropped without close
 * leaves them parked, costing no CPU).
 */
public final class WorkerPool implements AutoCloseable {
    /** Spins before a waiting thread parks, ~tens of microseconds: the gap between two passes of a substep. */
    private static final int SPINS_BEFORE_PARK = 20_000;

    private final int workerCount;
    private final Thread[] threads;
    /**
     * The task's generation (high 32 bits) and its next unclaimed block (low 32 bits), claimed by
     * compare-and-set, so a worker still looking at a finished task can never claim a block of
     * the next one with the old task's bounds.
     */
    private final AtomicLong state = new AtomicLong();
    /** The block number of a task whose fields are being rewritten: above every block count. */
    private static final long CLOSED = Integer.MAX_VALUE;
    private final AtomicInteger blocksDone = new AtomicInteger();
    private volatile boolean closed;
    private RangeTask task;
    private int itemCount;
    private int blockSize;
    private int blockCount;
    private volatile Thread caller;
    private int generation;

    /** A pool of {@code workerCount} workers in all, the calling thread being worker 0. */
    public WorkerPool(int workerCount) {
        if (workerCount < 1) {
            throw new IllegalArgumentException("workerCount must be at least 1, got " + workerCount);
        }
        this.workerCount = workerCount;
        this.threads = new Thread[workerCount - 1];
        for (int i = 0; i < threads.length; i++) {
            int index = i + 1;
            Thread t = new Thread(() -> work(index), "cairn-worker-" + index);
            t.setDaemon(true);
            threads[i] = t;
            t.start();
        }
    }

    /** Workers in all, the calling thread included. */
    public int workerCount() {
        return workerCount;
    }

    /**
     * Runs {@code task} over [0, count) in blocks of at least {@code minBlock} items, on every worker,
     * and returns when all blocks are done. Small ranges run on the calling thread alone.
     */
    public void run(RangeTask task, int count, int minBlock) {
        if (count <= 0) {
            return;
        }
        if (workerCount == 1 || count <= minBlock) {
            task.run(0, count, 0);
            return;
        }
        // About four blocks per worker, so a slow worker does not hold the others up.
        int size = Math.max(minBlock, (count + 4 * workerCount - 1) / (4 * workerCount));
        int blocks = (count + size - 1) / size;
        // Close the finished task's counter first: a worker that read it exhausted must not see the
        // new task's larger block count and claim one of the old generation's numbers.
        state.set((long) generation << 32 | CLOSED);
        this.task = task;
        this.itemCount = count;
        this.blockSize = size;
        this.blockCount = blocks;
        this.caller = Thread.currentThread();
        blocksDone.set(0);
        int gen = ++generation;
        state.set((long) gen << 32);
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        takeBlocks(gen, 0);
        int spins = 0;
        while (blocksDone.get() < blocks) {
            if (++spins < SPINS_BEFORE_PARK) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 50_000L);
            }
        }
        this.task = null;
    }

    private void takeBlocks(int gen, int worker) {
        while (true) {
            long s = state.get();
            if ((int) (s >>> 32) != gen) {
                return;
            }
            // Read after the state that published them, and used only if the claim below succeeds:
            // the fields are rewritten only while the state is CLOSED, so a successful claim of
            // (gen, block) proves they were gen's.
            RangeTask t = task;
            int size = blockSize, blocks = blockCount, count = itemCount;
            int block = (int) s;
            if (block >= blocks) {
                return;
            }
            if (!state.compareAndSet(s, s + 1)) {
                continue;
            }
            int start = block * size;
            t.run(start, Math.min(count, start + size), worker);
            if (blocksDone.incrementAndGet() == blocks && worker != 0) {
                LockSupport.unpark(caller);
            }
        }
    }

    private void work(int worker) {
        int seen = 0;
        while (!closed) {
            int spins = 0;
            int gen;
            while ((gen = (int) (state.get() >>> 32)) == seen && !closed) {
                if (++spins < SPINS_BEFORE_PARK) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            if (closed) {
                return;
            }
            seen = gen;
            takeBlocks(gen, worker);
        }
    }

    /** Stops the workers. */
    @Override
    public void close() {
        closed = true;
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
    }
}
