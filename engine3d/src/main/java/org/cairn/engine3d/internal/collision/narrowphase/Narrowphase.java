package org.cairn.engine3d.internal.collision.narrowphase;

import org.cairn.engine3d.internal.math.Quat;

/**
 * Chooses the collide function for a pair of shape kinds from a table built once (Box2D's
 * registered functions) and owns the scratch each one needs. A pose is seven doubles at an offset:
 * position (m) then unit quaternion (x, y, z, w), world frame.
 *
 * <p>Functions exist for kind A ≤ kind B; the other half of the table swaps the shapes and flips
 * the normal, so every manifold's normal points from the caller's A to its B.
 */
public final class Narrowphase {
    /** One shape pair's collide function. */
    @FunctionalInterface
    interface PairFunction {
        void collide(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob,
                     Manifold out);
    }

    private static final PairFunction[][] TABLE = new PairFunction[CollisionShape.KIND_COUNT][CollisionShape.KIND_COUNT];

    static {
        register(CollisionShape.SPHERE, CollisionShape.SPHERE, Narrowphase::sphereSphere);
        register(CollisionShape.SPHERE, CollisionShape.CAPSULE, Narrowphase::sphereCapsule);
        register(CollisionShape.SPHERE, CollisionShape.HULL, Narrowphase::roundHull);
        register(CollisionShape.CAPSULE, CollisionShape.CAPSULE, Narrowphase::capsuleCapsule);
        register(CollisionShape.CAPSULE, CollisionShape.HULL, Narrowphase::roundHull);
        register(CollisionShape.HULL, CollisionShape.HULL, Narrowphase::hullHull);
    }

    private static void register(int kindA, int kindB, PairFunction function) {
        TABLE[kindA][kindB] = function;
        if (kindA != kindB) {
            TABLE[kindB][kindA] = Narrowphase::swapped;
        }
    }

    private final HullCollider hullCollider = new HullCollider();
    private final RoundHullCollider roundHullCollider = new RoundHullCollider();
    private final double[] ends = new double[12];

    /** Collides shape a at pose pa[oa..oa+7) with shape b at pose pb[ob..ob+7) into {@code out}. */
    public void collide(CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob, Manifold out) {
        TABLE[a.kind][b.kind].collide(this, a, pa, oa, b, pb, ob, out);
    }

    private static void swapped(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                int ob, Manifold out) {
        TABLE[b.kind][a.kind].collide(np, b, pb, ob, a, pa, oa, out);
        out.normal(-out.normalX, -out.normalY, -out.normalZ);
    }

    private static void sphereSphere(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                     double[] pb, int ob, Manifold out) {
        RoundCollider.points(pa[oa], pa[oa + 1], pa[oa + 2], a.radius, pb[ob], pb[ob + 1], pb[ob + 2], b.radius, out);
    }

    private static void sphereCapsule(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                      double[] pb, int ob, Manifold out) {
        np.segmentEnds(b, pb, ob, 0);
        double[] e = np.ends;
        RoundCollider.sphereCapsule(pa[oa], pa[oa + 1], pa[oa + 2], a.radius, e[0], e[1], e[2], e[3], e[4], e[5],
                b.radius, out);
    }

    private static void capsuleCapsule(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                       double[] pb, int ob, Manifold out) {
        np.segmentEnds(a, pa, oa, 0);
        np.segmentEnds(b, pb, ob, 6);
        double[] e = np.ends;
        RoundCollider.capsules(e[0], e[1], e[2], e[3], e[4], e[5], a.radius, e[6], e[7], e[8], e[9], e[10], e[11],
                b.radius, out);
    }

    private static void roundHull(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                  int ob, Manifold out) {
        np.roundHullCollider.collide(a, pa[oa], pa[oa + 1], pa[oa + 2], pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6],
                b, pb[ob], pb[ob + 1], pb[ob + 2], pb[ob + 3], pb[ob + 4], pb[ob + 5], pb[ob + 6], out);
    }

    private static void hullHull(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                 int ob, Manifold out) {
        np.hullCollider.collide(a.hull, pa[oa], pa[oa + 1], pa[oa + 2], pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6],
                b.hull, pb[ob], pb[ob + 1], pb[ob + 2], pb[ob + 3], pb[ob + 4], pb[ob + 5], pb[ob + 6], out);
    }

    /** World ends of a capsule's core segment into ends[o..o+6). */
    private void segmentEnds(CollisionShape capsule, double[] p, int o, int at) {
        double h = capsule.halfHeight;
        Quat.rotate(p[o + 3], p[o + 4], p[o + 5], p[o + 6], 0, h, 0, ends, at);
        double ax = ends[at], ay = ends[at + 1], az = ends[at + 2];
        ends[at] = p[o] - ax;
        ends[at + 1] = p[o + 1] - ay;
        ends[at + 2] = p[o + 2] - az;
        ends[at + 3] = p[o] + ax;
        ends[at + 4] = p[o + 1] + ay;
        ends[at + 5] = p[o + 2] + az;
    }
}
