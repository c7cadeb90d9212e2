package org.cairn.engine3d.internal.collision.narrowphase;

/**
 * Distance between two convex point sets (the cores of spheres, capsules and hulls) by the
 * Gilbert–Johnson–Keerthi algorithm, with the closest-point-on-simplex sub-algorithm of Ericson,
 * "Real-Time Collision Detection" §5.1 and §9.5. Both sets are given in one frame (the caller
 * transforms); radii are the caller's business (distance between the rounded shapes is the core
 * distance minus the radii).
 *
 * <p>Writes its result into fields: {@link #distance}, the closest points {@code (ax, ay, az)} on A
 * and {@code (bx, by, bz)} on B, and the simplex that produced them ({@link #count},
 * {@link #indexA}, {@link #indexB}), which a caller may pass back as a warm start next step. The
 * distance is 0 when the cores overlap; the closest points are then meaningless.
 *
 * <p>One instance per thread; allocation-free.
 */
public final class Gjk {
    /** Iteration cap; convergence normally takes a handful. */
    public static final int MAX_ITERATIONS = 40;

    public double distance;
    public double ax, ay, az, bx, by, bz;
    /** Simplex size (1..4) and the vertex indices on A and B of each simplex vertex. */
    public int count;
    public final int[] indexA = new int[4];
    public final int[] indexB = new int[4];
    /** Iterations the last call took. */
    public int iterations;

    // Simplex: w = a − b, with a and b remembered; barycentric weights of the closest point.
    private final double[] wx = new double[4], wy = new double[4], wz = new double[4];
    private final double[] pax = new double[4], pay = new double[4], paz = new double[4];
    private final double[] pbx = new double[4], pby = new double[4], pbz = new double[4];
    private final double[] weight = new double[4];
    private double vx, vy, vz;

    /**
     * Computes the distance between the hull of {@code a[0 .. 3·countA)} and the hull of
     * {@code b[0 .. 3·countB)}. If {@code warm} is true the simplex indices in
     * {@link #indexA}/{@link #indexB}/{@link #count} seed the search.
     */
    public void distance(double[] a, int countA, double[] b, int countB, boolean warm) {
        mapA = null;
        mapB = null;
        if (!warm || count < 1 || count > 4) {
            count = 1;
            indexA[0] = 0;
            indexB[0] = 0;
        }
        for (int k = 0; k < count; k++) {
            if (indexA[k] >= countA || indexB[k] >= countB) {
                count = 1;
                indexA[0] = 0;
                indexB[0] = 0;
                break;
            }
        }
        for (int k = 0; k < count; k++) {
            load(k, a, indexA[k], b, indexB[k]);
        }
        run(a, countA, b, countB);
    }

    /** Iterates from the loaded simplex: on the point sets, or on {@link #mapA} and {@link #mapB} when set. */
    private void run(double[] a, int countA, double[] b, int countB) {
        double previousDistance2 = Double.MAX_VALUE;
        iterations = 0;
        boolean overlap = false;
        stalled = false;
        // Round support mappings are approached, not reached: stop at a relative gain of 1e-10.
        double tolerance = mapA == null ? 1e-14 : 1e-10;
        while (true) {
            iterations++;
            solve();
            double v2 = vx * vx + vy * vy + vz * vz;
            if (stalled) {
                break;
            }
            if (count == 4 || v2 < 1e-24) {
                overlap = true;
                break;
            }
            if (v2 >= previousDistance2) {
                // No progress: rounding has the last word.
                break;
            }
            previousDistance2 = v2;
            if (iterations == MAX_ITERATIONS) {
                // Stop on a solved simplex: a point added now would have no weight.
                break;
            }
            // New support point of A − B in direction −v.
            boolean duplicate = false;
            double sx, sy, sz;
            int ia = -1, ib = -1;
            if (mapA == null) {
                ia = CollisionHull.support(a, countA, -vx, -vy, -vz);
                ib = CollisionHull.support(b, countB, vx, vy, vz);
                for (int k = 0; k < count; k++) {
                    if (indexA[k] == ia && indexB[k] == ib) {
                        duplicate = true;
                        break;
                    }
                }
                sx = a[3 * ia] - b[3 * ib];
                sy = a[3 * ia + 1] - b[3 * ib + 1];
                sz = a[3 * ia + 2] - b[3 * ib + 2];
            } else {
                mapA.support(-vx, -vy, -vz, point, 0);
                mapB.support(vx, vy, vz, point, 3);
                sx = point[0] - point[3];
                sy = point[1] - point[4];
                sz = point[2] - point[5];
                for (int k = 0; k < count; k++) {
                    if (wx[k] == sx && wy[k] == sy && wz[k] == sz) {
                        duplicate = true;
                        break;
                    }
                }
            }
            // Converged when the new point does not get meaningfully closer to the origin along v.
            if (duplicate || v2 - (vx * sx + vy * sy + vz * sz) <= tolerance * v2) {
                break;
            }
            indexA[count] = ia;
            indexB[count] = ib;
            if (mapA == null) {
                load(count, a, ia, b, ib);
            } else {
                load(count, point, 0, point, 1);
            }
            count++;
        }
        if (overlap) {
            distance = 0.0;
        } else {
            distance = Math.sqrt(vx * vx + vy * vy + vz * vz);
        }
        ax = ay = az = bx = by = bz = 0;
        for (int k = 0; k < count; k++) {
            ax += weight[k] * pax[k];
            ay += weight[k] * pay[k];
            az += weight[k] * paz[k];
            bx += weight[k] * pbx[k];
            by += weight[k] * pby[k];
            bz += weight[k] * pbz[k];
        }
    }

    /**
     * As {@link #distance(double[], int, double[], int, boolean)}, between two convex sets given by
     * their support mappings (no warm start; {@link #indexA} and {@link #indexB} are −1). The
     * final simplex, with each vertex's points on A and B, stays readable for {@link Epa}.
     */
    void distance(SupportMap a, SupportMap b) {
        mapA = a;
        mapB = b;
        // Any first point will do: the support of A − B along x.
        a.support(1, 0, 0, point, 0);
        b.support(-1, 0, 0, point, 3);
        count = 1;
        indexA[0] = -1;
        indexB[0] = -1;
        load(0, point, 0, point, 1);
        run(null, 0, null, 0);
        mapA = null;
        mapB = null;
    }

    /** Simplex vertex k (k < {@link #count}): w = a − b into w[o..o+3), a into pa[o..o+3), b into pb[o..o+3). */
    void simplexVertex(int k, double[] w, double[] pa, double[] pb, int o) {
        w[o] = wx[k];
        w[o + 1] = wy[k];
        w[o + 2] = wz[k];
        pa[o] = pax[k];
        pa[o + 1] = pay[k];
        pa[o + 2] = paz[k];
        pb[o] = pbx[k];
        pb[o + 1] = pby[k];
        pb[o + 2] = pbz[k];
    }

    private SupportMap mapA, mapB;
    /** The support points of A (0..3) and B (3..6) being added. */
    private final double[] point = new double[6];

    private void load(int k, double[] a, int ia, double[] b, int ib) {
        pax[k] = a[3 * ia];
        pay[k] = a[3 * ia + 1];
        paz[k] = a[3 * ia + 2];
        pbx[k] = b[3 * ib];
        pby[k] = b[3 * ib + 1];
        pbz[k] = b[3 * ib + 2];
        wx[k] = pax[k] - pbx[k];
        wy[k] = pay[k] - pby[k];
        wz[k] = paz[k] - pbz[k];
    }

    /** Replaces the simplex by the smallest sub-simplex holding its closest point to the origin. */
    private void solve() {
        switch (count) {
            case 1 -> {
                weight[0] = 1;
                vx = wx[0];
                vy = wy[0];
                vz = wz[0];
            }
            case 2 -> solveSegment();
            case 3 -> solveTriangle();
            default -> solveTetrahedron();
        }
    }

    private void keep1(int i) {
        move(i, 0);
        count = 1;
        weight[0] = 1;
        vx = wx[0];
        vy = wy[0];
        vz = wz[0];
    }

    private void move(int from, int to) {
        if (from == to) {
            return;
        }
        wx[to] = wx[from];
        wy[to] = wy[from];
        wz[to] = wz[from];
        pax[to] = pax[from];
        pay[to] = pay[from];
        paz[to] = paz[from];
        pbx[to] = pbx[from];
        pby[to] = pby[from];
        pbz[to] = pbz[from];
        indexA[to] = indexA[from];
        indexB[to] = indexB[from];
    }

    /** Closest point of segment (i, j); keeps the segment or one end. */
    private void segment(int i, int j) {
        double ex = wx[j] - wx[i], ey = wy[j] - wy[i], ez = wz[j] - wz[i];
        double t = -(wx[i] * ex + wy[i] * ey + wz[i] * ez);
        double len2 = ex * ex + ey * ey + ez * ez;
        if (t <= 0) {
            keep1(i);
            return;
        }
        if (t >= len2) {
            keep1(j);
            return;
        }
        t /= len2;
        move(i, 0);
        move(j, 1);
        count = 2;
        weight[0] = 1 - t;
        weight[1] = t;
        vx = wx[0] + t * (wx[1] - wx[0]);
        vy = wy[0] + t * (wy[1] - wy[0]);
        vz = wz[0] + t * (wz[1] - wz[0]);
    }

    /** Squared distance from the origin to segment (i, j), without touching the simplex. */
    private double segmentDistance2(int i, int j) {
        double ex = wx[j] - wx[i], ey = wy[j] - wy[i], ez = wz[j] - wz[i];
        double len2 = ex * ex + ey * ey + ez * ez;
        double t = len2 > 0 ? Math.max(0, Math.min(1, -(wx[i] * ex + wy[i] * ey + wz[i] * ez) / len2)) : 0;
        double px = wx[i] + t * ex, py = wy[i] + t * ey, pz = wz[i] + t * ez;
        return px * px + py * py + pz * pz;
    }

    private void solveSegment() {
        segment(0, 1);
    }

    /** Closest point of triangle (0, 1, 2) to the origin by its Voronoi regions (Ericson 5.1.5). */
    private void solveTriangle() {
        triangle(0, 1, 2);
    }

    private void triangle(int ia, int ib, int ic) {
        double abx = wx[ib] - wx[ia], aby = wy[ib] - wy[ia], abz = wz[ib] - wz[ia];
        double acx = wx[ic] - wx[ia], acy = wy[ic] - wy[ia], acz = wz[ic] - wz[ia];
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        if (nx * nx + ny * ny + nz * nz <= COLLINEAR * (abx * abx + aby * aby + abz * abz) * (acx * acx + acy * acy
                + acz * acz)) {
            // Three points on one line (a flat Minkowski difference, such as two parallel edges,
            // adds a third point of the line when rounding hides convergence): the barycentric
            // regions divide by the vanishing area, so the closest of the three segments answers.
            double dab = segmentDistance2(ia, ib), dac = segmentDistance2(ia, ic), dbc = segmentDistance2(ib, ic);
            if (dab <= dac && dab <= dbc) {
                segment(ia, ib);
            } else if (dac <= dbc) {
                segment(ia, ic);
            } else {
                segment(ib, ic);
            }
            return;
        }
        double apx = -wx[ia], apy = -wy[ia], apz = -wz[ia];
        double d1 = abx * apx + aby * apy + abz * apz;
        double d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            keep1(ia);
            return;
        }
        double bpx = -wx[ib], bpy = -wy[ib], bpz = -wz[ib];
        double d3 = abx * bpx + aby * bpy + abz * bpz;
        double d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            keep1(ib);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            segment(ia, ib);
            return;
        }
        double cpx = -wx[ic], cpy = -wy[ic], cpz = -wz[ic];
        double d5 = abx * cpx + aby * cpy + abz * cpz;
        double d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            keep1(ic);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            segment(ia, ic);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            segment(ib, ic);
            return;
        }
        double denom = 1.0 / (va + vb + vc);
        double v = vb * denom, w = vc * denom;
        // Order matters for move(): copy into slots 0, 1, 2 without overwriting a source first.
        reorder3(ia, ib, ic);
        count = 3;
        weight[0] = 1 - v - w;
        weight[1] = v;
        weight[2] = w;
        vx = weight[0] * wx[0] + v * wx[1] + w * wx[2];
        vy = weight[0] * wy[0] + v * wy[1] + w * wy[2];
        vz = weight[0] * wz[0] + v * wz[1] + w * wz[2];
    }

    private final double[] saveW = new double[12 * 4];
    private final int[] saveI = new int[8];

    /** Puts simplex vertices (i, j, k) into slots (0, 1, 2). */
    private void reorder3(int i, int j, int k) {
        if (i == 0 && j == 1 && k == 2) {
            return;
        }
        stash(i, 0);
        stash(j, 1);
        stash(k, 2);
        unstash(0, 0);
        unstash(1, 1);
        unstash(2, 2);
    }

    private void stash(int from, int slot) {
        int o = 9 * slot;
        saveW[o] = wx[from];
        saveW[o + 1] = wy[from];
        saveW[o + 2] = wz[from];
        saveW[o + 3] = pax[from];
        saveW[o + 4] = pay[from];
        saveW[o + 5] = paz[from];
        saveW[o + 6] = pbx[from];
        saveW[o + 7] = pby[from];
        saveW[o + 8] = pbz[from];
        saveI[2 * slot] = indexA[from];
        saveI[2 * slot + 1] = indexB[from];
    }

    private void unstash(int slot, int to) {
        int o = 9 * slot;
        wx[to] = saveW[o];
        wy[to] = saveW[o + 1];
        wz[to] = saveW[o + 2];
        pax[to] = saveW[o + 3];
        pay[to] = saveW[o + 4];
        paz[to] = saveW[o + 5];
        pbx[to] = saveW[o + 6];
        pby[to] = saveW[o + 7];
        pbz[to] = saveW[o + 8];
        indexA[to] = saveI[2 * slot];
        indexB[to] = saveI[2 * slot + 1];
    }

    /**
     * Tetrahedron (0, 1, 2, 3): if the origin is inside, the cores overlap (count stays 4);
     * otherwise the closest point lies on a face whose plane separates the origin from the
     * opposite vertex; the closest of those faces wins (Ericson 5.1.6).
     */
    private void solveTetrahedron() {
        if (flat()) {
            // The fourth point lies in the plane of the other three (touching faces): sign tests
            // on such a sliver are noise. Drop it; the triangle already holds the answer.
            count = 3;
            stalled = true;
            triangle(0, 1, 2);
            return;
        }
        int[][] faces = FACES;
        double best = Double.MAX_VALUE;
        int bestFace = -1;
        double bestVx = 0, bestVy = 0, bestVz = 0;
        // Evaluate each separating face on a copy, since triangle() rearranges the simplex.
        for (int f = 0; f < 4; f++) {
            int i = faces[f][0], j = faces[f][1], k = faces[f][2], opposite = faces[f][3];
            if (!originOutsideFace(i, j, k, opposite)) {
                continue;
            }
            double d2 = faceDistance2(i, j, k);
            if (d2 < best) {
                best = d2;
                bestFace = f;
            }
        }
        if (bestFace < 0) {
            vx = vy = vz = 0;
            return;
        }
        int i = faces[bestFace][0], j = faces[bestFace][1], k = faces[bestFace][2];
        reorder3(i, j, k);
        count = 3;
        triangle(0, 1, 2);
    }

    /** True if the tetrahedron's volume is negligible against the product of its edge lengths. */
    private boolean flat() {
        double abx = wx[1] - wx[0], aby = wy[1] - wy[0], abz = wz[1] - wz[0];
        double acx = wx[2] - wx[0], acy = wy[2] - wy[0], acz = wz[2] - wz[0];
        double adx = wx[3] - wx[0], ady = wy[3] - wy[0], adz = wz[3] - wz[0];
        double det = abx * (acy * adz - acz * ady) - aby * (acx * adz - acz * adx) + abz * (acx * ady - acy * adx);
        double scale = Math.sqrt((abx * abx + aby * aby + abz * abz) * (acx * acx + acy * acy + acz * acz)
                * (adx * adx + ady * ady + adz * adz));
        return Math.abs(det) <= 1e-9 * scale;
    }

    private boolean stalled;
    /** A triangle whose squared area is below this share of its squared edge products is a line: sin² of its angle at A. */
    private static final double COLLINEAR = 1e-18;

    private static final int[][] FACES = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};

    private boolean originOutsideFace(int i, int j, int k, int opposite) {
        double abx = wx[j] - wx[i], aby = wy[j] - wy[i], abz = wz[j] - wz[i];
        double acx = wx[k] - wx[i], acy = wy[k] - wy[i], acz = wz[k] - wz[i];
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double signOrigin = -(nx * wx[i] + ny * wy[i] + nz * wz[i]);
        double signOpposite = nx * (wx[opposite] - wx[i]) + ny * (wy[opposite] - wy[i]) + nz * (wz[opposite] - wz[i]);
        return signOrigin * signOpposite < 0;
    }

    /** Squared distance from the origin to triangle (i, j, k), without touching the simplex. */
    private double faceDistance2(int i, int j, int k) {
        // Closest point by the same Voronoi logic, computed on local copies.
        double ax0 = wx[i], ay0 = wy[i], az0 = wz[i];
        double abx = wx[j] - ax0, aby = wy[j] - ay0, abz = wz[j] - az0;
        double acx = wx[k] - ax0, acy = wy[k] - ay0, acz = wz[k] - az0;
        double d1 = -(abx * ax0 + aby * ay0 + abz * az0);
        double d2 = -(acx * ax0 + acy * ay0 + acz * az0);
        double px, py, pz;
        double d3 = -(abx * wx[j] + aby * wy[j] + abz * wz[j]);
        double d4 = -(acx * wx[j] + acy * wy[j] + acz * wz[j]);
        double d5 = -(abx * wx[k] + aby * wy[k] + abz * wz[k]);
        double d6 = -(acx * wx[k] + acy * wy[k] + acz * wz[k]);
        double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
        if (d1 <= 0 && d2 <= 0) {
            px = ax0; py = ay0; pz = az0;
        } else if (d3 >= 0 && d4 <= d3) {
            px = wx[j]; py = wy[j]; pz = wz[j];
        } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double t = d1 / (d1 - d3);
            px = ax0 + t * abx; py = ay0 + t * aby; pz = az0 + t * abz;
        } else if (d6 >= 0 && d5 <= d6) {
            px = wx[k]; py = wy[k]; pz = wz[k];
        } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double t = d2 / (d2 - d6);
            px = ax0 + t * acx; py = ay0 + t * acy; pz = az0 + t * acz;
        } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            px = wx[j] + t * (wx[k] - wx[j]); py = wy[j] + t * (wy[k] - wy[j]); pz = wz[j] + t * (wz[k] - wz[j]);
        } else {
            double denom = 1.0 / (va + vb + vc);
            double v = vb * denom, w = vc * denom;
            px = ax0 + abx * v + acx * w; py = ay0 + aby * v + acy * w; pz = az0 + abz * v + acz * w;
        }
        return px * px + py * py + pz * pz;
    }
}
