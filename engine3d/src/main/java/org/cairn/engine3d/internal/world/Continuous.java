package org.cairn.engine3d.internal.world;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.LINEAR_SLOP_METERS;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.broadphase.DynamicTree;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.collision.narrowphase.Gjk;
import org.cairn.engine3d.internal.collision.narrowphase.MeshData;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.math.Quat;
import org.cairn.engine3d.internal.math.StrictTrig;

/**
 * Continuous collision of fast dynamic bodies against static shapes (Box2D's "bullet-lite"
 * default), and of fast bullets against the other bodies too ({@link #solveBullets}). A body is
 * fast when its motion in the step, |Δc| + |Δθ|·maxExtent, exceeds half its smallest inner
 * extent: such a body could have stepped over a thin wall. For each static shape
 * its swept box touches, the time of impact is found by conservative advancement (Mirtich): at
 * the pose interpolated to t, GJK gives the gap d, and since no point of the body moves faster
 * than |Δc| + |Δθ|·maxExtent per unit t, t may advance by (d − target)/that without passing
 * the target gap. The body is put back to the earliest such pose; its velocity is kept, so the
 * contact solver takes over from the speculative contact there.
 *
 * <p>The target gap is the linear slop. A shape that starts the step already within the slop is
 * left to the contact solver unless the body's centre would end the step behind the contact
 * (tunnelling); then it is stopped at half its gap. A shape that starts the step overlapping is
 * the contact solver's too, but its body's centre is swept on its own and stopped at the slop
 * from the fixed shape: it never passes the surface.
 *
 * <p>A body held by joints is not put back alone: every body its acting joints reach (dynamic,
 * awake) is put back to the earliest time of impact among them, each along its own motion, so the
 * joints stay as the solver left them ({@link #rewindJointed}). Put back alone, a 1 kg box landing
 * at 7 m/s under a 36 kg box on a ball joint left the joint 23 mm apart. The whole structure then
 * gives up the rest of its step, as a body alone did; wheel and motor joints do not hold their
 * bodies together here ({@link #holdsTogether}).
 */
public final class Continuous {
    /** Fraction of the smallest extent a body may move in a step before it counts as fast. */
    static final double FAST_FRACTION = 0.5;
    static final int MAX_ITERATIONS = 30;

    private final WorldState world;
    private final Gjk gjk = new Gjk();
    private final Aabb swept = new Aabb();
    private final Aabb box = new Aabb();
    private final double[] pose = new double[7];
    private final double[] staticPose = new double[7];
    private double[] movingCore = new double[3 * 64];
    private double[] staticCore = new double[3 * 64];
    private final DynamicTree.QueryCallback candidates = this::candidate;
    private final DynamicTree.QueryCallback movingCandidates = this::movingCandidate;
    /** Whether this sweep is a bullet's ({@link #solveBullets}): moving shapes are candidates too. */
    private boolean bullets;
    private boolean sawBullet;
    /** This sweeper's own traversal stacks (sweepers run on several workers at once). */
    private final DynamicTree.QueryStack staticStack = new DynamicTree.QueryStack();
    private final DynamicTree.QueryStack meshStack = new DynamicTree.QueryStack();

    // The body being swept: centre and rotation at t = 0 and t = 1, and its motion bound.
    private int body;
    private double c0x, c0y, c0z, c1x, c1y, c1z;
    private double q0x, q0y, q0z, q0w, q1x, q1y, q1z, q1w;
    private double motionBound;
    private double earliest;
    private boolean touching;
    /** Whether this sweeper found a time of impact for a jointed body (its pose left for {@link #rewindJointed}). */
    private boolean foundJointed;
    // The rewind's scratch (the world's own sweeper): per body its time of impact (1: none) and
    // a visit stamp, and the queue of a joint component.
    private double[] impact = new double[0];
    private int[] visited = new int[0];
    private int stamp;
    private int[] queue = new int[16];

    Continuous(WorldState world) {
        this.world = world;
    }

    /** For a snapshot of a world with more workers than the receiving one: it makes the sweeper, then sets its fields. */
    private Continuous() {
        this(null);
    }

    /**
     * Runs continuous collision for the fast dynamic bodies among active[from..to); call after the
     * end-of-step poses are known. A body's sweep reads its own motion and the static shapes, and
     * writes its own pose and velocity alone, so ranges may run on different workers at once, each
     * with its own sweeper, with the same results; only the pre-solve callback, if there is one, is
     * the user's code and must be called on the stepping thread (the caller's choice).
     */
    public void solve(int[] active, int from, int to) {
        BodyStore b = world.bodies;
        bullets = false;
        for (int a = from; a < to; a++) {
            int i = active[a];
            if (b.type[i] != BodyStore.DYNAMIC || b.firstShape[i] < 0) {
                continue;
            }
            if (b.bullet[i]) {
                sawBullet = true;
                continue;
            }
            sweep(i);
        }
    }

    /** Whether {@link #solve} passed over a bullet since {@link #startStage}: the bullets' sweeps have work. */
    public boolean sawBullet() {
        return sawBullet;
    }

    /**
     * Runs continuous collision for the fast bullets among active[from..to), against static
     * shapes and the shapes of every other body but bullets, those at the poses the step (and
     * {@link #solve}) left them (Box2D v3's bullets): call after the other bodies' sweeps and
     * rewinds. A bullet reads the other bodies and writes its own pose and velocity alone, so
     * ranges may run on different workers at once, as in {@link #solve}.
     */
    public void solveBullets(int[] active, int from, int to) {
        BodyStore b = world.bodies;
        bullets = true;
        for (int a = from; a < to; a++) {
            int i = active[a];
            if (b.type[i] != BodyStore.DYNAMIC || b.firstShape[i] < 0 || !b.bullet[i]) {
                continue;
            }
            sweep(i);
        }
    }

    /**
     * An upper bound on the turn θ = 2·acos(d) of a rotation whose quaternion dot product with the
     * identity is d ∈ [0, 1], without an arc cosine: θ/2 = asin(sin(θ/2)) ≤ (π/2)·sin(θ/2) with
     * sin(θ/2) = √((1 − d)(1 + d)), and a relative margin of 1e-9 over the rounding of both sides.
     */
    static double turnUpperBound(double d) {
        return Math.PI * Math.sqrt((1 - d) * (1 + d)) * (1 + 1e-9);
    }

    private void sweep(int i) {
        BodyStore b = world.bodies;
        load(i);
        double dot = q0x * q1x + q0y * q1y + q0z * q1z + q0w * q1w;
        double dx = c1x - c0x, dy = c1y - c0y, dz = c1z - c0z;
        double distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double slow = FAST_FRACTION * b.minExtent[i];
        // Most bodies are slow: decided first without the arc cosine, from an upper bound on the
        // turn, so that a body passed over here is one the exact angle passes over too.
        double d = Math.min(1.0, dot);
        if (distance + turnUpperBound(d) * b.maxExtent[i] <= slow) {
            return;
        }
        double angle = 2.0 * StrictTrig.acos(d);
        motionBound = distance + angle * b.maxExtent[i];
        if (motionBound <= slow) {
            return;
        }
        // Swept box: the shapes' boxes at both ends.
        swept.setEmpty();
        for (int s = b.firstShape[i]; s >= 0; s = world.shapes.nextInBody[s]) {
            placeShape(s, 0.0);
            world.shapes.geometry[s].bounds(pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6], box);
            swept.union(box);
            placeShape(s, 1.0);
            world.shapes.geometry[s].bounds(pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6], box);
            swept.union(box);
        }
        earliest = 1.0;
        world.broadPhase.queryStatic(swept, candidates, staticStack);
        if (bullets) {
            world.broadPhase.queryMoving(swept, movingCandidates, staticStack);
        }
        if (earliest < 1.0) {
            if (jointed(i)) {
                // Its joint component is put back together, after every sweep (rewindJointed).
                impact[i] = earliest;
                foundJointed = true;
            } else {
                putBack(i, earliest);
            }
        }
    }

    /** Body i's motion over the step into the sweep's fields: centre and rotation at t = 0 and t = 1 (the shorter way round). */
    private void load(int i) {
        BodyStore b = world.bodies;
        body = i;
        // Start of step: centre from the saved origin and rotation.
        q0x = b.previousRotation[4 * i];
        q0y = b.previousRotation[4 * i + 1];
        q0z = b.previousRotation[4 * i + 2];
        q0w = b.previousRotation[4 * i + 3];
        Quat.rotate(q0x, q0y, q0z, q0w, b.localCenter[3 * i], b.localCenter[3 * i + 1], b.localCenter[3 * i + 2], pose, 0);
        c0x = b.previousPosition[3 * i] + pose[0];
        c0y = b.previousPosition[3 * i + 1] + pose[1];
        c0z = b.previousPosition[3 * i + 2] + pose[2];
        c1x = b.center[3 * i];
        c1y = b.center[3 * i + 1];
        c1z = b.center[3 * i + 2];
        q1x = b.rotation[4 * i];
        q1y = b.rotation[4 * i + 1];
        q1z = b.rotation[4 * i + 2];
        q1w = b.rotation[4 * i + 3];
        if (q0x * q1x + q0y * q1y + q0z * q1z + q0w * q1w < 0) {
            q1x = -q1x;
            q1y = -q1y;
            q1z = -q1z;
            q1w = -q1w;
        }
    }

    /** Puts body i (loaded) back to fraction t of its step, keeping its energy. */
    private void putBack(int i, double t) {
        BodyStore b = world.bodies;
        interpolate(t);
        double cx = pose[0], cy = pose[1], cz = pose[2];
        keepEnergy(i, cx - c1x, cy - c1y, cz - c1z);
        b.center[3 * i] = cx;
        b.center[3 * i + 1] = cy;
        b.center[3 * i + 2] = cz;
        b.rotation[4 * i] = pose[3];
        b.rotation[4 * i + 1] = pose[4];
        b.rotation[4 * i + 2] = pose[5];
        b.rotation[4 * i + 3] = pose[6];
        b.updateOriginFromCenter(i);
    }

    /** Whether body i has an acting joint to another body this step moves. */
    private boolean jointed(int i) {
        JointStore js = world.joints;
        for (int e = js.firstEdge(i); e != JointStore.NONE; e = js.nextEdge(e)) {
            if (holdsTogether(js, e >> 1) && stepped(js.other(e))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether joint j is put back with its bodies: an acting joint, but for a wheel joint (its
     * suspension has travel: a wheel striking a ramp's lip is stopped alone and compresses it, where
     * the whole car put back with it lost up to a step's travel there, 0.24 m behind after 4 s) and a
     * motor joint (a target followed softly, not a link).
     */
    private static boolean holdsTogether(JointStore js, int j) {
        return js.acting(j) && js.kind[j] != JointStore.WHEEL && js.kind[j] != JointStore.MOTOR_JOINT;
    }

    /** Whether the step moves body o: dynamic, awake and enabled. */
    private boolean stepped(int o) {
        BodyStore b = world.bodies;
        return b.type[o] == BodyStore.DYNAMIC && b.awake[o] && !b.disabled[o];
    }

    /** Room for a time of impact per body, all 1 (none); before the sweeps. */
    public void prepareJointed(int bodies) {
        if (impact.length < bodies) {
            int n = Math.max(bodies, 2 * impact.length);
            impact = new double[n];
            Arrays.fill(impact, 1.0);
            visited = new int[n];
            stamp = 0;
        }
    }

    /**
     * Before the stage, for every worker's sweeper: this world's per-body times of impact, shared
     * with the world's own sweeper, and nothing found yet (a sweeper takes many ranges a stage).
     */
    void startStage(Continuous main) {
        impact = main.impact;
        foundJointed = false;
        sawBullet = false;
    }

    /** Whether this sweeper left a jointed body's time of impact for {@link #rewindJointed}. */
    public boolean foundJointed() {
        return foundJointed;
    }

    /**
     * After every sweep, on one thread: each joint component (dynamic bodies and their acting
     * joints) of which a body found a time of impact is put back, every body along its own
     * motion, to the earliest such time among them, in active order (deterministic for any number
     * of workers).
     */
    public void rewindJointed(int[] active, int count) {
        JointStore js = world.joints;
        for (int a = 0; a < count; a++) {
            int i = active[a];
            if (impact[i] >= 1.0) {
                continue;
            }
            // The component, breadth first from i, and its earliest time of impact.
            if (++stamp == Integer.MAX_VALUE) {
                Arrays.fill(visited, 0);
                stamp = 1;
            }
            int head = 0, tail = 0;
            queue[tail++] = i;
            visited[i] = stamp;
            double t = 1.0;
            while (head < tail) {
                int k = queue[head++];
                t = Math.min(t, impact[k]);
                for (int e = js.firstEdge(k); e != JointStore.NONE; e = js.nextEdge(e)) {
                    int o = js.other(e);
                    if (holdsTogether(js, e >> 1) && stepped(o) && visited[o] != stamp) {
                        visited[o] = stamp;
                        if (tail == queue.length) {
                            queue = Arrays.copyOf(queue, 2 * tail);
                        }
                        queue[tail++] = o;
                    }
                }
            }
            for (int q = 0; q < tail; q++) {
                int k = queue[q];
                load(k);
                putBack(k, t);
                impact[k] = 1.0;
            }
        }
    }

    /**
     * Stopped short by (dx, dy, dz) against gravity, the body is higher than the step left it but
     * still has the speed gravity gave it for the whole way: together that is energy it never had,
     * and a ball bouncing on CCD gained height with every bounce (property suite: a dropped capsule
     * rose above its starting energy). The speed is reduced by exactly the potential energy it kept.
     */
    private void keepEnergy(int i, double dx, double dy, double dz) {
        BodyStore b = world.bodies;
        double scale = b.gravityScale[i];
        double lift = -scale * (world.gravityX * dx + world.gravityY * dy + world.gravityZ * dz);
        if (lift <= 0) {
            return;
        }
        double[] v = b.linearVelocity;
        double speed2 = v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2];
        double factor = speed2 > 2 * lift ? Math.sqrt((speed2 - 2 * lift) / speed2) : 0.0;
        v[3 * i] *= factor;
        v[3 * i + 1] *= factor;
        v[3 * i + 2] *= factor;
    }

    /**
     * With GJK's closest points of the start pose in its fields: does the body's centre end the step
     * behind the plane through the static point, facing the body?
     */
    private boolean centreCrosses() {
        double nx = gjk.ax - gjk.bx, ny = gjk.ay - gjk.by, nz = gjk.az - gjk.bz;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (len == 0) {
            return false;
        }
        return ((c1x - gjk.bx) * nx + (c1y - gjk.by) * ny + (c1z - gjk.bz) * nz) < 0;
    }

    /** Body centre and rotation at fraction t of the step into pose[0..7) (linear and nlerp). */
    private void interpolate(double t) {
        pose[0] = c0x + t * (c1x - c0x);
        pose[1] = c0y + t * (c1y - c0y);
        pose[2] = c0z + t * (c1z - c0z);
        double x = q0x + t * (q1x - q0x), y = q0y + t * (q1y - q0y), z = q0z + t * (q1z - q0z), w = q0w + t * (q1w - q0w);
        double inv = 1.0 / Math.sqrt(x * x + y * y + z * z + w * w);
        pose[3] = x * inv;
        pose[4] = y * inv;
        pose[5] = z * inv;
        pose[6] = w * inv;
    }

    /** World pose of shape s of the swept body at fraction t into pose[0..7). */
    private void placeShape(int s, double t) {
        BodyStore b = world.bodies;
        ShapeStore sh = world.shapes;
        interpolate(t);
        double qx = pose[3], qy = pose[4], qz = pose[5], qw = pose[6];
        double cx = pose[0], cy = pose[1], cz = pose[2];
        // Shape position: centre + q·(localPosition − localCenter).
        Quat.rotate(qx, qy, qz, qw, sh.localPosition[3 * s] - b.localCenter[3 * body],
                sh.localPosition[3 * s + 1] - b.localCenter[3 * body + 1],
                sh.localPosition[3 * s + 2] - b.localCenter[3 * body + 2], pose, 0);
        pose[0] += cx;
        pose[1] += cy;
        pose[2] += cz;
        double lx = sh.localRotation[4 * s], ly = sh.localRotation[4 * s + 1], lz = sh.localRotation[4 * s + 2],
                lw = sh.localRotation[4 * s + 3];
        pose[3] = qw * lx + qx * lw + qy * lz - qz * ly;
        pose[4] = qw * ly - qx * lz + qy * lw + qz * lx;
        pose[5] = qw * lz + qx * ly - qy * lx + qz * lw;
        pose[6] = qw * lw - qx * lx - qy * ly - qz * lz;
    }

    private boolean candidate(int proxyId) {
        return against(world.broadPhase.staticShape(proxyId));
    }

    /** A bullet's candidate among the moving proxies: a shape of another body that is not a bullet, taken where the step left it. */
    private boolean movingCandidate(int proxyId) {
        int other = world.broadPhase.movingShape(proxyId);
        int o = world.shapes.body[other];
        BodyStore b = world.bodies;
        if (o == body || b.bullet[o] && b.type[o] == BodyStore.DYNAMIC) {
            return true;
        }
        return against(other);
    }

    /** Sweeps the body's shapes against shape {@code other}, held at its pose. */
    private boolean against(int other) {
        BodyStore b = world.bodies;
        for (int s = b.firstShape[body]; s >= 0; s = world.shapes.nextInBody[s]) {
            int a = Math.min(s, other), c = Math.max(s, other);
            if (!world.shouldCollide(a, c)) {
                continue;
            }
            CollisionShape fixed = world.shapes.collision[other];
            world.shapePose(other, staticPose, 0);
            if (fixed.kind == CollisionShape.MESH) {
                sweptOther = other;
                sweepMesh(s, fixed.mesh);
            } else {
                double t = timeOfImpact(world.shapes.collision[s], s, fixed);
                if (t < earliest && acts(a, c, s)) {
                    earliest = t;
                }
            }
        }
        return true;
    }

    /**
     * Whether the user's pre-solve callback lets the contact the sweep found act (a one-way
     * platform must not stop a fast body coming from below either): asked with the normal from
     * shape a to shape b at the time of impact, from the closest points GJK left.
     */
    private boolean acts(int a, int b, int moving) {
        if (world.preSolveSweep == null) {
            return true;
        }
        // Closest points: A of the moving shape, B of the fixed one.
        double nx = gjk.ax - gjk.bx, ny = gjk.ay - gjk.by, nz = gjk.az - gjk.bz;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (length == 0) {
            return true;
        }
        double sign = a == moving ? -1 : 1;
        return world.preSolveSweep.acts(a, b, sign * nx / length, sign * ny / length, sign * nz / length, 0.0);
    }

    private int sweptShape, sweptOther;
    private MeshData sweptMesh;
    private final Aabb meshBox = new Aabb();
    private final DynamicTree.QueryCallback triangleSweep = this::sweepTriangle;

    /** Time of impact against each triangle of a static mesh that the swept box touches. */
    private void sweepMesh(int s, MeshData mesh) {
        sweptShape = s;
        sweptMesh = mesh;
        MeshData.worldToLocal(swept, staticPose[0], staticPose[1], staticPose[2], staticPose[3], staticPose[4],
                staticPose[5], staticPose[6], meshBox);
        mesh.tree.query(meshBox, triangleSweep, meshStack);
    }

    private boolean sweepTriangle(int proxy) {
        CollisionShape triangle = sweptMesh.triangles[sweptMesh.tree.userData(proxy)];
        double t = timeOfImpact(world.shapes.collision[sweptShape], sweptShape, triangle);
        int other = sweptOther;
        if (t < earliest && acts(Math.min(sweptShape, other), Math.max(sweptShape, other), sweptShape)) {
            earliest = t;
        }
        return true;
    }

    private final double[] centrePoint = new double[3];

    /**
     * For a body that overlaps the fixed shape when the step starts: the time at which its centre of
     * mass comes within the linear slop of the fixed shape, by conservative advancement of the
     * centre alone (it moves at most |Δc| per unit t, whatever the rotation); 1 if it never does,
     * or if the centre is already inside (then nothing is left to save). A body held there still
     * overlaps, and the contact solver pushes it back out; its centre never passes the surface.
     */
    private double centreTimeOfImpact(CollisionShape fixed) {
        double dx = c1x - c0x, dy = c1y - c0y, dz = c1z - c0z;
        double bound = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (bound == 0) {
            return 1.0;
        }
        double t = 0.0;
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            centrePoint[0] = c0x + t * dx;
            centrePoint[1] = c0y + t * dy;
            centrePoint[2] = c0z + t * dz;
            gjk.distance(centrePoint, 1, staticCore, fixed.coreCount, false);
            double gap = gjk.distance - fixed.radius;
            if (iteration == 0 && gap <= 0) {
                return 1.0;
            }
            if (iteration == 0 && gap <= 1.25 * LINEAR_SLOP_METERS) {
                // Already at the surface: held there if the step would take the centre behind it,
                // and its speed into the surface taken away (else it is the next step's problem,
                // and the next one's); moving along or away, left alone.
                return centreCrosses() ? holdAtSurface() : 1.0;
            }
            if (gap <= 1.25 * LINEAR_SLOP_METERS) {
                return t;
            }
            t += (gap - LINEAR_SLOP_METERS) / bound;
            if (t >= 1.0) {
                return 1.0;
            }
        }
        return t;
    }

    /** With GJK's closest points of the centre and the fixed shape in its fields: removes the body's velocity into the shape; returns 0. */
    private double holdAtSurface() {
        double nx = gjk.ax - gjk.bx, ny = gjk.ay - gjk.by, nz = gjk.az - gjk.bz;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= len;
        ny /= len;
        nz /= len;
        double[] v = world.bodies.linearVelocity;
        int o = 3 * body;
        double into = v[o] * nx + v[o + 1] * ny + v[o + 2] * nz;
        if (into < 0) {
            v[o] -= into * nx;
            v[o + 1] -= into * ny;
            v[o + 2] -= into * nz;
        }
        return 0.0;
    }

    /** Time of impact of shape s (of the swept body) against a fixed shape placed at {@link #staticPose}. */
    private double timeOfImpact(CollisionShape moving, int s, CollisionShape fixed) {
        staticCore = fixed.worldCore(staticPose, 0, staticCore);
        double radii = moving.radius + fixed.radius;
        double t = 0.0;
        double target = -1;
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            placeShape(s, t);
            movingCore = moving.worldCore(pose, 0, movingCore);
            gjk.distance(movingCore, moving.coreCount, staticCore, fixed.coreCount, false);
            double gap = gjk.distance - radii;
            if (iteration == 0) {
                if (gap <= 0) {
                    // Overlapping at the start of the step: the contact solver's job, unless the
                    // body is going through (a thin box tumbling corner-first into a wall at
                    // 100 m/s overlapped it after its first impact, and left through the far side).
                    return centreTimeOfImpact(fixed);
                }
                touching = gap <= 1.25 * LINEAR_SLOP_METERS;
                if (touching && !centreCrosses()) {
                    // Touching, and the centre stays in front of the contact: resting, rolling or
                    // tipping over. That is the contact solver's job (Box2D likewise ignores a time
                    // of impact of zero); holding the pose here would freeze a body that is tipping
                    // onto its next face while its speed grew.
                    return 1.0;
                }
                // A touching body whose centre would end up behind the contact is going through
                // (a fast tumbling body whose next corner was not in this step's manifold): it is
                // stopped at half its gap, so the time of impact is never zero.
                target = touching ? 0.5 * gap : LINEAR_SLOP_METERS;
            }
            if (gap <= 1.25 * target) {
                return t;
            }
            t += (gap - target) / motionBound;
            if (t >= 1.0) {
                return 1.0;
            }
        }
        return t;
    }

}
