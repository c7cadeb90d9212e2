package org.cairn.engine3d;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.internal.collision.broadphase.BroadPhase;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.collision.narrowphase.Gjk;
import org.cairn.engine3d.internal.collision.narrowphase.MeshData;
import org.cairn.engine3d.internal.collision.query.ShapeRayCast;
import org.cairn.engine3d.internal.math.Quat;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * The world's ray casts and overlap queries: the broadphase trees narrow the candidates, then
 * each candidate shape is tested exactly in its own frame. Holds only reused scratch, so a query
 * allocates nothing beyond what the caller's callback does (and, for {@code overlapShape}, the
 * collision form of a new query shape, cached for the next query with the same shape object).
 */
final class WorldQueries {
    private final World world;
    private final WorldState state;
    private final ShapeRayCast rayCaster = new ShapeRayCast();
    private final QueryHit hit = new QueryHit();
    private final QueryHit closest = new QueryHit();
    private final double[] pose = new double[7];
    private final double[] local = new double[6];
    private final Aabb box = new Aabb();
    private final Gjk gjk = new Gjk();
    private double[] coreA = new double[3 * 64];
    private double[] coreB = new double[3 * 64];
    private Shape cachedShape;
    private CollisionShape cachedCollision;

    private double ox, oy, oz, dx, dy, dz;
    private long category, mask;
    private RayCastCallback rayCallback;
    private OverlapCallback overlapCallback;
    private boolean found;
    private CollisionShape queryShape;
    private final double[] queryPose = new double[7];

    private final BroadPhase.KeyCallback rayKeys = this::rayCandidate;
    private final BroadPhase.KeyCallback aabbKeys = this::aabbCandidate;
    private final BroadPhase.KeyCallback shapeKeys = this::shapeCandidate;
    private final RayCastCallback keepClosest = h -> {
        closest.set(h);
        found = true;
        return h.fraction;
    };
    private final RayCastCallback stopAtFirst = h -> {
        found = true;
        return 0;
    };

    WorldQueries(World world, WorldState state) {
        this.world = world;
        this.state = state;
    }

    private boolean passes(int s) {
        return (state.shapes.categoryBits[s] & mask) != 0 && (category & state.shapes.maskBits[s]) != 0;
    }

    void castRay(double ox, double oy, double oz, double dx, double dy, double dz, QueryFilter filter,
                 RayCastCallback callback) {
        this.ox = ox;
        this.oy = oy;
        this.oz = oz;
        this.dx = dx;
        this.dy = dy;
        this.dz = dz;
        category = filter.categoryBits();
        mask = filter.maskBits();
        rayCallback = callback;
        state.broadPhase.rayCast(ox, oy, oz, dx, dy, dz, 1.0, rayKeys);
        rayCallback = null;
    }

    boolean castRayClosest(double ox, double oy, double oz, double dx, double dy, double dz, QueryFilter filter,
                           QueryHit dest) {
        found = false;
        castRay(ox, oy, oz, dx, dy, dz, filter, keepClosest);
        if (found) {
            dest.set(closest);
        }
        return found;
    }

    boolean castRayAny(double ox, double oy, double oz, double dx, double dy, double dz, QueryFilter filter) {
        found = false;
        castRay(ox, oy, oz, dx, dy, dz, filter, stopAtFirst);
        return found;
    }

    private double rayCandidate(int key, double maxFraction) {
        int s = state.broadPhase.tree(key).userData(key >> 1);
        if (!passes(s)) {
            return maxFraction;
        }
        state.shapePose(s, pose, 0);
        // The ray in the shape's frame: q⁻¹·(o − p) and q⁻¹·d.
        Quat.rotate(-pose[3], -pose[4], -pose[5], pose[6], ox - pose[0], oy - pose[1], oz - pose[2], local, 0);
        Quat.rotate(-pose[3], -pose[4], -pose[5], pose[6], dx, dy, dz, local, 3);
        CollisionShape collision = state.shapes.collision[s];
        boolean struck = collision.kind == CollisionShape.MESH
                ? rayCaster.mesh(collision.mesh, local[0], local[1], local[2], local[3], local[4], local[5], maxFraction)
                : rayCaster.cast(state.shapes.geometry[s], local[0], local[1], local[2], local[3], local[4], local[5],
                maxFraction);
        if (!struck) {
            return maxFraction;
        }
        double t = rayCaster.fraction;
        fillShape(s);
        hit.fraction = t;
        hit.point.set(ox + t * dx, oy + t * dy, oz + t * dz);
        Quat.rotate(pose[3], pose[4], pose[5], pose[6], rayCaster.nx, rayCaster.ny, rayCaster.nz, local, 0);
        hit.normal.set(local[0], local[1], local[2]);
        double value = rayCallback.onHit(hit);
        if (value == 0) {
            return -1;
        }
        return value < 0 ? maxFraction : Math.min(maxFraction, value);
    }

    private void fillShape(int s) {
        int b = state.shapes.body[s];
        hit.shapeIndex = s;
        hit.shapeGeneration = state.shapes.generation[s];
        hit.bodyIndex = b;
        hit.bodyGeneration = state.bodies.generation[b];
        hit.shape = world.shapeIdAt(s);
        hit.body = world.bodyIdOf(b);
    }

    void overlapAabb(Aabb query, QueryFilter filter, OverlapCallback callback) {
        category = filter.categoryBits();
        mask = filter.maskBits();
        overlapCallback = callback;
        box.set(query);
        state.broadPhase.query(box, aabbKeys);
        overlapCallback = null;
    }

    private final Aabb shapeBox = new Aabb();

    private double aabbCandidate(int key, double ignored) {
        int s = state.broadPhase.tree(key).userData(key >> 1);
        if (!passes(s)) {
            return 1;
        }
        state.shapePose(s, pose, 0);
        state.shapes.geometry[s].bounds(pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6], shapeBox);
        if (!shapeBox.overlaps(box)) {
            return 1;
        }
        fillShape(s);
        return overlapCallback.onOverlap(hit) ? 1 : 0;
    }

    /** The query shape (its collision form cached while the same shape is asked about) at (p, q). */
    private void place(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw) {
        if (shape != cachedShape) {
            cachedShape = shape;
            cachedCollision = CollisionShape.of(shape);
        }
        queryShape = cachedCollision;
        queryPose[0] = px;
        queryPose[1] = py;
        queryPose[2] = pz;
        queryPose[3] = qx;
        queryPose[4] = qy;
        queryPose[5] = qz;
        queryPose[6] = qw;
    }

    void overlapShape(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw,
                      QueryFilter filter, OverlapCallback callback) {
        place(shape, px, py, pz, qx, qy, qz, qw);
        coreA = queryShape.worldCore(queryPose, 0, coreA);
        shape.bounds(px, py, pz, qx, qy, qz, qw, box);
        category = filter.categoryBits();
        mask = filter.maskBits();
        overlapCallback = callback;
        state.broadPhase.query(box, shapeKeys);
        overlapCallback = null;
    }

    private double shapeCandidate(int key, double ignored) {
        int s = state.broadPhase.tree(key).userData(key >> 1);
        if (!passes(s) || !touches(s)) {
            return 1;
        }
        fillShape(s);
        return overlapCallback.onOverlap(hit) ? 1 : 0;
    }

    /** Whether shape s overlaps or touches {@link #queryShape} at {@link #queryPose} (its core in {@link #coreA}). */
    private boolean touches(int s) {
        CollisionShape other = state.shapes.collision[s];
        state.shapePose(s, pose, 0);
        if (other.kind == CollisionShape.MESH) {
            return touchesMesh(other.mesh);
        }
        coreB = other.worldCore(pose, 0, coreB);
        gjk.distance(coreA, queryShape.coreCount, coreB, other.coreCount, false);
        return gjk.distance <= queryShape.radius + other.radius;
    }

    private int sensor;
    private java.util.function.IntConsumer sensorFound;
    private final BroadPhase.KeyCallback sensorKeys = this::sensorCandidate;

    /**
     * Reports to {@code found} each shape that overlaps sensor shape {@code s} where it is now: of
     * another body, not a sensor, and allowed by the two shapes' filters as a contact would be.
     */
    void overlapsOfSensor(int s, java.util.function.IntConsumer found) {
        sensor = s;
        sensorFound = found;
        queryShape = state.shapes.collision[s];
        state.shapePose(s, queryPose, 0);
        coreA = queryShape.worldCore(queryPose, 0, coreA);
        state.shapes.geometry[s].bounds(queryPose[0], queryPose[1], queryPose[2], queryPose[3], queryPose[4], queryPose[5],
                queryPose[6], box);
        state.broadPhase.query(box, sensorKeys);
        sensorFound = null;
    }

    private double sensorCandidate(int key, double ignored) {
        int t = state.broadPhase.tree(key).userData(key >> 1);
        var shapes = state.shapes;
        if (t == sensor || shapes.sensor[t] || shapes.body[t] == shapes.body[sensor]) {
            return 1;
        }
        int group = shapes.groupIndex[t];
        boolean allowed = group != 0 && group == shapes.groupIndex[sensor] ? group > 0
                : (shapes.categoryBits[t] & shapes.maskBits[sensor]) != 0 && (shapes.categoryBits[sensor] & shapes.maskBits[t]) != 0;
        if (allowed && touches(t)) {
            sensorFound.accept(t);
        }
        return 1;
    }

    private MeshData currentMesh;
    private boolean meshTouched;
    private final Aabb meshBox = new Aabb();
    private final org.cairn.engine3d.internal.collision.broadphase.DynamicTree.QueryCallback triangleTouch = this::touchTriangle;

    /** Does the query shape touch any triangle of the mesh placed at {@link #pose}? */
    private boolean touchesMesh(MeshData mesh) {
        currentMesh = mesh;
        meshTouched = false;
        MeshData.worldToLocal(box, pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6], meshBox);
        mesh.tree.query(meshBox, triangleTouch);
        return meshTouched;
    }

    private boolean touchTriangle(int proxy) {
        CollisionShape triangle = currentMesh.triangles[currentMesh.tree.userData(proxy)];
        coreB = triangle.worldCore(pose, 0, coreB);
        gjk.distance(coreA, queryShape.coreCount, coreB, triangle.coreCount, false);
        meshTouched = gjk.distance <= queryShape.radius;
        return !meshTouched;
    }


    // ------------------------------------------------------------------ shape casts

    /** Casts stop this close to touching, m. */
    private static final double CAST_TOLERANCE_METERS = 1e-6;
    private static final int CAST_ITERATIONS = 50;
    private RayCastCallback castCallback;
    private double castFraction;
    private double[] castBase = new double[3 * 64];
    private final Aabb castBox = new Aabb();
    private final Aabb castMeshBox = new Aabb();
    private final BroadPhase.KeyCallback castKeys = this::castCandidate;
    private final org.cairn.engine3d.internal.collision.broadphase.DynamicTree.QueryCallback castTriangles = this::castTriangle;
    private double meshFraction, meshNx, meshNy, meshNz, meshPx, meshPy, meshPz;

    /**
     * Sweeps {@code shape} from (p, q) along (dx, dy, dz) and reports each shape it would touch,
     * at the first touch, to {@code callback}, which may clip the sweep as for rays.
     */
    void castShape(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw, double dx,
                   double dy, double dz, QueryFilter filter, RayCastCallback callback) {
        place(shape, px, py, pz, qx, qy, qz, qw);
        castBase = queryShape.worldCore(queryPose, 0, castBase);
        if (coreA.length < castBase.length) {
            coreA = new double[castBase.length];
        }
        this.dx = dx;
        this.dy = dy;
        this.dz = dz;
        // Every shape the swept box touches is a candidate.
        shape.bounds(px, py, pz, qx, qy, qz, qw, box);
        castBox.set(box);
        castBox.minX += Math.min(0, dx);
        castBox.minY += Math.min(0, dy);
        castBox.minZ += Math.min(0, dz);
        castBox.maxX += Math.max(0, dx);
        castBox.maxY += Math.max(0, dy);
        castBox.maxZ += Math.max(0, dz);
        category = filter.categoryBits();
        mask = filter.maskBits();
        castCallback = callback;
        castFraction = 1.0;
        state.broadPhase.query(castBox, castKeys);
        castCallback = null;
    }

    private double castCandidate(int key, double ignored) {
        if (castFraction < 0) {
            return 0;
        }
        int s = state.broadPhase.tree(key).userData(key >> 1);
        if (!passes(s)) {
            return 1;
        }
        CollisionShape other = state.shapes.collision[s];
        state.shapePose(s, pose, 0);
        double t;
        if (other.kind == CollisionShape.MESH) {
            meshFraction = castFraction;
            meshNx = Double.NaN;
            MeshData.worldToLocal(castBox, pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6], castMeshBox);
            currentMesh = other.mesh;
            other.mesh.tree.query(castMeshBox, castTriangles);
            if (Double.isNaN(meshNx)) {
                return 1;
            }
            t = meshFraction;
            hit.normal.set(meshNx, meshNy, meshNz);
            hit.point.set(meshPx, meshPy, meshPz);
        } else {
            coreB = other.worldCore(pose, 0, coreB);
            t = timeOfImpact(other.coreCount, other.radius, castFraction);
            if (t < 0) {
                return 1;
            }
            castNormalAndPoint(other.radius);
        }
        fillShape(s);
        hit.fraction = t;
        double value = castCallback.onHit(hit);
        if (value == 0) {
            castFraction = -1;
            return 0;
        }
        if (value > 0) {
            castFraction = Math.min(castFraction, value);
        }
        return 1;
    }

    private boolean castTriangle(int proxy) {
        CollisionShape triangle = currentMesh.triangles[currentMesh.tree.userData(proxy)];
        coreB = triangle.worldCore(pose, 0, coreB);
        double t = timeOfImpact(triangle.coreCount, triangle.radius, meshFraction);
        if (t >= 0 && (Double.isNaN(meshNx) || t < meshFraction)) {
            meshFraction = t;
            castNormalAndPoint(triangle.radius);
            meshNx = hit.normal.x;
            meshNy = hit.normal.y;
            meshNz = hit.normal.z;
            meshPx = hit.point.x;
            meshPy = hit.point.y;
            meshPz = hit.point.z;
        }
        return true;
    }

    /**
     * The fraction of the translation at which the query shape first touches the core in
     * {@link #coreB} (rounded by {@code radius}), no later than {@code limit}; −1 if it does not.
     * Conservative advancement along a straight line: the gap is a convex function of the
     * fraction, so each Newton step from the gap and its rate of change (the translation along
     * the closest points' direction) stays short of the touch and never tunnels.
     */
    private double timeOfImpact(int countB, double radius, double limit) {
        castNormalSet = false;
        double radii = queryShape.radius + radius;
        int countA = queryShape.coreCount;
        double t = 0;
        for (int iteration = 0; iteration < CAST_ITERATIONS; iteration++) {
            for (int k = 0; k < countA; k++) {
                coreA[3 * k] = castBase[3 * k] + t * dx;
                coreA[3 * k + 1] = castBase[3 * k + 1] + t * dy;
                coreA[3 * k + 2] = castBase[3 * k + 2] + t * dz;
            }
            gjk.distance(coreA, countA, coreB, countB, false);
            double gap = gjk.distance - radii;
            if (gap <= CAST_TOLERANCE_METERS) {
                if (iteration > 0) {
                    backOff(t, countA, countB);
                } else if (gap >= -CAST_TOLERANCE_METERS && gjk.distance > 0
                        && dx * (gjk.bx - gjk.ax) + dy * (gjk.by - gjk.ay) + dz * (gjk.bz - gjk.az) <= 0) {
                    // Touching at the start, and moving along or away: nothing stops it (a capsule
                    // against a wall still slides down it).
                    return -1;
                }
                return t;
            }
            // Unit direction from the query shape to the other, and how fast the translation closes it.
            double nx = (gjk.bx - gjk.ax) / gjk.distance, ny = (gjk.by - gjk.ay) / gjk.distance,
                    nz = (gjk.bz - gjk.az) / gjk.distance;
            double closing = dx * nx + dy * ny + dz * nz;
            if (!(closing > 0)) {
                return -1;
            }
            t += gap / closing;
            if (t > limit) {
                return -1;
            }
        }
        if (gjk.distance - radii > 1e-3) {
            return -1;
        }
        backOff(t, countA, countB);
        return t;
    }

    /** How far back along the sweep the touch normal is measured, m: near contact the closest points' direction is noise. */
    private static final double NORMAL_BACKOFF_METERS = 0.005;
    private double castNx, castNy, castNz;
    private boolean castNormalSet;

    /**
     * The touch normal, from the closest points a little before the touch (where they are well
     * apart; an edge meeting a face is as parallel there as at the touch), into {@link #castNx}.
     */
    private void backOff(double t, int countA, int countB) {
        double bx = gjk.bx, by = gjk.by, bz = gjk.bz, ax = gjk.ax, ay = gjk.ay, az = gjk.az;
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double back = Math.max(0, t - NORMAL_BACKOFF_METERS / length);
        for (int k = 0; k < countA; k++) {
            coreA[3 * k] = castBase[3 * k] + back * dx;
            coreA[3 * k + 1] = castBase[3 * k + 1] + back * dy;
            coreA[3 * k + 2] = castBase[3 * k + 2] + back * dz;
        }
        gjk.distance(coreA, countA, coreB, countB, false);
        double nx = gjk.ax - gjk.bx, ny = gjk.ay - gjk.by, nz = gjk.az - gjk.bz;
        double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
        castNormalSet = n > 1e-9;
        if (castNormalSet) {
            castNx = nx / n;
            castNy = ny / n;
            castNz = nz / n;
        }
        // The touch's closest points again, for the point.
        gjk.ax = ax;
        gjk.ay = ay;
        gjk.az = az;
        gjk.bx = bx;
        gjk.by = by;
        gjk.bz = bz;
    }

    /** With GJK's closest points (query, other) of the last {@link #timeOfImpact}: the other's outward normal and surface point into {@link #hit}. */
    private void castNormalAndPoint(double radius) {
        double nx = gjk.ax - gjk.bx, ny = gjk.ay - gjk.by, nz = gjk.az - gjk.bz;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (castNormalSet) {
            nx = castNx;
            ny = castNy;
            nz = castNz;
        } else if (length > 1e-12) {
            nx /= length;
            ny /= length;
            nz /= length;
        } else {
            // Touching from the start (cores meet): against the translation.
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            nx = -dx / d;
            ny = -dy / d;
            nz = -dz / d;
        }
        hit.normal.set(nx, ny, nz);
        hit.point.set(gjk.bx + radius * nx, gjk.by + radius * ny, gjk.bz + radius * nz);
    }
}
