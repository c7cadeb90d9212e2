package org.cairn.verification.property;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The source of every random decision a generator makes, recorded as a sequence of non-negative
 * integers (Hypothesis's choice sequence). Generated from a seed, or replayed from a sequence that
 * a {@link Shrinker} has made smaller: a shorter sequence, or smaller numbers in it, gives a simpler
 * scene, because generators map 0 to the simplest outcome (fewest bodies, no velocity, the first
 * kind of shape). A replayed sequence that runs out reads as zeros.
 */
public final class Choices {
    /** Resolution of {@link #unit()}: 2²⁰ steps. */
    static final long UNIT_STEPS = 1L << 20;

    private final SplittableRandom random;
    private final long[] replay;
    private long[] drawn = new long[64];
    private int count;

    private Choices(SplittableRandom random, long[] replay) {
        this.random = random;
        this.replay = replay;
    }

    /** Fresh choices from a seed. */
    public static Choices fromSeed(long seed) {
        return new Choices(new SplittableRandom(seed), null);
    }

    /** The choices of a recorded sequence. */
    public static Choices replay(long[] sequence) {
        return new Choices(null, sequence.clone());
    }

    /** A value in [0, bound). */
    public long draw(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        long value;
        if (replay == null) {
            value = random.nextLong(bound);
        } else {
            value = count < replay.length ? Math.min(Math.max(replay[count], 0), bound - 1) : 0;
        }
        if (count == drawn.length) {
            drawn = Arrays.copyOf(drawn, 2 * count);
        }
        drawn[count++] = value;
        return value;
    }

    /** An int in [0, n). */
    public int below(int n) {
        return (int) draw(n);
    }

    /** True one time in {@code oneIn} (on the largest draw, so shrinking turns it off). */
    public boolean oneIn(int oneIn) {
        return draw(oneIn) == oneIn - 1;
    }

    /** A number in [0, 1) on a grid of 2⁻²⁰. */
    public double unit() {
        return draw(UNIT_STEPS) / (double) UNIT_STEPS;
    }

    /** A number in [lo, hi), lo when the choice is 0. */
    public double between(double lo, double hi) {
        return lo + (hi - lo) * unit();
    }

    /** A number in (−scale, scale), 0 when the choice is 0. */
    public double signed(double scale) {
        long raw = draw(2 * UNIT_STEPS);
        double magnitude = (raw >>> 1) / (double) UNIT_STEPS * scale;
        return (raw & 1) == 0 ? magnitude : -magnitude;
    }

    /** The choices made so far. */
    public long[] sequence() {
        return Arrays.copyOf(drawn, count);
    }
}
