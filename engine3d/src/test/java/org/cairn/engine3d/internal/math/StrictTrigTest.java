package org.cairn.engine3d.internal.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * StrictTrig's sine, cosine and arc cosine are StrictMath's, bit for bit: the oracle is the JDK's
 * fdlibm, which this class only evaluates faster.
 */
class StrictTrigTest {
    private static void assertSameBits(double x) {
        assertEquals(Double.doubleToRawLongBits(StrictMath.sin(x)), Double.doubleToRawLongBits(StrictTrig.sin(x)),
                () -> "sin(" + x + ")");
        assertEquals(Double.doubleToRawLongBits(StrictMath.cos(x)), Double.doubleToRawLongBits(StrictTrig.cos(x)),
                () -> "cos(" + x + ")");
    }

    /** The double whose high word is {@code high} and low word {@code low}. */
    private static double words(int high, int low) {
        return Double.longBitsToDouble((long) high << 32 | (low & 0xffffffffL));
    }

    @Test
    void smallAnglesOfEveryMagnitudeGiveStrictMathsBits() {
        Random random = new Random(20261205);
        for (int i = 0; i < 2_000_000; i++) {
            // Uniform over [−0.8, 0.8] (the kernels' range and a little past it), and log-uniform
            // down to 2⁻⁶⁰ (the tiny branch and every binade in between).
            assertSameBits((random.nextDouble() * 2 - 1) * 0.8);
            assertSameBits((random.nextDouble() * 2 - 1) * Math.scalb(1.0, -random.nextInt(61)));
        }
    }

    @Test
    void largeAnglesAndSpecialValuesGiveStrictMathsBits() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            assertSameBits(Double.longBitsToDouble(random.nextLong()));
            assertSameBits((random.nextDouble() * 2 - 1) * 1e3);
        }
        for (double x : new double[] {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Math.PI / 4,
            -Math.PI / 4, Math.PI / 2, Math.PI, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NaN}) {
            assertSameBits(x);
        }
    }

    @Test
    void theEdgesOfEachBranchGiveStrictMathsBits() {
        // fdlibm's branches turn on |x|'s high word: 2⁻²⁷ (tiny), 0.3, 0.78125 and π/4 (the kernels' end).
        int[] edges = {0x3e400000, 0x3fd33333, 0x3fe90000, 0x3fe921fb, 0x3fe921fc};
        for (int edge : edges) {
            for (int high = edge - 2; high <= edge + 2; high++) {
                for (int low : new int[] {0, 1, 0x54442d18, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff}) {
                    assertSameBits(words(high, low));
                    assertSameBits(-words(high, low));
                }
            }
        }
    }

    private static void assertSameAcos(double x) {
        assertEquals(Double.doubleToLongBits(StrictMath.acos(x)), Double.doubleToLongBits(StrictTrig.acos(x)),
                () -> "acos(" + x + ")");
    }

    @Test
    void arcCosinesOverTheDomainGiveStrictMathsBits() {
        Random random = new Random(20261205);
        for (int i = 0; i < 1_000_000; i++) {
            // Uniform over [−1, 1]; and 1 − t, −1 + t and ±t log-uniform in t down to 2⁻⁶⁰ (the
            // turn of a body that barely turned is acos of a dot product a rounding below 1).
            assertSameAcos(random.nextDouble() * 2 - 1);
            double t = random.nextDouble() * Math.scalb(1.0, -random.nextInt(61));
            assertSameAcos(1 - t);
            assertSameAcos(-1 + t);
            assertSameAcos(random.nextBoolean() ? t : -t);
        }
    }

    @Test
    void arcCosinesAtTheEdgesAndOutsideTheDomainGiveStrictMathsBits() {
        // e_acos.c's branches turn on |x|'s high word: 2⁻⁵⁷ (tiny), 0.5 and 1.
        int[] edges = {0x3c600000, 0x3fe00000, 0x3ff00000};
        for (int edge : edges) {
            for (int high = edge - 2; high <= edge + 2; high++) {
                for (int low : new int[] {0, 1, 0x54442d18, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff}) {
                    assertSameAcos(words(high, low));
                    assertSameAcos(-words(high, low));
                }
            }
        }
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            assertSameAcos(Double.longBitsToDouble(random.nextLong()));
        }
        for (double x : new double[] {0.0, -0.0, 1.0, -1.0, Math.nextDown(1.0), Math.nextUp(-1.0), 0.5, -0.5,
            Double.MIN_VALUE, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN}) {
            assertSameAcos(x);
        }
    }
}
