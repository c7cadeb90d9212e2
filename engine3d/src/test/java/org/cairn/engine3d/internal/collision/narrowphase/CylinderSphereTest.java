package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A sphere touching a cylinder touches it at one point whose normal is the cylinder's surface
 * normal there: on the side, radial; on a cap, along the axis; on the rounded rim (a torus of the
 * cylinder's margin about the core's rim), from the rim circle to the point. Each case is built
 * from the other end: a point and its normal on the cylinder's surface are chosen first, and the
 * sphere is placed along that normal at a chosen gap (negative: overlapping, down to where its
 * centre would enter the core). The contact must then be that normal, that gap, and the point
 * midway between the surfaces, however the pair is moved and turned, and in either order.
 */
class CylinderSphereTest {
    /**
     * Measured: the normal 1.4e-14 off, separations within 7.1e-16 m, points within 9.7e-16 m
     * (rounding; the normal is the core's closest point to the centre, made unit, so it rounds most
     * when the centre is near the core). GJK's, converging on the curved core before the closed form,
     * was up to 7.5e-4 rad off, the separation 2.9e-7 m and the point 1.3e-4 m.
     */
    private static final double NORMAL_TOLERANCE = 1e-13;
    private static final double PLACE_TOLERANCE_METERS = 1e-13;

    @Test
    void aSphereTouchesACylinderAlongTheSurfaceNormalAtTheGapItWasPlacedAt() {
        Random random = new Random(33);
        Narrowphase narrowphase = new Narrowphase();
        Manifold m = new Manifold();
        double[] poses = new double[14];
        double worstNormal = 0, worstSeparation = 0, worstPlace = 0;
        int[] byPart = new int[3];
        for (int trial = 0; trial < 600; trial++) {
            double radius = 0.2 + 0.5 * random.nextDouble(), half = 0.1 + 0.6 * random.nextDouble();
            double sphereRadius = 0.05 + 0.4 * random.nextDouble();
            CollisionShape cylinder = CollisionShape.of(new Cylinder(half, radius));
            CollisionShape sphere = CollisionShape.of(new Sphere(sphereRadius));
            double margin = cylinder.margin, rc = radius - margin, hc = half - margin;
            assertTrue(margin > 0, "the cylinder's rim is rounded");
            // A point on the surface and its outward normal, in the cylinder's frame (axis y).
            int part = trial % 3;
            byPart[part]++;
            double angle = 2 * Math.PI * random.nextDouble(), cos = Math.cos(angle), sin = Math.sin(angle);
            double sign = random.nextBoolean() ? 1 : -1;
            Vector3d surface, normal;
            if (part == 0) {
                // The straight side, between the rounded rims.
                double y = (random.nextDouble() * 2 - 1) * hc;
                surface = new Vector3d(radius * cos, y, radius * sin);
                normal = new Vector3d(cos, 0, sin);
            } else if (part == 1) {
                // A flat cap, inside its rounded rim.
                double r = rc * Math.sqrt(random.nextDouble());
                surface = new Vector3d(r * cos, sign * half, r * sin);
                normal = new Vector3d(0, sign, 0);
            } else {
                // The rounded rim: the core's rim circle swept by the margin, strictly between the side and the cap.
                double tilt = (0.05 + 0.9 * random.nextDouble()) * Math.PI / 2;
                normal = new Vector3d(Math.cos(tilt) * cos, sign * Math.sin(tilt), Math.cos(tilt) * sin);
                surface = new Vector3d(rc * cos, sign * hc, rc * sin).fma(margin, normal);
            }
            // Overlapping up to nine tenths of the way to the core, or a little apart.
            double gap = -0.9 * (sphereRadius + margin) * random.nextDouble() + (random.nextInt(4) == 0 ? 0.015 : 0);
            Vector3d centre = new Vector3d(surface).fma(sphereRadius + gap, normal);
            Vector3d midway = new Vector3d(surface).fma(0.5 * gap, normal);

            Quaterniond turn = new Quaterniond(random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                    random.nextGaussian()).normalize();
            Vector3d move = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
            boolean cylinderFirst = random.nextBoolean();
            ParallelSidesTest.pose(poses, cylinderFirst ? 0 : 7, turn, move, new Vector3d(), new Quaterniond());
            ParallelSidesTest.pose(poses, cylinderFirst ? 7 : 0, turn, move, centre, new Quaterniond());
            if (cylinderFirst) {
                narrowphase.collide(cylinder, poses, 0, sphere, poses, 7, m);
            } else {
                narrowphase.collide(sphere, poses, 0, cylinder, poses, 7, m);
            }
            String where = "trial " + trial + " (" + new String[] {"side", "cap", "rim"}[part] + ", gap " + gap + ")";
            assertEquals(1, m.pointCount, where + ": one point");
            // The normal runs from A to B: from the cylinder to the sphere when the cylinder is A.
            Vector3d n = turn.transformInverse(new Vector3d(m.normalX, m.normalY, m.normalZ));
            if (!cylinderFirst) {
                n.negate();
            }
            Vector3d p = turn.transformInverse(new Vector3d(m.position[0], m.position[1], m.position[2]).sub(move));
            worstNormal = Math.max(worstNormal, n.distance(normal));
            worstSeparation = Math.max(worstSeparation, Math.abs(m.separation[0] - gap));
            worstPlace = Math.max(worstPlace, p.distance(midway));
            assertEquals(0, n.distance(normal), NORMAL_TOLERANCE, where + ": the surface normal");
            assertEquals(gap, m.separation[0], PLACE_TOLERANCE_METERS, where + ": the gap");
            assertEquals(0, p.distance(midway), PLACE_TOLERANCE_METERS, where + ": midway between the surfaces");
        }
        System.out.printf("cylinder–sphere: normal off by %.2e, separation by %.2e m, point by %.2e m at most%n",
                worstNormal, worstSeparation, worstPlace);
        assertEquals(200, byPart[2], "rim cases");
    }

    /**
     * A sphere whose centre is inside the core (sunk deeper than the rim's rounding and its own
     * radius) is pushed out through the nearer of the side and the cap: the normal is radial or
     * along the axis, and the separation is minus that depth, the margin and the radius.
     */
    @Test
    void aSphereSunkIntoTheCoreLeavesThroughTheNearerOfTheSideAndTheCap() {
        Random random = new Random(34);
        Narrowphase narrowphase = new Narrowphase();
        Manifold m = new Manifold();
        double[] poses = new double[14];
        for (int trial = 0; trial < 200; trial++) {
            double radius = 0.3 + 0.5 * random.nextDouble(), half = 0.3 + 0.6 * random.nextDouble();
            double sphereRadius = 0.05 + 0.2 * random.nextDouble();
            CollisionShape cylinder = CollisionShape.of(new Cylinder(half, radius));
            CollisionShape sphere = CollisionShape.of(new Sphere(sphereRadius));
            double margin = cylinder.margin, rc = radius - margin, hc = half - margin;
            double angle = 2 * Math.PI * random.nextDouble(), cos = Math.cos(angle), sin = Math.sin(angle);
            double sign = random.nextBoolean() ? 1 : -1;
            boolean throughSide = trial % 2 == 0;
            // The depth below the nearer surface of the core, and a larger one below the other.
            double depth = 0.5 * Math.min(rc, hc) * random.nextDouble() + 1e-3;
            double other = depth + 1e-3 + (Math.min(rc, hc) - depth) * random.nextDouble();
            Vector3d centre, normal;
            if (throughSide) {
                double y = sign * Math.max(0, hc - Math.min(other, hc));
                centre = new Vector3d((rc - depth) * cos, y, (rc - depth) * sin);
                normal = new Vector3d(cos, 0, sin);
            } else {
                double r = Math.max(0, rc - Math.min(other, rc));
                centre = new Vector3d(r * cos, sign * (hc - depth), r * sin);
                normal = new Vector3d(0, sign, 0);
            }
            Quaterniond turn = new Quaterniond(random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                    random.nextGaussian()).normalize();
            Vector3d move = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
            ParallelSidesTest.pose(poses, 0, turn, move, new Vector3d(), new Quaterniond());
            ParallelSidesTest.pose(poses, 7, turn, move, centre, new Quaterniond());
            narrowphase.collide(cylinder, poses, 0, sphere, poses, 7, m);
            String where = "trial " + trial + (throughSide ? " (side" : " (cap") + ", depth " + depth + ")";
            assertEquals(1, m.pointCount, where + ": one point");
            Vector3d n = turn.transformInverse(new Vector3d(m.normalX, m.normalY, m.normalZ));
            assertEquals(0, n.distance(normal), NORMAL_TOLERANCE, where + ": out through the nearer surface");
            assertEquals(-depth - margin - sphereRadius, m.separation[0], PLACE_TOLERANCE_METERS, where + ": the depth");
        }
    }
}
