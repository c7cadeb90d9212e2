package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;

/**
 * A static triangle mesh, for terrain and level geometry: vertices and triangles given by vertex
 * indices. It bounds no volume, so it has no mass and can only be attached to a static body;
 * triangles collide on both sides. Immutable.
 */
public final class TriangleMesh implements Shape {
    private final double[] vertices;
    private final int[] indices;
    private final double[] localBounds;

    private TriangleMesh(double[] vertices, int[] indices) {
        this.vertices = vertices;
        this.indices = indices;
        localBounds = Bounds.ofVertices(vertices);
    }

    /**
     * A mesh from packed vertex coordinates (x0, y0, z0, x1, ...) and triangles as triples of
     * vertex indices, counter-clockwise seen from the front.
     *
     * @throws IllegalArgumentException if a coordinate is not finite, an index is out of range,
     *                                  there is no triangle, or a triangle has no area
     */
    public static TriangleMesh of(double[] vertices, int[] triangles) {
        Check.notNull("vertices", vertices);
        Check.notNull("triangles", triangles);
        if (vertices.length == 0 || vertices.length % 3 != 0) {
            throw new IllegalArgumentException("vertices must hold x, y, z for at least one vertex, got "
                    + vertices.length + " coordinates");
        }
        if (triangles.length == 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles must hold three indices per triangle, got " + triangles.length);
        }
        for (int i = 0; i < vertices.length; i++) {
            Check.coordinate("vertices[" + i / 3 + "]." + "xyz".charAt(i % 3), vertices[i]);
        }
        int n = vertices.length / 3;
        for (int t = 0; t < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                if (triangles[t + k] < 0 || triangles[t + k] >= n) {
                    throw new IllegalArgumentException("triangles[" + (t + k) + "] must be a vertex index in [0, " + n
                            + "), got " + triangles[t + k]);
                }
            }
            int a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
            double ux = vertices[b] - vertices[a], uy = vertices[b + 1] - vertices[a + 1], uz = vertices[b + 2] - vertices[a + 2];
            double vx = vertices[c] - vertices[a], vy = vertices[c + 1] - vertices[a + 1], vz = vertices[c + 2] - vertices[a + 2];
            double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            double area2 = Math.sqrt(cx * cx + cy * cy + cz * cz);
            double scale = Math.sqrt((ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz));
            if (!(area2 > 1e-12 * scale) || scale == 0) {
                throw new IllegalArgumentException("triangles[" + t / 3 + "] must have an area, got corners "
                        + triangles[t] + ", " + triangles[t + 1] + ", " + triangles[t + 2]);
            }
        }
        return new TriangleMesh(vertices.clone(), triangles.clone());
    }

    /** Number of vertices. */
    public int vertexCount() {
        return vertices.length / 3;
    }

    /** Writes vertex {@code index} (m, local frame) into {@code dest} and returns it. */
    public Vector3d vertex(int index, Vector3d dest) {
        Check.inRange("index", index, 0, vertexCount() - 1);
        return dest.set(vertices[3 * index], vertices[3 * index + 1], vertices[3 * index + 2]);
    }

    /** Number of triangles. */
    public int triangleCount() {
        return indices.length / 3;
    }

    /** Vertex index of corner {@code corner} (0..2) of triangle {@code triangle}. */
    public int triangleVertex(int triangle, int corner) {
        Check.inRange("triangle", triangle, 0, triangleCount() - 1);
        Check.inRange("corner", corner, 0, 2);
        return indices[3 * triangle + corner];
    }

    /** Zero: a mesh is a surface. */
    @Override
    public double volume() {
        return 0.0;
    }

    /**
     * Always throws: a mesh bounds no volume, so it has no mass.
     *
     * @throws IllegalArgumentException always
     */
    @Override
    public MassProperties massProperties(double density) {
        throw new IllegalArgumentException("shape: a TriangleMesh has no volume and so no mass; attach it to a STATIC body");
    }

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        return Bounds.support(vertices, dx, dy, dz, dest);
    }

    @Override
    public Aabb localBounds(Aabb dest) {
        return dest.set(localBounds[0], localBounds[1], localBounds[2], localBounds[3], localBounds[4], localBounds[5]);
    }

    @Override
    public Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest) {
        return Bounds.ofLocalBox(localBounds, px, py, pz, qx, qy, qz, qw, dest);
    }

    @Override
    public String toString() {
        return "TriangleMesh[vertices=" + vertexCount() + ", triangles=" + triangleCount() + "]";
    }
}
