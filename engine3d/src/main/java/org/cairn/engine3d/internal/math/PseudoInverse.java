package org.cairn.engine3d.internal.math;

/**
 * Moore–Penrose pseudo-inverse of a small symmetric positive semi-definite matrix, by cyclic Jacobi
 * rotations. A box resting on four coplanar contact points has a rank-3 normal mass matrix (the
 * load between the points is statically indeterminate); the pseudo-inverse gives the least-norm,
 * symmetric share instead of failing.
 */
public final class PseudoInverse {
    /** Eigenvalues below this fraction of the largest are treated as zero. */
    static final double RELATIVE_TOLERANCE = 1e-9;
    private static final int MAX_SWEEPS = 30;

    private PseudoInverse() {
    }

    /**
     * Writes the pseudo-inverse of the n×n symmetric matrix {@code a} (row-major, n ≤ 4, read only)
     * into {@code dest} (row-major n×n); {@code scratch} must hold at least 2·n·n + n doubles.
     */
    public static void symmetric(double[] a, int n, double[] dest, double[] scratch) {
        // scratch: [0, n²) working copy, [n², 2n²) eigenvectors (columns), [2n², 2n²+n) eigenvalues.
        int v = n * n, e = 2 * n * n;
        double scale = 0;
        for (int i = 0; i < n * n; i++) {
            scratch[i] = a[i];
            scratch[v + i] = 0;
            scale = Math.max(scale, Math.abs(a[i]));
        }
        for (int i = 0; i < n; i++) {
            scratch[v + i * n + i] = 1;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    off += scratch[p * n + q] * scratch[p * n + q];
                }
            }
            if (off <= 1e-30 * scale * scale) {
                break;
            }
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    double apq = scratch[p * n + q];
                    if (apq == 0) {
                        continue;
                    }
                    double theta = (scratch[q * n + q] - scratch[p * n + p]) / (2 * apq);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1), s = t * c;
                    for (int k = 0; k < n; k++) {
                        double akp = scratch[k * n + p], akq = scratch[k * n + q];
                        scratch[k * n + p] = c * akp - s * akq;
                        scratch[k * n + q] = s * akp + c * akq;
                    }
                    for (int k = 0; k < n; k++) {
                        double apk = scratch[p * n + k], aqk = scratch[q * n + k];
                        scratch[p * n + k] = c * apk - s * aqk;
                        scratch[q * n + k] = s * apk + c * aqk;
                    }
                    for (int k = 0; k < n; k++) {
                        double vkp = scratch[v + k * n + p], vkq = scratch[v + k * n + q];
                        scratch[v + k * n + p] = c * vkp - s * vkq;
                        scratch[v + k * n + q] = s * vkp + c * vkq;
                    }
                }
            }
        }
        double largest = 0;
        for (int i = 0; i < n; i++) {
            scratch[e + i] = scratch[i * n + i];
            largest = Math.max(largest, scratch[e + i]);
        }
        for (int i = 0; i < n; i++) {
            scratch[e + i] = scratch[e + i] > RELATIVE_TOLERANCE * largest ? 1 / scratch[e + i] : 0;
        }
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += scratch[v + r * n + k] * scratch[e + k] * scratch[v + c * n + k];
                }
                dest[r * n + c] = sum;
            }
        }
    }
}
