package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** GJK distance against brute force over features, and overlap detection. */
class GjkTest {
    private static double[] cloud(Random random, int n, double cx, double cy, double cz, double size) {
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            p[3 * i] = cx + size * random.nextGaussian();
            p[3 * i + 1] = cy + size * random.nextGaussian();
            p[3 * i + 2] = cz + size * random.nextGaussian();
        }
        return p;
    }

    @Test
    void separatedCloudsGiveTheBruteForceDistanceAndClosestPoints() {
        Random random = new Random(17);
        Gjk gjk = new Gjk();
        int checked = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double[] a = cloud(random, 1 + random.nextInt(8), 0, 0, 0, 0.5);
            double[] b = cloud(random, 1 + random.nextInt(8), random.nextGaussian() * 2, random.nextGaussian() * 2,
                    random.nextGaussian() * 2, 0.5);
            double brute = BruteDistance.distance(a, b);
            gjk.distance(a, a.length / 3, b, b.length / 3, false);
            if (Double.isNaN(brute)) {
                continue;
            }
            if (brute == 0.0) {
                assertEquals(0.0, gjk.distance, 1e-9, "overlap in trial " + trial);
            } else if (brute > 1e-6) {
                assertEquals(brute, gjk.distance, 1e-9, "trial " + trial);
                double dx = gjk.bx - gjk.ax, dy = gjk.by - gjk.ay, dz = gjk.bz - gjk.az;
                assertEquals(gjk.distance, Math.sqrt(dx * dx + dy * dy + dz * dz), 1e-9, "closest points");
                checked++;
            }
        }
        assertTrue(checked > 1000, "enough separated cases: " + checked);
    }

    @Test
    void cloudsAroundACommonPointOverlap() {
        Random random = new Random(19);
        Gjk gjk = new Gjk();
        for (int trial = 0; trial < 500; trial++) {
            // Each cloud holds a point and its mirror about the origin, so both hulls contain the origin.
            double[] a = symmetric(random, 1 + random.nextInt(4));
            double[] b = symmetric(random, 1 + random.nextInt(4));
            gjk.distance(a, a.length / 3, b, b.length / 3, false);
            assertEquals(0.0, gjk.distance, 0.0, "trial " + trial);
        }
    }

    private static double[] symmetric(Random random, int pairs) {
        double[] p = new double[6 * pairs];
        for (int i = 0; i < pairs; i++) {
            for (int k = 0; k < 3; k++) {
                double v = random.nextGaussian();
                p[6 * i + k] = v;
                p[6 * i + 3 + k] = -v;
            }
        }
        return p;
    }

    @Test
    void warmStartGivesTheSameAnswer() {
        Random random = new Random(23);
        Gjk gjk = new Gjk();
        double[] a = cloud(random, 8, 0, 0, 0, 0.5);
        double[] b = cloud(random, 8, 3, 0.5, 0, 0.5);
        gjk.distance(a, 8, b, 8, false);
        double cold = gjk.distance;
        gjk.distance(a, 8, b, 8, true);
        assertEquals(cold, gjk.distance, 1e-12);
        assertTrue(gjk.iterations <= 2, "a warm start converges at once: " + gjk.iterations);
    }
}
