package org.cairn.engine3d.internal.collision.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.internal.math.Quat;
import org.junit.jupiter.api.Test;

/**
 * Random poses of random spheres, capsules, boxes, cylinders and hulls:
 * <ul>
 * <li>apart by more than the speculative distance: no manifold (no phantom contacts);</li>
 * <li>apart by less: a manifold whose least separation is the GJK distance within 1e-6;</li>
 * <li>overlapping: a manifold (no missed contact) with a unit normal whose deepest point is as deep
 * as the penetration depth, from both sides: no deeper than it plus the linear slop by which face
 * contacts are preferred over edge contacts, and no shallower than it less two slops. The depth is
 * found independently, as the least overlap of the two shapes' support values over 1500 directions,
 * refined by a pattern search on the sphere.</li>
 * <li>every point sits midway between the surfaces: its ends p ∓ s/2·n lie in A and in B (by GJK
 * against each shape's core, less its radius).</li>
 * </ul>
 */
class NarrowphasePropertyTest {
    private static final int PAIRS = 4000;
    /**
     * How far outside its shape a manifold point's end may lie, m: measured 7.3e-7 m at worst; a
     * cylinder's oracle, its rims sampled, is itself up to 1.5e-6 m off.
     */
    private static final double END_TOLERANCE_METERS = 4e-6;
    private static final int DIRECTIONS = 1500;
    private static final double[] SWEEP = fibonacciSphere(DIRECTIONS);

    private static double[] fibonacciSphere(int n) {
        double[] d = new double[3 * n];
        double golden = Math.PI * (3 - Math.sqrt(5));
        for (int i = 0; i < n; i++) {
            double y = 1 - 2 * (i + 0.5) / n, r = Math.sqrt(1 - y * y);
            d[3 * i] = r * Math.cos(golden * i);
            d[3 * i + 1] = y;
            d[3 * i + 2] = r * Math.sin(golden * i);
        }
        return d;
    }

    private static Shape randomShape(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> new Sphere(0.1 + random.nextDouble() * 0.6);
            case 1 -> new Capsule(0.1 + random.nextDouble() * 0.6, 0.1 + random.nextDouble() * 0.4);
            case 2 -> new Box(0.1 + random.nextDouble() * 0.7, 0.1 + random.nextDouble() * 0.7, 0.1 + random.nextDouble() * 0.7);
            case 3 -> new Cylinder(0.1 + random.nextDouble() * 0.5, 0.1 + random.nextDouble() * 0.5);
            default -> {
                double[] xyz = new double[3 * (6 + random.nextInt(15))];
                for (int i = 0; i < xyz.length; i++) {
                    xyz[i] = random.nextGaussian() * 0.4;
                }
                yield ConvexHull.of(xyz);
            }
        };
    }

    private static void randomPose(Random random, double[] pose, int o, double spread) {
        pose[o] = random.nextGaussian() * spread;
        pose[o + 1] = random.nextGaussian() * spread;
        pose[o + 2] = random.nextGaussian() * spread;
        double x = random.nextGaussian(), y = random.nextGaussian(), z = random.nextGaussian(), w = random.nextGaussian();
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        pose[o + 3] = x / n;
        pose[o + 4] = y / n;
        pose[o + 5] = z / n;
        pose[o + 6] = w / n;
    }

    /** Points on each rim of a cylinder in the oracle: the sampled rim's support is within r·(1 − cos(π/N)) ≈ 1.2e-6·r of the circle's. */
    private static final int RIM_SAMPLES = 2048;

    /**
     * GJK on the sampled point sets, restarted from its own simplex until the distance stops
     * falling: a densely sampled rim needs more than one call's iteration cap to converge.
     */
    private static void oracleDistance(double[] coreA, double[] coreB, Gjk gjk) {
        gjk.distance(coreA, coreA.length / 3, coreB, coreB.length / 3, false);
        for (int round = 0; round < 20 && gjk.distance > 0 && gjk.iterations == Gjk.MAX_ITERATIONS; round++) {
            gjk.distance(coreA, coreA.length / 3, coreB, coreB.length / 3, true);
        }
    }

    /** The radius swept over the shape's core: a cylinder's margin, a sphere's or capsule's radius, 0 for a hull. */
    private static double sweep(CollisionShape s) {
        return s.kind == CollisionShape.CYLINDER ? s.margin : s.radius;
    }

    /**
     * The shape's core in the world ({@link #sweep} is swept over it): the collision core's points,
     * but for a cylinder (which collides with its rims rounded by its margin) the two rims of the
     * cylinder narrower and shorter by the margin, sampled densely, so the oracle shares no code
     * with the collider's support mapping.
     */
    private static double[] worldCore(CollisionShape s, double[] pose, int o) {
        return worldCore(s, pose, o, RIM_SAMPLES);
    }

    /** As above, a cylinder's rims sampled at {@code samples} points each. */
    private static double[] worldCore(CollisionShape s, double[] pose, int o, int samples) {
        double[] local = s.corePoints;
        if (s.kind == CollisionShape.CYLINDER) {
            local = new double[6 * samples];
            for (int k = 0; k < samples; k++) {
                double angle = 2 * Math.PI * k / samples;
                for (int end = 0; end < 2; end++) {
                    int i = 3 * (2 * k + end);
                    double r = s.cylinderRadius - s.margin, h = s.halfHeight - s.margin;
                    local[i] = r * Math.cos(angle);
                    local[i + 1] = end == 0 ? -h : h;
                    local[i + 2] = r * Math.sin(angle);
                }
            }
        }
        int count = local.length / 3;
        double[] out = new double[3 * count];
        for (int k = 0; k < count; k++) {
            Quat.rotate(pose[o + 3], pose[o + 4], pose[o + 5], pose[o + 6], local[3 * k], local[3 * k + 1],
                    local[3 * k + 2], out, 3 * k);
            out[3 * k] += pose[o];
            out[3 * k + 1] += pose[o + 1];
            out[3 * k + 2] += pose[o + 2];
        }
        return out;
    }

    /**
     * The oracle's view of a shape's core: its points (densely sampled rims for a cylinder), and for
     * a cylinder the pose, so that its support is found in O(1) among the samples next to the
     * direction's angle rather than by scanning all of them.
     */
    private record Core(double[] points, CollisionShape shape, double[] pose, int o) {
        double support(double ux, double uy, double uz) {
            if (shape.kind != CollisionShape.CYLINDER) {
                double best = -Double.MAX_VALUE;
                for (int k = 0; k < points.length; k += 3) {
                    best = Math.max(best, points[k] * ux + points[k + 1] * uy + points[k + 2] * uz);
                }
                return best;
            }
            double[] l = new double[3];
            Quat.rotate(-pose[o + 3], -pose[o + 4], -pose[o + 5], pose[o + 6], ux, uy, uz, l, 0);
            double r = shape.cylinderRadius - shape.margin, h = shape.halfHeight - shape.margin;
            double step = 2 * Math.PI / RIM_SAMPLES, angle = Math.atan2(l[2], l[0]);
            int k0 = (int) Math.floor((angle < 0 ? angle + 2 * Math.PI : angle) / step);
            double best = -Double.MAX_VALUE;
            for (int k = k0 - 1; k <= k0 + 2; k++) {
                best = Math.max(best, r * (Math.cos(k * step) * l[0] + Math.sin(k * step) * l[2]));
            }
            return best + h * Math.abs(l[1]) + pose[o] * ux + pose[o + 1] * uy + pose[o + 2] * uz;
        }
    }

    private static double support(Core core, double radius, double ux, double uy, double uz) {
        return core.support(ux, uy, uz) + radius;
    }

    /** Overlap of the two shapes' extents along u: how far B must move along u to clear A. */
    private static double depthAlong(Core a, double ra, Core b, double rb, double ux, double uy, double uz) {
        return support(a, ra, ux, uy, uz) + support(b, rb, -ux, -uy, -uz);
    }

    /**
     * The least overlap along any direction, refined from the best of the sweep by a pattern search
     * on the sphere (steps halving from 0.05 rad to 1e-7 rad): an upper bound on the penetration
     * depth that the search brings down to it where the minimum is smooth or a face's.
     */
    private static double refinedDepth(Core a, double ra, Core b, double rb) {
        int bestIndex = 0;
        double best = Double.MAX_VALUE;
        for (int d = 0; d < DIRECTIONS; d++) {
            double v = depthAlong(a, ra, b, rb, SWEEP[3 * d], SWEEP[3 * d + 1], SWEEP[3 * d + 2]);
            if (v < best) {
                best = v;
                bestIndex = d;
            }
        }
        double ux = SWEEP[3 * bestIndex], uy = SWEEP[3 * bestIndex + 1], uz = SWEEP[3 * bestIndex + 2];
        for (double step = 0.05; step > 1e-7; ) {
            // Two tangents of u.
            double tx, ty, tz;
            if (Math.abs(ux) > 0.5) {
                tx = uy; ty = -ux; tz = 0;
            } else {
                tx = 0; ty = uz; tz = -uy;
            }
            double tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
            tx /= tl; ty /= tl; tz /= tl;
            double sx = uy * tz - uz * ty, sy = uz * tx - ux * tz, sz = ux * ty - uy * tx;
            boolean moved = false;
            for (int k = 0; k < 8 && !moved; k++) {
                double angle = k * Math.PI / 4;
                double c = Math.cos(angle) * step, s = Math.sin(angle) * step;
                double vx = ux + c * tx + s * sx, vy = uy + c * ty + s * sy, vz = uz + c * tz + s * sz;
                double vl = Math.sqrt(vx * vx + vy * vy + vz * vz);
                vx /= vl; vy /= vl; vz /= vl;
                double v = depthAlong(a, ra, b, rb, vx, vy, vz);
                if (v < best) {
                    best = v;
                    ux = vx; uy = vy; uz = vz;
                    moved = true;
                }
            }
            if (!moved) {
                step *= 0.5;
            }
        }
        return best;
    }

    /** Bisects the distance of B from A along their current direction until the gap is the target. */
    private static void placeAtGap(CollisionShape a, CollisionShape b, double[] poses, double target, Gjk gjk) {
        double ux = poses[7] - poses[0], uy = poses[8] - poses[1], uz = poses[9] - poses[2];
        double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
        if (len < 1e-9) {
            return;
        }
        ux /= len;
        uy /= len;
        uz /= len;
        double lo = 0, hi = 5;
        for (int i = 0; i < 60; i++) {
            double t = 0.5 * (lo + hi);
            poses[7] = poses[0] + t * ux;
            poses[8] = poses[1] + t * uy;
            poses[9] = poses[2] + t * uz;
            // Placing needs no oracle's precision: coarse rims will do.
            double[] coreA = worldCore(a, poses, 0, 64), coreB = worldCore(b, poses, 7, 64);
            oracleDistance(coreA, coreB, gjk);
            double gap = gjk.distance - sweep(a) - sweep(b);
            if (gap < target) {
                lo = t;
            } else {
                hi = t;
            }
        }
    }

    @Test
    void manifoldsAgreeWithGjkAndThePenetrationDepth() {
        Random random = new Random(2026);
        Narrowphase narrowphase = new Narrowphase();
        Gjk gjk = new Gjk();
        Manifold m = new Manifold();
        double[] poses = new double[14];
        int separatedNear = 0, separatedFar = 0, overlapping = 0, points = 0;
        double worstShallow = 0, worstCylinder = 0, worstEnd = -Double.MAX_VALUE;
        for (int pair = 0; pair < PAIRS; pair++) {
            CollisionShape a = CollisionShape.of(randomShape(random));
            CollisionShape b = CollisionShape.of(randomShape(random));
            randomPose(random, poses, 0, 0.05);
            randomPose(random, poses, 7, 0.6);
            if (pair % 3 == 0) {
                // Every third pair is slid along the line of centres to a gap inside the speculative band.
                placeAtGap(a, b, poses, random.nextDouble() * CollisionConstants.SPECULATIVE_DISTANCE_METERS, gjk);
            }
            narrowphase.collide(a, poses, 0, b, poses, 7, m);
            double[] coreA = worldCore(a, poses, 0), coreB = worldCore(b, poses, 7);
            oracleDistance(coreA, coreB, gjk);
            double gap = gjk.distance - sweep(a) - sweep(b);
            String where = "pair " + pair + " (kinds " + a.kind + ", " + b.kind + ")";
            if (gjk.distance > 0 && gap > CollisionConstants.SPECULATIVE_DISTANCE_METERS + 1e-9) {
                assertEquals(0, m.pointCount, "phantom contact, gap " + gap + " in " + where);
                separatedFar++;
                continue;
            }
            assertTrue(m.pointCount > 0, "missed contact, gap " + gap + " in " + where);
            points += m.pointCount;
            assertEquals(1.0, Math.sqrt(m.normalX * m.normalX + m.normalY * m.normalY + m.normalZ * m.normalZ), 1e-12,
                    "unit normal in " + where);
            double least = Double.MAX_VALUE;
            for (int k = 0; k < m.pointCount; k++) {
                least = Math.min(least, m.separation[k]);
                // A point sits midway between the surfaces: its ends p ∓ s/2·n lie in A and in B.
                for (int side = 0; side < 2; side++) {
                    double half = (side == 0 ? -0.5 : 0.5) * m.separation[k];
                    double[] end = {m.position[3 * k] + half * m.normalX, m.position[3 * k + 1] + half * m.normalY,
                            m.position[3 * k + 2] + half * m.normalZ};
                    double[] core = side == 0 ? coreA : coreB;
                    gjk.distance(end, 1, core, core.length / 3, false);
                    double outside = gjk.distance - sweep(side == 0 ? a : b);
                    worstEnd = Math.max(worstEnd, outside);
                    assertTrue(outside <= END_TOLERANCE_METERS, "point " + k + "'s end on "
                            + (side == 0 ? "A" : "B") + " lies " + outside + " m outside it in " + where);
                }
            }
            if (gjk.distance > 0 && gap > 0) {
                // A cylinder's oracle is its rims sampled at 2048 points, whose GJK stops a little
                // short on so dense a cloud (measured: at most 1.5e-6 m off a 32 768-point oracle).
                boolean round = a.kind == CollisionShape.CYLINDER || b.kind == CollisionShape.CYLINDER;
                assertEquals(gap, least, round ? 5e-6 : 1e-6, "separation vs GJK distance in " + where);
                if (round) {
                    worstCylinder = Math.max(worstCylinder, Math.abs(gap - least));
                }
                separatedNear++;
            } else if (gjk.distance == 0 || gap <= 0) {
                Core oracleA = new Core(coreA, a, poses, 0), oracleB = new Core(coreB, b, poses, 7);
                double depth = Math.min(refinedDepth(oracleA, sweep(a), oracleB, sweep(b)),
                        depthAlong(oracleA, sweep(a), oracleB, sweep(b), m.normalX, m.normalY, m.normalZ));
                worstShallow = Math.max(worstShallow, depth + least);
                // A face axis is kept unless an edge axis beats it by the linear slop (so contacts do
                // not flicker between the two), so a point may be up to one slop deeper.
                assertTrue(least >= -depth - CollisionConstants.LINEAR_SLOP_METERS - 1e-9, "point deeper (" + least
                        + ") than the penetration depth " + depth + " in " + where);
                // Nor shallower: clipping a face contact to the reference face may cut the deepest
                // corner off (measured: at most 1.6 mm shallower).
                assertTrue(least <= -depth + 2 * CollisionConstants.LINEAR_SLOP_METERS, "deepest point (" + least
                        + ") shallower than the penetration depth " + depth + " in " + where);
                overlapping++;
            }
        }
        System.out.printf("narrowphase property: %d pairs; %d far apart, %d within the speculative distance, "
                + "%d overlapping; %d points; deepest point at most %.2e m shallower than the penetration depth; "
                + "cylinder separations within %.2e m of the sampled oracle; points' ends at most %.2e m outside their shapes%n",
                PAIRS, separatedFar, separatedNear, overlapping, points, worstShallow, worstCylinder, worstEnd);
        assertTrue(separatedNear > 500 && overlapping > 500 && separatedFar > 500, "every case is exercised");
    }

    /**
     * The per-pair cache (last separating axis, last GJK simplex) changes nothing but speed: a pair
     * collided with a warm cache, after a small move, gives the manifold a cold call gives.
     */
    @Test
    void warmCachesGiveTheSameManifoldsAsColdCalls() {
        Random random = new Random(77);
        Narrowphase narrowphase = new Narrowphase();
        Manifold cold = new Manifold(), warm = new Manifold();
        double[] poses = new double[14];
        int[] cache = new int[Narrowphase.CACHE_INTS];
        int compared = 0;
        for (int pair = 0; pair < 2000; pair++) {
            CollisionShape a = CollisionShape.of(randomShape(random));
            CollisionShape b = CollisionShape.of(randomShape(random));
            randomPose(random, poses, 0, 0.05);
            randomPose(random, poses, 7, 0.6);
            java.util.Arrays.fill(cache, 0);
            narrowphase.collide(a, poses, 0, b, poses, 7, cache, 0, warm);
            for (int k = 7; k < 10; k++) {
                poses[k] += random.nextGaussian() * 0.02;
            }
            narrowphase.collide(a, poses, 0, b, poses, 7, cache, 0, warm);
            narrowphase.collide(a, poses, 0, b, poses, 7, cold);
            assertEquals(cold.pointCount, warm.pointCount, "pair " + pair);
            for (int k = 0; k < cold.pointCount; k++) {
                assertEquals(cold.separation[k], warm.separation[k], 1e-9, "pair " + pair);
                assertEquals(cold.featureId[k], warm.featureId[k], "pair " + pair);
            }
            compared += cold.pointCount;
        }
        assertTrue(compared > 500, "points compared: " + compared);
    }
}
