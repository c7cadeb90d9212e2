package org.cairn.engine3d.internal.math;

/**
 * Sine and cosine with {@link StrictMath}'s results bit for bit, faster for the small angles a
 * step turns a body by. {@code StrictMath.sin} and {@code cos} are defined as fdlibm's (Sun's
 * freely distributable libm, 1993) and, on Java 17, are native calls costing some 8 ns each; for
 * |x| ≤ π/4, where fdlibm needs no argument reduction, they are fdlibm's kernel polynomials
 * (k_sin.c, k_cos.c with a zero tail), which this class evaluates in the same operations and
 * order. Java's arithmetic is IEEE 754 double without fused operations, so the bits are fdlibm's.
 * Larger angles go to {@code StrictMath}. The integrator turns every body through one sine and
 * one cosine per substep; {@code StrictTrigTest} compares both with {@code StrictMath} on
 * millions of arguments, each branch's edges included.
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
}
