package org.cairn.engine3d.internal.collision.narrowphase;

/**
 * Penetration depth of two overlapping convex sets by the expanding polytope algorithm (van den
 * Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects", 2001): from
 * GJK's tetrahedron around the origin in A − B, the face nearest the origin is pushed out to the
 * support point along its normal until it stops moving; that face's normal is the direction of
 * least penetration and its distance the depth. The witness points on A and B come from the
 * face's barycentric coordinates.
 *
 * <p>Results in fields: {@link #depth}, the unit {@link #normal} along which B must move to
 * separate (from A towards B), and the witness points. One instance per thread; allocation-free.
 */
final class Epa {
    private static final int MAX_VERTICES = 96;
    private static final int MAX_FACES = 2 * MAX_VERTICES;
    private static final int MAX_ITERATIONS = MAX_VERTICES - 4;
    /**
     * Converged when a face's support gains less than this share of its distance (plus the same
     * share of the polytope's size): round surfaces are approached slowly, and chasing them to
     * rounding adds sliver faces whose orientation tests are noise.
     */
    private static final double TOLERANCE = 1e-7;

    /** A point sees a face when it lies beyond the face's plane by more than this share of the polytope's size. */
    private static final double VISIBLE = 1e-10;

    double depth;
    double normalX, normalY, normalZ;
    double ax, ay, az, bx, by, bz;

    private final double[] w = new double[3 * MAX_VERTICES];
    private final double[] pa = new double[3 * MAX_VERTICES];
    private final double[] pb = new double[3 * MAX_VERTICES];
    private int vertexCount;
    /** Per face: three vertex indices (counter-clockwise seen from outside), unit normal, distance, alive. */
    private final int[] face = new int[3 * MAX_FACES];
    private final double[] faceNormal = new double[3 * MAX_FACES];
    private final double[] faceDistance = new double[MAX_FACES];
    private final boolean[] alive = new boolean[MAX_FACES];
    private int faceCount;
    /** The largest coordinate of the starting tetrahedron, m: the scale of the tolerances. */
    private double scale;
    /** Whether a face came out facing away from the origin (the expansion is then stopped). */
    private boolean broken;
    /** Directed edges of the faces removed in one expansion (from, to), for the horizon. */
    private final int[] edges = new int[2 * 3 * MAX_FACES];
    private final double[] point = new double[6];

    /**
     * Expands from the tetrahedron GJK ended with ({@code gjk.count == 4}, the origin inside) on
     * the same support mappings. Returns false when there is no tetrahedron to start from (GJK
     * stopped with the origin on a face, edge or vertex: the sets only touch).
     */
    boolean penetration(Gjk gjk, SupportMap a, SupportMap b) {
        if (gjk.count < 4) {
            return false;
        }
        vertexCount = 4;
        for (int k = 0; k < 4; k++) {
            gjk.simplexVertex(k, w, pa, pb, 3 * k);
        }
        scale = 0;
        for (int k = 0; k < 12; k++) {
            scale = Math.max(scale, Math.abs(w[k]));
        }
        faceCount = 0;
        broken = false;
        if (!addFace(0, 1, 2, 3) | !addFace(0, 3, 1, 2) | !addFace(0, 2, 3, 1) | !addFace(1, 3, 2, 0) || broken) {
            return false;
        }
        int best = nearestFace();
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double nx = faceNormal[3 * best], ny = faceNormal[3 * best + 1], nz = faceNormal[3 * best + 2];
            a.support(nx, ny, nz, point, 0);
            b.support(-nx, -ny, -nz, point, 3);
            double sx = point[0] - point[3], sy = point[1] - point[4], sz = point[2] - point[5];
            double gain = nx * sx + ny * sy + nz * sz - faceDistance[best];
            if (gain <= TOLERANCE * (faceDistance[best] + scale) || vertexCount == MAX_VERTICES) {
                break;
            }
            int v = vertexCount++;
            for (int c = 0; c < 3; c++) {
                w[3 * v + c] = point[c] - point[3 + c];
                pa[3 * v + c] = point[c];
                pb[3 * v + c] = point[3 + c];
            }
            if (!expand(v) || broken) {
                // Rounding made the polytope lose its shape (a face turned its back on the
                // origin): the last sound face is the answer, to the tolerance reached so far.
                break;
            }
            best = nearestFace();
            if (best < 0) {
                return false;
            }
        }
        witness(best);
        return true;
    }

    /** Removes the faces the new vertex v sees and closes the hole with faces from its horizon to v. */
    private boolean expand(int v) {
        int edgeCount = 0;
        for (int f = 0; f < faceCount; f++) {
            if (!alive[f]) {
                continue;
            }
            int i = face[3 * f];
            double side = faceNormal[3 * f] * (w[3 * v] - w[3 * i]) + faceNormal[3 * f + 1] * (w[3 * v + 1] - w[3 * i + 1])
                    + faceNormal[3 * f + 2] * (w[3 * v + 2] - w[3 * i + 2]);
            if (side > VISIBLE * scale) {
                alive[f] = false;
                for (int e = 0; e < 3; e++) {
                    edges[2 * edgeCount] = face[3 * f + e];
                    edges[2 * edgeCount + 1] = face[3 * f + (e + 1) % 3];
                    edgeCount++;
                }
            }
        }
        // A horizon edge belongs to one removed face only: its reverse is not among the removed edges.
        for (int e = 0; e < edgeCount; e++) {
            int from = edges[2 * e], to = edges[2 * e + 1];
            boolean shared = false;
            for (int g = 0; g < edgeCount && !shared; g++) {
                shared = edges[2 * g] == to && edges[2 * g + 1] == from;
            }
            if (!shared && !addFace(from, to, v, -1)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds face (i, j, k); with an opposite vertex it is turned to face away from it, without one
     * (a horizon face) its winding already faces out. False when out of room or the face has no area.
     */
    private boolean addFace(int i, int j, int k, int opposite) {
        if (faceCount == MAX_FACES) {
            return false;
        }
        double abx = w[3 * j] - w[3 * i], aby = w[3 * j + 1] - w[3 * i + 1], abz = w[3 * j + 2] - w[3 * i + 2];
        double acx = w[3 * k] - w[3 * i], acy = w[3 * k + 1] - w[3 * i + 1], acz = w[3 * k + 2] - w[3 * i + 2];
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (len == 0) {
            return false;
        }
        nx /= len;
        ny /= len;
        nz /= len;
        if (opposite >= 0 && nx * (w[3 * opposite] - w[3 * i]) + ny * (w[3 * opposite + 1] - w[3 * i + 1])
                + nz * (w[3 * opposite + 2] - w[3 * i + 2]) > 0) {
            int t = j;
            j = k;
            k = t;
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        int f = faceCount++;
        face[3 * f] = i;
        face[3 * f + 1] = j;
        face[3 * f + 2] = k;
        faceNormal[3 * f] = nx;
        faceNormal[3 * f + 1] = ny;
        faceNormal[3 * f + 2] = nz;
        // The origin is inside, so each outward face lies at a distance ≥ 0 (up to rounding);
        // clearly less, and the polytope is no longer convex around it.
        double distance = nx * w[3 * i] + ny * w[3 * i + 1] + nz * w[3 * i + 2];
        broken |= distance < -VISIBLE * scale;
        faceDistance[f] = Math.max(0.0, distance);
        alive[f] = true;
        return true;
    }

    private int nearestFace() {
        int best = -1;
        for (int f = 0; f < faceCount; f++) {
            if (alive[f] && (best < 0 || faceDistance[f] < faceDistance[best])) {
                best = f;
            }
        }
        return best;
    }

    /** Depth, normal and the witness points on A and B of the origin's projection onto face f. */
    private void witness(int f) {
        normalX = faceNormal[3 * f];
        normalY = faceNormal[3 * f + 1];
        normalZ = faceNormal[3 * f + 2];
        depth = faceDistance[f];
        int i = face[3 * f], j = face[3 * f + 1], k = face[3 * f + 2];
        double px = depth * normalX, py = depth * normalY, pz = depth * normalZ;
        // Barycentric coordinates of p in triangle (i, j, k) from sub-triangle areas along the normal.
        double u = signedArea(px, py, pz, j, k), v = signedArea(px, py, pz, k, i), t = signedArea(px, py, pz, i, j);
        double sum = u + v + t;
        if (sum <= 0) {
            u = v = t = 1.0 / 3;
        } else {
            u /= sum;
            v /= sum;
            t /= sum;
        }
        ax = u * pa[3 * i] + v * pa[3 * j] + t * pa[3 * k];
        ay = u * pa[3 * i + 1] + v * pa[3 * j + 1] + t * pa[3 * k + 1];
        az = u * pa[3 * i + 2] + v * pa[3 * j + 2] + t * pa[3 * k + 2];
        bx = u * pb[3 * i] + v * pb[3 * j] + t * pb[3 * k];
        by = u * pb[3 * i + 1] + v * pb[3 * j + 1] + t * pb[3 * k + 1];
        bz = u * pb[3 * i + 2] + v * pb[3 * j + 2] + t * pb[3 * k + 2];
    }

    /** Twice the signed area of triangle (p, w_j, w_k) along the face normal. */
    private double signedArea(double px, double py, double pz, int j, int k) {
        double ux = w[3 * j] - px, uy = w[3 * j + 1] - py, uz = w[3 * j + 2] - pz;
        double vx = w[3 * k] - px, vy = w[3 * k + 1] - py, vz = w[3 * k + 2] - pz;
        return normalX * (uy * vz - uz * vy) + normalY * (uz * vx - ux * vz) + normalZ * (ux * vy - uy * vx);
    }
}
