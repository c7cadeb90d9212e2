package org.cairn.engine3d.internal.math;

/**
 * 3×3 matrices stored row-major as nine doubles at an offset in a {@code double[]}: element (r, c)
 * sits at {@code off + 3r + c}. Helpers write into a destination array and never allocate, so the
 * step can use them on its structure-of-arrays state. A destination may not alias an input unless
 * the method says so.
 */
public final class Mat3 {
    private Mat3() {
    }

    /** Writes the rotation matrix of the unit quaternion (x, y, z, w). */
    public static void fromQuaternion(double x, double y, double z, double w, double[] d, int o) {
        double xx = x * x, yy = y * y, zz = z * z;
        double xy = x * y, xz = x * z, yz = y * z;
        double wx = w * x, wy = w * y, wz = w * z;
        d[o] = 1.0 - 2.0 * (yy + zz);
        d[o + 1] = 2.0 * (xy - wz);
        d[o + 2] = 2.0 * (xz + wy);
        d[o + 3] = 2.0 * (xy + wz);
        d[o + 4] = 1.0 - 2.0 * (xx + zz);
        d[o + 5] = 2.0 * (yz - wx);
        d[o + 6] = 2.0 * (xz - wy);
        d[o + 7] = 2.0 * (yz + wx);
        d[o + 8] = 1.0 - 2.0 * (xx + yy);
    }

    /** d = R · M · Rᵀ, the change of frame of a tensor M by the rotation R. */
    public static void rotateTensor(double[] r, int ro, double[] m, int mo, double[] d, int o) {
        // t = R·M, then d = t·Rᵀ; unrolled into locals so nothing is allocated.
        double t0 = r[ro] * m[mo] + r[ro + 1] * m[mo + 3] + r[ro + 2] * m[mo + 6];
        double t1 = r[ro] * m[mo + 1] + r[ro + 1] * m[mo + 4] + r[ro + 2] * m[mo + 7];
        double t2 = r[ro] * m[mo + 2] + r[ro + 1] * m[mo + 5] + r[ro + 2] * m[mo + 8];
        double t3 = r[ro + 3] * m[mo] + r[ro + 4] * m[mo + 3] + r[ro + 5] * m[mo + 6];
        double t4 = r[ro + 3] * m[mo + 1] + r[ro + 4] * m[mo + 4] + r[ro + 5] * m[mo + 7];
        double t5 = r[ro + 3] * m[mo + 2] + r[ro + 4] * m[mo + 5] + r[ro + 5] * m[mo + 8];
        double t6 = r[ro + 6] * m[mo] + r[ro + 7] * m[mo + 3] + r[ro + 8] * m[mo + 6];
        double t7 = r[ro + 6] * m[mo + 1] + r[ro + 7] * m[mo + 4] + r[ro + 8] * m[mo + 7];
        double t8 = r[ro + 6] * m[mo + 2] + r[ro + 7] * m[mo + 5] + r[ro + 8] * m[mo + 8];
        double d00 = t0 * r[ro] + t1 * r[ro + 1] + t2 * r[ro + 2];
        double d01 = t0 * r[ro + 3] + t1 * r[ro + 4] + t2 * r[ro + 5];
        double d02 = t0 * r[ro + 6] + t1 * r[ro + 7] + t2 * r[ro + 8];
        double d11 = t3 * r[ro + 3] + t4 * r[ro + 4] + t5 * r[ro + 5];
        double d12 = t3 * r[ro + 6] + t4 * r[ro + 7] + t5 * r[ro + 8];
        double d22 = t6 * r[ro + 6] + t7 * r[ro + 7] + t8 * r[ro + 8];
        // The input is symmetric, so the output is too; writing it symmetric removes rounding skew.
        d[o] = d00;
        d[o + 1] = d01;
        d[o + 2] = d02;
        d[o + 3] = d01;
        d[o + 4] = d11;
        d[o + 5] = d12;
        d[o + 6] = d02;
        d[o + 7] = d12;
        d[o + 8] = d22;
    }

    /**
     * Inverts a symmetric matrix by its adjugate. Returns false, leaving {@code d} untouched, when
     * the determinant is not positive (the matrix is not a valid inertia tensor).
     */
    public static boolean invertSymmetric(double[] m, int mo, double[] d, int o) {
        double a = m[mo], b = m[mo + 1], c = m[mo + 2];
        double e = m[mo + 4], f = m[mo + 5], i = m[mo + 8];
        double c00 = e * i - f * f;
        double c01 = c * f - b * i;
        double c02 = b * f - c * e;
        double det = a * c00 + b * c01 + c * c02;
        if (!(det > 0.0) || !Double.isFinite(det)) {
            return false;
        }
        double inv = 1.0 / det;
        double c11 = a * i - c * c;
        double c12 = b * c - a * f;
        double c22 = a * e - b * b;
        d[o] = c00 * inv;
        d[o + 1] = c01 * inv;
        d[o + 2] = c02 * inv;
        d[o + 3] = c01 * inv;
        d[o + 4] = c11 * inv;
        d[o + 5] = c12 * inv;
        d[o + 6] = c02 * inv;
        d[o + 7] = c12 * inv;
        d[o + 8] = c22 * inv;
        return true;
    }

    /** Sylvester's criterion: true when the symmetric matrix is positive definite. */
    public static boolean isPositiveDefinite(double[] m, int o) {
        double a = m[o], b = m[o + 1], c = m[o + 2], e = m[o + 4], f = m[o + 5], i = m[o + 8];
        double minor2 = a * e - b * b;
        double det = a * (e * i - f * f) - b * (b * i - f * c) + c * (b * f - e * c);
        return a > 0.0 && minor2 > 0.0 && det > 0.0;
    }

    /** Sets the identity. */
    public static void identity(double[] d, int o) {
        for (int k = 0; k < 9; k++) {
            d[o + k] = (k % 4 == 0) ? 1.0 : 0.0;
        }
    }

    /** Component k (0..2) of M·(x, y, z). */
    public static double mulRow(double[] m, int o, int row, double x, double y, double z) {
        int r = o + 3 * row;
        return m[r] * x + m[r + 1] * y + m[r + 2] * z;
    }
}
