package org.cairn.engine3d.internal.collision.narrowphase;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.joml.Vector3d;
import org.joml.Vector4d;

/**
 * A convex polyhedron prepared for the separating axis test: vertices, faces with planes, and
 * edges that know their two faces (for the Gauss-map pruning of edge pairs) and their index (for
 * feature ids). Built once per shape, never in the step.
 */
public final class CollisionHull {
    /** Edge ids are 8 bits in feature ids; 64 vertices need at most 3·64 − 6 = 186 edges. */
    public static final int MAX_EDGES = 255;
    /** Sides of the prism that stands in for a cylinder in collision. */
    public static final int CYLINDER_SIDES = 16;

    public final int vertexCount;
    /** xyz per vertex, local frame. */
    public final double[] vertices;
    public final int faceCount;
    /** Face f's corners are faceVertices[faceStart[f] .. faceStart[f+1]), counter-clockwise from outside. */
    public final int[] faceStart;
    public final int[] faceVertices;
    /** faceEdges[k] is the edge from faceVertices[k] to the next corner of the same face. */
    public final int[] faceEdges;
    /** Outward unit normal and offset (nx, ny, nz, d) per face. */
    public final double[] planes;
    public final int edgeCount;
    /** Edge e runs from edgeVertices[2e] to edgeVertices[2e+1]. */
    public final int[] edgeVertices;
    /** The face on whose loop the edge runs forward, and the face on whose loop it runs backward. */
    public final int[] edgeFaces;
    /** Mean of the vertices; inside the hull. */
    public final double centroidX, centroidY, centroidZ;

    private CollisionHull(double[] vertices, int[] faceStart, int[] faceVertices, double[] planes) {
        this.vertices = vertices;
        this.vertexCount = vertices.length / 3;
        this.faceStart = faceStart;
        this.faceVertices = faceVertices;
        this.planes = planes;
        this.faceCount = faceStart.length - 1;
        int[] edges = new int[faceVertices.length];
        int[] faces = new int[faceVertices.length];
        int[] faceEdge = new int[faceVertices.length];
        Map<Long, Integer> byDirectedEdge = new HashMap<>();
        int count = 0;
        for (int f = 0; f < faceCount; f++) {
            for (int k = faceStart[f]; k < faceStart[f + 1]; k++) {
                int a = faceVertices[k], b = faceVertices[k + 1 < faceStart[f + 1] ? k + 1 : faceStart[f]];
                Integer twin = byDirectedEdge.get(((long) b << 32) | a);
                if (twin != null) {
                    faces[2 * twin + 1] = f;
                    faceEdge[k] = twin;
                } else {
                    edges[2 * count] = a;
                    edges[2 * count + 1] = b;
                    faces[2 * count] = f;
                    byDirectedEdge.put(((long) a << 32) | b, count);
                    faceEdge[k] = count;
                    count++;
                }
            }
        }
        if (count > MAX_EDGES) {
            throw new IllegalArgumentException("hull has " + count + " edges; collision supports at most " + MAX_EDGES
                    + " (about 85 vertices)");
        }
        this.edgeCount = count;
        this.edgeVertices = Arrays.copyOf(edges, 2 * count);
        this.edgeFaces = Arrays.copyOf(faces, 2 * count);
        this.faceEdges = faceEdge;
        double cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < vertexCount; i++) {
            cx += vertices[3 * i];
            cy += vertices[3 * i + 1];
            cz += vertices[3 * i + 2];
        }
        centroidX = cx / vertexCount;
        centroidY = cy / vertexCount;
        centroidZ = cz / vertexCount;
        boxEdge = boxEdges();
        box = boxEdge != null;
        boxHalfX = box ? Math.abs(vertices[0]) : 0;
        boxHalfY = box ? Math.abs(vertices[1]) : 0;
        boxHalfZ = box ? Math.abs(vertices[2]) : 0;
    }

    /**
     * Whether this hull is a box centred on its origin with edges along its axes (vertices
     * (±hx, ±hy, ±hz)): then the separating-axis test has closed forms (support functions instead
     * of vertex loops, 9 edge axes instead of every edge pair; {@link HullCollider}).
     */
    public final boolean box;
    /** The box's half extents, m (0 when not a box). */
    public final double boxHalfX, boxHalfY, boxHalfZ;
    /**
     * The box's edges by direction and place: boxEdge[4·i + 2·s1 + s2] is the edge along axis i
     * whose other two coordinates (in axis order) are positive where s1, s2 are 1; null when not a box.
     */
    public final int[] boxEdge;

    private int[] boxEdges() {
        if (vertexCount != 8 || faceCount != 6 || edgeCount != 12) {
            return null;
        }
        double hx = Math.abs(vertices[0]), hy = Math.abs(vertices[1]), hz = Math.abs(vertices[2]);
        int corners = 0;
        for (int i = 0; i < 8; i++) {
            double x = vertices[3 * i], y = vertices[3 * i + 1], z = vertices[3 * i + 2];
            if (Math.abs(x) != hx || Math.abs(y) != hy || Math.abs(z) != hz || hx == 0 || hy == 0 || hz == 0) {
                return null;
            }
            corners |= 1 << ((x > 0 ? 4 : 0) | (y > 0 ? 2 : 0) | (z > 0 ? 1 : 0));
        }
        if (corners != 0xff) {
            return null;
        }
        int[] table = new int[12];
        Arrays.fill(table, -1);
        for (int e = 0; e < edgeCount; e++) {
            int v0 = edgeVertices[2 * e], v1 = edgeVertices[2 * e + 1];
            int axis = -1, differing = 0;
            for (int k = 0; k < 3; k++) {
                if (vertices[3 * v0 + k] != vertices[3 * v1 + k]) {
                    axis = k;
                    differing++;
                }
            }
            if (differing != 1) {
                return null;
            }
            int j1 = axis == 0 ? 1 : 0, j2 = axis == 2 ? 1 : 2;
            int slot = 4 * axis + (vertices[3 * v0 + j1] > 0 ? 2 : 0) + (vertices[3 * v0 + j2] > 0 ? 1 : 0);
            if (table[slot] != -1) {
                return null;
            }
            table[slot] = e;
        }
        return table;
    }

    /** The collision hull of a convex hull shape. */
    public static CollisionHull of(ConvexHull hull) {
        double[] v = new double[3 * hull.vertexCount()];
        Vector3d p = new Vector3d();
        for (int i = 0; i < hull.vertexCount(); i++) {
            hull.vertex(i, p);
            v[3 * i] = p.x;
            v[3 * i + 1] = p.y;
            v[3 * i + 2] = p.z;
        }
        int[] start = new int[hull.faceCount() + 1];
        int total = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            start[f] = total;
            total += hull.faceVertexCount(f);
        }
        start[hull.faceCount()] = total;
        int[] fv = new int[total];
        double[] planes = new double[4 * hull.faceCount()];
        Vector4d plane = new Vector4d();
        for (int f = 0; f < hull.faceCount(); f++) {
            for (int k = 0; k < hull.faceVertexCount(f); k++) {
                fv[start[f] + k] = hull.faceVertex(f, k);
            }
            hull.facePlane(f, plane);
            planes[4 * f] = plane.x;
            planes[4 * f + 1] = plane.y;
            planes[4 * f + 2] = plane.z;
            planes[4 * f + 3] = plane.w;
        }
        return new CollisionHull(v, start, fv, planes);
    }

    /**
     * The collision hull of a box: corners numbered by the bits (x, y, z) of their index, faces
     * −x, +x, −y, +y, −z, +z, so ids are the same for every box.
     */
    public static CollisionHull of(Box box) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -box.halfX() : box.halfX();
            v[3 * i + 1] = (i & 2) == 0 ? -box.halfY() : box.halfY();
            v[3 * i + 2] = (i & 4) == 0 ? -box.halfZ() : box.halfZ();
        }
        int[] fv = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
        int[] start = {0, 4, 8, 12, 16, 20, 24};
        double[] planes = {-1, 0, 0, box.halfX(), 1, 0, 0, box.halfX(), 0, -1, 0, box.halfY(), 0, 1, 0, box.halfY(),
                0, 0, -1, box.halfZ(), 0, 0, 1, box.halfZ()};
        return new CollisionHull(v, start, fv, planes);
    }

    /**
     * A prism of {@link #CYLINDER_SIDES} sides circumscribing the cylinder's caps (so it contains
     * the cylinder; the radius of its corners is r/cos(π/n), 2% larger at n = 16). Documented as
     * the collision approximation of cylinders; their mass properties stay exact.
     */
    public static CollisionHull of(Cylinder cylinder) {
        int n = CYLINDER_SIDES;
        double r = cylinder.radius() / Math.cos(Math.PI / n), h = cylinder.halfHeight();
        double[] xyz = new double[6 * n];
        for (int i = 0; i < n; i++) {
            double angle = 2 * Math.PI * (i + 0.5) / n;
            double x = r * Math.cos(angle), z = r * Math.sin(angle);
            xyz[6 * i] = x;
            xyz[6 * i + 1] = -h;
            xyz[6 * i + 2] = z;
            xyz[6 * i + 3] = x;
            xyz[6 * i + 4] = h;
            xyz[6 * i + 5] = z;
        }
        return of(ConvexHull.of(xyz));
    }

    /**
     * A triangle as a flat hull: three vertices, a front face (a, b, c) and a back face (a, c, b),
     * three edges each shared by the two faces. The separating axis test handles it like any hull,
     * and a triangle collides from both sides.
     */
    public static CollisionHull triangle(double ax, double ay, double az, double bx, double by, double bz,
                                         double cx, double cy, double cz) {
        double[] v = {ax, ay, az, bx, by, bz, cx, cy, cz};
        double ux = bx - ax, uy = by - ay, uz = bz - az, wx = cx - ax, wy = cy - ay, wz = cz - az;
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= len;
        ny /= len;
        nz /= len;
        double d = nx * ax + ny * ay + nz * az;
        return new CollisionHull(v, new int[] {0, 3, 6}, new int[] {0, 1, 2, 0, 2, 1},
                new double[] {nx, ny, nz, d, -nx, -ny, -nz, -d});
    }

    /** Index of the vertex farthest along (dx, dy, dz); ties to the lowest index. */
    public int support(double dx, double dy, double dz) {
        return support(vertices, vertexCount, dx, dy, dz);
    }

    /** Index of the point of {@code xyz[0..3n)} farthest along (dx, dy, dz); ties to the lowest index. */
    static int support(double[] xyz, int n, double dx, double dy, double dz) {
        int best = 0;
        double bestDot = xyz[0] * dx + xyz[1] * dy + xyz[2] * dz;
        for (int i = 1; i < n; i++) {
            double d = xyz[3 * i] * dx + xyz[3 * i + 1] * dy + xyz[3 * i + 2] * dz;
            if (d > bestDot) {
                bestDot = d;
                best = i;
            }
        }
        return best;
    }
}
