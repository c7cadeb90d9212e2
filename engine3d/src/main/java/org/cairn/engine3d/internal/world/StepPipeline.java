package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.body.Integrator;
import org.cairn.engine3d.internal.solver.BlockPasses;
import org.cairn.engine3d.internal.solver.ContactSolver;
import org.cairn.engine3d.internal.solver.SolverSettings;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * One fixed step as a visible sequence of {@link StepStage}s, timed per stage. The stages that
 * touch each body or each constraint alone run on the world's workers ({@link WorkerPool}); the
 * contact passes go colour by colour, or, when the constraints fall into independent blocks
 * (ContactSolver.blocks), block by block through all the substeps. Owns only scratch memory;
 * allocates nothing after construction.
 */
public final class StepPipeline {
    /** Bodies per block handed to a worker: integration is a few dozen flops a body. */
    private static final int BODY_BLOCK = 256;

    private final long[] stageNanos = new long[StepStage.values().length];
    /**
     * Per worker, 9 doubles of scratch in a row of {@link #SCRATCH_ROW}: rows allocated together lie
     * side by side, and two workers writing one cache line would pass it back and forth.
     */
    private double[][] scratch9 = {new double[SCRATCH_ROW]};
    private static final int SCRATCH_ROW = 32;

    // What the body tasks work on: set before each is run.
    private BodyStore bodies;
    private int[] active;
    private double gx, gy, gz, h, maxLinearSpeed, maxAngularSpeed;

    private final RangeTask integrateVelocities = (from, to, w) -> Integrator.integrateVelocities(bodies, active, from,
            to, gx, gy, gz, h, maxLinearSpeed, maxAngularSpeed);
    private ContactSolver solver;
    /** The positions, then the rotations since prepare of the constrained bodies just moved (the separations read them). */
    private final RangeTask integratePositions = (from, to, w) -> {
        Integrator.integratePositions(bodies, active, from, to, h);
        solver.updateDeltaRotations(bodies, active, from, to);
    };
    private final RangeTask finalizeBodies = (from, to, w) -> Integrator.finalizeBodies(bodies, active, from, to,
            scratch9[w]);
    /** Per active body, whether a shape left its broadphase box this step (checked on the workers). */
    private boolean[] proxyStale = new boolean[64];
    private WorldState stepWorld;
    /** The continuous stage over active[from..to), with worker w's sweeper. */
    private final RangeTask continuous = (from, to, w) -> stepWorld.continuous(w).solve(active, from, to);
    /** The bullets' sweeps over active[from..to) ({@link Continuous#solveBullets}), with worker w's sweeper. */
    private final RangeTask bullets = (from, to, w) -> stepWorld.continuous(w).solveBullets(active, from, to);
    private final RangeTask checkProxies = (from, to, w) -> {
        for (int a = from; a < to; a++) {
            proxyStale[a] = stepWorld.proxiesStale(active[a], w);
        }
    };

    /**
     * Advances the world by dt seconds split into {@code substeps} equal substeps. The angular
     * speed clamp is maxRotationPerStep/dt, measured on the whole step as in Box2D, so it does not
     * loosen with more substeps.
     */
    public void step(WorldState world, double dt, int substeps) {
        WorkerPool pool = world.pool;
        if (scratch9.length < pool.workerCount()) {
            scratch9 = new double[pool.workerCount()][SCRATCH_ROW];
        }
        BodyStore bodies = world.bodies;
        this.bodies = bodies;
        gx = world.gravityX;
        gy = world.gravityY;
        gz = world.gravityZ;
        maxLinearSpeed = world.maxLinearSpeed;
        Arrays.fill(stageNanos, 0L);
        h = dt / substeps;
        maxAngularSpeed = world.maxRotationPerStep / dt;
        long t0 = System.nanoTime();
        world.stepSeconds = dt;
        // The bodies the last step moved: its active list, still held until collide makes this step's.
        Integrator.savePreviousPoses(bodies, world.activeBodies, world.activeCount);
        world.clearEvents();
        long t1 = System.nanoTime();
        stageNanos[StepStage.BEGIN_STEP.ordinal()] += t1 - t0;
        world.updatePairs();
        long tPairs = System.nanoTime();
        stageNanos[StepStage.UPDATE_PAIRS.ordinal()] += tPairs - t1;
        world.collide();
        // After collide, which may have woken islands that a moving body touched.
        int activeCount = world.collectActiveBodies();
        world.activeCount = activeCount;
        active = world.activeBodies;
        stageNanos[StepStage.COLLIDE.ordinal()] += System.nanoTime() - tPairs;
        ContactSolver solver = world.solver;
        this.solver = solver;
        long tPrepare = System.nanoTime();
        int candidates = world.gatherActiveContacts(activeCount);
        solver.prepare(bodies, world.contacts, world.contactList, candidates, world.contacts.friction,
                world.contacts.restitution, dt, substeps, gx, gy, gz, world.islands.awakeCount() > 1, pool);
        stageNanos[StepStage.PREPARE_CONTACTS.ordinal()] += System.nanoTime() - tPrepare;
        boolean soft = solver.settings().kind() == SolverSettings.Kind.SOFT_STEP;
        if (solver.blocks().count() > 1) {
            substepsInBlocks(world, solver, substeps, pool);
        } else {
            substepsColourByColour(world, solver, substeps, soft, pool);
        }
        long r = System.nanoTime();
        if (soft) {
            solver.applyRestitution(pool);
            solver.storeVelocities(pool);
        }
        long st = System.nanoTime();
        solver.storeImpulses(world.contacts, pool);
        solver.collectHits(world.contacts, world.hitEventThreshold);
        world.jointsBroke(solver, solver.finishJoints(pool));
        stageNanos[StepStage.RESTITUTION.ordinal()] += st - r;
        stageNanos[StepStage.STORE_IMPULSES.ordinal()] += System.nanoTime() - st;
        long t2 = System.nanoTime();
        pool.run(finalizeBodies, activeCount, BODY_BLOCK);
        long t3 = System.nanoTime();
        stepWorld = world;
        world.ensureWorkers(pool.workerCount());
        sweep(world, continuous, false, activeCount, pool);
        world.nonFiniteBodies = NonFiniteGuard.repair(bodies, active, activeCount, scratch9[0], world.firstNonFinite);
        long t4 = System.nanoTime();
        stageNanos[StepStage.CONTINUOUS.ordinal()] += t4 - t3;
        refreshProxies(world, activeCount, pool);
        long t5 = System.nanoTime();
        stageNanos[StepStage.FINALIZE_BODIES.ordinal()] += (t3 - t2) + (t5 - t4);
        if (world.bulletsToSweep(pool.workerCount())) {
            sweepBullets(world, activeCount, pool);
            t5 = System.nanoTime();
        }
        world.sleep.update(bodies, world.islands, world.contacts, world.shapes.body, dt);
        stageNanos[StepStage.SLEEP.ordinal()] += System.nanoTime() - t5;
    }

    /**
     * Continuous collision's sweeps over the awake bodies ({@code task}: the ordinary bodies', or
     * the bullets'), then the joint components a sweep stopped put back together. With the user's
     * callbacks in the sweeps they run on this thread, body by body.
     */
    private void sweep(WorldState world, RangeTask task, boolean bulletSweeps, int activeCount, WorkerPool pool) {
        world.prepareContinuous(pool.workerCount());
        if (!world.userCodeInSweeps()) {
            pool.run(task, activeCount, BODY_BLOCK);
        } else if (bulletSweeps) {
            world.continuous.solveBullets(active, 0, activeCount);
        } else {
            world.continuous.solve(active, 0, activeCount);
        }
        world.rewindJointed(pool.workerCount(), active, activeCount);
    }

    /**
     * The bullets' sweeps, once every other body's pose is final and in the broadphase (Box2D v3's
     * order): against those bodies' shapes too; then the joint components a bullet's sweep stopped
     * are put back together, and the boxes of what moved are refreshed.
     */
    private void sweepBullets(WorldState world, int activeCount, WorkerPool pool) {
        long start = System.nanoTime();
        sweep(world, bullets, true, activeCount, pool);
        refreshProxies(world, activeCount, pool);
        stageNanos[StepStage.CONTINUOUS.ordinal()] += System.nanoTime() - start;
    }

    /**
     * The broadphase boxes of the bodies that moved out of theirs: checked on the workers (reading
     * the broadphase only), the few found refreshed here, in body order, as if every body had been
     * refreshed in turn.
     */
    private void refreshProxies(WorldState world, int activeCount, WorkerPool pool) {
        if (proxyStale.length < activeCount) {
            proxyStale = new boolean[Math.max(activeCount, 2 * proxyStale.length)];
        }
        pool.run(checkProxies, activeCount, BODY_BLOCK);
        for (int a = 0; a < activeCount; a++) {
            if (proxyStale[a]) {
                world.refreshProxies(active[a], false);
            }
        }
    }

    /** The substeps over the whole world, each pass colour by colour (in parallel within a colour). */
    private void substepsColourByColour(WorldState world, ContactSolver solver, int substeps, boolean soft, WorkerPool pool) {
        int activeCount = world.activeCount;
        for (int k = 0; k < substeps; k++) {
            long a = System.nanoTime();
            pool.run(integrateVelocities, activeCount, BODY_BLOCK);
            long b = System.nanoTime();
            // Impacts at every substep: a body may strike a chain in any of them (ContactImpacts).
            solver.warmStart(bodies, soft, pool);
            long c = System.nanoTime();
            if (soft) {
                solver.solveSoft(true, true, pool);
            } else {
                for (int i = 0; i < world.iterations; i++) {
                    solver.solveBaumgarte(i == 0, pool);
                }
                if (solver.bouncing()) {
                    for (int i = 0; i < world.iterations; i++) {
                        solver.solveBaumgarteRestitution(i == 0, pool);
                    }
                }
            }
            solver.storeVelocities(pool);
            long d = System.nanoTime();
            pool.run(integratePositions, activeCount, BODY_BLOCK);
            solver.updateSeparations(bodies, pool);
            if (!soft) {
                solver.solvePositions(bodies);
            }
            long e = System.nanoTime();
            if (soft) {
                // The last substep's relax leaves open gaps to the next step's collide (ContactSolver.solveSoft).
                boolean closeGaps = k < substeps - 1;
                for (int i = 0; i < world.relaxIterations; i++) {
                    solver.solveSoft(false, closeGaps, pool);
                }
                solver.storeVelocities(pool);
            }
            long f = System.nanoTime();
            stageNanos[StepStage.INTEGRATE_VELOCITIES.ordinal()] += b - a;
            stageNanos[StepStage.WARM_START.ordinal()] += c - b;
            stageNanos[StepStage.SOLVE.ordinal()] += d - c;
            stageNanos[StepStage.INTEGRATE_POSITIONS.ordinal()] += e - d;
            stageNanos[StepStage.RELAX.ordinal()] += f - e;
        }
    }

    // The substeps block by block (ContactSolver.blocks): what the tasks work on.
    private BlockPasses blocks;
    private int blockSubsteps, relaxIterations;
    private int[] freeBodies = new int[64];
    /** Per worker, a row of {@link #SCRATCH_ROW} nanosecond sums, one per substep stage ({@link #SUBSTEP_STAGES}). */
    private long[] blockNanos = new long[SCRATCH_ROW];
    private static final StepStage[] SUBSTEP_STAGES = {StepStage.INTEGRATE_VELOCITIES, StepStage.WARM_START, StepStage.SOLVE,
        StepStage.INTEGRATE_POSITIONS, StepStage.RELAX, StepStage.PREPARE_CONTACTS};
    private final RangeTask blockTask = (from, to, w) -> {
        for (int blk = from; blk < to; blk++) {
            substepsOfBlock(blk, w);
        }
    };
    private final RangeTask freeBodiesTask = (from, to, w) -> {
        int row = SCRATCH_ROW * w;
        for (int k = 0; k < blockSubsteps; k++) {
            long a = System.nanoTime();
            Integrator.integrateVelocities(bodies, freeBodies, from, to, gx, gy, gz, h, maxLinearSpeed, maxAngularSpeed);
            long b = System.nanoTime();
            Integrator.integratePositions(bodies, freeBodies, from, to, h);
            blockNanos[row] += b - a;
            blockNanos[row + 3] += System.nanoTime() - b;
        }
    };

    /**
     * The substeps when the step's constraints lie in independent blocks: each block is prepared
     * and goes through all the substeps (integrate velocities, warm start, solve, integrate
     * positions, relax) before the next, its bodies and constraints still in the cache, the blocks
     * shared among the workers with no barrier between colours; the bodies in no constraint are
     * integrated on their own.
     * Each body sees exactly the operations, in the same order, of the substep-by-substep loop.
     * The stage times are the workers' time in each stage, scaled to this part's wall time.
     */
    private void substepsInBlocks(WorldState world, ContactSolver solver, int substeps, WorkerPool pool) {
        long t0 = System.nanoTime();
        int free = 0;
        if (freeBodies.length < world.activeCount) {
            freeBodies = new int[Math.max(world.activeCount, 2 * freeBodies.length)];
        }
        for (int a = 0; a < world.activeCount; a++) {
            if (!bodies.constrained[active[a]]) {
                freeBodies[free++] = active[a];
            }
        }
        if (blockNanos.length < SCRATCH_ROW * pool.workerCount()) {
            blockNanos = new long[SCRATCH_ROW * pool.workerCount()];
        }
        Arrays.fill(blockNanos, 0L);
        blocks = solver.blocks();
        blockSubsteps = substeps;
        relaxIterations = world.relaxIterations;
        pool.run(blockTask, blocks.count(), 1);
        pool.run(freeBodiesTask, free, BODY_BLOCK);
        solver.blockSubstepsDone();
        blocks = null;
        long wall = System.nanoTime() - t0, busy = 0;
        for (int i = 0; i < blockNanos.length; i++) {
            busy += blockNanos[i];
        }
        for (int st = 0; st < SUBSTEP_STAGES.length; st++) {
            long sum = 0;
            for (int w = 0; w < pool.workerCount(); w++) {
                sum += blockNanos[SCRATCH_ROW * w + st];
            }
            stageNanos[SUBSTEP_STAGES[st].ordinal()] += busy == 0 ? 0 : Math.round((double) wall * sum / busy);
        }
    }

    private void substepsOfBlock(int blk, int w) {
        BlockPasses block = blocks;
        int[] body = block.entryBodies();
        int first = block.firstEntry(blk), end = block.entryEnd(blk);
        int row = SCRATCH_ROW * w;
        long t0 = System.nanoTime();
        block.prepare(blk, w);
        blockNanos[row + 5] += System.nanoTime() - t0;
        for (int k = 0; k < blockSubsteps; k++) {
            long a = System.nanoTime();
            Integrator.integrateVelocities(bodies, body, first, end, gx, gy, gz, h, maxLinearSpeed, maxAngularSpeed);
            long b = System.nanoTime();
            block.warmStart(blk, k > 0, w);
            long c = System.nanoTime();
            block.solveSoft(blk, true, true, w);
            block.storeVelocities(blk);
            long d = System.nanoTime();
            Integrator.integratePositions(bodies, body, first, end, h);
            block.updateDeltaRotations(blk, w);
            long e = System.nanoTime();
            // The last substep's relax leaves open gaps to the next step's collide (ContactSolver.solveSoft).
            boolean closeGaps = k < blockSubsteps - 1;
            for (int i = 0; i < relaxIterations; i++) {
                block.solveSoft(blk, false, closeGaps, w);
            }
            block.storeVelocities(blk);
            long f = System.nanoTime();
            blockNanos[row] += b - a;
            blockNanos[row + 1] += c - b;
            blockNanos[row + 2] += d - c;
            blockNanos[row + 3] += e - d;
            blockNanos[row + 4] += f - e;
        }
    }

    /** Milliseconds spent in {@code stage} during the last step. */
    public double stageMillis(StepStage stage) {
        return stageNanos[stage.ordinal()] * 1e-6;
    }

    /** Milliseconds per stage of the last step, in {@link StepStage} order, into {@code dest}. */
    public void stageMillis(double[] dest) {
        for (int i = 0; i < stageNanos.length; i++) {
            dest[i] = stageNanos[i] * 1e-6;
        }
    }
}
