package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Cylinder;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Box and hull manifolds in analytic configurations, and the stability of their feature ids. */
class HullColliderTest {
    private static final double EXACT = 1e-9;
    private static final CollisionHull GROUND = CollisionHull.of(new Box(5, 0.5, 5));
    private static final CollisionHull CUBE = CollisionHull.of(new Box(0.5, 0.5, 0.5));
    private final HullCollider collider = new HullCollider();

    private Manifold collide(CollisionHull a, Vector3d pa, Quaterniond qa, CollisionHull b, Vector3d pb, Quaterniond qb) {
        Manifold m = new Manifold();
        collider.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w, m);
        return m;
    }

    private Manifold cubeOnGround(double gap, Quaterniond rotation) {
        return collide(GROUND, new Vector3d(), new Quaterniond(), CUBE, new Vector3d(0, 1 + gap, 0), rotation);
    }

    private static Set<Integer> ids(Manifold m) {
        Set<Integer> ids = new TreeSet<>();
        for (int k = 0; k < m.pointCount; k++) {
            ids.add(m.featureId[k]);
        }
        return ids;
    }

    @Test
    void restingFaceOnFaceGivesTheFourCornersMidwayBetweenTheFaces() {
        for (double gap : new double[] {-0.01, 0.0, 0.01}) {
            Manifold m = cubeOnGround(gap, new Quaterniond());
            assertEquals(4, m.pointCount, "gap " + gap);
            assertEquals(0.0, m.normalX, EXACT);
            assertEquals(1.0, m.normalY, EXACT);
            Set<String> corners = new TreeSet<>();
            for (int k = 0; k < 4; k++) {
                assertEquals(gap, m.separation[k], EXACT);
                assertEquals(0.5 + gap / 2, m.position[3 * k + 1], EXACT, "midway");
                assertEquals(0.5, Math.abs(m.position[3 * k]), EXACT);
                assertEquals(0.5, Math.abs(m.position[3 * k + 2]), EXACT);
                corners.add(Math.signum(m.position[3 * k]) + "," + Math.signum(m.position[3 * k + 2]));
            }
            assertEquals(4, corners.size(), "four distinct corners");
            assertEquals(4, ids(m).size(), "four distinct ids");
        }
    }

    @Test
    void beyondTheSpeculativeDistanceThereIsNoManifold() {
        assertEquals(0, cubeOnGround(CollisionConstants.SPECULATIVE_DISTANCE_METERS + 1e-6, new Quaterniond()).pointCount);
        assertEquals(4, cubeOnGround(CollisionConstants.SPECULATIVE_DISTANCE_METERS - 1e-6, new Quaterniond()).pointCount);
    }

    @Test
    void cubeTurnedAboutTheVerticalStillRestsOnItsFourCorners() {
        Quaterniond q = new Quaterniond().rotateY(Math.PI / 4);
        Manifold m = cubeOnGround(-0.002, q);
        assertEquals(4, m.pointCount);
        for (int k = 0; k < 4; k++) {
            assertEquals(-0.002, m.separation[k], EXACT);
            double r = Math.hypot(m.position[3 * k], m.position[3 * k + 2]);
            assertEquals(Math.sqrt(0.5), r, EXACT, "corners of the turned cube");
        }
    }

    @Test
    void cubeOnAnEdgeGivesTwoPointsAlongThatEdge() {
        Quaterniond q = new Quaterniond().rotateZ(Math.PI / 4);
        double lowest = Math.sqrt(0.5);
        Manifold m = collide(GROUND, new Vector3d(), new Quaterniond(), CUBE, new Vector3d(0, 0.5 + lowest - 0.004, 0), q);
        assertEquals(2, m.pointCount);
        assertEquals(1.0, m.normalY, EXACT);
        for (int k = 0; k < 2; k++) {
            assertEquals(-0.004, m.separation[k], EXACT);
            assertEquals(0.0, m.position[3 * k], EXACT);
            assertEquals(0.5, Math.abs(m.position[3 * k + 2]), EXACT);
        }
    }

    @Test
    void crossedEdgesGiveOnePointBetweenThem() {
        // A's top is an edge along z (A turned 45° about z); B's bottom an edge along x (B turned about x).
        double halfDiagonal = Math.sqrt(0.5);
        for (double gap : new double[] {-0.01, 0.005}) {
            Quaterniond qa = new Quaterniond().rotateZ(Math.PI / 4);
            Quaterniond qb = new Quaterniond().rotateX(Math.PI / 4);
            Manifold m = collide(CUBE, new Vector3d(), qa, CUBE, new Vector3d(0, 2 * halfDiagonal + gap, 0), qb);
            assertEquals(1, m.pointCount, "gap " + gap);
            assertEquals(1.0, m.normalY, EXACT);
            assertEquals(gap, m.separation[0], EXACT);
            assertEquals(0.0, m.position[0], EXACT);
            assertEquals(halfDiagonal + gap / 2, m.position[1], EXACT);
            assertEquals(0.0, m.position[2], EXACT);
        }
    }

    @Test
    void theNormalPointsFromAToBWhicheverFaceIsTheReference() {
        Manifold down = collide(CUBE, new Vector3d(0, 1 - 0.01, 0), new Quaterniond(), GROUND, new Vector3d(),
                new Quaterniond());
        assertEquals(4, down.pointCount);
        assertEquals(-1.0, down.normalY, EXACT);
        Manifold up = cubeOnGround(-0.01, new Quaterniond());
        // The same corners touch; only the owner bit (A = 0, B = 1) of each edge label swaps.
        Set<Integer> swapped = new TreeSet<>();
        for (int id : ids(up)) {
            int low = (id >>> 16) ^ 0x100, high = (id & 0xffff) ^ 0x100;
            swapped.add((Math.min(low, high) << 16) | Math.max(low, high));
        }
        assertEquals(swapped, ids(down), "ids name the same features with the owners swapped");
    }

    @Test
    void manyPointFacesAreReducedToFourKeepingTheSupportPolygon() {
        CollisionHull drum = CollisionHull.of(new Cylinder(0.5, 0.8));
        Manifold m = collide(GROUND, new Vector3d(), new Quaterniond(), drum, new Vector3d(0, 1 - 0.003, 0),
                new Quaterniond());
        assertEquals(4, m.pointCount);
        double spread = 0;
        for (int k = 0; k < 4; k++) {
            assertEquals(-0.003, m.separation[k], EXACT);
            spread = Math.max(spread, Math.hypot(m.position[3 * k], m.position[3 * k + 2]));
        }
        assertTrue(spread > 0.8, "kept points lie on the rim");
    }

    @Test
    void featureIdsStayPutUnderJitterAndOnlyLiftedCornersDisappearWhenTilted() {
        Manifold first = cubeOnGround(-0.005, new Quaterniond());
        Set<Integer> resting = ids(first);
        Random random = new Random(9);
        for (int step = 0; step < 600; step++) {
            Quaterniond q = new Quaterniond().rotateXYZ(random.nextGaussian() * 0.002, random.nextGaussian() * 0.01,
                    random.nextGaussian() * 0.002);
            Vector3d p = new Vector3d(random.nextGaussian() * 0.001, 1 - 0.005 + random.nextGaussian() * 0.0005,
                    random.nextGaussian() * 0.001);
            Manifold m = collide(GROUND, new Vector3d(), new Quaterniond(), CUBE, p, q);
            assertEquals(4, m.pointCount, "step " + step);
            assertEquals(resting, ids(m), "ids at step " + step);
        }
        // Tilt about z by 6°: the +x corners rise 10 cm and drop out; the −x corners keep their ids.
        Quaterniond tilt = new Quaterniond().rotateZ(Math.toRadians(6));
        double lowX = -0.5 * Math.cos(Math.toRadians(6)) + 0.5 * Math.sin(Math.toRadians(6));
        double drop = 0.5 * Math.cos(Math.toRadians(6)) + 0.5 * Math.sin(Math.toRadians(6));
        Manifold tilted = collide(GROUND, new Vector3d(), new Quaterniond(), CUBE, new Vector3d(0, 0.5 + drop - 0.004, 0), tilt);
        assertEquals(2, tilted.pointCount);
        assertTrue(resting.containsAll(ids(tilted)), "the corners still touching keep their ids");
        for (int k = 0; k < 2; k++) {
            assertEquals(lowX, tilted.position[3 * k], 1e-3);
        }
    }

    /**
     * The box closed forms (support functions, nine edge axes) find the manifold the general
     * separating-axis test finds: 3000 random pairs of boxes of random sizes, touching or within a
     * few centimetres, compared point by point (ids, positions and separations to 1e-9 m) with the
     * same pair collided as general hulls. The two round differently, so at a near-tie they could
     * pick another face or edge of equal separation; measured: all 3000 agree, and up to 10 may
     * differ (by a tie, so with the same deepest point).
     */
    @Test
    void boxClosedFormsFindTheGeneralTestsManifold() {
        Random random = new Random(42);
        HullCollider general = new HullCollider();
        general.boxClosedForms = false;
        int compared = 0, ties = 0, touching = 0;
        for (int trial = 0; trial < 3000; trial++) {
            CollisionHull a = randomBox(random, 0.2);
            CollisionHull b = randomBox(random, 0.2);
            assertTrue(a.box && b.box);
            Quaterniond qa = turned(new Quaterniond(), gaussian(random));
            // Half the pairs nearly aligned, as in stacks; half at any angle.
            double spread = trial % 2 == 0 ? 0.05 : 3;
            Quaterniond qb = turned(new Quaterniond(qa), gaussian(random).mul(spread));
            Vector3d pa = gaussian(random);
            Vector3d dir = gaussian(random).normalize();
            // Walk B in from far away until the manifold appears, then a little further in.
            Vector3d pb = new Vector3d();
            Manifold fast = new Manifold(), slow = new Manifold();
            for (double distance = 4; distance > 0; distance -= 0.01) {
                pb.set(dir).mul(distance).add(pa);
                collider.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w,
                        fast);
                if (fast.pointCount > 0) {
                    pb.set(dir).mul(distance - 0.02 * random.nextDouble()).add(pa);
                    break;
                }
            }
            collider.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w, fast);
            general.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w, slow);
            compared++;
            touching += fast.pointCount > 0 ? 1 : 0;
            boolean same = fast.pointCount == slow.pointCount && ids(fast).equals(ids(slow))
                    && Math.abs(fast.normalX - slow.normalX) + Math.abs(fast.normalY - slow.normalY)
                    + Math.abs(fast.normalZ - slow.normalZ) < 1e-9;
            for (int k = 0; same && k < fast.pointCount; k++) {
                same = Math.abs(fast.separation[k] - slow.separation[k]) < 1e-9
                        && Math.abs(fast.position[3 * k] - slow.position[3 * k]) < 1e-9
                        && Math.abs(fast.position[3 * k + 1] - slow.position[3 * k + 1]) < 1e-9
                        && Math.abs(fast.position[3 * k + 2] - slow.position[3 * k + 2]) < 1e-9;
            }
            if (!same) {
                ties++;
                // A different choice must still be an equally good one: the deepest point agrees.
                assertEquals(leastSeparation(slow), leastSeparation(fast), 1e-6, "trial " + trial);
            }
        }
        assertTrue(touching > 2800, "pairs in contact: " + touching);
        assertTrue(ties <= 10, "pairs that chose another feature: " + ties + " of " + compared);
    }

    /**
     * A pair apart by less than the speculative distance skips GJK where the gap is already
     * realised, by its reference face's nearest point or by the closest points of its edge pair
     * (inside both edges), and gets the manifold GJK would have left it, bit for bit: boxes of random
     * sizes, and a box against a wedge (a hull that is not a box), walked in from far away until
     * their first point appears, landing flat, corner or edge first (where GJK must still run: the
     * closest features are vertices), or at any angle. Measured: 3251 of the 4000 pairs skipped
     * GJK, 1377 of them by an edge contact; claiming an edge contact where the edges' closest points
     * fall outside them fails it.
     */
    @Test
    void skippingGjkWhereAFaceOrAnEdgePairRealisesTheGapChangesNoManifold() {
        Random random = new Random(7);
        HullCollider skipping = new HullCollider(), always = new HullCollider();
        always.skipGjkWhereGapRealised = false;
        CollisionHull wedge = CollisionHull.of(org.cairn.engine3d.geometry.ConvexHull.of(
            -0.5, 0, -0.4, 0.5, 0, -0.4, -0.5, 0, 0.4, 0.5, 0, 0.4, -0.5, 0.6, 0, 0.5, 0.6, 0));
        int apart = 0;
        for (int trial = 0; trial < 4000; trial++) {
            CollisionHull a = randomBox(random, 0.2);
            CollisionHull b = trial % 4 == 3 ? wedge : randomBox(random, 0.2);
            Quaterniond qa = turned(new Quaterniond(), gaussian(random));
            double spread = trial % 2 == 0 ? 0.02 : 3;
            Quaterniond qb = turned(new Quaterniond(qa), gaussian(random).mul(spread));
            Vector3d pa = gaussian(random);
            Vector3d dir = gaussian(random).normalize();
            if (trial % 2 == 0) {
                // Landing flat: along one of A's face normals.
                dir.set(0, 1, 0).rotate(qa);
            } else if (trial % 4 == 1) {
                // Corner towards corner, or nearly (the closest features are vertices or an edge and
                // a vertex, and neither the face nor the edge pair realises the gap: GJK must run).
                // Towards A's corner, or the middle of one of its edges.
                dir.set(1, 1, trial % 8 == 1 ? 1 : 0).normalize().rotate(qa);
                Vector3d cornerB = new Vector3d(-1, -1, -1).normalize();
                qb.rotationTo(cornerB, new Vector3d(dir).negate()).rotateXYZ(0.05 * random.nextGaussian(),
                        0.05 * random.nextGaussian(), 0.05 * random.nextGaussian());
            }
            Vector3d pb = new Vector3d();
            Manifold fast = new Manifold(), slow = new Manifold();
            for (double distance = 4; distance > 0; distance -= 0.003) {
                pb.set(dir).mul(distance).add(pa);
                always.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w, slow);
                if (slow.pointCount > 0) {
                    break;
                }
            }
            skipping.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w, fast);
            apart += leastSeparation(slow) > 0 ? 1 : 0;
            assertEquals(slow.pointCount, fast.pointCount, "trial " + trial);
            assertEquals(ids(slow), ids(fast), "trial " + trial);
            assertEquals(slow.normalX, fast.normalX, 0.0, "trial " + trial);
            assertEquals(slow.normalY, fast.normalY, 0.0, "trial " + trial);
            assertEquals(slow.normalZ, fast.normalZ, 0.0, "trial " + trial);
            for (int k = 0; k < slow.pointCount; k++) {
                assertEquals(slow.separation[k], fast.separation[k], 0.0, "trial " + trial);
                for (int i = 0; i < 3; i++) {
                    assertEquals(slow.position[3 * k + i], fast.position[3 * k + i], 0.0, "trial " + trial);
                }
            }
        }
        assertTrue(apart > 3500, "pairs apart within the speculative distance: " + apart);
        assertTrue(skipping.gjkSkipped > 1000, "pairs that skipped GJK: " + skipping.gjkSkipped);
        assertTrue(skipping.gjkSkippedOnEdges > 300, "of them by an edge contact: " + skipping.gjkSkippedOnEdges);
        System.out.println("GJK skipped for " + skipping.gjkSkipped + " of 4000 pairs (" + apart + " apart), "
                + skipping.gjkSkippedOnEdges + " by an edge contact");
    }

    /**
     * Two boxes' nine edge axes are first estimated (one division each) and only those within a
     * margin of the best estimate are then taken exactly: the same axis, with the same bits, wins
     * as when all nine are taken exactly. Boxes of random sizes at random relative poses, near and
     * far, nearly aligned (where several axes tie) or at any angle.
     */
    @Test
    void estimatingTheEdgeAxesFirstChoosesTheSameAxis() {
        Random random = new Random(11);
        HullCollider estimating = new HullCollider(), exact = new HullCollider();
        exact.estimateEdges = false;
        for (int trial = 0; trial < 20000; trial++) {
            CollisionHull a = randomBox(random, 0.05);
            CollisionHull b = randomBox(random, 0.05);
            Quaterniond q = new Quaterniond();
            double spread = trial % 3 == 0 ? 0.0 : trial % 3 == 1 ? 0.01 : 3;
            q.rotateXYZ(spread * random.nextGaussian(), spread * random.nextGaussian(), spread * random.nextGaussian());
            if (trial % 5 == 0) {
                q.rotateY(Math.PI / 4);
            }
            double scale = trial % 2 == 0 ? 1 : 5;
            double tx = scale * random.nextGaussian(), ty = scale * random.nextGaussian(), tz = scale * random.nextGaussian();
            for (HullCollider c : new HullCollider[] {estimating, exact}) {
                c.boxAxes(q.x, q.y, q.z, q.w);
                c.boxEdgeAxes(a, b, tx, ty, tz);
            }
            String where = "trial " + trial;
            assertEquals(exact.boxEdgeA, estimating.boxEdgeA, where);
            assertEquals(exact.boxEdgeB, estimating.boxEdgeB, where);
            assertEquals(Double.doubleToRawLongBits(exact.boxSeparationE), Double.doubleToRawLongBits(estimating.boxSeparationE), where);
            assertEquals(Double.doubleToRawLongBits(exact.boxAxisX), Double.doubleToRawLongBits(estimating.boxAxisX), where);
            assertEquals(Double.doubleToRawLongBits(exact.boxAxisY), Double.doubleToRawLongBits(estimating.boxAxisY), where);
            assertEquals(Double.doubleToRawLongBits(exact.boxAxisZ), Double.doubleToRawLongBits(estimating.boxAxisZ), where);
        }
    }

    /** A box of random half extents, each at least {@code least} m (and less than one more). */
    private static CollisionHull randomBox(Random random, double least) {
        return CollisionHull.of(new Box(least + random.nextDouble(), least + random.nextDouble(), least + random.nextDouble()));
    }

    /** q turned further by the angles (x, y, z), rad, about its x, y and z axes in turn; returns q. */
    private static Quaterniond turned(Quaterniond q, Vector3d angles) {
        return q.rotateXYZ(angles.x, angles.y, angles.z);
    }

    /** A vector of three standard normal components, drawn x, y, z. */
    private static Vector3d gaussian(Random random) {
        return new Vector3d(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
    }

    private static double leastSeparation(Manifold m) {
        double least = Double.MAX_VALUE;
        for (int k = 0; k < m.pointCount; k++) {
            least = Math.min(least, m.separation[k]);
        }
        return least;
    }

    /** The world-frame corners of a box of half extents h at pose (p, q), as BruteDistance takes them. */
    private static double[] corners(double hx, double hy, double hz, Vector3d p, Quaterniond q) {
        double[] out = new double[24];
        Vector3d v = new Vector3d();
        for (int c = 0; c < 8; c++) {
            v.set((c & 1) == 0 ? -hx : hx, (c & 2) == 0 ? -hy : hy, (c & 4) == 0 ? -hz : hz);
            q.transform(v).add(p);
            out[3 * c] = v.x;
            out[3 * c + 1] = v.y;
            out[3 * c + 2] = v.z;
        }
        return out;
    }

    /**
     * With its per-pair cache (the last best axis, tried first), the collider reports a pair apart
     * exactly when it is: boxes of random sizes and orientations approach each other along random
     * directions, turning a little every step, and at every step the manifold is empty if and only
     * if the independent distance (BruteDistance) exceeds the speculative distance (within 1 µm of
     * it either way is not judged). Measured: 7134 verdicts over 60 approaches, all agree.
     */
    @Test
    void withItsCacheAPairIsReportedApartExactlyWhenTheIndependentDistanceSaysSo() {
        Random random = new Random(20261201);
        double speculative = CollisionConstants.SPECULATIVE_DISTANCE_METERS;
        int judged = 0, touching = 0;
        for (int trial = 0; trial < 60; trial++) {
            double ax = 0.1 + 0.5 * random.nextDouble(), ay = 0.1 + 0.5 * random.nextDouble(), az = 0.1 + 0.5 * random.nextDouble();
            double bx = 0.1 + 0.5 * random.nextDouble(), by = 0.1 + 0.5 * random.nextDouble(), bz = 0.1 + 0.5 * random.nextDouble();
            CollisionHull a = CollisionHull.of(new Box(ax, ay, az)), b = CollisionHull.of(new Box(bx, by, bz));
            Quaterniond qa = new Quaterniond().rotateXYZ(7 * random.nextDouble(), 7 * random.nextDouble(), 7 * random.nextDouble());
            Quaterniond qb = new Quaterniond().rotateXYZ(7 * random.nextDouble(), 7 * random.nextDouble(), 7 * random.nextDouble());
            Vector3d direction = gaussian(random).normalize();
            Vector3d pa = new Vector3d(random.nextDouble(), random.nextDouble(), random.nextDouble());
            double reach = Math.sqrt(ax * ax + ay * ay + az * az) + Math.sqrt(bx * bx + by * by + bz * bz);
            int[] cache = new int[Narrowphase.CACHE_INTS];
            Manifold m = new Manifold();
            for (double s = reach + 0.05; s > 0; s -= 0.004) {
                Vector3d pb = new Vector3d(direction).mul(s).add(pa);
                qb.rotateY(0.002).rotateX(0.001);
                collider.collide(a, pa.x, pa.y, pa.z, qa.x, qa.y, qa.z, qa.w, b, pb.x, pb.y, pb.z, qb.x, qb.y, qb.z, qb.w,
                        cache, 0, m);
                double distance = BruteDistance.distance(corners(ax, ay, az, pa, qa), corners(bx, by, bz, pb, qb));
                if (Double.isNaN(distance) || Math.abs(distance - speculative) < 1e-6) {
                    continue;
                }
                judged++;
                boolean apart = distance > speculative;
                assertEquals(apart, m.pointCount == 0, "trial " + trial + " at " + s + " m: distance " + distance
                        + ", " + m.pointCount + " points");
                if (distance == 0) {
                    touching++;
                    break;
                }
            }
        }
        System.out.printf("cached separation: %d verdicts agree, %d approaches reached contact%n", judged, touching);
        assertEquals(60, touching, "every approach reaches contact");
    }
}
