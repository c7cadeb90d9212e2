package org.cairn.engine3d;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immutable settings of a {@link World}. Build one with {@link #builder()}; every setter checks its
 * argument and names it in the exception.
 */
public final class WorldDef {
    /** The settings with every default. */
    public static final WorldDef DEFAULTS = builder().build();

    private final double gravityX, gravityY, gravityZ;
    private final double timeStep;
    private final int substeps;
    private final double maxLinearSpeed;
    private final double maxRotationPerStep;
    private final double maxFrameTime;
    private final SolverKind solver;
    private final int iterations;
    private final double contactHertz;
    private final double contactDampingRatio;
    private final double maxContactPushSpeed;
    private final double restitutionThreshold;
    private final double hitEventThreshold;
    private final double baumgarte;
    private final boolean warmStarting;
    private final boolean blockNormals;
    private final boolean sleeping;
    private final double sleepSpeed;
    private final int positionIterations;
    private final int relaxIterations;
    private final int workerCount;
    private final int contactCapacity;
    private final boolean experimentalClampIncrements;
    private final boolean experimentalRestitutionWithoutThreshold;
    private final MixingRule frictionMixing;
    private final MixingRule restitutionMixing;

    private WorldDef(Builder b) {
        positionIterations = b.positionIterations;
        relaxIterations = b.relaxIterations;
        workerCount = b.workerCount;
        contactCapacity = b.contactCapacity;
        experimentalClampIncrements = b.experimentalClampIncrements;
        experimentalRestitutionWithoutThreshold = b.experimentalRestitutionWithoutThreshold;
        frictionMixing = b.frictionMixing;
        restitutionMixing = b.restitutionMixing;
        sleeping = b.sleeping;
        sleepSpeed = b.sleepSpeed;
        solver = b.solver;
        iterations = b.iterations;
        contactHertz = b.contactHertz;
        contactDampingRatio = b.contactDampingRatio;
        maxContactPushSpeed = b.maxContactPushSpeed;
        restitutionThreshold = b.restitutionThreshold;
        hitEventThreshold = b.hitEventThreshold;
        baumgarte = b.baumgarte;
        warmStarting = b.warmStarting;
        blockNormals = b.blockNormals;
        gravityX = b.gravityX;
        gravityY = b.gravityY;
        gravityZ = b.gravityZ;
        timeStep = b.timeStep;
        substeps = b.substeps;
        maxLinearSpeed = b.maxLinearSpeed;
        maxRotationPerStep = b.maxRotationPerStep;
        maxFrameTime = b.maxFrameTime;
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.gravityX = gravityX;
        b.gravityY = gravityY;
        b.gravityZ = gravityZ;
        b.timeStep = timeStep;
        b.substeps = substeps;
        b.maxLinearSpeed = maxLinearSpeed;
        b.maxRotationPerStep = maxRotationPerStep;
        b.maxFrameTime = maxFrameTime;
        b.solver = solver;
        b.iterations = iterations;
        b.contactHertz = contactHertz;
        b.contactDampingRatio = contactDampingRatio;
        b.maxContactPushSpeed = maxContactPushSpeed;
        b.restitutionThreshold = restitutionThreshold;
        b.hitEventThreshold = hitEventThreshold;
        b.baumgarte = baumgarte;
        b.warmStarting = warmStarting;
        b.blockNormals = blockNormals;
        b.sleeping = sleeping;
        b.sleepSpeed = sleepSpeed;
        b.frictionMixing = frictionMixing;
        b.restitutionMixing = restitutionMixing;
        b.positionIterations = positionIterations;
        b.relaxIterations = relaxIterations;
        b.workerCount = workerCount;
        b.contactCapacity = contactCapacity;
        b.experimentalClampIncrements = experimentalClampIncrements;
        b.experimentalRestitutionWithoutThreshold = experimentalRestitutionWithoutThreshold;
        return b;
    }

    /**
     * <b>Experimental, wrong on purpose</b> (a classic pitfall; default off): clamp each normal
     * impulse increment to be non-negative instead of the accumulated impulse, so a contact can never
     * take back an earlier push. For experiments and for showing that the property suite catches it.
     */
    public boolean experimentalClampIncrements() {
        return experimentalClampIncrements;
    }

    /**
     * <b>Experimental, wrong on purpose</b> (default off): apply restitution at any approach speed,
     * ignoring {@link #restitutionThreshold()}, with the approach measured after the step's gravity
     * as in a naive solver, so resting bouncy bodies jitter for ever.
     */
    public boolean experimentalRestitutionWithoutThreshold() {
        return experimentalRestitutionWithoutThreshold;
    }

    /**
     * Whether the soft step solves a manifold's normal points together (default on): with the
     * pseudo-inverse of their coupled mass matrix whenever all of them push, so no point gets more
     * than its share from being solved first. Off solves them one by one, as Box2D and Box3D do;
     * tall stacks then rock (docs/solver.md).
     */
    public boolean blockNormals() {
        return blockNormals;
    }

    /**
     * Relax passes per substep of the soft step (solves without bias, with friction); default 2.
     * One pass, as in Box2D v3 and Box3D, leaves a freshly built stack to carry its weight down one
     * contact per pass: the tower of 12 drops 11.5 mm before it settles 9.9 mm low (60 Hz), and the
     * upper rows of a 100-high pyramid fall for a second. The second pass hands the load on twice as
     * fast, for about 30 % more solver time (docs/solver.md).
     */
    public int relaxIterations() {
        return relaxIterations;
    }

    /**
     * Threads that run the step, the calling thread included; default 1 (no thread is started).
     * The narrowphase, the contact passes (colour by colour) and the body stages are shared among
     * them. Results are bit-identical for every worker count: only the time changes
     * (docs/performance.md).
     */
    public int workerCount() {
        return workerCount;
    }

    /**
     * Contacts (pairs of shapes whose fat boxes overlap, touching or not) the world has room for
     * when it is made; default 0. Contact storage otherwise starts small and doubles as pairs
     * form, and each doubling allocates all of it anew, which in a JVM means garbage-collection
     * pauses while a pile forms. A world that states what it will hold (a settled pile of boxes
     * makes three to five pairs a box; a box raining into it, up to six) grows nothing until it
     * holds more. Each contact of room costs about 2.7 KB, used or not.
     */
    public int contactCapacity() {
        return contactCapacity;
    }

    /**
     * Position iterations per substep of {@link SolverKind#SEQUENTIAL_IMPULSE} (Box2D v2 / Jolt style:
     * overlap is corrected by moving bodies, not by velocity bias); default 0, i.e. Baumgarte bias
     * in the velocity iterations.
     */
    public int positionIterations() {
        return positionIterations;
    }

    /** How a contact's friction comes from its shapes'; default {@link MixingRule#GEOMETRIC_MEAN}. */
    public MixingRule frictionMixing() {
        return frictionMixing;
    }

    /** How a contact's restitution comes from its shapes'; default {@link MixingRule#MAXIMUM}. */
    public MixingRule restitutionMixing() {
        return restitutionMixing;
    }

    /** Whether resting islands fall asleep; default true. */
    public boolean sleeping() {
        return sleeping;
    }

    /**
     * Speed under which a body counts as resting, m/s (its rotation counts as the speed of its
     * farthest point); an island resting for 0.5 s falls asleep. Default 0.05.
     */
    public double sleepSpeed() {
        return sleepSpeed;
    }

    /** The contact solver; default {@link SolverKind#SOFT_STEP}. */
    public SolverKind solver() {
        return solver;
    }

    /** Iterations per substep of {@link SolverKind#SEQUENTIAL_IMPULSE}; default 10. */
    public int iterations() {
        return iterations;
    }

    /**
     * Contact stiffness of the soft step, Hz; default 75. Clamped so that ω·h ≤ 2 (ω = 2π·hertz, h
     * the substep: 76 Hz at 4 substeps of 60 Hz); contacts with a static body use twice this, under
     * the same cap.
     */
    public double contactHertz() {
        return contactHertz;
    }

    /** Damping ratio of the soft contact; default 10 (heavily overdamped: overlap is pushed out without bounce). */
    public double contactDampingRatio() {
        return contactDampingRatio;
    }

    /** Fastest the soft step pushes overlapping bodies apart, m/s; default 3. */
    public double maxContactPushSpeed() {
        return maxContactPushSpeed;
    }

    /** Approach speed below which contacts do not bounce, m/s; default 1. */
    public double restitutionThreshold() {
        return restitutionThreshold;
    }

    /**
     * Approach speed from which touching shapes are reported as a hit ({@link ContactEvents#hitCount()}),
     * m/s; default 1 (Box2D's). {@code Double.POSITIVE_INFINITY} reports none.
     */
    public double hitEventThreshold() {
        return hitEventThreshold;
    }

    /** Baumgarte factor β of {@link SolverKind#SEQUENTIAL_IMPULSE}: overlap beyond the slop is removed at β/h; default 0.2. */
    public double baumgarte() {
        return baumgarte;
    }

    /** Whether last step's impulses (matched by feature id) start this step's solve; default true. */
    public boolean warmStarting() {
        return warmStarting;
    }

    /** Gravitational acceleration in m/s²; default (0, −9.81, 0). Returns a copy. */
    public Vector3d gravity() {
        return new Vector3d(gravityX, gravityY, gravityZ);
    }

    /** Fixed step used by {@link World#step()} and {@link World#advance(double)}, s; default 1/60. */
    public double timeStep() {
        return timeStep;
    }

    /** Substeps per fixed step; default 4. */
    public int substeps() {
        return substeps;
    }

    /** Speed limit of every body's centre of mass, m/s; default 400. */
    public double maxLinearSpeed() {
        return maxLinearSpeed;
    }

    /**
     * Largest rotation a body may make in one step, rad; default 0.25π (Box2D's {@code
     * B2_MAX_ROTATION}), i.e. an angular speed limit of 0.25π/dt, 47 rad/s at 60 Hz.
     */
    public double maxRotationPerStep() {
        return maxRotationPerStep;
    }

    /**
     * The most frame time {@link World#advance(double)} accepts at once, s; default 0.25. After a
     * stall the world falls behind real time rather than running hundreds of catch-up steps.
     */
    public double maxFrameTime() {
        return maxFrameTime;
    }

    @Override
    public String toString() {
        return "WorldDef[gravity=(" + gravityX + ", " + gravityY + ", " + gravityZ + ") m/s², timeStep=" + timeStep
                + " s, substeps=" + substeps + ", workers=" + workerCount + (contactCapacity > 0 ? ", contactCapacity=" + contactCapacity : "") + ", maxLinearSpeed=" + maxLinearSpeed + " m/s, maxRotationPerStep="
                + maxRotationPerStep + " rad, maxFrameTime=" + maxFrameTime + " s]";
    }

    /** Mutable builder of {@link WorldDef}. */
    public static final class Builder {
        private double gravityX = 0.0, gravityY = -9.81, gravityZ = 0.0;
        private double timeStep = 1.0 / 60.0;
        private int substeps = 4;
        private double maxLinearSpeed = 400.0;
        private double maxRotationPerStep = 0.25 * Math.PI;
        private double maxFrameTime = 0.25;
        private SolverKind solver = SolverKind.SOFT_STEP;
        private int iterations = 10;
        private double contactHertz = 75.0;
        private double contactDampingRatio = 10.0;
        private double maxContactPushSpeed = 3.0;
        private double restitutionThreshold = 1.0;
        private double hitEventThreshold = 1.0;
        private double baumgarte = 0.2;
        private boolean warmStarting = true;
        private boolean blockNormals = true;
        private boolean sleeping = true;
        private double sleepSpeed = 0.05;
        private int positionIterations;
        private int relaxIterations = 2;
        private int workerCount = 1;
        private int contactCapacity;
        private boolean experimentalClampIncrements;
        private boolean experimentalRestitutionWithoutThreshold;
        private MixingRule frictionMixing = MixingRule.GEOMETRIC_MEAN;
        private MixingRule restitutionMixing = MixingRule.MAXIMUM;

        private Builder() {
        }

        /** Solve each manifold's normal points together (soft step; see the getter). */
        public Builder blockNormals(boolean enabled) {
            blockNormals = enabled;
            return this;
        }

        /** Relax passes per substep of the soft step, at least 1. */
        public Builder relaxIterations(int count) {
            relaxIterations = Check.inRange("relaxIterations", count, 1, MAX_ITERATIONS);
            return this;
        }

        /** Threads that run the step, the calling thread included: 1 to {@value #MAX_WORKERS}. */
        public Builder workerCount(int count) {
            workerCount = Check.inRange("workerCount", count, 1, MAX_WORKERS);
            return this;
        }

        /**
         * Contacts the world has room for when it is made ({@link WorldDef#contactCapacity()}):
         * 0 to {@value #MAX_CONTACT_CAPACITY}.
         */
        public Builder contactCapacity(int count) {
            contactCapacity = Check.inRange("contactCapacity", count, 0, MAX_CONTACT_CAPACITY);
            return this;
        }

        /**
         * Most contacts a world may make room for up front: about 16 GB of storage (3.8 KB a
         * contact), beyond which a capacity is a mistake rather than a plan.
         */
        public static final int MAX_CONTACT_CAPACITY = 1 << 22;

        /**
         * Most substeps per step: beyond a few dozen a smaller time step is the better tool, and a
         * step of millions of substeps would look like a hang.
         */
        public static final int MAX_SUBSTEPS = 256;
        /** The longest step, s: rigid bodies at longer steps are not simulated, only teleported. */
        public static final double MAX_TIME_STEP_SECONDS = 1.0;
        /** The largest contact damping ratio (1 is critical; far beyond it the soft constraint's terms overflow). */
        public static final double MAX_DAMPING_RATIO = 1000.0;
        /** Most solver iterations of any kind (velocity, relax, position) per substep. */
        public static final int MAX_ITERATIONS = 1000;
        /** The most worker threads a world may have. */
        public static final int MAX_WORKERS = 64;

        /** Position iterations of the sequential-impulse solver, non-negative. */
        public Builder positionIterations(int count) {
            positionIterations = Check.inRange("positionIterations", count, 0, MAX_ITERATIONS);
            return this;
        }

        /** Experimental pitfall: clamp increments, not accumulated impulses (see the getter). */
        public Builder experimentalClampIncrements(boolean enabled) {
            experimentalClampIncrements = enabled;
            return this;
        }

        /** Experimental pitfall: restitution at any approach speed (see the getter). */
        public Builder experimentalRestitutionWithoutThreshold(boolean enabled) {
            experimentalRestitutionWithoutThreshold = enabled;
            return this;
        }

        /** Friction mixing rule. */
        public Builder frictionMixing(MixingRule rule) {
            frictionMixing = Check.notNull("frictionMixing", rule);
            return this;
        }

        /** Restitution mixing rule. */
        public Builder restitutionMixing(MixingRule rule) {
            restitutionMixing = Check.notNull("restitutionMixing", rule);
            return this;
        }

        /** Turns sleeping on or off. */
        public Builder sleeping(boolean enabled) {
            sleeping = enabled;
            return this;
        }

        /** Resting speed, m/s, positive. */
        public Builder sleepSpeed(double metersPerSecond) {
            sleepSpeed = Check.positive("sleepSpeed", metersPerSecond);
            return this;
        }

        /** The contact solver. */
        public Builder solver(SolverKind kind) {
            solver = Check.notNull("solver", kind);
            return this;
        }

        /** Iterations per substep of the sequential-impulse solver, at least 1. */
        public Builder iterations(int count) {
            iterations = Check.inRange("iterations", count, 1, MAX_ITERATIONS);
            return this;
        }

        /** Contact stiffness, Hz, positive. */
        public Builder contactHertz(double hertz) {
            contactHertz = Check.positive("contactHertz", hertz);
            return this;
        }

        /** Contact damping ratio, non-negative. */
        public Builder contactDampingRatio(double ratio) {
            contactDampingRatio = Check.inRange("contactDampingRatio", ratio, 0, MAX_DAMPING_RATIO);
            return this;
        }

        /** Largest push-out speed, m/s, positive. */
        public Builder maxContactPushSpeed(double metersPerSecond) {
            maxContactPushSpeed = Check.positive("maxContactPushSpeed", metersPerSecond);
            return this;
        }

        /** Restitution threshold, m/s, non-negative. */
        public Builder restitutionThreshold(double metersPerSecond) {
            restitutionThreshold = Check.nonNegative("restitutionThreshold", metersPerSecond);
            return this;
        }

        /** Hit event threshold, m/s, non-negative (infinity: no hit events). */
        public Builder hitEventThreshold(double metersPerSecond) {
            if (!(metersPerSecond >= 0)) {
                throw new IllegalArgumentException("hitEventThreshold must be non-negative, got " + metersPerSecond);
            }
            hitEventThreshold = metersPerSecond;
            return this;
        }

        /** Baumgarte factor, in [0, 1]. */
        public Builder baumgarte(double beta) {
            baumgarte = Check.inRange("baumgarte", beta, 0.0, 1.0);
            return this;
        }

        /** Turns warm starting on or off (off only for experiments). */
        public Builder warmStarting(boolean enabled) {
            warmStarting = enabled;
            return this;
        }

        /** Gravitational acceleration, m/s². */
        public Builder gravity(double x, double y, double z) {
            Check.finite3("gravity", x, y, z);
            gravityX = x;
            gravityY = y;
            gravityZ = z;
            return this;
        }

        /** Gravitational acceleration, m/s². */
        public Builder gravity(Vector3dc g) {
            Check.notNull("gravity", g);
            return gravity(g.x(), g.y(), g.z());
        }

        /** Fixed step, s, positive. */
        public Builder timeStep(double seconds) {
            timeStep = Check.inRange("timeStep", Check.positive("timeStep", seconds), 0, MAX_TIME_STEP_SECONDS);
            return this;
        }

        /** Substeps per step, at least 1. */
        public Builder substeps(int count) {
            substeps = Check.inRange("substeps", count, 1, MAX_SUBSTEPS);
            return this;
        }

        /** Speed limit, m/s, positive. */
        public Builder maxLinearSpeed(double metersPerSecond) {
            maxLinearSpeed = Check.positive("maxLinearSpeed", metersPerSecond);
            return this;
        }

        /** Rotation limit per step, rad, positive. */
        public Builder maxRotationPerStep(double radians) {
            maxRotationPerStep = Check.positive("maxRotationPerStep", radians);
            return this;
        }

        /** Frame time limit for {@link World#advance(double)}, s, positive. */
        public Builder maxFrameTime(double seconds) {
            maxFrameTime = Check.positive("maxFrameTime", seconds);
            return this;
        }

        /** The immutable def. */
        public WorldDef build() {
            return new WorldDef(this);
        }
    }
}
