package org.cairn.engine3d.internal.math;

/** Dense n×n row-major matrix helpers shared by the tests of the pseudo-inverse and its users. */
public final class SquareMatrices {
    private SquareMatrices() {
    }

    /** A·B for n×n row-major matrices, as a new array. */
    public static double[] multiply(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    c[i * n + j] += a[i * n + k] * b[k * n + j];
                }
            }
        }
        return c;
    }

    /** The largest absolute entry. */
    public static double largest(double[] a) {
        double m = 0;
        for (double x : a) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }
}
