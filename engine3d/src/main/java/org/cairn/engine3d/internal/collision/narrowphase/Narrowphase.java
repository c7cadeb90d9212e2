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
                     int[] cache, int co, Manifold out);
    }

    private static final PairFunction[][] TABLE = new PairFunction[CollisionShape.KIND_COUNT][CollisionShape.KIND_COUNT];

    static {
        register(CollisionShape.SPHERE, CollisionShape.SPHERE, Narrowphase::sphereSphere);
        register(CollisionShape.SPHERE, CollisionShape.CAPSULE, Narrowphase::sphereCapsule);
        register(CollisionShape.SPHERE, CollisionShape.HULL, Narrowphase::roundHull);
        register(CollisionShape.CAPSULE, CollisionShape.CAPSULE, Narrowphase::capsuleCapsule);
        register(CollisionShape.CAPSULE, CollisionShape.HULL, Narrowphase::roundHull);
        register(CollisionShape.HULL, CollisionShape.HULL, Narrowphase::hullHull);
        register(CollisionShape.SPHERE, CollisionShape.MESH, Narrowphase::convexMesh);
        register(CollisionShape.CAPSULE, CollisionShape.MESH, Narrowphase::convexMesh);
        register(CollisionShape.HULL, CollisionShape.MESH, Narrowphase::convexMesh);
        register(CollisionShape.CYLINDER, CollisionShape.SPHERE, Narrowphase::cylinderSphere);
        register(CollisionShape.CYLINDER, CollisionShape.CAPSULE, Narrowphase::convex);
        register(CollisionShape.CYLINDER, CollisionShape.HULL, Narrowphase::convex);
        register(CollisionShape.CYLINDER, CollisionShape.CYLINDER, Narrowphase::convex);
        register(CollisionShape.CYLINDER, CollisionShape.MESH, Narrowphase::convexMesh);
        // Meshes are static, and static shapes never meet each other.
        register(CollisionShape.MESH, CollisionShape.MESH, (np, a, pa, oa, b, pb, ob, cache, co, out) -> out.clear());
    }

    private static void register(int kindA, int kindB, PairFunction function) {
        TABLE[kindA][kindB] = function;
        if (kindA != kindB) {
            TABLE[kindB][kindA] = Narrowphase::swapped;
        }
    }

    private final HullCollider hullCollider = new HullCollider();
    private final RoundHullCollider roundHullCollider = new RoundHullCollider();
    private final ConvexCollider convexCollider = new ConvexCollider();
    private final double[] ends = new double[12];
    private double speculativeDistance = CollisionConstants.SPECULATIVE_DISTANCE_METERS;

    /**
     * How far apart points may be and still enter the manifold, m, for the pairs collided from now
     * on (at least {@link CollisionConstants#SPECULATIVE_DISTANCE_METERS}).
     */
    public void setSpeculativeDistance(double meters) {
        speculativeDistance = Math.max(meters, CollisionConstants.SPECULATIVE_DISTANCE_METERS);
        hullCollider.speculativeDistance = speculativeDistance;
        roundHullCollider.speculativeDistance = speculativeDistance;
        convexCollider.speculativeDistance = speculativeDistance;
    }

    /** Ints of per-pair cache a contact keeps for the collide functions (cleared to 0 when new). */
    public static final int CACHE_INTS = 12;
    private final int[] noCache = new int[CACHE_INTS];

    /** Collides shape a at pose pa[oa..oa+7) with shape b at pose pb[ob..ob+7) into {@code out}. */
    public void collide(CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob, Manifold out) {
        java.util.Arrays.fill(noCache, 0);
        collide(a, pa, oa, b, pb, ob, noCache, 0, out);
    }

    /**
     * As {@link #collide(CollisionShape, double[], int, CollisionShape, double[], int, Manifold)},
     * with the pair's cache at cache[co .. co + CACHE_INTS): the separating axis found last time
     * (checked first, so a pair that stays apart costs one support query) and GJK's last simplex.
     * The pair must always be passed in the same order with the same cache.
     */
    public void collide(CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob, int[] cache, int co,
                        Manifold out) {
        TABLE[a.kind][b.kind].collide(this, a, pa, oa, b, pb, ob, cache, co, out);
    }

    private static void swapped(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                int ob, int[] cache, int co, Manifold out) {
        TABLE[b.kind][a.kind].collide(np, b, pb, ob, a, pa, oa, cache, co, out);
        out.normal(-out.normalX, -out.normalY, -out.normalZ);
    }

    private static void sphereSphere(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                     double[] pb, int ob, int[] cache, int co, Manifold out) {
        RoundCollider.points(pa[oa], pa[oa + 1], pa[oa + 2], a.radius, pb[ob], pb[ob + 1], pb[ob + 2], b.radius,
                np.speculativeDistance, out);
    }

    private static void sphereCapsule(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                      double[] pb, int ob, int[] cache, int co, Manifold out) {
        np.segmentEnds(b, pb, ob, 0);
        double[] e = np.ends;
        RoundCollider.sphereCapsule(pa[oa], pa[oa + 1], pa[oa + 2], a.radius, e[0], e[1], e[2], e[3], e[4], e[5],
                b.radius, np.speculativeDistance, out);
    }

    private static void capsuleCapsule(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                       double[] pb, int ob, int[] cache, int co, Manifold out) {
        np.segmentEnds(a, pa, oa, 0);
        np.segmentEnds(b, pb, ob, 6);
        double[] e = np.ends;
        RoundCollider.capsules(e[0], e[1], e[2], e[3], e[4], e[5], a.radius, e[6], e[7], e[8], e[9], e[10], e[11],
                b.radius, np.speculativeDistance, out);
    }

    private static void roundHull(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                  int ob, int[] cache, int co, Manifold out) {
        np.roundHullCollider.collide(a, pa[oa], pa[oa + 1], pa[oa + 2], pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6],
                b, pb[ob], pb[ob + 1], pb[ob + 2], pb[ob + 3], pb[ob + 4], pb[ob + 5], pb[ob + 6], cache, co, out);
    }

    private static void cylinderSphere(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                       double[] pb, int ob, int[] cache, int co, Manifold out) {
        RoundCollider.cylinderSphere(pa[oa], pa[oa + 1], pa[oa + 2], pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6],
                a.cylinderRadius - a.margin, a.halfHeight - a.margin, a.margin, pb[ob], pb[ob + 1], pb[ob + 2], b.radius,
                np.speculativeDistance, np.ends, out);
    }

    private static void convex(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                               int ob, int[] cache, int co, Manifold out) {
        np.convexCollider.collide(a, pa, oa, b, pb, ob, out);
    }

    private static void hullHull(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb,
                                 int ob, int[] cache, int co, Manifold out) {
        np.hullCollider.collide(a.hull, pa[oa], pa[oa + 1], pa[oa + 2], pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6],
                b.hull, pb[ob], pb[ob + 1], pb[ob + 2], pb[ob + 3], pb[ob + 4], pb[ob + 5], pb[ob + 6], cache, co, out);
    }

    // Mesh scratch: the convex shape and poses being collided, and the points gathered so far.
    private final Manifold triangleManifold = new Manifold();
    private final int[] triangleCache = new int[CACHE_INTS];
    private final ManifoldReduction reduction = new ManifoldReduction();
    private final org.cairn.engine3d.internal.collision.broadphase.DynamicTree.QueryStack meshStack =
            new org.cairn.engine3d.internal.collision.broadphase.DynamicTree.QueryStack();
    private final org.cairn.engine3d.geometry.Aabb meshBox = new org.cairn.engine3d.geometry.Aabb();
    private final double[] local = new double[3];
    private CollisionShape meshConvex;
    private MeshData meshData;
    private double[] meshPoseA, meshPoseB;
    private int meshOffsetA, meshOffsetB;
    private double[] gathered = new double[3 * 32];
    private double[] gatheredNormal = new double[3 * 32];
    private double[] gatheredSeparation = new double[32];
    private int[] gatheredId = new int[32];
    private int gatheredCount;
    private final org.cairn.engine3d.internal.collision.broadphase.DynamicTree.QueryCallback triangleHit = this::triangle;

    /**
     * A convex shape against a triangle mesh: each triangle near the shape is collided as a flat
     * hull; the points whose normals agree with that of the deepest point (within about 2.6°,
     * i.e. from the same plane) are kept and reduced to four. Points from triangles facing other
     * ways are dropped, so on a sharp crease the deeper side wins; seams between coplanar
     * triangles merge. A point's id mixes its triangle index into the triangle's feature id.
     */
    private static void convexMesh(Narrowphase np, CollisionShape a, double[] pa, int oa, CollisionShape b,
                                   double[] pb, int ob, int[] cache, int co, Manifold out) {
        np.collideMesh(a, pa, oa, b, pb, ob, out);
    }

    private void collideMesh(CollisionShape a, double[] pa, int oa, CollisionShape b, double[] pb, int ob, Manifold out) {
        out.clear();
        meshConvex = a;
        meshData = b.mesh;
        meshPoseA = pa;
        meshOffsetA = oa;
        meshPoseB = pb;
        meshOffsetB = ob;
        gatheredCount = 0;
        // The convex shape's box in the mesh frame, grown by its radius and the speculative distance.
        meshBox.setEmpty();
        for (int k = 0; k < a.coreCount; k++) {
            Quat.rotate(pa[oa + 3], pa[oa + 4], pa[oa + 5], pa[oa + 6], a.corePoints[3 * k], a.corePoints[3 * k + 1],
                    a.corePoints[3 * k + 2], local, 0);
            Quat.rotate(-pb[ob + 3], -pb[ob + 4], -pb[ob + 5], pb[ob + 6], local[0] + pa[oa] - pb[ob],
                    local[1] + pa[oa + 1] - pb[ob + 1], local[2] + pa[oa + 2] - pb[ob + 2], local, 0);
            meshBox.set(Math.min(meshBox.minX, local[0]), Math.min(meshBox.minY, local[1]), Math.min(meshBox.minZ, local[2]),
                    Math.max(meshBox.maxX, local[0]), Math.max(meshBox.maxY, local[1]), Math.max(meshBox.maxZ, local[2]));
        }
        double grow = a.radius + speculativeDistance;
        meshBox.set(meshBox.minX - grow, meshBox.minY - grow, meshBox.minZ - grow, meshBox.maxX + grow,
                meshBox.maxY + grow, meshBox.maxZ + grow);
        // The mesh's tree is shared by every worker's narrowphase: each queries with its own stack.
        meshData.tree.query(meshBox, triangleHit, meshStack);
        if (gatheredCount == 0) {
            return;
        }
        int deepest = 0;
        for (int k = 1; k < gatheredCount; k++) {
            if (gatheredSeparation[k] < gatheredSeparation[deepest]) {
                deepest = k;
            }
        }
        double nx = gatheredNormal[3 * deepest], ny = gatheredNormal[3 * deepest + 1], nz = gatheredNormal[3 * deepest + 2];
        int kept = 0;
        for (int k = 0; k < gatheredCount; k++) {
            double dot = nx * gatheredNormal[3 * k] + ny * gatheredNormal[3 * k + 1] + nz * gatheredNormal[3 * k + 2];
            if (dot >= 0.999) {
                gathered[3 * kept] = gathered[3 * k];
                gathered[3 * kept + 1] = gathered[3 * k + 1];
                gathered[3 * kept + 2] = gathered[3 * k + 2];
                gatheredSeparation[kept] = gatheredSeparation[k];
                gatheredId[kept] = gatheredId[k];
                kept++;
            }
        }
        kept = reduction.reduce(gathered, gatheredSeparation, gatheredId, kept, nx, ny, nz);
        out.normal(nx, ny, nz);
        for (int k = 0; k < kept; k++) {
            out.add(gathered[3 * k], gathered[3 * k + 1], gathered[3 * k + 2], gatheredSeparation[k], gatheredId[k]);
        }
    }

    private boolean triangle(int proxy) {
        int t = meshData.tree.userData(proxy);
        CollisionShape tri = meshData.triangles[t];
        // Triangles share the pair's contact, so they get no cache of their own.
        java.util.Arrays.fill(triangleCache, 0);
        TABLE[meshConvex.kind][CollisionShape.HULL].collide(this, meshConvex, meshPoseA, meshOffsetA, tri, meshPoseB,
                meshOffsetB, triangleCache, 0, triangleManifold);
        Manifold m = triangleManifold;
        for (int k = 0; k < m.pointCount; k++) {
            if (duplicate(m, k)) {
                continue;
            }
            if (gatheredCount == gatheredSeparation.length) {
                int c = 2 * gatheredCount;
                gathered = java.util.Arrays.copyOf(gathered, 3 * c);
                gatheredNormal = java.util.Arrays.copyOf(gatheredNormal, 3 * c);
                gatheredSeparation = java.util.Arrays.copyOf(gatheredSeparation, c);
                gatheredId = java.util.Arrays.copyOf(gatheredId, c);
            }
            int g = gatheredCount++;
            gathered[3 * g] = m.position[3 * k];
            gathered[3 * g + 1] = m.position[3 * k + 1];
            gathered[3 * g + 2] = m.position[3 * k + 2];
            gatheredNormal[3 * g] = m.normalX;
            gatheredNormal[3 * g + 1] = m.normalY;
            gatheredNormal[3 * g + 2] = m.normalZ;
            gatheredSeparation[g] = m.separation[k];
            gatheredId[g] = m.featureId[k] ^ (t * 0x9E3779B1);
        }
        return true;
    }

    /**
     * True if point k of m repeats a gathered point (same place within a tenth of the slop, same
     * normal): a point on the seam between two triangles comes from both.
     */
    private boolean duplicate(Manifold m, int k) {
        double tolerance2 = 0.01 * CollisionConstants.LINEAR_SLOP_METERS * CollisionConstants.LINEAR_SLOP_METERS;
        for (int g = 0; g < gatheredCount; g++) {
            double dx = gathered[3 * g] - m.position[3 * k], dy = gathered[3 * g + 1] - m.position[3 * k + 1],
                    dz = gathered[3 * g + 2] - m.position[3 * k + 2];
            double dot = gatheredNormal[3 * g] * m.normalX + gatheredNormal[3 * g + 1] * m.normalY
                    + gatheredNormal[3 * g + 2] * m.normalZ;
            if (dx * dx + dy * dy + dz * dz <= tolerance2 && dot >= 0.999) {
                return true;
            }
        }
        return false;
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
