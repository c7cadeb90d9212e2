package org.cairn.engine3d.internal.world;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.contact.ContactStore;

/**
 * Contact recycling (Box3D's, after PhysX's persistent manifolds; Jolt's body-pair cache is the
 * same idea): a touching pair whose relative pose has barely changed since its manifold was
 * computed keeps that manifold instead of running the narrowphase again. Each point's separation
 * follows from the bodies' motion by the formula the substeps use inside a step:
 * s = s₀ + n·(ΔcB − ΔcA + ΔqB·rB₀ − rB₀ − ΔqA·rA₀ + rA₀), with Δc and Δq each body's motion since
 * the manifold was computed. The anchors rA₀, rB₀ themselves are kept as they were computed, as
 * inside a step (and as Box3D keeps them): the impulses act where the faces met, not where the
 * bodies' motion has carried those points since. Carried with the bodies, they are follower
 * loads: a leaning cube carried its support points with its lean, and Box3D's large_pyramid (5050
 * cubes, sleep off) buckled out of its plane and fell by step 1100; carried with the bodies'
 * translation alone it fell by step 1000; kept, it stands through 60 s (docs/experiments.md). The
 * point reported for the contact is where the moving body has carried it (against a static shape;
 * a box sliding on the ground keeps its corners under it), else half-way between where the two
 * bodies have carried it. A stack at rest keeps its manifolds, and its points' feature ids, for as
 * long as it rests.
 *
 * <p>The manifold is recycled while every point of either body has moved less than
 * {@link #DISTANCE_METERS} relative to the other (bounded by |Δ(cB − cA)| + 2·sin(θA/2)·reachA +
 * 2·sin(θB/2)·reachB, θ each body's rotation since, reach its farthest point from its centre of
 * mass) and neither body has turned more than {@link #ANGLE_RADIANS} (the normal is kept as it
 * was). A change of a body's shapes or mass properties (its centre moves within it) ends it.
 *
 * <p>A pair the narrowphase found apart, by a proven gap g (along a separating axis, or the
 * exact distance), stays apart without the narrowphase while g minus the same motion bound
 * exceeds the speculative distance: no point of either body has come nearer the other than that
 * bound, so the distance is still at least g − bound and the narrowphase would again find no
 * point. In a settling pile most candidate pairs are neighbours a few centimetres apart.
 *
 * <p>Only pairs of hulls recycle. A sphere or a capsule rolls: its contact point moves over its
 * surface as it turns, where a carried point would stay on the body and rise with it (a rolling
 * ball then stopped 9 % late); their closed forms cost little anyway.
 */
final class ManifoldRecycling {
    /** How far any point of one body may have moved relative to the other, m (Jolt's body-pair cache: 1 mm). */
    static final double DISTANCE_METERS = 2e-2;
    /** How far either body may have turned, rad (Jolt's: 2°). */
    static final double ANGLE_RADIANS = Math.toRadians(2.0);
    private static final double SIN_HALF_ANGLE = Math.sin(ANGLE_RADIANS / 2);
    private static final int P = Manifold.MAX_POINTS;

    private ManifoldRecycling() {
    }

    /**
     * Records contact c's manifold, just computed, with its bodies' poses now; {@code apartGap} is
     * the gap the narrowphase proved when it found no point ({@code -Infinity}: none).
     */
    static void remember(ContactStore cs, BodyStore b, int c, int ba, int bb, boolean hulls, double apartGap) {
        int n = cs.pointCount[c];
        cs.recyclable[c] = hulls && n > 0;
        cs.apartGap[c] = n == 0 ? apartGap : Double.NEGATIVE_INFINITY;
        if (!cs.recyclable[c] && !(cs.apartGap[c] > 0)) {
            return;
        }
        int o = ContactStore.POSE * c;
        double[] pose = cs.recyclePose;
        System.arraycopy(b.center, 3 * ba, pose, o, 3);
        System.arraycopy(b.rotation, 4 * ba, pose, o + 3, 4);
        System.arraycopy(b.center, 3 * bb, pose, o + 7, 3);
        System.arraycopy(b.rotation, 4 * bb, pose, o + 10, 4);
        cs.recycleEpoch[2 * c] = b.massEpoch[ba];
        cs.recycleEpoch[2 * c + 1] = b.massEpoch[bb];
        for (int j = 0; j < n; j++) {
            int p = P * c + j;
            cs.recycleSeparation[p] = cs.separation[p];
        }
    }

    /**
     * Whether contact c, found apart when recorded, is still proven farther apart than
     * {@code speculativeDistance}, m, from its bodies' motion since.
     */
    static boolean stillApart(ContactStore cs, BodyStore b, int c, int ba, int bb, double speculativeDistance) {
        double gap = cs.apartGap[c];
        if (!(gap > speculativeDistance) || cs.recycleEpoch[2 * c] != b.massEpoch[ba]
                || cs.recycleEpoch[2 * c + 1] != b.massEpoch[bb]) {
            return false;
        }
        int o = ContactStore.POSE * c;
        double[] pose = cs.recyclePose;
        double sinA = halfTurnSine(b.rotation, 4 * ba, pose, o + 3);
        double sinB = halfTurnSine(b.rotation, 4 * bb, pose, o + 10);
        double[] center = b.center;
        double mx = (center[3 * bb] - pose[o + 7]) - (center[3 * ba] - pose[o]);
        double my = (center[3 * bb + 1] - pose[o + 8]) - (center[3 * ba + 1] - pose[o + 1]);
        double mz = (center[3 * bb + 2] - pose[o + 9]) - (center[3 * ba + 2] - pose[o + 2]);
        double bound = Math.sqrt(mx * mx + my * my + mz * mz) + 2 * sinA * b.maxExtent[ba] + 2 * sinB * b.maxExtent[bb];
        return gap - bound > speculativeDistance;
    }

    /** sin(θ/2) of the turn from the rotation recorded at pose[o..o+3] to q[i..i+3]: |vector part of q·q₀⁻¹|. */
    private static double halfTurnSine(double[] q, int i, double[] pose, int o) {
        double ax = q[i], ay = q[i + 1], az = q[i + 2], aw = q[i + 3];
        double px = -pose[o], py = -pose[o + 1], pz = -pose[o + 2], pw = pose[o + 3];
        double dx = aw * px + ax * pw + ay * pz - az * py;
        double dy = aw * py - ax * pz + ay * pw + az * px;
        double dz = aw * pz + ax * py - ay * px + az * pw;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Carries contact c's recorded manifold to its bodies' poses now if they moved little enough
     * since it was recorded: separations and reported positions updated; anchors, normal, feature
     * ids and impulses kept.
     *
     * @return whether it did (otherwise the pair needs the narrowphase)
     */
    static boolean recycle(ContactStore cs, BodyStore b, int c, int ba, int bb) {
        if (!cs.recyclable[c] || cs.recycleEpoch[2 * c] != b.massEpoch[ba] || cs.recycleEpoch[2 * c + 1] != b.massEpoch[bb]) {
            return false;
        }
        int o = ContactStore.POSE * c;
        double[] pose = cs.recyclePose, q = b.rotation, center = b.center;
        // ΔqA = qA·qA₀⁻¹, ΔqB likewise: each body's rotation since the record.
        double ax = q[4 * ba], ay = q[4 * ba + 1], az = q[4 * ba + 2], aw = q[4 * ba + 3];
        double px = -pose[o + 3], py = -pose[o + 4], pz = -pose[o + 5], pw = pose[o + 6];
        double dax = aw * px + ax * pw + ay * pz - az * py;
        double day = aw * py - ax * pz + ay * pw + az * px;
        double daz = aw * pz + ax * py - ay * px + az * pw;
        double daw = aw * pw - ax * px - ay * py - az * pz;
        double bx = q[4 * bb], by = q[4 * bb + 1], bz = q[4 * bb + 2], bw = q[4 * bb + 3];
        px = -pose[o + 10];
        py = -pose[o + 11];
        pz = -pose[o + 12];
        pw = pose[o + 13];
        double dbx = bw * px + bx * pw + by * pz - bz * py;
        double dby = bw * py - bx * pz + by * pw + bz * px;
        double dbz = bw * pz + bx * py - by * px + bz * pw;
        double dbw = bw * pw - bx * px - by * py - bz * pz;
        double sinA = Math.sqrt(dax * dax + day * day + daz * daz), sinB = Math.sqrt(dbx * dbx + dby * dby + dbz * dbz);
        if (sinA > SIN_HALF_ANGLE || sinB > SIN_HALF_ANGLE) {
            return false;
        }
        double cax = center[3 * ba], cay = center[3 * ba + 1], caz = center[3 * ba + 2];
        double cbx = center[3 * bb], cby = center[3 * bb + 1], cbz = center[3 * bb + 2];
        double mx = (cbx - pose[o + 7]) - (cax - pose[o]);
        double my = (cby - pose[o + 8]) - (cay - pose[o + 1]);
        double mz = (cbz - pose[o + 9]) - (caz - pose[o + 2]);
        double bound = Math.sqrt(mx * mx + my * my + mz * mz) + 2 * sinA * b.maxExtent[ba] + 2 * sinB * b.maxExtent[bb];
        if (!(bound < DISTANCE_METERS)) {
            return false;
        }
        double nx = cs.normal[3 * c], ny = cs.normal[3 * c + 1], nz = cs.normal[3 * c + 2];
        double[] r0 = cs.anchorA, r1 = cs.anchorB;
        boolean staticA = b.type[ba] == BodyStore.STATIC, staticB = b.type[bb] == BodyStore.STATIC;
        for (int j = 0; j < cs.pointCount[c]; j++) {
            int p = P * c + j;
            double rax = r0[3 * p], ray = r0[3 * p + 1], raz = r0[3 * p + 2];
            double rbx = r1[3 * p], rby = r1[3 * p + 1], rbz = r1[3 * p + 2];
            // r' = r + w·t + u×t with t = 2·u×r (u, w the rotation's vector and scalar parts).
            double tx = 2 * (day * raz - daz * ray), ty = 2 * (daz * rax - dax * raz), tz = 2 * (dax * ray - day * rax);
            double sax = rax + daw * tx + (day * tz - daz * ty);
            double say = ray + daw * ty + (daz * tx - dax * tz);
            double saz = raz + daw * tz + (dax * ty - day * tx);
            tx = 2 * (dby * rbz - dbz * rby);
            ty = 2 * (dbz * rbx - dbx * rbz);
            tz = 2 * (dbx * rby - dby * rbx);
            double sbx = rbx + dbw * tx + (dby * tz - dbz * ty);
            double sby = rby + dbw * ty + (dbz * tx - dbx * tz);
            double sbz = rbz + dbw * tz + (dbx * ty - dby * tx);
            cs.separation[p] = cs.recycleSeparation[p] + nx * (mx + (sbx - rbx) - (sax - rax))
                    + ny * (my + (sby - rby) - (say - ray)) + nz * (mz + (sbz - rbz) - (saz - raz));
            // The point reported is where the moving body has carried it (against a static
            // shape), or half-way between the two bodies' copies; the anchors stay as computed.
            if (staticA) {
                cs.position[3 * p] = cbx + sbx;
                cs.position[3 * p + 1] = cby + sby;
                cs.position[3 * p + 2] = cbz + sbz;
            } else if (staticB) {
                cs.position[3 * p] = cax + sax;
                cs.position[3 * p + 1] = cay + say;
                cs.position[3 * p + 2] = caz + saz;
            } else {
                cs.position[3 * p] = 0.5 * ((cax + sax) + (cbx + sbx));
                cs.position[3 * p + 1] = 0.5 * ((cay + say) + (cby + sby));
                cs.position[3 * p + 2] = 0.5 * ((caz + saz) + (cbz + sbz));
            }
        }
        return true;
    }
}
