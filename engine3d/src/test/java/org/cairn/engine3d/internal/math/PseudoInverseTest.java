package org.cairn.engine3d.internal.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pseudo-inverse satisfies the four Moore–Penrose conditions, and is the inverse when one exists. */
class PseudoInverseTest {
    private static double[] multiply(double[] a, double[] b, int n) {
        return SquareMatrices.multiply(a, b, n);
    }

    /**
     * A = G·Gᵀ for an n×r matrix G with orthogonal columns of lengths in [0.5, 2]: symmetric,
     * positive semi-definite, rank r, non-zero eigenvalues within a factor 16 of each other.
     */
    private static double[] gram(Random random, int n, int rank) {
        double[] g = new double[n * rank];
        for (int k = 0; k < rank; k++) {
            double length;
            do {
                for (int i = 0; i < n; i++) {
                    g[i * rank + k] = random.nextGaussian();
                }
                for (int j = 0; j < k; j++) {
                    double dot = 0, norm = 0;
                    for (int i = 0; i < n; i++) {
                        dot += g[i * rank + k] * g[i * rank + j];
                        norm += g[i * rank + j] * g[i * rank + j];
                    }
                    for (int i = 0; i < n; i++) {
                        g[i * rank + k] -= dot / norm * g[i * rank + j];
                    }
                }
                length = 0;
                for (int i = 0; i < n; i++) {
                    length += g[i * rank + k] * g[i * rank + k];
                }
                length = Math.sqrt(length);
            } while (length < 1e-3);
            double target = 0.5 + 1.5 * random.nextDouble();
            for (int i = 0; i < n; i++) {
                g[i * rank + k] *= target / length;
            }
        }
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < rank; k++) {
                    a[i * n + j] += g[i * rank + k] * g[j * rank + k];
                }
            }
        }
        return a;
    }

    private static void assertClose(double[] expected, double[] actual, double tolerance, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], tolerance, what + " [" + i + "]");
        }
    }

    @Test
    void meetsThePenroseConditionsForEveryRank() {
        Random random = new Random(7);
        double[] scratch = new double[2 * 16 + 4];
        for (int n = 1; n <= 4; n++) {
            for (int rank = 1; rank <= n; rank++) {
                for (int trial = 0; trial < 50; trial++) {
                    double[] a = gram(random, n, rank);
                    double[] x = new double[n * n];
                    PseudoInverse.symmetric(a, n, x, scratch);
                    String what = "n=" + n + " rank=" + rank;
                    assertClose(a, multiply(multiply(a, x, n), a, n), 1e-9, what + " AXA = A");
                    double largest = 1;
                    for (double value : x) {
                        largest = Math.max(largest, Math.abs(value));
                    }
                    assertClose(x, multiply(multiply(x, a, n), x, n), 1e-9 * largest, what + " XAX = X");
                    double[] ax = multiply(a, x, n), xa = multiply(x, a, n);
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j < n; j++) {
                            assertEquals(ax[i * n + j], ax[j * n + i], 1e-9, what + " AX symmetric");
                            assertEquals(xa[i * n + j], xa[j * n + i], 1e-9, what + " XA symmetric");
                        }
                    }
                    if (rank == n) {
                        double[] identity = new double[n * n];
                        for (int i = 0; i < n; i++) {
                            identity[i * n + i] = 1;
                        }
                        assertClose(identity, ax, 1e-8, what + " A·A⁻¹ = I");
                    }
                }
            }
        }
    }

    /** Four coplanar contact points of a box on the ground: the load splits equally, as symmetry demands. */
    @Test
    void splitsASymmetricLoadEqually() {
        // K for a unit cube (m = 1, I = 1/6) touching static ground at its four bottom corners:
        // K_ij = 1 + 6·(r_i×n)·(r_j×n), r = (±0.5, −0.5, ±0.5), n = y.
        double[][] corners = {{0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}, {0.5, -0.5}};
        double[] k = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                // (r×y) = (−rz, 0, rx)
                k[i * 4 + j] = 1 + 6 * (corners[i][1] * corners[j][1] + corners[i][0] * corners[j][0]);
            }
        }
        double[] x = new double[16];
        PseudoInverse.symmetric(k, 4, x, new double[36]);
        // Every corner approaching at 1 m/s: the least-norm impulses that stop them are 1/4 each.
        for (int i = 0; i < 4; i++) {
            double impulse = 0;
            for (int j = 0; j < 4; j++) {
                impulse += x[i * 4 + j];
            }
            assertEquals(0.25, impulse, 1e-12, "corner " + i);
        }
    }

    /**
     * The factored form gives the same pseudo-inverse as the Jacobi sweeps for K = Φ·G·Φᵀ of 3 and
     * 4 points (4 points: rank 3, like a box's face manifold), to 1e-9 relative; and it declines
     * points on a line.
     */
    @Test
    void theFactoredFormMatchesJacobi() {
        Random random = new Random(7);
        int compared = 0;
        for (int trial = 0; trial < 200; trial++) {
            int n = 3 + random.nextInt(2);
            double[] phi = new double[3 * n];
            for (int i = 0; i < n; i++) {
                phi[3 * i] = 1;
                phi[3 * i + 1] = random.nextGaussian();
                phi[3 * i + 2] = random.nextGaussian();
            }
            double[] g = gram(random, 3, 3);
            double[] k = fromFactors(phi, n, g);
            double[] jacobi = new double[n * n], factored = new double[n * n], scratch = new double[45];
            PseudoInverse.symmetric(k, n, jacobi, scratch);
            boolean done = PseudoInverse.factored(phi, n, g, factored, scratch);
            if (!done) {
                continue;
            }
            compared++;
            double scale = 0;
            for (double x : jacobi) {
                scale = Math.max(scale, Math.abs(x));
            }
            for (int i = 0; i < n * n; i++) {
                assertEquals(jacobi[i], factored[i], 1e-9 * scale, "trial " + trial + ", entry " + i);
            }
        }
        assertTrue(compared > 190, "compared " + compared);
        double[] line = {1, 0, 0, 1, 1, 0, 1, 2, 0};
        org.junit.jupiter.api.Assertions.assertFalse(
                PseudoInverse.factored(line, 3, new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, new double[9], new double[45]));
    }

    /**
     * The unrolled four-point path is the loops' arithmetic in the same order: for random factored
     * blocks (and nearly collinear points, which both decline) it gives {@link PseudoInverse#factored}
     * followed by {@link PseudoInverse#refine} bit for bit, and declines exactly when they do.
     */
    @Test
    void theUnrolledFourPointPathGivesTheLoopsBits() {
        Random random = new Random(13);
        int declined = 0;
        for (int trial = 0; trial < 5000; trial++) {
            double[] phi = new double[12];
            double squeeze = trial % 10 == 0 ? 1e-7 : 1.0;
            for (int i = 0; i < 4; i++) {
                phi[3 * i] = 1;
                phi[3 * i + 1] = random.nextGaussian();
                phi[3 * i + 2] = squeeze * random.nextGaussian();
            }
            double[] g = gram(random, 3, 3);
            double[] k = new double[16];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    for (int a = 0; a < 3; a++) {
                        for (int c = 0; c < 3; c++) {
                            k[i * 4 + j] += phi[3 * i + a] * g[3 * a + c] * phi[3 * j + c];
                        }
                    }
                }
            }
            double[] loops = new double[16], unrolled = new double[17], scratch = new double[45];
            boolean loopsDone = PseudoInverse.factored(phi, 4, g, loops, scratch);
            if (loopsDone) {
                PseudoInverse.refine(k, 4, loops, scratch);
            }
            boolean unrolledDone = PseudoInverse.factoredRefined4(phi, g, k, 0, unrolled, 1);
            assertEquals(loopsDone, unrolledDone, "trial " + trial);
            if (!loopsDone) {
                declined++;
                continue;
            }
            for (int i = 0; i < 16; i++) {
                assertEquals(Double.doubleToRawLongBits(loops[i]), Double.doubleToRawLongBits(unrolled[1 + i]),
                        "trial " + trial + ", entry " + i + ": " + loops[i] + " vs " + unrolled[1 + i]);
            }
        }
        assertTrue(declined > 0 && declined < 1000, "both declined " + declined + " of 5000");
    }

    /** A Newton–Schulz step takes an inverse good to 1e-7 to one good to 1e-11 (the error squares). */
    @Test
    void refiningAnApproximateInverseMakesItExact() {
        Random random = new Random(11);
        for (int trial = 0; trial < 50; trial++) {
            int n = 3 + random.nextInt(2);
            double[] a = gram(random, n, 3);
            double[] exact = new double[n * n], x = new double[n * n], scratch = new double[2 * n * n + n];
            PseudoInverse.symmetric(a, n, exact, scratch);
            double scale = 0;
            for (int i = 0; i < n * n; i++) {
                scale = Math.max(scale, Math.abs(exact[i]));
            }
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    double noise = 1e-7 * scale * random.nextGaussian();
                    x[i * n + j] = exact[i * n + j] + noise;
                    x[j * n + i] = exact[j * n + i] + noise;
                }
            }
            // Noise outside the range of A does not shrink by Newton–Schulz; keep it in the range.
            double[] projected = multiply(multiply(exact, multiply(a, x, n), n), multiply(a, exact, n), n);
            PseudoInverse.refine(a, n, projected, scratch);
            for (int i = 0; i < n * n; i++) {
                assertEquals(exact[i], projected[i], 1e-11 * scale, "trial " + trial + ", entry " + i);
            }
        }
    }

    /** K = Φ·G·Φᵀ for n points' factors Φ (n×3, rows (1, w₁, w₂)) and G (3×3). */
    private static double[] fromFactors(double[] phi, int n, double[] g) {
        double[] k = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int a = 0; a < 3; a++) {
                    for (int c = 0; c < 3; c++) {
                        k[i * n + j] += phi[3 * i + a] * g[3 * a + c] * phi[3 * j + c];
                    }
                }
            }
        }
        return k;
    }

    /**
     * A block the factored form gets wrong, and the check that catches it: a cube against a
     * kinematic drum whose centre is 16 m away, two of its three points 2 mm apart (Box3D's washer,
     * step 257). Its factors' Gram matrix ΦᵀΦ is near singular although K is merely ill-conditioned,
     * and the factored form, which its own test lets through, misses A·X·A = A by more than half of
     * K; Jacobi's sweeps on K itself meet the Penrose conditions to 1e-6 (the cube left at
     * 10⁴³ m/s on the first).
     */
    @Test
    void thePenroseCheckRejectsAFactoredInverseOfNearSingularFactors() {
        double[] phi = {1.0, -1.6722008274589197, -4.5977080201342595, 1.0, -1.6724554122824538, -4.608500640326985, 1.0,
            -1.6724554122824524, -4.997820401306852};
        double[] g = {14.963347703932387, 0.9197189391625331, 2.812925229148675, 0.9197189391625331, 0.5859374999999998, 0.0,
            2.812925229148675, 0.0, 0.5859374999999999};
        double[] k = fromFactors(phi, 3, g);
        double[] factored = new double[9], jacobi = new double[9], scratch = new double[45];
        assertTrue(PseudoInverse.factored(phi, 3, g, factored, scratch), "the factored form's own test lets it through");
        PseudoInverse.refine(k, 3, factored, scratch);
        org.junit.jupiter.api.Assertions.assertFalse(PseudoInverse.meetsPenroseConditions(k, 3, factored, 1e-6, scratch));
        PseudoInverse.symmetric(k, 3, jacobi, scratch);
        assertTrue(PseudoInverse.meetsPenroseConditions(k, 3, jacobi, 1e-6, scratch));
    }

    /**
     * The check passes Jacobi's pseudo-inverses of well-spread blocks of every rank, and fails one
     * with a diagonal entry off by a part in 10⁴ of its largest (in A's null space too, where only
     * X·A·X = X sees it), and one holding a NaN.
     */
    @Test
    void thePenroseCheckPassesPseudoInversesAndFailsPerturbedOnes() {
        Random random = new Random(31);
        double[] scratch = new double[45];
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(4), rank = 1 + random.nextInt(n);
            double[] a = gram(random, n, rank), x = new double[n * n];
            PseudoInverse.symmetric(a, n, x, scratch);
            assertTrue(PseudoInverse.meetsPenroseConditions(a, n, x, 1e-9, scratch), "trial " + trial);
            double largest = 0;
            for (double v : x) {
                largest = Math.max(largest, Math.abs(v));
            }
            int i = random.nextInt(n);
            double[] off = x.clone();
            off[i * n + i] += 1e-4 * largest;
            org.junit.jupiter.api.Assertions.assertFalse(PseudoInverse.meetsPenroseConditions(a, n, off, 1e-6, scratch),
                    "trial " + trial);
            double[] nan = x.clone();
            nan[i] = Double.NaN;
            org.junit.jupiter.api.Assertions.assertFalse(PseudoInverse.meetsPenroseConditions(a, n, nan, 1e-6, scratch));
        }
    }
}
