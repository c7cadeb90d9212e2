package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector4d;
import org.junit.jupiter.api.Test;

/**
 * Ray casts agree with the first crossing into each solid found by marching along the ray and
 * bisecting an inside test (independent of the intersection formulas); a ray from inside a shape
 * does not hit it; overlap queries find exactly the shapes they should.
 */
class QueryTest {
    interface Inside {
        boolean test(Vector3d p);
    }

    private static Inside insideOf(Shape shape) {
        if (shape instanceof Sphere s) {
            return p -> p.lengthSquared() <= s.radius() * s.radius();
        }
        if (shape instanceof Box b) {
            return p -> Math.abs(p.x) <= b.halfX() && Math.abs(p.y) <= b.halfY() && Math.abs(p.z) <= b.halfZ();
        }
        if (shape instanceof Capsule c) {
            return p -> {
                double y = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), p.y));
                return p.x * p.x + (p.y - y) * (p.y - y) + p.z * p.z <= c.radius() * c.radius();
            };
        }
        if (shape instanceof Cylinder c) {
            return p -> Math.abs(p.y) <= c.halfHeight() && p.x * p.x + p.z * p.z <= c.radius() * c.radius();
        }
        ConvexHull hull = (ConvexHull) shape;
        return p -> {
            Vector4d plane = new Vector4d();
            for (int f = 0; f < hull.faceCount(); f++) {
                hull.facePlane(f, plane);
                if (plane.x * p.x + plane.y * p.y + plane.z * p.z > plane.w) {
                    return false;
                }
            }
            return true;
        };
    }

    /** First t in [0, 1] where origin + t·d is inside, by marching then bisecting; NaN if none. */
    private static double march(Inside inside, Quaterniond q, Vector3d position, Vector3d origin, Vector3d d) {
        Quaterniond inverse = q.conjugate(new Quaterniond());
        Inside world = p -> inside.test(inverse.transform(new Vector3d(p).sub(position)));
        int n = 4000;
        for (int i = 1; i <= n; i++) {
            double t = (double) i / n;
            if (world.test(new Vector3d(d).mul(t).add(origin))) {
                double lo = (double) (i - 1) / n, hi = t;
                for (int k = 0; k < 60; k++) {
                    double mid = 0.5 * (lo + hi);
                    if (world.test(new Vector3d(d).mul(mid).add(origin))) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return hi;
            }
        }
        return Double.NaN;
    }

    private static final List<Shape> SHAPES = List.of(new Sphere(0.6), new Box(0.5, 0.8, 0.3), new Capsule(0.6, 0.3),
            new Cylinder(0.5, 0.4), ConvexHull.of(0, 0, 0, 1, 0.1, 0, 0.2, 0.9, 0.1, 0.1, 0.2, 0.8, 0.7, 0.6, 0.5));

    @Test
    void rayCastsMatchTheFirstCrossingForEveryShape() {
        Random random = new Random(31);
        for (Shape shape : SHAPES) {
            World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
            Vector3d position = new Vector3d(0.3, -0.2, 0.1);
            Quaterniond q = new Quaterniond().rotateXYZ(0.3, 1.1, -0.4);
            BodyId body = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(position).rotation(q).build());
            world.createShape(body, ShapeDef.DEFAULTS, shape);
            Inside inside = insideOf(shape);
            int hits = 0;
            QueryHit hit = new QueryHit();
            for (int trial = 0; trial < 300; trial++) {
                Vector3d origin = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian())
                        .normalize(3).add(position);
                Vector3d target = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian())
                        .mul(0.5).add(position);
                Vector3d d = target.sub(origin, new Vector3d()).mul(2);
                double expected = march(inside, q, position, origin, d);
                boolean got = world.castRayClosest(origin, d, QueryFilter.ALL, hit);
                String where = shape + " trial " + trial;
                if (Double.isNaN(expected)) {
                    assertFalse(got, "no hit expected: " + where);
                    continue;
                }
                assertTrue(got, "hit expected at " + expected + ": " + where);
                assertEquals(expected, hit.fraction, 1e-9, where);
                assertEquals(1.0, hit.normal.length(), 1e-12);
                assertTrue(hit.normal.dot(d) < 0, "normal faces the ray: " + where);
                assertEquals(body, hit.body());
                hits++;
            }
            assertTrue(hits > 50, shape + ": " + hits + " hits");
        }
    }

    @Test
    void aRayFromInsideDoesNotHitThatShapeButHitsTheNext() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId near = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(near, ShapeDef.DEFAULTS, new Box(1, 1, 1));
        BodyId far = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(5, 0, 0).build());
        world.createShape(far, ShapeDef.DEFAULTS, new Sphere(1));
        QueryHit hit = new QueryHit();
        assertTrue(world.castRayClosest(new Vector3d(), new Vector3d(10, 0, 0), QueryFilter.ALL, hit));
        assertEquals(far, hit.body());
        assertEquals(0.4, hit.fraction, 1e-12);
        assertEquals(new Vector3d(4, 0, 0), hit.point);
    }

    @Test
    void closestAnyAndAllHitsAlongARow() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        List<BodyId> row = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            BodyId b = world.createBody(BodyDef.builder().type(i % 2 == 0 ? BodyType.STATIC : BodyType.DYNAMIC)
                    .position(2 + 3 * i, 0, 0).build());
            world.createShape(b, ShapeDef.builder().filter(i == 3 ? 2 : 1, -1, 0).build(), new Box(0.5, 0.5, 0.5));
            row.add(b);
        }
        Vector3d origin = new Vector3d(0, 0.1, 0), translation = new Vector3d(20, 0, 0);
        QueryHit hit = new QueryHit();
        assertTrue(world.castRayClosest(origin, translation, QueryFilter.ALL, hit));
        assertEquals(row.get(0), hit.body());
        assertEquals(1.5 / 20, hit.fraction, 1e-12);
        TreeSet<Double> all = new TreeSet<>();
        world.castRay(origin, translation, QueryFilter.ALL, h -> {
            all.add(h.fraction);
            return 1;
        });
        assertEquals(5, all.size());
        assertTrue(world.castRayAny(origin, translation, QueryFilter.ALL));
        assertFalse(world.castRayAny(origin, new Vector3d(1, 0, 0), QueryFilter.ALL));
        // Filtered to category 2: only the fourth box.
        assertTrue(world.castRayClosest(origin, translation, new QueryFilter(-1, 2), hit));
        assertEquals(row.get(3), hit.body());
    }

    @Test
    void overlapQueriesFindExactlyTheTouchingShapes() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        List<BodyId> bodies = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            BodyId b = world.createBody(BodyDef.builder().position(i, 0, 0).build());
            world.createShape(b, ShapeDef.DEFAULTS, new Sphere(0.3));
            bodies.add(b);
        }
        TreeSet<Integer> found = new TreeSet<>();
        world.overlapAabb(new Aabb(1.5, -1, -1, 4.2, 1, 1), QueryFilter.ALL, h -> found.add(h.body().index()));
        assertEquals(new TreeSet<>(List.of(bodies.get(2).index(), bodies.get(3).index(), bodies.get(4).index())), found);
        found.clear();
        // A sphere of radius 0.75 at x = 5.5 reaches the spheres at 5 and 6 (gap 0.75 − 0.8 < 0 from each).
        world.overlapShape(new Sphere(0.75), new Vector3d(5.5, 0, 0), new Quaterniond(), QueryFilter.ALL,
                h -> found.add(h.body().index()));
        assertEquals(new TreeSet<>(List.of(bodies.get(5).index(), bodies.get(6).index())), found);
        found.clear();
        world.overlapShape(new Box(0.15, 0.15, 0.15), new Vector3d(7.5, 0, 0), new Quaterniond(), QueryFilter.ALL,
                h -> found.add(h.body().index()));
        assertEquals(new TreeSet<>(), found, "a small box between two spheres touches neither");
    }
}
