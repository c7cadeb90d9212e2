package org.cairn.engine3d.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Support points maximise the dot product over the shape, and world bounds contain the placed
 * shape (tightly for the analytic shapes).
 */
class ShapeSupportTest {
    private static final List<Shape> SHAPES = List.of(new Sphere(0.7), new Box(0.5, 1.5, 0.25), new Capsule(0.6, 0.3),
            new Cylinder(0.4, 0.9), ConvexHull.of(0, 0, 0, 1, 0.2, 0, 0.1, 1, 0.3, 0.2, 0.1, 1, 0.6, 0.7, 0.8));

    private static Vector3d randomUnit(Random random) {
        return new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalize();
    }

    @Test
    void supportPointMaximisesTheDotProduct() {
        Random random = new Random(3);
        for (Shape shape : SHAPES) {
            for (int trial = 0; trial < 200; trial++) {
                Vector3d d = randomUnit(random);
                Vector3d s = shape.support(d.x, d.y, d.z, new Vector3d());
                double best = s.dot(d);
                // No other support point does better along d.
                for (int k = 0; k < 50; k++) {
                    Vector3d e = randomUnit(random);
                    Vector3d other = shape.support(e.x, e.y, e.z, new Vector3d());
                    assertTrue(other.dot(d) <= best + 1e-12, shape + " along " + d);
                }
            }
        }
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
