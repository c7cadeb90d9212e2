package org.cairn.engine3d.internal.collision.query;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.internal.collision.broadphase.DynamicTree;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionHull;
import org.cairn.engine3d.internal.collision.narrowphase.MeshData;
import org.joml.Vector4d;

/**
 * Ray against one shape in the shape's local frame: the ray is o + t·d for t in [0, maxFraction].
 * On a hit, {@link #fraction} and the outward unit normal {@code (nx, ny, nz)} are set and the
 * method returns true. A ray that starts inside (or on) a shape does not hit it, as in Box2D: a
 * query from inside is usually a character looking out, not one wanting its own shape.
 *
 * <p>Ray casts use the exact shapes, cylinders included (collision uses a 16-sided prism for
 * those; see {@code CollisionHull}).
 */
public final class ShapeRayCast {
    public double fraction;
    public double nx, ny, nz;
    private final Vector4d plane = new Vector4d();
    private final double[] rayOrigin = new double[3];
    private final double[] rayDirection = new double[3];
    private final double[] halfExtents = new double[3];

    /** Dispatches on the shape type. */
    public boolean cast(Shape shape, double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction) {
        if (shape instanceof Sphere s) {
            return sphere(s.radius(), 0, ox, oy, oz, dx, dy, dz, maxFraction);
        }
        if (shape instanceof Box b) {
            return box(b, ox, oy, oz, dx, dy, dz, maxFraction);
        }
        if (shape instanceof Capsule c) {
            return capsule(c, ox, oy, oz, dx, dy, dz, maxFraction);
        }
        if (shape instanceof Cylinder c) {
            return cylinder(c, ox, oy, oz, dx, dy, dz, maxFraction);
        }
        return hull((ConvexHull) shape, ox, oy, oz, dx, dy, dz, maxFraction);
    }

    /** Sphere of radius r centred at (0, cy, 0): the smaller root of |o + t·d − c|² = r². */
    private boolean sphere(double r, double cy, double ox, double oy, double oz, double dx, double dy, double dz,
                           double maxFraction) {
        double px = ox, py = oy - cy, pz = oz;
        double a = dx * dx + dy * dy + dz * dz;
        double b = px * dx + py * dy + pz * dz;
        double c = px * px + py * py + pz * pz - r * r;
        if (c <= 0 || a == 0) {
            return false;
        }
        double disc = b * b - a * c;
        if (disc < 0) {
            return false;
        }
        double t = (-b - Math.sqrt(disc)) / a;
        if (t < 0 || t > maxFraction) {
            return false;
        }
        return found(t, (px + t * dx) / r, (py + t * dy) / r, (pz + t * dz) / r);
    }

    /** Slab test; the normal is that of the slab entered last. */
    private boolean box(Box box, double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction) {
        double[] o = rayOrigin, d = rayDirection, h = halfExtents;
        o[0] = ox;
        o[1] = oy;
        o[2] = oz;
        d[0] = dx;
        d[1] = dy;
        d[2] = dz;
        h[0] = box.halfX();
        h[1] = box.halfY();
        h[2] = box.halfZ();
        double lower = 0, upper = maxFraction;
        int axis = -1;
        double sign = 0;
        boolean inside = true;
        for (int k = 0; k < 3; k++) {
            if (Math.abs(o[k]) >= h[k]) {
                inside = false;
            }
            if (d[k] == 0) {
                if (Math.abs(o[k]) > h[k]) {
                    return false;
                }
                continue;
            }
            double inv = 1 / d[k];
            double t1 = (-h[k] - o[k]) * inv, t2 = (h[k] - o[k]) * inv;
            double s = -1;
            if (t1 > t2) {
                double t = t1;
                t1 = t2;
                t2 = t;
                s = 1;
            }
            if (t1 > lower) {
                lower = t1;
                axis = k;
                sign = s;
            }
            upper = Math.min(upper, t2);
            if (lower > upper) {
                return false;
            }
        }
        if (inside || axis < 0) {
            return false;
        }
        return found(lower, axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0);
    }

    /** The side (an infinite cylinder about y, within |y| ≤ h) and the two end spheres; nearest wins. */
    private boolean capsule(Capsule c, double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction) {
        double r = c.radius(), h = c.halfHeight();
        double cy = Math.max(-h, Math.min(h, oy));
        if (ox * ox + (oy - cy) * (oy - cy) + oz * oz <= r * r) {
            return false;
        }
        double best = maxFraction;
        double bx = 0, by = 0, bz = 0;
        double side = side(r, h, ox, oy, oz, dx, dy, dz, best);
        boolean hit = side >= 0;
        if (hit) {
            best = side;
            bx = (ox + side * dx) / r;
            bz = (oz + side * dz) / r;
        }
        for (int end = -1; end <= 1; end += 2) {
            if (sphere(r, end * h, ox, oy, oz, dx, dy, dz, best) && fraction <= best) {
                // Only the outer half of each end sphere is capsule surface.
                double y = oy + fraction * dy;
                if (end * (y - end * h) >= 0) {
                    hit = true;
                    best = fraction;
                    bx = nx;
                    by = ny;
                    bz = nz;
                }
            }
        }
        return hit && found(best, bx, by, bz);
    }

    /**
     * Where the ray enters the side of the infinite cylinder of radius r about y, if that is within
     * |y| ≤ h and [0, maxFraction]; −1 if not. Shared by the capsule and the cylinder.
     */
    private static double side(double r, double h, double ox, double oy, double oz, double dx, double dy, double dz,
                               double maxFraction) {
        double a = dx * dx + dz * dz;
        if (a > 0) {
            double b = ox * dx + oz * dz, cc = ox * ox + oz * oz - r * r;
            double disc = b * b - a * cc;
            if (disc >= 0) {
                double t = (-b - Math.sqrt(disc)) / a;
                if (t >= 0 && t <= maxFraction && Math.abs(oy + t * dy) <= h) {
                    return t;
                }
            }
        }
        return -1;
    }

    /** Records a hit at {@code t} with unit normal (x, y, z); true, so a caster can end with it. */
    private boolean found(double t, double x, double y, double z) {
        fraction = t;
        nx = x;
        ny = y;
        nz = z;
        return true;
    }

    /** The exact cylinder: its side and its two caps. */
    private boolean cylinder(Cylinder c, double ox, double oy, double oz, double dx, double dy, double dz,
                             double maxFraction) {
        double r = c.radius(), h = c.halfHeight();
        if (Math.abs(oy) <= h && ox * ox + oz * oz <= r * r) {
            return false;
        }
        double best = maxFraction;
        double bx = 0, by = 0, bz = 0;
        double side = side(r, h, ox, oy, oz, dx, dy, dz, best);
        boolean hit = side >= 0;
        if (hit) {
            best = side;
            bx = (ox + side * dx) / r;
            bz = (oz + side * dz) / r;
        }
        if (dy != 0) {
            for (int end = -1; end <= 1; end += 2) {
                double t = (end * h - oy) / dy;
                double x = ox + t * dx, z = oz + t * dz;
                // Only a cap facing the ray: the ray must come from outside that cap's plane.
                if (end * oy > h && t >= 0 && t <= best && x * x + z * z <= r * r) {
                    hit = true;
                    best = t;
                    bx = 0;
                    by = end;
                    bz = 0;
                }
            }
        }
        return hit && found(best, bx, by, bz);
    }

    /** Clips the ray by every face plane (Cyrus–Beck); the normal is that of the face entered last. */
    private boolean hull(ConvexHull hull, double ox, double oy, double oz, double dx, double dy, double dz,
                         double maxFraction) {
        double lower = 0, upper = maxFraction;
        int index = -1;
        for (int f = 0; f < hull.faceCount(); f++) {
            hull.facePlane(f, plane);
            double numerator = plane.w - (plane.x * ox + plane.y * oy + plane.z * oz);
            double denominator = plane.x * dx + plane.y * dy + plane.z * dz;
            if (denominator == 0) {
                if (numerator <= 0) {
                    return false;
                }
            } else if (denominator < 0) {
                double t = numerator / denominator;
                if (t > lower) {
                    lower = t;
                    index = f;
                }
            } else {
                upper = Math.min(upper, numerator / denominator);
            }
            if (upper < lower) {
                return false;
            }
        }
        if (index < 0) {
            return false;
        }
        hull.facePlane(index, plane);
        return found(lower, plane.x, plane.y, plane.z);
    }

    private double meshOx, meshOy, meshOz, meshDx, meshDy, meshDz;
    private MeshData meshData;
    private boolean meshHit;
    private double meshNx, meshNy, meshNz, meshBest;
    private final DynamicTree.RayCallback triangleRay = this::triangle;

    /**
     * Ray against a triangle mesh (two-sided): the closest triangle the ray crosses, through the
     * mesh's tree; the normal faces the ray.
     */
    public boolean mesh(MeshData data, double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction) {
        meshData = data;
        meshOx = ox;
        meshOy = oy;
        meshOz = oz;
        meshDx = dx;
        meshDy = dy;
        meshDz = dz;
        meshHit = false;
        meshBest = maxFraction;
        data.tree.rayCast(ox, oy, oz, dx, dy, dz, maxFraction, triangleRay);
        return meshHit && found(meshBest, meshNx, meshNy, meshNz);
    }

    /** Möller–Trumbore against one triangle; returns the new clip fraction. */
    private double triangle(int proxy, double maxFraction) {
        CollisionHull tri = meshData.triangles[meshData.tree.userData(proxy)].hull;
        double[] v = tri.vertices;
        double e1x = v[3] - v[0], e1y = v[4] - v[1], e1z = v[5] - v[2];
        double e2x = v[6] - v[0], e2y = v[7] - v[1], e2z = v[8] - v[2];
        double px = meshDy * e2z - meshDz * e2y, py = meshDz * e2x - meshDx * e2z, pz = meshDx * e2y - meshDy * e2x;
        double det = e1x * px + e1y * py + e1z * pz;
        if (Math.abs(det) < 1e-300) {
            return maxFraction;
        }
        double inv = 1.0 / det;
        double tx = meshOx - v[0], ty = meshOy - v[1], tz = meshOz - v[2];
        double u = (tx * px + ty * py + tz * pz) * inv;
        if (u < 0 || u > 1) {
            return maxFraction;
        }
        double qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
        double w = (meshDx * qx + meshDy * qy + meshDz * qz) * inv;
        if (w < 0 || u + w > 1) {
            return maxFraction;
        }
        double t = (e2x * qx + e2y * qy + e2z * qz) * inv;
        if (t < 0 || t > meshBest) {
            return maxFraction;
        }
        meshHit = true;
        meshBest = t;
        double n0 = tri.planes[0], n1 = tri.planes[1], n2 = tri.planes[2];
        double facing = n0 * meshDx + n1 * meshDy + n2 * meshDz;
        double sign = facing > 0 ? -1 : 1;
        meshNx = sign * n0;
        meshNy = sign * n1;
        meshNz = sign * n2;
        return t;
    }
}
