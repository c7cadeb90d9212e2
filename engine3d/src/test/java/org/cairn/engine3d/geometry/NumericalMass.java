package org.cairn.engine3d.geometry;

/**
 * Mass properties by brute force, independent of the closed forms under test: the midpoint rule
 * on an n³ grid over a box that contains the solid, counting cells whose centre is inside.
 */
final class NumericalMass {
    interface Inside {
        boolean test(double x, double y, double z);
    }

    /** mass, cx, cy, cz, then the row-major inertia tensor about the centre. */
    static double[] integrate(Inside inside, double density, double[] lo, double[] hi, int n) {
        double dx = (hi[0] - lo[0]) / n, dy = (hi[1] - lo[1]) / n, dz = (hi[2] - lo[2]) / n;
        double cell = dx * dy * dz;
        double v = 0, sx = 0, sy = 0, sz = 0, sxx = 0, syy = 0, szz = 0, sxy = 0, sxz = 0, syz = 0;
        for (int i = 0; i < n; i++) {
            double x = lo[0] + (i + 0.5) * dx;
            for (int j = 0; j < n; j++) {
                double y = lo[1] + (j + 0.5) * dy;
                for (int k = 0; k < n; k++) {
                    double z = lo[2] + (k + 0.5) * dz;
                    if (inside.test(x, y, z)) {
                        v += 1;
                        sx += x;
                        sy += y;
                        sz += z;
                        sxx += x * x;
                        syy += y * y;
                        szz += z * z;
                        sxy += x * y;
                        sxz += x * z;
                        syz += y * z;
                    }
                }
            }
        }
        double cx = sx / v, cy = sy / v, cz = sz / v;
        double m = density * v * cell;
        // Covariance about the centre, then I = tr(C)·E − C.
        double cxx = (sxx / v - cx * cx) * m, cyy = (syy / v - cy * cy) * m, czz = (szz / v - cz * cz) * m;
        double cxy = (sxy / v - cx * cy) * m, cxz = (sxz / v - cx * cz) * m, cyz = (syz / v - cy * cz) * m;
        double tr = cxx + cyy + czz;
        return new double[] {m, cx, cy, cz, tr - cxx, -cxy, -cxz, -cxy, tr - cyy, -cyz, -cxz, -cyz, tr - czz};
    }
}
