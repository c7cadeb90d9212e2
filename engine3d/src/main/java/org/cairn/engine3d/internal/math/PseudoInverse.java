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
    /**
     * {@link #factored} declines a K whose smallest non-zero eigenvalue might be under 10·
     * {@link #RELATIVE_TOLERANCE} of its largest, so that it never inverts a direction the Jacobi
     * sweeps would drop: K's non-zero eigenvalues are those of (ΦᵀΦ)·G, and λ_min/λ_max ≥
     * det/trace³ for a 3×3 matrix with positive eigenvalues.
     */
    public static final double FACTORED_TOLERANCE = 10 * RELATIVE_TOLERANCE;

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

    /**
     * Writes the pseudo-inverse of K = Φ·G·Φᵀ into {@code dest} (row-major n×n), for Φ an n×3
     * matrix ({@code phi}, row-major) and G a symmetric positive definite 3×3 matrix ({@code g},
     * row-major): K⁺ = Φ·(ΦᵀΦ)⁻¹·G⁻¹·(ΦᵀΦ)⁻¹·Φᵀ, which meets the four Moore–Penrose conditions
     * when Φ has full column rank. A contact manifold's normal mass matrix has this form (its rows
     * depend on each point only through 1 and the two in-plane components of r × n), and three
     * 3×3 products cost a fraction of {@link #symmetric}'s Jacobi sweeps.
     *
     * @return false, writing nothing, when K may be too close to singular (points nearly on a line;
     *     see {@link #FACTORED_TOLERANCE}), so that the caller uses {@link #symmetric}
     */
    public static boolean factored(double[] phi, int n, double[] g, double[] dest, double[] scratch) {
        // scratch: [0, 9) ΦᵀΦ, [9, 18) its inverse, [18, 27) G⁻¹, [27, 36) H = S⁻¹·G⁻¹·S⁻¹, [36, 45) temp.
        for (int a = 0; a < 3; a++) {
            for (int c = a; c < 3; c++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += phi[3 * i + a] * phi[3 * i + c];
                }
                scratch[3 * a + c] = sum;
                scratch[3 * c + a] = sum;
            }
        }
        double detS = inverse3(scratch, 0, scratch, 9), detG = inverse3(g, 0, scratch, 18);
        double trace = 0;
        for (int a = 0; a < 3; a++) {
            for (int c = 0; c < 3; c++) {
                trace += scratch[3 * a + c] * g[3 * c + a];
            }
        }
        if (!(detS > 0 && detG > 0 && detS * detG >= FACTORED_TOLERANCE * trace * trace * trace)) {
            return false;
        }
        multiply3(scratch, 9, scratch, 18, scratch, 36);
        multiply3(scratch, 36, scratch, 9, scratch, 27);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double sum = 0;
                for (int a = 0; a < 3; a++) {
                    double row = 0;
                    for (int c = 0; c < 3; c++) {
                        row += scratch[27 + 3 * a + c] * phi[3 * j + c];
                    }
                    sum += phi[3 * i + a] * row;
                }
                dest[i * n + j] = sum;
                dest[j * n + i] = sum;
            }
        }
        return true;
    }

    /**
     * Inverse of the symmetric 3×3 matrix m[o..o+9) into dest[d..d+9); returns its determinant
     * (and writes nothing when that is not positive).
     */
    private static double inverse3(double[] m, int o, double[] dest, int d) {
        double a = m[o], b = m[o + 1], c = m[o + 2], e = m[o + 4], f = m[o + 5], i = m[o + 8];
        double c00 = e * i - f * f, c01 = c * f - b * i, c02 = b * f - c * e;
        double det = a * c00 + b * c01 + c * c02;
        if (!(det > 0)) {
            return det;
        }
        double inv = 1 / det;
        dest[d] = c00 * inv;
        dest[d + 1] = c01 * inv;
        dest[d + 2] = c02 * inv;
        dest[d + 3] = c01 * inv;
        dest[d + 4] = (a * i - c * c) * inv;
        dest[d + 5] = (b * c - a * f) * inv;
        dest[d + 6] = c02 * inv;
        dest[d + 7] = (b * c - a * f) * inv;
        dest[d + 8] = (a * e - b * b) * inv;
        return det;
    }

    private static void multiply3(double[] x, int xo, double[] y, int yo, double[] dest, int d) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                dest[d + 3 * r + c] = x[xo + 3 * r] * y[yo + c] + x[xo + 3 * r + 1] * y[yo + 3 + c]
                        + x[xo + 3 * r + 2] * y[yo + 6 + c];
            }
        }
    }

    /**
     * One Newton–Schulz step towards the pseudo-inverse of the symmetric n×n matrix {@code a}: X ←
     * 2X − X·A·X, written back into {@code x} (symmetrised). From an X accurate to ε it gives one
     * accurate to about ε², i.e. to rounding. {@code scratch} must hold 2·n·n doubles.
     */
    public static void refine(double[] a, int n, double[] x, double[] scratch) {
        int t = n * n;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * x[k * n + j];
                }
                scratch[i * n + j] = sum;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += x[i * n + k] * scratch[k * n + j];
                }
                scratch[t + i * n + j] = sum;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double value = 2 * x[i * n + j] - scratch[t + i * n + j];
                x[i * n + j] = value;
                x[j * n + i] = value;
            }
        }
    }
}
