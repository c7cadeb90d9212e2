package org.cairn.engine3d.internal.math;

/**
 * Sine, cosine and arc cosine with {@link StrictMath}'s results bit for bit, faster. {@code
 * StrictMath.sin}, {@code cos} and {@code acos} are defined as fdlibm's (Sun's freely distributable
 * libm, 1993) and, on Java 17, are native calls: some 8 ns each for the sine and cosine, some
 * 225 ns for the arc cosine (measured on the project's machine; the JIT has no intrinsic for it).
 * For |x| ≤ π/4, where fdlibm needs no argument reduction, the sine and cosine are fdlibm's kernel
 * polynomials (k_sin.c, k_cos.c with a zero tail); the arc cosine is e_acos.c whole. This class
 * evaluates them in the same operations and order, and Java's arithmetic is IEEE 754 double
 * without fused operations, so the bits are fdlibm's. Larger sine and cosine arguments go to
 * {@code StrictMath}. The integrator turns every body through one sine and one cosine per substep,
 * and continuous collision measures a tumbling body's turn with an arc cosine every step;
 * {@code StrictTrigTest} compares all three with {@code StrictMath} on millions of arguments, each
 * branch's edges included.
 */
public final class StrictTrig {
    private StrictTrig() {
    }

    // fdlibm k_sin.c: sin(x) ≈ x + S1·x³ + ... + S6·x¹³ on [−π/4, π/4].
    private static final double S1 = -1.66666666666666324348e-01;
    private static final double S2 = 8.33333333332248946124e-03;
    private static final double S3 = -1.98412698298579493134e-04;
    private static final double S4 = 2.75573137070700676789e-06;
    private static final double S5 = -2.50507602534068634195e-08;
    private static final double S6 = 1.58969099521155010221e-10;
    // fdlibm k_cos.c: cos(x) ≈ 1 − x²/2 + C1·x⁴ + ... + C6·x¹⁴ on [−π/4, π/4].
    private static final double C1 = 4.16666666666666019037e-02;
    private static final double C2 = -1.38888888888741095749e-03;
    private static final double C3 = 2.48015872894767294178e-05;
    private static final double C4 = -2.75573143513906633035e-07;
    private static final double C5 = 2.08757232129817482790e-09;
    private static final double C6 = -1.13596475577881948265e-11;
    /** High word of |x| at or below which fdlibm's sin and cos use the kernels directly (π/4's is 0x3fe921fb). */
    private static final int KERNEL_LIMIT = 0x3fe921fb;
    /** High word of 2⁻²⁷: below it sin x = x and cos x = 1 in double. */
    private static final int TINY = 0x3e400000;

    /** The high 32 bits of |x|'s representation: fdlibm's range tests. */
    private static int highWord(double x) {
        return (int) (Double.doubleToRawLongBits(x) >>> 32) & 0x7fffffff;
    }

    /** sin x, equal bit for bit to {@link StrictMath#sin}. */
    public static double sin(double x) {
        int ix = highWord(x);
        if (ix > KERNEL_LIMIT) {
            return StrictMath.sin(x);
        }
        if (ix < TINY) {
            return x;
        }
        double z = x * x, v = z * x;
        double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
        return x + v * (S1 + z * r);
    }

    /** cos x, equal bit for bit to {@link StrictMath#cos}. */
    public static double cos(double x) {
        int ix = highWord(x);
        if (ix > KERNEL_LIMIT) {
            return StrictMath.cos(x);
        }
        if (ix < TINY) {
            return 1.0;
        }
        double z = x * x;
        double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
        if (ix < 0x3fd33333) {
            // |x| < 0.3
            return 1.0 - (0.5 * z - z * r);
        }
        // fdlibm subtracts a quarter of x² (rounded to its high word, or 0.28125 above 0.78125)
        // from 1 exactly first, so the rest of 1 − x²/2 loses no bits.
        double qx = ix > 0x3fe90000 ? 0.28125 : Double.longBitsToDouble((long) (ix - 0x00200000) << 32);
        double hz = 0.5 * z - qx;
        double a = 1.0 - qx;
        return a - (hz - z * r);
    }

    // fdlibm e_acos.c: acos(x) = π/2 − asin(x) near 0, 2·asin(√((1 − x)/2)) near ±1, with
    // asin(t) ≈ t + t·R(t²) for the rational R(z) = P(z)/Q(z) below.
    private static final double PI = 3.14159265358979311600e+00;
    private static final double PIO2_HI = 1.57079632679489655800e+00;
    private static final double PIO2_LO = 6.12323399573676603587e-17;
    private static final double PS0 = 1.66666666666666657415e-01;
    private static final double PS1 = -3.25565818622400915405e-01;
    private static final double PS2 = 2.01212532134862925881e-01;
    private static final double PS3 = -4.00555345006794114027e-02;
    private static final double PS4 = 7.91534994289814532176e-04;
    private static final double PS5 = 3.47933107596021167570e-05;
    private static final double QS1 = -2.40339491173441421878e+00;
    private static final double QS2 = 2.02094576023350569471e+00;
    private static final double QS3 = -6.88283971605453293030e-01;
    private static final double QS4 = 7.70381505559019352791e-02;

    /** acos x, equal bit for bit to {@link StrictMath#acos}. */
    public static double acos(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int hx = (int) (bits >>> 32);
        int ix = hx & 0x7fffffff;
        if (ix >= 0x3ff00000) {
            // |x| ≥ 1, or NaN.
            if (((ix - 0x3ff00000) | (int) bits) == 0) {
                return hx > 0 ? 0.0 : PI + 2.0 * PIO2_LO;
            }
            return (x - x) / (x - x);
        }
        if (ix < 0x3fe00000) {
            // |x| < 0.5.
            if (ix <= 0x3c600000) {
                return PIO2_HI + PIO2_LO;
            }
            double z = x * x;
            double r = asinRatio(z);
            return PIO2_HI - (x - (PIO2_LO - x * r));
        }
        if (hx < 0) {
            // x < −0.5.
            double z = (1.0 + x) * 0.5;
            double s = Math.sqrt(z);
            double r = asinRatio(z);
            double w = r * s - PIO2_LO;
            return PI - 2.0 * (s + w);
        }
        // x > 0.5: √z split into a high part df with a zero low word and a correction c, so that
        // 2·(df + (r·s + c)) loses no bits to the rounding of s.
        double z = (1.0 - x) * 0.5;
        double s = Math.sqrt(z);
        double df = Double.longBitsToDouble(Double.doubleToRawLongBits(s) & 0xffffffff00000000L);
        double c = (z - df * df) / (s + df);
        double r = asinRatio(z);
        double w = r * s + c;
        return 2.0 * (df + w);
    }

    /** e_acos.c's rational R(z) = P(z)/Q(z), with asin(t) ≈ t + t·R(t²). */
    private static double asinRatio(double z) {
        double p = z * (PS0 + z * (PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)))));
        double q = 1.0 + z * (QS1 + z * (QS2 + z * (QS3 + z * QS4)));
        return p / q;
    }
}
