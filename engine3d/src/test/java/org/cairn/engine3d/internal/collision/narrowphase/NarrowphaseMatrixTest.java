package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Comparator;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Every registered shape pair in analytic configurations (separated within the speculative
 * distance, touching, penetrating, rotated, edge-on-edge, face-on-face): normal, separations and
 * points within 1e-9 of the known answer; and each pair in swapped order gives the same points
 * with the normal reversed.
 */
class NarrowphaseMatrixTest {
    private static final double EXACT = 1e-9;
    private static final double[] GAPS = {0.015, 0.0, -0.03};
    private final Narrowphase narrowphase = new Narrowphase();

    private Manifold collide(Shape a, Vector3d pa, Quaterniond qa, Shape b, Vector3d pb, Quaterniond qb) {
        return collide(a, pa, qa, b, pb, qb, true);
    }

    /**
     * Collides in both orders. When a face had more than four points, which four survive may
     * depend on the order (ties in depth), so {@code samePoints} is false there.
     */
    private Manifold collide(Shape a, Vector3d pa, Quaterniond qa, Shape b, Vector3d pb, Quaterniond qb,
                             boolean samePoints) {
        return collide(a, pa, qa, b, pb, qb, samePoints, EXACT);
    }

    /** As above, the swapped order's normal compared within {@code tolerance}. */
    private Manifold collide(Shape a, Vector3d pa, Quaterniond qa, Shape b, Vector3d pb, Quaterniond qb,
                             boolean samePoints, double tolerance) {
        double[] poses = {pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w};
        Manifold m = new Manifold();
        narrowphase.collide(CollisionShape.of(a), poses, 0, CollisionShape.of(b), poses, 7, m);
        Manifold swapped = new Manifold();
        narrowphase.collide(CollisionShape.of(b), poses, 7, CollisionShape.of(a), poses, 0, swapped);
        assertEquals(m.pointCount, swapped.pointCount, "swapped order: same point count");
        if (m.pointCount > 0) {
            assertEquals(-m.normalX, swapped.normalX, tolerance);
            assertEquals(-m.normalY, swapped.normalY, tolerance);
            assertEquals(-m.normalZ, swapped.normalZ, tolerance);
            if (samePoints) {
                assertEquals(sortedPoints(m), sortedPoints(swapped), "swapped order: same points");
            }
        }
        return m;
    }

    private static String sortedPoints(Manifold m) {
        String[] rows = new String[m.pointCount];
        for (int k = 0; k < m.pointCount; k++) {
            rows[k] = String.format("%.9f %.9f %.9f %.9f", m.position[3 * k], m.position[3 * k + 1],
                    m.position[3 * k + 2], m.separation[k]);
        }
        Arrays.sort(rows, Comparator.naturalOrder());
        return String.join("; ", rows);
    }

    private static void assertNormal(Manifold m, double x, double y, double z) {
        assertNormal(m, x, y, z, EXACT);
    }

    private static void assertNormal(Manifold m, double x, double y, double z, double tolerance) {
        assertEquals(x, m.normalX, tolerance, "normal x");
        assertEquals(y, m.normalY, tolerance, "normal y");
        assertEquals(z, m.normalZ, tolerance, "normal z");
    }

    private static void assertPoint(Manifold m, double x, double y, double z, double separation) {
        assertPoint(m, x, y, z, separation, EXACT);
    }

    /**
     * A point of m at (x, z) within 1e-6 (or the tolerance, if larger) has height y and the
     * separation, within 1e-9 (1e-8 where the place is only good to a larger tolerance: measured 3e-9).
     */
    private static void assertPoint(Manifold m, double x, double y, double z, double separation, double tolerance) {
        double near = Math.max(1e-6, tolerance), exact = tolerance > EXACT ? 1e-8 : EXACT;
        for (int k = 0; k < m.pointCount; k++) {
            if (Math.abs(m.position[3 * k] - x) < near && Math.abs(m.position[3 * k + 2] - z) < near) {
                assertEquals(y, m.position[3 * k + 1], exact, "point y");
                assertEquals(separation, m.separation[k], exact, "separation");
                return;
            }
        }
        throw new AssertionError("no point near (" + x + ", " + z + ") in " + sortedPoints(m));
    }

    private static Quaterniond identity() {
        return new Quaterniond();
    }

    @Test
    void sphereSphere() {
        for (double g : GAPS) {
            Manifold m = collide(new Sphere(0.5), new Vector3d(), identity(), new Sphere(0.25), new Vector3d(0, 0.75 + g, 0), identity());
            assertEquals(1, m.pointCount);
            assertNormal(m, 0, 1, 0);
            assertPoint(m, 0, 0.5 + g / 2, 0, g);
        }
        double s = 1 / Math.sqrt(3);
        Manifold diagonal = collide(new Sphere(0.5), new Vector3d(1, 1, 1), identity(), new Sphere(0.5),
                new Vector3d(1 + s * 1.01, 1 + s * 1.01, 1 + s * 1.01), identity());
        assertNormal(diagonal, s, s, s);
        assertEquals(0.01, diagonal.separation[0], EXACT);
        assertEquals(0, collide(new Sphere(0.5), new Vector3d(), identity(), new Sphere(0.5), new Vector3d(0, 1.021, 0),
                identity()).pointCount, "beyond the speculative distance");
    }

    @Test
    void sphereCapsule() {
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        for (double g : GAPS) {
            Manifold side = collide(new Sphere(0.5), new Vector3d(0.3, 1 + g, 0), identity(), new Capsule(1, 0.5),
                    new Vector3d(), alongX);
            assertEquals(1, side.pointCount);
            assertNormal(side, 0, -1, 0);
            assertPoint(side, 0.3, 0.5 + g / 2, 0, g);
            Manifold end = collide(new Sphere(0.5), new Vector3d(2 + g, 0, 0), identity(), new Capsule(1, 0.5),
                    new Vector3d(), alongX);
            assertNormal(end, -1, 0, 0);
            assertEquals(g, end.separation[0], EXACT);
            assertEquals(1.5 + g / 2, end.position[0], EXACT);
        }
    }

    @Test
    void sphereHull() {
        Box box = new Box(1, 0.5, 1);
        for (double g : GAPS) {
            Manifold face = collide(new Sphere(0.5), new Vector3d(0.3, 1 + g, 0.2), identity(), box, new Vector3d(), identity());
            assertEquals(1, face.pointCount);
            assertNormal(face, 0, -1, 0);
            assertPoint(face, 0.3, 0.5 + g / 2, 0.2, g);
            double d = (0.5 + g) / Math.sqrt(2);
            Manifold edge = collide(new Sphere(0.5), new Vector3d(1 + d, 0.5 + d, 0), identity(), box, new Vector3d(), identity());
            double s = Math.sqrt(0.5);
            assertNormal(edge, -s, -s, 0);
            assertEquals(g, edge.separation[0], EXACT);
        }
        // Turned box, sphere over its top face.
        Manifold turned = collide(new Sphere(0.5), new Vector3d(0, 1.01, 0), identity(), box, new Vector3d(),
                new Quaterniond().rotateY(0.7));
        assertNormal(turned, 0, -1, 0);
        assertEquals(0.01, turned.separation[0], EXACT);
        // Centre inside the box: pushed out through the nearest face.
        Manifold deep = collide(new Sphere(0.5), new Vector3d(0.2, 0.4, 0), identity(), box, new Vector3d(), identity());
        assertEquals(1, deep.pointCount);
        assertNormal(deep, 0, -1, 0);
        assertPoint(deep, 0.2, 0.4 - (0.5 - 0.3), 0, -0.6);
    }

    @Test
    void capsuleCapsule() {
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        Quaterniond alongZ = new Quaterniond().rotateX(Math.PI / 2);
        for (double g : GAPS) {
            Manifold parallel = collide(new Capsule(1, 0.5), new Vector3d(), alongX, new Capsule(1, 0.5),
                    new Vector3d(0.5, 1 + g, 0), alongX);
            assertEquals(2, parallel.pointCount, "side by side: the two ends of the overlap");
            assertNormal(parallel, 0, 1, 0);
            assertPoint(parallel, -0.5, 0.5 + g / 2, 0, g);
            assertPoint(parallel, 1.0, 0.5 + g / 2, 0, g);
            Manifold crossed = collide(new Capsule(1, 0.5), new Vector3d(), alongX, new Capsule(1, 0.25),
                    new Vector3d(0.2, 0.75 + g, 0.3), alongZ);
            assertEquals(1, crossed.pointCount);
            assertNormal(crossed, 0, 1, 0);
            assertPoint(crossed, 0.2, 0.5 + g / 2, 0, g);
        }
    }

    @Test
    void capsuleHull() {
        Box box = new Box(1, 0.5, 1);
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        for (double g : GAPS) {
            Manifold flat = collide(new Capsule(0.5, 0.25), new Vector3d(0.1, 0.75 + g, 0.2), alongX, box, new Vector3d(), identity());
            assertEquals(2, flat.pointCount, "lying on the face: both ends");
            assertNormal(flat, 0, -1, 0);
            assertPoint(flat, -0.4, 0.5 + g / 2, 0.2, g);
            assertPoint(flat, 0.6, 0.5 + g / 2, 0.2, g);
            Manifold upright = collide(new Capsule(0.5, 0.25), new Vector3d(0, 1.25 + g, 0), identity(), box, new Vector3d(), identity());
            assertEquals(1, upright.pointCount);
            assertPoint(upright, 0, 0.5 + g / 2, 0, g);
            // Edge on edge: the box turned 45° about z has a top edge along z; the capsule crosses it along x.
            double top = Math.sqrt(0.5);
            Manifold edge = collide(new Capsule(0.5, 0.25), new Vector3d(0.1, top + 0.25 + g, 0), alongX,
                    new Box(0.5, 0.5, 0.5), new Vector3d(), new Quaterniond().rotateZ(Math.PI / 4));
            assertEquals(1, edge.pointCount);
            assertNormal(edge, 0, -1, 0);
            assertPoint(edge, 0, top + g / 2, 0, g);
        }
        // Core inside the box: pushed out through the top face, both ends.
        Manifold deep = collide(new Capsule(0.5, 0.25), new Vector3d(0, 0.4, 0), alongX, box, new Vector3d(), identity());
        assertEquals(2, deep.pointCount);
        assertNormal(deep, 0, -1, 0);
        assertPoint(deep, 0.5, 0.5 + (-0.35) / 2, 0, -0.35);
    }

    @Test
    void hullHull() {
        for (double g : GAPS) {
            Manifold faces = collide(new Box(2, 0.5, 2), new Vector3d(), identity(), new Box(0.5, 0.5, 0.5),
                    new Vector3d(0, 1 + g, 0), identity());
            assertEquals(4, faces.pointCount);
            assertNormal(faces, 0, 1, 0);
            assertPoint(faces, 0.5, 0.5 + g / 2, -0.5, g);
            Manifold drum = collide(new Box(2, 0.5, 2), new Vector3d(), identity(), new Cylinder(0.5, 0.5),
                    new Vector3d(0, 1 + g, 0), identity(), false);
            assertEquals(4, drum.pointCount);
            assertNormal(drum, 0, 1, 0);
            for (int k = 0; k < 4; k++) {
                assertEquals(g, drum.separation[k], EXACT);
            }
        }
    }

    /**
     * Where a round surface meets another at a point, GJK approaches the answer and stops at a
     * relative gain of 1e-10 in the squared distance or at its iteration cap: the distance is then
     * good to rounding, the place less so (a rim on a face: measured 1.7e-9 off in the normal and
     * 5.5e-5 m in the point along the rim).
     */
    private static final double ROUND = 2e-4;

    /** A cylinder's rims are rounded by its margin; the tests below keep clear of that where they can. */
    private static double margin(Cylinder c) {
        return CollisionShape.of(c).margin;
    }

    @Test
    void cylinderAgainstHullsOnItsSideItsCapAndItsRim() {
        Box box = new Box(2, 0.5, 2);
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        Cylinder drum = new Cylinder(1, 0.5);
        double m = margin(drum);
        for (double g : GAPS) {
            // Lying on its side: the line of contact, from rim to rim of the core.
            Manifold side = collide(box, new Vector3d(), identity(), drum, new Vector3d(0.2, 1 + g, 0.3), alongX);
            assertEquals(2, side.pointCount);
            assertNormal(side, 0, 1, 0);
            assertPoint(side, 0.2 - (1 - m), 0.5 + g / 2, 0.3, g);
            assertPoint(side, 0.2 + (1 - m), 0.5 + g / 2, 0.3, g);
            // Standing over the box's edge: the cap's points that lie over the face, none beyond it.
            Manifold overhang = collide(box, new Vector3d(), identity(), new Cylinder(0.5, 0.5),
                    new Vector3d(1.8, 1 + g, 0), identity(), false);
            assertEquals(4, overhang.pointCount);
            assertNormal(overhang, 0, 1, 0);
            for (int k = 0; k < 4; k++) {
                assertEquals(g, overhang.separation[k], EXACT);
                assertEquals(true, overhang.position[3 * k] <= 2 + EXACT, "over the face");
            }
            // Tilted 30° onto its rim: one point under the lowest point of the rounded rim.
            double tilt = Math.PI / 6, rc = 0.5 - m, hc = 1 - m;
            double lowest = hc * Math.cos(tilt) + rc * Math.sin(tilt) + m;
            Manifold rim = collide(box, new Vector3d(), identity(), drum, new Vector3d(0, 0.5 + g + lowest, 0),
                    new Quaterniond().rotateZ(tilt), false, ROUND);
            assertEquals(1, rim.pointCount);
            assertNormal(rim, 0, 1, 0, ROUND);
            assertPoint(rim, hc * Math.sin(tilt) - rc * Math.cos(tilt), 0.5 + g / 2, 0, g, ROUND);
        }
    }

    @Test
    void cylinderAgainstRoundShapes() {
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        Cylinder drum = new Cylinder(1, 0.5);
        double m = margin(drum);
        for (double g : GAPS) {
            Manifold ball = collide(drum, new Vector3d(), alongX, new Sphere(0.25), new Vector3d(0.3, 0.75 + g, 0), identity());
            assertEquals(1, ball.pointCount);
            assertNormal(ball, 0, 1, 0);
            assertPoint(ball, 0.3, 0.5 + g / 2, 0, g);
            Manifold onCap = collide(drum, new Vector3d(), identity(), new Sphere(0.25), new Vector3d(0.1, 1.25 + g, 0.2),
                    identity());
            assertNormal(onCap, 0, 1, 0);
            assertPoint(onCap, 0.1, 1 + g / 2, 0.2, g);
            // A capsule lying along the drum's top line: the two ends of their common extent.
            Manifold log = collide(drum, new Vector3d(), alongX, new Capsule(0.5, 0.25), new Vector3d(0.3, 0.75 + g, 0),
                    alongX);
            assertEquals(2, log.pointCount);
            assertNormal(log, 0, 1, 0);
            assertPoint(log, -0.2, 0.5 + g / 2, 0, g);
            assertPoint(log, 0.8, 0.5 + g / 2, 0, g);
            // Two drums: stacked on their caps, side by side, and crossed.
            Manifold stacked = collide(drum, new Vector3d(), identity(), new Cylinder(0.5, 0.3), new Vector3d(0.1, 1.5 + g, 0),
                    identity(), false);
            assertEquals(4, stacked.pointCount);
            assertNormal(stacked, 0, 1, 0);
            for (int k = 0; k < 4; k++) {
                assertEquals(g, stacked.separation[k], EXACT);
            }
            Manifold parallel = collide(drum, new Vector3d(), alongX, new Cylinder(0.5, 0.5), new Vector3d(0.8, 1 + g, 0),
                    alongX);
            assertEquals(2, parallel.pointCount);
            assertNormal(parallel, 0, 1, 0);
            assertPoint(parallel, 0.8 - (0.5 - margin(new Cylinder(0.5, 0.5))), 0.5 + g / 2, 0, g);
            assertPoint(parallel, 1 - m, 0.5 + g / 2, 0, g);
            Manifold crossed = collide(drum, new Vector3d(), alongX, new Cylinder(1, 0.5), new Vector3d(0.2, 1 + g, 0.1),
                    new Quaterniond().rotateX(Math.PI / 2), false, ROUND);
            assertEquals(1, crossed.pointCount);
            assertNormal(crossed, 0, 1, 0, ROUND);
            assertPoint(crossed, 0.2, 0.5 + g / 2, 0, g, ROUND);
        }
    }

    @Test
    void convexAgainstMesh() {
        // One large triangle in the plane y = 0, facing up (and, being a surface, also down).
        TriangleMesh mesh = TriangleMesh.of(new double[] {-10, 0, -10, 0, 0, 10, 10, 0, -10}, new int[] {0, 1, 2});
        Quaterniond alongX = new Quaterniond().rotateZ(Math.PI / 2);
        for (double g : GAPS) {
            Manifold ball = collide(new Sphere(0.5), new Vector3d(0.5, 0.5 + g, -1), identity(), mesh, new Vector3d(), identity());
            assertEquals(1, ball.pointCount);
            assertNormal(ball, 0, -1, 0);
            assertPoint(ball, 0.5, g / 2, -1, g);
            Manifold log = collide(new Capsule(1, 0.25), new Vector3d(0, 0.25 + g, -2), alongX, mesh, new Vector3d(), identity());
            assertEquals(2, log.pointCount);
            assertNormal(log, 0, -1, 0);
            assertPoint(log, -1, g / 2, -2, g);
            assertPoint(log, 1, g / 2, -2, g);
            Manifold crate = collide(new Box(0.5, 0.5, 0.5), new Vector3d(0, 0.5 + g, -2), identity(), mesh, new Vector3d(),
                    identity());
            assertEquals(4, crate.pointCount);
            assertNormal(crate, 0, -1, 0);
            assertPoint(crate, 0.5, g / 2, -2.5, g);
            Manifold drum = collide(new Cylinder(1, 0.5), new Vector3d(0, 0.5 + g, -2), alongX, mesh, new Vector3d(),
                    identity());
            double m = margin(new Cylinder(1, 0.5));
            assertEquals(2, drum.pointCount);
            assertNormal(drum, 0, -1, 0);
            assertPoint(drum, -(1 - m), g / 2, -2, g);
            assertPoint(drum, 1 - m, g / 2, -2, g);
        }
        // Below the triangle the normal flips: triangles are two-sided.
        Manifold under = collide(new Sphere(0.5), new Vector3d(0.5, -0.51, -1), identity(), mesh, new Vector3d(), identity());
        assertNormal(under, 0, 1, 0);
    }
}
