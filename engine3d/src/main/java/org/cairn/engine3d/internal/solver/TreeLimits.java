package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.joint.JointStore;

/**
 * The limits of a {@link JointTree}'s joints (a hinge's angle, a ball joint's twist and cone, a
 * slider's offset),
 * solved after the tree's rigid rows in each pass with the tree's articulated masses: per limit
 * row its response through the tree's factors, applied whole so that the rigid rows stay
 * satisfied (the tree's doc says why). One instance per {@link JointTree}; trees share nothing
 * here, so each may be solved on any worker.
 */
final class TreeLimits {
    private static final int B = JointTree.B;
    private static final int S = JointTree.S;
    private static final int JAC = JointTree.JAC;
    private final JointTree tree;
    // The limit rows of the trees whose limits are solved here, refreshed with the factors: per
    // tree its range of rows; per row its joint node, Jacobian (A's linear and angular parts, then
    // B's: 12 numbers; an angular row's linear parts are zero), whether it is linear, how far
    // inside, impulse slot, articulated mass, and its response (per node: a body's velocity
    // change, a joint's impulses).
    private int[] limitStart = new int[2];
    private int[] limitUsed = new int[2];
    private int[] responseStart = new int[2];
    private int[] limitNode = new int[16];
    private double[] limitJac = new double[192];
    private boolean[] limitLinear = new boolean[16];
    private double[] limitInside = new double[16];
    private int[] limitSlot = new int[16];
    private double[] limitMass = new double[16];
    private boolean[] responseReady = new boolean[16];
    private double[] response = new double[256];
    /** Per joint node, its rows' impulses that hold the tree's limits ({@link #shares}). */
    double[] share = new double[S * 16];

    TreeLimits(JointTree tree) {
        this.tree = tree;
    }

    /** After the trees are laid out: room for each tree's limit rows (as many as its joints may have), their responses and shares. */
    void reserve() {
        limitStart = JointTree.grow(limitStart, tree.treeCount + 1);
        responseStart = JointTree.grow(responseStart, tree.treeCount + 1);
        limitUsed = JointTree.grow(limitUsed, tree.treeCount + 1);
        int rows = 0, numbers = 0;
        for (int t = 0; t < tree.treeCount; t++) {
            limitStart[t] = rows;
            responseStart[t] = numbers;
            limitUsed[t] = 0;
            if (tree.limitBound[t] > 0) {
                rows += tree.limitBound[t];
                numbers += tree.limitBound[t] * B * (tree.treeStart[t + 1] - tree.treeStart[t]);
            }
        }
        limitStart[tree.treeCount] = rows;
        responseStart[tree.treeCount] = numbers;
        if (limitNode.length < rows) {
            int n = Math.max(rows, 2 * limitNode.length);
            limitNode = new int[n];
            limitJac = new double[12 * n];
            limitLinear = new boolean[n];
            limitInside = new double[n];
            limitSlot = new int[n];
            limitMass = new double[n];
            responseReady = new boolean[n];
        }
        if (response.length < numbers) {
            response = new double[Math.max(numbers, 2 * response.length)];
        }
        if (share.length < S * tree.nodeCount) {
            share = new double[Math.max(S * tree.nodeCount, 2 * share.length)];
        }
    }

    /**
     * Per joint node of tree t, the part of its rows' impulses that holds the limits as they now
     * stand, Σ λₗ·Δλ(ℓ) over the tree's limit rows, into {@link #share}. The limits are solved rigidly
     * (without the soft leak) and add that part to the rows' impulses; the soft update leaks the
     * rest alone. Leaking it too was a torque of its own: 16 rad/s on a 1 kg link holding a 54 kg
     * box out at a limit.
     */
    void shares(JointKinds rows, int t, double[] s) {
        int start = tree.treeStart[t], end = tree.treeStart[t + 1], size = end - start, base = limitStart[t];
        double[] lambda = rows.store.impulse;
        for (int q = start; q < end; q++) {
            if (tree.nodeIsJoint[q]) {
                Arrays.fill(share, S * q, S * q + tree.nodeSize[q], 0.0);
            }
        }
        for (int l = base; l < base + limitUsed[t]; l++) {
            double limit = lambda[JointStore.IMPULSES * rows.active[tree.nodeRef[limitNode[l]]] + limitSlot[l]];
            if (limit == 0) {
                continue;
            }
            response(rows, t, l, s);
            tree.addShare(t, limit, response, responseStart[t] + (l - base) * B * size, share);
        }
    }

    /**
     * Tree t's limit rows from the bodies' current poses; per row, when it is needed
     * ({@link #response}), its response: what a unit
     * impulse along it does once the tree's rigid rows have answered it (the bodies' velocity
     * changes M⁻¹·(Jₗᵀ + Jᵀ·Δλ) and the rows' impulses Δλ = −K⁻¹·J·M⁻¹·Jₗᵀ, from the factors), and
     * its articulated mass, the inverse of the row's own velocity change. Solved with these, a
     * limit holding a heavy body through a light one acts on the whole chain at once: pushing with
     * the mass of its own two bodies, the light link's, it held a 54 kg box on a 1 kg link 14° past
     * a 20° cone while both joints came 12 cm apart.
     */
    void rows(JointKinds rows, int t, double[] s, JointScratch w) {
        int start = tree.treeStart[t], end = tree.treeStart[t + 1], size = end - start, base = limitStart[t];
        int k = 0;
        for (int i = start; i < end; i++) {
            if (tree.nodeIsJoint[i] && bound(rows.store, rows.active[tree.nodeRef[i]]) > 0) {
                int n = tree.nodeRef[i];
                int got = rowsOf(rows, n, rows.active[n], w, limitJac, limitLinear, base + k, limitInside, limitSlot);
                for (int r = 0; r < got; r++) {
                    limitNode[base + k + r] = i;
                }
                k += got;
            }
        }
        limitUsed[t] = k;
        Arrays.fill(responseReady, base, base + k, false);
    }

    /**
     * Limit row l of tree t: its response and articulated mass, computed when the row first needs
     * them after its tree's factors (a limit far from its bound needs neither: its impulse stays
     * 0 whatever its mass, and so do most of a resting ragdoll's). Uses the tree's right-hand side as scratch.
     */
    private void response(JointKinds rows, int t, int l, double[] s) {
        if (responseReady[l]) {
            return;
        }
        responseReady[l] = true;
        int start = tree.treeStart[t], end = tree.treeStart[t + 1], size = end - start, base = limitStart[t];
        {
            int i = limitNode[l], n = tree.nodeRef[i];
            int ro = responseStart[t] + (l - base) * B * size;
            Arrays.fill(response, ro, ro + B * size, 0.0);
            if (limitLinear[l]) {
                impulse(s, rows.stateA[n], 12 * l, tree.nodeA[i], ro + B * (tree.nodeA[i] - start));
                impulse(s, rows.stateB[n], 12 * l + 6, tree.nodeB[i], ro + B * (tree.nodeB[i] - start));
                tree.respond(rows, t, s, response, ro);
                double inverse = 0;
                for (int c = 0; c < B; c++) {
                    inverse += (tree.nodeA[i] >= 0 ? limitJac[12 * l + c] * response[ro + B * (tree.nodeA[i] - start) + c] : 0.0)
                            + (tree.nodeB[i] >= 0 ? limitJac[12 * l + 6 + c] * response[ro + B * (tree.nodeB[i] - start) + c] : 0.0);
                }
                limitMass[l] = inverse > 0 ? 1.0 / inverse : 0.0;
                return;
            }
            double ux = limitJac[12 * l + 9], uy = limitJac[12 * l + 10], uz = limitJac[12 * l + 11];
            angularImpulse(s, rows.stateA[n], -ux, -uy, -uz, tree.nodeA[i], ro + B * (tree.nodeA[i] - start));
            angularImpulse(s, rows.stateB[n], ux, uy, uz, tree.nodeB[i], ro + B * (tree.nodeB[i] - start));
            tree.respond(rows, t, s, response, ro);
            double inverse = 0;
            if (tree.nodeB[i] >= 0) {
                int o = ro + B * (tree.nodeB[i] - start) + 3;
                inverse += ux * response[o] + uy * response[o + 1] + uz * response[o + 2];
            }
            if (tree.nodeA[i] >= 0) {
                int o = ro + B * (tree.nodeA[i] - start) + 3;
                inverse -= ux * response[o] + uy * response[o + 1] + uz * response[o + 2];
            }
            limitMass[l] = inverse > 0 ? 1.0 / inverse : 0.0;
        }
    }

    /**
     * A body node's velocity change from a unit impulse along the limit row's Jacobian half at
     * limitJac[jo..jo+6) (linear, angular): m⁻¹·linear and I⁻¹·angular, into response[o..o+6)
     * (nothing for a body that does not move).
     */
    private void impulse(double[] s, int body, int jo, int node, int o) {
        if (node >= 0) {
            JointTree.addResponse(s, body, limitJac[jo], limitJac[jo + 1], limitJac[jo + 2], limitJac[jo + 3], limitJac[jo + 4],
                    limitJac[jo + 5], response, o);
        }
    }

    /** A body node's velocity change I⁻¹·(ux, uy, uz) from an angular impulse, into response[o..o+6) (nothing for a body that does not move). */
    private void angularImpulse(double[] s, int body, double ux, double uy, double uz, int node, int o) {
        if (node < 0) {
            return;
        }
        int k = body + SolverBodies.INVERSE_INERTIA;
        response[o + 3] += s[k] * ux + s[k + 1] * uy + s[k + 2] * uz;
        response[o + 4] += s[k + 3] * ux + s[k + 4] * uy + s[k + 5] * uz;
        response[o + 5] += s[k + 6] * ux + s[k + 7] * uy + s[k + 8] * uz;
    }

    /**
     * Tree t's limit rows, one after another, each with its articulated mass: the rule of the rows
     * solved joint by joint (a joint inside its limit approaches it no faster than closes it in the
     * substep; one past it is pushed back at the joint's bias rate, at most
     * {@link JointAxialRows#LIMIT_PUSH_SPEED}, in the biased pass), the accumulated impulse kept
     * ≥ 0, and each change applied with its whole response, so the rigid rows stay as they were.
     * Returns the largest change of a row's own speed, rad/s (its impulse change over its
     * articulated mass): the sweeps go on while it is not small ({@link JointTree#LIMIT_SWEEPS_MAX}).
     */
    double solve(JointKinds rows, int t, double[] s, boolean useBias) {
        int start = tree.treeStart[t], end = tree.treeStart[t + 1], size = end - start, base = limitStart[t];
        double[] lambda = rows.store.impulse;
        double change = 0;
        for (int l = base; l < base + limitUsed[t]; l++) {
            int i = limitNode[l], n = tree.nodeRef[i];
            // The bodies' velocities as the sweeps left them (JointTree.sweep), or a fixed body's.
            double[] va = tree.velocities(tree.nodeA[i], s), vb = tree.velocities(tree.nodeB[i], s);
            int oa = JointTree.velocityAt(tree.nodeA[i], rows.stateA[n]), ob = JointTree.velocityAt(tree.nodeB[i], rows.stateB[n]);
            double v;
            if (limitLinear[l]) {
                v = 0;
                for (int c = 0; c < B; c++) {
                    v += limitJac[12 * l + c] * va[oa + c] + limitJac[12 * l + 6 + c] * vb[ob + c];
                }
            } else {
                v = limitJac[12 * l + 9] * (vb[ob + 3] - va[oa + 3]) + limitJac[12 * l + 10] * (vb[ob + 4] - va[oa + 4])
                        + limitJac[12 * l + 11] * (vb[ob + 5] - va[oa + 5]);
            }
            double c = limitInside[l], bias = 0;
            if (c > 0) {
                bias = c * rows.invH;
            } else if (useBias) {
                bias = Math.max(rows.soft[JointAxialRows.SOFT * n] * c, -JointAxialRows.LIMIT_PUSH_SPEED);
            }
            int li = JointStore.IMPULSES * rows.active[n] + limitSlot[l];
            double old = lambda[li];
            if (old == 0 && v + bias >= 0) {
                // Inside and not closing faster than the bound allows: nothing to do, whatever the mass.
                continue;
            }
            response(rows, t, l, s);
            double next = Math.max(0.0, old - limitMass[l] * (v + bias));
            lambda[li] = next;
            double d = next - old;
            if (d == 0) {
                continue;
            }
            // The row's own speed change: its impulse over its articulated mass.
            change = Math.max(change, Math.abs(d) / limitMass[l]);
            tree.applyResponse(t, d, response, responseStart[t] + (l - base) * B * size);
        }
        return change;
    }

    /**
     * The limit rows of tree joint n (joint j) for {@link JointTree}, from the bodies' current
     * poses: per row (at l = at + k) its Jacobian at jac[12l..12l+12) (A's linear and angular
     * parts, then B's; J·(v_A, ω_A, v_B, ω_B) is how fast the joint moves into the limit's free
     * side) and whether it has linear parts, how far inside the limit the joint is (negative: past
     * it) at inside[l], and its impulse slot at slot[l]. The directions are those of the rows solved
     * joint by joint (a ball joint's twist row, its swing axis, a slider's axis at A's lever), but
     * an angular row turns B about its centre of mass: the tree's point rows keep the anchors
     * together. Returns the number of rows (at most {@link #MAX_LIMIT_ROWS}).
     */
    static int rowsOf(JointKinds rows, int n, int j, JointScratch w, double[] jac, boolean[] linear, int at,
                      double[] inside, int[] slot) {
        JointStore js = rows.store;
        double[] g = w.g;
        rows.geometry(n, j, w);
        int k = 0;
        if (js.kind[j] == JointStore.HINGE) {
            if (js.enableLimit[j]) {
                double angle = rows.twistAngle(j, w);
                k = angularRow(jac, linear, at, inside, slot, k, g[13], g[14], g[15], angle - js.lower[j], JointStore.LOWER);
                k = angularRow(jac, linear, at, inside, slot, k, -g[13], -g[14], -g[15], js.upper[j] - angle, JointStore.UPPER);
            }
            return k;
        }
        if (js.kind[j] == JointStore.SLIDER) {
            if (js.enableLimit[j]) {
                double along = g[6] * g[13] + g[7] * g[14] + g[8] * g[15];
                k = linearRow(jac, linear, at, inside, slot, k, g, 1.0, along - js.lower[j], JointStore.LOWER);
                k = linearRow(jac, linear, at, inside, slot, k, g, -1.0, js.upper[j] - along, JointStore.UPPER);
            }
            return k;
        }
        if (js.enableLimit[j]) {
            double twist = rows.twistAngle(j, w);
            rows.twistAxis(j, w);
            k = angularRow(jac, linear, at, inside, slot, k, g[13], g[14], g[15], twist - js.lower[j], JointKinds.TWIST_LOWER);
            k = angularRow(jac, linear, at, inside, slot, k, -g[13], -g[14], -g[15], js.upper[j] - twist, JointKinds.TWIST_UPPER);
            rows.restoreAxis(j, w);
        }
        if (js.enableCone[j]) {
            double swing = rows.swingAxis(j, w);
            if (swing > 0) {
                k = angularRow(jac, linear, at, inside, slot, k, -g[13], -g[14], -g[15], js.coneAngle[j] - swing, JointKinds.CONE);
            }
            rows.restoreAxis(j, w);
        }
        return k;
    }

    /** The most limit rows one joint has: a ball joint's two twist sides and its cone. */
    static final int MAX_LIMIT_ROWS = 3;

    /** The most limit rows joint j may bring to a tree ({@link #rowsOf}). */
    static int bound(JointStore js, int j) {
        return switch (js.kind[j]) {
            case JointStore.HINGE, JointStore.SLIDER -> js.enableLimit[j] ? 2 : 0;
            case JointStore.BALL -> (js.enableLimit[j] ? 2 : 0) + (js.enableCone[j] ? 1 : 0);
            default -> 0;
        };
    }

    /** A limit row u·(ω_B − ω_A) at l = at + k. */
    private static int angularRow(double[] jac, boolean[] linear, int at, double[] inside, int[] slot, int k, double ux,
                                  double uy, double uz, double c, int impulseSlot) {
        int l = at + k, o = 12 * l;
        Arrays.fill(jac, o, o + 9, 0.0);
        jac[o + 3] = -ux;
        jac[o + 4] = -uy;
        jac[o + 5] = -uz;
        jac[o + 9] = ux;
        jac[o + 10] = uy;
        jac[o + 11] = uz;
        linear[l] = false;
        inside[l] = c;
        slot[l] = impulseSlot;
        return k + 1;
    }

    /**
     * A limit row along sign·a at l = at + k: a slider's axis a (g[13..16)) at A's lever u = r_A + d
     * (g[23..26)) and B's r_B (g[3..6)), as the slider's limit solved joint by joint takes it.
     */
    private static int linearRow(double[] jac, boolean[] linear, int at, double[] inside, int[] slot, int k, double[] g,
                                 double sign, double c, int impulseSlot) {
        int l = at + k, o = 12 * l;
        JointKinds.linearRow(jac, o, o + 6, 0, g, 23, sign * g[13], sign * g[14], sign * g[15]);
        linear[l] = true;
        inside[l] = c;
        slot[l] = impulseSlot;
        return k + 1;
    }
}
