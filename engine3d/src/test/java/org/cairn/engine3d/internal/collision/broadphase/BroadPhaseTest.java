package org.cairn.engine3d.internal.collision.broadphase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.container.LongArray;
import org.junit.jupiter.api.Test;

/**
 * The pairs the broadphase knows are exactly the brute-force set of overlapping fat boxes (minus
 * static–static pairs and filtered pairs), before and after random moves, and they come out in
 * ascending key order.
 */
class BroadPhaseTest {
    private static final double MARGIN = 0.05;

    /** A proxy as the test knows it: the tight box it moves and the fat box it last gave the broadphase. */
    private record Proxy(int key, boolean isStatic, Aabb tight, Aabb fat) {
    }

    /** Closed boxes overlap when they overlap on every axis (touching counts), computed here, not read from the tree. */
    private static boolean overlap(Aabb a, Aabb b) {
        return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY && a.minZ <= b.maxZ
                && b.minZ <= a.maxZ;
    }

    private static Aabb fat(Aabb tight) {
        return new Aabb(tight.minX - MARGIN, tight.minY - MARGIN, tight.minZ - MARGIN, tight.maxX + MARGIN,
                tight.maxY + MARGIN, tight.maxZ + MARGIN);
    }

    private static Aabb randomBox(Random random) {
        double x = random.nextDouble() * 20, y = random.nextDouble() * 20, z = random.nextDouble() * 20;
        double s = 0.2 + random.nextDouble() * 1.5;
        return new Aabb(x, y, z, x + s, y + s * random.nextDouble(), z + s);
    }

    private static final BroadPhase.PairFilter FILTER = (a, b) -> (a + b) % 7 != 0;

    @Test
    void knownPairsEqualBruteForceBeforeAndAfterMoves() {
        Random random = new Random(21);
        BroadPhase broadPhase = new BroadPhase();
        List<Proxy> proxies = new ArrayList<>();
        for (int shape = 0; shape < 600; shape++) {
            boolean isStatic = random.nextDouble() < 0.3;
            Aabb tight = randomBox(random);
            Aabb fat = fat(tight);
            proxies.add(new Proxy(broadPhase.createProxy(fat, shape, isStatic), isStatic, tight, fat));
        }
        TreeSet<Long> known = new TreeSet<>();
        LongArray fresh = new LongArray(16);
        broadPhase.updatePairs(FILTER, fresh);
        collect(fresh, known);
        assertEquals(bruteForce(broadPhase, proxies), known, "initial pairs");

        for (int round = 0; round < 10; round++) {
            for (int shape = 0; shape < proxies.size(); shape++) {
                Proxy p = proxies.get(shape);
                if (p.isStatic() || random.nextDouble() < 0.5) {
                    continue;
                }
                double dx = random.nextGaussian() * 0.3, dy = random.nextGaussian() * 0.3, dz = random.nextGaussian() * 0.3;
                Aabb t = p.tight();
                t.set(t.minX + dx, t.minY + dy, t.minZ + dz, t.maxX + dx, t.maxY + dy, t.maxZ + dz);
                boolean inside = p.fat().minX <= t.minX && p.fat().minY <= t.minY && p.fat().minZ <= t.minZ
                        && t.maxX <= p.fat().maxX && t.maxY <= p.fat().maxY && t.maxZ <= p.fat().maxZ;
                assertEquals(inside, broadPhase.fatBoxContains(p.key(), t), "fat box containment of shape " + shape);
                if (!inside) {
                    Aabb f = fat(t);
                    p.fat().set(f.minX, f.minY, f.minZ, f.maxX, f.maxY, f.maxZ);
                    broadPhase.moveProxy(p.key(), f);
                }
            }
            fresh.clear();
            broadPhase.updatePairs(FILTER, fresh);
            collect(fresh, known);
            // The world drops contacts whose fat boxes separated; do the same here.
            known.removeIf(key -> {
                int a = BroadPhase.shapeA(key), b = BroadPhase.shapeB(key);
                if (!overlap(proxies.get(a).fat(), proxies.get(b).fat())) {
                    broadPhase.removePair(a, b);
                    return true;
                }
                return false;
            });
            assertEquals(bruteForce(broadPhase, proxies), known, "pairs after round " + round);
            assertEquals(known.size(), broadPhase.pairCount());
            broadPhase.validate();
        }
    }

    private static void collect(LongArray fresh, TreeSet<Long> known) {
        for (int i = 0; i < fresh.size(); i++) {
            if (i > 0) {
                assertEquals(true, fresh.get(i - 1) < fresh.get(i), "new pairs come out in ascending order");
            }
            assertEquals(true, known.add(fresh.get(i)), "no pair is reported twice");
        }
    }

    private static TreeSet<Long> bruteForce(BroadPhase broadPhase, List<Proxy> proxies) {
        TreeSet<Long> expected = new TreeSet<>();
        for (int a = 0; a < proxies.size(); a++) {
            for (int b = a + 1; b < proxies.size(); b++) {
                Proxy pa = proxies.get(a), pb = proxies.get(b);
                if (pa.isStatic() && pb.isStatic() || !FILTER.shouldCollide(a, b)) {
                    continue;
                }
                boolean overlapping = overlap(pa.fat(), pb.fat());
                assertEquals(overlapping, broadPhase.overlaps(pa.key(), pb.key()), "overlap of shapes " + a + ", " + b);
                if (overlapping) {
                    expected.add(BroadPhase.pairKey(a, b));
                }
            }
        }
        return expected;
    }
}
