package org.cairn.engine3d.internal.math;

/**
 * Solves A_S·x = b for a principal sub-block A_S of a small symmetric positive semi-definite matrix
 * (the rows and columns in S, at most three), by Cramer's rule, when A_S is so well conditioned that
 * its pseudo-inverse is its inverse. A contact manifold's active set solves such sub-blocks of its
 * normal mass matrix whenever a point lets go; three corners of a face are never in a line, so the
 * closed form is the common case and reads nothing but the matrix itself.
 */
public final class SubBlockSolve {
    private SubBlockSolve() {
    }

    /**
     * Solves A_S·x = b, where A is the n×n row-major matrix at {@code a[o..]} and S the m ≤ 3 indices
     * {@code rows[0..m)}. Declines (returns false, x untouched) unless det(A_S) &gt; τ·trace(A_S)^m with
     * τ = {@link PseudoInverse#FACTORED_TOLERANCE}: for a symmetric positive semi-definite m×m matrix
     * λ_min/λ_max ≥ det/trace^m, so an accepted A_S has no eigenvalue the pseudo-inverse would treat as
     * zero, and the two agree.
     *
     * @return whether x holds the solution (false: A_S may be singular; use the pseudo-inverse)
     */
    public static boolean solve(double[] a, int o, int n, int[] rows, int m, double[] b, double[] x) {
        if (m == 1) {
            double a00 = a[o + rows[0] * (n + 1)];
            if (!(a00 > 0)) {
                return false;
            }
            x[0] = b[0] / a00;
            return true;
        }
        int i0 = rows[0], i1 = rows[1];
        double a00 = a[o + i0 * n + i0], a01 = a[o + i0 * n + i1], a11 = a[o + i1 * n + i1];
        if (m == 2) {
            double det = a00 * a11 - a01 * a01, trace = a00 + a11;
            if (!(det > PseudoInverse.FACTORED_TOLERANCE * trace * trace)) {
                return false;
            }
            x[0] = (a11 * b[0] - a01 * b[1]) / det;
            x[1] = (a00 * b[1] - a01 * b[0]) / det;
            return true;
        }
        if (m != 3) {
            return false;
        }
        int i2 = rows[2];
        double a02 = a[o + i0 * n + i2], a12 = a[o + i1 * n + i2], a22 = a[o + i2 * n + i2];
        double c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
        double det = a00 * c00 + a01 * c01 + a02 * c02, trace = a00 + a11 + a22;
        if (!(det > PseudoInverse.FACTORED_TOLERANCE * trace * trace * trace)) {
            return false;
        }
        double c11 = a00 * a22 - a02 * a02, c12 = a01 * a02 - a00 * a12, c22 = a00 * a11 - a01 * a01;
        double b0 = b[0], b1 = b[1], b2 = b[2];
        x[0] = (c00 * b0 + c01 * b1 + c02 * b2) / det;
        x[1] = (c01 * b0 + c11 * b1 + c12 * b2) / det;
        x[2] = (c02 * b0 + c12 * b1 + c22 * b2) / det;
        return true;
    }
}
