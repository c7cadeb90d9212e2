package org.cairn.examples.render;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.joml.Vector3d;

/**
 * A shape's surface as flat triangles in its local frame, each with the outward normal that
 * shades it (the face's for flat faces, the surface's at the triangle's centre for round ones) and
 * a smoothness group: edges between triangles of one round surface are not outlined.
 */
final class Facets {
    /** Segments around a round shape's axis. */
    static final int AROUND = 32;
    /** Rings from pole to pole of a sphere (and of a capsule's two caps together). */
    static final int RINGS = 16;

    /** Corners: 9 doubles per triangle (three points). */
    double[] corners = new double[9 * 64];
    /** Shading normal per triangle: 3 doubles. */
    double[] normals = new double[3 * 64];
    /** Per triangle, the face it belongs to: triangles of one face (or one round surface) share it. */
    int[] faces = new int[64];
    /** Whether a shape is closed (its back faces can be skipped); a mesh is seen from both sides. */
    boolean closed;
    int count;

    private int face;

    static Facets of(Shape shape) {
        Facets f = new Facets();
        f.closed = !(shape instanceof TriangleMesh);
        if (shape instanceof Sphere s) {
            f.sphere(s.radius(), 0, 0, RINGS);
        } else if (shape instanceof Box b) {
            f.box(b.halfX(), b.halfY(), b.halfZ());
        } else if (shape instanceof Capsule c) {
            f.capsule(c.radius(), c.halfHeight());
        } else if (shape instanceof Cylinder c) {
            f.cylinder(c.radius(), c.halfHeight());
        } else if (shape instanceof ConvexHull h) {
            f.hull(h);
        } else if (shape instanceof TriangleMesh m) {
            f.mesh(m);
        }
        return f;
    }

    private void add(double ax, double ay, double az, double bx, double by, double bz, double cx, double cy, double cz,
                     double nx, double ny, double nz) {
        if (count == faces.length) {
            corners = Arrays.copyOf(corners, 2 * corners.length);
            normals = Arrays.copyOf(normals, 2 * normals.length);
            faces = Arrays.copyOf(faces, 2 * faces.length);
        }
        int o = 9 * count;
        corners[o] = ax;
        corners[o + 1] = ay;
        corners[o + 2] = az;
        corners[o + 3] = bx;
        corners[o + 4] = by;
        corners[o + 5] = bz;
        corners[o + 6] = cx;
        corners[o + 7] = cy;
        corners[o + 8] = cz;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        normals[3 * count] = nx / length;
        normals[3 * count + 1] = ny / length;
        normals[3 * count + 2] = nz / length;
        faces[count] = face;
        count++;
    }

    /** A planar polygon (points as x, y, z triples) fanned from its first point, one face. */
    private void polygon(double[] p, int n, double nx, double ny, double nz) {
        for (int i = 1; i + 1 < n; i++) {
            add(p[0], p[1], p[2], p[3 * i], p[3 * i + 1], p[3 * i + 2], p[3 * i + 3], p[3 * i + 4], p[3 * i + 5], nx, ny, nz);
        }
        face++;
    }

    private void box(double hx, double hy, double hz) {
        double[] q = new double[12];
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                // The face square to this axis on this side, counter-clockwise seen from outside.
                int u = (axis + 1) % 3, v = (axis + 2) % 3;
                double[] h = {hx, hy, hz};
                double[][] uv = sign > 0 ? new double[][] {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
                        : new double[][] {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
                for (int k = 0; k < 4; k++) {
                    q[3 * k + axis] = sign * h[axis];
                    q[3 * k + u] = uv[k][0] * h[u];
                    q[3 * k + v] = uv[k][1] * h[v];
                }
                double[] n = new double[3];
                n[axis] = sign;
                polygon(q, 4, n[0], n[1], n[2]);
            }
        }
    }

    /** A sphere of radius r, its centre at y = centreY; with halfRings = 0 the whole sphere. */
    private void sphere(double r, double centreY, int hemisphere, int rings) {
        // hemisphere: 0 whole, 1 upper half, -1 lower half.
        int from = hemisphere > 0 ? 0 : hemisphere < 0 ? rings / 2 : 0;
        int to = hemisphere > 0 ? rings / 2 : rings;
        for (int i = from; i < to; i++) {
            double t0 = Math.PI * i / rings, t1 = Math.PI * (i + 1) / rings;
            for (int j = 0; j < AROUND; j++) {
                double p0 = 2 * Math.PI * j / AROUND, p1 = 2 * Math.PI * (j + 1) / AROUND;
                double[] a = point(r, t0, p0), b = point(r, t1, p0), c = point(r, t1, p1), d = point(r, t0, p1);
                double[] m = point(1, 0.5 * (t0 + t1), 0.5 * (p0 + p1));
                if (i > 0) {
                    add(a[0], a[1] + centreY, a[2], b[0], b[1] + centreY, b[2], d[0], d[1] + centreY, d[2], m[0], m[1], m[2]);
                }
                if (i < rings - 1) {
                    add(b[0], b[1] + centreY, b[2], c[0], c[1] + centreY, c[2], d[0], d[1] + centreY, d[2], m[0], m[1], m[2]);
                }
            }
        }
        face++;
    }

    private static double[] point(double r, double theta, double phi) {
        return new double[] {r * Math.sin(theta) * Math.cos(phi), r * Math.cos(theta), -r * Math.sin(theta) * Math.sin(phi)};
    }

    private void capsule(double r, double h) {
        sphere(r, h, 1, RINGS);
        sphere(r, -h, -1, RINGS);
        side(r, h);
    }

    /** The round side of a cylinder or capsule along y, from −h to h. */
    private void side(double r, double h) {
        for (int j = 0; j < AROUND; j++) {
            double p0 = 2 * Math.PI * j / AROUND, p1 = 2 * Math.PI * (j + 1) / AROUND, pm = 0.5 * (p0 + p1);
            double x0 = r * Math.cos(p0), z0 = -r * Math.sin(p0), x1 = r * Math.cos(p1), z1 = -r * Math.sin(p1);
            double nx = Math.cos(pm), nz = -Math.sin(pm);
            add(x0, h, z0, x0, -h, z0, x1, -h, z1, nx, 0, nz);
            add(x0, h, z0, x1, -h, z1, x1, h, z1, nx, 0, nz);
        }
        face++;
    }

    private void cylinder(double r, double h) {
        side(r, h);
        double[] top = new double[3 * AROUND], bottom = new double[3 * AROUND];
        for (int j = 0; j < AROUND; j++) {
            double p = 2 * Math.PI * j / AROUND;
            top[3 * j] = r * Math.cos(p);
            top[3 * j + 1] = h;
            top[3 * j + 2] = -r * Math.sin(p);
            int k = AROUND - 1 - j;
            bottom[3 * k] = r * Math.cos(p);
            bottom[3 * k + 1] = -h;
            bottom[3 * k + 2] = -r * Math.sin(p);
        }
        polygon(top, AROUND, 0, 1, 0);
        polygon(bottom, AROUND, 0, -1, 0);
    }

    private void hull(ConvexHull h) {
        Vector3d v = new Vector3d();
        org.joml.Vector4d plane = new org.joml.Vector4d();
        for (int f = 0; f < h.faceCount(); f++) {
            int n = h.faceVertexCount(f);
            double[] p = new double[3 * n];
            for (int k = 0; k < n; k++) {
                h.vertex(h.faceVertex(f, k), v);
                p[3 * k] = v.x;
                p[3 * k + 1] = v.y;
                p[3 * k + 2] = v.z;
            }
            h.facePlane(f, plane);
            polygon(p, n, plane.x, plane.y, plane.z);
        }
    }

    private void mesh(TriangleMesh m) {
        Vector3d a = new Vector3d(), b = new Vector3d(), c = new Vector3d(), n = new Vector3d();
        for (int t = 0; t < m.triangleCount(); t++) {
            m.vertex(m.triangleVertex(t, 0), a);
            m.vertex(m.triangleVertex(t, 1), b);
            m.vertex(m.triangleVertex(t, 2), c);
            new Vector3d(b).sub(a).cross(new Vector3d(c).sub(a), n);
            if (n.length() > 0) {
                add(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, n.x, n.y, n.z);
                face++;
            }
        }
    }
}
