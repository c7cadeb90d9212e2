package org.cairn.engine3d.internal.collision.narrowphase;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.cairn.engine3d.internal.collision.broadphase.DynamicTree;
import org.joml.Vector3d;

/**
 * A triangle mesh prepared for collision: each triangle as a flat hull, and a bounding volume tree
 * over the triangles (the same tree as the broadphase, built once by insertion) so a query touches
 * only the triangles near it. Built once per mesh shape.
 */
public final class MeshData {
    /** All vertices, xyz packed, local frame. */
    public final double[] vertices;
    /** Each triangle as a hull-kind collision shape. */
    public final CollisionShape[] triangles;
    /** Tree over the triangles' boxes; a leaf's user data is the triangle index. */
    public final DynamicTree tree = new DynamicTree();

    MeshData(TriangleMesh mesh) {
        int n = mesh.vertexCount();
        vertices = new double[3 * n];
        Vector3d v = new Vector3d();
        for (int i = 0; i < n; i++) {
            mesh.vertex(i, v);
            vertices[3 * i] = v.x;
            vertices[3 * i + 1] = v.y;
            vertices[3 * i + 2] = v.z;
        }
        triangles = new CollisionShape[mesh.triangleCount()];
        Aabb box = new Aabb();
        for (int t = 0; t < triangles.length; t++) {
            int a = 3 * mesh.triangleVertex(t, 0), b = 3 * mesh.triangleVertex(t, 1), c = 3 * mesh.triangleVertex(t, 2);
            triangles[t] = CollisionShape.ofTriangle(CollisionHull.triangle(vertices[a], vertices[a + 1], vertices[a + 2],
                    vertices[b], vertices[b + 1], vertices[b + 2], vertices[c], vertices[c + 1], vertices[c + 2]));
            box.setEmpty();
            for (int k : new int[] {a, b, c}) {
                box.set(Math.min(box.minX, vertices[k]), Math.min(box.minY, vertices[k + 1]), Math.min(box.minZ, vertices[k + 2]),
                        Math.max(box.maxX, vertices[k]), Math.max(box.maxY, vertices[k + 1]), Math.max(box.maxZ, vertices[k + 2]));
            }
            tree.createProxy(box, t);
        }
    }

    /**
     * Writes into {@code dest} a box in the mesh frame that contains the world box {@code world},
     * for a mesh placed at position p with rotation q.
     */
    public static Aabb worldToLocal(Aabb world, double px, double py, double pz, double qx, double qy, double qz,
                                    double qw, Aabb dest) {
        double cx = 0.5 * (world.minX + world.maxX) - px, cy = 0.5 * (world.minY + world.maxY) - py,
                cz = 0.5 * (world.minZ + world.maxZ) - pz;
        double ex = 0.5 * (world.maxX - world.minX), ey = 0.5 * (world.maxY - world.minY), ez = 0.5 * (world.maxZ - world.minZ);
        // The local frame sees the box rotated by q⁻¹: the box around a rotated box.
        double ix = -qx, iy = -qy, iz = -qz;
        double minX = rotatedBoxMin(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 0);
        double minY = rotatedBoxMin(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 1);
        double minZ = rotatedBoxMin(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 2);
        double maxX = rotatedBoxMax(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 0);
        double maxY = rotatedBoxMax(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 1);
        double maxZ = rotatedBoxMax(ix, iy, iz, qw, cx, cy, cz, ex, ey, ez, 2);
        return dest.set(minX, minY, minZ, maxX, maxY, maxZ);
    }

    private static double rotatedBoxMin(double qx, double qy, double qz, double qw, double cx, double cy, double cz,
                                        double ex, double ey, double ez, int axis) {
        return center(qx, qy, qz, qw, cx, cy, cz, axis) - extent(qx, qy, qz, qw, ex, ey, ez, axis);
    }

    private static double rotatedBoxMax(double qx, double qy, double qz, double qw, double cx, double cy, double cz,
                                        double ex, double ey, double ez, int axis) {
        return center(qx, qy, qz, qw, cx, cy, cz, axis) + extent(qx, qy, qz, qw, ex, ey, ez, axis);
    }

    /** Row {@code axis} of the rotation matrix of q. */
    private static double r(double qx, double qy, double qz, double qw, int axis, int column) {
        double xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
        double wx = qw * qx, wy = qw * qy, wz = qw * qz;
        return switch (3 * axis + column) {
            case 0 -> 1 - 2 * (yy + zz);
            case 1 -> 2 * (xy - wz);
            case 2 -> 2 * (xz + wy);
            case 3 -> 2 * (xy + wz);
            case 4 -> 1 - 2 * (xx + zz);
            case 5 -> 2 * (yz - wx);
            case 6 -> 2 * (xz - wy);
            case 7 -> 2 * (yz + wx);
            default -> 1 - 2 * (xx + yy);
        };
    }

    private static double center(double qx, double qy, double qz, double qw, double cx, double cy, double cz, int axis) {
        return r(qx, qy, qz, qw, axis, 0) * cx + r(qx, qy, qz, qw, axis, 1) * cy + r(qx, qy, qz, qw, axis, 2) * cz;
    }

    private static double extent(double qx, double qy, double qz, double qw, double ex, double ey, double ez, int axis) {
        return Math.abs(r(qx, qy, qz, qw, axis, 0)) * ex + Math.abs(r(qx, qy, qz, qw, axis, 1)) * ey
                + Math.abs(r(qx, qy, qz, qw, axis, 2)) * ez;
    }
}
