package org.cairn.engine3d.internal.collision.broadphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.cairn.engine3d.geometry.Aabb;
import org.junit.jupiter.api.Test;

/** The tree stays valid and balanced, and its queries equal brute force, through churn. */
class DynamicTreeTest {
    private static Aabb randomBox(Random random, double world) {
        double x = random.nextDouble() * world, y = random.nextDouble() * world, z = random.nextDouble() * world;
        double s = 0.1 + random.nextDouble() * 2;
        return new Aabb(x, y, z, x + s * random.nextDouble(), y + s * random.nextDouble(), z + s * random.nextDouble());
    }

    @Test
    void queriesAndRayCastsMatchBruteForceThroughInsertsRemovesAndMoves() {
        Random random = new Random(11);
        DynamicTree tree = new DynamicTree();
        List<Integer> proxies = new ArrayList<>();
        List<Aabb> boxes = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 100; i++) {
                Aabb box = randomBox(random, 30);
                proxies.add(tree.createProxy(box, proxies.size()));
                boxes.add(box);
            }
            for (int i = 0; i < 30; i++) {
                int k = random.nextInt(proxies.size());
                if (proxies.get(k) < 0) {
                    continue;
                }
                if (random.nextBoolean()) {
                    tree.destroyProxy(proxies.get(k));
                    proxies.set(k, -1);
                } else {
                    Aabb box = randomBox(random, 30);
                    tree.moveProxy(proxies.get(k), box);
                    boxes.set(k, box);
                }
            }
            tree.validate();
            assertQueriesExact(tree, proxies, boxes, random, "round " + round);

            double ox = -5, oy = random.nextDouble() * 30, oz = random.nextDouble() * 30;
            double dx = 40, dy = random.nextGaussian() * 5, dz = random.nextGaussian() * 5;
            TreeSet<Integer> crossed = new TreeSet<>();
            tree.rayCast(ox, oy, oz, dx, dy, dz, 1.0, (p, max) -> {
                crossed.add(tree.userData(p));
                return max;
            });
            TreeSet<Integer> expectedCrossed = new TreeSet<>();
            for (int k = 0; k < proxies.size(); k++) {
                if (proxies.get(k) >= 0 && segmentHits(boxes.get(k), ox, oy, oz, dx, dy, dz)) {
                    expectedCrossed.add(k);
                }
            }
            assertEquals(expectedCrossed, crossed, "ray in round " + round);
        }
        int live = (int) proxies.stream().filter(p -> p >= 0).count();
        assertEquals(live, tree.proxyCount());
        // Rotations keep the height logarithmic: within twice the perfectly balanced log2(n).
        assertTrue(tree.height() <= 2 * Math.log(live) / Math.log(2), "height " + tree.height());
    }

    /**
     * Leaves enlarged in place (as bodies step) leave the tree valid and its queries exact both
     * before the rebuild (ancestors only grown) and after it (the loosened nodes rebuilt tight),
     * through inserts, removals and moves between the rounds; after a rebuild nothing is left
     * marked (a second rebuild changes nothing), and the rebuilt tree stays shallow.
     */
    @Test
    void enlargedLeavesKeepQueriesExactBeforeAndAfterTheRebuild() {
        Random random = new Random(23);
        DynamicTree tree = new DynamicTree();
        List<Integer> proxies = new ArrayList<>();
        List<Aabb> boxes = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            Aabb box = randomBox(random, 30);
            proxies.add(tree.createProxy(box, i));
            boxes.add(box);
        }
        for (int round = 0; round < 40; round++) {
            // A third of the leaves step a little, a few jump far: each gets its new box in place.
            for (int k = 0; k < proxies.size(); k++) {
                if (proxies.get(k) < 0 || random.nextInt(3) != 0) {
                    continue;
                }
                Aabb old = boxes.get(k);
                double jump = random.nextInt(20) == 0 ? 25 : 0.3;
                double dx = jump * random.nextGaussian(), dy = jump * random.nextGaussian(), dz = jump * random.nextGaussian();
                Aabb box = new Aabb(old.minX + dx, old.minY + dy, old.minZ + dz, old.maxX + dx, old.maxY + dy, old.maxZ + dz);
                tree.enlargeProxy(proxies.get(k), box);
                boxes.set(k, box);
            }
            tree.validate();
            assertQueriesExact(tree, proxies, boxes, random, "loose, round " + round);
            if (round % 4 == 3) {
                // Structural changes while nodes are marked: the tree rebuilds first.
                Aabb box = randomBox(random, 30);
                proxies.add(tree.createProxy(box, proxies.size()));
                boxes.add(box);
                int k = random.nextInt(proxies.size());
                if (proxies.get(k) >= 0) {
                    tree.destroyProxy(proxies.get(k));
                    proxies.set(k, -1);
                }
                tree.validate();
                continue;
            }
            tree.rebuild();
            tree.validate();
            assertQueriesExact(tree, proxies, boxes, random, "rebuilt, round " + round);
            int height = tree.height();
            tree.rebuild();
            assertEquals(height, tree.height(), "a rebuild with nothing enlarged changes nothing");
        }
        int live = (int) proxies.stream().filter(p -> p >= 0).count();
        assertEquals(live, tree.proxyCount());
        // Splitting at the centres' middle keeps the tree shallow: 20 levels here for 601 leaves
        // scattered by the jumps (a balanced tree has 10); a chain would have 600.
        assertTrue(tree.height() <= 3 * Math.log(live) / Math.log(2), "height " + tree.height());
    }

    @Test
    void aRebuildInTwoHalvesOnTwoWorkersGivesTheSameTreeNodeForNode() {
        // Two trees given the same leaves and the same moves; one rebuilds on one thread, the other
        // with a pool of two workers, which builds the new top's halves apart once it has
        // TreeRebuild.PARALLEL_PIECES pieces. Every node (children, parent, height, box) must agree.
        DynamicTree serial = new DynamicTree(), parallel = new DynamicTree();
        List<Integer> proxies = new ArrayList<>();
        List<Aabb> boxes = new ArrayList<>();
        Random random = new Random(31);
        for (int i = 0; i < 3000; i++) {
            Aabb box = randomBox(random, 60);
            int p = serial.createProxy(box, i);
            assertEquals(p, parallel.createProxy(box, i));
            proxies.add(p);
            boxes.add(box);
        }
        int largeRebuilds = 0;
        try (org.cairn.engine3d.internal.task.WorkerPool pool = new org.cairn.engine3d.internal.task.WorkerPool(2)) {
            for (int round = 0; round < 12; round++) {
                // Early rounds move most leaves (a rebuild of thousands of pieces), later ones a few.
                int share = round < 6 ? 2 : 40;
                for (int k = 0; k < proxies.size(); k++) {
                    if (random.nextInt(share) != 0) {
                        continue;
                    }
                    Aabb old = boxes.get(k);
                    double dx = random.nextGaussian(), dy = random.nextGaussian(), dz = random.nextGaussian();
                    Aabb box = new Aabb(old.minX + dx, old.minY + dy, old.minZ + dz, old.maxX + dx, old.maxY + dy,
                            old.maxZ + dz);
                    serial.enlargeProxy(proxies.get(k), box);
                    parallel.enlargeProxy(proxies.get(k), box);
                    boxes.set(k, box);
                }
                largeRebuilds += round < 6 ? 1 : 0;
                serial.rebuild();
                parallel.rebuild(pool);
                parallel.validate();
                assertEquals(serial.root(), parallel.root(), "root, round " + round);
                assertEquals(serial.height(), parallel.height(), "height, round " + round);
                for (int n = 0; n < serial.nodeCapacity(); n++) {
                    String at = "node " + n + ", round " + round;
                    assertEquals(serial.nodeHeight(n), parallel.nodeHeight(n), at);
                    if (serial.nodeHeight(n) < 0) {
                        continue;
                    }
                    assertEquals(serial.child1[n], parallel.child1[n], at);
                    assertEquals(serial.child2[n], parallel.child2[n], at);
                    assertEquals(serial.parent[n], parallel.parent[n], at);
                    for (int c = 0; c < 6; c++) {
                        assertEquals(Double.doubleToLongBits(serial.box[6 * n + c]),
                                Double.doubleToLongBits(parallel.box[6 * n + c]), at);
                    }
                }
                assertQueriesExact(parallel, proxies, boxes, random, "two workers, round " + round);
            }
        }
        assertEquals(6, largeRebuilds);
    }

    private static void assertQueriesExact(DynamicTree tree, List<Integer> proxies, List<Aabb> boxes, Random random,
                                           String where) {
        for (int q = 0; q < 5; q++) {
            Aabb query = randomBox(random, 30);
            query.maxX += 4;
            query.maxZ += 4;
            TreeSet<Integer> found = new TreeSet<>();
            tree.query(query, p -> found.add(tree.userData(p)));
            TreeSet<Integer> expected = new TreeSet<>();
            for (int k = 0; k < proxies.size(); k++) {
                if (proxies.get(k) >= 0 && boxes.get(k).overlaps(query)) {
                    expected.add(k);
                }
            }
            assertEquals(expected, found, "query, " + where);
        }
    }

    /** Clips the segment t ∈ [0, 1] against each slab in turn (the rays here are never axis-parallel). */
    private static boolean segmentHits(Aabb b, double ox, double oy, double oz, double dx, double dy, double dz) {
        double[] lo = {b.minX, b.minY, b.minZ}, hi = {b.maxX, b.maxY, b.maxZ}, o = {ox, oy, oz}, d = {dx, dy, dz};
        double enter = 0, exit = 1;
        for (int axis = 0; axis < 3; axis++) {
            double tLo = (lo[axis] - o[axis]) / d[axis], tHi = (hi[axis] - o[axis]) / d[axis];
            enter = Math.max(enter, Math.min(tLo, tHi));
            exit = Math.min(exit, Math.max(tLo, tHi));
        }
        return enter <= exit;
    }

    /**
     * Rays along the axes (where the slab test divides by zero), some lying in a box's face plane,
     * and rays clipped by their callback: the tree reports exactly the boxes brute force says the
     * segment crosses, and a callback that clips the ray at each box's entry ends with the nearest
     * entry; one that returns a negative number stops at its first report.
     */
    @Test
    void axisParallelRaysAndClippedRaysMatchBruteForce() {
        Random random = new Random(12);
        DynamicTree tree = new DynamicTree();
        List<Aabb> boxes = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            // Boxes on a 1 m lattice, so rays along the lattice lines run in box faces.
            double x = random.nextInt(20), y = random.nextInt(20), z = random.nextInt(20);
            Aabb box = new Aabb(x, y, z, x + 1 + random.nextInt(2), y + 1, z + 1 + random.nextInt(2));
            tree.createProxy(box, i);
            boxes.add(box);
        }
        int hits = 0, inFaces = 0;
        for (int ray = 0; ray < 300; ray++) {
            int axis = ray % 3;
            double[] o = {random.nextInt(21), random.nextInt(21), random.nextInt(21)};
            if (ray % 2 == 0) {
                // Half the rays run inside boxes' slabs, half along their face planes.
                o[(axis + 1) % 3] += 0.5;
                o[(axis + 2) % 3] += 0.5;
            } else {
                inFaces++;
            }
            o[axis] = -3;
            double[] d = {0, 0, 0};
            d[axis] = random.nextBoolean() ? 30 : 12;
            double max = random.nextBoolean() ? 1.0 : 0.6;
            TreeSet<Integer> crossed = new TreeSet<>();
            tree.rayCast(o[0], o[1], o[2], d[0], d[1], d[2], max, (p, limit) -> {
                crossed.add(tree.userData(p));
                return limit;
            });
            TreeSet<Integer> expected = new TreeSet<>();
            double nearest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < boxes.size(); k++) {
                double entry = axisSegmentEntry(boxes.get(k), o, axis, d[axis], max);
                if (entry >= 0) {
                    expected.add(k);
                    nearest = Math.min(nearest, entry);
                }
            }
            assertEquals(expected, crossed, "ray " + ray);
            hits += expected.size();
            double[] clipped = {Double.POSITIVE_INFINITY};
            tree.rayCast(o[0], o[1], o[2], d[0], d[1], d[2], max, (p, limit) -> {
                double entry = axisSegmentEntry(boxes.get(tree.userData(p)), o, axis, d[axis], limit);
                assertTrue(entry >= 0, "a box reported beyond the clipped ray");
                clipped[0] = Math.min(clipped[0], entry);
                return entry;
            });
            assertEquals(nearest, clipped[0], 0.0, "nearest entry, ray " + ray);
            int[] reports = {0};
            tree.rayCast(o[0], o[1], o[2], d[0], d[1], d[2], max, (p, limit) -> {
                reports[0]++;
                return -1;
            });
            assertEquals(expected.isEmpty() ? 0 : 1, reports[0], "a negative return stops the cast");
        }
        assertTrue(hits > 300 && inFaces > 100, hits + " hits, " + inFaces + " rays in face planes");
    }

    /**
     * The fraction t ∈ [0, max] at which the segment o + t·d·e_axis enters the box, or −1 if it
     * misses: off its axis it must lie within the box's extent (faces included).
     */
    private static double axisSegmentEntry(Aabb b, double[] o, int axis, double d, double max) {
        double[] lo = {b.minX, b.minY, b.minZ}, hi = {b.maxX, b.maxY, b.maxZ};
        for (int i = 0; i < 3; i++) {
            if (i != axis && (o[i] < lo[i] || o[i] > hi[i])) {
                return -1;
            }
        }
        double enter = Math.max(0, (lo[axis] - o[axis]) / d), exit = Math.min(max, (hi[axis] - o[axis]) / d);
        return enter <= exit ? enter : -1;
    }

    /**
     * Boxes are closed: two that share only a face overlap, a query box touching a leaf's face
     * finds it, and a box equal to a leaf's fat box on any face is contained in it; by a hair less
     * on any side, none of these. An empty tree has height −1, one leaf height 0.
     */
    @Test
    void boxesThatOnlyTouchCountAsOverlapping() {
        DynamicTree tree = new DynamicTree();
        assertEquals(-1, tree.height());
        int leaf = tree.createProxy(new Aabb(0, 0, 0, 1, 2, 3), 0);
        assertEquals(0, tree.height());
        double[] lo = {0, 0, 0}, hi = {1, 2, 3};
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                // A unit box beside the leaf, touching its face on this side (and moved a hair away).
                for (double gap : new double[] {0, 1e-12}) {
                    double[] min = lo.clone(), max = hi.clone();
                    if (side == 0) {
                        max[axis] = lo[axis] - gap;
                        min[axis] = max[axis] - 1;
                    } else {
                        min[axis] = hi[axis] + gap;
                        max[axis] = min[axis] + 1;
                    }
                    Aabb beside = new Aabb(min[0], min[1], min[2], max[0], max[1], max[2]);
                    DynamicTree other = new DynamicTree();
                    int b = other.createProxy(beside, 1);
                    String where = "axis " + axis + ", side " + side + ", gap " + gap;
                    assertEquals(gap == 0, tree.overlaps(leaf, other, b), "overlap, " + where);
                    assertEquals(gap == 0, other.overlaps(b, tree, leaf), "overlap seen from the other box, " + where);
                    boolean[] found = {false};
                    tree.query(beside, p -> found[0] = true);
                    assertEquals(gap == 0, found[0], "query, " + where);
                }
                // The leaf's own box, pushed out a hair through this face, is no longer inside it.
                double[] min = lo.clone(), max = hi.clone();
                assertTrue(tree.fatBoxContains(leaf, new Aabb(min[0], min[1], min[2], max[0], max[1], max[2])),
                        "a box equal to the fat box");
                if (side == 0) {
                    min[axis] -= 1e-12;
                } else {
                    max[axis] += 1e-12;
                }
                assertTrue(!tree.fatBoxContains(leaf, new Aabb(min[0], min[1], min[2], max[0], max[1], max[2])),
                        "out through axis " + axis + ", side " + side);
            }
        }
    }
}
