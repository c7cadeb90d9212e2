package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.math.Mat3;

/**
 * The rigid rows of joints whose bodies form trees, solved exactly instead of joint by joint:
 * Baraff's linear-time factorisation ("Linear-Time Dynamics using Lagrange Multipliers",
 * SIGGRAPH 1996) of the system [M −Jᵀ; −J 0]·[Δv; λ] = [0; −r], ordered so that every node (a body
 * or a joint) is eliminated before its parent, which makes the block LDLᵀ factors as sparse as
 * the tree: O(n) per solve. Catto names a direct joint solver as the cure for the soft step's
 * weak joints (Box3D issue 131).
 *
 * <p>Why: solved one joint after another (Gauss–Seidel), a chain of light links under a heavy
 * weight converges slowly, and a soft joint then holds the load below it like a spring of
 * stiffness m·ω² with m the light link's effective mass: a chain of 30 links under a 30× heavier
 * weight stretched 1.24 %, and a beam of ten welded boxes sagged a metre and swung for seconds.
 * Solved together, the step's impulses are those of the whole structure, and under uniform gravity
 * the soft step's steady state has no stretch at all (J·M⁻¹·Jᵀ·λ of a structure hanging still is
 * the relative acceleration gravity gives its anchors, which is zero).
 *
 * <p>Each pass computes the rows' right-hand sides r (the velocity error, plus the soft bias in the
 * biased pass), solves K·x = r with K = J·M⁻¹·Jᵀ exactly, and applies Δλ = −massScale·x −
 * impulseScale·λ per row (in a relax pass Δλ = −x): one joint alone gets exactly the update it
 * gets one joint at a time, and every row of the tree is scaled alike, so they stay consistent.
 * (Softening each joint's own block instead, as a compliance (impulseScale/massScale)·K_jj,
 * gives back the stretch: its steady state holds each joint's load with that joint's own spring.)
 * Motors and springs stay Gauss–Seidel rows solved before the tree, so the rigid part is still
 * solved last.
 *
 * <p>What takes part: ball joints (3 rows), hinges (the point and the two rows that keep the axes
 * aligned, 5), sliders (the two rows that keep B's anchor on A's axis, a row that takes no part,
 * the rotation lock: 6), rods (distance joints without spring or limits: 1) and rigid welds (6),
 * between dynamic bodies or to one static or kinematic body. A
 * component of such joints is a tree when its dynamic bodies have no cycle and at most one joint
 * to a body that does not move (two would close a loop through the world); any other component,
 * and every other joint, is solved Gauss–Seidel as before. Soft welds are springs and stay out (as
 * compliances in the tree beside rigid rows, a beam welded rigidly in line and softly in angle
 * blew up). Sliders and rods take part since the contacts on a tree's bodies are solved with its
 * articulated masses ({@link TreeContacts}): solved joint by joint, one holding a tree was undone
 * by the tree each pass (a 1 kg ball on a slider holding 138 kg of chain came 85 cm off its axis),
 * and as tree nodes before that, a heavy chain landing through a light end was thrown back up by
 * the contact it pushed with the end's own mass. The biased pass pulls a joint's anchors together
 * no faster than {@link #MAX_PULL_SPEED}.
 *
 * <p>Limits (a hinge's angle, a ball joint's twist and cone, a slider's offset) are solved after the tree's rows in
 * each pass, one after another, each with its articulated mass: its response through the tree's
 * factors (the velocity changes of all the tree's bodies, and the rows' impulses, that a unit
 * limit impulse brings once the rigid rows have answered it), applied whole, so the rigid rows stay
 * satisfied. A limit holding a heavy body through a light one then acts on the whole chain at
 * once; pushing with the mass of its own two bodies, the light link's, it let a 54 kg box on a
 * 1 kg link fall 14° past a cone again and again while both joints came 12 cm apart. Limits are
 * rigid (no soft leak), so the rows' impulses hold a share for them that the soft update leaves
 * alone ({@link TreeLimits#shares}). They are swept {@link #LIMIT_SWEEPS} times a pass, and on
 * until a sweep changes no limit's speed by more than {@link #LIMIT_SWEEP_TOLERANCE} (at most
 * {@link #LIMIT_SWEEPS_MAX}). In a component
 * whose limit rows times nodes exceed {@link #MAX_LIMIT_RESPONSE}, or that a joint solved joint by
 * joint also holds, the joints with limits stay out of the trees. (Tried before:
 * limits as rows of the tree, kept ≥ 0 by an active set, made a resting ragdoll jitter at up to
 * 0.13 J with sleep off; solved joint by joint before the tree with their rows turning B about
 * the anchor, the tree's rows undid them.)
 */
final class JointTree {
    /** The most rows one joint brings: a weld's six. */
    static final int MAX_ROWS = 6;
    /** A body's unknowns (linear and angular velocity), and a Jacobian row's length. */
    static final int B = 6;
    /** Stride of the square blocks: the largest node. */
    static final int S = MAX_ROWS;
    private static final int BLOCK = S * S;
    /** One side's Jacobian block of a joint node: MAX_ROWS rows of B. */
    static final int JAC = MAX_ROWS * B;

    /**
     * Whether the trees' rows and factors of the last pass still hold: the rows depend on the
     * bodies' poses and inverse inertias alone, so the passes between two position updates (the
     * substep's two relax passes; sequential impulses' iterations) factor once. Set by the solver
     * after a pass, cleared when bodies move; factoring again would give the same bits.
     */
    boolean factored;
    /** Whether active joint n is solved here (its rigid rows), set by {@link #build}. */
    boolean[] inTree = new boolean[16];
    /**
     * The most (limit rows × nodes) a component may have and solve its limits in its tree: each
     * row keeps its response over the whole tree (six numbers a node) and costs a solve through
     * it. The limited joints of a larger one are solved joint by joint, outside the trees.
     */
    static final int MAX_LIMIT_RESPONSE = 16384;
    /**
     * The most (limit rows × nodes) all of a step's trees may have together: six numbers each, some
     * 13 MB (a ragdoll takes 546). Components beyond it, in joint order, solve their limits joint
     * by joint, so 200 000 joints in limited chains of 50 do not ask for 3 GB of responses.
     */
    static final int MAX_LIMIT_RESPONSE_TOTAL = 1 << 18;
    /**
     * Sweeps over a tree's limits each pass, at least. Limit rows that act on the same turn (a
     * cone at the post and the next one out, both holding a swinging 24 kg box) undo each other's
     * change when taken once each: one sweep a pass left the limits pushing the box back out,
     * 5.5 J above its start; from two sweeps up it holds (the rows are cheap: a response applied
     * per row).
     */
    static final int LIMIT_SWEEPS = 4;
    /**
     * Sweeps a pass at most: after {@link #LIMIT_SWEEPS}, sweeping goes on while a sweep still
     * changes some limit's speed by more than {@link #LIMIT_SWEEP_TOLERANCE}. A cone and a twist
     * limit at the post of a 1 kg link holding 217 kg of chain below undid each other for longer:
     * after four sweeps the chain swung up above its start (170 J gained, property seed 15019406);
     * eight sweeps held it.
     */
    static final int LIMIT_SWEEPS_MAX = 32;
    /**
     * The fastest the biased pass pulls a tree joint's anchors back together, m/s. A tree carries
     * its load with its rows' impulses, not with their bias (a hanging structure's steady state has
     * no stretch), so the cap costs it no strength; it bounds what a drift can throw back. A 1 kg
     * sphere on a rod from a post, a second rod pinned 0.3 m off its centre carrying 64 kg of
     * chain (property seed 15016785) is a crank whose spin is nearly free: whipped to 47 rad/s, its
     * rod drifted 81 mm long within three steps, and pulled back at the joint's full rate (106/s,
     * 5.9 m/s at 56 mm) the chain rose 163 J in one step. It binds above 28 mm of drift at the
     * default softness (60 Hz, damping ratio 1, four substeps); the example scenes never reach it,
     * a thrown ragdoll's landing now and then does. (At 1 m/s every crank the property campaigns
     * found held, but three chains struck by their own bodies rose 1.6 to 14 kJ above their start,
     * property seeds 15004203, 15010660 and 15007303, where at 3 m/s they hold or rise 49 and
     * 1 221 J.)
     */
    static final double MAX_PULL_SPEED = 3.0;
    /**
     * A sweep that changes no limit's or contact's speed by more than this, rad/s or m/s, ends the
     * sweeping. At 1e-6, a pile of 36 ragdolls (examples/scenes/ragdolls.scene) swept 13.3 times a
     * tree pass on average and one pass in six ran all {@link #LIMIT_SWEEPS_MAX}; at 1e-4, 8.3
     * times and one in 21, the step 0.84× as long, the thrown ragdolls as still and as far within
     * their limits (RagdollTest) and the jointed property campaigns failing on the same scenes.
     */
    static final double LIMIT_SWEEP_TOLERANCE = 1e-4;
    /** Per joint node, the nodes of its bodies A and B (−1 for a body that does not move). */
    int[] nodeA = new int[16];
    int[] nodeB = new int[16];
    /** Per tree, the limit rows its joints may bring (0: none, and nothing of TreeLimits runs for it). */
    int[] limitBound = new int[2];
    final TreeLimits limits = new TreeLimits(this);
    /** The normal rows of the contacts on the trees' bodies ({@link TreeContacts}). */
    final TreeContacts contacts = new TreeContacts(this);
    /** Per solver entry, its body node and its tree (−1: in no tree), set by {@link #build}. */
    private int[] entryNode = new int[16];
    private int[] entryTree = new int[16];
    private final JointComponents components = new JointComponents();
    int treeCount;
    int[] treeStart = new int[2];
    /** Nodes in elimination order, tree by tree: the root last in each tree. */
    int nodeCount;
    boolean[] nodeIsJoint = new boolean[16];
    /** The active joint index (joint nodes) or the solver entry (body nodes). */
    int[] nodeRef = new int[16];
    private int[] nodeParent = new int[16];
    int[] nodeSize = new int[16];
    /** For a node with a parent: its own side in the joint (body under a joint) or the parent body's side (joint under a body), 0 = A, 1 = B. */
    private int[] nodeSide = new int[16];

    // Per node, refreshed each pass: a joint's rows (Jacobians for A and B, position errors);
    // the factors; the right-hand side, then the solution.
    double[] jac = new double[2 * JAC * 16];
    private double[] error = new double[S * 16];
    private double[] acc = new double[BLOCK * 16];
    /** Per node, the Cholesky factor C of ±D (lower, stride S) and Y = C⁻¹·H_{i,p}. */
    private double[] cholesky = new double[BLOCK * 16];
    private double[] coupled = new double[BLOCK * 16];
    double[] x = new double[S * 16];
    /**
     * Per node, during its tree's limit and contact sweeps ({@link #gather} to {@link #scatter}): a
     * body node's velocity, a joint node's rows' impulses, laid out as a response (B a node).
     */
    double[] sweep = new double[B * 16];
    // Building scratch.
    private final double[] inertia = new double[9];
    private int[] bodyNode = new int[16];
    private int[] queue = new int[16];
    private int[] treeOfRoot = new int[16];
    private int[] rootBody = new int[16];
    private int[] rootFixed = new int[16];
    private boolean[] singular = new boolean[16];

    /** How many rigid rows joint j takes here, or 0 if its kind has none solved here. */
    static int rigidRowCount(JointStore js, int j) {
        return switch (js.kind[j]) {
            case JointStore.BALL -> 3;
            case JointStore.HINGE -> 5;
            // A slider's two rows across its axis, an unused slot (its row is zero and takes no
            // part), and the rotation lock: the rows' order is that of its impulses.
            case JointStore.SLIDER -> 6;
            // A rod: a distance joint without spring or limits holds its length rigidly.
            case JointStore.DISTANCE -> js.enableSpring[j] || js.enableLimit[j] ? 0 : 1;
            case JointStore.FIXED -> js.linearHertz[j] == 0 && js.angularHertz[j] == 0 ? 6 : 0;
            default -> 0;
        };
    }

    /**
     * Finds this step's trees among the {@code count} active joints (in joint colour order), their
     * bodies' solver entries at stateA/stateB (offsets into s): marks {@link #inTree} and lays out
     * each tree's nodes in elimination order. Deterministic: everything follows the active order.
     */
    void build(JointStore js, int[] active, int count, int[] stateA, int[] stateB, double[] s, int entries) {
        treeCount = 0;
        factored = false;
        nodeCount = 0;
        contacts.clear();
        if (inTree.length < count) {
            inTree = new boolean[Math.max(count, 2 * inTree.length)];
        }
        Arrays.fill(inTree, 0, count, false);
        if (count == 0) {
            // No joints: nothing proportional to the bodies either.
            return;
        }
        if (bodyNode.length < entries) {
            int n = Math.max(entries, 2 * bodyNode.length);
            bodyNode = new int[n];
            treeOfRoot = new int[n];
            rootBody = new int[n];
            rootFixed = new int[n];
            singular = new boolean[n];
            entryNode = new int[n];
            entryTree = new int[n];
        }
        for (int e = 0; e < entries; e++) {
            entryNode[e] = -1;
            entryTree[e] = -1;
            bodyNode[e] = -1;
            treeOfRoot[e] = -1;
            rootBody[e] = -1;
            rootFixed[e] = -1;
            singular[e] = false;
        }
        JointComponents c = components;
        c.ensure(entries, count);
        boolean any = c.join(js, active, count, stateA, stateB, s, entries);
        if (any && c.excludeLargeLimitedComponents(js, active, count, stateA, stateB, s)) {
            any = c.join(js, active, count, stateA, stateB, s, entries);
        }
        if (!any || !c.anyTreeLike(entries)) {
            return;
        }
        // Per component (by its root): its first dynamic body, its joint to a body that does not
        // move, whether a body's inertia cannot be inverted (M would not be a valid block).
        for (int n = 0; n < count; n++) {
            if (!c.candidate(js, n, active[n], stateA[n], stateB[n], s)) {
                continue;
            }
            int a = JointComponents.entry(stateA[n], s), b = JointComponents.entry(stateB[n], s);
            int root = c.find(a >= 0 ? a : b);
            if (c.cyclic[root] || c.fixedCount[root] > 1) {
                // Never a tree (below): its root, fixed joint and inertias are not needed (a
                // grid of 19 701 joints inverted 39 402 inertias here every step, for nothing).
                continue;
            }
            if (rootBody[root] < 0) {
                rootBody[root] = a >= 0 ? a : b;
            }
            if ((a < 0 || b < 0) && rootFixed[root] < 0) {
                rootFixed[root] = n;
            }
            for (int side = 0; side < 2; side++) {
                int o = side == 0 ? stateA[n] : stateB[n];
                if ((side == 0 ? a : b) >= 0 && !Mat3.invertSymmetric(s, o + SolverBodies.INVERSE_INERTIA, inertia, 0)) {
                    singular[root] = true;
                }
            }
        }
        // A tree per usable component, in the order of its first joint; the root is its joint to
        // a body that does not move, if it has one, else that joint's first dynamic body.
        for (int n = 0; n < count; n++) {
            if (!c.candidate(js, n, active[n], stateA[n], stateB[n], s)) {
                continue;
            }
            int a = JointComponents.entry(stateA[n], s), b = JointComponents.entry(stateB[n], s);
            int root = c.find(a >= 0 ? a : b);
            if (c.cyclic[root] || c.fixedCount[root] > 1 || treeOfRoot[root] >= 0 || singular[root]) {
                continue;
            }
            treeOfRoot[root] = treeCount;
            layOut(js, active, count, stateA, stateB, s, rootFixed[root], rootBody[root]);
        }
        limits.reserve();
    }

    /** The tree whose body solver entry e is, or −1 (entry 0, the static one, is in none). */
    int treeOfEntry(int e) {
        return treeCount > 0 && e < entryTree.length ? entryTree[e] : -1;
    }

    /** The body node of solver entry e, or −1. */
    int nodeOfEntry(int e) {
        return treeCount > 0 && e < entryNode.length ? entryNode[e] : -1;
    }

    /** Breadth first from the component's root; the nodes go in reverse, so children come before parents. */
    private void layOut(JointStore js, int[] active, int count, int[] stateA, int[] stateB, double[] s, int fixedJoint,
                        int firstBody) {
        int start = nodeCount;
        int head = 0, tail = 0;
        ensureQueue(count + nodeCount + 8);
        // The queue holds node ids; nodes are created as they are reached.
        if (fixedJoint >= 0) {
            queue[tail++] = addJointNode(js, active, fixedJoint, -1, 0);
        } else {
            queue[tail++] = addBodyNode(firstBody, -1, 0);
        }
        while (head < tail) {
            int node = queue[head++];
            ensureQueue(tail + 2 * count + 2);
            if (nodeIsJoint[node]) {
                int n = nodeRef[node];
                for (int side = 0; side < 2; side++) {
                    int e = JointComponents.entry(side == 0 ? stateA[n] : stateB[n], s);
                    if (e >= 0 && bodyNode[e] < 0) {
                        queue[tail++] = addBodyNode(e, node, side);
                    }
                }
            } else {
                int e = nodeRef[node];
                for (int edge = components.edgeHead[e]; edge >= 0; edge = components.edgeNext[edge]) {
                    int n = edge >> 1;
                    if (!inTree[n]) {
                        queue[tail++] = addJointNode(js, active, n, node, edge & 1);
                    }
                }
            }
        }
        // Reverse into elimination order (children first), renumbering parents.
        int size = nodeCount - start;
        reverse(start, size);
        treeStart = grow(treeStart, treeCount + 2);
        treeStart[treeCount] = start;
        treeCount++;
        treeStart[treeCount] = nodeCount;
        // Each joint node's body nodes (numbered before the reversal in bodyNode), and how many
        // limit rows the tree's joints may bring.
        int bound = 0;
        for (int i = start; i < nodeCount; i++) {
            if (nodeIsJoint[i]) {
                int n = nodeRef[i];
                int ea = JointComponents.entry(stateA[n], s), eb = JointComponents.entry(stateB[n], s);
                nodeA[i] = ea >= 0 ? start + size - 1 - (bodyNode[ea] - start) : -1;
                nodeB[i] = eb >= 0 ? start + size - 1 - (bodyNode[eb] - start) : -1;
                bound += TreeLimits.bound(js, active[n]);
            }
        }
        limitBound = grow(limitBound, treeCount);
        limitBound[treeCount - 1] = bound;
        for (int i = start; i < nodeCount; i++) {
            if (!nodeIsJoint[i]) {
                bodyNode[nodeRef[i]] = -1;
                entryNode[nodeRef[i]] = i;
                entryTree[nodeRef[i]] = treeCount - 1;
            }
        }
    }


    private void reverse(int start, int size) {
        int end = start + size - 1;
        for (int i = start; i < end - (i - start); i++) {
            int k = end - (i - start);
            swap(i, k);
        }
        for (int i = start; i <= end; i++) {
            if (nodeParent[i] >= 0) {
                nodeParent[i] = end - (nodeParent[i] - start);
            }
        }
    }

    private void swap(int i, int k) {
        boolean t = nodeIsJoint[i];
        nodeIsJoint[i] = nodeIsJoint[k];
        nodeIsJoint[k] = t;
        int r = nodeRef[i];
        nodeRef[i] = nodeRef[k];
        nodeRef[k] = r;
        r = nodeParent[i];
        nodeParent[i] = nodeParent[k];
        nodeParent[k] = r;
        r = nodeSize[i];
        nodeSize[i] = nodeSize[k];
        nodeSize[k] = r;
        r = nodeSide[i];
        nodeSide[i] = nodeSide[k];
        nodeSide[k] = r;
    }

    private int addJointNode(JointStore js, int[] active, int n, int parent, int side) {
        inTree[n] = true;
        return addNode(true, n, parent, rigidRowCount(js, active[n]), side);
    }

    private int addBodyNode(int e, int parent, int side) {
        int node = addNode(false, e, parent, B, side);
        bodyNode[e] = node;
        return node;
    }

    private int addNode(boolean joint, int ref, int parent, int size, int side) {
        if (nodeIsJoint.length <= nodeCount) {
            int n = 2 * nodeIsJoint.length;
            nodeIsJoint = Arrays.copyOf(nodeIsJoint, n);
            nodeRef = Arrays.copyOf(nodeRef, n);
            nodeParent = Arrays.copyOf(nodeParent, n);
            nodeSize = Arrays.copyOf(nodeSize, n);
            nodeSide = Arrays.copyOf(nodeSide, n);
            nodeA = Arrays.copyOf(nodeA, n);
            nodeB = Arrays.copyOf(nodeB, n);
            jac = Arrays.copyOf(jac, 2 * JAC * n);
            error = Arrays.copyOf(error, S * n);
            acc = Arrays.copyOf(acc, BLOCK * n);
            cholesky = Arrays.copyOf(cholesky, BLOCK * n);
            coupled = Arrays.copyOf(coupled, BLOCK * n);
            x = Arrays.copyOf(x, S * n);
            sweep = Arrays.copyOf(sweep, B * n);
        }
        int node = nodeCount++;
        nodeIsJoint[node] = joint;
        nodeRef[node] = ref;
        nodeParent[node] = parent;
        nodeSize[node] = size;
        nodeSide[node] = side;
        return node;
    }

    private void ensureQueue(int n) {
        if (queue.length < n) {
            queue = Arrays.copyOf(queue, Math.max(n, 2 * queue.length));
        }
    }

    static int[] grow(int[] a, int n) {
        return a.length >= n ? a : Arrays.copyOf(a, Math.max(n, 2 * a.length));
    }

    /**
     * One pass over tree t: each joint's rows from the bodies' current poses, their right-hand
     * sides from the current velocities (with the bias, in the biased pass), the exact solve, the
     * impulses applied. Trees share no body, so each may be solved on any worker.
     */
    void solve(JointKinds rows, int t, boolean useBias, JointScratch w) {
        double[] s = rows.solverBodies.state;
        double[] h = w.treeBlock;
        int start = treeStart[t], end = treeStart[t + 1];
        boolean pushed = contacts.any(t);
        if (!factored) {
            for (int i = start; i < end; i++) {
                Arrays.fill(acc, BLOCK * i, BLOCK * i + BLOCK, 0.0);
                if (nodeIsJoint[i]) {
                    int n = nodeRef[i];
                    rows.treeRows(n, rows.active[n], w, jac, 2 * JAC * i, error, S * i);
                } else {
                    massBlock(s, SolverBodies.STRIDE * nodeRef[i], acc, BLOCK * i, h);
                }
            }
            factor(start, end);
            if (limitBound[t] > 0) {
                limits.rows(rows, t, s, w);
            }
            if (pushed) {
                contacts.refresh(t);
            }
        }
        // Otherwise the bodies have not moved since the last pass: its rows, factors and limit rows hold.
        // The limits' and contacts' share of the rows' impulses first: it may compute responses, in x.
        boolean limitShares = (limitBound[t] > 0 || pushed) && useBias;
        if (limitShares) {
            limits.shares(rows, t, s);
            if (pushed) {
                contacts.addShares(rows, t, s, limits.share);
            }
        }
        for (int i = start; i < end; i++) {
            if (nodeIsJoint[i]) {
                rightHandSide(rows, s, i, nodeRef[i], useBias);
            } else {
                Arrays.fill(x, S * i, S * i + B, 0.0);
            }
        }
        substitute(start, end);
        for (int i = start; i < end; i++) {
            if (nodeIsJoint[i]) {
                apply(rows, s, i, useBias, limitShares, w.treeWork);
            }
        }
        if (limitBound[t] > 0 || pushed) {
            gather(rows, t, s);
            for (int round = 0; round < LIMIT_SWEEPS_MAX; round++) {
                double change = pushed ? contacts.solve(rows, t, s, useBias, round == 0) : 0.0;
                if (limitBound[t] > 0) {
                    change = Math.max(change, limits.solve(rows, t, s, useBias));
                }
                if (round + 1 >= LIMIT_SWEEPS && change <= LIMIT_SWEEP_TOLERANCE) {
                    break;
                }
            }
            scatter(rows, t, s);
            if (pushed) {
                contacts.clampFriction(s, t);
            }
        }
    }

    /**
     * A unit impulse's response through tree t's factors: given at response[ro..) the velocity
     * change each body node takes from the impulse alone (6 per node, 0 for the others), makes it
     * what the impulse does once the rigid rows have answered it: the rows' impulses
     * Δλ = −K⁻¹·J·M⁻¹·Jₗᵀ (the velocity error the impulse makes, solved as a relax pass would) at each
     * joint node, and each body's velocity change M⁻¹·(Jₗᵀ + Jᵀ·Δλ). Uses {@link #x} as scratch.
     */
    void respond(JointKinds rows, int t, double[] s, double[] response, int ro) {
        int start = treeStart[t], end = treeStart[t + 1];
        for (int q = start; q < end; q++) {
            if (!nodeIsJoint[q]) {
                Arrays.fill(x, S * q, S * q + B, 0.0);
                continue;
            }
            int ja = 2 * JAC * q, jb = ja + JAC;
            for (int r = 0; r < nodeSize[q]; r++) {
                double v = 0;
                for (int c = 0; c < B; c++) {
                    v += (nodeA[q] >= 0 ? jac[ja + B * r + c] * response[ro + B * (nodeA[q] - start) + c] : 0.0)
                            + (nodeB[q] >= 0 ? jac[jb + B * r + c] * response[ro + B * (nodeB[q] - start) + c] : 0.0);
                }
                x[S * q + r] = -v;
            }
        }
        substitute(start, end);
        for (int q = start; q < end; q++) {
            if (!nodeIsJoint[q]) {
                continue;
            }
            int o = ro + B * (q - start);
            for (int r = 0; r < nodeSize[q]; r++) {
                response[o + r] = -x[S * q + r];
            }
            int nq = nodeRef[q];
            if (nodeA[q] >= 0) {
                push(s, rows.stateA[nq], 2 * JAC * q, nodeSize[q], response, o, response, ro + B * (nodeA[q] - start));
            }
            if (nodeB[q] >= 0) {
                push(s, rows.stateB[nq], 2 * JAC * q + JAC, nodeSize[q], response, o, response, ro + B * (nodeB[q] - start));
            }
        }
    }

    /**
     * Before tree t's sweeps: each body node's velocity (v, ω) and each joint node's rows'
     * impulses (its first {@link #nodeSize} entries, the rest 0) into {@link #sweep}, laid out as a
     * response is, so that the sweeps add each response to the tree as one dense run.
     */
    void gather(JointKinds rows, int t, double[] s) {
        double[] lambda = rows.store.impulse;
        for (int q = treeStart[t]; q < treeStart[t + 1]; q++) {
            if (nodeIsJoint[q]) {
                int lq = JointStore.IMPULSES * rows.active[nodeRef[q]];
                for (int r = 0; r < B; r++) {
                    sweep[B * q + r] = r < nodeSize[q] ? lambda[lq + r] : 0.0;
                }
            } else {
                System.arraycopy(s, SolverBodies.STRIDE * nodeRef[q], sweep, B * q, B);
            }
        }
    }

    /** After tree t's sweeps: the velocities and impulses of {@link #sweep} back to the solver bodies and the joints. */
    void scatter(JointKinds rows, int t, double[] s) {
        double[] lambda = rows.store.impulse;
        for (int q = treeStart[t]; q < treeStart[t + 1]; q++) {
            if (nodeIsJoint[q]) {
                System.arraycopy(sweep, B * q, lambda, JointStore.IMPULSES * rows.active[nodeRef[q]], nodeSize[q]);
            } else {
                System.arraycopy(sweep, B * q, s, SolverBodies.STRIDE * nodeRef[q], B);
            }
        }
    }

    /**
     * During tree t's sweeps: adds d times a unit impulse's response at response[ro..)
     * ({@link #respond}) to the tree, each body's velocity change and each joint's impulses, in
     * {@link #sweep} (the same sums, in the same order, that adding them to the solver bodies and
     * the joints one by one made, as one run without a branch a node: the sweeps' main cost).
     */
    void applyResponse(int t, double d, double[] response, int ro) {
        int base = B * treeStart[t], n = B * (treeStart[t + 1] - treeStart[t]);
        double[] v = sweep;
        for (int k = 0; k < n; k++) {
            v[base + k] += d * response[ro + k];
        }
    }

    /** The array holding body node q's velocity during its tree's sweeps ({@link #sweep}), or s for a body outside the tree (node −1). */
    double[] velocities(int q, double[] s) {
        return q >= 0 ? sweep : s;
    }

    /** Where body node q's velocity starts in {@link #velocities}: in {@link #sweep}, or at solver offset {@code entry} for node −1. */
    static int velocityAt(int q, int entry) {
        return q >= 0 ? B * q : entry;
    }

    /** Adds λ times a unit impulse's joint impulses at response[ro..) to each joint node's share (see {@link TreeLimits#shares}). */
    void addShare(int t, double lambda, double[] response, int ro, double[] share) {
        int start = treeStart[t], end = treeStart[t + 1];
        for (int q = start; q < end; q++) {
            if (nodeIsJoint[q]) {
                int o = ro + B * (q - start);
                for (int r = 0; r < nodeSize[q]; r++) {
                    share[S * q + r] += lambda * response[o + r];
                }
            }
        }
    }

    /**
     * x_i = −r, r = J·v per row, plus biasRate·C in the biased pass, the bias of the rows that keep
     * the anchors together (a joint's first three: the point, a slider's two across its axis, a
     * rod's length) no faster than {@link #MAX_PULL_SPEED} as a vector.
     */
    private void rightHandSide(JointKinds rows, double[] s, int i, int n, boolean useBias) {
        int oa = rows.stateA[n], ob = rows.stateB[n];
        double biasRate = useBias ? rows.soft[JointAxialRows.SOFT * n] : 0.0;
        int ja = 2 * JAC * i, jb = ja + JAC, linear = Math.min(3, nodeSize[i]);
        double pull = 0;
        for (int r = 0; r < linear; r++) {
            double b = biasRate * error[S * i + r];
            pull += b * b;
        }
        double scale = pull > MAX_PULL_SPEED * MAX_PULL_SPEED ? MAX_PULL_SPEED / Math.sqrt(pull) : 1.0;
        for (int r = 0; r < nodeSize[i]; r++) {
            double v = 0;
            for (int c = 0; c < B; c++) {
                v += jac[ja + B * r + c] * s[oa + c] + jac[jb + B * r + c] * s[ob + c];
            }
            double bias = biasRate * error[S * i + r];
            x[S * i + r] = -(v + (r < linear ? scale * bias : bias));
        }
    }

    /** The body's mass block diag(m·1, I) into d[at..), from its inverse mass and inverse inertia. */
    private void massBlock(double[] s, int o, double[] d, int at, double[] h) {
        double m = 1.0 / s[o + SolverBodies.INVERSE_MASS];
        Mat3.invertSymmetric(s, o + SolverBodies.INVERSE_INERTIA, h, 0);
        for (int r = 0; r < 3; r++) {
            d[at + S * r + r] = m;
            for (int c = 0; c < 3; c++) {
                d[at + S * (3 + r) + 3 + c] = h[3 * r + c];
            }
        }
    }

    /**
     * Block LDLᵀ in elimination order, each block by its Cholesky factor: with σ = +1 for a body
     * (its block is positive definite) and −1 for a joint (negative definite), σ·D_i = C·Cᵀ,
     * Y_i = C⁻¹·H_{i,p}, and the parent's block takes D_p −= H_{i,p}ᵀ·D_i⁻¹·H_{i,p} = σ·YᵀY.
     */
    private void factor(int start, int end) {
        for (int i = start; i < end; i++) {
            int n = nodeSize[i], o = BLOCK * i;
            double sign = nodeIsJoint[i] ? -1.0 : 1.0;
            choleskyOf(acc, o, n, sign, cholesky, o);
            int p = nodeParent[i];
            if (p < 0) {
                continue;
            }
            int m = nodeSize[p];
            // H_{i,p}: −J for a joint under a body (row r, column c at jo + B·r + c), −Jᵀ for a
            // body under a joint (at jo + B·c + r).
            boolean joint = nodeIsJoint[i];
            int jo = joint ? 2 * JAC * i + JAC * nodeSide[i] : 2 * JAC * p + JAC * nodeSide[i];
            int rowStride = joint ? B : 1, columnStride = joint ? 1 : B;
            // Y = C⁻¹·H, column by column.
            for (int c = 0; c < m; c++) {
                for (int r = 0; r < n; r++) {
                    double v = -jac[jo + rowStride * r + columnStride * c];
                    for (int k = 0; k < r; k++) {
                        v -= cholesky[o + S * r + k] * coupled[o + S * k + c];
                    }
                    coupled[o + S * r + c] = v * cholesky[o + S * r + r];
                }
            }
            int a = BLOCK * p;
            for (int r = 0; r < m; r++) {
                for (int c = 0; c <= r; c++) {
                    double sum = 0;
                    for (int k = 0; k < n; k++) {
                        sum += coupled[o + S * k + r] * coupled[o + S * k + c];
                    }
                    acc[a + S * r + c] -= sign * sum;
                    if (c != r) {
                        acc[a + S * c + r] -= sign * sum;
                    }
                }
            }
        }
    }

    /**
     * σ·a = C·Cᵀ for the n×n block at a[ao..) (stride S), C into d[o..) (lower triangle) with the
     * reciprocals of its diagonal on the diagonal (the solves multiply by them: a division in each
     * row of a triangular solve held the substitution up). A pivot that is not positive (rows that
     * constrain nothing independent of the others) gets the reciprocal 0: its row takes no part.
     */
    private static void choleskyOf(double[] a, int ao, int n, double sign, double[] d, int o) {
        for (int j = 0; j < n; j++) {
            double v = sign * a[ao + S * j + j];
            for (int k = 0; k < j; k++) {
                v -= d[o + S * j + k] * d[o + S * j + k];
            }
            double reciprocal = v > 0 ? 1.0 / Math.sqrt(v) : 0.0;
            d[o + S * j + j] = reciprocal;
            for (int i = j + 1; i < n; i++) {
                double w = sign * a[ao + S * i + j];
                for (int k = 0; k < j; k++) {
                    w -= d[o + S * i + k] * d[o + S * j + k];
                }
                d[o + S * i + j] = w * reciprocal;
            }
        }
    }

    /**
     * x = H⁻¹·x with the factors: forward (children first) u_i = C⁻¹·z_i, the parent taking
     * z_p −= σ·Yᵀ·u_i; backward (parents first) x_i = σ·C⁻ᵀ·(u_i − Y·x_p).
     */
    void substitute(int start, int end) {
        for (int i = start; i < end; i++) {
            int n = nodeSize[i], o = BLOCK * i, q = S * i;
            for (int r = 0; r < n; r++) {
                double v = x[q + r];
                for (int k = 0; k < r; k++) {
                    v -= cholesky[o + S * r + k] * x[q + k];
                }
                x[q + r] = v * cholesky[o + S * r + r];
            }
            int p = nodeParent[i];
            if (p < 0) {
                continue;
            }
            double sign = nodeIsJoint[i] ? -1.0 : 1.0;
            for (int c = 0; c < nodeSize[p]; c++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += coupled[o + S * k + c] * x[q + k];
                }
                x[S * p + c] -= sign * sum;
            }
        }
        for (int i = end - 1; i >= start; i--) {
            int n = nodeSize[i], o = BLOCK * i, q = S * i;
            int p = nodeParent[i];
            if (p >= 0) {
                int m = nodeSize[p];
                for (int r = 0; r < n; r++) {
                    double sum = 0;
                    for (int c = 0; c < m; c++) {
                        sum += coupled[o + S * r + c] * x[S * p + c];
                    }
                    x[q + r] -= sum;
                }
            }
            double sign = nodeIsJoint[i] ? -1.0 : 1.0;
            for (int r = n - 1; r >= 0; r--) {
                double v = x[q + r];
                for (int k = r + 1; k < n; k++) {
                    v -= cholesky[o + S * k + r] * x[q + k];
                }
                x[q + r] = v * cholesky[o + S * r + r];
            }
            for (int r = 0; r < n; r++) {
                x[q + r] *= sign;
            }
        }
    }

    /**
     * Δλ = −massScale·x − impulseScale·λ per row (in a relax pass −x), accumulated and applied to
     * both bodies: the soft step's update with the exact solution in place of the joint's own
     * block, the same scale for every row so that they stay consistent.
     */
    private void apply(JointKinds rows, double[] s, int i, boolean useBias, boolean limitShares, double[] d) {
        int n = nodeRef[i], j = rows.active[n];
        int so = JointAxialRows.SOFT * n;
        double massScale = useBias ? rows.soft[so + 1] : 1.0, impulseScale = useBias ? rows.soft[so + 2] : 0.0;
        double[] lambda = rows.store.impulse;
        int l = JointStore.IMPULSES * j;
        for (int r = 0; r < nodeSize[i]; r++) {
            double own = limitShares ? lambda[l + r] - limits.share[S * i + r] : lambda[l + r];
            double delta = -massScale * x[S * i + r] - impulseScale * own;
            lambda[l + r] += delta;
            d[r] = delta;
        }
        push(s, rows.stateA[n], 2 * JAC * i, nodeSize[i], d, 0, s, rows.stateA[n]);
        push(s, rows.stateB[n], 2 * JAC * i + JAC, nodeSize[i], d, 0, s, rows.stateB[n]);
    }

    /**
     * Adds to dest[o..o+6) the velocity change of the body whose inverse mass and inertia are at
     * s[body..) from a unit impulse (linear l, angular a) on it alone: m⁻¹·l and I⁻¹·a.
     */
    static void addResponse(double[] s, int body, double lx, double ly, double lz, double ax, double ay, double az,
                            double[] dest, int o) {
        double m = s[body + SolverBodies.INVERSE_MASS];
        dest[o] += m * lx;
        dest[o + 1] += m * ly;
        dest[o + 2] += m * lz;
        int k = body + SolverBodies.INVERSE_INERTIA;
        dest[o + 3] += s[k] * ax + s[k + 1] * ay + s[k + 2] * az;
        dest[o + 4] += s[k + 3] * ax + s[k + 4] * ay + s[k + 5] * az;
        dest[o + 5] += s[k + 6] * ax + s[k + 7] * ay + s[k + 8] * az;
    }

    /**
     * The velocity change Jᵀ·δ brings the body whose inverse mass and inertia are at s[o..), from
     * the rows' Jacobian block at jac[jo..) and their n impulses at delta[from..): m⁻¹·linear and
     * I⁻¹·angular, added at dest[to..to+6) (nothing for a body that does not move).
     */
    void push(double[] s, int o, int jo, int n, double[] delta, int from, double[] dest, int to) {
        double m = s[o + SolverBodies.INVERSE_MASS];
        if (m == 0) {
            return;
        }
        double lx = 0, ly = 0, lz = 0, ax = 0, ay = 0, az = 0;
        for (int r = 0; r < n; r++) {
            int q = jo + B * r;
            double d = delta[from + r];
            lx += jac[q] * d;
            ly += jac[q + 1] * d;
            lz += jac[q + 2] * d;
            ax += jac[q + 3] * d;
            ay += jac[q + 4] * d;
            az += jac[q + 5] * d;
        }
        addResponse(s, o, lx, ly, lz, ax, ay, az, dest, to);
    }
}
