package org.cairn.examples;

import java.util.Arrays;

/**
 * Wall-clock times of a run's steps, in bounded memory: the count and the mean over every step,
 * and the median over a sample that is every step up to {@link #KEPT} of them, then every second,
 * every fourth, ... step (evenly spaced), so a run of two billion steps keeps 16 MB at most.
 */
final class StepTimes {
    /** Times kept at most. */
    static final int KEPT = 1 << 20;

    private double[] kept = new double[1024];
    private int size;
    /** Keep one step in this many. */
    private long stride = 1;
    private long count;
    private double sum;

    void add(double millis) {
        if (count % stride == 0) {
            if (size == kept.length) {
                if (size < KEPT) {
                    kept = Arrays.copyOf(kept, 2 * size);
                } else {
                    // Full: keep every other time, and from now on every other step of those kept.
                    for (int i = 0; i < size / 2; i++) {
                        kept[i] = kept[2 * i];
                    }
                    size /= 2;
                    stride *= 2;
                }
            }
            if (count % stride == 0) {
                kept[size++] = millis;
            }
        }
        count++;
        sum += millis;
    }

    long count() {
        return count;
    }

    /** The mean over every step, 0 when there was none. */
    double mean() {
        return count == 0 ? 0.0 : sum / count;
    }

    /** The median of the kept times (every step's up to {@link #KEPT} steps), 0 when there was none. */
    double median() {
        return RunCommand.median(Arrays.copyOf(kept, size));
    }
}
