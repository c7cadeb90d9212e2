package org.cairn.verification.property;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * Makes a failing choice sequence smaller while it still fails (Hypothesis's integrated shrinking:
 * the generator is re-run on each candidate, so every candidate is a valid scene). Passes, repeated
 * until none helps or the budget of attempts is spent: cut the tail; delete blocks of 8, 4, 2 and 1
 * choices (drops bodies and their properties); set each choice to 0 (no velocity, first shape
 * kind, fewest bodies); lower it by binary search; round it (clear low bits, so numbers become
 * short binary fractions). A candidate is kept only if it is smaller in the shortlex order, so
 * shrinking always ends.
 */
public final class Shrinker {
    private final Predicate<long[]> fails;
    private final int budget;
    private int attempts;
    private long[] best;

    /** Shrinks with {@code fails} (true: the candidate still shows the failure) and at most {@code budget} attempts. */
    public Shrinker(Predicate<long[]> fails, int budget) {
        this.fails = fails;
        this.budget = budget;
    }

    /** Attempts made by the last {@link #shrink}. */
    public int attempts() {
        return attempts;
    }

    /** The smallest failing sequence found from {@code failing} (which must fail). */
    public long[] shrink(long[] failing) {
        best = failing.clone();
        attempts = 0;
        boolean improved = true;
        while (improved && attempts < budget) {
            improved = cutTail() | deleteBlocks() | lowerEach();
        }
        return best;
    }

    private boolean attempt(long[] candidate) {
        if (attempts >= budget || !smaller(candidate, best)) {
            return false;
        }
        attempts++;
        if (fails.test(candidate)) {
            best = candidate;
            return true;
        }
        return false;
    }

    /** Shortlex: shorter first, then lexicographically smaller. */
    static boolean smaller(long[] a, long[] b) {
        if (a.length != b.length) {
            return a.length < b.length;
        }
        return Arrays.compare(a, b) < 0;
    }

    private boolean cutTail() {
        boolean any = false;
        for (int length = 0; length < best.length; length = length == 0 ? 1 : length * 2) {
            if (attempt(Arrays.copyOf(best, length))) {
                any = true;
                break;
            }
        }
        return any;
    }

    private boolean deleteBlocks() {
        boolean any = false;
        for (int size : new int[] {8, 4, 2, 1}) {
            for (int start = 0; start + size <= best.length; ) {
                long[] candidate = new long[best.length - size];
                System.arraycopy(best, 0, candidate, 0, start);
                System.arraycopy(best, start + size, candidate, start, best.length - start - size);
                if (attempt(candidate)) {
                    any = true;
                } else {
                    start++;
                }
            }
        }
        return any;
    }

    private boolean lowerEach() {
        boolean any = false;
        for (int i = 0; i < best.length; i++) {
            long value = best[i];
            if (value == 0) {
                continue;
            }
            if (attempt(with(i, 0))) {
                any = true;
                continue;
            }
            // Round: clear low bits, coarsest first.
            for (int bits = 20; bits >= 4; bits -= 4) {
                long rounded = value & -(1L << bits);
                if (rounded != value && attempt(with(i, rounded))) {
                    any = true;
                    value = best[i];
                    break;
                }
            }
            // Binary search for the smallest value that still fails.
            long lo = 0, hi = best[i];
            while (hi - lo > 1 && attempts < budget) {
                long mid = lo + (hi - lo) / 2;
                if (attempt(with(i, mid))) {
                    any = true;
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
        }
        return any;
    }

    private long[] with(int i, long value) {
        long[] candidate = best.clone();
        candidate[i] = value;
        return candidate;
    }
}
