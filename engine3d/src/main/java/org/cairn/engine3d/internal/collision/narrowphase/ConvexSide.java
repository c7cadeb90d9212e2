package org.cairn.engine3d.internal.collision.narrowphase;

import org.cairn.engine3d.internal.math.Quat;

/**
 * One shape of a pair, placed at its pose, as {@link ConvexCollider} sees it: the support mapping
 * of its core (GJK and EPA work on cores; the margin is added back after), its margin, and its
 * extreme feature along a direction (the face, segment or point of the core that faces the other
 * shape, from which a manifold is clipped). Reused; allocation-free.
 */
final class ConvexSide implements SupportMap {
    /** A cylinder's cap counts as the facing feature when its axis is within ~8° of the direction. */
    static final double CAP_COSINE = 0.99;
    /** A cylinder's side or a capsule's segment counts as the facing feature within ~5.7° of square to the direction. */
    static final double SIDE_SINE = 0.1;
    /** A hull face counts as the facing feature when its normal is within ~2.6° of the direction. */
    static final double FACE_COSINE = 0.999;
    /** Corners of the polygon standing in for a cylinder's flat cap (the core cap's rim), besides the rim's extreme point. */
    static final int CAP_CORNERS = 8;
    /** Most corners a facing feature may have: a hull face has at most as many as the hull has vertices. */
    static final int MAX_FEATURE = 64;

    CollisionShape shape;
    double px, py, pz, qx, qy, qz, qw;

    /** The facing feature found by {@link #feature}: its core points (world), how many, and for a face its outward unit normal. */
    final double[] feature = new double[3 * MAX_FEATURE];
    int featureCount;
    boolean planar;
    double planeX, planeY, planeZ;

    private final double[] tmp = new double[3];

    void set(CollisionShape s, double[] pose, int o) {
        shape = s;
        px = pose[o];
        py = pose[o + 1];
        pz = pose[o + 2];
        qx = pose[o + 3];
        qy = pose[o + 4];
        qz = pose[o + 5];
        qw = pose[o + 6];
    }

    /** Whether the shape is round about its local y axis (a cylinder or a capsule), its side that axis swept by a radius. */
    boolean roundSide() {
        return shape.kind == CollisionShape.CYLINDER || shape.kind == CollisionShape.CAPSULE;
    }

    /** The distance of a round side from its axis, m: the cylinder's or the capsule's radius. */
    double sideRadius() {
        return shape.kind == CollisionShape.CYLINDER ? shape.cylinderRadius : shape.radius;
    }

    /**
     * The ends of the axis segment the side is swept about, world, into out[o..o+6): a capsule's
     * core segment, a cylinder's axis between its core's caps.
     */
    void axisSegment(double[] out, int o) {
        double h = shape.kind == CollisionShape.CYLINDER ? shape.halfHeight - shape.margin : shape.halfHeight;
        toWorld(0, -h, 0, out, o);
        toWorld(0, h, 0, out, o + 3);
    }

    /** The radius swept over the core, m. */
    double margin() {
        return shape.kind == CollisionShape.CYLINDER ? shape.margin : shape.radius;
    }

    @Override
    public void support(double dx, double dy, double dz, double[] out, int o) {
        // The direction in the shape's frame.
        Quat.rotate(-qx, -qy, -qz, qw, dx, dy, dz, tmp, 0);
        double lx = tmp[0], ly = tmp[1], lz = tmp[2];
        switch (shape.kind) {
            case CollisionShape.SPHERE -> {
                lx = 0;
                ly = 0;
                lz = 0;
            }
            case CollisionShape.CAPSULE -> {
                ly = ly >= 0 ? shape.halfHeight : -shape.halfHeight;
                lx = 0;
                lz = 0;
            }
            case CollisionShape.CYLINDER -> {
                double rc = shape.cylinderRadius - shape.margin, hc = shape.halfHeight - shape.margin;
                double rho = Math.sqrt(lx * lx + lz * lz);
                ly = ly >= 0 ? hc : -hc;
                if (rho > 0) {
                    lx *= rc / rho;
                    lz *= rc / rho;
                } else {
                    lx = 0;
                    lz = 0;
                }
            }
            default -> {
                CollisionHull hull = shape.hull;
                int v = hull.support(lx, ly, lz);
                lx = hull.vertices[3 * v];
                ly = hull.vertices[3 * v + 1];
                lz = hull.vertices[3 * v + 2];
            }
        }
        toWorld(lx, ly, lz, out, o);
    }

    /** The core's feature farthest along unit direction (dx, dy, dz), into {@link #feature}. */
    void feature(double dx, double dy, double dz) {
        Quat.rotate(-qx, -qy, -qz, qw, dx, dy, dz, tmp, 0);
        double lx = tmp[0], ly = tmp[1], lz = tmp[2];
        planar = false;
        featureCount = 0;
        switch (shape.kind) {
            case CollisionShape.SPHERE -> add(0, 0, 0);
            case CollisionShape.CAPSULE -> {
                double h = shape.halfHeight;
                if (Math.abs(ly) <= SIDE_SINE) {
                    add(0, -h, 0);
                    add(0, h, 0);
                } else {
                    add(0, ly >= 0 ? h : -h, 0);
                }
            }
            case CollisionShape.CYLINDER -> cylinderFeature(lx, ly, lz);
            default -> hullFeature(lx, ly, lz);
        }
    }

    private void cylinderFeature(double lx, double ly, double lz) {
        double rc = shape.cylinderRadius - shape.margin, hc = shape.halfHeight - shape.margin;
        double rho = Math.sqrt(lx * lx + lz * lz);
        double y = ly >= 0 ? hc : -hc;
        if (Math.abs(ly) >= CAP_COSINE) {
            // The polygon's corners stay put (their ids with them); a tilted cap also gets the rim
            // point farthest along the direction, in its place between two corners, so the
            // deepest point of a cap landing on its rim is in the manifold.
            double extreme = rho > 1e-12 ? Math.atan2(lz, lx) : Double.NaN;
            if (extreme < 0) {
                extreme += 2 * Math.PI;
            }
            double step = 2 * Math.PI / CAP_CORNERS;
            for (int k = 0; k < CAP_CORNERS; k++) {
                double angle = step * k;
                add(rc * Math.cos(angle), y, rc * Math.sin(angle));
                if (extreme > angle + 1e-9 && extreme < angle + step - 1e-9) {
                    add(rc * Math.cos(extreme), y, rc * Math.sin(extreme));
                }
            }
            setPlane(0, ly >= 0 ? 1 : -1, 0);
        } else if (Math.abs(ly) <= SIDE_SINE && rho > 0) {
            // The line of the side facing the direction, from rim to rim.
            double x = rc * lx / rho, z = rc * lz / rho;
            add(x, -hc, z);
            add(x, hc, z);
        } else {
            double s = rho > 0 ? rc / rho : 0;
            add(lx * s, y, lz * s);
        }
    }

    private void hullFeature(double lx, double ly, double lz) {
        CollisionHull hull = shape.hull;
        int best = 0;
        double bestDot = -Double.MAX_VALUE;
        for (int f = 0; f < hull.faceCount; f++) {
            double d = hull.planes[4 * f] * lx + hull.planes[4 * f + 1] * ly + hull.planes[4 * f + 2] * lz;
            if (d > bestDot) {
                bestDot = d;
                best = f;
            }
        }
        if (bestDot >= FACE_COSINE) {
            for (int k = hull.faceStart[best]; k < hull.faceStart[best + 1]; k++) {
                int v = hull.faceVertices[k];
                add(hull.vertices[3 * v], hull.vertices[3 * v + 1], hull.vertices[3 * v + 2]);
            }
            setPlane(hull.planes[4 * best], hull.planes[4 * best + 1], hull.planes[4 * best + 2]);
        } else {
            int v = hull.support(lx, ly, lz);
            add(hull.vertices[3 * v], hull.vertices[3 * v + 1], hull.vertices[3 * v + 2]);
        }
    }

    private void add(double lx, double ly, double lz) {
        if (featureCount < MAX_FEATURE) {
            toWorld(lx, ly, lz, feature, 3 * featureCount);
            featureCount++;
        }
    }

    private void setPlane(double lx, double ly, double lz) {
        Quat.rotate(qx, qy, qz, qw, lx, ly, lz, tmp, 0);
        planar = true;
        planeX = tmp[0];
        planeY = tmp[1];
        planeZ = tmp[2];
    }

    private void toWorld(double lx, double ly, double lz, double[] out, int o) {
        Quat.rotate(qx, qy, qz, qw, lx, ly, lz, out, o);
        out[o] += px;
        out[o + 1] += py;
        out[o + 2] += pz;
    }

    /** The shape's origin, world. */
    double centreX() {
        return px;
    }

    double centreY() {
        return py;
    }

    double centreZ() {
        return pz;
    }
}
