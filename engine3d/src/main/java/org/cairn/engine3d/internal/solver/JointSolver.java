package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.joint.JointStore.IMPULSES;
import static org.cairn.engine3d.internal.joint.JointStore.LOWER;
import static org.cairn.engine3d.internal.joint.JointStore.MOTOR;
import static org.cairn.engine3d.internal.joint.JointStore.SPRING;
import static org.cairn.engine3d.internal.joint.JointStore.UPPER;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.math.Mat3;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * Joints in the step, Box2D v3's way: prepared once per step, warm started at each substep with
 * the impulses they ended the last one with, solved with bias (soft, at the joint's stiffness) and
 * relaxed without, in the same passes as the contacts.
 *
 * <p>Joints are coloured like the contacts and solved colour by colour on the workers: in the soft
 * step all of them after the contacts of the same pass (so their limits have the last word), with
 * sequential impulses before; results do not depend on the worker count.
 *
 * <p>Each pass measures the joint from the bodies' current poses (the centres of mass and
 * orientations the substeps have moved), so its position error is exact however far the bodies
 * moved within the step; its velocities are the solver bodies'. Per kind, the rows are solved
 * in Box2D's order: spring, motor, limits, then the rigid part, which is solved last so that it
 * wins. Sequential impulses use the same rows with rigid mass and a Baumgarte bias.
 */
final class JointSolver extends JointKinds {
    /** Joint stiffness is capped at this fraction of the substep rate (Box2D v3: a quarter). */
    static final double JOINT_HERTZ_CLAMP_FRACTION = 0.25;
    private int count;
    /** Joints broken at the end of the last step, in joint order. */
    private int[] brokenList = new int[4];
    private int brokenCount;

    /**
     * Chooses this step's joints (acting, with an awake dynamic body), adds their bodies to the
     * step's constrained bodies (so they get solver entries and semi-implicit integration), and
     * colours them as the contacts are coloured ({@link ConstraintColouring}): each takes, in joint
     * order, the first colour neither of its dynamic bodies is in, and the joints are laid out
     * colour by colour, the overflow last. Joints of one colour share no dynamic body, so the
     * workers solve a colour's joints in any order with the same result.
     */
    void collect(BodyStore b, ContactConstraints c) {
        count = 0;
        JointStore js = store;
        if (js == null) {
            return;
        }
        if (bodyColours.length < b.capacity()) {
            bodyColours = new int[b.capacity()];
        }
        if (candidates.length < js.highWater) {
            candidates = new int[js.highWater];
            candidateColour = new byte[js.highWater];
        }
        Arrays.fill(colourFill, 0);
        int n = 0;
        for (int j = 0; j < js.highWater; j++) {
            if (!js.acting(j)) {
                continue;
            }
            int a = js.bodyA[j], d = js.bodyB[j];
            boolean dynamicA = b.type[a] == BodyStore.DYNAMIC, dynamicB = b.type[d] == BodyStore.DYNAMIC;
            if (!(dynamicA && b.awake[a]) && !(dynamicB && b.awake[d])) {
                continue;
            }
            int colour = ConstraintColouring.takeColour(bodyColours, a, dynamicA, d, dynamicB);
            candidates[n] = j;
            candidateColour[n] = (byte) colour;
            colourFill[colour]++;
            n++;
            c.constrain(b, a);
            c.constrain(b, d);
        }
        if (active.length < n) {
            grow(Math.max(n, 2 * active.length));
        }
        colourCount = 0;
        for (int k = 0; k < ConstraintColouring.MAX_COLOURS; k++) {
            if (colourFill[k] > 0) {
                colourCount = k + 1;
            }
        }
        int start = 0;
        for (int k = 0; k <= ConstraintColouring.MAX_COLOURS; k++) {
            int size = colourFill[k];
            colourFill[k] = start;
            if (k < colourCount) {
                colourStart[k] = start;
            }
            start += size;
        }
        colourStart[colourCount] = colourFill[ConstraintColouring.MAX_COLOURS];
        for (int i = 0; i < n; i++) {
            int j = candidates[i], colour = candidateColour[i];
            active[colourFill[colour]++] = j;
            // Clear the colour bits for the next step: only the bodies' set here.
            bodyColours[js.bodyA[j]] = 0;
            bodyColours[js.bodyB[j]] = 0;
        }
        count = n;
    }

    /** Per body, a bit per colour: whether one of the colour's joints moves it (as {@link ConstraintColouring}'s). */
    private int[] bodyColours = new int[64];
    private int[] candidates = new int[16];
    private byte[] candidateColour = new byte[16];
    private final int[] colourFill = new int[ConstraintColouring.MAX_COLOURS + 1];
    /** colourStart[c] .. colourStart[c + 1]: colour c's joints in active; colourStart[colourCount] .. count: the overflow. */
    private final int[] colourStart = new int[ConstraintColouring.MAX_COLOURS + 2];
    private int colourCount;

    private void grow(int n) {
        active = Arrays.copyOf(active, n);
        stateA = Arrays.copyOf(stateA, n);
        stateB = Arrays.copyOf(stateB, n);
        anchors = Arrays.copyOf(anchors, 6 * n);
        soft = Arrays.copyOf(soft, SOFT * n);
        pointInverse = Arrays.copyOf(pointInverse, 9 * n);
        pointEpoch = Arrays.copyOf(pointEpoch, n);
        pointInvertible = Arrays.copyOf(pointInvertible, n);
        anchorGeometry = Arrays.copyOf(anchorGeometry, 9 * n);
        anchorEpoch = Arrays.copyOf(anchorEpoch, n);
    }

    /**
     * Once per step, after the solver bodies are loaded: entries, anchors, softness, each joint on
     * the workers (it writes its own slot and impulses alone), then the bodies the joints turn and
     * the trees, on this thread.
     */
    void prepare(BodyStore b, SolverBodies sb, double dt, int substeps, boolean softStep, double baumgarte,
                 boolean warmStarting, WorkerPool pool) {
        bodies = b;
        solverBodies = sb;
        h = dt / substeps;
        invH = substeps / dt;
        prepareSoftStep = softStep;
        prepareBaumgarte = baumgarte;
        prepareWarmStarting = warmStarting;
        poseEpoch++;
        pool.run(prepareTask, count, MIN_BLOCK);
        listTurningEntries(sb);
        tree.build(store, active, count, stateA, stateB, sb.state, sb.count);
    }

    // What the preparation task reads: set by prepare before the workers start.
    private boolean prepareSoftStep, prepareWarmStarting;
    private double prepareBaumgarte;
    private final RangeTask prepareTask = (from, to, w) -> prepare(from, to);

    /** Joints [from, to) of this step: each one's entries, anchors, softness and cleared impulses. */
    private void prepare(int from, int to) {
        BodyStore b = bodies;
        SolverBodies sb = solverBodies;
        boolean softStep = prepareSoftStep, warmStarting = prepareWarmStarting;
        double baumgarte = prepareBaumgarte;
        JointStore js = store;
        for (int n = from; n < to; n++) {
            int j = active[n];
            int a = js.bodyA[j], d = js.bodyB[j];
            stateA[n] = SolverBodies.STRIDE * sb.entry[a];
            stateB[n] = SolverBodies.STRIDE * sb.entry[d];
            for (int i = 0; i < 3; i++) {
                anchors[6 * n + i] = js.localAnchorA[3 * j + i] - b.localCenter[3 * a + i];
                anchors[6 * n + 3 + i] = js.localAnchorB[3 * j + i] - b.localCenter[3 * d + i];
            }
            int so = SOFT * n;
            if (softStep) {
                Softness.write(Math.min(js.constraintHertz[j], JOINT_HERTZ_CLAMP_FRACTION * invH),
                        js.constraintDamping[j], h, soft, so);
            } else {
                soft[so] = baumgarte * invH;
                soft[so + 1] = 1.0;
                soft[so + 2] = 0.0;
            }
            Softness.write(js.enableSpring[j] ? js.springHertz[j] : 0.0, js.springDamping[j], h, soft, so + 3);
            if (js.kind[j] == JointStore.FIXED) {
                // A soft weld is capped like the joint's stiffness: solved weld after weld, stiffer
                // springs shook a beam of ten welded boxes apart (at 240 Hz, 196 m/s in 30 s).
                double most = JOINT_HERTZ_CLAMP_FRACTION * invH;
                if (js.linearHertz[j] > 0) {
                    Softness.write(Math.min(js.linearHertz[j], most), js.linearDamping[j], h, soft, so + 6);
                } else {
                    System.arraycopy(soft, so, soft, so + 6, 3);
                }
                if (js.angularHertz[j] > 0) {
                    Softness.write(Math.min(js.angularHertz[j], most), js.angularDamping[j], h, soft, so + 9);
                } else {
                    System.arraycopy(soft, so, soft, so + 9, 3);
                }
            }
            if (!warmStarting) {
                Arrays.fill(js.impulse, IMPULSES * j, IMPULSES * j + IMPULSES, 0.0);
            }
            if (js.kind[j] == JointStore.BALL) {
                // A ball joint has no axial rows: its slots hold its limits' and friction's impulses.
                if (!js.enableLimit[j]) {
                    js.impulse[IMPULSES * j + TWIST_LOWER] = 0.0;
                    js.impulse[IMPULSES * j + TWIST_UPPER] = 0.0;
                }
                if (!js.enableCone[j]) {
                    js.impulse[IMPULSES * j + CONE] = 0.0;
                }
                if (!(js.frictionTorque[j] > 0)) {
                    Arrays.fill(js.impulse, IMPULSES * j + FRICTION, IMPULSES * j + FRICTION + 3, 0.0);
                }
            } else {
                if (!js.enableMotor[j]) {
                    js.impulse[IMPULSES * j + MOTOR] = 0.0;
                }
                if (!js.enableSpring[j]) {
                    js.impulse[IMPULSES * j + SPRING] = 0.0;
                }
                if (!js.enableLimit[j]) {
                    js.impulse[IMPULSES * j + LOWER] = 0.0;
                    js.impulse[IMPULSES * j + UPPER] = 0.0;
                }
            }
        }
    }

    /**
     * The solver entries of the step's jointed bodies, each once, in joint order: the bodies whose
     * world inverse inertia {@link #refreshInertia} keeps current through the substeps.
     */
    private void listTurningEntries(SolverBodies sb) {
        if (entrySeen.length < sb.count) {
            entrySeen = new boolean[Math.max(sb.count, 2 * entrySeen.length)];
        }
        if (turning.length < 2 * count) {
            turning = new int[Math.max(2 * count, 2 * turning.length)];
        }
        turningCount = 0;
        for (int n = 0; n < count; n++) {
            addTurning(stateA[n] / SolverBodies.STRIDE);
            addTurning(stateB[n] / SolverBodies.STRIDE);
        }
        for (int i = 0; i < turningCount; i++) {
            entrySeen[turning[i]] = false;
        }
    }

    private void addTurning(int e) {
        // Entry 0 is the static body; kinematic bodies have no inverse inertia to refresh.
        if (e == 0 || entrySeen[e] || solverBodies.state[SolverBodies.STRIDE * e + SolverBodies.INVERSE_MASS] == 0) {
            return;
        }
        entrySeen[e] = true;
        turning[turningCount++] = e;
    }

    private boolean[] entrySeen = new boolean[16];
    /** Solver entries of the step's jointed dynamic bodies ({@link #listTurningEntries}). */
    private int[] turning = new int[16];
    private int turningCount;
    private final RangeTask refreshTask = (from, to, w) -> {
        double[] rotation = bodies.rotation, local = bodies.localInverseInertia, s = solverBodies.state;
        double[] m = this.scratch[w].k;
        for (int i = from; i < to; i++) {
            int e = turning[i], b = solverBodies.body[e];
            Mat3.fromQuaternion(rotation[4 * b], rotation[4 * b + 1], rotation[4 * b + 2], rotation[4 * b + 3], m, 0);
            Mat3.rotateTensor(m, 0, local, 9 * b, s, SolverBodies.STRIDE * e + SolverBodies.INVERSE_INERTIA);
        }
    };

    /**
     * After each substep's positions: the world inverse inertia of every jointed body from its
     * current orientation. The solver bodies otherwise keep the step's start (as Box3D's do), which
     * serves contacts, but a joint can spin a body a long way within one step (a link whipped to
     * 40 rad/s turns 38° per step), and impulses applied through an inertia turned that far from the
     * body's change its energy: a chain of two boxes on distance joints gained 15 J of 477 in 40
     * steps, at 4 substeps as at 64. Refreshed, it only loses energy.
     */
    void refreshInertia(WorkerPool pool) {
        tree.factored = false;
        poseEpoch++;
        if (scratch.length < pool.workerCount()) {
            growScratch(pool.workerCount());
        }
        pool.run(refreshTask, turningCount, 256);
    }

    /** Joints per block handed to a worker. */
    private static final int MIN_BLOCK = 32;
    private JointScratch[] scratch = {new JointScratch()};
    private int rangeOffset;
    private boolean passUseBias;
    private final RangeTask warmStartTask = (from, to, w) -> {
        for (int n = rangeOffset + from; n < rangeOffset + to; n++) {
            warmStart(n, scratch[w]);
        }
    };
    private final RangeTask solveTask = (from, to, w) -> {
        for (int n = rangeOffset + from; n < rangeOffset + to; n++) {
            solve(n, passUseBias, scratch[w]);
        }
    };
    private final RangeTask treeTask = (from, to, w) -> {
        for (int t = from; t < to; t++) {
            tree.solve(this, t, passUseBias, scratch[w]);
        }
    };
    private final RangeTask finishTask = (from, to, w) -> {
        for (int n = rangeOffset + from; n < rangeOffset + to; n++) {
            finish(n, scratch[w]);
        }
    };

    /** Runs {@code task} colour by colour (in parallel within a colour), then over the overflow on this thread. */
    private void forEachColour(WorkerPool pool, RangeTask task) {
        if (scratch.length < pool.workerCount()) {
            growScratch(pool.workerCount());
        }
        for (int k = 0; k < colourCount; k++) {
            rangeOffset = colourStart[k];
            pool.run(task, colourStart[k + 1] - colourStart[k], MIN_BLOCK);
        }
        rangeOffset = colourStart[colourCount];
        task.run(0, count - rangeOffset, 0);
    }

    private void growScratch(int workers) {
        JointScratch[] grown = Arrays.copyOf(scratch, workers);
        for (int i = scratch.length; i < grown.length; i++) {
            grown[i] = new JointScratch();
        }
        scratch = grown;
    }

    /** Re-applies each joint's accumulated impulses at the start of a substep. */
    void warmStart(WorkerPool pool) {
        forEachColour(pool, warmStartTask);
    }

    private void warmStart(int n, JointScratch w) {
        double[] g = w.g, t = w.t, s = solverBodies.state;
        int j = active[n];
        geometry(n, j, w);
        impulsesOnB(n, j, w);
        int oa = stateA[n], ob = stateB[n];
        int lever = store.kind[j] == JointStore.SLIDER || store.kind[j] == JointStore.WHEEL ? 23 : 0;
        JointRows.applyLinear(s, oa, ob, w.linear[0], w.linear[1], w.linear[2], g[lever], g[lever + 1], g[lever + 2], g[3],
                g[4], g[5], t);
        JointRows.applyAngular(s, oa, ob, w.angular[0], w.angular[1], w.angular[2], t);
    }

    /** One pass over the joints: with bias (the solve) or without (a relax pass). */
    void solve(boolean useBias, WorkerPool pool) {
        passUseBias = useBias;
        forEachColour(pool, solveTask);
        if (tree.treeCount > 0) {
            // Trees share no body: each on any worker, the same result.
            pool.run(treeTask, tree.treeCount, 1);
            tree.factored = true;
        }
    }

    private void solve(int n, boolean useBias, JointScratch w) {
        int j = active[n];
        geometry(n, j, w);
        switch (store.kind[j]) {
            case JointStore.BALL -> solveBall(n, j, useBias, w);
            case JointStore.HINGE -> solveHinge(n, j, useBias, w);
            case JointStore.SLIDER -> solveSlider(n, j, useBias, w);
            case JointStore.FIXED -> solveFixed(n, j, useBias, w);
            case JointStore.DISTANCE -> solveDistance(n, j, useBias, w);
            case JointStore.WHEEL -> solveWheel(n, j, useBias, w);
            case JointStore.MOTOR_JOINT -> solveMotorJoint(n, j, w);
            default -> throw new IllegalStateException("joint kind " + store.kind[j]);
        }
    }

    /**
     * Sequential impulses' position iterations for the joints ({@link JointPositions}), after the
     * contacts' (on this thread, joint by joint in their colour order): {@code iterations} passes,
     * then the contacts' record of each jointed body's turn since the step began follows its new
     * orientation.
     */
    void solvePositions(int iterations, ContactConstraints c) {
        if (count == 0 || iterations == 0) {
            return;
        }
        JointScratch w = scratch[0];
        for (int iteration = 0; iteration < iterations; iteration++) {
            for (int n = 0; n < count; n++) {
                correctPosition(n, w);
            }
        }
        for (int i = 0; i < turningCount; i++) {
            c.updateDeltaRotation(bodies, solverBodies.body[turning[i]]);
        }
        tree.factored = false;
        poseEpoch++;
    }

    private void correctPosition(int n, JointScratch w) {
        int j = active[n];
        JointStore js = store;
        int kind = js.kind[j];
        if (kind != JointStore.BALL && kind != JointStore.HINGE && kind != JointStore.FIXED
                || kind == JointStore.FIXED && (js.linearHertz[j] > 0 || js.angularHertz[j] > 0)) {
            return;
        }
        // The position iterations move the bodies within one epoch: measured afresh each time.
        anchorEpoch[n] = 0;
        geometry(n, j, w);
        double[] s = solverBodies.state, t = w.t;
        int a = js.bodyA[j], b = js.bodyB[j];
        if (kind == JointStore.FIXED) {
            errorVector(j, w);
            JointPositions.weld(bodies, a, b, s, stateA[n], stateB[n], w.g, t[0], t[1], t[2], w.k6, w.rhs6, t);
            return;
        }
        if (kind == JointStore.HINGE) {
            hingeTilt(j, w);
            JointPositions.alignment(bodies, a, b, s, stateA[n], stateB[n], w.g, 16, 19, t[0], t[1], t);
            anchorEpoch[n] = 0;
            geometry(n, j, w);
        }
        JointPositions.point(bodies, a, b, s, stateA[n], stateB[n], w.g, w.k, w.kInv, t);
    }

    /**
     * At the end of the step: each joint's reaction (its last substep's impulses over the substep)
     * and, where it exceeds a threshold, the joint breaks. Returns the number that broke; they are
     * listed in joint order.
     */
    int finish(WorkerPool pool) {
        forEachColour(pool, finishTask);
        brokenCount = 0;
        JointStore js = store;
        for (int n = 0; n < count; n++) {
            int j = active[n];
            if (js.broken[j]) {
                if (brokenCount == brokenList.length) {
                    brokenList = Arrays.copyOf(brokenList, 2 * brokenCount);
                }
                brokenList[brokenCount++] = j;
            }
        }
        org.cairn.engine3d.internal.container.PrimitiveSort.sort(brokenList, 0, brokenCount);
        return brokenCount;
    }

    private void finish(int n, JointScratch w) {
        JointStore js = store;
        int j = active[n];
        geometry(n, j, w);
        impulsesOnB(n, j, w);
        double fx = w.linear[0] * invH, fy = w.linear[1] * invH, fz = w.linear[2] * invH;
        double tx = w.angular[0] * invH, ty = w.angular[1] * invH, tz = w.angular[2] * invH;
        js.reactionForce[3 * j] = fx;
        js.reactionForce[3 * j + 1] = fy;
        js.reactionForce[3 * j + 2] = fz;
        js.reactionTorque[3 * j] = tx;
        js.reactionTorque[3 * j + 1] = ty;
        js.reactionTorque[3 * j + 2] = tz;
        double force = Math.sqrt(fx * fx + fy * fy + fz * fz), torque = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (force > js.breakForce[j] || torque > js.breakTorque[j]) {
            js.broken[j] = true;
            Arrays.fill(js.impulse, IMPULSES * j, IMPULSES * j + IMPULSES, 0.0);
        }
    }

    /** The joints that broke at the end of the last step. */
    int brokenCount() {
        return brokenCount;
    }

    int broken(int i) {
        return brokenList[i];
    }

    /** The joint of active index n (for tests). */
    int activeJoint(int n) {
        return active[n];
    }

    /** Colours of this step's joints (for tests). */
    int colourCount() {
        return colourCount;
    }

    /** Where colour c's joints start among the active ones; colourStart(colourCount()) is where the overflow starts (for tests). */
    int colourStart(int c) {
        return colourStart[c];
    }

    /** Active joints this step (for tests). */
    int count() {
        return count;
    }
}
