package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A cylinder lying on its side along a parallel capsule or cylinder touches it along a line: two
 * points, at the ends of the part of that line both bodies share, each at the gap between them
 * (the distance between the axes less the radii) and midway between the surfaces, the normal
 * square to both. Worked out in
 * a frame where both axes run along x, one above the other, then the whole pair moved and turned
 * at random: the manifold must move and turn with it.
 */
class ParallelSidesTest {
    /**
     * Measured: the normal 1.1e-15 off, separations and points within 1.1e-15 m (rounding). GJK's
     * normal, converging on the curved cores, was up to 1.1e-3 rad off, and a pair whose two ends'
     * separations then differed from GJK's gap by more than a micrometre fell back to one point.
     */
    private static final double NORMAL_TOLERANCE = 1e-13;
    private static final double PLACE_TOLERANCE_METERS = 1e-13;
    @Test
    void parallelSidesTouchAtTheEndsOfTheirCommonExtent() {
        Random random = new Random(21);
        Narrowphase narrowphase = new Narrowphase();
        Manifold m = new Manifold();
        double[] poses = new double[14];
        Quaterniond alongX = new Quaterniond().rotationZ(-Math.PI / 2);
        int checked = 0;
        double worstNormal = 0, worstSeparation = 0, worstPlace = 0, worstEnd = 0;
        for (int trial = 0; trial < 300; trial++) {
            double rA = 0.2 + 0.3 * random.nextDouble(), hA = 0.3 + 0.7 * random.nextDouble();
            double rB = 0.1 + 0.3 * random.nextDouble(), hB = 0.2 + 0.6 * random.nextDouble();
            boolean cylinderB = trial % 2 == 1;
            Shape shapeB = cylinderB ? new Cylinder(hB, rB) : new Capsule(hB, rB);
            CollisionShape a = CollisionShape.of(new Cylinder(hA, rA)), b = CollisionShape.of(shapeB);
            // The straight parts that can touch: the cylinder's side, shortened by its rounded rims
            // (the margin), and the capsule's segment or the other cylinder's side likewise.
            double extentA = hA - a.margin, extentB = cylinderB ? hB - b.margin : hB;
            // B's axis above A's, shifted along it so their straight parts overlap in part.
            double shift = (random.nextDouble() * 2 - 1) * (extentA + extentB) * 0.9;
            double gap = -0.01 + 0.025 * random.nextDouble();
            double height = rA + rB + gap;
            Quaterniond turn = new Quaterniond(random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                    random.nextGaussian()).normalize();
            Vector3d move = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
            pose(poses, 0, turn, move, new Vector3d(), alongX);
            pose(poses, 7, turn, move, new Vector3d(shift, height, 0), alongX);
            narrowphase.collide(a, poses, 0, b, poses, 7, m);
            String where = "trial " + trial + (cylinderB ? " (two cylinders)" : " (cylinder and capsule)");
            assertEquals(2, m.pointCount, where + ": two points");
            Vector3d normal = turn.transformInverse(new Vector3d(m.normalX, m.normalY, m.normalZ));
            worstNormal = Math.max(worstNormal, normal.distance(0, 1, 0));
            assertEquals(0, normal.distance(0, 1, 0), NORMAL_TOLERANCE, where + ": the normal from A up to B");
            double low = Math.max(-extentA, shift - extentB), high = Math.min(extentA, shift + extentB);
            double[] ends = new double[2];
            for (int k = 0; k < 2; k++) {
                Vector3d p = turn.transformInverse(new Vector3d(m.position[3 * k], m.position[3 * k + 1],
                        m.position[3 * k + 2]).sub(move));
                worstSeparation = Math.max(worstSeparation, Math.abs(gap - m.separation[k]));
                worstPlace = Math.max(worstPlace, Math.max(Math.abs(rA + 0.5 * gap - p.y), Math.abs(p.z)));
                assertEquals(gap, m.separation[k], PLACE_TOLERANCE_METERS, where + ": point " + k + "'s separation");
                assertEquals(rA + 0.5 * gap, p.y, PLACE_TOLERANCE_METERS, where + ": point " + k + " midway between the surfaces");
                assertEquals(0, p.z, PLACE_TOLERANCE_METERS, where + ": point " + k + " on the line of contact");
                ends[k] = p.x;
            }
            worstEnd = Math.max(worstEnd, Math.max(Math.abs(low - Math.min(ends[0], ends[1])),
                    Math.abs(high - Math.max(ends[0], ends[1]))));
            assertEquals(low, Math.min(ends[0], ends[1]), PLACE_TOLERANCE_METERS, where + ": one end of the common extent");
            assertEquals(high, Math.max(ends[0], ends[1]), PLACE_TOLERANCE_METERS, where + ": the other end");
            checked++;
        }
        System.out.printf("parallel sides: normal off by %.2e, separations by %.2e m, points by %.2e m across and %.2e m"
                + " along at most%n", worstNormal, worstSeparation, worstPlace, worstEnd);
        assertEquals(300, checked);
    }

    /** Writes the pose (move + turn·offset, turn·local) at poses[o..o+7). */
    static void pose(double[] poses, int o, Quaterniond turn, Vector3d move, Vector3d offset, Quaterniond local) {
        Vector3d p = turn.transform(new Vector3d(offset)).add(move);
        Quaterniond q = new Quaterniond(turn).mul(local);
        poses[o] = p.x;
        poses[o + 1] = p.y;
        poses[o + 2] = p.z;
        poses[o + 3] = q.x;
        poses[o + 4] = q.y;
        poses[o + 5] = q.z;
        poses[o + 6] = q.w;
    }
}
