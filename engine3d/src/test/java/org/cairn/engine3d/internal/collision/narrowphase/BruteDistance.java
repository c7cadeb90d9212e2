package org.cairn.engine3d.internal.collision.narrowphase;

/**
 * Distance between the convex hulls of two small point sets, independently of {@link Gjk}: the
 * hull of all differences a − b (the Minkowski difference, built by quickhull) contains the origin
 * iff the sets overlap; otherwise the distance is that from the origin to the nearest face
 * triangle of that hull (Ericson's closest point on a triangle). Returns NaN when the differences
 * span no volume (a degenerate case the caller skips).
 */
final class BruteDistance {
    private BruteDistance() {
    }

    static double distance(double[] a, double[] b) {
        int na = a.length / 3, nb = b.length / 3;
        double[] d = new double[3 * na * nb];
        for (int i = 0; i < na; i++) {
            for (int j = 0; j < nb; j++) {
                for (int k = 0; k < 3; k++) {
                    d[3 * (i * nb + j) + k] = a[3 * i + k] - b[3 * j + k];
                }
            }
        }
        org.cairn.engine3d.geometry.ConvexHull hull;
        try {
            hull = org.cairn.engine3d.geometry.ConvexHull.of(d);
        } catch (IllegalArgumentException flat) {
            return Double.NaN;
        }
        org.joml.Vector4d plane = new org.joml.Vector4d();
        boolean inside = true;
        double best = Double.MAX_VALUE;
        double[] origin = {0, 0, 0};
        org.joml.Vector3d v = new org.joml.Vector3d();
        for (int f = 0; f < hull.faceCount(); f++) {
            hull.facePlane(f, plane);
            inside &= -plane.w <= 0;
            int n = hull.faceVertexCount(f);
            double[] corners = new double[3 * n];
            for (int k = 0; k < n; k++) {
                hull.vertex(hull.faceVertex(f, k), v);
                corners[3 * k] = v.x;
                corners[3 * k + 1] = v.y;
                corners[3 * k + 2] = v.z;
            }
            for (int k = 1; k + 1 < n; k++) {
                best = Math.min(best, pointTriangle(origin, 0, corners, 0, k, k + 1));
            }
        }
        return inside ? 0.0 : best;
    }

    private static double[] at(double[] p, int i) {
        return new double[] {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
    }

    private static double[] sub(double[] u, double[] v) {
        return new double[] {u[0] - v[0], u[1] - v[1], u[2] - v[2]};
    }

    private static double dot(double[] u, double[] v) {
        return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    }

    private static double[] mad(double[] u, double[] v, double s) {
        return new double[] {u[0] + s * v[0], u[1] + s * v[1], u[2] + s * v[2]};
    }

    private static double dist(double[] u, double[] v) {
        double[] d = sub(u, v);
        return Math.sqrt(dot(d, d));
    }

    /** Ericson 5.1.5, ClosestPtPointTriangle. */
    static double pointTriangle(double[] ps, int i, double[] ts, int ia, int ib, int ic) {
        double[] p = at(ps, i), a = at(ts, ia), b = at(ts, ib), c = at(ts, ic);
        double[] ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
        double d1 = dot(ab, ap), d2 = dot(ac, ap);
        if (d1 <= 0 && d2 <= 0) {
            return dist(p, a);
        }
        double[] bp = sub(p, b);
        double d3 = dot(ab, bp), d4 = dot(ac, bp);
        if (d3 >= 0 && d4 <= d3) {
            return dist(p, b);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            return dist(p, mad(a, ab, d1 / (d1 - d3)));
        }
        double[] cp = sub(p, c);
        double d5 = dot(ab, cp), d6 = dot(ac, cp);
        if (d6 >= 0 && d5 <= d6) {
            return dist(p, c);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            return dist(p, mad(a, ac, d2 / (d2 - d6)));
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            return dist(p, mad(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))));
        }
        double denom = 1 / (va + vb + vc);
        return dist(p, mad(mad(a, ab, vb * denom), ac, vc * denom));
    }

}
