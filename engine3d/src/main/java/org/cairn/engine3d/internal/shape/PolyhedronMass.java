package org.cairn.engine3d.internal.shape;

/**
 * Exact volume, centroid and second moments of a closed polyhedron with planar polygon faces.
 *
 * <p>Each face is split into a fan of triangles, and each triangle with a reference point r forms a
 * tetrahedron whose signed volume is det(a, b, c)/6 (corners a, b, c relative to r). Over such a
 * tetrahedron ∫x dV = V·(a + b + c)/4 and ∫x·xᵀ dV = V/20·(a·aᵀ + b·bᵀ + c·cᵀ + s·sᵀ) with
 * s = a + b + c (Tonon, "Explicit exact formulas for the 3-D tetrahedron inertia tensor", 2004).
 * Summing the signed contributions gives the polyhedron's integrals exactly, whatever r; r is the
 * mean vertex so that the products stay small and rounding stays low.
 */
public final class PolyhedronMass {
    private PolyhedronMass() {
    }

    /**
     * Writes the mass properties of a uniform polyhedron into {@code out}: mass, centre (3) and the
     * inertia tensor about the centre, row-major (9). Returns the volume in m³.
     */
    public static double compute(HullData hull, double density, double[] out) {
        double[] v = hull.vertices();
        int vertexCount = hull.vertexCount();
        double rx = 0, ry = 0, rz = 0;
        for (int i = 0; i < vertexCount; i++) {
            rx += v[3 * i];
            ry += v[3 * i + 1];
            rz += v[3 * i + 2];
        }
        rx /= vertexCount;
        ry /= vertexCount;
        rz /= vertexCount;
        double volume = 0, mx = 0, my = 0, mz = 0;
        double cxx = 0, cyy = 0, czz = 0, cxy = 0, cxz = 0, cyz = 0;
        int[] start = hull.faceStart();
        int[] fv = hull.faceVertices();
        for (int f = 0; f < hull.faceCount(); f++) {
            int s = start[f], e = start[f + 1];
            int i0 = fv[s];
            double ax = v[3 * i0] - rx, ay = v[3 * i0 + 1] - ry, az = v[3 * i0 + 2] - rz;
            for (int k = s + 1; k + 1 < e; k++) {
                int i1 = fv[k], i2 = fv[k + 1];
                double bx = v[3 * i1] - rx, by = v[3 * i1 + 1] - ry, bz = v[3 * i1 + 2] - rz;
                double cx = v[3 * i2] - rx, cy = v[3 * i2 + 1] - ry, cz = v[3 * i2 + 2] - rz;
                double det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
                double vol = det / 6.0;
                double sx = ax + bx + cx, sy = ay + by + cy, sz = az + bz + cz;
                volume += vol;
                mx += vol * sx / 4.0;
                my += vol * sy / 4.0;
                mz += vol * sz / 4.0;
                double w = vol / 20.0;
                cxx += w * (ax * ax + bx * bx + cx * cx + sx * sx);
                cyy += w * (ay * ay + by * by + cy * cy + sy * sy);
                czz += w * (az * az + bz * bz + cz * cz + sz * sz);
                cxy += w * (ax * ay + bx * by + cx * cy + sx * sy);
                cxz += w * (ax * az + bx * bz + cx * cz + sx * sz);
                cyz += w * (ay * az + by * bz + cy * cz + sy * sz);
            }
        }
        double dx = mx / volume, dy = my / volume, dz = mz / volume;
        // Second moments about the centroid (parallel-axis shift of the covariance), then the
        // inertia tensor I = ρ·(tr(C)·E − C).
        cxx -= volume * dx * dx;
        cyy -= volume * dy * dy;
        czz -= volume * dz * dz;
        cxy -= volume * dx * dy;
        cxz -= volume * dx * dz;
        cyz -= volume * dy * dz;
        double trace = cxx + cyy + czz;
        out[0] = density * volume;
        out[1] = rx + dx;
        out[2] = ry + dy;
        out[3] = rz + dz;
        out[4] = density * (trace - cxx);
        out[5] = -density * cxy;
        out[6] = -density * cxz;
        out[7] = -density * cxy;
        out[8] = density * (trace - cyy);
        out[9] = -density * cyz;
        out[10] = -density * cxz;
        out[11] = -density * cyz;
        out[12] = density * (trace - czz);
        return volume;
    }
}
