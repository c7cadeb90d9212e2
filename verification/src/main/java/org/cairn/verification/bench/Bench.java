package org.cairn.verification.bench;

import java.util.Arrays;

/**
 * The project's small benchmark harness: warm up, then time many samples and report the median
 * and the spread (the machines are noisy; a median of many short samples is what we compare).
 */
public final class Bench {
    private Bench() {
    }

    /** One timed piece of work; returns something so the JIT cannot drop it. */
    @FunctionalInterface
    public interface Work {
        long run();
    }

    /** Median, 10th and 90th percentile of a sample, in ms. */
    public record Timing(double medianMs, double p10Ms, double p90Ms, int samples) {
        @Override
        public String toString() {
            return String.format("median %.3f ms (p10 %.3f, p90 %.3f, n = %d)", medianMs, p10Ms, p90Ms, samples);
        }
    }

    private static long sink;

    /** Runs {@code work} {@code warmup} times untimed, then {@code samples} times timed. */
    public static Timing time(Work work, int warmup, int samples) {
        for (int i = 0; i < warmup; i++) {
            sink += work.run();
        }
        double[] ms = new double[samples];
        for (int i = 0; i < samples; i++) {
            long t0 = System.nanoTime();
            sink += work.run();
            ms[i] = (System.nanoTime() - t0) * 1e-6;
        }
        Arrays.sort(ms);
        return new Timing(ms[samples / 2], ms[samples / 10], ms[(9 * samples) / 10], samples);
    }

    /** Keeps results alive; printed so the value is observably used. */
    public static long sink() {
        return sink;
    }
}
