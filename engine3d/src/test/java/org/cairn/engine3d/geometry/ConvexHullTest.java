package org.cairn.engine3d.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Vector3d;
import org.joml.Vector4d;
import org.junit.jupiter.api.Test;

/** Quickhull produces a closed convex polyhedron with merged faces and no superfluous vertices. */
class ConvexHullTest {
    private static double[] cubeCorners(double s) {
        List<Double> xyz = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            xyz.add((i & 1) == 0 ? -s : s);
            xyz.add((i & 2) == 0 ? -s : s);
            xyz.add((i & 4) == 0 ? -s : s);
        }
        return xyz.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void cubeHasEightCornersAndSixQuads() {
        ConvexHull hull = ConvexHull.of(cubeCorners(1));
        assertEquals(8, hull.vertexCount());
        assertEquals(6, hull.faceCount());
        assertEquals(12, hull.edgeCount());
        for (int f = 0; f < 6; f++) {
            assertEquals(4, hull.faceVertexCount(f));
            Vector4d plane = hull.facePlane(f, new Vector4d());
            assertEquals(1.0, plane.w, 1e-15);
            assertEquals(1.0, Math.abs(plane.x) + Math.abs(plane.y) + Math.abs(plane.z), 1e-15);
        }
        assertEquals(8.0, hull.volume(), 1e-14);
    }

    @Test
    void pointsOnFacesEdgesAndInsideAreDropped() {
        List<Double> xyz = new ArrayList<>();
        for (double v : cubeCorners(1)) {
            xyz.add(v);
        }
        double[][] extra = {{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, -1, 1}, {0, 0, 0},
                {0.3, 0.2, -0.1}, {1, 0.5, 0.5}, {-1, -1, 0.25}};
        for (double[] p : extra) {
            for (double v : p) {
                xyz.add(v);
            }
        }
        ConvexHull hull = ConvexHull.of(xyz.stream().mapToDouble(Double::doubleValue).toArray());
        assertEquals(8, hull.vertexCount());
        assertEquals(6, hull.faceCount());
        for (int f = 0; f < 6; f++) {
            assertEquals(4, hull.faceVertexCount(f));
        }
    }

    @Test
    void randomCloudsGiveValidConvexPolyhedra() {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            int n = 4 + random.nextInt(200);
            double[] xyz = new double[3 * n];
            for (int i = 0; i < xyz.length; i++) {
                xyz[i] = (trial % 2 == 0) ? random.nextGaussian() : random.nextDouble() * 3 - 1;
            }
            ConvexHull hull = ConvexHull.of(xyz);
            // Euler's formula for a closed polyhedron of genus 0.
            assertEquals(2, hull.vertexCount() - hull.edgeCount() + hull.faceCount(), "V - E + F");
            Vector4d plane = new Vector4d();
            for (int f = 0; f < hull.faceCount(); f++) {
                hull.facePlane(f, plane);
                assertEquals(1.0, new Vector3d(plane.x, plane.y, plane.z).length(), 1e-12);
                for (int i = 0; i < n; i++) {
                    double d = plane.x * xyz[3 * i] + plane.y * xyz[3 * i + 1] + plane.z * xyz[3 * i + 2] - plane.w;
                    assertTrue(d <= 1e-9, "input point " + i + " lies outside face " + f + " by " + d);
                }
                for (int k = 0; k < hull.faceVertexCount(f); k++) {
                    Vector3d v = hull.vertex(hull.faceVertex(f, k), new Vector3d());
                    assertEquals(plane.w, plane.x * v.x + plane.y * v.y + plane.z * v.z, 1e-9, "face corners are coplanar");
                }
            }
            // Every hull vertex is an input point.
            for (int v = 0; v < hull.vertexCount(); v++) {
                Vector3d p = hull.vertex(v, new Vector3d());
                boolean found = false;
                for (int i = 0; i < n && !found; i++) {
                    found = p.x == xyz[3 * i] && p.y == xyz[3 * i + 1] && p.z == xyz[3 * i + 2];
                }
                assertTrue(found, "vertex " + v + " is an input point");
            }
            assertTrue(hull.volume() > 0);
        }
    }

    @Test
    void facesAreCounterClockwiseSeenFromOutside() {
        ConvexHull hull = ConvexHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.2, 0.2, 0.2);
        assertEquals(4, hull.vertexCount());
        Vector4d plane = new Vector4d();
        for (int f = 0; f < hull.faceCount(); f++) {
            hull.facePlane(f, plane);
            Vector3d a = hull.vertex(hull.faceVertex(f, 0), new Vector3d());
            Vector3d b = hull.vertex(hull.faceVertex(f, 1), new Vector3d());
            Vector3d c = hull.vertex(hull.faceVertex(f, 2), new Vector3d());
            Vector3d normal = b.sub(a, new Vector3d()).cross(c.sub(a, new Vector3d()));
            assertTrue(normal.dot(plane.x, plane.y, plane.z) > 0);
        }
        assertEquals(1.0 / 6.0, hull.volume(), 1e-15);
    }

    @Test
    void rejectsInputWithoutVolume() {
        MassPropertiesTest.assertMessageNames("points", () -> ConvexHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0));
        MassPropertiesTest.assertMessageNames("points", () -> ConvexHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 3, 0));
        MassPropertiesTest.assertMessageNames("points", () -> ConvexHull.of(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3));
        MassPropertiesTest.assertMessageNames("points", () -> ConvexHull.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
        MassPropertiesTest.assertMessageNames("points", () -> ConvexHull.of(0, 0, 0, 1, 0));
        MassPropertiesTest.assertMessageNames("points[2].y",
                () -> ConvexHull.of(0, 0, 0, 1, 0, 0, 0, Double.NaN, 0, 0, 0, 1));
    }
}
