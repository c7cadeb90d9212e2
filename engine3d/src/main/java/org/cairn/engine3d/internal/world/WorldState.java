package org.cairn.engine3d.internal.world;

import java.util.Arrays;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.broadphase.BroadPhase;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.collision.narrowphase.Narrowphase;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.container.LongArray;
import org.cairn.engine3d.internal.container.LongHashSet;
import org.cairn.engine3d.internal.math.Quat;
import org.cairn.engine3d.internal.solver.ContactSolver;
import org.cairn.engine3d.internal.solver.SolverSettings;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * Everything a world holds: bodies, shapes, the broadphase, the contacts, and the scratch the
 * collision stages use. The API class {@code World} validates and delegates; the step pipeline
 * runs its stages on this.
 */
public final class WorldState implements BroadPhase.PairFilter {
    /** The most a broadphase box is fattened, m (Box3D: 5 cm). */
    public static final double MAX_AABB_MARGIN_METERS = 0.05;

    public final BodyStore bodies = new BodyStore(64);
    public final ShapeStore shapes = new ShapeStore(64);
    public final BroadPhase broadPhase = new BroadPhase();
    public final ContactStore contacts = new ContactStore();

    {
        // Events keep the generations their shapes and bodies had when they happened.
        contacts.generations = new org.cairn.engine3d.internal.contact.ContactEventLog.Generations() {
            @Override
            public int shape(int s) {
                return shapes.generation[s];
            }

            @Override
            public int body(int b) {
                return bodies.generation[b];
            }
        };
    }

    /** Ints-only hooks the world wraps its callbacks in (null: none). */
    public interface PairHook {
        /** Whether shapes a and b (slots) may collide. */
        boolean allows(int a, int b);
    }

    /** Whether touching contact c acts this step. */
    public interface ContactHook {
        boolean acts(int c);
    }

    /** The user's custom filter, asked when a pair would become a contact (null: none). */
    public PairHook customFilter;
    /** The user's pre-solve callback, asked for each touching contact (null: none). */
    public ContactHook preSolve;

    /** The pre-solve callback again, for a contact the continuous stage found: shapes, normal a→b, separation. */
    public interface SweepHook {
        boolean acts(int a, int b, double nx, double ny, double nz, double separation);
    }

    /** Null when there is no pre-solve callback. */
    public SweepHook preSolveSweep;

    /** Hits slower than this are not reported, m/s. */
    public double hitEventThreshold = 1.0;
    public final LongHashSet excludedPairs = new LongHashSet(16);
    public double gravityX, gravityY, gravityZ;
    public double maxLinearSpeed, maxRotationPerStep;
    /** The step's length, s: how far ahead contacts and broadphase boxes look. */
    public double stepSeconds = 1.0 / 60.0;
    /** Bodies the last step would have made non-finite, left where it found them ({@link NonFiniteGuard}). */
    public int nonFiniteBodies;
    /** The first of them (valid while {@link #nonFiniteBodies} &gt; 0). */
    public final int[] firstNonFinite = new int[1];

    /** The contact solver, with the world's settings (set when the world is made). */
    public ContactSolver solver = new ContactSolver(SolverSettings.DEFAULTS);
    /** The step's worker threads (one: the calling thread alone). */
    public WorkerPool pool = new WorkerPool(1);
    /** Iterations per substep of the sequential-impulse solver. */
    public int iterations = 10;
    /** Relax passes per substep of the soft step. */
    public int relaxIterations = 2;
    /** How a contact's friction and restitution come from its two shapes' (set from the world def). */
    public java.util.function.DoubleBinaryOperator frictionMixing = (a, b) -> Math.sqrt(a * b);
    public java.util.function.DoubleBinaryOperator restitutionMixing = Math::max;

    /** Islands and sleeping. */
    public final Sleep sleep = new Sleep();
    public final Islands islands = new Islands();
    /** The world's joints; islands follow them, and so does the pair filter. */
    public final JointStore joints = new JointStore();
    private int[] brokenJoints = new int[4];
    private int brokenJointCount;

    {
        islands.joints = joints;
    }
    /** This step's active bodies (awake, not static): filled by {@link #collectActiveBodies()}. */
    public int[] activeBodies = new int[64];
    /** How many bodies the last step moved: its active bodies' count. */
    public int activeCount;
    private int[] kinematicBodies = new int[16];
    private int kinematicCount;

    /** Continuous collision of fast bodies against static shapes. */
    public final Continuous continuous = new Continuous(this);
    /** Per worker, a sweeper for the continuous stage (worker 0's is {@link #continuous}). */
    private Continuous[] workerContinuous = {continuous};

    /**
     * Whether the continuous stage's sweeps would call the user's code (a custom pair filter or a
     * pre-solve callback): then they run on the stepping thread, so the callbacks never see a
     * worker thread.
     */
    public boolean userCodeInSweeps() {
        return customFilter != null || preSolveSweep != null;
    }

    /** Before the continuous stage: the sweepers share room for a time of impact per body. */
    public void prepareContinuous(int workers) {
        continuous.prepareJointed(bodies.highWater);
        for (int w = 0; w < workers; w++) {
            workerContinuous[w].startStage(continuous);
        }
    }

    /** After the continuous stage: the joint components a sweep stopped are put back together ({@link Continuous#rewindJointed}). */
    public void rewindJointed(int workers, int[] active, int count) {
        for (int w = 0; w < workers; w++) {
            if (workerContinuous[w].foundJointed()) {
                continuous.rewindJointed(active, count);
                return;
            }
        }
    }

    /** Whether a sweeper of the continuous stage passed over an awake bullet ({@link Continuous#solveBullets} has work). */
    public boolean bulletsToSweep(int workers) {
        for (int w = 0; w < workers; w++) {
            if (workerContinuous[w].sawBullet()) {
                return true;
            }
        }
        return false;
    }

    /** Worker w's sweeper for the continuous stage ({@link #ensureWorkers} made it). */
    public Continuous continuous(int w) {
        return workerContinuous[w];
    }
    private final Narrowphase narrowphase = new Narrowphase();
    private final Manifold manifold = new Manifold();
    private final double[] poses = new double[16];
    private final LongArray newPairs = new LongArray(64);
    private final Aabb box = new Aabb();
    private final double[] tmp = new double[3];

    /** Writes shape s's world pose (position, then quaternion) into out[o .. o+7). */
    public void shapePose(int s, double[] out, int o) {
        int b = shapes.body[s];
        double qx = bodies.rotation[4 * b], qy = bodies.rotation[4 * b + 1], qz = bodies.rotation[4 * b + 2],
                qw = bodies.rotation[4 * b + 3];
        Quat.rotate(qx, qy, qz, qw, shapes.localPosition[3 * s], shapes.localPosition[3 * s + 1],
                shapes.localPosition[3 * s + 2], out, o);
        out[o] += bodies.position[3 * b];
        out[o + 1] += bodies.position[3 * b + 1];
        out[o + 2] += bodies.position[3 * b + 2];
        double lx = shapes.localRotation[4 * s], ly = shapes.localRotation[4 * s + 1], lz = shapes.localRotation[4 * s + 2],
                lw = shapes.localRotation[4 * s + 3];
        out[o + 3] = qw * lx + qx * lw + qy * lz - qz * ly;
        out[o + 4] = qw * ly - qx * lz + qy * lw + qz * lx;
        out[o + 5] = qw * lz + qx * ly - qy * lx + qz * lw;
        out[o + 6] = qw * lw - qx * lx - qy * ly - qz * lz;
    }

    /** Writes shape s's tight world box, inflated by the speculative distance, into {@code dest}. */
    public Aabb shapeBounds(int s, Aabb dest) {
        return shapeBounds(s, poses, 0, dest);
    }

    /** As {@link #shapeBounds(int, Aabb)}, with the caller's pose scratch (7 doubles at o). */
    private Aabb shapeBounds(int s, double[] poses, int o, Aabb dest) {
        shapePose(s, poses, o);
        shapes.geometry[s].bounds(poses[o], poses[o + 1], poses[o + 2], poses[o + 3], poses[o + 4], poses[o + 5],
                poses[o + 6], dest);
        double d = SPECULATIVE_DISTANCE_METERS;
        return dest.set(dest.minX - d, dest.minY - d, dest.minZ - d, dest.maxX + d, dest.maxY + d, dest.maxZ + d);
    }

    private Aabb fatten(int s, Aabb tight) {
        double m = shapes.margin[s];
        return tight.set(tight.minX - m, tight.minY - m, tight.minZ - m, tight.maxX + m, tight.maxY + m, tight.maxZ + m);
    }

    /** Puts a new shape into the broadphase (static bodies' shapes into the static tree, unfattened). */
    public void createProxy(int s) {
        boolean isStatic = bodies.type[shapes.body[s]] == BodyStore.STATIC;
        shapes.geometry[s].localBounds(box);
        double extent = Math.max(box.maxX - box.minX, Math.max(box.maxY - box.minY, box.maxZ - box.minZ));
        shapes.margin[s] = isStatic ? 0.0 : Math.min(MAX_AABB_MARGIN_METERS, 0.125 * extent);
        shapeBounds(s, box);
        shapes.proxyKey[s] = broadPhase.createProxy(fatten(s, box), s, isStatic);
    }

    /** True if body i moves this step: awake and not static. */
    private boolean awake(int i) {
        return bodies.type[i] != BodyStore.STATIC && bodies.awake[i];
    }

    /** A new body: dynamic ones get an island, kinematic ones join the list of always-active bodies. */
    public void addBody(int i) {
        contacts.ensureBodies(i + 1);
        if (bodies.type[i] == BodyStore.DYNAMIC) {
            islands.add(i);
        } else if (bodies.type[i] == BodyStore.KINEMATIC) {
            if (kinematicCount == kinematicBodies.length) {
                kinematicBodies = java.util.Arrays.copyOf(kinematicBodies, 2 * kinematicCount);
            }
            kinematicBodies[kinematicCount++] = i;
        }
    }

    /** Body i is being destroyed. */
    public void removeBody(int i) {
        islands.remove(i);
        for (int k = 0; k < kinematicCount; k++) {
            if (kinematicBodies[k] == i) {
                // Shifted, not swapped, so the order stays the order of creation.
                System.arraycopy(kinematicBodies, k + 1, kinematicBodies, k, kinematicCount - k - 1);
                kinematicCount--;
                break;
            }
        }
    }

    /**
     * Lists this step's active bodies in {@link #activeBodies}: the bodies of the awake islands and
     * the kinematic bodies. A sleeping island's bodies are not visited at all.
     *
     * @return how many
     */
    public int collectActiveBodies() {
        if (activeBodies.length < bodies.capacity()) {
            activeBodies = new int[bodies.capacity()];
        }
        int n = 0;
        for (int k = 0; k < islands.awakeCount(); k++) {
            for (int i = islands.head(islands.awakeIsland(k)); i != Islands.NONE; i = islands.next(i)) {
                activeBodies[n++] = i;
            }
        }
        for (int k = 0; k < kinematicCount; k++) {
            activeBodies[n++] = kinematicBodies[k];
        }
        return n;
    }

    /**
     * A joint between bodies a and b began to act: both wake, two dynamic bodies share an island
     * from now on, and (unless it lets them collide) their contacts end.
     */
    public void jointLinked(int a, int b, boolean endContacts) {
        wake(a);
        wake(b);
        if (bodies.type[a] == BodyStore.DYNAMIC && bodies.type[b] == BodyStore.DYNAMIC) {
            islands.link(a, b);
        }
        if (endContacts) {
            for (int c = contacts.count - 1; c >= 0; c--) {
                int ba = contacts.bodyA[c], bb = contacts.bodyB[c];
                if (ba == a && bb == b || ba == b && bb == a) {
                    if (contacts.touching[c]) {
                        stoppedTouching(ba, bb);
                    }
                    broadPhase.removePair(contacts.shapeA[c], contacts.shapeB[c]);
                    contacts.destroy(c);
                }
            }
        }
    }

    /** A joint between bodies a and b stopped acting (destroyed, disabled or broken): their island may come apart. */
    public void jointUnlinked(int a, int b) {
        wake(a);
        wake(b);
        if (bodies.type[a] == BodyStore.DYNAMIC && bodies.type[b] == BodyStore.DYNAMIC) {
            islands.unlinked(a, b);
        }
        // The pair filter let nothing through while the joint acted: look for the pairs again.
        refreshMovable(a);
        refreshMovable(b);
    }

    /** After the solver's joints finished the step: the ones that broke unlink their bodies. */
    public void jointsBroke(org.cairn.engine3d.internal.solver.ContactSolver solver, int count) {
        if (brokenJoints.length < count) {
            brokenJoints = new int[Math.max(count, 2 * brokenJoints.length)];
        }
        for (int i = 0; i < count; i++) {
            int j = solver.brokenJoint(i);
            brokenJoints[i] = j;
            // Islands only: its bodies are awake already (they were just solved).
            if (bodies.type[joints.bodyA[j]] == BodyStore.DYNAMIC && bodies.type[joints.bodyB[j]] == BodyStore.DYNAMIC) {
                islands.unlinked(joints.bodyA[j], joints.bodyB[j]);
            }
            if (!joints.collideConnected[j]) {
                refreshMovable(joints.bodyA[j]);
                refreshMovable(joints.bodyB[j]);
            }
        }
        brokenJointCount = count;
    }

    /** Queues a non-static body's proxies for pair finding (static proxies never move; the other body's query finds them). */
    private void refreshMovable(int i) {
        if (bodies.type[i] != BodyStore.STATIC) {
            refreshProxies(i, true);
        }
    }

    /** Joints that broke at the end of the last step. */
    public int brokenJointCount() {
        return brokenJointCount;
    }

    public int brokenJoint(int i) {
        return brokenJoints[i];
    }

    /** Wakes body i and its island. */
    public void wake(int i) {
        islands.wake(bodies, i);
    }

    /** Contact c between bodies a and b began touching: a sleeping island it reaches wakes, and the islands join. */
    private void beganTouching(int a, int b) {
        if (bodies.type[a] == BodyStore.DYNAMIC && bodies.type[b] == BodyStore.DYNAMIC) {
            if (!bodies.awake[a]) {
                wake(a);
            }
            if (!bodies.awake[b]) {
                wake(b);
            }
            islands.link(a, b);
        }
    }

    /** A contact between bodies a and b stopped touching: their island may have come apart. */
    private void stoppedTouching(int a, int b) {
        if (bodies.type[a] == BodyStore.DYNAMIC && bodies.type[b] == BodyStore.DYNAMIC) {
            islands.unlinked(a, b);
        }
    }

    /** A touching contact with a moving kinematic body keeps the dynamic body's island awake, and wakes it. */
    private void touchesKinematic(int a, int b) {
        if (bodies.type[a] == BodyStore.DYNAMIC && movingKinematic(b)) {
            sleep.touchedMovingKinematic(a);
            if (!bodies.awake[a]) {
                wake(a);
            }
        }
    }

    private boolean movingKinematic(int i) {
        if (bodies.type[i] != BodyStore.KINEMATIC) {
            return false;
        }
        double[] v = bodies.linearVelocity, w = bodies.angularVelocity;
        return v[3 * i] != 0 || v[3 * i + 1] != 0 || v[3 * i + 2] != 0 || w[3 * i] != 0 || w[3 * i + 1] != 0
                || w[3 * i + 2] != 0;
    }

    /** Takes a shape out of the broadphase and ends its contacts, waking what it touched. */
    public void destroyProxy(int s) {
        for (int c = contacts.count - 1; c >= 0; c--) {
            if (contacts.shapeA[c] == s || contacts.shapeB[c] == s) {
                wake(shapes.body[contacts.shapeA[c]]);
                wake(shapes.body[contacts.shapeB[c]]);
                if (contacts.touching[c]) {
                    stoppedTouching(shapes.body[contacts.shapeA[c]], shapes.body[contacts.shapeB[c]]);
                }
                broadPhase.removePair(contacts.shapeA[c], contacts.shapeB[c]);
                contacts.destroy(c);
            }
        }
        broadPhase.destroyProxy(shapes.proxyKey[s]);
    }

    /**
     * Refreshes the broadphase boxes of body i's shapes: a shape whose tight box left its fat box
     * (or every shape, if {@code force}) gets a new fat box and is queued for pair finding.
     */
    public void refreshProxies(int i, boolean force) {
        double[] d = lookaheadScratch;
        lookahead(i, d);
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            sweptBounds(s, d, poses, box);
            int key = shapes.proxyKey[s];
            if (force || !broadPhase.fatBoxContains(key, box)) {
                // Fattened by a second step's motion as well, so a steadily moving shape moves its
                // proxy every other step rather than every step.
                Aabb fat = fatten(s, sweep(box, d[0], d[1], d[2]));
                if (force) {
                    broadPhase.moveProxy(key, fat);
                } else {
                    broadPhase.enlargeProxy(key, fat);
                }
            }
        }
    }

    /**
     * Whether a shape of body i has left its proxy's fat box, so that {@link #refreshProxies}
     * (i, false) has work: the same test, reading the broadphase only, with worker w's scratch, so
     * the step's active bodies are checked on the workers and only those that moved out are
     * refreshed, in order, on the stepping thread.
     */
    public boolean proxiesStale(int i, int w) {
        double[] d = workerPoses[w];
        lookahead(i, d);
        Aabb b = workerBoxes[w];
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            sweptBounds(s, d, d, b);
            if (!broadPhase.fatBoxContains(shapes.proxyKey[s], b)) {
                return true;
            }
        }
        return false;
    }

    /** One step of body i's motion, capped at its lookahead (see {@link #lookaheadCap}), into d[0..3). */
    private void lookahead(int i, double[] d) {
        double[] v = bodies.linearVelocity;
        double dx = stepSeconds * v[3 * i], dy = stepSeconds * v[3 * i + 1], dz = stepSeconds * v[3 * i + 2];
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz), cap = lookaheadCap(i);
        if (length > cap) {
            double scale = cap / length;
            dx *= scale;
            dy *= scale;
            dz *= scale;
        }
        d[0] = dx;
        d[1] = dy;
        d[2] = dz;
    }

    /**
     * Shape s's box swept by the step's motion (d[0..3)), with pose scratch at poses[8..15). The box
     * must cover where the shape will be after the next step too, so pairs exist before the shapes
     * meet (and the speculative contact can stop them at the surface).
     */
    private Aabb sweptBounds(int s, double[] d, double[] poses, Aabb dest) {
        return sweep(shapeBounds(s, poses, 8, dest), d[0], d[1], d[2]);
    }

    /** The motion {@link #refreshProxies} sweeps by (on the stepping thread). */
    private final double[] lookaheadScratch = new double[3];
    /** Per worker, a box for {@link #proxiesStale}. */
    private Aabb[] workerBoxes = new Aabb[0];

    /**
     * Room for n contacts in every array that grows with them (the contacts, their pair set, the
     * solver's constraints), made at once: the world's stated contact capacity.
     */
    public void reserveContacts(int n) {
        contacts.reserve(n);
        broadPhase.reservePairs(n);
        solver.reserve(n);
    }

    /** Makes the per-worker scratch of collide and {@link #proxiesStale} for {@code workers} workers. */
    public void ensureWorkers(int workers) {
        // The check alone is in the step's compiled code; the making, once per world, is not.
        if (workerNarrowphase.length < workers || workerContinuous.length < workers || workerBoxes.length < workers) {
            makeWorkers(workers);
        }
    }

    private void makeWorkers(int workers) {
        if (workerNarrowphase.length < workers) {
            workerNarrowphase = new Narrowphase[workers];
            workerManifold = new Manifold[workers];
            // 15 doubles used of 32: rows allocated together lie side by side, and two workers
            // writing one cache line would pass it back and forth.
            workerPoses = new double[workers][32];
            workerScratch = new ContactStore.UpdateScratch[workers];
            for (int w = 0; w < workers; w++) {
                workerNarrowphase[w] = new Narrowphase();
                workerManifold[w] = new Manifold();
                workerScratch[w] = new ContactStore.UpdateScratch();
            }
        }
        if (workerContinuous.length < workers) {
            Continuous[] grown = java.util.Arrays.copyOf(workerContinuous, workers);
            for (int w = workerContinuous.length; w < workers; w++) {
                grown[w] = new Continuous(this);
            }
            workerContinuous = grown;
        }
        if (workerBoxes.length < workers) {
            workerBoxes = new Aabb[workers];
            for (int w = 0; w < workers; w++) {
                workerBoxes[w] = new Aabb();
            }
        }
    }

    private static Aabb sweep(Aabb box, double dx, double dy, double dz) {
        return box.set(box.minX + Math.min(dx, 0), box.minY + Math.min(dy, 0), box.minZ + Math.min(dz, 0),
                box.maxX + Math.max(dx, 0), box.maxY + Math.max(dy, 0), box.maxZ + Math.max(dz, 0));
    }

    /**
     * Whether two shapes may collide: different bodies, neither a sensor, at least one of them dynamic, not an
     * excluded pair, and their filters agree (a shared non-zero group decides by its sign;
     * otherwise each shape's category must be in the other's mask).
     */
    @Override
    public boolean shouldCollide(int a, int b) {
        int ba = shapes.body[a], bb = shapes.body[b];
        if (ba == bb || shapes.sensor[a] || shapes.sensor[b]) {
            // A sensor has no contacts: its overlaps are found after the step (World's sensors).
            return false;
        }
        if (bodies.type[ba] != BodyStore.DYNAMIC && bodies.type[bb] != BodyStore.DYNAMIC) {
            return false;
        }
        if (joints.preventsCollision(ba, bb)) {
            return false;
        }
        if (excludedPairs.size() > 0 && excludedPairs.contains(ContactStore.pairKey(a, b))) {
            return false;
        }
        int ga = shapes.groupIndex[a];
        if (ga != 0 && ga == shapes.groupIndex[b]) {
            return ga > 0 && (customFilter == null || customFilter.allows(a, b));
        }
        return (shapes.categoryBits[a] & shapes.maskBits[b]) != 0 && (shapes.categoryBits[b] & shapes.maskBits[a]) != 0
                && (customFilter == null || customFilter.allows(a, b));
    }

    /**
     * A sensor, or a shape that no layer's mask lets collide (its own mask or category is empty)
     * and that no positive group overrides: {@link #shouldCollide} is false for it and any other
     * shape, so the broadphase does not query its moved proxy (a grid of jointed bodies on a
     * layer that collides with nothing moved some 2 300 proxies a step, to find no pair).
     */
    @Override
    public boolean pairsWithNothing(int s) {
        return shapes.sensor[s] || (shapes.categoryBits[s] == 0 || shapes.maskBits[s] == 0) && shapes.groupIndex[s] <= 0;
    }

    /** Per-pair material overrides: unordered material-id pair → (friction, restitution). Looked up, never iterated. */
    private final java.util.Map<Long, double[]> materialPairs = new java.util.HashMap<>();

    private static long pairKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    /** Sets the friction and restitution of contacts between materials a and b (ids ≥ 1). */
    public void setMaterialPair(int a, int b, double friction, double restitution) {
        materialPairs.put(pairKey(a, b), new double[] {friction, restitution});
    }

    /** Shape s's friction or restitution changed: its contacts take the new mixed values (a material pair's stay). */
    public void remixContacts(int s) {
        ContactStore cs = contacts;
        for (int c = 0; c < cs.count; c++) {
            int a = cs.shapeA[c], b = cs.shapeB[c];
            if (a != s && b != s) {
                continue;
            }
            double[] pair = materialPairs.isEmpty() ? null : materialPairs.get(pairKey(shapes.material[a], shapes.material[b]));
            if (pair == null) {
                cs.friction[c] = frictionMixing.applyAsDouble(shapes.friction[a], shapes.friction[b]);
                cs.restitution[c] = restitutionMixing.applyAsDouble(shapes.restitution[a], shapes.restitution[b]);
            }
        }
    }

    /** Stage UPDATE_PAIRS: new overlaps of moved proxies become contacts, in pair-key order. */
    public void updatePairs() {
        newPairs.clear();
        // The moved proxies' queries on the workers when there are enough of them to share (a
        // handful run faster on one thread than handed out and merged) and the filter is the
        // engine's own: a custom filter is the user's code, asked on the stepping thread.
        int workers = customFilter == null ? pool.workerCount() : 1;
        int moved = broadPhase.beginPairSearch(this, workers, pool);
        if (workers > 1 && moved >= PARALLEL_PAIR_SEARCH) {
            pool.run(findPairsTask, moved, PAIR_SEARCH_BLOCK);
            sharedPairSearches++;
        } else {
            broadPhase.findPairs(0, moved, 0);
        }
        broadPhase.endPairSearch(newPairs);
        for (int k = 0; k < newPairs.size(); k++) {
            long key = newPairs.get(k);
            int a = BroadPhase.shapeA(key), b = BroadPhase.shapeB(key);
            double[] pair = materialPairs.isEmpty() ? null : materialPairs.get(pairKey(shapes.material[a], shapes.material[b]));
            contacts.create(a, b, shapes.body[a], shapes.body[b], pair != null ? pair[0] : frictionMixing.applyAsDouble(shapes.friction[a], shapes.friction[b]),
                    pair != null ? pair[1] : restitutionMixing.applyAsDouble(shapes.restitution[a], shapes.restitution[b]),
                    Math.max(shapes.rolling[a], shapes.rolling[b]));
        }
    }

    /**
     * Moved proxies from which their queries are shared among the workers: at two workers, 256
     * gave large_pyramid's update_pairs 0.76× and the rain's 0.92× of 1024's; 128, 0.96× and 0.97×
     * of 256's (one JVM, the noise).
     */
    static final int PARALLEL_PAIR_SEARCH = 256;
    /** Moved proxies per block of the shared pair search: a query is a microsecond or two. */
    private static final int PAIR_SEARCH_BLOCK = 64;
    private final RangeTask findPairsTask = (from, to, w) -> broadPhase.findPairs(from, to, w);

    /**
     * Stage COLLIDE: contacts whose fat boxes separated are destroyed; every other contact gets a
     * fresh manifold, with impulses carried over by feature id.
     */
    public void collide() {
        ContactStore cs = contacts;
        if (collideStatus.length < cs.capacity()) {
            collideStatus = new byte[cs.capacity()];
        }
        // Only the contacts of awake bodies: a contact of two sleeping (or static) bodies keeps its
        // last manifold, and is not visited at all. (An island woken during this stage has its
        // contacts collided next step, as in Box2D.)
        int awakeCount = collectActiveBodies();
        int n = gatherActiveContacts(awakeCount);
        int[] list = contactList;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int c = list[i];
            if (awake(cs.bodyA[c]) || awake(cs.bodyB[c])) {
                list[kept++] = c;
            }
        }
        n = kept;
        ensureWorkers(pool.workerCount());
        // Every contact's manifold depends on its own shapes and cache alone: computed on the
        // workers, then the begin and end of touching, the destroyed pairs and the islands are
        // settled on this thread in contact order, as if it had all been done in that order.
        pool.run(narrowphaseTask, n, 32);
        settleContacts(list, n);
    }

    /**
     * Collide's serial part, in contact order over the n contacts the narrowphase just saw: the
     * separated ones destroyed, the begin and end of touching, the islands' links. (Its own method
     * so that the JIT compiles this loop apart from the stage's set-up.)
     */
    private void settleContacts(int[] list, int n) {
        ContactStore cs = contacts;
        int i = 0;
        while (i < n) {
            int c = list[i];
            int flags = collideStatus[c], status = flags & ~SETTLE;
            if ((flags & SETTLE) == 0) {
                // Its touching stays as it was, with no kinematic body and no callback to ask.
                recycledManifolds += status == RECYCLED ? 1 : 0;
                pairsKeptApart += status == STILL_APART ? 1 : 0;
                i++;
                continue;
            }
            int a = cs.shapeA[c], b = cs.shapeB[c];
            if (status == SEPARATED) {
                if (cs.touching[c]) {
                    stoppedTouching(shapes.body[a], shapes.body[b]);
                }
                broadPhase.removePair(a, b);
                cs.destroy(c);
                int last = cs.count;
                // The last contact moved into c. If it is one of this walk's (the list is in
                // contact order, so it is the list's last), it is settled next, at c.
                if (last != c && n - 1 > i && list[n - 1] == last) {
                    collideStatus[c] = collideStatus[last];
                    n--;
                    continue;
                }
                i++;
                continue;
            }
            int ba = shapes.body[a], bb = shapes.body[b];
            if (status == RECYCLED) {
                recycledManifolds++;
            } else if (status == STILL_APART) {
                pairsKeptApart++;
            }
            boolean was = cs.touching[c];
            cs.setTouching(c, cs.pointCount[c] > 0 && (preSolve == null || preSolve.acts(c)));
            if (cs.touching[c]) {
                if (!was) {
                    beganTouching(ba, bb);
                }
                touchesKinematic(ba, bb);
                touchesKinematic(bb, ba);
            } else if (was) {
                stoppedTouching(ba, bb);
            }
            i++;
        }
    }

    /**
     * Sorted, distinct contacts of the first {@code count} bodies of {@link #activeBodies} (as
     * {@link #collectActiveBodies} left them): gathered into {@link #contactList}.
     */
    public int gatherActiveContacts(int count) {
        ContactStore cs = contacts;
        // Sized with the contact store (its capacity, not its count), so that they grow when it
        // does and not again while its contacts fill it.
        if (contactList.length < cs.capacity()) {
            contactList = new int[cs.shapeA.length];
            contactMark = new int[cs.shapeA.length];
        }
        if (contactMark.length < cs.shapeA.length) {
            contactMark = Arrays.copyOf(contactMark, cs.shapeA.length);
        }
        int n = islands.awakeCount() == islands.count() ? allContacts() : gatherByEdges(activeBodies, count);
        contactsVisited += n;
        return n;
    }

    /**
     * With no island asleep, every contact: each has a shape with a proxy on a body that is not
     * static, so on a dynamic body of an awake island or on a kinematic one, and walking the
     * bodies' edges (each contact twice, in no order, then sorted) would find them all.
     */
    private int allContacts() {
        int n = contacts.count;
        for (int c = 0; c < n; c++) {
            contactList[c] = c;
        }
        return n;
    }

    /** The contacts of the first {@code count} bodies of {@code bodyList}, from each body's contact edges, in contact order. */
    int gatherByEdges(int[] bodyList, int count) {
        ContactStore cs = contacts;
        int stamp = ++markStamp;
        int n = 0;
        for (int k = 0; k < count; k++) {
            for (int e = cs.firstEdge(bodyList[k]); e != ContactStore.NONE; e = cs.nextEdge(e)) {
                int c = e >> 1;
                if (contactMark[c] != stamp) {
                    contactMark[c] = stamp;
                    contactList[n++] = c;
                }
            }
        }
        // Contact order, so every later stage visits them as a walk over all contacts would.
        inContactOrder(n);
        return n;
    }

    private long[] contactBits = new long[1];

    /**
     * Sorts the first n gathered contacts: through a bit per contact over the range they span
     * (linear; a sort of 15 000 indices twice a step was a millisecond), or by sorting when they are
     * few and far apart.
     */
    private void inContactOrder(int n) {
        int low = Integer.MAX_VALUE, high = -1;
        for (int i = 0; i < n; i++) {
            low = Math.min(low, contactList[i]);
            high = Math.max(high, contactList[i]);
        }
        // No contacts: low = high = -1, and the walk below covers one empty word (a test for
        // n == 0 was never true in a JVM's first world after its first step, so the JIT's code
        // for it trapped, and sent collide back to the interpreter, in every later world).
        low = Math.min(low, high);
        if ((high - low) / 64 > 4 * n) {
            org.cairn.engine3d.internal.container.PrimitiveSort.sort(contactList, 0, n);
            return;
        }
        int words = ((high - low) >>> 6) + 1;
        if (contactBits.length < words) {
            contactBits = new long[Math.max(words, 2 * contactBits.length)];
        }
        for (int i = 0; i < n; i++) {
            int bit = contactList[i] - low;
            contactBits[bit >>> 6] |= 1L << bit;
        }
        int k = 0;
        for (int w = 0; w < words; w++) {
            long bits = contactBits[w];
            contactBits[w] = 0;
            while (bits != 0) {
                contactList[k++] = low + (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
    }

    /** The contacts {@link #gatherActiveContacts} found, in contact order. */
    public int[] contactList = new int[16];
    private int[] contactMark = new int[16];
    private int markStamp;
    /** Manifolds the steps have recycled so far instead of running the narrowphase ({@link ManifoldRecycling}): for tests and profiles. */
    public long recycledManifolds;
    /** Pairs the steps have kept apart so far from a proven gap and their motion, without the narrowphase: for tests and profiles. */
    public long pairsKeptApart;
    /** Steps whose pair search was shared among the workers (for tests). */
    public long sharedPairSearches;
    /** Contacts the steps have visited so far (gathered for collide and for the solver): for tests. */
    public long contactsVisited;

    private static final byte SEPARATED = 1, COLLIDED = 2, RECYCLED = 3, STILL_APART = 4;
    /** Added to a status when the contact has work for the serial settling ({@link #mustSettle}). */
    private static final byte SETTLE = 8;
    /** Per contact, what the parallel part of the narrowphase did with it. */
    private byte[] collideStatus = new byte[16];
    private Narrowphase[] workerNarrowphase = new Narrowphase[0];
    private Manifold[] workerManifold;
    private double[][] workerPoses;
    private ContactStore.UpdateScratch[] workerScratch;
    private final RangeTask narrowphaseTask = (from, to, w) -> {
        for (int i = from; i < to; i++) {
            int c = contactList[i];
            byte status = collideContact(c, w);
            collideStatus[c] = status == SEPARATED || mustSettle(c) ? (byte) (status | SETTLE) : status;
        }
    };

    /**
     * Whether contact c, not separated, has anything for the serial settling to do: its touching
     * changes (an event, an island link), it touches a kinematic body (which may wake or keep
     * awake the other), or the user's pre-solve callback decides whether it touches. Read on the
     * worker that just collided it; the settling then skips the others with one load each.
     */
    private boolean mustSettle(int c) {
        ContactStore cs = contacts;
        boolean touching = cs.pointCount[c] > 0;
        return preSolve != null || touching != cs.touching[c] || touching
                && (bodies.type[cs.bodyA[c]] == BodyStore.KINEMATIC || bodies.type[cs.bodyB[c]] == BodyStore.KINEMATIC);
    }

    /** The narrowphase of contact c on worker w: its new manifold and points, RECYCLED or STILL_APART if it needed none, SEPARATED if its fat boxes parted. */
    private byte collideContact(int c, int w) {
        ContactStore cs = contacts;
        int a = cs.shapeA[c], b = cs.shapeB[c];
        if (!broadPhase.overlaps(shapes.proxyKey[a], shapes.proxyKey[b])) {
            return SEPARATED;
        }
        int ba = shapes.body[a], bb = shapes.body[b];
        boolean hulls = shapes.kind[a] == CollisionShape.HULL && shapes.kind[b] == CollisionShape.HULL;
        if (hulls && ManifoldRecycling.recycle(cs, bodies, c, ba, bb)) {
            return RECYCLED;
        }
        double speculative = SPECULATIVE_DISTANCE_METERS + lookahead(ba, bb);
        if (cs.pointCount[c] == 0 && ManifoldRecycling.stillApart(cs, bodies, c, ba, bb, speculative)) {
            return STILL_APART;
        }
        double[] poses = workerPoses[w];
        Narrowphase narrowphase = workerNarrowphase[w];
        Manifold manifold = workerManifold[w];
        shapePose(a, poses, 0);
        shapePose(b, poses, 7);
        narrowphase.setSpeculativeDistance(speculative);
        narrowphase.collide(shapes.collision[a], poses, 0, shapes.collision[b], poses, 7, cs.cache,
                c * Narrowphase.CACHE_INTS, manifold);
        cs.updatePoints(c, manifold, bodies.center[3 * ba], bodies.center[3 * ba + 1], bodies.center[3 * ba + 2],
                bodies.center[3 * bb], bodies.center[3 * bb + 1], bodies.center[3 * bb + 2], workerScratch[w]);
        ManifoldRecycling.remember(cs, bodies, c, ba, bb, hulls, manifold.apartGap);
        return COLLIDED;
    }

    /**
     * How much farther than the speculative distance a pair's manifold looks, m. Against a static
     * shape: a step of the fastest the moving body's points can approach (|v| plus spin times
     * reach), no more than its smallest extent, so a body that can reach the ground within the step
     * already has its contact (Box2D keeps a fixed 2 cm: a ball falling at 5.4 m/s at 60 Hz found
     * the ground only once 7 cm inside it, and pushing it out gave it energy). Between two moving
     * bodies: nothing. Their speculative points are anchored at the step's start, and two hulls
     * tumbling towards each other from 7 cm apart were stopped, and bounced, at points that never
     * met (property suite, seed 3112: 85 J gained).
     */
    private double lookahead(int a, int b) {
        boolean staticA = bodies.type[a] == BodyStore.STATIC, staticB = bodies.type[b] == BodyStore.STATIC;
        if (staticA == staticB) {
            return 0.0;
        }
        return Math.min(stepSeconds * closingSpeedBound(a, b), lookaheadCap(a) + lookaheadCap(b));
    }

    /** The fastest any point of body a can approach any point of body b, m/s: |v_a − v_b| plus each body's spin times its reach. */
    private double closingSpeedBound(int a, int b) {
        double[] v = bodies.linearVelocity;
        double dx = v[3 * a] - v[3 * b], dy = v[3 * a + 1] - v[3 * b + 1], dz = v[3 * a + 2] - v[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz) + spinSpeed(a) + spinSpeed(b);
    }

    /**
     * The farthest ahead body i's contacts and broadphase box look, m: its smallest extent. A body
     * that moves farther in a step is the continuous stage's (against static shapes), and bodies
     * falling side by side at high speed do not all pair up.
     */
    private double lookaheadCap(int i) {
        return bodies.type[i] == BodyStore.STATIC ? 0.0 : bodies.minExtent[i];
    }

    private double spinSpeed(int i) {
        double[] w = bodies.angularVelocity;
        return Math.sqrt(w[3 * i] * w[3 * i] + w[3 * i + 1] * w[3 * i + 1] + w[3 * i + 2] * w[3 * i + 2]) * bodies.maxExtent[i];
    }

    /**
     * Recomputes body i's smallest inner extent (for deciding when it moves fast) and its reach
     * from the centre of mass (for bounding how fast its points move when it turns).
     */
    public void updateExtents(int i) {
        double least = Double.MAX_VALUE, reach = 0.0;
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            CollisionShape c = shapes.collision[s];
            double inner;
            if (c.kind == CollisionShape.HULL) {
                inner = Double.MAX_VALUE;
                for (int f = 0; f < c.hull.faceCount; f++) {
                    double[] p = c.hull.planes;
                    inner = Math.min(inner, p[4 * f + 3] - (p[4 * f] * c.hull.centroidX + p[4 * f + 1] * c.hull.centroidY
                            + p[4 * f + 2] * c.hull.centroidZ));
                }
            } else if (c.kind == CollisionShape.CYLINDER) {
                inner = Math.min(c.cylinderRadius, c.halfHeight);
            } else {
                inner = c.radius;
            }
            least = Math.min(least, inner);
            shapes.geometry[s].localBounds(box);
            double bx = Math.max(Math.abs(box.minX), Math.abs(box.maxX)), by = Math.max(Math.abs(box.minY), Math.abs(box.maxY)),
                    bz = Math.max(Math.abs(box.minZ), Math.abs(box.maxZ));
            double ox = shapes.localPosition[3 * s] - bodies.localCenter[3 * i],
                    oy = shapes.localPosition[3 * s + 1] - bodies.localCenter[3 * i + 1],
                    oz = shapes.localPosition[3 * s + 2] - bodies.localCenter[3 * i + 2];
            reach = Math.max(reach, Math.sqrt(ox * ox + oy * oy + oz * oz) + Math.sqrt(bx * bx + by * by + bz * bz));
        }
        bodies.minExtent[i] = least == Double.MAX_VALUE ? 0.0 : least;
        // Never less than the radius of gyration, so a body without shapes (mass set directly)
        // still counts its spin when deciding whether it rests.
        if (bodies.mass[i] > 0) {
            double[] t = bodies.localInertia;
            double largest = Math.max(t[9 * i], Math.max(t[9 * i + 4], t[9 * i + 8]));
            reach = Math.max(reach, Math.sqrt(largest / bodies.mass[i]));
        }
        bodies.maxExtent[i] = reach;
    }

    /** Clears the per-step event lists. */
    public void clearEvents() {
        contacts.beginEvents.clear();
        // End events from destroying shapes or bodies since the last step are this step's to report.
        contacts.endEvents.removeFirst(endEventsReported);
        contacts.hitEvents.clear();
    }

    /** How many end events the last step reported (those after them came since). */
    public int endEventsReported;
}
