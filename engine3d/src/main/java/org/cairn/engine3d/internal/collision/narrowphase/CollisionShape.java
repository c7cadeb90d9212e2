package org.cairn.engine3d.internal.collision.narrowphase;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;

/**
 * A shape as collision sees it: a core (a point, a segment along local y, or a hull) swept by a
 * radius, a triangle mesh, or a cylinder. Built once per attached shape. Boxes and convex hulls
 * share the hull kind.
 *
 * <p>A cylinder collides as itself, round (by {@link ConvexCollider}): a core cylinder, narrower
 * and shorter by {@link #margin}, swept by a sphere of that radius, so its rims are rounded by the
 * margin and its side and caps are exact. Its {@link #corePoints} and {@link #hull} are the
 * circumscribed 16-sided prism, which queries and continuous collision still use (conservative:
 * the prism contains the cylinder).
 */
public final class CollisionShape {
    public static final int SPHERE = 0;
    public static final int CAPSULE = 1;
    public static final int HULL = 2;
    public static final int MESH = 3;
    public static final int CYLINDER = 4;
    public static final int KIND_COUNT = 5;
    /** The largest rim rounding of a cylinder, m; smaller cylinders get a quarter of their least half extent. */
    public static final double CYLINDER_MARGIN_METERS = 0.04;

    public final int kind;
    /** Radius of the rounded part, m (0 for hulls). */
    public final double radius;
    /** Half length of a capsule's core segment, or a cylinder's half height, m. */
    public final double halfHeight;
    /** The hull, for the hull kind; null otherwise. */
    public final CollisionHull hull;
    /** The triangles and their tree, for the mesh kind; null otherwise. */
    public final MeshData mesh;
    /** Core points in the local frame: the centre, the two segment ends, or the hull vertices. */
    public final double[] corePoints;
    public final int coreCount;
    /** A cylinder's radius, m (0 for the other kinds). */
    public final double cylinderRadius;
    /** A cylinder's rim rounding: its core is narrower and shorter by this, m (0 for the other kinds). */
    public final double margin;

    private CollisionShape(int kind, double radius, double halfHeight, CollisionHull hull, double[] core) {
        this(kind, radius, halfHeight, hull, null, core, 0, 0);
    }

    private CollisionShape(int kind, double radius, double halfHeight, CollisionHull hull, MeshData mesh,
                           double[] core, double cylinderRadius, double margin) {
        this.kind = kind;
        this.cylinderRadius = cylinderRadius;
        this.margin = margin;
        this.mesh = mesh;
        this.radius = radius;
        this.halfHeight = halfHeight;
        this.hull = hull;
        this.corePoints = core;
        this.coreCount = core.length / 3;
    }

    /** A single triangle of a mesh, as a hull-kind shape. */
    static CollisionShape ofTriangle(CollisionHull triangle) {
        return new CollisionShape(HULL, 0, 0, triangle, triangle.vertices);
    }

    /** The collision form of a shape. */
    public static CollisionShape of(Shape shape) {
        if (shape instanceof Sphere s) {
            return new CollisionShape(SPHERE, s.radius(), 0, null, new double[3]);
        }
        if (shape instanceof Capsule c) {
            return new CollisionShape(CAPSULE, c.radius(), c.halfHeight(), null,
                    new double[] {0, -c.halfHeight(), 0, 0, c.halfHeight(), 0});
        }
        if (shape instanceof TriangleMesh m) {
            MeshData data = new MeshData(m);
            return new CollisionShape(MESH, 0, 0, null, data, data.vertices, 0, 0);
        }
        if (shape instanceof Cylinder c) {
            CollisionHull prism = CollisionHull.of(c);
            double margin = Math.min(CYLINDER_MARGIN_METERS, 0.25 * Math.min(c.radius(), c.halfHeight()));
            return new CollisionShape(CYLINDER, 0, c.halfHeight(), prism, null, prism.vertices, c.radius(), margin);
        }
        CollisionHull hull;
        if (shape instanceof Box b) {
            hull = CollisionHull.of(b);
        } else {
            hull = CollisionHull.of((ConvexHull) shape);
        }
        return new CollisionShape(HULL, 0, 0, hull, hull.vertices);
    }

    /**
     * The core points placed at pose p[o .. o+7) (position, quaternion), packed into {@code into}
     * if it is large enough, else into a new array; returns the array used.
     */
    public double[] worldCore(double[] p, int o, double[] into) {
        double[] out = into.length >= 3 * coreCount ? into : new double[3 * coreCount];
        for (int k = 0; k < coreCount; k++) {
            org.cairn.engine3d.internal.math.Quat.rotate(p[o + 3], p[o + 4], p[o + 5], p[o + 6], corePoints[3 * k],
                    corePoints[3 * k + 1], corePoints[3 * k + 2], out, 3 * k);
            out[3 * k] += p[o];
            out[3 * k + 1] += p[o + 1];
            out[3 * k + 2] += p[o + 2];
        }
        return out;
    }
}
