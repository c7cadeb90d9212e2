package org.cairn.engine3d.geometry;

import java.util.Arrays;
import java.util.List;
import org.cairn.engine3d.internal.check.Check;
import org.cairn.engine3d.internal.shape.HullData;
import org.cairn.engine3d.internal.shape.PolyhedronMass;
import org.cairn.engine3d.internal.shape.QuickHull;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.joml.Vector4d;

/**
 * The convex hull of a point cloud, as a polyhedron with planar polygon faces: coplanar triangles
 * are merged, and points inside the hull, on its faces or in the middle of its edges are dropped.
 * Immutable. Build one with {@link #of(double...)} or {@link #of(List)}.
 */
public final class ConvexHull implements Shape {
    private final HullData data;
    private final double volume;
    private final double[] unitMass = new double[13];
    private final double[] localBounds;

    private ConvexHull(HullData data) {
        this.data = data;
        this.volume = PolyhedronMass.compute(data, 1.0, unitMass);
        localBounds = Bounds.ofVertices(data.vertices());
    }

    /**
     * Builds the hull of points given as packed coordinates x0, y0, z0, x1, ...
     *
     * @throws IllegalArgumentException if a coordinate is not finite, fewer than 4 points are
     *                                  given, or the points do not span a volume
     */
    public static ConvexHull of(double... xyz) {
        Check.notNull("points", xyz);
        if (xyz.length % 3 != 0) {
            throw new IllegalArgumentException("points must hold x, y, z for each point, got "
                    + xyz.length + " coordinates");
        }
        for (int i = 0; i < xyz.length; i++) {
            Check.coordinate("points[" + i / 3 + "]." + "xyz".charAt(i % 3), xyz[i]);
        }
        return new ConvexHull(QuickHull.build(xyz.clone()));
    }

    /** Builds the hull of a list of points; see {@link #of(double...)}. */
    public static ConvexHull of(List<? extends Vector3dc> points) {
        Check.notNull("points", points);
        double[] xyz = new double[3 * points.size()];
        for (int i = 0; i < points.size(); i++) {
            Vector3dc p = Check.notNull("points[" + i + "]", points.get(i));
            xyz[3 * i] = p.x();
            xyz[3 * i + 1] = p.y();
            xyz[3 * i + 2] = p.z();
        }
        return of(xyz);
    }

    /** Number of hull vertices. */
    public int vertexCount() {
        return data.vertexCount();
    }

    /** Writes vertex {@code index} (m, local frame) into {@code dest} and returns it. */
    public Vector3d vertex(int index, Vector3d dest) {
        Check.inRange("index", index, 0, vertexCount() - 1);
        double[] v = data.vertices();
        return dest.set(v[3 * index], v[3 * index + 1], v[3 * index + 2]);
    }

    /** Number of faces (planar convex polygons). */
    public int faceCount() {
        return data.faceCount();
    }

    /** Number of vertices of face {@code face}. */
    public int faceVertexCount(int face) {
        Check.inRange("face", face, 0, faceCount() - 1);
        return data.faceStart()[face + 1] - data.faceStart()[face];
    }

    /**
     * Vertex index of corner {@code corner} of face {@code face}; corners run counter-clockwise
     * seen from outside the hull.
     */
    public int faceVertex(int face, int corner) {
        Check.inRange("corner", corner, 0, faceVertexCount(face) - 1);
        return data.faceVertices()[data.faceStart()[face] + corner];
    }

    /**
     * Writes face {@code face}'s plane into {@code dest}: the outward unit normal in x, y, z and the
     * offset d in w, so that points p on the face satisfy n·p = d and the hull has n·p ≤ d.
     */
    public Vector4d facePlane(int face, Vector4d dest) {
        Check.inRange("face", face, 0, faceCount() - 1);
        double[] p = data.planes();
        return dest.set(p[4 * face], p[4 * face + 1], p[4 * face + 2], p[4 * face + 3]);
    }

    /** Number of edges (each shared by two faces); V − E + F = 2. */
    public int edgeCount() {
        return data.faceVertices().length / 2;
    }

    @Override
    public double volume() {
        return volume;
    }

    /** Exact integrals over the polyhedron (see {@code PolyhedronMass}), scaled by density. */
    @Override
    public MassProperties massProperties(double density) {
        Check.positive("density", density);
        double[] t = Arrays.copyOfRange(unitMass, 4, 13);
        for (int k = 0; k < 9; k++) {
            t[k] *= density;
        }
        return MassProperties.ofTrusted(unitMass[0] * density, unitMass[1], unitMass[2], unitMass[3], t);
    }

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        return Bounds.support(data.vertices(), dx, dy, dz, dest);
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
        return "ConvexHull[vertices=" + vertexCount() + ", faces=" + faceCount() + ", volume=" + volume + " m³]";
    }
}
