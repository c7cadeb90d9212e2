package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * GJK distance against brute force (over the faces of the Minkowski difference's hull, or, where
 * that hull is flat, over all its points, segments and triangles), and overlap detection.
 */
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

    /**
     * Point sets whose Minkowski difference spans no volume (points, collinear segments, coplanar
     * polygons, and a point against any of them): the hull of the differences is then the union of
     * the triangles, segments and points its vertices make (Carathéodory in the plane), so the
     * distance is the least distance from the origin to any of those.
     */
    @Test
    void flatMinkowskiDifferencesGiveTheBruteForceDistance() {
        Random random = new Random(29);
        Gjk gjk = new Gjk();
        int separated = 0, touching = 0;
        for (int trial = 0; trial < 1500; trial++) {
            double[] a = flatSet(random, trial % 3, 0.5);
            double[] b = trial % 4 == 0 ? flatSet(random, 0, 0) : flatSet(random, trial % 3, 0.5);
            // Same plane (z = 0), or the same line, shifted within it or out of it.
            double shiftX = random.nextGaussian() * 0.8, shiftY = trial % 3 == 2 || trial % 5 == 0 ? 0 : random.nextGaussian() * 0.6;
            double shiftZ = trial % 2 == 0 ? 0 : random.nextGaussian() * 0.5;
            for (int i = 0; i < b.length; i += 3) {
                b[i] += shiftX;
                b[i + 1] += shiftY;
                b[i + 2] += shiftZ;
            }
            double brute = flatDistance(a, b);
            gjk.distance(a, a.length / 3, b, b.length / 3, false);
            assertEquals(brute, gjk.distance, 1e-9, "trial " + trial);
            if (brute > 0) {
                double dx = gjk.bx - gjk.ax, dy = gjk.by - gjk.ay, dz = gjk.bz - gjk.az;
                assertEquals(gjk.distance, Math.sqrt(dx * dx + dy * dy + dz * dz), 1e-9, "closest points, trial " + trial);
                separated++;
            } else {
                touching++;
            }
        }
        assertTrue(separated > 500 && touching > 100, "both cases exercised: " + separated + " apart, " + touching
                + " overlapping");
    }

    /** 1–6 points in the plane z = 0: kind 0 a point (or its repeats), 1 points on the x axis, 2 anywhere in the plane. */
    private static double[] flatSet(Random random, int kind, double size) {
        int n = kind == 0 ? 1 + random.nextInt(2) : 2 + random.nextInt(5);
        double[] p = new double[3 * n];
        double x0 = random.nextGaussian() * size, y0 = random.nextGaussian() * size;
        for (int i = 0; i < n; i++) {
            p[3 * i] = kind == 0 ? x0 : random.nextGaussian() * size;
            p[3 * i + 1] = kind == 2 ? random.nextGaussian() * size : kind == 0 ? y0 : 0;
        }
        return p;
    }

    /** Distance from the origin to the hull of the differences a − b, assumed flat: least over its points, segments and triangles. */
    private static double flatDistance(double[] a, double[] b) {
        int na = a.length / 3, nb = b.length / 3, n = na * nb;
        double[] d = new double[3 * n];
        for (int i = 0; i < na; i++) {
            for (int j = 0; j < nb; j++) {
                for (int k = 0; k < 3; k++) {
                    d[3 * (i * nb + j) + k] = a[3 * i + k] - b[3 * j + k];
                }
            }
        }
        double[] origin = {0, 0, 0};
        double best = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            best = Math.min(best, Math.sqrt(d[3 * i] * d[3 * i] + d[3 * i + 1] * d[3 * i + 1] + d[3 * i + 2] * d[3 * i + 2]));
            for (int j = i + 1; j < n; j++) {
                best = Math.min(best, originSegment(d, i, j));
                for (int k = j + 1; k < n; k++) {
                    if (area(d, i, j, k) > 1e-12) {
                        best = Math.min(best, BruteDistance.pointTriangle(origin, 0, d, i, j, k));
                    }
                }
            }
        }
        return best < 1e-12 ? 0.0 : best;
    }

    private static double originSegment(double[] d, int i, int j) {
        double ex = d[3 * j] - d[3 * i], ey = d[3 * j + 1] - d[3 * i + 1], ez = d[3 * j + 2] - d[3 * i + 2];
        double len2 = ex * ex + ey * ey + ez * ez;
        double t = len2 > 0 ? -(d[3 * i] * ex + d[3 * i + 1] * ey + d[3 * i + 2] * ez) / len2 : 0;
        t = Math.max(0, Math.min(1, t));
        double x = d[3 * i] + t * ex, y = d[3 * i + 1] + t * ey, z = d[3 * i + 2] + t * ez;
        return Math.sqrt(x * x + y * y + z * z);
    }

    private static double area(double[] d, int i, int j, int k) {
        double ux = d[3 * j] - d[3 * i], uy = d[3 * j + 1] - d[3 * i + 1], uz = d[3 * j + 2] - d[3 * i + 2];
        double vx = d[3 * k] - d[3 * i], vy = d[3 * k + 1] - d[3 * i + 1], vz = d[3 * k + 2] - d[3 * i + 2];
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        return 0.5 * Math.sqrt(cx * cx + cy * cy + cz * cz);
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
