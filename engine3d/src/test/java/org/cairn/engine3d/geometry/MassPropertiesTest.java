package org.cairn.engine3d.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Each shape's closed-form mass properties agree with brute-force integration of its solid. */
class MassPropertiesTest {
    /** Relative agreement demanded of the closed forms against the 200³ midpoint grid. */
    private static final double NUMERICAL_TOLERANCE = 1e-3;
    private static final int GRID = 200;
    private static final double DENSITY = 730.0;

    private static void assertAgrees(MassProperties exact, double[] numeric, double size) {
        assertEquals(exact.mass(), numeric[0], NUMERICAL_TOLERANCE * exact.mass(), "mass");
        Vector3d c = exact.center(new Vector3d());
        assertEquals(c.x, numeric[1], NUMERICAL_TOLERANCE * size, "center.x");
        assertEquals(c.y, numeric[2], NUMERICAL_TOLERANCE * size, "center.y");
        assertEquals(c.z, numeric[3], NUMERICAL_TOLERANCE * size, "center.z");
        double scale = exact.inertia(0, 0) + exact.inertia(1, 1) + exact.inertia(2, 2);
        for (int r = 0; r < 3; r++) {
            for (int col = 0; col < 3; col++) {
                // Diagonal entries relative to themselves, off-diagonal ones to the trace.
                double ref = r == col ? exact.inertia(r, col) : scale;
                assertEquals(exact.inertia(r, col), numeric[4 + 3 * r + col], NUMERICAL_TOLERANCE * ref,
                        "inertia(" + r + ", " + col + ")");
            }
        }
    }

    @Test
    void sphereMatchesIntegration() {
        double r = 0.7;
        double[] n = NumericalMass.integrate((x, y, z) -> x * x + y * y + z * z <= r * r, DENSITY,
                new double[] {-r, -r, -r}, new double[] {r, r, r}, GRID);
        assertAgrees(new Sphere(r).massProperties(DENSITY), n, 2 * r);
    }

    @Test
    void boxMatchesIntegration() {
        double a = 0.5, b = 1.5, c = 0.25;
        double[] n = NumericalMass.integrate((x, y, z) -> Math.abs(x) <= a && Math.abs(y) <= b && Math.abs(z) <= c,
                DENSITY, new double[] {-a, -b, -c}, new double[] {a, b, c}, GRID);
        assertAgrees(new Box(a, b, c).massProperties(DENSITY), n, 2 * b);
    }

    @Test
    void capsuleMatchesIntegration() {
        double h = 0.6, r = 0.3;
        double[] n = NumericalMass.integrate((x, y, z) -> {
            double t = Math.max(-h, Math.min(h, y));
            return x * x + (y - t) * (y - t) + z * z <= r * r;
        }, DENSITY, new double[] {-r, -h - r, -r}, new double[] {r, h + r, r}, GRID);
        assertAgrees(new Capsule(h, r).massProperties(DENSITY), n, 2 * (h + r));
    }

    @Test
    void cylinderMatchesIntegration() {
        double h = 0.4, r = 0.9;
        double[] n = NumericalMass.integrate((x, y, z) -> x * x + z * z <= r * r && Math.abs(y) <= h, DENSITY,
                new double[] {-r, -h, -r}, new double[] {r, h, r}, GRID);
        assertAgrees(new Cylinder(h, r).massProperties(DENSITY), n, 2 * r);
    }

    @Test
    void hullOfBoxCornersEqualsTheBox() {
        double a = 0.5, b = 1.5, c = 0.25;
        ConvexHull hull = ConvexHull.of(-a, -b, -c, a, -b, -c, -a, b, -c, a, b, -c, -a, -b, c, a, -b, c, -a, b, c, a, b, c);
        MassProperties box = new Box(a, b, c).massProperties(DENSITY);
        MassProperties fromHull = hull.massProperties(DENSITY);
        assertEquals(box.mass(), fromHull.mass(), 1e-12 * box.mass());
        assertEquals(0.0, fromHull.center(new Vector3d()).length(), 1e-12);
        for (int r = 0; r < 3; r++) {
            for (int col = 0; col < 3; col++) {
                assertEquals(box.inertia(r, col), fromHull.inertia(r, col), 1e-12 * box.inertia(0, 0));
            }
        }
    }

    @Test
    void hullOfRandomPointsMatchesIntegration() {
        Random random = new Random(42);
        double[] xyz = new double[3 * 40];
        for (int i = 0; i < xyz.length; i += 3) {
            xyz[i] = 1.0 + random.nextGaussian() * 0.8;
            xyz[i + 1] = -2.0 + random.nextGaussian() * 0.3;
            xyz[i + 2] = 0.5 + random.nextGaussian() * 0.5;
        }
        ConvexHull hull = ConvexHull.of(xyz);
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < xyz.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], xyz[i]);
            hi[i % 3] = Math.max(hi[i % 3], xyz[i]);
        }
        org.joml.Vector4d plane = new org.joml.Vector4d();
        double[][] planes = new double[hull.faceCount()][];
        for (int f = 0; f < hull.faceCount(); f++) {
            hull.facePlane(f, plane);
            planes[f] = new double[] {plane.x, plane.y, plane.z, plane.w};
        }
        double[] n = NumericalMass.integrate((x, y, z) -> {
            for (double[] p : planes) {
                if (p[0] * x + p[1] * y + p[2] * z > p[3]) {
                    return false;
                }
            }
            return true;
        }, DENSITY, lo, hi, GRID);
        MassProperties exact = hull.massProperties(DENSITY);
        assertAgrees(exact, n, new Vector3d(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]).length());
        assertTrue(Math.abs(exact.inertia(0, 1)) > 1e-3 * exact.inertia(0, 0), "the sample has products of inertia");
    }

    @Test
    void compoundOfTwoOffsetSpheresFollowsTheParallelAxisTheorem() {
        double r = 0.5, d = 2.0;
        MassProperties sphere = new Sphere(r).massProperties(1000.0);
        double m = sphere.mass(), i0 = sphere.inertia(0, 0);
        MassProperties left = sphere.transformed(new Quaterniond(), new Vector3d(-d, 0, 0));
        MassProperties right = sphere.transformed(new Quaterniond().rotateZ(0.3), new Vector3d(d, 0, 0));
        MassProperties both = left.plus(right);
        assertEquals(2 * m, both.mass(), 1e-12 * m);
        assertEquals(0.0, both.center(new Vector3d()).length(), 1e-12);
        // About x the offsets lie on the axis; about y and z each sphere adds m·d².
        assertEquals(2 * i0, both.inertia(0, 0), 1e-12 * both.inertia(1, 1));
        assertEquals(2 * i0 + 2 * m * d * d, both.inertia(1, 1), 1e-12 * both.inertia(1, 1));
        assertEquals(2 * i0 + 2 * m * d * d, both.inertia(2, 2), 1e-12 * both.inertia(1, 1));
        assertEquals(0.0, both.inertia(0, 1), 1e-12 * both.inertia(1, 1));
    }

    @Test
    void asymmetricCompoundMovesTheCenterAndCouplesTheAxes() {
        MassProperties a = new Box(0.5, 0.5, 0.5).massProperties(1.0);
        MassProperties b = new Box(0.5, 0.5, 0.5).massProperties(1.0).transformed(new Quaterniond(), new Vector3d(1, 1, 0));
        MassProperties both = a.plus(b);
        Vector3d c = both.center(new Vector3d());
        assertEquals(0.5, c.x, 1e-15);
        assertEquals(0.5, c.y, 1e-15);
        // Each part is 0.5 m from the centre along x and y: I_xy gets −Σ m·dx·dy = −2·1·0.25.
        assertEquals(-0.5, both.inertia(0, 1), 1e-12);
    }

    @Test
    void rotatingATensorKeepsItsTraceAndRotatesItsAxes() {
        MassProperties box = new Box(1, 2, 3).massProperties(1.0);
        MassProperties turned = box.transformed(new Quaterniond().rotateZ(Math.PI / 2), new Vector3d());
        assertEquals(box.inertia(0, 0), turned.inertia(1, 1), 1e-9);
        assertEquals(box.inertia(1, 1), turned.inertia(0, 0), 1e-9);
        assertEquals(box.inertia(2, 2), turned.inertia(2, 2), 1e-9);
    }

    @Test
    void rejectsNonPositiveMassAndIndefiniteTensors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MassProperties.of(0.0, 0, 0, 0, 1, 1, 1, 0, 0, 0));
        assertTrue(e.getMessage().startsWith("mass "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MassProperties.of(1.0, 0, 0, 0, 1, -1, 1, 0, 0, 0));
        assertTrue(e.getMessage().startsWith("inertia "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MassProperties.of(1.0, Double.NaN, 0, 0, 1, 1, 1, 0, 0, 0));
        assertTrue(e.getMessage().startsWith("center.x "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MassProperties.of(1.0, new Vector3d(), new Matrix3d(1, 0.5, 0, 0, 1, 0, 0, 0, 1)));
        assertTrue(e.getMessage().startsWith("inertia must be symmetric"), e.getMessage());
    }

    @Test
    void shapesRejectNonPositiveSizesAndDensities() {
        assertMessageNames("radius", () -> new Sphere(0.0));
        assertMessageNames("radius", () -> new Sphere(Double.NaN));
        assertMessageNames("halfX", () -> new Box(-1, 1, 1));
        assertMessageNames("halfY", () -> new Box(1, 0, 1));
        assertMessageNames("halfZ", () -> new Box(1, 1, Double.POSITIVE_INFINITY));
        assertMessageNames("halfHeight", () -> new Capsule(0, 1));
        assertMessageNames("radius", () -> new Capsule(1, -1));
        assertMessageNames("halfHeight", () -> new Cylinder(-1, 1));
        assertMessageNames("radius", () -> new Cylinder(1, 0));
        assertMessageNames("density", () -> new Sphere(1).massProperties(-1));
        assertMessageNames("density", () -> new Box(1, 1, 1).massProperties(0));
    }

    @Test
    void shapesLargerThanTheLengthLimitAreRefusedAndThoseAtItAccepted() {
        double max = Shape.MAX_LENGTH_METERS;
        assertMessageNames("radius", () -> new Sphere(Math.nextUp(max)));
        assertMessageNames("halfX", () -> new Box(1e200, 1, 1));
        assertMessageNames("halfHeight", () -> new Capsule(2 * max, 1));
        assertMessageNames("radius", () -> new Cylinder(1, 1e300));
        assertMessageNames("points[1].y", () -> ConvexHull.of(0, 0, 0, 1, -2 * max, 0, 0, 1, 0, 0, 0, 1));
        assertMessageNames("vertices[0].z", () -> TriangleMesh.of(new double[] {0, 0, 1e7, 1, 0, 0, 0, 1, 0},
                new int[] {0, 1, 2}));
        assertEquals(max, new Box(max, 1, max).halfX());
    }

    static void assertMessageNames(String parameter, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(parameter + " ") || e.getMessage().startsWith(parameter + "."),
                "message should name " + parameter + ": " + e.getMessage());
    }
}
