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
            Aabb query = randomBox(random, 30);
            query.maxX += 5;
            query.maxY += 5;
            TreeSet<Integer> found = new TreeSet<>();
            tree.query(query, p -> found.add(tree.userData(p)));
            TreeSet<Integer> expected = new TreeSet<>();
            for (int k = 0; k < proxies.size(); k++) {
                if (proxies.get(k) >= 0 && boxes.get(k).overlaps(query)) {
                    expected.add(k);
                }
            }
            assertEquals(expected, found, "query in round " + round);

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
}
