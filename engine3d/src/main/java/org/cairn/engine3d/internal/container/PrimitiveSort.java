package org.cairn.engine3d.internal.container;

/**
 * Ascending in-place sorts of int and long ranges that allocate nothing, for the step.
 * {@code java.util.Arrays.sort} allocates a merge buffer as large as the range whenever a range of
 * 4096 or more holds sorted runs, as the contacts gathered body by body and the pairs found proxy
 * by proxy do: a step of a large world would allocate every time.
 *
 * <p>Introsort (Musser 1997): quicksort around the median of the first, middle and last values
 * (Hoare's partition), insertion sort below {@value #INSERTION} values, heapsort for a range that
 * has been split more than twice log₂ n times, so the worst case stays O(n log n). The smaller
 * side is sorted by recursion and the larger by the loop, so the recursion is at most log₂ n deep.
 * The order of equal values is not kept, which for primitives cannot be seen.
 */
public final class PrimitiveSort {
    /** Ranges this short are sorted by insertion. */
    static final int INSERTION = 24;

    private PrimitiveSort() {
    }

    /** Sorts a[from..to) ascending. */
    public static void sort(int[] a, int from, int to) {
        introsort(a, from, to, depthLimit(to - from));
    }

    /** Sorts a[from..to) ascending (signed order, as {@code Arrays.sort}). */
    public static void sort(long[] a, int from, int to) {
        introsort(a, from, to, depthLimit(to - from));
    }

    private static int depthLimit(int n) {
        return 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, n)));
    }

    private static void introsort(int[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int p = partition(a, lo, hi);
            if (p - lo < hi - p) {
                introsort(a, lo, p, depth);
                lo = p;
            } else {
                introsort(a, p, hi, depth);
                hi = p;
            }
        }
        insertion(a, lo, hi);
    }

    private static void introsort(long[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int p = partition(a, lo, hi);
            if (p - lo < hi - p) {
                introsort(a, lo, p, depth);
                lo = p;
            } else {
                introsort(a, p, hi, depth);
                hi = p;
            }
        }
        insertion(a, lo, hi);
    }

    /**
     * Hoare's partition around the median of three, moved to a[lo] first: returns p with
     * lo &lt; p &lt; hi, every value of [lo, p) at most every value of [p, hi). With the pivot at
     * a[lo] neither side can come out empty (Cormen et al., Problem 7-1).
     */
    private static int partition(int[] a, int lo, int hi) {
        int mid = (lo + hi) >>> 1, last = hi - 1;
        int x = a[lo], y = a[mid], z = a[last];
        int m = x < y ? (y < z ? mid : (x < z ? last : lo)) : (x < z ? lo : (y < z ? last : mid));
        a[m] = x;
        a[lo] = m == mid ? y : m == last ? z : x;
        int pivot = a[lo];
        int i = lo - 1, j = hi;
        while (true) {
            do {
                j--;
            } while (a[j] > pivot);
            do {
                i++;
            } while (a[i] < pivot);
            if (i >= j) {
                return j + 1;
            }
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** As {@link #partition(int[], int, int)}, for longs. */
    private static int partition(long[] a, int lo, int hi) {
        int mid = (lo + hi) >>> 1, last = hi - 1;
        long x = a[lo], y = a[mid], z = a[last];
        int m = x < y ? (y < z ? mid : (x < z ? last : lo)) : (x < z ? lo : (y < z ? last : mid));
        a[m] = x;
        a[lo] = m == mid ? y : m == last ? z : x;
        long pivot = a[lo];
        int i = lo - 1, j = hi;
        while (true) {
            do {
                j--;
            } while (a[j] > pivot);
            do {
                i++;
            } while (a[i] < pivot);
            if (i >= j) {
                return j + 1;
            }
            long t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static void insertion(int[] a, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void insertion(long[] a, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= lo && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    /** Heapsort of a[lo..hi): the fallback, package-private so that tests reach it directly. */
    static void heapsort(int[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            int t = a[lo];
            a[lo] = a[lo + end];
            a[lo + end] = t;
            siftDown(a, lo, 0, end);
        }
    }

    /** As {@link #heapsort(int[], int, int)}, for longs. */
    static void heapsort(long[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            long t = a[lo];
            a[lo] = a[lo + end];
            a[lo + end] = t;
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(int[] a, int lo, int i, int n) {
        int v = a[lo + i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && a[lo + c + 1] > a[lo + c]) {
                c++;
            }
            if (a[lo + c] <= v) {
                break;
            }
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    private static void siftDown(long[] a, int lo, int i, int n) {
        long v = a[lo + i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && a[lo + c + 1] > a[lo + c]) {
                c++;
            }
            if (a[lo + c] <= v) {
                break;
            }
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }
}
