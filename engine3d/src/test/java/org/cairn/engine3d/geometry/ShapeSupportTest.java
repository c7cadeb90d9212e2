package org.cairn.engine3d.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Support points lie in the shape and reach its support value, written out per shape; world
 * bounds contain the placed shape (tightly for the analytic shapes).
 */
class ShapeSupportTest {
    /** The points the hull in {@link #SHAPES} is made from: its support value is the largest of theirs. */
    private static final double[] HULL_POINTS = {0, 0, 0, 1, 0.2, 0, 0.1, 1, 0.3, 0.2, 0.1, 1, 0.6, 0.7, 0.8};
    private static final List<Shape> SHAPES = List.of(new Sphere(0.7), new Box(0.5, 1.5, 0.25), new Capsule(0.6, 0.3),
            new Cylinder(0.4, 0.9), ConvexHull.of(HULL_POINTS));

    private static Vector3d randomUnit(Random random) {
        return new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalize();
    }

    /**
     * The support function h(d) = max over the shape of x·d, written out per shape from its
     * definition (not from the code): sphere r; box Σ half_i·|d_i|; capsule h·|d_y| + r;
     * cylinder h·|d_y| + r·√(d_x² + d_z²); hull the largest p·d over the points it is built from.
     */
    private static double supportValue(Shape shape, Vector3d d) {
        if (shape instanceof Sphere s) {
            return s.radius();
        } else if (shape instanceof Box b) {
            return b.halfX() * Math.abs(d.x) + b.halfY() * Math.abs(d.y) + b.halfZ() * Math.abs(d.z);
        } else if (shape instanceof Capsule c) {
            return c.halfHeight() * Math.abs(d.y) + c.radius();
        } else if (shape instanceof Cylinder c) {
            return c.halfHeight() * Math.abs(d.y) + c.radius() * Math.sqrt(d.x * d.x + d.z * d.z);
        }
        double best = -Double.MAX_VALUE;
        for (int i = 0; i < HULL_POINTS.length; i += 3) {
            best = Math.max(best, HULL_POINTS[i] * d.x + HULL_POINTS[i + 1] * d.y + HULL_POINTS[i + 2] * d.z);
        }
        return best;
    }

    /** Whether p lies in the shape (within tol), from its definition; for the hull, no sampled direction separates p from its points. */
    private static boolean contains(Shape shape, Vector3d p, double tol) {
        if (shape instanceof Sphere s) {
            return p.length() <= s.radius() + tol;
        } else if (shape instanceof Box b) {
            return Math.abs(p.x) <= b.halfX() + tol && Math.abs(p.y) <= b.halfY() + tol && Math.abs(p.z) <= b.halfZ() + tol;
        } else if (shape instanceof Capsule c) {
            double y = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), p.y));
            return Math.sqrt(p.x * p.x + (p.y - y) * (p.y - y) + p.z * p.z) <= c.radius() + tol;
        } else if (shape instanceof Cylinder c) {
            return Math.abs(p.y) <= c.halfHeight() + tol && Math.sqrt(p.x * p.x + p.z * p.z) <= c.radius() + tol;
        }
        for (int k = 0; k < FIBONACCI; k++) {
            Vector3d d = fibonacci(k);
            if (p.dot(d) > supportValue(shape, d) + tol) {
                return false;
            }
        }
        return true;
    }

    private static final int FIBONACCI = 2000;

    private static Vector3d fibonacci(int i) {
        double y = 1 - 2 * (i + 0.5) / FIBONACCI, r = Math.sqrt(1 - y * y), a = Math.PI * (3 - Math.sqrt(5)) * i;
        return new Vector3d(r * Math.cos(a), y, r * Math.sin(a));
    }

    /**
     * A support point lies in the shape and reaches the support value along its direction: both
     * together make it a farthest point (a scaled or shifted support fails one of the two).
     */
    @Test
    void supportPointIsInTheShapeAndReachesTheAnalyticSupportValue() {
        Random random = new Random(3);
        for (Shape shape : SHAPES) {
            for (int trial = 0; trial < 300; trial++) {
                Vector3d d = trial < 6 ? axis(trial) : randomUnit(random);
                Vector3d s = shape.support(d.x, d.y, d.z, new Vector3d());
                assertEquals(supportValue(shape, d), s.dot(d), 1e-12, shape + " along " + d);
                assertTrue(contains(shape, s, 1e-12), shape + ": support point " + s + " is outside the shape");
            }
        }
    }

    private static Vector3d axis(int i) {
        Vector3d d = new Vector3d();
        d.setComponent(i % 3, i < 3 ? 1 : -1);
        return d;
    }

    @Test
    void worldBoundsContainThePlacedShapeAndAreTightForAnalyticShapes() {
        Random random = new Random(5);
        for (Shape shape : SHAPES) {
            for (int trial = 0; trial < 100; trial++) {
                Quaterniond q = new Quaterniond().rotateAxis(random.nextDouble() * 6.3, randomUnit(random));
                Vector3d p = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
                Aabb box = shape.bounds(p.x, p.y, p.z, q.x, q.y, q.z, q.w, new Aabb());
                Quaterniond inverse = q.conjugate(new Quaterniond());
                double[] extreme = new double[6];
                for (int axis = 0; axis < 6; axis++) {
                    Vector3d d = new Vector3d();
                    d.setComponent(axis % 3, axis < 3 ? -1 : 1);
                    Vector3d local = inverse.transform(d, new Vector3d());
                    Vector3d s = q.transform(shape.support(local.x, local.y, local.z, new Vector3d())).add(p);
                    extreme[axis] = s.get(axis % 3);
                }
                double[] bounds = {box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ};
                for (int axis = 0; axis < 6; axis++) {
                    boolean outward = axis < 3 ? bounds[axis] <= extreme[axis] + 1e-12 : bounds[axis] >= extreme[axis] - 1e-12;
                    assertTrue(outward, shape + ": bounds miss the support point on axis " + axis);
                    if (!(shape instanceof ConvexHull)) {
                        assertEquals(extreme[axis], bounds[axis], 1e-12, shape + " bounds are tight");
                    }
                }
            }
        }
    }
}
