package org.cairn.engine3d.internal.container;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The step's sorts give what {@code Arrays.sort} gives, on every shape of input, and allocate nothing. */
class PrimitiveSortTest {
    /** Inputs of every kind the step meets and a few it should survive: runs, duplicates, order, reverse. */
    private static long[] input(int kind, int n, SplittableRandom random) {
        long[] a = new long[n];
        long v = 0;
        for (int i = 0; i < n; i++) {
            a[i] = switch (kind) {
                case 0 -> random.nextLong();
                case 1 -> random.nextInt(4);
                case 2 -> i;
                case 3 -> n - i;
                case 4 -> 7;
                case 5 -> {
                    // sorted runs, as contacts gathered body by body are
                    if (i % Math.max(1, n / 8) == 0) {
                        v = random.nextInt(1000);
                    }
                    v += 1 + random.nextInt(5);
                    yield v;
                }
                default -> (i % 2 == 0 ? i : n - i) + ((long) random.nextInt(3) << 40);
            };
        }
        return a;
    }

    @Test
    void longRangesComeOutAsArraysSortLeavesThem() {
        SplittableRandom random = new SplittableRandom(11);
        for (int kind = 0; kind < 7; kind++) {
            for (int n : new int[] {0, 1, 2, 3, 23, 24, 25, 26, 100, 1000, 5000, 20000}) {
                long[] a = input(kind, n + 6, random);
                long[] expected = a.clone();
                Arrays.sort(expected, 3, 3 + n);
                PrimitiveSort.sort(a, 3, 3 + n);
                assertArrayEquals(expected, a, "kind " + kind + ", n " + n + " (the values outside the range stay)");
            }
        }
    }

    @Test
    void intRangesComeOutAsArraysSortLeavesThem() {
        SplittableRandom random = new SplittableRandom(12);
        for (int kind = 0; kind < 7; kind++) {
            for (int n : new int[] {0, 1, 2, 25, 100, 1000, 5000, 20000}) {
                int[] a = Arrays.stream(input(kind, n + 4, random)).mapToInt(x -> (int) (x ^ (x >>> 32))).toArray();
                int[] expected = a.clone();
                Arrays.sort(expected, 2, 2 + n);
                PrimitiveSort.sort(a, 2, 2 + n);
                assertArrayEquals(expected, a, "kind " + kind + ", n " + n);
            }
        }
    }

    @Test
    void theHeapsortFallbackSortsOnItsOwn() {
        SplittableRandom random = new SplittableRandom(13);
        for (int kind = 0; kind < 7; kind++) {
            long[] a = input(kind, 3001, random);
            long[] expected = a.clone();
            Arrays.sort(expected, 1, 3000);
            PrimitiveSort.heapsort(a, 1, 3000);
            assertArrayEquals(expected, a, "kind " + kind);
            int[] b = Arrays.stream(input(kind, 3001, random)).mapToInt(x -> (int) x).toArray();
            int[] expectedInts = b.clone();
            Arrays.sort(expectedInts, 1, 3000);
            PrimitiveSort.heapsort(b, 1, 3000);
            assertArrayEquals(expectedInts, b, "kind " + kind);
        }
    }

    /**
     * The calling thread's allocated bytes, read through reflection: this module does not read
     * java.management, and the tests run on the class path where it is there.
     */
    private static final class AllocationCounter {
        private final Object threads;
        private final Method allocated;

        AllocationCounter() throws ReflectiveOperationException {
            threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
        }

        long read() throws ReflectiveOperationException {
            return (Long) allocated.invoke(threads, Thread.currentThread().getId());
        }
    }

    @Test
    void sortingLargeRangesWithRunsAllocatesNothing() throws ReflectiveOperationException {
        AllocationCounter counter = new AllocationCounter();
        SplittableRandom random = new SplittableRandom(14);
        long[] runs = input(5, 20000, random);
        int[] ints = Arrays.stream(runs).mapToInt(x -> (int) x).toArray();
        long[] work = new long[runs.length];
        int[] intWork = new int[ints.length];
        // Arrays.sort allocates a 160 000-byte buffer for each such sort of 20 000 longs. A reading
        // allocates a little itself (the boxed count), so what two readings in a row differ by is
        // taken off; of five rounds, the one with nothing else left must exist.
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5 && least != 0; round++) {
            long a = counter.read();
            long b = counter.read();
            for (int i = 0; i < 20; i++) {
                System.arraycopy(runs, 0, work, 0, runs.length);
                PrimitiveSort.sort(work, 0, work.length);
                System.arraycopy(ints, 0, intWork, 0, ints.length);
                PrimitiveSort.sort(intWork, 0, intWork.length);
            }
            long c = counter.read();
            least = Math.min(least, (c - b) - (b - a));
        }
        assertEquals(0L, least, "bytes allocated by 20 sorts of 20 000 longs and ints with sorted runs");
    }
}
