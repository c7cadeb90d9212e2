package org.cairn.engine3d;

import java.lang.ref.Cleaner;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.check.Check;
import org.cairn.engine3d.internal.math.Mat3;
import org.cairn.engine3d.internal.math.StrictTrig;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.world.MassUpdate;
import org.cairn.engine3d.internal.world.WorldState;
import org.cairn.engine3d.internal.world.ShapeStore;
import org.cairn.engine3d.internal.solver.ContactSolver;
import org.cairn.engine3d.internal.solver.SolverSettings;
import org.cairn.engine3d.internal.task.WorkerPool;
import org.cairn.engine3d.internal.world.StepPipeline;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A simulated world of rigid bodies. Not thread-safe: call it from one thread at a time.
 *
 * <p>Reads follow JOML's {@code dest} convention: they write into an object the caller owns and
 * return it, so a loop that reads poses every frame allocates nothing. Writes copy their
 * arguments. Every method that takes a {@link BodyId} or {@link ShapeId} rejects a handle to a
 * destroyed object with an {@link IllegalArgumentException}; every number is checked, and a
 * rejected call leaves the world unchanged.
 *
 * <p>While a query's callback runs, the world is locked: a call that would change it (or start
 * another query) throws {@link IllegalStateException} naming the call. Collect what to change in
 * the callback and change it after the query returns.
 *
 * <pre>{@code
 * World world = new World(WorldDef.DEFAULTS);
 * BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
 * world.createShape(ground, ShapeDef.DEFAULTS, new Box(50, 0.5, 50));
 * BodyId crate = world.createBody(BodyDef.builder().position(0, 4, 0).build());
 * world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
 * Vector3d p = new Vector3d();
 * for (int i = 0; i < 60; i++) {
 *     world.step();
 *     world.position(crate, p);
 * }
 * }</pre>
 */
public final class World {
    private static final Cleaner CLEANER = Cleaner.create();
    private final WorldDef def;
    private final WorldState state = new WorldState();
    private final BodyStore bodies = state.bodies;
    private final ShapeStore shapes = state.shapes;
    private final StepPipeline pipeline = new StepPipeline();
    private final Contacts contactView = new Contacts(this, state);
    private final ContactEvents eventView = new ContactEvents(this, state);
    private final BodyMoveEvents moveEvents = new BodyMoveEvents(this, state);
    private final WorldQueries queries = new WorldQueries(this, state);
    private final Sensors sensors = new Sensors(state, new WorldQueries(this, state));
    private final SensorEvents sensorEvents = new SensorEvents(this, sensors);
    private final Joints jointView = new Joints(this, state);
    private final double[] scratch9 = new double[9];
    private final double[] scratchQuat = new double[4];
    private final WorldClock clock = new WorldClock();
    private final WorldSnapshots snapshots = new WorldSnapshots(this, state, pipeline, sensors, moveEvents, jointView,
            contactView, clock);

    /** Creates an empty world with the given settings. */
    public World(WorldDef def) {
        this.def = Check.notNull("def", def);
        Vector3d g = def.gravity();
        state.gravityX = g.x;
        state.gravityY = g.y;
        state.gravityZ = g.z;
        state.maxLinearSpeed = def.maxLinearSpeed();
        state.maxRotationPerStep = def.maxRotationPerStep();
        state.iterations = def.iterations();
        state.relaxIterations = def.relaxIterations();
        if (def.workerCount() > 1) {
            WorkerPool pool = new WorkerPool(def.workerCount());
            state.pool = pool;
            // The workers hold the pool, never the world: once the world is unreachable its threads stop.
            CLEANER.register(this, pool::close);
        }
        state.solver = new ContactSolver(new SolverSettings(def.solver() == SolverKind.SOFT_STEP
                ? SolverSettings.Kind.SOFT_STEP : SolverSettings.Kind.SEQUENTIAL_IMPULSE, def.contactHertz(),
                def.contactDampingRatio(), def.maxContactPushSpeed(), def.restitutionThreshold(), def.baumgarte(),
                def.warmStarting(), def.blockNormals(), def.positionIterations(), def.experimentalClampIncrements(),
                def.experimentalRestitutionWithoutThreshold()));
        state.solver.setJoints(state.joints);
        state.frictionMixing = def.frictionMixing()::mix;
        state.restitutionMixing = def.restitutionMixing()::mix;
        state.sleep.enabled = def.sleeping();
        state.hitEventThreshold = def.hitEventThreshold();
        state.sleep.sleepSpeed = def.sleepSpeed();
        state.reserveContacts(def.contactCapacity());
    }

    /**
     * Overrides friction and restitution for contacts between shapes of materials {@code a} and
     * {@code b} (ids from {@link ShapeDef.Builder#material(int)}, positive; the pair is unordered,
     * and a = b is allowed): such contacts use these values instead of mixing the shapes' own.
     * Applies to contacts that begin after the call.
     */
    public void setMaterialPair(int a, int b, double friction, double restitution) {
        unlocked("setMaterialPair");
        Check.atLeast("a", a, 1);
        Check.atLeast("b", b, 1);
        Check.nonNegative("friction", friction);
        Check.inRange("restitution", restitution, 0.0, 1.0);
        state.setMaterialPair(a, b, friction, restitution);
    }

    /** Creates an empty world with {@link WorldDef#DEFAULTS}. */
    public World() {
        this(WorldDef.DEFAULTS);
    }

    /** The settings this world was made with. */
    public WorldDef def() {
        return def;
    }

    // ------------------------------------------------------------------ bodies

    /** Creates a body; it has no shapes yet (a dynamic body without massive shapes has 1 kg, 1 kg·m²). */
    public BodyId createBody(BodyDef bodyDef) {
        unlocked("createBody");
        Check.notNull("bodyDef", bodyDef);
        int i = bodies.allocate();
        BodyStore b = bodies;
        b.type[i] = switch (bodyDef.type()) {
            case STATIC -> BodyStore.STATIC;
            case KINEMATIC -> BodyStore.KINEMATIC;
            case DYNAMIC -> BodyStore.DYNAMIC;
        };
        b.name[i] = bodyDef.name();
        Vector3d p = bodyDef.position();
        set3(b.position, i, p.x, p.y, p.z);
        Quaterniond q = bodyDef.rotation();
        b.rotation[4 * i] = q.x;
        b.rotation[4 * i + 1] = q.y;
        b.rotation[4 * i + 2] = q.z;
        b.rotation[4 * i + 3] = q.w;
        Vector3d v = bodyDef.linearVelocity();
        set3(b.linearVelocity, i, v.x, v.y, v.z);
        Vector3d w = bodyDef.angularVelocity();
        set3(b.angularVelocity, i, w.x, w.y, w.z);
        b.linearDamping[i] = bodyDef.linearDamping();
        b.angularDamping[i] = bodyDef.angularDamping();
        b.gravityScale[i] = bodyDef.gravityScale();
        b.allowSleep[i] = bodyDef.allowSleep();
        b.gyroscopic[i] = bodyDef.gyroscopic();
        b.bullet[i] = bodyDef.bullet();
        // The centre starts at the origin; placing it first keeps apply() from reading the move from
        // the slot's cleared centre to the origin as a shift of the centre of mass.
        b.updateCenterFromOrigin(i);
        MassUpdate.apply(b, i, null, scratch9);
        state.updateExtents(i);
        state.addBody(i);
        System.arraycopy(b.position, 3 * i, b.previousPosition, 3 * i, 3);
        System.arraycopy(b.rotation, 4 * i, b.previousRotation, 4 * i, 4);
        return bodyIdOf(i);
    }

    /** Destroys a body, its shapes and its joints; its id, and theirs, become invalid. */
    public void destroyBody(BodyId bodyId) {
        unlocked("destroyBody");
        int i = body(bodyId);
        jointView.destroyAll(i);
        for (int s = bodies.firstShape[i]; s >= 0; ) {
            int next = shapes.nextInBody[s];
            if (shapes.sensor[s]) {
                sensors.remove(s);
            }
            if (!bodies.disabled[i]) {
                state.destroyProxy(s);
            }
            forgetUserData(s, shapeData);
            shapes.free(s);
            s = next;
        }
        bodies.firstShape[i] = -1;
        state.removeBody(i);
        forgetUserData(i, bodyData);
        bodies.free(i);
    }

    /** True while {@code bodyId} names a live body of this world. */
    public boolean isValid(BodyId bodyId) {
        return bodyId != null && bodyId.world() == serial && bodies.isValid(bodyId.index(), bodyId.generation());
    }

    /** Number of live bodies. */
    public int bodyCount() {
        return bodies.liveCount;
    }

    /** The body's type. */
    public BodyType type(BodyId bodyId) {
        return switch (bodies.type[body(bodyId)]) {
            case BodyStore.STATIC -> BodyType.STATIC;
            case BodyStore.KINEMATIC -> BodyType.KINEMATIC;
            default -> BodyType.DYNAMIC;
        };
    }

    /**
     * Changes a body's type: a static ramp becomes debris, a kinematic ragdoll goes limp, a
     * dynamic crate is nailed down. Its contacts end (and begin again at the next step where its
     * shapes touch others); as static it stops, as dynamic its mass comes from its shapes (so one
     * of them must have mass), and it wakes. A body with joints is refused: destroy them first.
     */
    public void setType(BodyId bodyId, BodyType type) {
        unlocked("setType");
        int i = body(bodyId);
        Check.notNull("type", type);
        int code = switch (type) {
            case STATIC -> BodyStore.STATIC;
            case KINEMATIC -> BodyStore.KINEMATIC;
            case DYNAMIC -> BodyStore.DYNAMIC;
        };
        if (bodies.type[i] == code) {
            return;
        }
        if (jointView.hasJoints(i)) {
            throw new IllegalArgumentException("bodyId: " + bodyId + " has joints; destroy them before changing its type");
        }
        if (bodies.disabled[i]) {
            throw new IllegalArgumentException("bodyId: " + bodyId + " is disabled; enable it before changing its type");
        }
        if (code == BodyStore.DYNAMIC && bodies.firstShape[i] >= 0 && !bodies.massOverridden[i] && !hasMassiveShape(i)) {
            throw new IllegalArgumentException("type: DYNAMIC would leave body " + bodyId + " without mass: none of its"
                    + " shapes has density and volume (set its mass with setMassProperties first)");
        }
        // Its other contacts may sleep: they wake as its contacts end.
        wake(i);
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            state.destroyProxy(s);
        }
        state.removeBody(i);
        bodies.type[i] = (byte) code;
        bodies.awake[i] = code != BodyStore.STATIC;
        bodies.sleepTime[i] = 0;
        if (code == BodyStore.STATIC) {
            set3(bodies.linearVelocity, i, 0, 0, 0);
            set3(bodies.angularVelocity, i, 0, 0, 0);
        }
        bodies.massOverridden[i] &= code == BodyStore.DYNAMIC;
        updateMass(i);
        state.updateExtents(i);
        state.addBody(i);
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            state.createProxy(s);
        }
        if (code != BodyStore.STATIC) {
            wake(i);
        }
    }

    /**
     * Takes a body out of the simulation ({@code false}) or puts it back ({@code true}). Disabled,
     * it keeps its shapes, pose and velocities but collides with nothing, is not stepped, sleeps,
     * and its contacts end (with events); its sensors see nothing. Enabled again, it wakes where it
     * was. A body with joints is refused: destroy or move them first.
     */
    public void setEnabled(BodyId bodyId, boolean enabled) {
        unlocked("setEnabled");
        int i = body(bodyId);
        if (bodies.disabled[i] != enabled) {
            return;
        }
        if (jointView.hasJoints(i)) {
            throw new IllegalArgumentException("bodyId: " + bodyId + " has joints; destroy them before "
                    + (enabled ? "enabling" : "disabling") + " it");
        }
        if (!enabled) {
            wake(i);
            for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
                state.destroyProxy(s);
            }
            state.removeBody(i);
            bodies.disabled[i] = true;
            bodies.awake[i] = false;
        } else {
            bodies.disabled[i] = false;
            bodies.awake[i] = bodies.type[i] != BodyStore.STATIC;
            bodies.sleepTime[i] = 0;
            state.addBody(i);
            for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
                state.createProxy(s);
            }
            wake(i);
        }
    }

    /** Whether a body takes part in the simulation ({@link #setEnabled}). */
    public boolean isEnabled(BodyId bodyId) {
        return !bodies.disabled[body(bodyId)];
    }

    /** The name given in the body's def. */
    public String name(BodyId bodyId) {
        return bodies.name[body(bodyId)];
    }

    // ------------------------------------------------------------------ shapes

    /**
     * Attaches a shape to a body, placed by the def's local position and rotation, and updates the
     * body's mass, centre of mass and inertia (unless they are overridden). The body's origin does
     * not move; if its centre of mass does, the centre's velocity is adjusted so that every
     * material point keeps its velocity.
     */
    public ShapeId createShape(BodyId bodyId, ShapeDef shapeDef, Shape shape) {
        unlocked("createShape");
        int i = body(bodyId);
        Check.notNull("shapeDef", shapeDef);
        Check.notNull("shape", shape);
        if (shape instanceof TriangleMesh && bodies.type[i] != BodyStore.STATIC) {
            throw new IllegalArgumentException("shape: a TriangleMesh can only be attached to a STATIC body, and bodyId "
                    + bodyId + " names a " + type(bodyId) + " body");
        }
        // Everything that can fail is done before the world changes, so a rejected shape leaves no trace.
        CollisionShape collision;
        try {
            collision = collisionOf(shape);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("shape: " + e.getMessage(), e);
        }
        checkMassWith(i, shapeDef, shape);
        if (bodies.type[i] == BodyStore.DYNAMIC && !bodies.massOverridden[i] && (shapeDef.density() == 0.0 || shape.volume() == 0.0)
                && !hasMassiveShape(i)) {
            // Silently giving the body a default mass hid the mistake; a dynamic body's mass comes
            // from its shapes unless it is set.
            throw new IllegalArgumentException("shapeDef.density: a shape of density " + shapeDef.density() + " (volume "
                    + shape.volume() + " m^3) would leave dynamic body " + bodyId + " without mass; give the shape a density, "
                    + "add a shape with mass first, or set the body's mass with setMassProperties");
        }
        int s = shapes.allocate();
        shapes.body[s] = i;
        shapes.geometry[s] = shape;
        shapes.density[s] = shapeDef.density();
        shapes.friction[s] = shapeDef.friction();
        shapes.material[s] = shapeDef.material();
        shapes.restitution[s] = shapeDef.restitution();
        Vector3d p = shapeDef.localPosition();
        set3(shapes.localPosition, s, p.x, p.y, p.z);
        Quaterniond q = shapeDef.localRotation();
        shapes.localRotation[4 * s] = q.x;
        shapes.localRotation[4 * s + 1] = q.y;
        shapes.localRotation[4 * s + 2] = q.z;
        shapes.localRotation[4 * s + 3] = q.w;
        shapes.setCollision(s, collision);
        shapes.rolling[s] = shapeDef.rollingResistance() * rollingRadius(shapes.collision[s]);
        shapes.categoryBits[s] = shapeDef.categoryBits();
        shapes.maskBits[s] = shapeDef.maskBits();
        shapes.groupIndex[s] = shapeDef.groupIndex();
        shapes.sensor[s] = shapeDef.isSensor();
        if (shapeDef.isSensor()) {
            sensors.add(s);
        }
        shapes.nextInBody[s] = bodies.firstShape[i];
        bodies.firstShape[i] = s;
        updateMass(i);
        state.updateExtents(i);
        if (!bodies.disabled[i]) {
            state.createProxy(s);
        }
        wake(i);
        return shapeIdAt(s);
    }

    /**
     * Shapes of equal geometry share one collision form (they are immutable): a pile of 1000 equal
     * boxes then collides from one hull that stays in the cache, where 1000 copies spread over the
     * heap cost misses on every pair. Meshes are not shared (large, and static anyway); at most
     * {@link #SHARED_COLLISION_SHAPES} geometries are remembered.
     */
    CollisionShape collisionOf(Shape shape) {
        if (shape instanceof TriangleMesh) {
            return CollisionShape.of(shape);
        }
        CollisionShape shared = collisionShapes.get(shape);
        if (shared == null) {
            shared = CollisionShape.of(shape);
            if (collisionShapes.size() < SHARED_COLLISION_SHAPES) {
                collisionShapes.put(shape, shared);
            }
        }
        return shared;
    }

    /** How many distinct geometries {@link #collisionOf} remembers. */
    private static final int SHARED_COLLISION_SHAPES = 1024;
    /** Only looked up (never iterated), so its order cannot reach the step. */
    private final java.util.Map<Shape, CollisionShape> collisionShapes = new java.util.HashMap<>();

    /** Whether body i has a shape that gives it mass. */
    private boolean hasMassiveShape(int i) {
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            if (shapes.density[s] > 0 && shapes.geometry[s].volume() > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Throws if attaching {@code shape} to body i would leave it with mass properties that cannot
     * be computed (a kinematic body's centre of mass comes from them too) or, for a dynamic body,
     * that the solver cannot use: the shape's own (so that removing any other shape later still
     * leaves usable ones) and the body's total. Static bodies compute none.
     */
    private void checkMassWith(int i, ShapeDef def, Shape shape) {
        if (bodies.type[i] == BodyStore.STATIC || def.density() == 0.0 || shape.volume() == 0.0) {
            return;
        }
        try {
            MassProperties part = shape.massProperties(def.density()).transformed(def.localRotation(),
                    def.localPosition());
            MassProperties others = MassUpdate.fromShapes(bodies, shapes, i);
            MassProperties total = others == null ? part : others.plus(part);
            if (bodies.type[i] == BodyStore.DYNAMIC) {
                MassUpdate.requireUsable(part, scratch9);
                MassUpdate.requireUsable(total, scratch9);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("shape: " + shape + " at density " + def.density()
                    + " kg/m^3 gives mass properties the solver cannot use (" + e.getMessage() + ")", e);
        }
    }

    /** A sphere's, capsule's or cylinder's radius; a quarter of a hull's inner radius (Box3D's choice). */
    private static double rollingRadius(CollisionShape c) {
        if (c.kind == CollisionShape.CYLINDER) {
            return c.cylinderRadius;
        }
        if (c.kind != CollisionShape.HULL) {
            return c.radius;
        }
        double inner = Double.MAX_VALUE;
        double[] p = c.hull.planes;
        for (int f = 0; f < c.hull.faceCount; f++) {
            inner = Math.min(inner, p[4 * f + 3] - (p[4 * f] * c.hull.centroidX + p[4 * f + 1] * c.hull.centroidY
                    + p[4 * f + 2] * c.hull.centroidZ));
        }
        return 0.25 * inner;
    }

    /** Detaches and destroys a shape, updating its body's mass. */
    public void destroyShape(ShapeId shapeId) {
        unlocked("destroyShape");
        int s = shape(shapeId);
        int i = shapes.body[s];
        if (!bodies.disabled[i]) {
            state.destroyProxy(s);
        }
        if (bodies.firstShape[i] == s) {
            bodies.firstShape[i] = shapes.nextInBody[s];
        } else {
            int prev = bodies.firstShape[i];
            while (shapes.nextInBody[prev] != s) {
                prev = shapes.nextInBody[prev];
            }
            shapes.nextInBody[prev] = shapes.nextInBody[s];
        }
        if (shapes.sensor[s]) {
            sensors.remove(s);
        }
        forgetUserData(s, shapeData);
        shapes.free(s);
        updateMass(i);
        state.updateExtents(i);
        wake(i);
    }

    /** True while {@code shapeId} names a live shape of this world. */
    public boolean isValid(ShapeId shapeId) {
        return shapeId != null && shapeId.world() == serial && shapes.isValid(shapeId.index(), shapeId.generation());
    }

    /** The geometry of a shape. */
    public Shape geometry(ShapeId shapeId) {
        return shapes.geometry[shape(shapeId)];
    }

    /** The body a shape is attached to. */
    public BodyId body(ShapeId shapeId) {
        return bodyIdOf(shapes.body[shape(shapeId)]);
    }

    /** Number of shapes attached to a body. */
    public int shapeCount(BodyId bodyId) {
        int count = 0;
        for (int s = bodies.firstShape[body(bodyId)]; s >= 0; s = shapes.nextInBody[s]) {
            count++;
        }
        return count;
    }

    /**
     * Stops two shapes from colliding ({@code excluded} true) or lets them again. An existing
     * contact between them ends at once.
     */
    public void setPairExcluded(ShapeId shapeA, ShapeId shapeB, boolean excluded) {
        unlocked("setPairExcluded");
        int a = shape(shapeA), b = shape(shapeB);
        long key = ContactStore.pairKey(a, b);
        if (!excluded) {
            state.excludedPairs.remove(key);
            return;
        }
        state.excludedPairs.add(key);
        for (int c = state.contacts.count - 1; c >= 0; c--) {
            if (ContactStore.pairKey(state.contacts.shapeA[c], state.contacts.shapeB[c]) == key) {
                state.broadPhase.removePair(a, b);
                state.contacts.destroy(c);
            }
        }
    }

    /**
     * The contacts that touched at the end of the last step (manifolds with at least one point,
     * speculative points included). The view is reused and valid until the next step.
     */
    public Contacts contacts() {
        return contactView;
    }

    /** The bodies the last step moved, for syncing what draws them (reused; valid until the next step). */
    public BodyMoveEvents bodyMoveEvents() {
        return moveEvents;
    }

    /** The shapes that began and stopped overlapping sensor shapes in the last step (reused; valid until the next step). */
    public SensorEvents sensorEvents() {
        return sensorEvents;
    }

    /** The contact begin, end and hit events of the last step (reused; valid until the next step). */
    public ContactEvents contactEvents() {
        return eventView;
    }

    // One handle object per live slot, made when the slot is filled, so the views and queries
    // can hand out handles without allocating.
    private ShapeId[] shapeIds = new ShapeId[64];
    /** Numbers the worlds, so a handle made by one is refused by every other. */
    private static final java.util.concurrent.atomic.AtomicLong WORLDS = new java.util.concurrent.atomic.AtomicLong();
    private final long serial = WORLDS.incrementAndGet();
    private BodyId[] bodyIds = new BodyId[64];

    /** The id of the live shape in slot {@code index} (cached; no allocation after the first call). */
    ShapeId shapeIdAt(int index) {
        if (shapeIds.length <= index) {
            shapeIds = java.util.Arrays.copyOf(shapeIds, Math.max(2 * shapeIds.length, index + 1));
        }
        ShapeId id = shapeIds[index];
        if (id == null || id.generation() != shapes.generation[index]) {
            id = new ShapeId(index, shapes.generation[index], serial);
            shapeIds[index] = id;
        }
        return id;
    }

    /** The id of the live body in slot {@code index} (cached like shape ids). */
    BodyId bodyIdOf(int index) {
        if (bodyIds.length <= index) {
            bodyIds = java.util.Arrays.copyOf(bodyIds, Math.max(2 * bodyIds.length, index + 1));
        }
        BodyId id = bodyIds[index];
        if (id == null || id.generation() != bodies.generation[index]) {
            id = new BodyId(index, bodies.generation[index], serial);
            bodyIds[index] = id;
        }
        return id;
    }

    /**
     * The id of shape slot {@code index} with generation {@code generation}: the cached live id
     * when it is the live shape's, else a new id the world refuses (an event's destroyed shape).
     */
    ShapeId shapeIdOf(int index, int generation) {
        ShapeId live = shapeIdAt(index);
        return live.generation() == generation ? live : new ShapeId(index, generation, serial);
    }

    /** Side A (0) or B (1) shape of event i of a log, by the id it had then; the index is checked. */
    ShapeId eventShape(org.cairn.engine3d.internal.contact.ContactEventLog log, int i, int side) {
        checkEvent(log, i);
        return shapeIdOf(log.shape(i, side), log.shapeGeneration(i, side));
    }

    /** As {@link #eventShape}, for the shape's body. */
    BodyId eventBody(org.cairn.engine3d.internal.contact.ContactEventLog log, int i, int side) {
        checkEvent(log, i);
        return bodyIdOf(log.body(i, side), log.bodyGeneration(i, side));
    }

    static void checkEvent(org.cairn.engine3d.internal.contact.ContactEventLog log, int i) {
        if (i < 0 || i >= log.size()) {
            throw new IllegalArgumentException("event must be in [0, " + log.size() + "), got " + i);
        }
    }

    /** As {@link #shapeIdOf(int, int)}, for a body slot. */
    BodyId bodyIdOf(int index, int generation) {
        BodyId live = bodyIdOf(index);
        return live.generation() == generation ? live : new BodyId(index, generation, serial);
    }

    /** The id of the body owning the shape in slot {@code index}; for the views. */
    BodyId bodyIdOfShape(int index) {
        return bodyIdOf(shapes.body[index]);
    }

    // ------------------------------------------------------------------ joints

    /**
     * Creates a joint between two bodies (at least one dynamic), anchored and oriented as the
     * definition says at the bodies' current poses. Both bodies wake; unless the definition lets
     * them collide, their contacts end and no new ones begin while the joint acts.
     */
    public JointId createJoint(JointDef def) {
        unlocked("createJoint");
        Check.notNull("def", def);
        if (isValid(def.bodyA()) && bodies.disabled[def.bodyA().index()] || isValid(def.bodyB()) && bodies.disabled[def.bodyB().index()]) {
            throw new IllegalArgumentException("def: a joint cannot hold a disabled body; enable it first");
        }
        return jointView.create(def);
    }

    /** Destroys a joint; its id becomes invalid and its bodies wake. */
    public void destroyJoint(JointId jointId) {
        unlocked("destroyJoint");
        jointView.destroy(jointId);
    }

    /** True while {@code jointId} names a live joint of this world. */
    public boolean isValid(JointId jointId) {
        return jointView.isValid(jointId);
    }

    /** The world's joints: their measurements, reactions and motors. The view is reused. */
    public Joints joints() {
        return jointView;
    }

    /** This world's serial number (handles carry it). */
    long serial() {
        return serial;
    }

    /** For the views: throws if the world is locked by a running query. */
    void unlockedFor(String call) {
        unlocked(call);
    }

    /** For the views: the slot of a live body of this world, or an exception naming the id. */
    int bodyIndex(BodyId bodyId) {
        return body(bodyId);
    }

    // ------------------------------------------------------------------ queries

    /**
     * Casts the ray origin + t·translation, t in [0, 1], and reports the shapes it hits to the
     * callback, which may clip the ray or stop the cast. A ray that starts inside a shape does not
     * hit that shape.
     */
    public void castRay(Vector3dc origin, Vector3dc translation, QueryFilter filter, RayCastCallback callback) {
        finiteVector("origin", origin);
        castableTranslation(translation);
        Check.notNull("filter", filter);
        Check.notNull("callback", callback);
        lock("castRay");
        try {
            queries.castRay(origin.x(), origin.y(), origin.z(), translation.x(), translation.y(), translation.z(),
                    filter, callback);
        } finally {
            locked = null;
        }
    }

    /** The closest hit of the ray origin + t·translation, written into {@code dest}; false if none. */
    public boolean castRayClosest(Vector3dc origin, Vector3dc translation, QueryFilter filter, QueryHit dest) {
        finiteVector("origin", origin);
        castableTranslation(translation);
        Check.notNull("filter", filter);
        Check.notNull("dest", dest);
        lock("castRayClosest");
        try {
            return queries.castRayClosest(origin.x(), origin.y(), origin.z(), translation.x(), translation.y(),
                    translation.z(), filter, dest);
        } finally {
            locked = null;
        }
    }

    /** True if the ray origin + t·translation hits any shape (stops at the first found). */
    public boolean castRayAny(Vector3dc origin, Vector3dc translation, QueryFilter filter) {
        finiteVector("origin", origin);
        castableTranslation(translation);
        Check.notNull("filter", filter);
        lock("castRayAny");
        try {
            return queries.castRayAny(origin.x(), origin.y(), origin.z(), translation.x(), translation.y(),
                    translation.z(), filter);
        } finally {
            locked = null;
        }
    }

    /**
     * Sweeps {@code shape}, placed at (position, rotation), along {@code translation} without
     * turning, and reports each shape it would touch to the callback, at the first touch: the
     * fraction of the translation, the point of the other shape touched and its outward normal
     * there. The callback may clip the sweep or stop it, as for rays. A shape the swept shape
     * overlaps from the start is reported at fraction 0, its normal pointing out of it at the
     * closest point (against the translation when even their cores overlap); one it only touches
     * is reported so only if the translation moves into it.
     * Cylinders are swept as their 16-sided collision prism.
     */
    public void castShape(Shape shape, Vector3dc position, Quaterniondc rotation, Vector3dc translation, QueryFilter filter,
                          RayCastCallback callback) {
        Check.notNull("shape", shape);
        finiteVector("position", position);
        Check.notNull("rotation", rotation);
        Check.unitQuaternion("rotation", rotation.x(), rotation.y(), rotation.z(), rotation.w(), scratchQuat);
        castableTranslation(translation);
        Check.notNull("filter", filter);
        Check.notNull("callback", callback);
        lock("castShape");
        try {
            queries.castShape(shape, position.x(), position.y(), position.z(), scratchQuat[0], scratchQuat[1], scratchQuat[2],
                    scratchQuat[3], translation.x(), translation.y(), translation.z(), filter, callback);
        } finally {
            locked = null;
        }
    }

    /**
     * The closest shape {@link #castShape} would report, into {@code dest}; false (and {@code dest}
     * unchanged) when the sweep touches nothing.
     */
    public boolean castShapeClosest(Shape shape, Vector3dc position, Quaterniondc rotation, Vector3dc translation,
                                    QueryFilter filter, QueryHit dest) {
        Check.notNull("dest", dest);
        castFound = false;
        castShape(shape, position, rotation, translation, filter, keepClosestCast);
        if (castFound) {
            dest.set(castClosest);
        }
        return castFound;
    }

    private boolean castFound;
    private final QueryHit castClosest = new QueryHit();
    private final RayCastCallback keepClosestCast = h -> {
        if (!castFound || h.fraction < castClosest.fraction) {
            castClosest.set(h);
            castFound = true;
        }
        return h.fraction;
    };

    /**
     * Sets the custom collision filter (null: none), asked about pairs the shapes' own filters let
     * collide when their boxes first overlap ({@link CustomFilter}).
     */
    public void setCustomFilter(CustomFilter filter) {
        unlocked("setCustomFilter");
        state.customFilter = filter == null ? null : (a, b) -> filter.shouldCollide(shapeIdAt(a), shapeIdAt(b));
    }

    /** Sets the pre-solve callback (null: none), which may switch touching contacts off for a step ({@link PreSolveCallback}). */
    public void setPreSolve(PreSolveCallback callback) {
        unlocked("setPreSolve");
        state.preSolve = callback == null ? null : c -> {
            org.cairn.engine3d.internal.contact.ContactStore cs = state.contacts;
            preSolveNormal.set(cs.normal[3 * c], cs.normal[3 * c + 1], cs.normal[3 * c + 2]);
            double least = Double.POSITIVE_INFINITY;
            for (int k = 0; k < cs.pointCount[c]; k++) {
                least = Math.min(least, cs.separation[org.cairn.engine3d.internal.collision.narrowphase.Manifold.MAX_POINTS * c + k]);
            }
            return callback.preSolve(shapeIdAt(cs.shapeA[c]), shapeIdAt(cs.shapeB[c]), preSolveNormal, least);
        };
        state.preSolveSweep = callback == null ? null : (a, b, nx, ny, nz, separation) -> {
            preSolveNormal.set(nx, ny, nz);
            return callback.preSolve(shapeIdAt(a), shapeIdAt(b), preSolveNormal, separation);
        };
    }

    private final Vector3d preSolveNormal = new Vector3d();

    /** Reports every shape whose bounding box overlaps {@code box}. */
    public void overlapAabb(Aabb box, QueryFilter filter, OverlapCallback callback) {
        Check.notNull("box", box);
        Check.finite3("box.min", box.minX, box.minY, box.minZ);
        Check.finite3("box.max", box.maxX, box.maxY, box.maxZ);
        Check.notNull("filter", filter);
        Check.notNull("callback", callback);
        lock("overlapAabb");
        try {
            queries.overlapAabb(box, filter, callback);
        } finally {
            locked = null;
        }
    }

    /**
     * Reports every shape that overlaps or touches {@code shape} placed at (position, rotation).
     * Cylinders are tested as their 16-sided collision prism.
     */
    public void overlapShape(Shape shape, Vector3dc position, Quaterniondc rotation, QueryFilter filter,
                             OverlapCallback callback) {
        Check.notNull("shape", shape);
        finiteVector("position", position);
        Check.notNull("rotation", rotation);
        Check.unitQuaternion("rotation", rotation.x(), rotation.y(), rotation.z(), rotation.w(), scratchQuat);
        Check.notNull("filter", filter);
        Check.notNull("callback", callback);
        lock("overlapShape");
        try {
            queries.overlapShape(shape, position.x(), position.y(), position.z(), scratchQuat[0], scratchQuat[1],
                    scratchQuat[2], scratchQuat[3], filter, callback);
        } finally {
            locked = null;
        }
    }

    // ------------------------------------------------------------------ snapshots

    /**
     * The whole state of the world as bytes: bodies, shapes, contacts with their warm-start
     * impulses, joints, islands and sleep timers, the broadphase, events, sensors, time, step count
     * and the fixed-step accumulator, with a checksum; not compressed (a snapshot is made to be
     * taken often: under 1 ms for a pyramid of 55 boxes, 250 KB; 5 ms for 1000 boxes in a pile,
     * 7.5 MB; docs/api.md; the world keeps the buffer it wrote into, and restore's, for the next
     * time). A world made with the same
     * {@link WorldDef} and given them by {@link #restore(byte[])} continues bit for bit as this one
     * does (for rollback, replays, or to look again at the step before a failure). User data
     * ({@link #setUserData}) and the callbacks are not in it.
     */
    public byte[] snapshot() {
        unlocked("snapshot");
        return snapshots.write();
    }

    /**
     * Puts the world back in the state {@code snapshot} holds ({@link #snapshot()}), which may
     * come from this world or another made with the same {@link WorldDef}. Ids of the bodies,
     * shapes and joints of the snapshot's world are valid in this one when it is the same world;
     * when it is another, use {@link #bodies} to find them. User data and callbacks stay as they
     * are here.
     *
     * @throws IllegalArgumentException if the bytes are not a snapshot, or one of a world made
     *                                  with another def; the world is then as it was
     */
    public void restore(byte[] snapshot) {
        unlocked("restore");
        Check.notNull("snapshot", snapshot);
        snapshots.restore(snapshot);
    }

    // ------------------------------------------------------------------ debug draw

    private final WorldDrawing drawing = new WorldDrawing(this, state);

    /**
     * Hands what the world is made of to {@code draw}: {@code what} is a sum of
     * {@link DebugDraw#SHAPES}, {@link DebugDraw#BOUNDS}, {@link DebugDraw#CONTACTS},
     * {@link DebugDraw#JOINTS} and {@link DebugDraw#CENTERS}. Bodies and shapes in slot order,
     * contacts and joints in the order their views list them. The world is locked meanwhile.
     */
    public void draw(DebugDraw draw, int what) {
        Check.notNull("draw", draw);
        lock("draw");
        try {
            drawing.draw(draw, what, contactView, jointView);
        } finally {
            locked = null;
        }
    }

    // ------------------------------------------------------------------ introspection and control

    /** Appends the ids of every live body, in slot order, to {@code dest}; returns it. */
    public java.util.List<BodyId> bodies(java.util.List<BodyId> dest) {
        Check.notNull("dest", dest);
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i]) {
                dest.add(bodyIdOf(i));
            }
        }
        return dest;
    }

    /** Appends the ids of a body's shapes (the newest first) to {@code dest}; returns it. */
    public java.util.List<ShapeId> shapes(BodyId bodyId, java.util.List<ShapeId> dest) {
        int i = body(bodyId);
        Check.notNull("dest", dest);
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            dest.add(shapeIdAt(s));
        }
        return dest;
    }

    /** Writes a shape's offset in its body's frame, m, into {@code dest}. */
    public Vector3d localPosition(ShapeId shapeId, Vector3d dest) {
        int s = shape(shapeId);
        return dest.set(shapes.localPosition[3 * s], shapes.localPosition[3 * s + 1], shapes.localPosition[3 * s + 2]);
    }

    /** Writes a shape's orientation in its body's frame into {@code dest}. */
    public Quaterniond localRotation(ShapeId shapeId, Quaterniond dest) {
        int s = shape(shapeId);
        return dest.set(shapes.localRotation[4 * s], shapes.localRotation[4 * s + 1], shapes.localRotation[4 * s + 2],
                shapes.localRotation[4 * s + 3]);
    }

    /** A shape's density, kg/m³. */
    public double density(ShapeId shapeId) {
        return shapes.density[shape(shapeId)];
    }

    /** A shape's friction coefficient. */
    public double friction(ShapeId shapeId) {
        return shapes.friction[shape(shapeId)];
    }

    /** A shape's restitution. */
    public double restitution(ShapeId shapeId) {
        return shapes.restitution[shape(shapeId)];
    }

    /** Whether a shape is a sensor ({@link ShapeDef#isSensor()}). */
    public boolean isSensor(ShapeId shapeId) {
        return shapes.sensor[shape(shapeId)];
    }

    /**
     * Sets a shape's friction coefficient (non-negative). Its contacts take the new mixed value
     * at once, unless a material pair ({@link #setMaterialPair}) fixes theirs.
     */
    public void setFriction(ShapeId shapeId, double coefficient) {
        unlocked("setFriction");
        int s = shape(shapeId);
        Check.nonNegative("friction", coefficient);
        shapes.friction[s] = coefficient;
        state.remixContacts(s);
    }

    /** Sets a shape's restitution (in [0, 1]); its contacts take the new mixed value at once, as for friction. */
    public void setRestitution(ShapeId shapeId, double coefficient) {
        unlocked("setRestitution");
        int s = shape(shapeId);
        Check.inRange("restitution", coefficient, 0.0, 1.0);
        shapes.restitution[s] = coefficient;
        state.remixContacts(s);
    }

    private Object[] bodyData = new Object[64];
    private Object[] shapeData = new Object[64];

    private static void forgetUserData(int slot, Object[] data) {
        if (slot < data.length) {
            data[slot] = null;
        }
    }

    /** {@code data} with {@code value} at {@code slot}, grown if need be. */
    private static Object[] withUserData(Object[] data, int slot, Object value) {
        Object[] out = data.length > slot ? data : java.util.Arrays.copyOf(data, Math.max(2 * data.length, slot + 1));
        out[slot] = value;
        return out;
    }

    /** Attaches any object to a body (null: none); it goes with the body. */
    public void setUserData(BodyId bodyId, Object data) {
        bodyData = withUserData(bodyData, body(bodyId), data);
    }

    /** The object attached to a body, or null. */
    public Object userData(BodyId bodyId) {
        int i = body(bodyId);
        return i < bodyData.length ? bodyData[i] : null;
    }

    /** Attaches any object to a shape (null: none); it goes with the shape. */
    public void setUserData(ShapeId shapeId, Object data) {
        shapeData = withUserData(shapeData, shape(shapeId), data);
    }

    /** The object attached to a shape, or null. */
    public Object userData(ShapeId shapeId) {
        int s = shape(shapeId);
        return s < shapeData.length ? shapeData[s] : null;
    }

    /**
     * Wakes a body and its island ({@code true}), or puts its island to sleep now ({@code false}):
     * every body it touches or is jointed to stops until something wakes it. Static bodies
     * neither wake nor sleep.
     */
    public void setAwake(BodyId bodyId, boolean awake) {
        unlocked("setAwake");
        int i = body(bodyId);
        if (bodies.type[i] == BodyStore.STATIC) {
            return;
        }
        if (awake) {
            wake(i);
        } else if (bodies.type[i] == BodyStore.DYNAMIC && bodies.awake[i]) {
            org.cairn.engine3d.internal.world.Sleep.putToSleep(bodies, state.islands, state.islands.islandOf(i));
        }
    }

    /** Writes the world's gravity, m/s², into {@code dest}. */
    public Vector3d gravity(Vector3d dest) {
        return dest.set(state.gravityX, state.gravityY, state.gravityZ);
    }

    /** Sets the world's gravity, m/s² (finite); sleeping bodies sleep on until something wakes them. */
    public void setGravity(Vector3dc gravity) {
        unlocked("setGravity");
        finiteVector("gravity", gravity);
        state.gravityX = gravity.x();
        state.gravityY = gravity.y();
        state.gravityZ = gravity.z();
    }

    // ------------------------------------------------------------------ mass

    /**
     * Replaces the mass, centre of mass (body frame) and inertia that the shapes would give; later
     * shape changes keep the override until {@link #resetMassProperties(BodyId)}.
     *
     * @throws IllegalArgumentException if the body is not dynamic
     */
    public void setMassProperties(BodyId bodyId, MassProperties properties) {
        unlocked("setMassProperties");
        int i = dynamicBody(bodyId);
        Check.notNull("properties", properties);
        try {
            MassUpdate.requireUsable(properties, scratch9);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("properties: " + e.getMessage(), e);
        }
        bodies.massOverridden[i] = true;
        MassUpdate.apply(bodies, i, properties, scratch9);
        state.updateExtents(i);
        wake(i);
    }

    /** Drops a mass override: mass comes from the shapes again. */
    public void resetMassProperties(BodyId bodyId) {
        unlocked("resetMassProperties");
        int i = dynamicBody(bodyId);
        bodies.massOverridden[i] = false;
        updateMass(i);
        state.updateExtents(i);
        wake(i);
    }

    /**
     * The body's mass properties in its own frame: centre of mass relative to the origin, inertia
     * about the centre of mass.
     *
     * @throws IllegalArgumentException if the body is not dynamic (others have infinite mass)
     */
    public MassProperties massProperties(BodyId bodyId) {
        int i = dynamicBody(bodyId);
        double[] t = new double[9];
        System.arraycopy(bodies.localInertia, 9 * i, t, 0, 9);
        return MassProperties.of(bodies.mass[i], bodies.localCenter[3 * i], bodies.localCenter[3 * i + 1],
                bodies.localCenter[3 * i + 2], t[0], t[4], t[8], t[1], t[2], t[5]);
    }

    /** Mass in kg; 0 for static and kinematic bodies, which behave as infinitely heavy. */
    public double mass(BodyId bodyId) {
        return bodies.mass[body(bodyId)];
    }

    /**
     * Writes the world-frame inverse inertia R·I⁻¹·Rᵀ (1/(kg·m²)) as of the last step or write into
     * {@code dest}; zero for static and kinematic bodies.
     */
    public Matrix3d worldInverseInertia(BodyId bodyId, Matrix3d dest) {
        Check.notNull("dest", dest);
        int o = 9 * body(bodyId);
        double[] m = bodies.worldInverseInertia;
        return dest.set(m[o], m[o + 3], m[o + 6], m[o + 1], m[o + 4], m[o + 7], m[o + 2], m[o + 5], m[o + 8]);
    }

    private void updateMass(int i) {
        if (bodies.massOverridden[i]) {
            return;
        }
        // A static body never moves, so it has no use for a centre of mass; computing one would
        // only refuse shapes too large to have a finite inertia (a ground 1e200 m wide).
        MassProperties props = bodies.type[i] == BodyStore.STATIC ? null : MassUpdate.fromShapes(bodies, shapes, i);
        MassUpdate.apply(bodies, i, props, scratch9);
    }

    // ------------------------------------------------------------------ pose and velocity

    /** Writes the body origin (m) into {@code dest} and returns it. */
    public Vector3d position(BodyId bodyId, Vector3d dest) {
        Check.notNull("dest", dest);
        int o = 3 * body(bodyId);
        return dest.set(bodies.position[o], bodies.position[o + 1], bodies.position[o + 2]);
    }

    /** Writes the body orientation into {@code dest} and returns it. */
    public Quaterniond rotation(BodyId bodyId, Quaterniond dest) {
        Check.notNull("dest", dest);
        int o = 4 * body(bodyId);
        double[] q = bodies.rotation;
        return dest.set(q[o], q[o + 1], q[o + 2], q[o + 3]);
    }

    /** Writes the world centre of mass (m) into {@code dest} and returns it. */
    public Vector3d centerOfMass(BodyId bodyId, Vector3d dest) {
        Check.notNull("dest", dest);
        int o = 3 * body(bodyId);
        return dest.set(bodies.center[o], bodies.center[o + 1], bodies.center[o + 2]);
    }

    /** Writes the velocity of the centre of mass (m/s) into {@code dest} and returns it. */
    public Vector3d linearVelocity(BodyId bodyId, Vector3d dest) {
        Check.notNull("dest", dest);
        int o = 3 * body(bodyId);
        return dest.set(bodies.linearVelocity[o], bodies.linearVelocity[o + 1], bodies.linearVelocity[o + 2]);
    }

    /** Writes the angular velocity (rad/s, world frame) into {@code dest} and returns it. */
    public Vector3d angularVelocity(BodyId bodyId, Vector3d dest) {
        Check.notNull("dest", dest);
        int o = 3 * body(bodyId);
        return dest.set(bodies.angularVelocity[o], bodies.angularVelocity[o + 1], bodies.angularVelocity[o + 2]);
    }

    /**
     * Moves a body instantly (a teleport: render interpolation does not smear across it).
     *
     * @param position origin, m
     * @param rotation unit quaternion (normalised within 1e-6, else rejected)
     */
    public void setTransform(BodyId bodyId, Vector3dc position, Quaterniondc rotation) {
        unlocked("setTransform");
        int i = body(bodyId);
        Check.notNull("position", position);
        Check.notNull("rotation", rotation);
        Check.finite3("position", position.x(), position.y(), position.z());
        Check.unitQuaternion("rotation", rotation.x(), rotation.y(), rotation.z(), rotation.w(), scratchQuat);
        set3(bodies.position, i, position.x(), position.y(), position.z());
        System.arraycopy(scratchQuat, 0, bodies.rotation, 4 * i, 4);
        System.arraycopy(bodies.position, 3 * i, bodies.previousPosition, 3 * i, 3);
        System.arraycopy(bodies.rotation, 4 * i, bodies.previousRotation, 4 * i, 4);
        bodies.updateCenterFromOrigin(i);
        if (bodies.type[i] == BodyStore.DYNAMIC) {
            bodies.updateWorldInverseInertia(i, scratch9);
        }
        if (!bodies.disabled[i]) {
            state.refreshProxies(i, true);
        }
        wake(i);
    }

    /**
     * Sets the velocity of the centre of mass, m/s.
     *
     * @throws IllegalArgumentException for a static body, which cannot move
     */
    public void setLinearVelocity(BodyId bodyId, Vector3dc velocity) {
        unlocked("setLinearVelocity");
        int i = movableBody(bodyId);
        Check.notNull("velocity", velocity);
        Check.finite3("velocity", velocity.x(), velocity.y(), velocity.z());
        set3(bodies.linearVelocity, i, velocity.x(), velocity.y(), velocity.z());
        wake(i);
    }

    /**
     * Sets the angular velocity, rad/s, world frame.
     *
     * @throws IllegalArgumentException for a static body, which cannot move
     */
    public void setAngularVelocity(BodyId bodyId, Vector3dc velocity) {
        unlocked("setAngularVelocity");
        int i = movableBody(bodyId);
        Check.notNull("velocity", velocity);
        Check.finite3("velocity", velocity.x(), velocity.y(), velocity.z());
        set3(bodies.angularVelocity, i, velocity.x(), velocity.y(), velocity.z());
        wake(i);
    }

    /** Linear damping, 1/s, non-negative. */
    public void setLinearDamping(BodyId bodyId, double perSecond) {
        unlocked("setLinearDamping");
        int i = body(bodyId);
        bodies.linearDamping[i] = Check.nonNegative("linearDamping", perSecond);
    }

    /** Angular damping, 1/s, non-negative. */
    public void setAngularDamping(BodyId bodyId, double perSecond) {
        unlocked("setAngularDamping");
        int i = body(bodyId);
        bodies.angularDamping[i] = Check.nonNegative("angularDamping", perSecond);
    }

    /** Gravity multiplier, finite. */
    public void setGravityScale(BodyId bodyId, double scale) {
        unlocked("setGravityScale");
        int i = body(bodyId);
        bodies.gravityScale[i] = Check.finite("gravityScale", scale);
        wake(i);
    }

    /** Turns the implicit gyroscopic torque on or off for one body. */
    public void setGyroscopic(BodyId bodyId, boolean enabled) {
        unlocked("setGyroscopic");
        bodies.gyroscopic[body(bodyId)] = enabled;
    }

    /** Makes a body a bullet or not ({@link BodyDef.Builder#bullet}). */
    public void setBullet(BodyId bodyId, boolean bullet) {
        unlocked("setBullet");
        bodies.bullet[body(bodyId)] = bullet;
    }

    /** Whether a body is a bullet ({@link BodyDef.Builder#bullet}). */
    public boolean isBullet(BodyId bodyId) {
        return bodies.bullet[body(bodyId)];
    }

    /**
     * False while the body sleeps: its island rested for 0.5 s, so it is not simulated until
     * something touches it, an API call moves or pushes it, or a body under it goes away. Always
     * false for a static body, which is never simulated.
     */
    public boolean isAwake(BodyId bodyId) {
        int i = body(bodyId);
        return bodies.awake[i] && bodies.type[i] != BodyStore.STATIC;
    }

    // ------------------------------------------------------------------ forces and impulses

    /**
     * Adds a force (N, world frame) at the centre of mass for the next step. Ignored by static and
     * kinematic bodies. Forces are cleared after every step.
     */
    public void applyForce(BodyId bodyId, Vector3dc force) {
        unlocked("applyForce");
        int i = body(bodyId);
        finiteVector("force", force);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        requireFiniteSum("force", bodies.force, i, force.x(), force.y(), force.z());
        add3(bodies.force, i, force.x(), force.y(), force.z());
        wake(i);
    }

    /**
     * Adds a force (N) at a world point (m) for the next step: the force at the centre of mass plus
     * the torque (p − c) × F.
     */
    public void applyForceAtPoint(BodyId bodyId, Vector3dc force, Vector3dc point) {
        unlocked("applyForceAtPoint");
        int i = body(bodyId);
        finiteVector("force", force);
        finiteVector("point", point);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double rx = point.x() - bodies.center[3 * i], ry = point.y() - bodies.center[3 * i + 1],
                rz = point.z() - bodies.center[3 * i + 2];
        double tx = ry * force.z() - rz * force.y(), ty = rz * force.x() - rx * force.z(),
                tz = rx * force.y() - ry * force.x();
        requireFiniteSum("force", bodies.force, i, force.x(), force.y(), force.z());
        requireFiniteSum("force", bodies.torque, i, tx, ty, tz);
        add3(bodies.force, i, force.x(), force.y(), force.z());
        add3(bodies.torque, i, tx, ty, tz);
        wake(i);
    }

    /** Adds a torque (N·m, world frame) for the next step. Ignored by static and kinematic bodies. */
    public void applyTorque(BodyId bodyId, Vector3dc torque) {
        unlocked("applyTorque");
        int i = body(bodyId);
        finiteVector("torque", torque);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        requireFiniteSum("torque", bodies.torque, i, torque.x(), torque.y(), torque.z());
        add3(bodies.torque, i, torque.x(), torque.y(), torque.z());
        wake(i);
    }

    /**
     * Changes the velocity at once by an impulse (N·s, world frame) at a world point (m):
     * Δv = J/m, Δω = I⁻¹·((p − c) × J). Ignored by static and kinematic bodies.
     */
    public void applyLinearImpulse(BodyId bodyId, Vector3dc impulse, Vector3dc point) {
        unlocked("applyLinearImpulse");
        int i = body(bodyId);
        finiteVector("impulse", impulse);
        finiteVector("point", point);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double m = bodies.inverseMass[i];
        double rx = point.x() - bodies.center[3 * i], ry = point.y() - bodies.center[3 * i + 1],
                rz = point.z() - bodies.center[3 * i + 2];
        double lx = ry * impulse.z() - rz * impulse.y(), ly = rz * impulse.x() - rx * impulse.z(),
                lz = rx * impulse.y() - ry * impulse.x();
        requireFiniteSum("impulse", bodies.linearVelocity, i, m * impulse.x(), m * impulse.y(), m * impulse.z());
        requireFiniteAngular(i, lx, ly, lz);
        add3(bodies.linearVelocity, i, m * impulse.x(), m * impulse.y(), m * impulse.z());
        addAngularImpulse(i, lx, ly, lz);
        wake(i);
    }

    /** Changes the velocity at once by an impulse (N·s, world frame) at the centre of mass. */
    public void applyLinearImpulseToCenter(BodyId bodyId, Vector3dc impulse) {
        unlocked("applyLinearImpulseToCenter");
        int i = body(bodyId);
        finiteVector("impulse", impulse);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double m = bodies.inverseMass[i];
        requireFiniteSum("impulse", bodies.linearVelocity, i, m * impulse.x(), m * impulse.y(), m * impulse.z());
        add3(bodies.linearVelocity, i, m * impulse.x(), m * impulse.y(), m * impulse.z());
        wake(i);
    }

    /** Changes the angular velocity at once by an angular impulse (N·m·s, world frame): Δω = I⁻¹·L. */
    public void applyAngularImpulse(BodyId bodyId, Vector3dc impulse) {
        unlocked("applyAngularImpulse");
        int i = body(bodyId);
        finiteVector("impulse", impulse);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        requireFiniteAngular(i, impulse.x(), impulse.y(), impulse.z());
        addAngularImpulse(i, impulse.x(), impulse.y(), impulse.z());
        wake(i);
    }

    private void requireFiniteAngular(int i, double x, double y, double z) {
        double[] m = bodies.worldInverseInertia;
        int o = 9 * i;
        requireFiniteSum("impulse", bodies.angularVelocity, i, Mat3.mulRow(m, o, 0, x, y, z),
                Mat3.mulRow(m, o, 1, x, y, z), Mat3.mulRow(m, o, 2, x, y, z));
    }

    /**
     * Throws, naming {@code name}, unless a[i] + (x, y, z) is finite: two forces of 1e308 N are each
     * finite, but their sum is not, and a body with an infinite force has no finite state.
     */
    private static void requireFiniteSum(String name, double[] a, int i, double x, double y, double z) {
        if (!Double.isFinite(a[3 * i] + x) || !Double.isFinite(a[3 * i + 1] + y) || !Double.isFinite(a[3 * i + 2] + z)
                || !Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException(name + " would make the body's accumulated value non-finite: ("
                    + x + ", " + y + ", " + z + ") added to (" + a[3 * i] + ", " + a[3 * i + 1] + ", " + a[3 * i + 2] + ")");
        }
    }

    private void addAngularImpulse(int i, double x, double y, double z) {
        double[] m = bodies.worldInverseInertia;
        int o = 9 * i;
        add3(bodies.angularVelocity, i, Mat3.mulRow(m, o, 0, x, y, z), Mat3.mulRow(m, o, 1, x, y, z),
                Mat3.mulRow(m, o, 2, x, y, z));
    }

    // ------------------------------------------------------------------ stepping

    /** Advances one fixed step of {@link WorldDef#timeStep()} with {@link WorldDef#substeps()} substeps. */
    public void step() {
        unlocked("step");
        step(def.timeStep(), def.substeps());
    }

    /**
     * Advances the world by {@code dt} seconds, split into {@code substeps} substeps.
     *
     * @param dt       seconds, positive and finite
     * @param substeps at least 1
     */
    public void step(double dt, int substeps) {
        unlocked("step");
        Check.positive("dt", dt);
        if (dt > WorldDef.Builder.MAX_TIME_STEP_SECONDS) {
            throw new IllegalArgumentException("dt must be at most " + WorldDef.Builder.MAX_TIME_STEP_SECONDS
                    + " s, got " + dt);
        }
        Check.inRange("substeps", substeps, 1, WorldDef.Builder.MAX_SUBSTEPS);
        // The step's callbacks see a locked world: they may read it, not change it.
        locked = "step";
        try {
            pipeline.step(state, dt, substeps);
        } finally {
            locked = null;
        }
        moveEvents.record();
        sensors.update();
        state.endEventsReported = state.contacts.endEvents.size();
        clock.stepped(dt);
    }

    /**
     * Feeds real frame time into the fixed-step accumulator and runs as many fixed steps as fit
     * (Fiedler, "Fix your timestep!"). Frame time beyond {@link WorldDef#maxFrameTime()} is dropped,
     * so a stall does not snowball into ever longer frames. Afterwards
     * {@link #interpolationAlpha()} tells how far real time is between the last two steps.
     *
     * @param frameSeconds non-negative and finite
     * @return the number of steps run
     */
    public int advance(double frameSeconds) {
        unlocked("advance");
        Check.nonNegative("frameSeconds", frameSeconds);
        clock.accumulator += Math.min(frameSeconds, def.maxFrameTime());
        double h = def.timeStep();
        int steps = 0;
        while (clock.accumulator >= h) {
            step(h, def.substeps());
            clock.accumulator -= h;
            steps++;
        }
        return steps;
    }

    /** Fraction of a fixed step that real time has run past the last step, in [0, 1). */
    public double interpolationAlpha() {
        return clock.accumulator / def.timeStep();
    }

    /**
     * Writes the origin interpolated between the pose before the last step (α = 0) and the current
     * one (α = 1) into {@code dest}: (1 − α)·p₀ + α·p₁, exact at both ends.
     */
    public Vector3d interpolatedPosition(BodyId bodyId, double alpha, Vector3d dest) {
        Check.notNull("dest", dest);
        int o = 3 * body(bodyId);
        Check.inRange("alpha", alpha, 0.0, 1.0);
        double a = 1.0 - alpha;
        double[] p0 = bodies.previousPosition, p1 = bodies.position;
        return dest.set(a * p0[o] + alpha * p1[o], a * p0[o + 1] + alpha * p1[o + 1], a * p0[o + 2] + alpha * p1[o + 2]);
    }

    /**
     * Writes the orientation interpolated by slerp between the orientation before the last step
     * (α = 0) and the current one (α = 1) into {@code dest}, along the shorter arc. At α = 1 it is
     * the current quaternion exactly; at α = 0 the previous rotation (possibly with all signs
     * flipped, which is the same rotation).
     */
    public Quaterniond interpolatedRotation(BodyId bodyId, double alpha, Quaterniond dest) {
        Check.notNull("dest", dest);
        int o = 4 * body(bodyId);
        Check.inRange("alpha", alpha, 0.0, 1.0);
        double[] q0 = bodies.previousRotation, q1 = bodies.rotation;
        double dot = q0[o] * q1[o] + q0[o + 1] * q1[o + 1] + q0[o + 2] * q1[o + 2] + q0[o + 3] * q1[o + 3];
        double sign = dot < 0 ? -1.0 : 1.0;
        double cos = Math.min(1.0, Math.abs(dot));
        double w0, w1;
        if (cos > 1.0 - 1e-12) {
            w0 = 1.0 - alpha;
            w1 = alpha;
        } else {
            double angle = StrictTrig.acos(cos);
            double sin = StrictTrig.sin(angle);
            w0 = StrictTrig.sin((1.0 - alpha) * angle) / sin;
            w1 = StrictTrig.sin(alpha * angle) / sin;
        }
        w0 *= sign;
        dest.set(w0 * q0[o] + w1 * q1[o], w0 * q0[o + 1] + w1 * q1[o + 1], w0 * q0[o + 2] + w1 * q1[o + 2],
                w0 * q0[o + 3] + w1 * q1[o + 3]);
        if (alpha != 0.0 && alpha != 1.0) {
            dest.normalize();
        }
        return dest;
    }

    /**
     * How many bodies the last step would have made non-finite (a pose or velocity of NaN or
     * infinity, from forces or sizes beyond what doubles carry). Each was left where the step
     * found it, at rest, so no non-finite number ever leaves a step; a positive count means the
     * scene asks for more than can be simulated.
     */
    public int nonFiniteBodyCount() {
        return state.nonFiniteBodies;
    }

    /** The first body the last step would have made non-finite, or null if there was none. */
    public BodyId firstNonFiniteBody() {
        return state.nonFiniteBodies == 0 ? null : bodyIdOf(state.firstNonFinite[0]);
    }

    /**
     * How many bodies the last step simulated: the awake dynamic bodies and the kinematic ones.
     * Zero when everything slept through it (such a step costs next to nothing, so timings of a
     * run are honest only over the steps where this was positive).
     */
    public int awakeBodyCount() {
        return state.activeCount;
    }

    /** Number of steps taken since the world was made. */
    public long stepCount() {
        return clock.steps;
    }

    /** Simulated seconds since the world was made. */
    public double time() {
        return clock.time;
    }

    /**
     * Writes where the last step's time went, stage by stage, into {@code dest}; returns it. Zero
     * before the first step.
     */
    public StepProfile profile(StepProfile dest) {
        Check.notNull("dest", dest);
        pipeline.stageMillis(profileScratch);
        dest.set(profileScratch);
        return dest;
    }

    private final double[] profileScratch = new double[StepProfile.Stage.values().length];

    // ------------------------------------------------------------------ totals for researchers

    /** Σ ½·m·|v|² over dynamic bodies, J. */
    public double translationalKineticEnergy() {
        double e = 0.0;
        double[] v = bodies.linearVelocity;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] == BodyStore.DYNAMIC) {
                e += 0.5 * bodies.mass[i] * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
            }
        }
        return e;
    }

    /** Σ ½·ωᵀ·I_world·ω over dynamic bodies, J, with I_world = R·I·Rᵀ from the current orientation. */
    public double rotationalKineticEnergy() {
        double e = 0.0;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] == BodyStore.DYNAMIC) {
                bodyAngularMomentum(i, scratchQuat);
                double[] w = bodies.angularVelocity;
                e += 0.5 * (w[3 * i] * scratchQuat[0] + w[3 * i + 1] * scratchQuat[1] + w[3 * i + 2] * scratchQuat[2]);
            }
        }
        return e;
    }

    /** Translational plus rotational kinetic energy, J. */
    public double kineticEnergy() {
        return translationalKineticEnergy() + rotationalKineticEnergy();
    }

    /**
     * Gravitational potential energy Σ −m·s·(g·c) over dynamic bodies, J, with s the body's gravity
     * scale and c its centre of mass: zero at the world origin.
     */
    public double potentialEnergy() {
        double e = 0.0;
        double[] c = bodies.center;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] == BodyStore.DYNAMIC) {
                e -= bodies.mass[i] * bodies.gravityScale[i]
                        * (state.gravityX * c[3 * i] + state.gravityY * c[3 * i + 1] + state.gravityZ * c[3 * i + 2]);
            }
        }
        return e;
    }

    /** Writes Σ m·v over dynamic bodies (kg·m/s) into {@code dest} and returns it. */
    public Vector3d linearMomentum(Vector3d dest) {
        Check.notNull("dest", dest);
        double px = 0, py = 0, pz = 0;
        double[] v = bodies.linearVelocity;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] == BodyStore.DYNAMIC) {
                px += bodies.mass[i] * v[3 * i];
                py += bodies.mass[i] * v[3 * i + 1];
                pz += bodies.mass[i] * v[3 * i + 2];
            }
        }
        return dest.set(px, py, pz);
    }

    /**
     * Writes the angular momentum of the dynamic bodies about a world point (kg·m²/s),
     * Σ (c − p) × m·v + I_world·ω, into {@code dest} and returns it.
     */
    public Vector3d angularMomentum(Vector3dc about, Vector3d dest) {
        Check.notNull("dest", dest);
        finiteVector("about", about);
        double lx = 0, ly = 0, lz = 0;
        double[] v = bodies.linearVelocity, c = bodies.center;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] == BodyStore.DYNAMIC) {
                double m = bodies.mass[i];
                double rx = c[3 * i] - about.x(), ry = c[3 * i + 1] - about.y(), rz = c[3 * i + 2] - about.z();
                bodyAngularMomentum(i, scratchQuat);
                lx += m * (ry * v[3 * i + 2] - rz * v[3 * i + 1]) + scratchQuat[0];
                ly += m * (rz * v[3 * i] - rx * v[3 * i + 2]) + scratchQuat[1];
                lz += m * (rx * v[3 * i + 1] - ry * v[3 * i]) + scratchQuat[2];
            }
        }
        return dest.set(lx, ly, lz);
    }

    /** I_world·ω = R·I·Rᵀ·ω for body i into d[0..3). */
    private void bodyAngularMomentum(int i, double[] d) {
        double[] q = bodies.rotation;
        double qx = q[4 * i], qy = q[4 * i + 1], qz = q[4 * i + 2], qw = q[4 * i + 3];
        double[] w = bodies.angularVelocity;
        // ω into the body frame, through I, and back out.
        BodyStore.rotate(-qx, -qy, -qz, qw, w[3 * i], w[3 * i + 1], w[3 * i + 2], d, 0);
        double[] m = bodies.localInertia;
        int o = 9 * i;
        double bx = Mat3.mulRow(m, o, 0, d[0], d[1], d[2]);
        double by = Mat3.mulRow(m, o, 1, d[0], d[1], d[2]);
        double bz = Mat3.mulRow(m, o, 2, d[0], d[1], d[2]);
        BodyStore.rotate(qx, qy, qz, qw, bx, by, bz, d, 0);
    }

    // ------------------------------------------------------------------ helpers

    /** The query whose callbacks are running, or null: the world may not change meanwhile. */
    private String locked;

    private void lock(String query) {
        unlocked(query);
        locked = query;
    }

    /**
     * Throws if a query's callback is running: changing the world under a query's feet would
     * invalidate the traversal it is in the middle of (a shape destroyed from a callback broke it).
     */
    private void unlocked(String call) {
        if (locked != null) {
            throw new IllegalStateException(call + " was called from inside a " + locked
                    + " callback; the world is locked until the " + ("step".equals(locked) ? "step" : "query")
                    + " returns (collect what to change, then change it)");
        }
    }

    private int body(BodyId bodyId) {
        Check.notNull("bodyId", bodyId);
        if (bodyId.world() != serial) {
            throw new IllegalArgumentException("bodyId " + bodyId + " was made by another world");
        }
        if (!bodies.isValid(bodyId.index(), bodyId.generation())) {
            throw new IllegalArgumentException("bodyId " + bodyId + " does not name a live body of this world"
                    + " (it was destroyed, or never created here)");
        }
        return bodyId.index();
    }

    private int dynamicBody(BodyId bodyId) {
        int i = body(bodyId);
        if (bodies.type[i] != BodyStore.DYNAMIC) {
            throw new IllegalArgumentException("bodyId " + bodyId + " names a " + type(bodyId)
                    + " body; mass properties exist only for DYNAMIC bodies");
        }
        return i;
    }

    private int movableBody(BodyId bodyId) {
        int i = body(bodyId);
        if (bodies.type[i] == BodyStore.STATIC) {
            throw new IllegalArgumentException("bodyId " + bodyId + " names a STATIC body, which cannot be given a velocity");
        }
        return i;
    }

    private int shape(ShapeId shapeId) {
        Check.notNull("shapeId", shapeId);
        if (shapeId.world() != serial) {
            throw new IllegalArgumentException("shapeId " + shapeId + " was made by another world");
        }
        if (!shapes.isValid(shapeId.index(), shapeId.generation())) {
            throw new IllegalArgumentException("shapeId " + shapeId + " does not name a live shape of this world"
                    + " (it was destroyed, or never created here)");
        }
        return shapeId.index();
    }

    /** A ray's translation whose length squared is a positive, finite number (the cast divides by it). */
    private static void castableTranslation(Vector3dc t) {
        finiteVector("translation", t);
        double length2 = t.x() * t.x() + t.y() * t.y() + t.z() * t.z();
        if (!(length2 > 0) || !Double.isFinite(length2)) {
            throw new IllegalArgumentException("translation must be long enough to cast and short enough that its"
                    + " length squared is finite, got (" + t.x() + ", " + t.y() + ", " + t.z() + ")");
        }
    }

    private static void finiteVector(String name, Vector3dc v) {
        Check.notNull(name, v);
        Check.finite3(name, v.x(), v.y(), v.z());
    }

    /** Wakes the body (and, at the next step, its island); every write that changes motion calls it. */
    private void wake(int i) {
        if (bodies.disabled[i]) {
            // Out of the simulation: it wakes when it is enabled.
            return;
        }
        state.wake(i);
    }

    private static void set3(double[] a, int i, double x, double y, double z) {
        a[3 * i] = x;
        a[3 * i + 1] = y;
        a[3 * i + 2] = z;
    }

    private static void add3(double[] a, int i, double x, double y, double z) {
        a[3 * i] += x;
        a[3 * i + 1] += y;
        a[3 * i + 2] += z;
    }
}
