package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Cylinder;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A cylinder lying on its side on a box's top face, turned about the vertical and hanging over
 * the face's edges: it touches along the line under its axis, cut to the face (the line clipped
 * to the face's rectangle, worked out here by the slab method), so two points at the ends of
 * that cut, each at the gap and midway between the surfaces; none where the line misses the face.
 * The whole pair is moved and turned at random, and the manifold must move and turn with it.
 */
class CylinderSideOnFaceTest {
    private static final double CLIP_SLACK_METERS = 1e-9;
    /**
     * Measured: points 6.4e-16 m off the line under the axis, the cut's ends 3.3e-15 m off. (The
     * incident side was once the line facing GJK's normal, which converges on the curved side only
     * to a fraction of a microradian: up to 1.5e-9 m off.)
     */
    private static final double TOLERANCE_METERS = 1e-13;
    @Test
    void aCylinderOnItsSideTouchesAlongTheLineUnderItsAxisCutToTheFace() {
        Random random = new Random(41);
        Narrowphase narrowphase = new Narrowphase();
        Manifold m = new Manifold();
        double[] poses = new double[14];
        int clipped = 0, checked = 0;
        double worst = 0, worstEnd = 0;
        for (int trial = 0; trial < 300; trial++) {
            double hx = 0.3 + random.nextDouble(), hy = 0.2 + 0.5 * random.nextDouble(), hz = 0.3 + random.nextDouble();
            double r = 0.1 + 0.3 * random.nextDouble(), h = 0.3 + 0.8 * random.nextDouble();
            CollisionShape box = CollisionShape.of(new Box(hx, hy, hz)), cylinder = CollisionShape.of(new Cylinder(h, r));
            double extent = h - cylinder.margin;
            double gap = -0.01 + 0.025 * random.nextDouble();
            double yaw = (2 * random.nextDouble() - 1) * 0.6;
            // The axis's middle somewhere over the face or past its edges.
            double cx = (2 * random.nextDouble() - 1) * (hx + 0.5 * extent), cz = (2 * random.nextDouble() - 1) * hz * 0.9;
            double dx = Math.cos(yaw), dz = -Math.sin(yaw);
            // The line under the axis, u ∈ [−extent, extent], cut to |x| ≤ hx, |z| ≤ hz, each widened
            // by the clip's slack (a corner 1e-9 m outside a side counts as on it).
            double low = -extent, high = extent;
            double[] origin = {cx, cz}, direction = {dx, dz}, half = {hx + CLIP_SLACK_METERS, hz + CLIP_SLACK_METERS};
            for (int axis = 0; axis < 2; axis++) {
                if (direction[axis] == 0) {
                    continue;
                }
                double u0 = (-half[axis] - origin[axis]) / direction[axis], u1 = (half[axis] - origin[axis]) / direction[axis];
                low = Math.max(low, Math.min(u0, u1));
                high = Math.min(high, Math.max(u0, u1));
            }
            if (high - low < 0.05) {
                continue;
            }
            Quaterniond turn = new Quaterniond(random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                    random.nextGaussian()).normalize();
            Vector3d move = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
            // The cylinder's axis (local y) along (dx, 0, dz): turned −90° about z, then by the yaw about y.
            Quaterniond lying = new Quaterniond().rotationY(yaw).rotateZ(-Math.PI / 2);
            ParallelSidesTest.pose(poses, 0, turn, move, new Vector3d(), new Quaterniond());
            ParallelSidesTest.pose(poses, 7, turn, move, new Vector3d(cx, hy + r + gap, cz), lying);
            narrowphase.collide(box, poses, 0, cylinder, poses, 7, m);
            String where = "trial " + trial;
            assertEquals(2, m.pointCount, where + ": two points");
            Vector3d normal = turn.transformInverse(new Vector3d(m.normalX, m.normalY, m.normalZ));
            assertEquals(0, normal.distance(0, 1, 0), 1e-12, where + ": the face's normal, from the box to the cylinder");
            double[] along = new double[2];
            for (int k = 0; k < 2; k++) {
                Vector3d p = turn.transformInverse(new Vector3d(m.position[3 * k], m.position[3 * k + 1],
                        m.position[3 * k + 2]).sub(move));
                assertEquals(gap, m.separation[k], 1e-12, where + ": point " + k + "'s separation");
                assertEquals(hy + 0.5 * gap, p.y, 1e-12, where + ": point " + k + " midway between the surfaces");
                // On the line under the axis: its offset across the line is 0.
                double u = (p.x - cx) * dx + (p.z - cz) * dz;
                double across = -(p.x - cx) * dz + (p.z - cz) * dx;
                worst = Math.max(worst, Math.abs(across));
                assertEquals(0, across, TOLERANCE_METERS, where + ": point " + k + " on the line under the axis");
                along[k] = u;
            }
            worstEnd = Math.max(worstEnd, Math.max(Math.abs(low - Math.min(along[0], along[1])),
                    Math.abs(high - Math.max(along[0], along[1]))));
            assertEquals(low, Math.min(along[0], along[1]), TOLERANCE_METERS, where + ": one end of the cut");
            assertEquals(high, Math.max(along[0], along[1]), TOLERANCE_METERS, where + ": the other end");
            clipped += low > -extent || high < extent ? 1 : 0;
            checked++;
        }
        System.out.printf("cylinder side on a face: %d pairs, %d cut by the face's edges; points off the line by %.2e m, ends off by %.2e m at most%n",
                checked, clipped, worst, worstEnd);
        assertTrue(checked > 200 && clipped > 80, checked + " pairs, " + clipped + " cut by the face's edges");
    }
}
