package org.cairn.engine3d.internal.task;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
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
    /**
     * About this many blocks per worker in a run (fewer where a block would fall under the run's
     * minimum): the caller starts on its blocks while a worker is still waking, so what decides a
     * pass's end is the last block, and a small one ends it sooner. With four per worker the
     * caller spun at the end of large_pyramid's colour passes for about 13 % of its step; sixteen
     * gave the step 0.93-0.95x at two workers (many_pyramids 0.94x, the rain unchanged), 32 no more.
     */
    private static final int BLOCKS_PER_WORKER = 16;

    private final int workerCount;
    private final Thread[] threads;
    /**
     * Per worker, the claim counter of its home range of blocks: the task's generation (high 32
     * bits) and the range's next unclaimed block (low 32 bits), at {@code PAD * worker}. A worker
     * takes its own range first, then what is left of the others': a pass over the same items
     * (one colour, substep after substep) then meets the same bodies on the same core, whose cache
     * still holds them, instead of moving them between cores on every pass. Claims are
     * compare-and-set, so a worker still looking at a finished task can never claim a block of the
     * next one with the old task's bounds.
     */
    private final AtomicLongArray next;
    /** Longs between two counters: one cache line, so claiming in one range does not slow the others. */
    private static final int PAD = 8;
    /** The block number of a task whose fields are being rewritten: above every block count. */
    private static final long CLOSED = Integer.MAX_VALUE;
    private final AtomicInteger blocksDone = new AtomicInteger();
    /** The generation of the task the workers should join. */
    private volatile int published;
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
        this.next = new AtomicLongArray(PAD * workerCount);
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
        int size = Math.max(minBlock, (count + BLOCKS_PER_WORKER * workerCount - 1) / (BLOCKS_PER_WORKER * workerCount));
        int blocks = (count + size - 1) / size;
        // Close the finished task's counters first: a worker that read one exhausted must not see
        // the new task's larger block count and claim one of the old generation's numbers.
        long closedState = (long) generation << 32 | CLOSED;
        for (int r = 0; r < workerCount; r++) {
            next.set(PAD * r, closedState);
        }
        this.task = task;
        this.itemCount = count;
        this.blockSize = size;
        this.blockCount = blocks;
        this.caller = Thread.currentThread();
        blocksDone.set(0);
        int gen = ++generation;
        for (int r = 0; r < workerCount; r++) {
            next.set(PAD * r, (long) gen << 32 | firstBlock(r, blocks));
        }
        published = gen;
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

    /** The first block of worker {@code r}'s home range (the range ends where worker r + 1's begins). */
    private int firstBlock(int r, int blocks) {
        return (int) ((long) r * blocks / workerCount);
    }

    /** Claims and runs blocks of generation {@code gen}: the worker's own range, then the others' in turn. */
    private void takeBlocks(int gen, int worker) {
        for (int i = 0; i < workerCount; i++) {
            int r = worker + i < workerCount ? worker + i : worker + i - workerCount;
            if (!takeRange(gen, worker, r)) {
                return;
            }
        }
    }

    /** Takes blocks of range {@code r} until it is exhausted; false once generation {@code gen} is over. */
    private boolean takeRange(int gen, int worker, int r) {
        while (true) {
            long s = next.get(PAD * r);
            if ((int) (s >>> 32) != gen) {
                return false;
            }
            // Read after the counter that published them, and used only if the claim below
            // succeeds: the fields are rewritten only while every counter is CLOSED, so a
            // successful claim of (gen, block) proves they were gen's.
            RangeTask t = task;
            int size = blockSize, blocks = blockCount, count = itemCount;
            int block = (int) s;
            if (block >= firstBlock(r + 1, blocks)) {
                return true;
            }
            if (!next.compareAndSet(PAD * r, s, s + 1)) {
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
            while ((gen = published) == seen && !closed) {
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
