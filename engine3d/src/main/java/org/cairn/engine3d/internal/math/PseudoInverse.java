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
     * {@link #factored} for four points followed by one {@link #refine} step against {@code k} (the
     * 4×4 K at {@code k[ko..ko+16)}), unrolled: the same operations in the same order, so the same
     * bits, without the loops and scratch round trips (a face resting on a face is the common
     * manifold, and this ran once per manifold per step). Writes the 4×4 result at
     * {@code dest[d..d+16)}.
     *
     * @return false, writing nothing, where {@link #factored} declines
     */
    public static boolean factoredRefined4(double[] phi, double[] g, double[] k, int ko, double[] dest, int d) {
        double p00 = phi[0], p01 = phi[1], p02 = phi[2], p10 = phi[3], p11 = phi[4], p12 = phi[5], p20 = phi[6],
                p21 = phi[7], p22 = phi[8], p30 = phi[9], p31 = phi[10], p32 = phi[11];
        double s00 = 0.0 + p00 * p00 + p10 * p10 + p20 * p20 + p30 * p30;
        double s01 = 0.0 + p00 * p01 + p10 * p11 + p20 * p21 + p30 * p31;
        double s02 = 0.0 + p00 * p02 + p10 * p12 + p20 * p22 + p30 * p32;
        double s11 = 0.0 + p01 * p01 + p11 * p11 + p21 * p21 + p31 * p31;
        double s12 = 0.0 + p01 * p02 + p11 * p12 + p21 * p22 + p31 * p32;
        double s22 = 0.0 + p02 * p02 + p12 * p12 + p22 * p22 + p32 * p32;
        double g00 = g[0], g01 = g[1], g02 = g[2], g11 = g[4], g12 = g[5], g22 = g[8];
        double g10 = g[3], g20 = g[6], g21 = g[7];
        double sc00 = s11 * s22 - s12 * s12, sc01 = s02 * s12 - s01 * s22, sc02 = s01 * s12 - s02 * s11;
        double detS = s00 * sc00 + s01 * sc01 + s02 * sc02;
        if (!(detS > 0)) {
            return false;
        }
        double invS = 1 / detS;
        double si00 = sc00 * invS, si01 = sc01 * invS, si02 = sc02 * invS, si10 = sc01 * invS,
                si11 = (s00 * s22 - s02 * s02) * invS, si12 = (s01 * s02 - s00 * s12) * invS, si20 = sc02 * invS,
                si21 = (s01 * s02 - s00 * s12) * invS, si22 = (s00 * s11 - s01 * s01) * invS;
        double gc00 = g11 * g22 - g12 * g12, gc01 = g02 * g12 - g01 * g22, gc02 = g01 * g12 - g02 * g11;
        double detG = g00 * gc00 + g01 * gc01 + g02 * gc02;
        double trace = 0.0 + s00 * g00 + s01 * g10 + s02 * g20 + s01 * g01 + s11 * g11 + s12 * g21 + s02 * g02
                + s12 * g12 + s22 * g22;
        if (!(detG > 0 && detS * detG >= FACTORED_TOLERANCE * trace * trace * trace)) {
            return false;
        }
        double invG = 1 / detG;
        double gi00 = gc00 * invG, gi01 = gc01 * invG, gi02 = gc02 * invG, gi10 = gc01 * invG,
                gi11 = (g00 * g22 - g02 * g02) * invG, gi12 = (g01 * g02 - g00 * g12) * invG, gi20 = gc02 * invG,
                gi21 = (g01 * g02 - g00 * g12) * invG, gi22 = (g00 * g11 - g01 * g01) * invG;
        double t00 = si00 * gi00 + si01 * gi10 + si02 * gi20, t01 = si00 * gi01 + si01 * gi11 + si02 * gi21,
                t02 = si00 * gi02 + si01 * gi12 + si02 * gi22;
        double t10 = si10 * gi00 + si11 * gi10 + si12 * gi20, t11 = si10 * gi01 + si11 * gi11 + si12 * gi21,
                t12 = si10 * gi02 + si11 * gi12 + si12 * gi22;
        double t20 = si20 * gi00 + si21 * gi10 + si22 * gi20, t21 = si20 * gi01 + si21 * gi11 + si22 * gi21,
                t22 = si20 * gi02 + si21 * gi12 + si22 * gi22;
        double h00 = t00 * si00 + t01 * si10 + t02 * si20, h01 = t00 * si01 + t01 * si11 + t02 * si21,
                h02 = t00 * si02 + t01 * si12 + t02 * si22;
        double h10 = t10 * si00 + t11 * si10 + t12 * si20, h11 = t10 * si01 + t11 * si11 + t12 * si21,
                h12 = t10 * si02 + t11 * si12 + t12 * si22;
        double h20 = t20 * si00 + t21 * si10 + t22 * si20, h21 = t20 * si01 + t21 * si11 + t22 * si21,
                h22 = t20 * si02 + t21 * si12 + t22 * si22;
        double x00 = 0.0 + p00 * (0.0 + h00 * p00 + h01 * p01 + h02 * p02) + p01 * (0.0 + h10 * p00 + h11 * p01
                + h12 * p02) + p02 * (0.0 + h20 * p00 + h21 * p01 + h22 * p02);
        double x01 = 0.0 + p00 * (0.0 + h00 * p10 + h01 * p11 + h02 * p12) + p01 * (0.0 + h10 * p10 + h11 * p11
                + h12 * p12) + p02 * (0.0 + h20 * p10 + h21 * p11 + h22 * p12);
        double x02 = 0.0 + p00 * (0.0 + h00 * p20 + h01 * p21 + h02 * p22) + p01 * (0.0 + h10 * p20 + h11 * p21
                + h12 * p22) + p02 * (0.0 + h20 * p20 + h21 * p21 + h22 * p22);
        double x03 = 0.0 + p00 * (0.0 + h00 * p30 + h01 * p31 + h02 * p32) + p01 * (0.0 + h10 * p30 + h11 * p31
                + h12 * p32) + p02 * (0.0 + h20 * p30 + h21 * p31 + h22 * p32);
        double x11 = 0.0 + p10 * (0.0 + h00 * p10 + h01 * p11 + h02 * p12) + p11 * (0.0 + h10 * p10 + h11 * p11
                + h12 * p12) + p12 * (0.0 + h20 * p10 + h21 * p11 + h22 * p12);
        double x12 = 0.0 + p10 * (0.0 + h00 * p20 + h01 * p21 + h02 * p22) + p11 * (0.0 + h10 * p20 + h11 * p21
                + h12 * p22) + p12 * (0.0 + h20 * p20 + h21 * p21 + h22 * p22);
        double x13 = 0.0 + p10 * (0.0 + h00 * p30 + h01 * p31 + h02 * p32) + p11 * (0.0 + h10 * p30 + h11 * p31
                + h12 * p32) + p12 * (0.0 + h20 * p30 + h21 * p31 + h22 * p32);
        double x22 = 0.0 + p20 * (0.0 + h00 * p20 + h01 * p21 + h02 * p22) + p21 * (0.0 + h10 * p20 + h11 * p21
                + h12 * p22) + p22 * (0.0 + h20 * p20 + h21 * p21 + h22 * p22);
        double x23 = 0.0 + p20 * (0.0 + h00 * p30 + h01 * p31 + h02 * p32) + p21 * (0.0 + h10 * p30 + h11 * p31
                + h12 * p32) + p22 * (0.0 + h20 * p30 + h21 * p31 + h22 * p32);
        double x33 = 0.0 + p30 * (0.0 + h00 * p30 + h01 * p31 + h02 * p32) + p31 * (0.0 + h10 * p30 + h11 * p31
                + h12 * p32) + p32 * (0.0 + h20 * p30 + h21 * p31 + h22 * p32);
        double k00 = k[ko + 0], k01 = k[ko + 1], k02 = k[ko + 2], k03 = k[ko + 3], k10 = k[ko + 4], k11 = k[ko + 5],
                k12 = k[ko + 6], k13 = k[ko + 7], k20 = k[ko + 8], k21 = k[ko + 9], k22 = k[ko + 10], k23 = k[ko + 11],
                k30 = k[ko + 12], k31 = k[ko + 13], k32 = k[ko + 14], k33 = k[ko + 15];
        double y00 = 0.0 + k00 * x00 + k01 * x01 + k02 * x02 + k03 * x03,
                y01 = 0.0 + k00 * x01 + k01 * x11 + k02 * x12 + k03 * x13,
                y02 = 0.0 + k00 * x02 + k01 * x12 + k02 * x22 + k03 * x23,
                y03 = 0.0 + k00 * x03 + k01 * x13 + k02 * x23 + k03 * x33;
        double y10 = 0.0 + k10 * x00 + k11 * x01 + k12 * x02 + k13 * x03,
                y11 = 0.0 + k10 * x01 + k11 * x11 + k12 * x12 + k13 * x13,
                y12 = 0.0 + k10 * x02 + k11 * x12 + k12 * x22 + k13 * x23,
                y13 = 0.0 + k10 * x03 + k11 * x13 + k12 * x23 + k13 * x33;
        double y20 = 0.0 + k20 * x00 + k21 * x01 + k22 * x02 + k23 * x03,
                y21 = 0.0 + k20 * x01 + k21 * x11 + k22 * x12 + k23 * x13,
                y22 = 0.0 + k20 * x02 + k21 * x12 + k22 * x22 + k23 * x23,
                y23 = 0.0 + k20 * x03 + k21 * x13 + k22 * x23 + k23 * x33;
        double y30 = 0.0 + k30 * x00 + k31 * x01 + k32 * x02 + k33 * x03,
                y31 = 0.0 + k30 * x01 + k31 * x11 + k32 * x12 + k33 * x13,
                y32 = 0.0 + k30 * x02 + k31 * x12 + k32 * x22 + k33 * x23,
                y33 = 0.0 + k30 * x03 + k31 * x13 + k32 * x23 + k33 * x33;
        double z00 = 2 * x00 - (0.0 + x00 * y00 + x01 * y10 + x02 * y20 + x03 * y30);
        double z01 = 2 * x01 - (0.0 + x00 * y01 + x01 * y11 + x02 * y21 + x03 * y31);
        double z02 = 2 * x02 - (0.0 + x00 * y02 + x01 * y12 + x02 * y22 + x03 * y32);
        double z03 = 2 * x03 - (0.0 + x00 * y03 + x01 * y13 + x02 * y23 + x03 * y33);
        double z11 = 2 * x11 - (0.0 + x01 * y01 + x11 * y11 + x12 * y21 + x13 * y31);
        double z12 = 2 * x12 - (0.0 + x01 * y02 + x11 * y12 + x12 * y22 + x13 * y32);
        double z13 = 2 * x13 - (0.0 + x01 * y03 + x11 * y13 + x12 * y23 + x13 * y33);
        double z22 = 2 * x22 - (0.0 + x02 * y02 + x12 * y12 + x22 * y22 + x23 * y32);
        double z23 = 2 * x23 - (0.0 + x02 * y03 + x12 * y13 + x22 * y23 + x23 * y33);
        double z33 = 2 * x33 - (0.0 + x03 * y03 + x13 * y13 + x23 * y23 + x33 * y33);
        dest[d + 0] = z00;
        dest[d + 1] = z01;
        dest[d + 2] = z02;
        dest[d + 3] = z03;
        dest[d + 4] = z01;
        dest[d + 5] = z11;
        dest[d + 6] = z12;
        dest[d + 7] = z13;
        dest[d + 8] = z02;
        dest[d + 9] = z12;
        dest[d + 10] = z22;
        dest[d + 11] = z23;
        dest[d + 12] = z03;
        dest[d + 13] = z13;
        dest[d + 14] = z23;
        dest[d + 15] = z33;
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
        product(a, x, n, scratch);
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

    /**
     * Whether the symmetric {@code x} is the pseudo-inverse of the symmetric n×n matrix {@code a} to
     * within a relative {@code tolerance}, by the Penrose conditions: A·X·A = A (to tolerance ·
     * max |Aᵢⱼ|), X·A·X = X (to tolerance · max |Xᵢⱼ|) and A·X symmetric (to tolerance; its
     * entries are those of a projector). The first alone lets X carry anything in A's null space,
     * which a clamped solve turns into motion. A factored inverse is exact only while its factors are
     * well-conditioned, which its own acceptance test (K's eigenvalue spread) does not ensure: a cube
     * against a drum whose centre was 16 m away, two of its points 2 mm apart, got one that missed
     * A·X·A = A by half of A, and left at 10⁴³ m/s. {@code scratch} must hold n·n doubles.
     */
    public static boolean meetsPenroseConditions(double[] a, int n, double[] x, double tolerance, double[] scratch) {
        double largestA = 0, largestX = 0;
        for (int i = 0; i < n * n; i++) {
            largestA = Math.max(largestA, Math.abs(a[i]));
            largestX = Math.max(largestX, Math.abs(x[i]));
        }
        // scratch: P = A·X.
        product(a, x, n, scratch);
        // Each test negated, so that a NaN fails it.
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (!(Math.abs(scratch[i * n + j] - scratch[j * n + i]) <= tolerance)) {
                    return false;
                }
                double pa = 0, xp = 0;
                for (int k = 0; k < n; k++) {
                    pa += scratch[i * n + k] * a[k * n + j];
                    xp += x[i * n + k] * scratch[k * n + j];
                }
                if (!(Math.abs(pa - a[i * n + j]) <= tolerance * largestA)
                        || !(Math.abs(xp - x[i * n + j]) <= tolerance * largestX)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** dest[0..n²) = A·X for n×n row-major A and X. */
    private static void product(double[] a, double[] x, int n, double[] dest) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * x[k * n + j];
                }
                dest[i * n + j] = sum;
            }
        }
    }
}
