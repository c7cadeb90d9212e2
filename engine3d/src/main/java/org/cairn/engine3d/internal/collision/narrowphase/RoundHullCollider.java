package org.cairn.engine3d.internal.collision.narrowphase;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.LINEAR_SLOP_METERS;
import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;

import org.cairn.engine3d.internal.math.Quat;

/**
 * A sphere or capsule (A) against a hull (B), in the hull's frame.
 *
 * <p>While the cores are apart, GJK gives the exact distance and closest points; a capsule lying
 * along a hull face (the closest feature is the face and the segment is within about 6° of it)
 * gets two points, the ends of its segment clipped to the face, so it rests without rocking.
 * When the core dips into the hull, the separating axis test takes over: the hull's face normals
 * and, for a capsule, the cross products of its axis with the hull's edges.
 *
 * <p>Ids: 0 for a single point; 0 and 1 for the clipped segment ends (the lower and upper end).
 * The normal points from A (the round shape) to B (the hull).
 */
public final class RoundHullCollider {
    /** Points farther apart than this are left out of the manifold, m (set per pair by the narrowphase). */
    double speculativeDistance = SPECULATIVE_DISTANCE_METERS;

    /** A capsule within this sine of a face's plane lies along the face. */
    static final double ALONG_FACE_SINE = 0.1;
    /** The closest feature counts as the face when the GJK normal is within ~2.6° of its normal. */
    static final double FACE_COSINE = 0.999;

    private final Gjk gjk = new Gjk();
    private final double[] core = new double[6];
    private final double[] tmp = new double[3];

    /**
     * Collides round shape {@code a} at pose (pa, qa) with hull shape {@code b} at pose (pb, qb),
     * world frame.
     */
    public void collide(CollisionShape a, double pax, double pay, double paz, double qax, double qay, double qaz,
                        double qaw, CollisionShape b, double pbx, double pby, double pbz, double qbx, double qby,
                        double qbz, double qbw, int[] cache, int co, Manifold out) {
        out.clear();
        CollisionHull hull = b.hull;
        int n = a.coreCount;
        // Core of A in B's frame: q_b⁻¹·(pa + qa·c − pb).
        for (int k = 0; k < n; k++) {
            Quat.rotate(qax, qay, qaz, qaw, a.corePoints[3 * k], a.corePoints[3 * k + 1], a.corePoints[3 * k + 2], tmp, 0);
            Quat.rotate(-qbx, -qby, -qbz, qbw, tmp[0] + pax - pbx, tmp[1] + pay - pby, tmp[2] + paz - pbz, core, 3 * k);
        }
        double r = a.radius;
        // GJK starts from last step's simplex (cache[co + 3] vertices, indices after it).
        int cached = cache[co + 3];
        for (int k = 0; k < cached; k++) {
            gjk.indexA[k] = cache[co + 4 + k];
            gjk.indexB[k] = cache[co + 8 + k];
        }
        gjk.count = cached;
        gjk.distance(core, n, hull.vertices, hull.vertexCount, cached > 0);
        cache[co + 3] = gjk.distance > 0 ? gjk.count : 0;
        for (int k = 0; k < cache[co + 3]; k++) {
            cache[co + 4 + k] = gjk.indexA[k];
            cache[co + 8 + k] = gjk.indexB[k];
        }
        // Normal from hull to round shape, in B's frame; flipped when written out.
        double nx, ny, nz;
        int count;
        if (gjk.distance > 0) {
            double separation = gjk.distance - r;
            if (separation > speculativeDistance) {
                return;
            }
            nx = (gjk.ax - gjk.bx) / gjk.distance;
            ny = (gjk.ay - gjk.by) / gjk.distance;
            nz = (gjk.az - gjk.bz) / gjk.distance;
            count = 0;
            if (n == 2) {
                int face = alignedFace(hull, nx, ny, nz);
                if (face >= 0 && alongFace(hull, face)) {
                    count = faceContact(hull, face, n, r, out);
                    if (count > 0 && leastSeparation(out) > separation + 1e-7) {
                        // The closest point is at the face's rim, not at a clipped end: one exact point.
                        out.clear();
                        count = 0;
                    }
                    if (count > 0) {
                        nx = hull.planes[4 * face];
                        ny = hull.planes[4 * face + 1];
                        nz = hull.planes[4 * face + 2];
                    }
                }
            }
            if (count == 0) {
                double m = 0.5 * separation;
                out.add(gjk.bx + m * nx, gjk.by + m * ny, gjk.bz + m * nz, separation, 0);
            }
        } else {
            // Deep: separating axes. Faces of the hull first.
            int bestFace = -1;
            double faceSeparation = -Double.MAX_VALUE;
            for (int f = 0; f < hull.faceCount; f++) {
                double s = Double.MAX_VALUE;
                for (int k = 0; k < n; k++) {
                    s = Math.min(s, hull.planes[4 * f] * core[3 * k] + hull.planes[4 * f + 1] * core[3 * k + 1]
                            + hull.planes[4 * f + 2] * core[3 * k + 2] - hull.planes[4 * f + 3]);
                }
                if (s > faceSeparation) {
                    faceSeparation = s;
                    bestFace = f;
                }
            }
            int bestEdge = -1;
            double edgeSeparation = -Double.MAX_VALUE, ex = 0, ey = 0, ez = 0;
            if (n == 2) {
                double ux = core[3] - core[0], uy = core[4] - core[1], uz = core[5] - core[2];
                double mx = 0.5 * (core[0] + core[3]) - hull.centroidX, my = 0.5 * (core[1] + core[4]) - hull.centroidY,
                        mz = 0.5 * (core[2] + core[5]) - hull.centroidZ;
                for (int e = 0; e < hull.edgeCount; e++) {
                    int v0 = hull.edgeVertices[2 * e], v1 = hull.edgeVertices[2 * e + 1];
                    double vx = hull.vertices[3 * v1] - hull.vertices[3 * v0], vy = hull.vertices[3 * v1 + 1] - hull.vertices[3 * v0 + 1],
                            vz = hull.vertices[3 * v1 + 2] - hull.vertices[3 * v0 + 2];
                    double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
                    double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
                    if (len < 0.005 * Math.sqrt((ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
                        continue;
                    }
                    cx /= len;
                    cy /= len;
                    cz /= len;
                    if (cx * mx + cy * my + cz * mz < 0) {
                        cx = -cx;
                        cy = -cy;
                        cz = -cz;
                    }
                    double s = axisSeparation(hull, cx, cy, cz);
                    // Deep in, the side the segment's middle lies on does not say which way it
                    // leaves sooner: the other sense of the axis may separate more.
                    double opposite = axisSeparation(hull, -cx, -cy, -cz);
                    if (opposite > s) {
                        s = opposite;
                        cx = -cx;
                        cy = -cy;
                        cz = -cz;
                    }
                    if (s > edgeSeparation) {
                        edgeSeparation = s;
                        bestEdge = e;
                        ex = cx;
                        ey = cy;
                        ez = cz;
                    }
                }
            }
            if (bestEdge >= 0 && edgeSeparation > faceSeparation + LINEAR_SLOP_METERS) {
                nx = ex;
                ny = ey;
                nz = ez;
                edgePoint(hull, bestEdge, edgeSeparation - r, nx, ny, nz, r, out);
            } else {
                nx = hull.planes[4 * bestFace];
                ny = hull.planes[4 * bestFace + 1];
                nz = hull.planes[4 * bestFace + 2];
                if (faceContact(hull, bestFace, n, r, out) == 0) {
                    // Clipping left nothing (the core pokes out past the face's edges): use the
                    // deepest core point against the face.
                    int k = deepest(hull, bestFace, n);
                    double s = faceSeparation - r;
                    double m = r + 0.5 * s;
                    out.add(core[3 * k] - m * nx, core[3 * k + 1] - m * ny, core[3 * k + 2] - m * nz, s, 0);
                }
            }
        }
        if (out.pointCount == 0) {
            return;
        }
        // Into the world: points by B's pose, normal by B's rotation, flipped to run from A to B.
        Quat.rotate(qbx, qby, qbz, qbw, -nx, -ny, -nz, tmp, 0);
        out.normal(tmp[0], tmp[1], tmp[2]);
        for (int k = 0; k < out.pointCount; k++) {
            Quat.rotate(qbx, qby, qbz, qbw, out.position[3 * k], out.position[3 * k + 1], out.position[3 * k + 2], tmp, 0);
            out.position[3 * k] = tmp[0] + pbx;
            out.position[3 * k + 1] = tmp[1] + pby;
            out.position[3 * k + 2] = tmp[2] + pbz;
        }
    }

    /** How far the segment core lies beyond the hull along unit axis c (negative: overlap). */
    private double axisSeparation(CollisionHull hull, double cx, double cy, double cz) {
        double low = Math.min(cx * core[0] + cy * core[1] + cz * core[2], cx * core[3] + cy * core[4] + cz * core[5]);
        int top = hull.support(cx, cy, cz);
        return low - (cx * hull.vertices[3 * top] + cy * hull.vertices[3 * top + 1] + cz * hull.vertices[3 * top + 2]);
    }

    private static double leastSeparation(Manifold m) {
        double least = Double.MAX_VALUE;
        for (int k = 0; k < m.pointCount; k++) {
            least = Math.min(least, m.separation[k]);
        }
        return least;
    }

    private int deepest(CollisionHull hull, int face, int n) {
        int best = 0;
        double bestDistance = Double.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            double d = hull.planes[4 * face] * core[3 * k] + hull.planes[4 * face + 1] * core[3 * k + 1]
                    + hull.planes[4 * face + 2] * core[3 * k + 2];
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    /** The face whose normal is closest to n, if it is within {@link #FACE_COSINE}; else −1. */
    private static int alignedFace(CollisionHull hull, double nx, double ny, double nz) {
        int best = -1;
        double bestDot = FACE_COSINE;
        for (int f = 0; f < hull.faceCount; f++) {
            double d = hull.planes[4 * f] * nx + hull.planes[4 * f + 1] * ny + hull.planes[4 * f + 2] * nz;
            if (d > bestDot) {
                bestDot = d;
                best = f;
            }
        }
        return best;
    }

    private boolean alongFace(CollisionHull hull, int face) {
        double ux = core[3] - core[0], uy = core[4] - core[1], uz = core[5] - core[2];
        double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
        double d = hull.planes[4 * face] * ux + hull.planes[4 * face + 1] * uy + hull.planes[4 * face + 2] * uz;
        return Math.abs(d) <= ALONG_FACE_SINE * len;
    }

    /**
     * Clips the core (a point or a segment) to the prism over a face and writes a point for each
     * surviving end whose separation is within the speculative distance. Returns the count.
     */
    private int faceContact(CollisionHull hull, int face, int n, double r, Manifold out) {
        double nx = hull.planes[4 * face], ny = hull.planes[4 * face + 1], nz = hull.planes[4 * face + 2];
        double d = hull.planes[4 * face + 3];
        boolean segment = n == 2;
        double t0 = 0, t1 = segment ? 1 : 0;
        int s = hull.faceStart[face], e = hull.faceStart[face + 1];
        double ux = segment ? core[3] - core[0] : 0, uy = segment ? core[4] - core[1] : 0,
                uz = segment ? core[5] - core[2] : 0;
        for (int j = s; j < e && t0 <= t1; j++) {
            int v0 = hull.faceVertices[j], v1 = hull.faceVertices[j + 1 < e ? j + 1 : s];
            double ex = hull.vertices[3 * v1] - hull.vertices[3 * v0], ey = hull.vertices[3 * v1 + 1] - hull.vertices[3 * v0 + 1],
                    ez = hull.vertices[3 * v1 + 2] - hull.vertices[3 * v0 + 2];
            double mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
            double offset = mx * hull.vertices[3 * v0] + my * hull.vertices[3 * v0 + 1] + mz * hull.vertices[3 * v0 + 2];
            double start = mx * core[0] + my * core[1] + mz * core[2] - offset;
            double slope = mx * ux + my * uy + mz * uz;
            // Keep t with start + t·slope ≤ 0.
            if (slope == 0 || !segment) {
                if (start > 0) {
                    return 0;
                }
            } else if (slope > 0) {
                t1 = Math.min(t1, -start / slope);
            } else {
                t0 = Math.max(t0, -start / slope);
            }
        }
        if (t0 > t1) {
            return 0;
        }
        int written = 0;
        for (int k = 0; k < (segment ? 2 : 1); k++) {
            double t = k == 0 ? t0 : t1;
            double px = core[0] + t * ux, py = core[1] + t * uy, pz = core[2] + t * uz;
            double separation = nx * px + ny * py + nz * pz - d - r;
            if (separation >= speculativeDistance) {
                continue;
            }
            double m = r + 0.5 * separation;
            out.add(px - m * nx, py - m * ny, pz - m * nz, separation, k);
            written++;
            if (t1 - t0 < 1e-12) {
                break;
            }
        }
        return written;
    }

    /**
     * One point between the capsule's segment and the hull's edge that carries axis n (hull to
     * capsule): the edge through the hull's support vertex along n most nearly parallel to the edge
     * the axis was made from. The axis is made from an edge's direction only, and a box has four
     * edges of each direction; the one that found it first may lie across the hull from where the
     * capsule is (a capsule sunk 0.48 m into a box got its point 0.63 m outside itself).
     */
    private void edgePoint(CollisionHull hull, int axisEdge, double separation, double nx, double ny, double nz, double r,
                           Manifold out) {
        int edge = supportEdge(hull, axisEdge, nx, ny, nz);
        int v0 = hull.edgeVertices[2 * edge], v1 = hull.edgeVertices[2 * edge + 1];
        double qx = hull.vertices[3 * v0], qy = hull.vertices[3 * v0 + 1], qz = hull.vertices[3 * v0 + 2];
        double d2x = hull.vertices[3 * v1] - qx, d2y = hull.vertices[3 * v1 + 1] - qy, d2z = hull.vertices[3 * v1 + 2] - qz;
        double d1x = core[3] - core[0], d1y = core[4] - core[1], d1z = core[5] - core[2];
        double rx = core[0] - qx, ry = core[1] - qy, rz = core[2] - qz;
        double a = d1x * d1x + d1y * d1y + d1z * d1z, e = d2x * d2x + d2y * d2y + d2z * d2z;
        double b = d1x * d2x + d1y * d2y + d1z * d2z, c = d1x * rx + d1y * ry + d1z * rz, f = d2x * rx + d2y * ry + d2z * rz;
        double denominator = a * e - b * b;
        double s = denominator > 0 ? RoundCollider.clamp01((b * f - c * e) / denominator) : 0;
        double t = RoundCollider.clamp01((b * s + f) / e);
        double px = core[0] + s * d1x, py = core[1] + s * d1y, pz = core[2] + s * d1z;
        double hx = qx + t * d2x, hy = qy + t * d2y, hz = qz + t * d2z;
        // Midway between the hull edge point and the capsule surface point p − r·n.
        out.add(0.5 * (hx + px - r * nx), 0.5 * (hy + py - r * ny), 0.5 * (hz + pz - r * nz), separation, 0);
    }

    /** The edge through the hull's support vertex along n whose direction is nearest to edge {@code like}'s (up to sense). */
    private static int supportEdge(CollisionHull hull, int like, double nx, double ny, double nz) {
        double[] v = hull.vertices;
        int l0 = hull.edgeVertices[2 * like], l1 = hull.edgeVertices[2 * like + 1];
        double lx = v[3 * l1] - v[3 * l0], ly = v[3 * l1 + 1] - v[3 * l0 + 1], lz = v[3 * l1 + 2] - v[3 * l0 + 2];
        int top = hull.support(nx, ny, nz);
        int best = like;
        double bestCosine2 = -1;
        for (int e = 0; e < hull.edgeCount; e++) {
            int e0 = hull.edgeVertices[2 * e], e1 = hull.edgeVertices[2 * e + 1];
            if (e0 != top && e1 != top) {
                continue;
            }
            double dx = v[3 * e1] - v[3 * e0], dy = v[3 * e1 + 1] - v[3 * e0 + 1], dz = v[3 * e1 + 2] - v[3 * e0 + 2];
            double dot = dx * lx + dy * ly + dz * lz;
            double cosine2 = dot * dot / ((dx * dx + dy * dy + dz * dz) * (lx * lx + ly * ly + lz * lz));
            if (cosine2 > bestCosine2) {
                bestCosine2 = cosine2;
                best = e;
            }
        }
        return best;
    }
}
