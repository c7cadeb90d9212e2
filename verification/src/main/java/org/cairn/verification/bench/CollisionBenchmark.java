package org.cairn.verification.bench;

import java.util.Locale;
import java.util.Random;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.collision.broadphase.BroadPhase;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionHull;
import org.cairn.engine3d.internal.collision.narrowphase.HullCollider;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.container.LongArray;

/**
 * Collision detection throughput: the broadphase update and pair finding for N moving boxes, and
 * box–box (hull–hull) manifolds per millisecond. Uses the engine's internal classes directly so
 * that nothing else is timed.
 *
 * <p>Run: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl verification exec:java
 * -Dexec.mainClass=org.cairn.verification.bench.CollisionBenchmark}
 */
public final class CollisionBenchmark {
    private CollisionBenchmark() {
    }

    public static void main(String[] args) {
        System.out.println("Cairn collision benchmark (" + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ")");
        for (int n : new int[] {10_000, 100_000}) {
            broadphase(n, true);
            broadphase(n, false);
        }
        hullHull();
        System.out.println("(sink " + Bench.sink() + ")");
    }

    /**
     * N unit boxes scattered at a density of one per 8 m³ (about 1.4 overlapping pairs per box
     * with the 5 cm margin), each moving 2 cm per step in a random direction; one step = refresh
     * every proxy (those that left their fat box enlarged in place, as a stepping body's are, or
     * else removed and re-inserted, as a teleported body's are), find new pairs, drop separated pairs.
     */
    static void broadphase(int n, boolean enlarge) {
        Random random = new Random(1);
        double side = Math.cbrt(8.0 * n);
        BroadPhase broadPhase = new BroadPhase();
        double[] position = new double[3 * n], velocity = new double[3 * n];
        int[] keys = new int[n];
        Aabb box = new Aabb();
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                position[3 * i + k] = random.nextDouble() * side;
                velocity[3 * i + k] = random.nextGaussian() * 0.012;
            }
            keys[i] = broadPhase.createProxy(fat(position, i, box), i, false);
        }
        LongArray fresh = new LongArray(1024);
        long[] known = new long[16 * n];
        int[] count = {0};
        BroadPhase.PairFilter all = (a, b) -> true;
        broadPhase.updatePairs(all, fresh);
        for (int i = 0; i < fresh.size(); i++) {
            known[count[0]++] = fresh.get(i);
        }
        Bench.Timing timing = Bench.time(() -> {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    position[3 * i + k] += velocity[3 * i + k];
                }
                tight(position, i, box);
                if (!broadPhase.fatBoxContains(keys[i], box)) {
                    if (enlarge) {
                        broadPhase.enlargeProxy(keys[i], fat(position, i, box));
                    } else {
                        broadPhase.moveProxy(keys[i], fat(position, i, box));
                    }
                }
            }
            fresh.clear();
            broadPhase.updatePairs(all, fresh);
            int kept = 0;
            for (int p = 0; p < count[0]; p++) {
                long key = known[p];
                int a = BroadPhase.shapeA(key), b = BroadPhase.shapeB(key);
                if (broadPhase.overlaps(keys[a], keys[b])) {
                    known[kept++] = key;
                } else {
                    broadPhase.removePair(a, b);
                }
            }
            for (int p = 0; p < fresh.size() && kept < known.length; p++) {
                known[kept++] = fresh.get(p);
            }
            count[0] = kept;
            return kept;
        }, 30, 100);
        System.out.printf(Locale.ROOT, "broadphase, %,d moving boxes, %s: %s per step; %,d pairs%n", n,
                enlarge ? "enlarged in place" : "re-inserted", timing, count[0]);
    }

    private static Aabb tight(double[] p, int i, Aabb box) {
        return box.set(p[3 * i] - 0.5, p[3 * i + 1] - 0.5, p[3 * i + 2] - 0.5, p[3 * i] + 0.5, p[3 * i + 1] + 0.5,
                p[3 * i + 2] + 0.5);
    }

    private static Aabb fat(double[] p, int i, Aabb box) {
        double h = 0.5 + 0.05;
        return box.set(p[3 * i] - h, p[3 * i + 1] - h, p[3 * i + 2] - h, p[3 * i] + h, p[3 * i + 1] + h, p[3 * i + 2] + h);
    }

    /** 1000 box pairs in random resting-like and tumbling contact, collided over and over. */
    static void hullHull() {
        Random random = new Random(2);
        int pairs = 1000;
        CollisionHull ground = CollisionHull.of(new Box(0.5, 0.5, 0.5));
        CollisionHull cube = CollisionHull.of(new Box(0.5, 0.5, 0.5));
        double[] poses = new double[14 * pairs];
        for (int p = 0; p < pairs; p++) {
            int o = 14 * p;
            poses[o + 6] = 1;
            double tilt = p % 2 == 0 ? 0.02 : 1.0;
            double x = random.nextGaussian() * tilt, y = random.nextGaussian() * tilt, z = random.nextGaussian() * tilt;
            double w = 1 + random.nextGaussian() * 0.01;
            double norm = Math.sqrt(x * x + y * y + z * z + w * w);
            poses[o + 7] = random.nextGaussian() * 0.2;
            poses[o + 8] = p % 2 == 0 ? 0.995 : 1.05;
            poses[o + 9] = random.nextGaussian() * 0.2;
            poses[o + 10] = x / norm;
            poses[o + 11] = y / norm;
            poses[o + 12] = z / norm;
            poses[o + 13] = w / norm;
        }
        HullCollider collider = new HullCollider();
        Manifold m = new Manifold();
        int rounds = 20;
        Bench.Timing timing = Bench.time(() -> {
            long points = 0;
            for (int r = 0; r < rounds; r++) {
                for (int p = 0; p < pairs; p++) {
                    int o = 14 * p;
                    collider.collide(ground, poses[o], poses[o + 1], poses[o + 2], poses[o + 3], poses[o + 4], poses[o + 5],
                            poses[o + 6], cube, poses[o + 7], poses[o + 8], poses[o + 9], poses[o + 10], poses[o + 11],
                            poses[o + 12], poses[o + 13], m);
                    points += m.pointCount;
                }
            }
            return points;
        }, 20, 60);
        double perMs = rounds * pairs / timing.medianMs();
        System.out.printf(Locale.ROOT, "box-box manifolds: %,.0f per ms (%s for %,d)%n", perMs, timing, rounds * pairs);
    }
}
