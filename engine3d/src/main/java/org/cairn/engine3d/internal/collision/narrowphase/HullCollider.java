package org.cairn.engine3d.internal.collision.narrowphase;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.LINEAR_SLOP_METERS;
import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;

import org.cairn.engine3d.internal.math.Quat;

/**
 * Hull against hull by the separating axis test and face clipping (Gregorius, "The Separating
 * Axis Test between Convex Polyhedra", GDC 2013; Box3D's {@code b3CollideHulls}).
 *
 * <p>Everything is done in A's frame: B's vertices and planes are moved there once. Candidate
 * axes are A's face normals, B's face normals, and the cross products of edge pairs whose arcs
 * cross on the Gauss map (only those can carry the minimum separation). The deepest face axis
 * gives a face contact: B's most anti-parallel face (or A's, if B's face is the reference) is
 * clipped against the side planes of the reference face, and each surviving point is put midway
 * between the faces. An edge pair gives a single point between the two edges, used only when it
 * beats the faces by more than the linear slop, so resting contacts do not flicker between the
 * two kinds. More than four points are reduced to four.
 *
 * <p>Feature ids: every polygon corner carries the labels of the edge arriving at it and the edge
 * leaving it; a label is (owner: 0 for A, 1 for B) · 256 + edge index. An incident corner that
 * survives keeps its two incident edges; a corner made by clipping takes the reference side edge
 * in place of the edge that crossed it. The id is min(label) · 65536 + max(label): a corner is the
 * meeting of two edges whatever the direction of the loop that produced it, so when the reference
 * face moves from A to B (and the loops run the other way) the same corner keeps its id.
 *
 * <p>One instance per thread; the arrays only grow.
 */
public final class HullCollider {
    /** Points farther apart than this are left out of the manifold, m (set per pair by the narrowphase). */
    double speculativeDistance = SPECULATIVE_DISTANCE_METERS;

    private double[] bVertices = new double[3 * 64];
    private double[] bPlanes = new double[4 * 64];
    private double[] polygon = new double[3 * 64];
    private int[] polygonIn = new int[64];
    private int[] polygonOut = new int[64];
    private double[] clipped = new double[3 * 64];
    private int[] clippedIn = new int[64];
    private int[] clippedOut = new int[64];
    private double[] points = new double[3 * 64];
    private double[] pointSeparation = new double[64];
    private int[] pointId = new int[64];
    private final double[] tmp = new double[3];
    private final ManifoldReduction reduction = new ManifoldReduction();
    private final Gjk gjk = new Gjk();
    private final int[] noCache = new int[Narrowphase.CACHE_INTS];
    /** Cached axis kinds. */
    public static final int AXIS_FACE_A = 1;
    public static final int AXIS_FACE_B = 2;
    public static final int AXIS_EDGES = 3;
    /** How much GJK's gap may exceed the best axis's before the axis result is replaced, m. */
    static final double AXIS_GAP_TOLERANCE_METERS = 1e-7;
    /** How far outside the reference face an incident corner still counts as on it, m: well above rounding, well below any gap that matters. */
    static final double CLIP_SLACK_METERS = 1e-6;

    /**
     * Collides hull a at pose (pa, qa) with hull b at pose (pb, qb), world frame, writing the
     * manifold (normal from a to b) into {@code out}; no points if they are farther apart than the
     * speculative distance.
     */
    public void collide(CollisionHull a, double pax, double pay, double paz, double qax, double qay, double qaz,
                        double qaw, CollisionHull b, double pbx, double pby, double pbz, double qbx, double qby,
                        double qbz, double qbw, Manifold out) {
        java.util.Arrays.fill(noCache, 0);
        collide(a, pax, pay, paz, qax, qay, qaz, qaw, b, pbx, pby, pbz, qbx, qby, qbz, qbw, noCache, 0, out);
    }

    /**
     * As above, with the pair's cache: cache[co] is the kind of the last best axis (0 none,
     * {@link #AXIS_FACE_A}, {@link #AXIS_FACE_B}, {@link #AXIS_EDGES}) and cache[co + 1], cache[co + 2]
     * its feature indices. If that axis still separates the hulls by more than the speculative
     * distance, nothing else is tested.
     */
    public void collide(CollisionHull a, double pax, double pay, double paz, double qax, double qay, double qaz,
                        double qaw, CollisionHull b, double pbx, double pby, double pbz, double qbx, double qby,
                        double qbz, double qbw, int[] cache, int co, Manifold out) {
        out.clear();
        // Relative pose of b in a's frame: r = qa⁻¹·qb, t = qa⁻¹·(pb − pa).
        double rx = qaw * qbx - qax * qbw - qay * qbz + qaz * qby;
        double ry = qaw * qby + qax * qbz - qay * qbw - qaz * qbx;
        double rz = qaw * qbz - qax * qby + qay * qbx - qaz * qbw;
        double rw = qaw * qbw + qax * qbx + qay * qby + qaz * qbz;
        Quat.rotate(-qax, -qay, -qaz, qaw, pbx - pax, pby - pay, pbz - paz, tmp, 0);
        double tx = tmp[0], ty = tmp[1], tz = tmp[2];
        boolean boxes = a.box && b.box && boxClosedForms;
        if (boxes) {
            // B's axes in A's frame (the columns of the relative rotation); two boxes check their
            // cached axis by support functions, before B's corners and planes are moved at all.
            boxAxes(rx, ry, rz, rw);
            double cachedGap = cachedBoxAxisGap(a, b, cache, co, tx, ty, tz, rx, ry, rz, rw);
            if (cachedGap > speculativeDistance) {
                out.apart(cachedGap);
                return;
            }
        }
        if (bVertices.length < 3 * b.vertexCount) {
            bVertices = new double[3 * b.vertexCount];
        }
        if (bPlanes.length < 4 * b.faceCount) {
            bPlanes = new double[4 * b.faceCount];
        }
        for (int i = 0; i < b.vertexCount; i++) {
            Quat.rotate(rx, ry, rz, rw, b.vertices[3 * i], b.vertices[3 * i + 1], b.vertices[3 * i + 2], bVertices, 3 * i);
            bVertices[3 * i] += tx;
            bVertices[3 * i + 1] += ty;
            bVertices[3 * i + 2] += tz;
        }
        for (int f = 0; f < b.faceCount; f++) {
            Quat.rotate(rx, ry, rz, rw, b.planes[4 * f], b.planes[4 * f + 1], b.planes[4 * f + 2], bPlanes, 4 * f);
            bPlanes[4 * f + 3] = b.planes[4 * f + 3] + bPlanes[4 * f] * tx + bPlanes[4 * f + 1] * ty + bPlanes[4 * f + 2] * tz;
        }

        if (!boxes) {
            double cachedGap = cachedAxisGap(a, b, cache, co);
            if (cachedGap > speculativeDistance) {
                out.apart(cachedGap);
                return;
            }
        }
        if (b.box && boxClosedForms && !boxes) {
            // B's axes in A's frame: the columns of the relative rotation.
            boxAxes(rx, ry, rz, rw);
        }
        // Face axes of A: separation of B from face f is min over B's vertices of n·v − d (for a
        // box B, by its support function: n·t − d − Σ h_j·|n·u_j|).
        int faceA = -1;
        double separationA = -Double.MAX_VALUE;
        for (int f = 0; f < a.faceCount; f++) {
            double s = b.box && boxClosedForms ? boxFaceSeparation(a.planes, f, b, tx, ty, tz) : minDistance(a.planes, f, bVertices, b.vertexCount);
            if (s > separationA) {
                separationA = s;
                faceA = f;
            }
        }
        if (separationA > speculativeDistance) {
            remember(cache, co, AXIS_FACE_A, faceA, 0);
            out.apart(separationA);
            return;
        }
        int faceB = -1;
        double separationB = -Double.MAX_VALUE;
        for (int f = 0; f < b.faceCount; f++) {
            // For a box A centred on its origin: min over its corners of n·v − d = −Σ h_i·|n_i| − d.
            double s = a.box && boxClosedForms ? -(a.boxHalfX * Math.abs(bPlanes[4 * f]) + a.boxHalfY * Math.abs(bPlanes[4 * f + 1])
                    + a.boxHalfZ * Math.abs(bPlanes[4 * f + 2])) - bPlanes[4 * f + 3]
                    : minDistance(bPlanes, f, a.vertices, a.vertexCount);
            if (s > separationB) {
                separationB = s;
                faceB = f;
            }
        }
        if (separationB > speculativeDistance) {
            remember(cache, co, AXIS_FACE_B, faceB, 0);
            out.apart(separationB);
            return;
        }

        // Edge pairs that form a face of the Minkowski difference. The Gauss-map test needs, per
        // pair, B's face normals against A's edge arc and A's against B's: two tables of dot
        // products, EA·FB and FA·EB, instead of two cross and four dot products for every pair.
        int edgeA = -1, edgeB = -1;
        double separationE = -Double.MAX_VALUE, axisX = 0, axisY = 0, axisZ = 0;
        if (boxes) {
            // Two boxes: the edge pairs that form Minkowski faces are, for each of the 3×3 pairs
            // of directions, the support edges of A along c and of B along −c, c = e_i × u_j
            // oriented from A to B; their separation is c·t − r_A(c) − r_B(c).
            boxEdgeAxes(a, b, tx, ty, tz);
            edgeA = boxEdgeA;
            edgeB = boxEdgeB;
            separationE = boxSeparationE;
            axisX = boxAxisX;
            axisY = boxAxisY;
            axisZ = boxAxisZ;
        }
        int fbCount = b.faceCount;
        if (!boxes) {
            gaussMapTables(a, b);
        }
        for (int ea = 0; !boxes && ea < a.edgeCount; ea++) {
            int a0 = a.edgeVertices[2 * ea], a1 = a.edgeVertices[2 * ea + 1];
            int fa1 = a.edgeFaces[2 * ea], fa2 = a.edgeFaces[2 * ea + 1];
            double ux = a.vertices[3 * a1] - a.vertices[3 * a0], uy = a.vertices[3 * a1 + 1] - a.vertices[3 * a0 + 1],
                    uz = a.vertices[3 * a1 + 2] - a.vertices[3 * a0 + 2];
            int rowA = fbCount * ea;
            for (int eb = 0; eb < b.edgeCount; eb++) {
                int fb1 = b.edgeFaces[2 * eb], fb2 = b.edgeFaces[2 * eb + 1];
                // The arcs (nA1, nA2) and (−nB1, −nB2) cross on the unit sphere: signs of four triple products.
                double cba = arcA[rowA + fb1], dba = arcA[rowA + fb2];
                if (!(cba * dba < 0)) {
                    continue;
                }
                double adc = arcB[b.edgeCount * fa1 + eb], bdc = arcB[b.edgeCount * fa2 + eb];
                if (!(adc * bdc < 0 && cba * bdc > 0)) {
                    continue;
                }
                int b0 = b.edgeVertices[2 * eb], b1 = b.edgeVertices[2 * eb + 1];
                double vx = bVertices[3 * b1] - bVertices[3 * b0], vy = bVertices[3 * b1 + 1] - bVertices[3 * b0 + 1],
                        vz = bVertices[3 * b1 + 2] - bVertices[3 * b0 + 2];
                double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
                double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
                // Nearly parallel edges: their face axes cover the case, and the cross is noise.
                if (len < 0.005 * Math.sqrt((ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
                    continue;
                }
                cx /= len;
                cy /= len;
                cz /= len;
                double ox = a.vertices[3 * a0] - a.centroidX, oy = a.vertices[3 * a0 + 1] - a.centroidY,
                        oz = a.vertices[3 * a0 + 2] - a.centroidZ;
                if (cx * ox + cy * oy + cz * oz < 0) {
                    cx = -cx;
                    cy = -cy;
                    cz = -cz;
                }
                double s = cx * (bVertices[3 * b0] - a.vertices[3 * a0]) + cy * (bVertices[3 * b0 + 1] - a.vertices[3 * a0 + 1])
                        + cz * (bVertices[3 * b0 + 2] - a.vertices[3 * a0 + 2]);
                if (s > separationE) {
                    separationE = s;
                    edgeA = ea;
                    edgeB = eb;
                    axisX = cx;
                    axisY = cy;
                    axisZ = cz;
                }
            }
        }
        if (separationE > speculativeDistance) {
            remember(cache, co, AXIS_EDGES, edgeA, edgeB);
            out.apart(separationE);
            return;
        }
        if (separationE > Math.max(separationA, separationB)) {
            remember(cache, co, AXIS_EDGES, edgeA, edgeB);
        } else if (separationB > separationA) {
            remember(cache, co, AXIS_FACE_B, faceB, 0);
        } else {
            remember(cache, co, AXIS_FACE_A, faceA, 0);
        }

        // A positive axis separation proves the hulls apart but may understate the gap (when the
        // closest features are two vertices, or a vertex and an edge, no tested axis realises it).
        // GJK gives the exact gap; if it differs, one point between the closest points says so.
        double axisSeparation = Math.max(separationE, Math.max(separationA, separationB));
        boolean flip = separationB > separationA + 0.1 * LINEAR_SLOP_METERS;
        double faceSeparation = Math.max(separationA, separationB);
        int count = 0;
        double nx, ny, nz;
        if (edgeA < 0 || separationE <= faceSeparation + LINEAR_SLOP_METERS) {
            count = flip ? faceContact(b, bVertices, bPlanes, faceB, 1, a, a.vertices, a.planes, 0)
                    : faceContact(a, a.vertices, a.planes, faceA, 0, b, bVertices, bPlanes, 1);
        }
        // The distance lies between the axis' gap (a lower bound) and the face's nearest point (an
        // upper bound: a point of B that far from A's face). When the two meet, GJK could neither
        // find a larger gap nor a nearer point than the face's, and is not run: the common case of a
        // box about to land flat, whose GJK was a third of the pair's narrowphase.
        // (Half the tolerance on either side keeps GJK's own verdicts, which come within 1e-14 of
        // the distance, exactly as they were: it would have reported these points too.)
        double nearest = count > 0 ? leastSeparation(count) : Double.MAX_VALUE;
        boolean faceRealisesGap = skipGjkWhereGapRealised && nearest <= axisSeparation + 0.5 * AXIS_GAP_TOLERANCE_METERS
                && nearest <= speculativeDistance - 0.5 * AXIS_GAP_TOLERANCE_METERS;
        // Likewise an edge pair whose closest points lie inside both edges: those two points of the
        // hulls are as far apart as the edge axis' gap (their difference is along the axis), so the
        // distance is that gap. The edge contact is made first, and GJK skipped.
        boolean edgePath = !(edgeA < 0 || separationE <= faceSeparation + LINEAR_SLOP_METERS);
        int edgeCount = skipGjkWhereGapRealised && edgePath && axisSeparation > 0
                && axisSeparation <= speculativeDistance - 0.5 * AXIS_GAP_TOLERANCE_METERS
                ? edgeContact(a, edgeA, b, edgeB, axisX, axisY, axisZ, separationE) : 0;
        if (axisSeparation > 0 && (faceRealisesGap || edgeCount > 0)) {
            gjkSkipped++;
            gjkSkippedOnEdges += edgeCount;
        }
        if (axisSeparation > 0 && !faceRealisesGap && edgeCount == 0) {
            gjk.distance(a.vertices, a.vertexCount, bVertices, b.vertexCount, false);
            if (gjk.distance > speculativeDistance) {
                out.apart(gjk.distance);
                return;
            }
            if (gjk.distance > axisSeparation + AXIS_GAP_TOLERANCE_METERS) {
                closestPointContact(qax, qay, qaz, qaw, pax, pay, paz, out);
                return;
            }
            if (nearest < Double.MAX_VALUE && nearest > gjk.distance + AXIS_GAP_TOLERANCE_METERS) {
                // Apart, and the face kept within the slop does not reach the closest features (an
                // edge pair does): report the true gap rather than the face's.
                closestPointContact(qax, qay, qaz, qaw, pax, pay, paz, out);
                return;
            }
        }
        if (count > 0) {
            double[] refPlanes = flip ? bPlanes : a.planes;
            int refFace = flip ? faceB : faceA;
            double sign = flip ? -1.0 : 1.0;
            nx = sign * refPlanes[4 * refFace];
            ny = sign * refPlanes[4 * refFace + 1];
            nz = sign * refPlanes[4 * refFace + 2];
        } else {
            count = edgeA < 0 ? 0 : edgeCount > 0 ? edgeCount : edgeContact(a, edgeA, b, edgeB, axisX, axisY, axisZ, separationE);
            if (count > 0) {
                nx = axisX;
                ny = axisY;
                nz = axisZ;
            } else {
                // Neither the clipped faces nor the edges' closest points gave a point (the hulls
                // meet near corners). The deepest vertex against the best face still does.
                double[] refPlanes = flip ? bPlanes : a.planes;
                int refFace = flip ? faceB : faceA;
                double sign = flip ? -1.0 : 1.0;
                nx = sign * refPlanes[4 * refFace];
                ny = sign * refPlanes[4 * refFace + 1];
                nz = sign * refPlanes[4 * refFace + 2];
                count = deepestVertexContact(flip ? a.vertices : bVertices, flip ? a.vertexCount : b.vertexCount,
                        refPlanes, refFace, flip ? 0 : 1);
                if (count == 0) {
                    return;
                }
            }
        }
        if (count > Manifold.MAX_POINTS) {
            count = reduction.reduce(points, pointSeparation, pointId, count, nx, ny, nz);
        }
        Quat.rotate(qax, qay, qaz, qaw, nx, ny, nz, tmp, 0);
        out.normal(tmp[0], tmp[1], tmp[2]);
        for (int k = 0; k < count; k++) {
            Quat.rotate(qax, qay, qaz, qaw, points[3 * k], points[3 * k + 1], points[3 * k + 2], tmp, 0);
            out.add(tmp[0] + pax, tmp[1] + pay, tmp[2] + paz, pointSeparation[k], pointId[k]);
        }
    }

    private static void remember(int[] cache, int co, int kind, int first, int second) {
        cache[co] = kind;
        cache[co + 1] = first;
        cache[co + 2] = second;
    }

    /**
     * The gap along the cached axis (B already in A's frame): a lower bound on the distance
     * between the hulls when positive; {@code -Infinity} when there is no usable cached axis.
     */
    private double cachedAxisGap(CollisionHull a, CollisionHull b, int[] cache, int co) {
        int kind = cache[co], i = cache[co + 1], j = cache[co + 2];
        switch (kind) {
            case AXIS_FACE_A:
                return i < a.faceCount ? minDistance(a.planes, i, bVertices, b.vertexCount) : Double.NEGATIVE_INFINITY;
            case AXIS_FACE_B:
                return i < b.faceCount ? minDistance(bPlanes, i, a.vertices, a.vertexCount) : Double.NEGATIVE_INFINITY;
            case AXIS_EDGES: {
                if (i >= a.edgeCount || j >= b.edgeCount) {
                    return Double.NEGATIVE_INFINITY;
                }
                int b0 = b.edgeVertices[2 * j], b1 = b.edgeVertices[2 * j + 1];
                if (!edgeAxis(a, i, bVertices[3 * b1] - bVertices[3 * b0], bVertices[3 * b1 + 1] - bVertices[3 * b0 + 1],
                        bVertices[3 * b1 + 2] - bVertices[3 * b0 + 2])) {
                    return Double.NEGATIVE_INFINITY;
                }
                double cx = tmp[0], cy = tmp[1], cz = tmp[2];
                // Any unit axis gives a valid bound: the gap along it is max over orientations of
                // (min of B along it) − (max of A along it).
                return Math.max(axisGap(a, b, cx, cy, cz), axisGap(a, b, -cx, -cy, -cz));
            }
            default:
                return Double.NEGATIVE_INFINITY;
        }
    }

    /**
     * {@link #cachedAxisGap} for two boxes, from B's axes ({@link #u}) and centre t in A's frame
     * alone: a face of A by B's support function, a face of B by A's, an edge pair's axis c by
     * |c·t| − Σ hA_k·|c_k| − Σ hB_k·|c·u_k| (the better of its two orientations).
     */
    private double cachedBoxAxisGap(CollisionHull a, CollisionHull b, int[] cache, int co, double tx, double ty, double tz,
                                    double rx, double ry, double rz, double rw) {
        int kind = cache[co], i = cache[co + 1], j = cache[co + 2];
        switch (kind) {
            case AXIS_FACE_A:
                return i < a.faceCount ? boxFaceSeparation(a.planes, i, b, tx, ty, tz) : Double.NEGATIVE_INFINITY;
            case AXIS_FACE_B: {
                if (i >= b.faceCount) {
                    return Double.NEGATIVE_INFINITY;
                }
                Quat.rotate(rx, ry, rz, rw, b.planes[4 * i], b.planes[4 * i + 1], b.planes[4 * i + 2], tmp, 0);
                double nx = tmp[0], ny = tmp[1], nz = tmp[2];
                double d = b.planes[4 * i + 3] + nx * tx + ny * ty + nz * tz;
                return -(a.boxHalfX * Math.abs(nx) + a.boxHalfY * Math.abs(ny) + a.boxHalfZ * Math.abs(nz)) - d;
            }
            case AXIS_EDGES: {
                if (i >= a.edgeCount || j >= b.edgeCount) {
                    return Double.NEGATIVE_INFINITY;
                }
                int b0 = b.edgeVertices[2 * j], b1 = b.edgeVertices[2 * j + 1];
                Quat.rotate(rx, ry, rz, rw, b.vertices[3 * b1] - b.vertices[3 * b0], b.vertices[3 * b1 + 1] - b.vertices[3 * b0 + 1],
                        b.vertices[3 * b1 + 2] - b.vertices[3 * b0 + 2], tmp, 0);
                if (!edgeAxis(a, i, tmp[0], tmp[1], tmp[2])) {
                    return Double.NEGATIVE_INFINITY;
                }
                double cx = tmp[0], cy = tmp[1], cz = tmp[2];
                return Math.abs(cx * tx + cy * ty + cz * tz)
                        - (a.boxHalfX * Math.abs(cx) + a.boxHalfY * Math.abs(cy) + a.boxHalfZ * Math.abs(cz))
                        - (b.boxHalfX * Math.abs(cx * u[0] + cy * u[1] + cz * u[2])
                        + b.boxHalfY * Math.abs(cx * u[3] + cy * u[4] + cz * u[5])
                        + b.boxHalfZ * Math.abs(cx * u[6] + cy * u[7] + cz * u[8]));
            }
            default:
                return Double.NEGATIVE_INFINITY;
        }
    }

    /**
     * The unit axis u × v of A's edge i (direction u, A's frame) and a B edge direction v, into
     * {@link #tmp}; false when the two are parallel (no axis).
     */
    private boolean edgeAxis(CollisionHull a, int i, double vx, double vy, double vz) {
        int a0 = a.edgeVertices[2 * i], a1 = a.edgeVertices[2 * i + 1];
        double ux = a.vertices[3 * a1] - a.vertices[3 * a0], uy = a.vertices[3 * a1 + 1] - a.vertices[3 * a0 + 1],
                uz = a.vertices[3 * a1 + 2] - a.vertices[3 * a0 + 2];
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
        if (len < 1e-12) {
            return false;
        }
        tmp[0] = cx / len;
        tmp[1] = cy / len;
        tmp[2] = cz / len;
        return true;
    }

    /** min over B of n·v minus max over A of n·v: positive means the hulls are apart along n. */
    private double axisGap(CollisionHull a, CollisionHull b, double nx, double ny, double nz) {
        double maxA = -Double.MAX_VALUE, minB = Double.MAX_VALUE;
        for (int k = 0; k < a.vertexCount; k++) {
            maxA = Math.max(maxA, nx * a.vertices[3 * k] + ny * a.vertices[3 * k + 1] + nz * a.vertices[3 * k + 2]);
        }
        for (int k = 0; k < b.vertexCount; k++) {
            minB = Math.min(minB, nx * bVertices[3 * k] + ny * bVertices[3 * k + 1] + nz * bVertices[3 * k + 2]);
        }
        return minB - maxA;
    }

    /** The vertex of the incident hull deepest below the reference face, as one point. */
    private int deepestVertexContact(double[] vertices, int vertexCount, double[] planes, int face, int owner) {
        double nx = planes[4 * face], ny = planes[4 * face + 1], nz = planes[4 * face + 2], d = planes[4 * face + 3];
        int best = 0;
        double least = Double.MAX_VALUE;
        for (int i = 0; i < vertexCount; i++) {
            double sep = nx * vertices[3 * i] + ny * vertices[3 * i + 1] + nz * vertices[3 * i + 2] - d;
            if (sep < least) {
                least = sep;
                best = i;
            }
        }
        if (least >= speculativeDistance) {
            return 0;
        }
        ensure(1);
        points[0] = vertices[3 * best] - 0.5 * least * nx;
        points[1] = vertices[3 * best + 1] - 0.5 * least * ny;
        points[2] = vertices[3 * best + 2] - 0.5 * least * nz;
        pointSeparation[0] = least;
        // Vertex id, flagged by bit 29.
        pointId[0] = (1 << 29) | (owner << 8) | best;
        return 1;
    }

    /** One point midway between GJK's closest points, in A's frame, written out in world. */
    private void closestPointContact(double qax, double qay, double qaz, double qaw, double pax, double pay, double paz,
                                     Manifold out) {
        double d = gjk.distance;
        Quat.rotate(qax, qay, qaz, qaw, (gjk.bx - gjk.ax) / d, (gjk.by - gjk.ay) / d, (gjk.bz - gjk.az) / d, tmp, 0);
        out.normal(tmp[0], tmp[1], tmp[2]);
        Quat.rotate(qax, qay, qaz, qaw, 0.5 * (gjk.ax + gjk.bx), 0.5 * (gjk.ay + gjk.by), 0.5 * (gjk.az + gjk.bz), tmp, 0);
        // Vertex-pair id, flagged by bit 30 so it cannot equal an edge-label id.
        out.add(tmp[0] + pax, tmp[1] + pay, tmp[2] + paz, d, (1 << 30) | (gjk.indexA[0] << 8) | gjk.indexB[0]);
    }

    private static double minDistance(double[] planes, int f, double[] vertices, int count) {
        double nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2], d = planes[4 * f + 3];
        double min = Double.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            min = Math.min(min, nx * vertices[3 * i] + ny * vertices[3 * i + 1] + nz * vertices[3 * i + 2] - d);
        }
        return min;
    }

    /** Whether boxes take the closed forms (off: every hull the general way; for the test that compares them). */
    boolean boxClosedForms = true;
    /** Whether two boxes' edge axes are estimated first and only the possible best taken exactly (off: all exactly, for tests). */
    boolean estimateEdges = true;
    /** Whether a pair apart within the speculative distance skips GJK when its face or edge contact realises the axis' gap (off: always run, for tests). */
    boolean skipGjkWhereGapRealised = true;
    /** Pairs that skipped GJK so, and those of them by an edge contact, since this collider was made: for tests. */
    long gjkSkipped, gjkSkippedOnEdges;
    /** B's axes in A's frame (unit columns of the relative rotation), set by {@link #boxAxes}. */
    private final double[] u = new double[9];
    int boxEdgeA, boxEdgeB;
    double boxSeparationE, boxAxisX, boxAxisY, boxAxisZ;

    /** The columns of the rotation r (B's axes seen from A). */
    void boxAxes(double rx, double ry, double rz, double rw) {
        for (int j = 0; j < 3; j++) {
            Quat.rotate(rx, ry, rz, rw, j == 0 ? 1 : 0, j == 1 ? 1 : 0, j == 2 ? 1 : 0, u, 3 * j);
        }
    }

    /** min over box B's corners of n·v − d for A's face f: n·t − d − Σ h_j·|n·u_j|. */
    private double boxFaceSeparation(double[] planes, int f, CollisionHull b, double tx, double ty, double tz) {
        double nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
        return nx * tx + ny * ty + nz * tz - planes[4 * f + 3]
                - b.boxHalfX * Math.abs(nx * u[0] + ny * u[1] + nz * u[2])
                - b.boxHalfY * Math.abs(nx * u[3] + ny * u[4] + nz * u[5])
                - b.boxHalfZ * Math.abs(nx * u[6] + ny * u[7] + nz * u[8]);
    }

    /**
     * The best edge axis of two boxes: for each A axis e_i and B axis u_j, c = e_i × u_j (skipped
     * when the edges are within 0.005 of parallel, as the general test does), oriented so that
     * c·t ≥ 0; separation c·t − Σ hA_k·|c_k| − Σ hB_k·|c·u_k|; the edges are A's support edge
     * along e_i in direction c and B's along u_j in direction −c.
     */
    void boxEdgeAxes(CollisionHull a, CollisionHull b, double tx, double ty, double tz) {
        boxEdgeA = -1;
        boxEdgeB = -1;
        boxSeparationE = -Double.MAX_VALUE;
        // First each axis' separation from its unnormalised direction, divided once: within a few
        // rounding errors of the exact one below. Only the axes that could be the best (within a
        // margin a million times those errors) are then taken exactly, in the same order and by the
        // same rule, so the same axis wins with the same bits; the others' normalisations (three
        // divisions each) and their unpredictable comparisons are skipped.
        double best = -Double.MAX_VALUE;
        for (int q = 0; q < 9; q++) {
            int i = q / 3, j = q % 3;
            double vx = u[3 * j], vy = u[3 * j + 1], vz = u[3 * j + 2];
            double cx = i == 0 ? 0 : i == 1 ? vz : -vy;
            double cy = i == 0 ? -vz : i == 1 ? 0 : vx;
            double cz = i == 0 ? vy : i == 1 ? -vx : 0;
            double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
            double d0 = cx * u[0] + cy * u[1] + cz * u[2], d1 = cx * u[3] + cy * u[4] + cz * u[5],
                    d2 = cx * u[6] + cy * u[7] + cz * u[8];
            double estimate = (Math.abs(cx * tx + cy * ty + cz * tz)
                    - (a.boxHalfX * Math.abs(cx) + a.boxHalfY * Math.abs(cy) + a.boxHalfZ * Math.abs(cz))
                    - (b.boxHalfX * Math.abs(d0) + b.boxHalfY * Math.abs(d1) + b.boxHalfZ * Math.abs(d2))) / len;
            edgeEstimate[q] = len < 0.005 ? Double.NEGATIVE_INFINITY : estimate;
            // (Not Math.max: a NaN estimate, from a pose gone non-finite, must not hide the others.)
            best = len < 0.005 || !(estimate > best) ? best : estimate;
        }
        double margin = 1e-9 * (1 + Math.abs(tx) + Math.abs(ty) + Math.abs(tz) + a.boxHalfX + a.boxHalfY + a.boxHalfZ
                + b.boxHalfX + b.boxHalfY + b.boxHalfZ);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (estimateEdges && !(edgeEstimate[3 * i + j] >= best - margin)) {
                    continue;
                }
                double vx = u[3 * j], vy = u[3 * j + 1], vz = u[3 * j + 2];
                // e_i × v
                double cx = i == 0 ? 0 : i == 1 ? vz : -vy;
                double cy = i == 0 ? -vz : i == 1 ? 0 : vx;
                double cz = i == 0 ? vy : i == 1 ? -vx : 0;
                double len = Math.sqrt(cx * cx + cy * cy + cz * cz);
                if (len < 0.005) {
                    continue;
                }
                cx /= len;
                cy /= len;
                cz /= len;
                double toward = cx * tx + cy * ty + cz * tz;
                if (toward < 0) {
                    cx = -cx;
                    cy = -cy;
                    cz = -cz;
                    toward = -toward;
                }
                double d0 = cx * u[0] + cy * u[1] + cz * u[2], d1 = cx * u[3] + cy * u[4] + cz * u[5],
                        d2 = cx * u[6] + cy * u[7] + cz * u[8];
                double s = toward - (a.boxHalfX * Math.abs(cx) + a.boxHalfY * Math.abs(cy) + a.boxHalfZ * Math.abs(cz))
                        - (b.boxHalfX * Math.abs(d0) + b.boxHalfY * Math.abs(d1) + b.boxHalfZ * Math.abs(d2));
                if (s > boxSeparationE) {
                    boxSeparationE = s;
                    boxAxisX = cx;
                    boxAxisY = cy;
                    boxAxisZ = cz;
                    // The other two axes, in order: (1, 2), (0, 2), (0, 1).
                    double c1 = i == 0 ? cy : cx, c2 = i == 2 ? cy : cz;
                    boxEdgeA = a.boxEdge[4 * i + (c1 > 0 ? 2 : 0) + (c2 > 0 ? 1 : 0)];
                    double e1 = j == 0 ? d1 : d0, e2 = j == 2 ? d1 : d2;
                    boxEdgeB = b.boxEdge[4 * j + (e1 < 0 ? 2 : 0) + (e2 < 0 ? 1 : 0)];
                }
            }
        }
    }

    /** {@link #boxEdgeAxes}' first estimate of each of the nine axes' separations. */
    private final double[] edgeEstimate = new double[9];

    /** arcA[ea·FB + fb] = −nB(fb)·(nA2 × nA1) for A's edge ea; arcB[fa·EB + eb] = nA(fa)·(nB2' × nB1') with nB' = −nB. */
    private double[] arcA = new double[12 * 6];
    private double[] arcB = new double[6 * 12];

    /**
     * The triple products of the Gauss-map test (Gregorius, GDC 2013): an A edge's arc has the
     * plane normal b × a of its two face normals, a B edge's d × c of its two negated face normals;
     * only the signs matter, so the products themselves are used, orientation-free.
     */
    private void gaussMapTables(CollisionHull a, CollisionHull b) {
        if (arcA.length < a.edgeCount * b.faceCount) {
            arcA = new double[a.edgeCount * b.faceCount];
        }
        if (arcB.length < a.faceCount * b.edgeCount) {
            arcB = new double[a.faceCount * b.edgeCount];
        }
        double[] pa = a.planes, pb = bPlanes;
        for (int ea = 0; ea < a.edgeCount; ea++) {
            int fa1 = a.edgeFaces[2 * ea], fa2 = a.edgeFaces[2 * ea + 1];
            double ax = pa[4 * fa1], ay = pa[4 * fa1 + 1], az = pa[4 * fa1 + 2];
            double bx = pa[4 * fa2], by = pa[4 * fa2 + 1], bz = pa[4 * fa2 + 2];
            double bxaX = by * az - bz * ay, bxaY = bz * ax - bx * az, bxaZ = bx * ay - by * ax;
            for (int f = 0; f < b.faceCount; f++) {
                double cx = -pb[4 * f], cy = -pb[4 * f + 1], cz = -pb[4 * f + 2];
                arcA[b.faceCount * ea + f] = cx * bxaX + cy * bxaY + cz * bxaZ;
            }
        }
        for (int eb = 0; eb < b.edgeCount; eb++) {
            int fb1 = b.edgeFaces[2 * eb], fb2 = b.edgeFaces[2 * eb + 1];
            double cx = -pb[4 * fb1], cy = -pb[4 * fb1 + 1], cz = -pb[4 * fb1 + 2];
            double dx = -pb[4 * fb2], dy = -pb[4 * fb2 + 1], dz = -pb[4 * fb2 + 2];
            double dxcX = dy * cz - dz * cy, dxcY = dz * cx - dx * cz, dxcZ = dx * cy - dy * cx;
            for (int f = 0; f < a.faceCount; f++) {
                arcB[b.edgeCount * f + eb] = pa[4 * f] * dxcX + pa[4 * f + 1] * dxcY + pa[4 * f + 2] * dxcZ;
            }
        }
    }

    /**
     * Clips the incident face of hull {@code inc} against the side planes of {@code refFace} of
     * hull {@code ref}; writes the kept points into {@link #points} and returns their count.
     */
    private int faceContact(CollisionHull ref, double[] refVertices, double[] refPlanes, int refFace, int refOwner,
                            CollisionHull inc, double[] incVertices, double[] incPlanes, int incOwner) {
        double nx = refPlanes[4 * refFace], ny = refPlanes[4 * refFace + 1], nz = refPlanes[4 * refFace + 2];
        double d = refPlanes[4 * refFace + 3];
        // The incident face holds the incident hull's deepest vertex (so the deepest point survives
        // clipping) and, of the faces that do, is the most anti-parallel to the reference normal.
        int deepest = 0;
        double least = Double.MAX_VALUE;
        for (int i = 0; i < inc.vertexCount; i++) {
            double h = nx * incVertices[3 * i] + ny * incVertices[3 * i + 1] + nz * incVertices[3 * i + 2];
            if (h < least) {
                least = h;
                deepest = i;
            }
        }
        int incFace = -1;
        double most = Double.MAX_VALUE;
        for (int f = 0; f < inc.faceCount; f++) {
            double dot = incPlanes[4 * f] * nx + incPlanes[4 * f + 1] * ny + incPlanes[4 * f + 2] * nz;
            if (dot < most && faceHasVertex(inc, f, deepest)) {
                most = dot;
                incFace = f;
            }
        }
        int s = inc.faceStart[incFace], e = inc.faceStart[incFace + 1];
        int n = e - s;
        ensure(n + (ref.faceStart[refFace + 1] - ref.faceStart[refFace]) + 1);
        for (int k = 0; k < n; k++) {
            int v = inc.faceVertices[s + k];
            polygon[3 * k] = incVertices[3 * v];
            polygon[3 * k + 1] = incVertices[3 * v + 1];
            polygon[3 * k + 2] = incVertices[3 * v + 2];
            polygonIn[k] = (incOwner << 8) | inc.faceEdges[s + (k + n - 1) % n];
            polygonOut[k] = (incOwner << 8) | inc.faceEdges[s + k];
        }
        int rs = ref.faceStart[refFace], re = ref.faceStart[refFace + 1];
        for (int j = rs; j < re && n > 0; j++) {
            int v0 = ref.faceVertices[j], v1 = ref.faceVertices[j + 1 < re ? j + 1 : rs];
            double ex = refVertices[3 * v1] - refVertices[3 * v0], ey = refVertices[3 * v1 + 1] - refVertices[3 * v0 + 1],
                    ez = refVertices[3 * v1 + 2] - refVertices[3 * v0 + 2];
            // Outward side normal in the face plane: edge × normal.
            double mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
            // An incident corner up to CLIP_SLACK_METERS outside the side plane counts as inside: a
            // corner that lies on it (two equal boxes stacked flush) stays a corner, with its own
            // feature id, whichever side rounding puts it. Clipped exactly, it flipped between corner
            // and clipped point as the stack settled to 1e-13 m/s, the ids changed, the warm start
            // was lost, and a tower of 20 got a sideways kick of 38 N·s after 9 s.
            double offset = mx * refVertices[3 * v0] + my * refVertices[3 * v0 + 1] + mz * refVertices[3 * v0 + 2];
            double slack = CLIP_SLACK_METERS * Math.sqrt(mx * mx + my * my + mz * mz);
            int label = (refOwner << 8) | ref.faceEdges[j];
            n = clip(n, mx, my, mz, offset, slack, label);
        }
        int count = 0;
        for (int k = 0; k < n; k++) {
            double px = polygon[3 * k], py = polygon[3 * k + 1], pz = polygon[3 * k + 2];
            double sep = nx * px + ny * py + nz * pz - d;
            if (sep >= speculativeDistance) {
                continue;
            }
            points[3 * count] = px - 0.5 * sep * nx;
            points[3 * count + 1] = py - 0.5 * sep * ny;
            points[3 * count + 2] = pz - 0.5 * sep * nz;
            pointSeparation[count] = sep;
            int in = polygonIn[k], outLabel = polygonOut[k];
            pointId[count] = (Math.min(in, outLabel) << 16) | Math.max(in, outLabel);
            count++;
        }
        return count;
    }

    private double leastSeparation(int count) {
        double least = Double.MAX_VALUE;
        for (int k = 0; k < count; k++) {
            least = Math.min(least, pointSeparation[k]);
        }
        return least;
    }

    private static boolean faceHasVertex(CollisionHull hull, int face, int vertex) {
        for (int k = hull.faceStart[face]; k < hull.faceStart[face + 1]; k++) {
            if (hull.faceVertices[k] == vertex) {
                return true;
            }
        }
        return false;
    }

    /** Sutherland–Hodgman against the half space m·p ≤ offset, carrying the corner labels. */
    private int clip(int n, double mx, double my, double mz, double offset, double slack, int label) {
        int m = 0;
        // Each corner's distance once, carried to the next corner as its predecessor's.
        int last = n - 1;
        double dPrev = n == 0 ? 0.0 : mx * polygon[3 * last] + my * polygon[3 * last + 1] + mz * polygon[3 * last + 2] - offset;
        for (int k = 0; k < n; k++) {
            int prev = k == 0 ? last : k - 1;
            double dCur = mx * polygon[3 * k] + my * polygon[3 * k + 1] + mz * polygon[3 * k + 2] - offset;
            if (dCur <= slack) {
                if (dPrev > slack) {
                    // Entering: the new corner arrives along the clip edge and leaves along prev→cur.
                    intersect(prev, k, dPrev, dCur, m++, label, polygonIn[k]);
                }
                clipped[3 * m] = polygon[3 * k];
                clipped[3 * m + 1] = polygon[3 * k + 1];
                clipped[3 * m + 2] = polygon[3 * k + 2];
                clippedIn[m] = polygonIn[k];
                clippedOut[m] = polygonOut[k];
                m++;
            } else if (dPrev <= slack) {
                // Leaving: the new corner arrives along prev→cur and leaves along the clip edge.
                intersect(prev, k, dPrev, dCur, m++, polygonIn[k], label);
            }
            dPrev = dCur;
        }
        double[] swap = polygon;
        polygon = clipped;
        clipped = swap;
        int[] swapIn = polygonIn;
        polygonIn = clippedIn;
        clippedIn = swapIn;
        int[] swapOut = polygonOut;
        polygonOut = clippedOut;
        clippedOut = swapOut;
        return m;
    }

    private void intersect(int p, int q, double dp, double dq, int slot, int in, int outLabel) {
        // The crossing of the plane itself; an end within the slack of it makes t a hair outside [0, 1].
        double t = Math.min(1.0, Math.max(0.0, dp / (dp - dq)));
        for (int c = 0; c < 3; c++) {
            clipped[3 * slot + c] = polygon[3 * p + c] + t * (polygon[3 * q + c] - polygon[3 * p + c]);
        }
        clippedIn[slot] = in;
        clippedOut[slot] = outLabel;
    }

    private void ensure(int n) {
        if (polygonIn.length < 2 * n) {
            int c = 2 * n;
            polygon = new double[3 * c];
            clipped = new double[3 * c];
            polygonIn = new int[c];
            polygonOut = new int[c];
            clippedIn = new int[c];
            clippedOut = new int[c];
            points = new double[3 * c];
            pointSeparation = new double[c];
            pointId = new int[c];
        }
    }

    /** One point midway between the closest points of the two edges (clamped to the segments). */
    private int edgeContact(CollisionHull a, int edgeA, CollisionHull b, int edgeB, double nx, double ny, double nz,
                            double separation) {
        int a0 = a.edgeVertices[2 * edgeA], a1 = a.edgeVertices[2 * edgeA + 1];
        int b0 = b.edgeVertices[2 * edgeB], b1 = b.edgeVertices[2 * edgeB + 1];
        double p1x = a.vertices[3 * a0], p1y = a.vertices[3 * a0 + 1], p1z = a.vertices[3 * a0 + 2];
        double d1x = a.vertices[3 * a1] - p1x, d1y = a.vertices[3 * a1 + 1] - p1y, d1z = a.vertices[3 * a1 + 2] - p1z;
        double p2x = bVertices[3 * b0], p2y = bVertices[3 * b0 + 1], p2z = bVertices[3 * b0 + 2];
        double d2x = bVertices[3 * b1] - p2x, d2y = bVertices[3 * b1 + 1] - p2y, d2z = bVertices[3 * b1 + 2] - p2z;
        double rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
        double aa = d1x * d1x + d1y * d1y + d1z * d1z, ee = d2x * d2x + d2y * d2y + d2z * d2z;
        double bb = d1x * d2x + d1y * d2y + d1z * d2z;
        double c = d1x * rx + d1y * ry + d1z * rz, f = d2x * rx + d2y * ry + d2z * rz;
        double denominator = aa * ee - bb * bb;
        if (denominator <= 1e-12 * aa * ee) {
            return 0;
        }
        double s = (bb * f - c * ee) / denominator;
        double t = (aa * f - bb * c) / denominator;
        if (s < 0 || s > 1 || t < 0 || t > 1) {
            // The closest points of the lines fall outside the edges: not an edge-edge contact.
            return 0;
        }
        double qax = p1x + s * d1x, qay = p1y + s * d1y, qaz = p1z + s * d1z;
        double qbx = p2x + t * d2x, qby = p2y + t * d2y, qbz = p2z + t * d2z;
        ensure(1);
        points[0] = 0.5 * (qax + qbx);
        points[1] = 0.5 * (qay + qby);
        points[2] = 0.5 * (qaz + qbz);
        pointSeparation[0] = separation;
        pointId[0] = (edgeA << 16) | (1 << 8) | edgeB;
        return 1;
    }

}
