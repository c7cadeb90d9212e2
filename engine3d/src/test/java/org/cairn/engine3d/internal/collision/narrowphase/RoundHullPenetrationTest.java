package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A capsule whose core segment dips into a box, against support functions computed here: for a
 * direction n (from the capsule, A, to the box, B) the shapes' separation along n is
 * min over B of n·x − max over A of n·x, with the box's support Σ h_i·|n·u_i| about its centre
 * and the capsule's its farther end plus r. The penetration depth is the least overlap over all
 * directions.
 */
class RoundHullPenetrationTest {
    private static final double HX = 0.5, HY = 0.4, HZ = 0.3, HALF_HEIGHT = 0.4, RADIUS = 0.1;

    /** Separation along unit n (A = capsule at pa, axis ua; B = box at the origin, unrotated). */
    private static double separation(Vector3d n, Vector3d pa, Vector3d ua) {
        double boxMin = -(HX * Math.abs(n.x) + HY * Math.abs(n.y) + HZ * Math.abs(n.z));
        double capsuleMax = n.dot(pa) + HALF_HEIGHT * Math.abs(n.dot(ua)) + RADIUS;
        return boxMin - capsuleMax;
    }

    /**
     * Capsules crossing the box's edges with their cores inside it, in random poses: the manifold
     * is not empty, a single point's separation is the separation along the reported normal (two
     * clipped to a face are no deeper than it), and a single point's depth is the least over
     * directions (a sampled sphere of 40 000 directions gives an upper bound; the reported one is
     * no deeper than it). Measured: 200 poses, 130 of them single points, their separations to
     * 2e-16, their depths never deeper than the sampled least (up to 1.0 cm shallower: the samples'
     * spacing).
     */
    @Test
    void aCapsuleDippingIntoABoxGetsThePenetrationDepthItsSupportFunctionsGive() {
        CollisionShape capsule = CollisionShape.of(new Capsule(HALF_HEIGHT, RADIUS));
        CollisionShape box = CollisionShape.of(new Box(HX, HY, HZ));
        RoundHullCollider collider = new RoundHullCollider();
        Random random = new Random(7);
        Vector3d[] directions = new Vector3d[40_000];
        for (int i = 0; i < directions.length; i++) {
            directions[i] = new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).normalize();
        }
        int checked = 0, single = 0;
        double worstSeparation = 0, worstDepth = 0;
        Manifold m = new Manifold();
        int[] cache = new int[Narrowphase.CACHE_INTS];
        for (int trial = 0; trial < 200; trial++) {
            // The capsule's centre near a box edge, just inside the box: its core crosses the edge region.
            Vector3d pa = new Vector3d((random.nextBoolean() ? 1 : -1) * HX * (0.8 + 0.15 * random.nextDouble()),
                    (random.nextBoolean() ? 1 : -1) * HY * (0.8 + 0.15 * random.nextDouble()),
                    HZ * (2 * random.nextDouble() - 1));
            Quaterniond qa = new Quaterniond().rotateXYZ(7 * random.nextDouble(), 7 * random.nextDouble(), 7 * random.nextDouble());
            Vector3d ua = qa.transform(new Vector3d(0, 1, 0));
            java.util.Arrays.fill(cache, 0);
            collider.collide(capsule, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, box, 0, 0, 0, 0, 0, 0, 1, cache, 0, m);
            assertTrue(m.pointCount > 0, "trial " + trial + ": no manifold for overlapping shapes");
            Vector3d n = new Vector3d(m.normalX, m.normalY, m.normalZ);
            assertEquals(1.0, n.length(), 1e-12, "unit normal");
            double along = separation(n, pa, ua);
            double least = Double.MAX_VALUE;
            for (Vector3d d : directions) {
                least = Math.min(least, -separation(d, pa, ua));
            }
            double deepest = Double.MAX_VALUE;
            for (int k = 0; k < m.pointCount; k++) {
                deepest = Math.min(deepest, m.separation[k]);
            }
            // One point is the deepest pair along n; two are the segment's ends clipped to a face,
            // which may leave out a deeper end beyond the face's edge, so they are no deeper.
            if (m.pointCount == 1) {
                single++;
                worstSeparation = Math.max(worstSeparation, Math.abs(deepest - along));
                assertEquals(along, deepest, 1e-9, "trial " + trial + ": the point's separation is the separation along n");
            } else {
                assertTrue(deepest >= along - 1e-9, "trial " + trial + ": a point deeper than the shapes overlap along n");
            }
            if (m.pointCount == 1) {
                assertTrue(-along <= least + 1e-9, "trial " + trial + ": depth " + -along + " deeper than direction-sampled " + least);
                worstDepth = Math.max(worstDepth, least - -along);
            }
            checked++;
        }
        System.out.printf("capsule into box: %d poses (%d single points), separation off by at most %.2e, depth at most %.2e"
                + " below the sampled least%n", checked, single, worstSeparation, worstDepth);
        assertEquals(200, checked);
        assertTrue(single >= 20, "only " + single + " poses gave a single point");
    }

    /**
     * A capsule lying across a unit box's edge, its core 0.2·√2 m inside the edge's corner line:
     * the edge axis wins (faces overlap by 0.62 m, the edge axis by 0.28 m), and the one point lies
     * midway between the edge, h = (0.5, 0.5, 0), and the capsule's surface, p − r·n with p = (0.3,
     * 0.3, 0) and n = (1, 1, 0)/√2 (box to capsule), so at ((0.5 + 0.3 − r/√2)/2, same, 0), with
     * separation −0.2·√2 − r. Turned about the edge direction by 0°, 90°, 180° and 270°, so each of
     * the box's four edges of that direction is the one: the axis is made from an edge's direction
     * alone, and the point once went on the first such edge in the hull's list, across the box.
     */
    @Test
    void aCapsuleSunkAcrossABoxEdgeGetsOnePointMidwayBetweenThatEdgeAndItsSurface() {
        double r = 0.1, d = 0.2;
        CollisionShape capsule = CollisionShape.of(new Capsule(0.6, r));
        CollisionShape box = CollisionShape.of(new Box(0.5, 0.5, 0.5));
        RoundHullCollider collider = new RoundHullCollider();
        Manifold m = new Manifold();
        int[] cache = new int[Narrowphase.CACHE_INTS];
        double expected = (0.5 + (0.5 - d) - r / Math.sqrt(2)) / 2;
        for (int quarter = 0; quarter < 4; quarter++) {
            Quaterniond turn = new Quaterniond().rotationZ(quarter * Math.PI / 2);
            // The capsule's axis (local y) along (1, −1, 0)/√2, its centre at (0.5 − d, 0.5 − d, 0).
            Quaterniond qa = new Quaterniond(turn).mul(new Quaterniond().rotationZ(Math.PI / 4));
            Vector3d pa = turn.transform(new Vector3d(0.5 - d, 0.5 - d, 0));
            java.util.Arrays.fill(cache, 0);
            collider.collide(capsule, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, box, 0, 0, 0, 0, 0, 0, 1, cache, 0, m);
            assertEquals(1, m.pointCount, "quarter " + quarter + ": one point");
            Vector3d normal = turn.transformInverse(new Vector3d(m.normalX, m.normalY, m.normalZ));
            Vector3d point = turn.transformInverse(new Vector3d(m.position[0], m.position[1], m.position[2]));
            assertEquals(-Math.sqrt(0.5), normal.x, 1e-12, "quarter " + quarter + ": normal from the capsule into the box");
            assertEquals(-Math.sqrt(0.5), normal.y, 1e-12, "quarter " + quarter + ": normal from the capsule into the box");
            assertEquals(-d * Math.sqrt(2) - r, m.separation[0], 1e-12, "quarter " + quarter + ": separation");
            assertEquals(expected, point.x, 1e-12, "quarter " + quarter + ": point midway, x");
            assertEquals(expected, point.y, 1e-12, "quarter " + quarter + ": point midway, y");
            assertEquals(0.0, point.z, 1e-12, "quarter " + quarter + ": point midway, z");
        }
    }
}
