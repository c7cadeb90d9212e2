package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * The contact solver's passes, in the order the step calls them: prepare (once per step), then per
 * substep warm start, solve, the position update's separations, relax; restitution and store once
 * at the end. Each pass is one concept's file ({@link ContactPreparation}, {@link SoftContactPass}
 * with {@link NormalBlock} and {@link ContactFriction}, {@link SequentialImpulsePass},
 * {@link PositionCorrection}, {@link ContactRestitution}); this class runs them over the
 * {@link ContactConstraints} colour by colour ({@link ConstraintColouring}) on the world's workers.
 * Constraints of one colour share no dynamic body, and every pass walks the colours in one order,
 * so results are bit-identical for any worker count.
 */
public final class ContactSolver {
    /** Bodies per block handed to a worker when copying velocities: a few loads and stores each. */
    private static final int BODY_BLOCK = 512;
    /** Smallest share of a colour handed to one worker: below it, handing over costs more than it saves. */
    private static final int MIN_BLOCK = 32;

    private final SolverSettings settings;
    private final ContactConstraints c;
    private final SolverBodies solverBodies = new SolverBodies();
    private final ConstraintColouring colouring;
    private final JointSolver joints = new JointSolver();
    private final ContactPreparation preparation;
    private final NormalBlock block;
    private final ContactFriction friction;
    private final SoftContactPass soft;
    private final SequentialImpulsePass sequential;
    private final PositionCorrection positions;
    private final ContactRestitution restitution;
    private final BlockPasses blocks;
    private StepContext context;
    /** Per worker, the small arrays of one constraint's solve. */
    private SolverScratch[] scratch = {new SolverScratch()};
    /** Whether a substep's impulses are still to be added to the step totals. */
    private boolean substepOpen;

    // What the pass being run works on: set by the pass before its workers start.
    private BodyStore stepBodies;
    private ContactStore stepContacts;
    private boolean stepUseBias;
    private boolean stepClosesGaps;
    private boolean closeSubstep;
    private int rangeOffset;

    private final RangeTask loadBodiesTask;
    private final RangeTask loadVelocitiesTask;
    private final RangeTask storeVelocitiesTask;
    private final RangeTask prepareTask;
    private final RangeTask separationTask;
    private final RangeTask warmStartTask;
    private final RangeTask softTask;
    private final RangeTask sequentialTask;
    private final RangeTask impactTask;
    private final ContactImpacts impacts;
    private final RangeTask restitutionTask;
    private final RangeTask settleTask;
    private final RangeTask storeTask;

    /** Makes room for n contacts' constraints at once, rather than growing as they appear. */
    public void reserve(int n) {
        c.ensure(n);
    }

    /** A solver with a world's settings. */
    public ContactSolver(SolverSettings settings) {
        this.settings = settings;
        c = new ContactConstraints(settings);
        colouring = new ConstraintColouring(c);
        preparation = new ContactPreparation(c);
        friction = new ContactFriction(c);
        block = new NormalBlock(c, friction);
        soft = new SoftContactPass(c, block, friction);
        sequential = new SequentialImpulsePass(c, friction);
        positions = new PositionCorrection(c);
        restitution = new ContactRestitution(c, block, friction);
        impacts = new ContactImpacts(c);
        blocks = new BlockPasses(this, colouring, c, solverBodies, soft, preparation, impacts);
        loadBodiesTask = (from, to, w) -> solverBodies.load(stepBodies, from, to);
        loadVelocitiesTask = (from, to, w) -> solverBodies.loadVelocities(stepBodies, from, to);
        storeVelocitiesTask = (from, to, w) -> solverBodies.storeVelocities(stepBodies, from, to);
        prepareTask = (from, to, w) -> {
            // In constraint order: each constraint is built from its contact alone, so the order
            // changes nothing but how memory is read, and the constraints' own arrays, where most
            // find their kept data in place, are what the stage waits on (in contact order, as
            // before: large_pyramid's prepare 2.80 ms a step against 1.98, many_pyramids' 7.34
            // against 4.61, the rain's 0.333 against 0.320; one JVM, one worker).
            for (int k = from; k < to; k++) {
                preparation.prepare(k, scratch[w]);
            }
        };
        separationTask = (from, to, w) -> c.updateSeparations(stepBodies, from, to);
        warmStartTask = (from, to, w) -> warmStart(rangeOffset + from, rangeOffset + to);
        softTask = (from, to, w) -> soft.solve(rangeOffset + from, rangeOffset + to, stepUseBias, stepClosesGaps,
                scratch[w]);
        sequentialTask = (from, to, w) -> {
            if (sequential.solve(rangeOffset + from, rangeOffset + to)) {
                scratch[w].bouncing = true;
            }
        };
        restitutionTask = (from, to, w) -> restitution.apply(rangeOffset + from, rangeOffset + to, scratch[w]);
        settleTask = (from, to, w) -> restitution.settle(rangeOffset + from, rangeOffset + to, scratch[w]);
        impactTask = (from, to, w) -> {
            if (impacts.apply(rangeOffset + from, rangeOffset + to, scratch[w])) {
                scratch[w].impactApplied = true;
            }
        };
        storeTask = (from, to, w) -> storeImpulses(from, to);
    }

    /** The world's joints: solved in every soft-step pass after the contacts (sequential impulses: before). */
    public void setJoints(JointStore store) {
        joints.store = store;
    }

    /**
     * After the step's impulses are stored: each joint's reaction over the step, and the joints
     * it breaks. Returns how many broke ({@link #brokenJoint} names them).
     */
    public int finishJoints(WorkerPool pool) {
        return joints.finish(pool);
    }

    /** The i-th joint that broke at the end of the last step. */
    public int brokenJoint(int i) {
        return joints.broken(i);
    }

    /** The solver's settings. */
    public SolverSettings settings() {
        return settings;
    }

    /**
     * Builds the constraints of the candidate contacts (those of the awake bodies, in contact
     * order) that touch and involve an awake dynamic body, with friction and restitution already
     * mixed per contact (indexed by contact), colours them, and remembers every constrained body's
     * pose for the separation updates. {@code severalIslands}: whether the awake bodies lie in more
     * than one island; in one, the constraints are one block ({@link SolverBlocks}) and are not
     * searched for more.
     */
    public void prepare(BodyStore b, ContactStore cs, int[] candidates, int candidateCount, double[] mixedFriction,
                        double[] mixedRestitution, double dt, int substeps, double gx, double gy, double gz,
                        boolean severalIslands, WorkerPool pool) {
        // The rare work (a new context, growth) in methods of its own, and the loops too: the JIT
        // then compiles small methods once rather than this one whole at each loop's entry.
        if (context == null || !context.matches(dt, substeps, gx, gy, gz)) {
            newContext(dt, substeps, gx, gy, gz);
        }
        if (c.center0.length < 3 * b.highWater) {
            growBodyArrays(b);
        }
        releaseConstrained(b);
        substepOpen = false;
        c.ensure(cs.count);
        colouring.colour(b, cs, candidates, candidateCount, severalIslands && solveInBlocks
                && settings.kind() == SolverSettings.Kind.SOFT_STEP
                && (joints.store == null || joints.store.highWater == 0), pool.workerCount());
        constrainBodies(b);
        joints.collect(b, c);
        solverBodies.assign(b, c.constrainedBodies, c.constrainedCount);
        blocks.bodies = b;
        blocks.entries();
        countOverlaps(b, cs, mixedRestitution);
        stepBodies = b;
        preparation.bodies = b;
        preparation.solverBodies = solverBodies;
        soft.bodies = solverBodies;
        sequential.bodies = solverBodies;
        restitution.bodies = solverBodies;
        impacts.bodies = solverBodies;
        preparation.contacts = cs;
        preparation.mixedFriction = mixedFriction;
        preparation.mixedRestitution = mixedRestitution;
        ensureScratch(pool.workerCount());
        if (colouring.blockCount > 1) {
            // Each block is prepared as it starts its substeps (prepareBlock), the data it writes
            // still in the cache when the passes read them. Blocks have no joints.
            return;
        }
        pool.run(loadBodiesTask, solverBodies.count, BODY_BLOCK);
        joints.prepare(b, solverBodies, dt, substeps, settings.kind() == SolverSettings.Kind.SOFT_STEP,
                context.baumgarte, context.warmStarting, pool);
        pool.run(prepareTask, c.count, 16);
        // No body has moved since its pose was recorded (constrain): each point's separation is
        // still the manifold's.
        System.arraycopy(c.baseSeparation, 0, c.currentSeparation, 0, ContactConstraints.P * c.count);
        if (joints.tree.treeCount > 0 && settings.kind() == SolverSettings.Kind.SOFT_STEP) {
            joints.tree.contacts.collect(c, friction, context, solverBodies.state);
        }
    }

    private void newContext(double dt, int substeps, double gx, double gy, double gz) {
        context = new StepContext(settings, dt, substeps, gx, gy, gz);
        preparation.x = context;
        block.x = context;
        soft.x = context;
        sequential.x = context;
        positions.x = context;
        restitution.x = context;
        impacts.x = context;
    }

    private void growBodyArrays(BodyStore b) {
        c.center0 = new double[3 * b.capacity()];
        c.rotation0 = new double[4 * b.capacity()];
        c.deltaRotation = new double[4 * b.capacity()];
        c.constrainedBodies = new int[b.capacity()];
    }

    /** Unflags the last step's constrained bodies: only they are touched, so a sleeping world costs nothing here. */
    private void releaseConstrained(BodyStore b) {
        for (int n = 0; n < c.constrainedCount; n++) {
            b.constrained[c.constrainedBodies[n]] = false;
        }
        c.constrainedCount = 0;
        c.count = 0;
    }

    /** Flags this step's constrained bodies, in constraint order, so their list is the same whatever the workers. */
    private void constrainBodies(BodyStore b) {
        for (int k = 0; k < c.count; k++) {
            c.constrain(b, c.bodyA[k]);
            c.constrain(b, c.bodyB[k]);
        }
    }

    /**
     * Starts a substep: takes the bodies' velocities after their integration, closes the previous
     * substep's totals, then re-applies the accumulated impulses (last step's at first, matched by
     * feature id). The passes that follow work on the solver's copy of the velocities
     * ({@link SolverBodies}) until {@link #storeVelocities}.
     */
    public void warmStart(BodyStore b, boolean impacts, WorkerPool pool) {
        stepBodies = b;
        pool.run(loadVelocitiesTask, solverBodies.count, BODY_BLOCK);
        if (impacts && bouncy) {
            // On the velocities the bodies arrive with: the warm start re-applies the last
            // substep's impulses, a bounce among them, which the passes then take back where they
            // no longer push; an impact computed on top of that bounced twice.
            resolveImpacts(pool);
        }
        closeSubstep = substepOpen;
        substepOpen = true;
        joints.warmStart(pool);
        forEachColour(pool, warmStartTask);
    }

    /**
     * Per solver body, the constraints that press it out of an overlap and all it is in; whether
     * any constraint bounces (in constraint order, on this thread).
     */
    private void countOverlaps(BodyStore b, ContactStore cs, double[] mixedRestitution) {
        int[] entry = solverBodies.entry, overlaps = solverBodies.overlaps, links = solverBodies.links;
        bouncy = false;
        // In contact order, from the contacts themselves (a constraint's bodies are its contact's),
        // so the contacts' memory is read as it lies and no constraint array at all (the counts are
        // sums: the order changes nothing else).
        for (int i = 0; i < c.count; i++) {
            int contact = colouring.contactInOrder(i);
            boolean overlapping = false;
            for (int j = 0; j < cs.pointCount[contact]; j++) {
                overlapping |= cs.separation[ContactConstraints.P * contact + j] < 0;
            }
            int ea = entry[cs.bodyA[contact]], eb = entry[cs.bodyB[contact]];
            if (overlapping) {
                overlaps[ea]++;
                overlaps[eb]++;
            }
            links[ea]++;
            links[eb]++;
            bouncy |= mixedRestitution[contact] > 0;
        }
    }

    /** Whether any of this step's constraints has restitution (else there are no impacts to resolve). */
    private boolean bouncy;

    /** Whether any of this step's constraints has restitution. */
    boolean bouncy() {
        return bouncy;
    }

    /** Whether the step may lay its constraints out in independent blocks ({@link SolverBlocks}); off: colour by colour always (tests compare the two). */
    boolean solveInBlocks = true;

    /** The passes of one block at a time, when the step's constraints lie in blocks. */
    public BlockPasses blocks() {
        return blocks;
    }

    /** After every block has run its substeps: the last substep's impulses are still to be added to the step totals, as after {@link #warmStart(BodyStore, boolean, WorkerPool)}. */
    public void blockSubstepsDone() {
        substepOpen = true;
    }

    /** Writes the solver's velocities back to the bodies: before the positions move, and after a substep's last pass. */
    public void storeVelocities(WorkerPool pool) {
        pool.run(storeVelocitiesTask, solverBodies.count, BODY_BLOCK);
    }

    private void warmStart(int from, int to) {
        warmStart(from, to, closeSubstep);
    }

    /** The warm start of constraints [from, to): rolling, then the points ({@code closeSubstep}: the last substep's impulses join the step totals). */
    void warmStart(int from, int to, boolean closeSubstep) {
        double[] s = solverBodies.state;
        for (int k = from; k < to; k++) {
            int oa = c.stateA[k], ob = c.stateB[k];
            if (c.rolling[k] > 0) {
                ContactConstraints.applyAngular(s, oa, ob, c.rollingImpulse[3 * k], c.rollingImpulse[3 * k + 1],
                        c.rollingImpulse[3 * k + 2]);
            }
            c.warmStartPoints(s, k, oa, ob, closeSubstep);
        }
    }

    /**
     * One soft-step pass: with bias (the solve) or without (a relax pass, with friction). A relax
     * pass that must not close open gaps ({@code closeGaps} false: the step's last substep) leaves
     * them for the next step's collide, which counts their full approach for restitution; a relax
     * that slowed a body before it arrived made restitution bounce it off thin air.
     */
    public void solveSoft(boolean useBias, boolean closeGaps, WorkerPool pool) {
        stepUseBias = useBias;
        stepClosesGaps = closeGaps;
        // Joints after the contacts, so that a joint's limit has the pass's last word: solved
        // before them, the contact friction of a ragdoll's limbs lying on the ground undid the
        // limits and a shoulder went 31.6° past its twist limit (RagdollTest).
        forEachColour(pool, softTask);
        joints.tree.contacts.closeGaps = closeGaps;
        joints.solve(useBias, pool);
    }

    /** One sequential-impulse iteration of a substep (the first decides which points bounce): normal with Baumgarte bias, then friction. */
    public void solveBaumgarte(boolean firstIteration, WorkerPool pool) {
        sequential.firstIteration = firstIteration;
        sequential.restitutionPhase = false;
        sequential.firstRestitutionIteration = false;
        for (SolverScratch w : scratch) {
            w.bouncing = false;
        }
        joints.solve(true, pool);
        forEachColour(pool, sequentialTask);
    }

    /**
     * Whether a point bounces in this substep (seen by its last compression iteration): then the
     * substep's iterations run again as restitution iterations ({@link #solveBaumgarteRestitution}).
     */
    public boolean bouncing() {
        boolean any = false;
        for (SolverScratch w : scratch) {
            any |= w.bouncing;
        }
        return any;
    }

    /**
     * One restitution iteration of sequential impulses, after the compression iterations: bouncing
     * points aim at their bounce, capped by Poisson's law ({@link SequentialImpulsePass}).
     */
    public void solveBaumgarteRestitution(boolean firstIteration, WorkerPool pool) {
        sequential.firstIteration = false;
        sequential.restitutionPhase = true;
        sequential.firstRestitutionIteration = firstIteration;
        forEachColour(pool, sequentialTask);
    }

    /** Sequential impulses' position iterations after a substep's position update, contacts then joints (on this thread, in colour order). */
    public void solvePositions(BodyStore b) {
        positions.solve(b, scratch[0]);
        joints.solvePositions(context.positionIterations, c);
    }

    /**
     * Impacts between touching bodies ({@link ContactImpacts}), pass after pass colour by colour
     * until one applies nothing: soft step, each substep, before the warm start. Returns the passes run.
     */
    int resolveImpacts(WorkerPool pool) {
        int passes = 0;
        boolean any = true;
        while (any && passes < ContactImpacts.MAX_PASSES) {
            for (SolverScratch w : scratch) {
                w.impactApplied = false;
            }
            forEachColour(pool, impactTask);
            passes++;
            any = false;
            for (SolverScratch w : scratch) {
                any |= w.impactApplied;
            }
        }
        return passes;
    }

    /**
     * Restitution once at the end of the soft step, then, if anything bounced, settling passes
     * colour by colour until nothing changes ({@link ContactRestitution#settle}). Returns the
     * settling passes run.
     */
    public int applyRestitution(WorkerPool pool) {
        if (!bouncy) {
            // No constraint has restitution: every bounce is zero, and the pass would only write
            // Poisson caps that nothing reads (a pass per colour, each a hand-over between workers).
            return 0;
        }
        for (SolverScratch w : scratch) {
            w.restitutionActive = false;
        }
        forEachColour(pool, restitutionTask);
        int passes = 0;
        while (restitutionActive() && passes < ContactRestitution.MAX_SETTLING_PASSES) {
            for (SolverScratch w : scratch) {
                w.restitutionActive = false;
            }
            forEachColour(pool, settleTask);
            passes++;
        }
        return passes;
    }

    private boolean restitutionActive() {
        boolean any = false;
        for (SolverScratch w : scratch) {
            any |= w.restitutionActive;
        }
        return any;
    }

    /**
     * After a position substep, the constrained bodies among {@code list[from .. to)} (the bodies
     * just moved, on the worker that moved them, their rotations still in its cache): each one's
     * rotation since prepare, Δq = q·q₀⁻¹. A constrained body that did not move (static, or asleep
     * beside an awake one) keeps the identity it was given when it was constrained: q·q₀⁻¹ would
     * differ from it only in the rounding of its scalar part, which no separation reads (Δq⁻¹·n − n
     * is then zero either way).
     */
    public void updateDeltaRotations(BodyStore b, int[] list, int from, int to) {
        boolean[] constrained = b.constrained;
        for (int a = from; a < to; a++) {
            int i = list[a];
            if (constrained[i]) {
                c.updateDeltaRotation(b, i);
            }
        }
    }

    /**
     * After a position substep and {@link #updateDeltaRotations}: every point's separation, and the
     * jointed bodies' world inverse inertia.
     */
    public void updateSeparations(BodyStore b, WorkerPool pool) {
        stepBodies = b;
        pool.run(separationTask, c.count, 64);
        joints.refreshInertia(pool);
    }

    /** Writes the accumulated impulses back for the next step's warm start, and the step totals for the view. */
    public void storeImpulses(ContactStore cs, WorkerPool pool) {
        stepContacts = cs;
        closeSubstep = substepOpen;
        substepOpen = false;
        pool.run(storeTask, c.count, 256);
    }

    private void storeImpulses(int from, int to) {
        ContactStore cs = stepContacts;
        int points = ContactConstraints.P;
        // In constraint order: each constraint's dozen arrays are read as they lie, and that is
        // what the stage waits on. (In contact order, which writes the contacts' memory as it
        // lies instead, large_pyramid's store took 1.71 ms a step at one worker against 0.71, and
        // 0.70 against 0.57 at two, whose workers now and then share a contact's cache line.)
        for (int k = from; k < to; k++) {
            if (closeSubstep) {
                c.addStepTotals(k);
            }
            int contact = c.contact[k];
            cs.rollingImpulse[3 * contact] = c.rollingImpulse[3 * k];
            cs.rollingImpulse[3 * contact + 1] = c.rollingImpulse[3 * k + 1];
            cs.rollingImpulse[3 * contact + 2] = c.rollingImpulse[3 * k + 2];
            // Friction as a world vector, so the next step's tangents (of its normal) can take it up.
            double l1 = c.frictionImpulse[3 * k], l2 = c.frictionImpulse[3 * k + 1];
            int t = 6 * k;
            cs.frictionImpulse[4 * contact] = l1 * c.tangent[t] + l2 * c.tangent[t + 3];
            cs.frictionImpulse[4 * contact + 1] = l1 * c.tangent[t + 1] + l2 * c.tangent[t + 4];
            cs.frictionImpulse[4 * contact + 2] = l1 * c.tangent[t + 2] + l2 * c.tangent[t + 5];
            cs.frictionImpulse[4 * contact + 3] = c.frictionImpulse[3 * k + 2];
            cs.stepTwistImpulse[contact] = c.stepTwist[k];
            // The fastest approach of a point that pushed during the step: the contact's hit.
            double fastest = 0;
            int hit = -1;
            for (int j = 0; j < c.pointCount[k]; j++) {
                int p = points * k + j;
                if (c.stepNormal[p] > 0 && -c.relativeVelocity[p] > fastest) {
                    fastest = -c.relativeVelocity[p];
                    hit = j;
                }
            }
            cs.hitSpeed[contact] = fastest;
            cs.hitPoint[contact] = hit;
            // The step's friction shared among the points as their normal impulses over the step:
            // each substep's friction lies within μ times that substep's normal total, so each
            // point's share lies within μ times its own normal impulse.
            double total = 0;
            for (int j = 0; j < c.pointCount[k]; j++) {
                total += c.stepNormal[points * k + j];
            }
            double f1 = total > 0 ? c.stepFriction[2 * k] / total : 0.0, f2 = total > 0 ? c.stepFriction[2 * k + 1] / total : 0.0;
            for (int j = 0; j < c.pointCount[k]; j++) {
                int p = points * k + j, q = points * contact + j;
                cs.normalImpulse[q] = c.normalImpulse[p];
                cs.stepNormalImpulse[q] = c.stepNormal[p];
                cs.stepTangentImpulse[2 * q] = f1 * c.stepNormal[p];
                cs.stepTangentImpulse[2 * q + 1] = f2 * c.stepNormal[p];
            }
        }
    }

    /**
     * Records this step's hits (after {@link #storeImpulses}): each contact a point of which
     * approached at {@code threshold} or faster and pushed, in contact order, with that point,
     * the normal and the approach speed.
     */
    public void collectHits(ContactStore cs, double threshold) {
        int points = ContactConstraints.P;
        for (int i = 0; i < c.count; i++) {
            int contact = colouring.contactInOrder(i);
            int j = cs.hitPoint[contact];
            if (j < 0 || cs.hitSpeed[contact] < threshold) {
                continue;
            }
            int q = points * contact + j;
            cs.hitEvents.addHit(cs.shapeA[contact], cs.shapeB[contact], cs.bodyA[contact], cs.bodyB[contact], cs.generations,
                    cs.position[3 * q], cs.position[3 * q + 1], cs.position[3 * q + 2], cs.normal[3 * contact],
                    cs.normal[3 * contact + 1], cs.normal[3 * contact + 2], cs.hitSpeed[contact]);
        }
    }

    /**
     * Runs {@code task} over each colour in turn (in parallel within a colour), then over the
     * overflow on this thread; with the constraints in blocks, block by block (the blocks in
     * parallel), each block's colours in turn and then its overflow: each body meets its
     * constraints in the same order either way.
     */
    private void forEachColour(WorkerPool pool, RangeTask task) {
        if (colouring.blockCount > 1) {
            rangeOffset = 0;
            blocks.eachBlock(pool, task);
            return;
        }
        int[] start = colouring.colourStart;
        int colours = colouring.colourCount;
        for (int k = 0; k < colours; k++) {
            rangeOffset = start[k];
            pool.run(task, start[k + 1] - start[k], MIN_BLOCK);
        }
        rangeOffset = start[colours];
        task.run(0, c.count - rangeOffset, 0);
    }

    private void ensureScratch(int workers) {
        if (scratch.length < workers) {
            SolverScratch[] grown = Arrays.copyOf(scratch, workers);
            for (int i = scratch.length; i < workers; i++) {
                grown[i] = new SolverScratch();
            }
            scratch = grown;
        }
    }

    /** The soft pass, its bodies and the first worker's scratch (for tests). */
    SoftContactPass softPass() {
        return soft;
    }

    SolverBodies solverBodies() {
        return solverBodies;
    }

    SolverScratch scratch() {
        return scratch[0];
    }

    /** Worker w's scratch. */
    SolverScratch scratch(int w) {
        return scratch[w];
    }

    NormalBlock normalBlock() {
        return block;
    }

    /** The constraint builder (for tests: whether it reuses a contact's mass data). */
    ContactPreparation preparation() {
        return preparation;
    }

    /** What the workers counted so far on counter {@code counter} ({@link SolverScratch#counts}), summed (for tests). */
    long count(int counter) {
        long sum = 0;
        for (SolverScratch w : scratch) {
            sum += w.counts[counter];
        }
        return sum;
    }

    /** The joints' solver (for tests). */
    JointSolver jointSolver() {
        return joints;
    }

    /**
     * After the world's state was put back from a snapshot, which does not hold the constraints
     * (they are rebuilt by every step's preparation): no slot holds any contact's kept data, so the
     * next preparation copies them in rather than trusting a slot, and no body is flagged as
     * constrained by a step this solver did not take.
     */
    public void forgetConstraints(BodyStore b) {
        Arrays.fill(c.massOwner, 0);
        Arrays.fill(b.constrained, false);
        c.constrainedCount = 0;
        c.count = 0;
    }

    /** The step's constraints (for tests). */
    ContactConstraints constraints() {
        return c;
    }

    /** Colours in use this step (for tests). */
    int colourCount() {
        return colouring.colourCount();
    }
}
