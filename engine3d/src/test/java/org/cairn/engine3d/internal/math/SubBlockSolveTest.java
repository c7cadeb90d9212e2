package org.cairn.engine3d.internal.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The closed-form sub-block solve: exact where the block is well conditioned, declines where it is not. */
class SubBlockSolveTest {
    /** A = Φ·G·Φᵀ for four random points Φ = [1, x, y] on a plane and a random SPD 3×3 G: a manifold's rank-3 K. */
    private static double[] manifoldMatrix(Random random) {
        double[] phi = new double[12];
        for (int i = 0; i < 4; i++) {
            phi[3 * i] = 1;
            phi[3 * i + 1] = random.nextDouble() * 2 - 1;
            phi[3 * i + 2] = random.nextDouble() * 2 - 1;
        }
        double[] l = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j <= i; j++) {
                l[3 * i + j] = i == j ? 0.5 + random.nextDouble() : random.nextGaussian() * 0.3;
            }
        }
        double[] g = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 3; k++) {
                    g[3 * i + j] += l[3 * i + k] * l[3 * j + k];
                }
            }
        }
        double[] a = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                for (int p = 0; p < 3; p++) {
                    for (int q = 0; q < 3; q++) {
                        a[4 * i + j] += phi[3 * i + p] * g[3 * p + q] * phi[3 * j + q];
                    }
                }
            }
        }
        return a;
    }

    @Test
    void everyProperSubsetOfARandomManifoldsPointsIsSolvedToRoundOff() {
        Random random = new Random(11);
        int accepted = 0, tried = 0;
        double worst = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double[] a = manifoldMatrix(random);
            int mask = 1 + random.nextInt(14);
            int[] rows = new int[4];
            int m = 0;
            for (int i = 0; i < 4; i++) {
                if ((mask & 1 << i) != 0) {
                    rows[m++] = i;
                }
            }
            double[] b = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
            double[] x = new double[3];
            tried++;
            if (!SubBlockSolve.solve(a, 0, 4, rows, m, b, x)) {
                continue;
            }
            accepted++;
            // The oracle: the residual of the original system, multiplied out.
            for (int r = 0; r < m; r++) {
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    sum += a[4 * rows[r] + rows[c]] * x[c];
                }
                worst = Math.max(worst, Math.abs(sum - b[r]) / (1 + Math.abs(b[r])));
            }
        }
        // Measured: 1999 of 2000 accepted, worst relative residual 4.9e-10 (a nearly degenerate
        // quadrilateral: an accepted block may have λ_min/λ_max down to 1e-8).
        assertTrue(accepted > 0.95 * tried, accepted + " of " + tried + " accepted");
        assertTrue(worst < 2e-9, "worst relative residual " + worst);
    }

    @Test
    void agreesWithThePseudoInverseWhereItAccepts() {
        Random random = new Random(5);
        double[] sub = new double[9], inverse = new double[9], scratch = new double[45];
        for (int trial = 0; trial < 500; trial++) {
            double[] a = manifoldMatrix(random);
            int[] rows = {0, 2, 3};
            double[] b = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
            double[] x = new double[3];
            if (!SubBlockSolve.solve(a, 0, 4, rows, 3, b, x)) {
                continue;
            }
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    sub[3 * r + c] = a[4 * rows[r] + rows[c]];
                }
            }
            PseudoInverse.symmetric(sub, 3, inverse, scratch);
            for (int r = 0; r < 3; r++) {
                double expected = inverse[3 * r] * b[0] + inverse[3 * r + 1] * b[1] + inverse[3 * r + 2] * b[2];
                assertEquals(expected, x[r], 1e-7 * (1 + Math.abs(expected)));
            }
        }
    }

    @Test
    void declinesSingularAndNearlySingularBlocks() {
        double[] x = new double[3];
        // Rank one: v·vᵀ, every 2×2 and 3×3 principal block singular.
        double[] v = {1, 2, -1, 0.5};
        double[] a = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                a[4 * i + j] = v[i] * v[j];
            }
        }
        assertFalse(SubBlockSolve.solve(a, 0, 4, new int[] {0, 1}, 2, new double[] {1, 1}, x));
        assertFalse(SubBlockSolve.solve(a, 0, 4, new int[] {0, 1, 3}, 3, new double[] {1, 1, 1}, x));
        // Three points nearly in a line: K over them is nearly rank two (λ_min/λ_max ≈ 1e-12).
        double[] line = {1, 1e-6, 0, 1, 0.5, 0, 1, 1, 1e-6, 0, 0, 0, 0, 0, 0, 0};
        double[] k = new double[16];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int p = 0; p < 3; p++) {
                    k[4 * i + j] += line[3 * i + p] * line[3 * j + p];
                }
            }
        }
        assertFalse(SubBlockSolve.solve(k, 0, 4, new int[] {0, 1, 2}, 3, new double[] {1, 0, 1}, x));
        // A zero diagonal (a point no body can move): declined, not divided by.
        assertFalse(SubBlockSolve.solve(new double[16], 0, 4, new int[] {2}, 1, new double[] {1}, x));
    }
}
