package org.cairn.engine3d.internal.collision.narrowphase;

import java.util.Arrays;

/**
 * Cuts a set of contact points down to four that keep the support polygon (Box3D's order of
 * choice): the deepest point, the point farthest from it, the point spanning the largest triangle
 * with those two, and the point adding the most area outside that triangle. With hysteresis: a
 * later candidate displaces an earlier one only if it is deeper by a tenth of the linear slop, or
 * scores more than 1/0.95 times as high, so that points which tie up to rounding (a box resting
 * flat) are chosen the same way every step and keep their ids. Works in place on packed arrays;
 * allocation-free.
 */
final class ManifoldReduction {
    /** A candidate must score above incumbent / HYSTERESIS to replace it. */
    static final double HYSTERESIS = 0.95;
    /** A point must be this much deeper than the deepest so far to replace it, m. */
    static final double DEPTH_HYSTERESIS_METERS = 0.1 * CollisionConstants.LINEAR_SLOP_METERS;
    private final int[] keep = new int[Manifold.MAX_POINTS];

    /**
     * Reduces {@code count} points (xyz packed in {@code p}, with separations and ids) about the
     * normal n to at most four, moved to the front of the arrays; returns the new count.
     */
    int reduce(double[] p, double[] separation, int[] id, int count, double nx, double ny, double nz) {
        if (count <= Manifold.MAX_POINTS) {
            return count;
        }
        int first = 0;
        for (int k = 1; k < count; k++) {
            if (separation[k] < separation[first] - DEPTH_HYSTERESIS_METERS) {
                first = k;
            }
        }
        int second = -1;
        double best = -1;
        for (int k = 0; k < count; k++) {
            double d2 = dist2(p, k, first);
            if (k != first && (second < 0 || d2 * HYSTERESIS > best)) {
                best = d2;
                second = k;
            }
        }
        int third = -1;
        best = -1;
        for (int k = 0; k < count; k++) {
            if (k == first || k == second) {
                continue;
            }
            double area = Math.abs(signedArea(p, first, second, k, nx, ny, nz));
            if (third < 0 || area * HYSTERESIS > best) {
                best = area;
                third = k;
            }
        }
        keep[0] = first;
        keep[1] = second;
        keep[2] = third;
        if (signedArea(p, first, second, third, nx, ny, nz) < 0) {
            keep[1] = third;
            keep[2] = second;
        }
        int fourth = -1;
        best = 0;
        for (int k = 0; k < count; k++) {
            if (k == keep[0] || k == keep[1] || k == keep[2]) {
                continue;
            }
            double added = Math.max(-signedArea(p, keep[0], keep[1], k, nx, ny, nz),
                    Math.max(-signedArea(p, keep[1], keep[2], k, nx, ny, nz), -signedArea(p, keep[2], keep[0], k, nx, ny, nz)));
            if (added > 0 && (fourth < 0 ? added > best : added * HYSTERESIS > best)) {
                best = added;
                fourth = k;
            }
        }
        keep[3] = fourth;
        int kept = fourth < 0 ? 3 : 4;
        Arrays.sort(keep, 0, kept);
        for (int i = 0; i < kept; i++) {
            int k = keep[i];
            p[3 * i] = p[3 * k];
            p[3 * i + 1] = p[3 * k + 1];
            p[3 * i + 2] = p[3 * k + 2];
            separation[i] = separation[k];
            id[i] = id[k];
        }
        return kept;
    }

    private static double dist2(double[] p, int i, int j) {
        double dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /** ((pj − pi) × (pk − pi))·n: twice the triangle's area, signed counter-clockwise about n. */
    private static double signedArea(double[] p, int i, int j, int k, double nx, double ny, double nz) {
        double ux = p[3 * j] - p[3 * i], uy = p[3 * j + 1] - p[3 * i + 1], uz = p[3 * j + 2] - p[3 * i + 2];
        double vx = p[3 * k] - p[3 * i], vy = p[3 * k + 1] - p[3 * i + 1], vz = p[3 * k + 2] - p[3 * i + 2];
        return (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
    }
}
