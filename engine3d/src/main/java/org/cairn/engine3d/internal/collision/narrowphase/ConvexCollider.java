package org.cairn.engine3d.internal.collision.narrowphase;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;

/**
 * Any two convex shapes by their support mappings, for the pairs no closed form covers (a
 * cylinder against anything but a sphere). GJK finds the distance between the two cores; when the cores
 * overlap (a penetration deeper than the margins), EPA finds the depth and its direction. The
 * manifold comes from the features the two cores turn to each other along that normal (Jolt's
 * approach): a face against a face, segment or cap is clipped to the reference face's sides,
 * two nearly parallel segments to their common extent, and each kept point's separation is its
 * distance from the reference, less the margins; any other pair of features gives the one
 * closest point pair. So a cylinder on its side touches along its exact line of contact and rolls
 * as a round body, and one on its cap rests on the cap's rim.
 *
 * <p>Ids: a reference corner clipped in keeps its index, a point made on reference edge e from
 * incident edge k gets {@code 0x10000 | e << 8 | k}, a segment's ends 0 and 1, a single point
 * {@link #SINGLE_ID}; a reference on B adds {@link #REFERENCE_B}. The normal points from A to B.
 */
final class ConvexCollider {
    static final int SINGLE_ID = 0x40000;
    static final int REFERENCE_B = 0x20000;
    /** A clipped contact whose least separation differs from the closest points' by more than this, m, is not the contact: one point instead. */
    private static final double CLIP_TOLERANCE_METERS = 1e-6;
    /**
     * A corner this close outside a reference side counts as inside, m: two equal caps stacked
     * have corners on each other's edges, and rounding clipped them one step and not the next,
     * changing their ids (and losing their warm start).
     */
    private static final double CLIP_SLACK_METERS = 1e-9;
    /** A reference face serves only if its normal is the contact normal to this cosine (about 4e-5 rad). */
    private static final double ALIGNED_COSINE = 1 - 1e-9;
    /** Two segments within this sine of parallel touch along their common extent. */
    private static final double PARALLEL_SINE = 0.1;

    double speculativeDistance = SPECULATIVE_DISTANCE_METERS;

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final ConvexSide sideA = new ConvexSide(), sideB = new ConvexSide();
    private final ManifoldReduction reduction = new ManifoldReduction();
    // Clipping buffers: points (xyz) and ids, in and out.
    private double[] clipIn = new double[3 * 2 * ConvexSide.MAX_FEATURE];
    private double[] clipOut = new double[3 * 2 * ConvexSide.MAX_FEATURE];
    private int[] idIn = new int[2 * ConvexSide.MAX_FEATURE];
    private int[] idOut = new int[2 * ConvexSide.MAX_FEATURE];
    private final double[] kept = new double[3 * 2 * ConvexSide.MAX_FEATURE];
    private final double[] keptSeparation = new double[2 * ConvexSide.MAX_FEATURE];
    private final int[] keptId = new int[2 * ConvexSide.MAX_FEATURE];

    void collide(CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob, Manifold out) {
        out.clear();
        sideA.set(a, pa, oa);
        sideB.set(b, pb, ob);
        double mA = sideA.margin(), mB = sideB.margin();
        gjk.distance(sideA, sideB);
        double nx, ny, nz, separation, ax, ay, az, bx, by, bz;
        if (gjk.distance > 0) {
            separation = gjk.distance - mA - mB;
            if (separation > speculativeDistance) {
                return;
            }
            nx = (gjk.bx - gjk.ax) / gjk.distance;
            ny = (gjk.by - gjk.ay) / gjk.distance;
            nz = (gjk.bz - gjk.az) / gjk.distance;
            ax = gjk.ax;
            ay = gjk.ay;
            az = gjk.az;
            bx = gjk.bx;
            by = gjk.by;
            bz = gjk.bz;
        } else if (epa.penetration(gjk, sideA, sideB)) {
            separation = -epa.depth - mA - mB;
            nx = epa.normalX;
            ny = epa.normalY;
            nz = epa.normalZ;
            ax = epa.ax;
            ay = epa.ay;
            az = epa.az;
            bx = epa.bx;
            by = epa.by;
            bz = epa.bz;
        } else {
            // The cores only touch (GJK ended on a face, edge or point through the origin): the
            // shapes overlap by the margins, along the line between their centres.
            separation = -mA - mB;
            double dx = sideB.centreX() - sideA.centreX(), dy = sideB.centreY() - sideA.centreY(),
                    dz = sideB.centreZ() - sideA.centreZ();
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            nx = len > 0 ? dx / len : 0;
            ny = len > 0 ? dy / len : 1;
            nz = len > 0 ? dz / len : 0;
            ax = bx = gjk.ax;
            ay = by = gjk.ay;
            az = bz = gjk.az;
        }
        if (!featureContact(nx, ny, nz, separation, mA, mB, out)) {
            out.clear();
            // Midway between the two surfaces: A's core point out by its margin, B's back by its.
            double x = 0.5 * (ax + mA * nx + bx - mB * nx), y = 0.5 * (ay + mA * ny + by - mB * ny),
                    z = 0.5 * (az + mA * nz + bz - mB * nz);
            out.normal(nx, ny, nz);
            out.add(x, y, z, separation, SINGLE_ID);
        }
    }

    /** The manifold from the facing features; false where they give no more than the single closest point. */
    private boolean featureContact(double nx, double ny, double nz, double separation, double mA, double mB, Manifold out) {
        sideA.feature(nx, ny, nz);
        sideB.feature(-nx, -ny, -nz);
        if (sideA.featureCount < 2 || sideB.featureCount < 2) {
            return false;
        }
        int count;
        double ux, uy, uz;
        // Of two faces, the one square to the normal is the reference; A's where both are (to
        // rounding), so a cap resting on a face keeps one reference, and its points their ids.
        if (sideA.planar && (!sideB.planar || Math.abs(sideA.planeX * nx + sideA.planeY * ny + sideA.planeZ * nz)
                >= Math.abs(sideB.planeX * nx + sideB.planeY * ny + sideB.planeZ * nz) - 1e-9)) {
            ux = sideA.planeX;
            uy = sideA.planeY;
            uz = sideA.planeZ;
            if (!facingFace(sideB, -ux, -uy, -uz)) {
                return false;
            }
            count = clipToFace(sideA, mA, sideB, mB, 0);
        } else if (sideB.planar) {
            ux = -sideB.planeX;
            uy = -sideB.planeY;
            uz = -sideB.planeZ;
            if (!facingFace(sideA, ux, uy, uz)) {
                return false;
            }
            count = clipToFace(sideB, mB, sideA, mA, REFERENCE_B);
        } else if (sideA.featureCount == 2 && sideB.featureCount == 2) {
            // Two sides along each other. Where both are round (a cylinder's or a capsule's), they
            // touch as their axes' segments swept by the radii do, and the closest points of the
            // two segments give the normal exactly; GJK's, converging on curved cores, came out up
            // to 1.1e-3 rad off (two parallel cylinders), tilting the push sideways.
            ux = nx;
            uy = ny;
            uz = nz;
            if (sideA.roundSide() && sideB.roundSide() && axisNormal(nx, ny, nz)) {
                if (axisInterior) {
                    separation = axisGap;
                }
                ux = axisNormal[0];
                uy = axisNormal[1];
                uz = axisNormal[2];
                sideA.feature(ux, uy, uz);
                sideB.feature(-ux, -uy, -uz);
                if (sideA.featureCount != 2 || sideB.featureCount != 2) {
                    return false;
                }
            }
            nx = ux;
            ny = uy;
            nz = uz;
            count = parallelSegments(ux, uy, uz, mA, mB);
        } else {
            return false;
        }
        if (count == 0 || ux * nx + uy * ny + uz * nz < ALIGNED_COSINE) {
            // No point, or a reference face turned from the contact normal: its separations would
            // be measured along the wrong direction (the closest point lies off the face).
            return false;
        }
        double least = Double.MAX_VALUE;
        for (int k = 0; k < count; k++) {
            least = Math.min(least, keptSeparation[k]);
        }
        if (Math.abs(least - separation) > CLIP_TOLERANCE_METERS) {
            // The clipped points miss the closest point (it lies on a rim or an edge the
            // reference face does not reach), or measure along a face normal that is not the
            // contact's: the one closest point pair is the truth.
            return false;
        }
        count = reduction.reduce(kept, keptSeparation, keptId, count, ux, uy, uz);
        out.normal(ux, uy, uz);
        for (int k = 0; k < count; k++) {
            out.add(kept[3 * k], kept[3 * k + 1], kept[3 * k + 2], keptSeparation[k], keptId[k]);
        }
        return true;
    }

    /**
     * Clips the incident feature to the sides of the reference face and keeps the points within
     * the speculative distance of it, measured along the face's normal u (pointing from the
     * reference towards the incident shape). Returns how many were kept.
     */
    private int clipToFace(ConvexSide reference, double mRef, ConvexSide incident, double mInc, int idFlag) {
        double[] r = reference.feature;
        int m = reference.featureCount;
        double ux = reference.planeX, uy = reference.planeY, uz = reference.planeZ;
        int n = incident.featureCount;
        System.arraycopy(incident.feature, 0, clipIn, 0, 3 * n);
        for (int k = 0; k < n; k++) {
            idIn[k] = k;
        }
        // The winding of the reference corners about u decides which side of each edge is out.
        double wx = 0, wy = 0, wz = 0;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            wx += (r[3 * i + 1] - r[3 * j + 1]) * (r[3 * i + 2] + r[3 * j + 2]);
            wy += (r[3 * i + 2] - r[3 * j + 2]) * (r[3 * i] + r[3 * j]);
            wz += (r[3 * i] - r[3 * j]) * (r[3 * i + 1] + r[3 * j + 1]);
        }
        double sense = wx * ux + wy * uy + wz * uz >= 0 ? 1 : -1;
        for (int e = 0; e < m && n > 0; e++) {
            int j = (e + 1) % m;
            double ex = r[3 * j] - r[3 * e], ey = r[3 * j + 1] - r[3 * e + 1], ez = r[3 * j + 2] - r[3 * e + 2];
            // Outward normal of the side through edge e: edge × u for a counter-clockwise face.
            double sx = ey * uz - ez * uy, sy = ez * ux - ex * uz, sz = ex * uy - ey * ux;
            double length = Math.sqrt(sx * sx + sy * sy + sz * sz);
            if (length == 0) {
                continue;
            }
            sx *= sense / length;
            sy *= sense / length;
            sz *= sense / length;
            double offset = sx * r[3 * e] + sy * r[3 * e + 1] + sz * r[3 * e + 2];
            n = n == 2 ? clipSegment(n, sx, sy, sz, offset, e) : clipPolygon(n, sx, sy, sz, offset, e);
        }
        double plane = ux * r[0] + uy * r[1] + uz * r[2];
        int count = 0;
        for (int k = 0; k < n; k++) {
            double x = clipIn[3 * k], y = clipIn[3 * k + 1], z = clipIn[3 * k + 2];
            double s = ux * x + uy * y + uz * z - plane - mRef - mInc;
            if (s > speculativeDistance) {
                continue;
            }
            count = keep(count, x, y, z, mInc, s, ux, uy, uz, idIn[k] | idFlag);
        }
        return count;
    }

    /**
     * Keeps a contact point made from incident core point (x, y, z): midway between the incident
     * surface (the core point back along u by its margin) and the reference surface, separation s.
     * Returns the new count.
     */
    private int keep(int count, double x, double y, double z, double margin, double s, double ux, double uy, double uz,
                     int id) {
        double back = margin + 0.5 * s;
        kept[3 * count] = x - back * ux;
        kept[3 * count + 1] = y - back * uy;
        kept[3 * count + 2] = z - back * uz;
        keptSeparation[count] = s;
        keptId[count] = id;
        return count + 1;
    }

    /** Sutherland–Hodgman: keeps the part of the closed polygon clipIn[0..n) with s·p ≤ offset. */
    private int clipPolygon(int n, double sx, double sy, double sz, double offset, int edge) {
        int out = 0;
        for (int k = 0; k < n; k++) {
            int next = (k + 1) % n;
            double dk = sx * clipIn[3 * k] + sy * clipIn[3 * k + 1] + sz * clipIn[3 * k + 2] - offset - CLIP_SLACK_METERS;
            double dn = sx * clipIn[3 * next] + sy * clipIn[3 * next + 1] + sz * clipIn[3 * next + 2] - offset
                    - CLIP_SLACK_METERS;
            if (dk <= 0) {
                copy(k, out++);
            }
            if (dk <= 0 != dn <= 0) {
                double t = dk / (dk - dn);
                for (int c = 0; c < 3; c++) {
                    clipOut[3 * out + c] = clipIn[3 * k + c] + t * (clipIn[3 * next + c] - clipIn[3 * k + c]);
                }
                idOut[out++] = 0x10000 | (edge & 0xFF) << 8 | (idIn[k] & 0xFF);
            }
        }
        swap();
        return out;
    }

    /** Keeps the part of the segment clipIn[0..2) with s·p ≤ offset (0 or 2 points). */
    private int clipSegment(int n, double sx, double sy, double sz, double offset, int edge) {
        double d0 = sx * clipIn[0] + sy * clipIn[1] + sz * clipIn[2] - offset - CLIP_SLACK_METERS;
        double d1 = sx * clipIn[3] + sy * clipIn[4] + sz * clipIn[5] - offset - CLIP_SLACK_METERS;
        if (d0 > 0 && d1 > 0) {
            return 0;
        }
        if (d0 > 0 || d1 > 0) {
            int outside = d0 > 0 ? 0 : 1;
            double t = d0 / (d0 - d1);
            for (int c = 0; c < 3; c++) {
                clipIn[3 * outside + c] = clipIn[c] + t * (clipIn[3 + c] - clipIn[c]);
            }
            idIn[outside] = 0x10000 | (edge & 0xFF) << 8 | (idIn[outside] & 0xFF);
        }
        return n;
    }

    private void copy(int from, int to) {
        clipOut[3 * to] = clipIn[3 * from];
        clipOut[3 * to + 1] = clipIn[3 * from + 1];
        clipOut[3 * to + 2] = clipIn[3 * from + 2];
        idOut[to] = idIn[from];
    }

    private void swap() {
        double[] t = clipIn;
        clipIn = clipOut;
        clipOut = t;
        int[] i = idIn;
        idIn = idOut;
        idOut = i;
    }

    private final double[] axisEnds = new double[12];
    /** The unit normal {@link #axisNormal(double, double, double)} found. */
    private final double[] axisNormal = new double[3];
    /**
     * The gap between the two sides that {@link #axisNormal(double, double, double)} found, m, and
     * whether its closest points lie inside both segments (then the sides touch there and the gap
     * is exact; GJK's, on curved cores, may be a micrometre long).
     */
    private double axisGap;
    private boolean axisInterior;

    /**
     * The unit direction from A's axis segment to B's between their closest points (Ericson,
     * "Real-Time Collision Detection", 5.1.9), into {@link #axisNormal}; false where the axes meet
     * (no direction) or the direction turns against GJK's normal (n) by more than 0.1 rad.
     */
    private boolean axisNormal(double nx, double ny, double nz) {
        double[] e = axisEnds;
        sideA.axisSegment(e, 0);
        sideB.axisSegment(e, 6);
        double d1x = e[3] - e[0], d1y = e[4] - e[1], d1z = e[5] - e[2];
        double d2x = e[9] - e[6], d2y = e[10] - e[7], d2z = e[11] - e[8];
        double rx = e[0] - e[6], ry = e[1] - e[7], rz = e[2] - e[8];
        double a = d1x * d1x + d1y * d1y + d1z * d1z, f = d2x * d2x + d2y * d2y + d2z * d2z;
        double c = d1x * rx + d1y * ry + d1z * rz, g = d2x * rx + d2y * ry + d2z * rz, b = d1x * d2x + d1y * d2y + d1z * d2z;
        double denominator = a * f - b * b;
        boolean parallel = !(denominator > 1e-12 * a * f);
        double s;
        if (parallel) {
            // Any s on the extent the two share will do: its middle (B's ends as parameters on A).
            double s0 = -c / a, s1 = (b - c) / a;
            double low = Math.max(0, Math.min(s0, s1)), high = Math.min(1, Math.max(s0, s1));
            s = low <= high ? 0.5 * (low + high) : 0.5;
        } else {
            s = RoundCollider.clamp01((b * g - c * f) / denominator);
        }
        double t = (b * s + g) / f;
        axisInterior = t >= 0 && t <= 1 && (parallel || s > 0 && s < 1);
        if (t < 0 || t > 1) {
            t = RoundCollider.clamp01(t);
            s = RoundCollider.clamp01((b * t - c) / a);
        }
        double dx = e[6] + t * d2x - (e[0] + s * d1x), dy = e[7] + t * d2y - (e[1] + s * d1y),
                dz = e[8] + t * d2z - (e[2] + s * d1z);
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (!(length > 0)) {
            return false;
        }
        dx /= length;
        dy /= length;
        dz /= length;
        if (dx * nx + dy * ny + dz * nz < 0.995) {
            return false;
        }
        axisNormal[0] = dx;
        axisNormal[1] = dy;
        axisNormal[2] = dz;
        axisGap = length - sideA.sideRadius() - sideB.sideRadius();
        return true;
    }

    /**
     * An incident round side (a cylinder's, not its cap) takes the line that faces the reference
     * face's normal d rather than GJK's, which converges on the curved side only to within a
     * fraction of a microradian (its points were up to 1.5e-9 m off the line under the axis);
     * false if it then shows no line.
     */
    private static boolean facingFace(ConvexSide incident, double dx, double dy, double dz) {
        if (incident.planar || !incident.roundSide()) {
            return true;
        }
        incident.feature(dx, dy, dz);
        return incident.featureCount >= 2;
    }

    /**
     * Two segments within {@link #PARALLEL_SINE} of parallel (a capsule or a cylinder's side along
     * another's): the part of B's segment that lies beside A's, each end's separation along n from
     * A's line. Returns how many points were kept (0 when not parallel or not beside each other).
     */
    private int parallelSegments(double nx, double ny, double nz, double mA, double mB) {
        double[] a = sideA.feature, b = sideB.feature;
        double ex = a[3] - a[0], ey = a[4] - a[1], ez = a[5] - a[2];
        double fx = b[3] - b[0], fy = b[4] - b[1], fz = b[5] - b[2];
        double le = Math.sqrt(ex * ex + ey * ey + ez * ez), lf = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (le == 0 || lf == 0) {
            return 0;
        }
        double cx = ey * fz - ez * fy, cy = ez * fx - ex * fz, cz = ex * fy - ey * fx;
        if (Math.sqrt(cx * cx + cy * cy + cz * cz) > PARALLEL_SINE * le * lf) {
            return 0;
        }
        ex /= le;
        ey /= le;
        ez /= le;
        // B's ends as parameters along A's segment, then B's segment cut to A's extent [0, le].
        double t0 = ex * (b[0] - a[0]) + ey * (b[1] - a[1]) + ez * (b[2] - a[2]);
        double t1 = ex * (b[3] - a[0]) + ey * (b[4] - a[1]) + ez * (b[5] - a[2]);
        if (Math.max(t0, t1) < 0 || Math.min(t0, t1) > le || t0 == t1) {
            return 0;
        }
        int count = 0;
        for (int end = 0; end < 2; end++) {
            double t = end == 0 ? t0 : t1;
            double clamped = Math.max(0, Math.min(le, t));
            // The point of B's segment whose parameter is the clamped one.
            double u = (clamped - t0) / (t1 - t0);
            double x = b[0] + u * fx, y = b[1] + u * fy, z = b[2] + u * fz;
            double qx = a[0] + clamped * ex, qy = a[1] + clamped * ey, qz = a[2] + clamped * ez;
            double s = nx * (x - qx) + ny * (y - qy) + nz * (z - qz) - mA - mB;
            if (s > speculativeDistance) {
                continue;
            }
            count = keep(count, x, y, z, mB, s, nx, ny, nz, end);
        }
        return count;
    }
}
