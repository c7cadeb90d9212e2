package org.cairn.engine3d.internal.task;

/**
 * Work over a range of items [start, end) that may run on any worker: a task must give the same
 * result whichever worker runs which part, and may write only what its items own. {@code worker}
 * (0 for the calling thread) selects per-worker scratch memory.
 */
@FunctionalInterface
public interface RangeTask {
    void run(int start, int end, int worker);
}
