package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import java.util.Arrays;

/**
 * The normal rows of the contacts that push on a {@link JointTree}'s bodies, solved in the tree's
 * sweeps with its articulated masses instead of in the contact passes with each body's own: a
 * contact between a tree body and a body that does not move (static or kinematic), or between two
 * bodies of the same tree. Per point its response through the tree's factors (the velocity change
 * of every body of the tree and the impulse of every rigid row that a unit push brings), applied
 * whole, so the rigid rows stay satisfied, as the tree's limits are ({@link TreeLimits}).
 *
 * <p>Why: pushed with its own mass, a light body at the end of a heavy chain (a link, a hand)
 * stops only itself, and the tree's rows, solved after the contacts, give the chain's motion back
 * to it: the contact and the rows then trade impulses that grow pass after pass, and the rows'
 * soft leak turns the difference into motion. A chain whose 8.9 kg ball swung into its own 3.3 kg
 * link gained 87 J in one step at 4 substeps and 1230 J at 16. With the articulated mass the push
 * stops what the point carries.
 *
 * <p>The rule per point is the contact pass's ({@link SoftContactPass}): a speculative gap closes
 * in the substep and no further; a closed one is pushed out softly in the biased pass,
 * Δλ = −m·(massScale·vn + max(massScale·biasRate·s, −maxPush)) − impulseScale·λ, which is the exact
 * solution of the row's regularised equation and so unchanged by a second sweep; relax passes
 * Δλ = −m·vn; λ ≥ 0 accumulated. Friction, rolling resistance and restitution stay in the contact
 * passes. Each tree's rows (limit rows and contact rows together, times its nodes) are bounded as
 * its limits are ({@link JointTree#MAX_LIMIT_RESPONSE}, {@link JointTree#MAX_LIMIT_RESPONSE_TOTAL});
 * the contacts beyond stay in the contact passes. Trees share no body and a contact here pushes
 * no other body, so each tree may be solved on any worker.
 */
final class TreeContacts {
    private static final int B = JointTree.B;
    private final JointTree tree;
    /** Per tree, its range of rows (a row per contact point), in constraint order. */
    private int[] rowStart = new int[2];
    private int[] rowPoint = new int[16];
    private int[] responseStart = new int[2];
    private double[] rowMass = new double[16];
    private boolean[] responseReady = new boolean[16];
    private double[] response = new double[256];
    private int rowCount;
    private int[] fill = new int[2];
    /** The step's contacts, their friction, context and the pass's gap rule: set by the contact solver. */
    ContactConstraints cons;
    private ContactFriction friction;
    StepContext x;
    boolean closeGaps;

    TreeContacts(JointTree tree) {
        this.tree = tree;
    }

    /** Tree t has contact rows here. */
    boolean any(int t) {
        return rowCount > 0 && rowStart[t + 1] > rowStart[t];
    }

    /** No contact rows this step (the trees changed, or the step has no soft contacts). */
    void clear() {
        rowCount = 0;
    }

    /**
     * After the trees are built and the contacts prepared: takes, in constraint order, every
     * constraint whose bodies are each a body of one tree or a body that does not move, while the
     * tree's rows times its nodes stay within the bounds, and marks them
     * ({@link ContactConstraints#treeNormal}) so the contact passes leave their normals alone.
     */
    void collect(ContactConstraints c, ContactFriction f, StepContext context, double[] s) {
        cons = c;
        friction = f;
        x = context;
        rowCount = 0;
        int trees = tree.treeCount;
        rowStart = JointTree.grow(rowStart, trees + 1);
        responseStart = JointTree.grow(responseStart, trees + 1);
        // Count per tree first (rowStart[t + 1] as a counter), then place.
        Arrays.fill(rowStart, 0, trees + 1, 0);
        long total = 0;
        for (int k = 0; k < c.count; k++) {
            int t = treeOf(c, k, s);
            if (t < 0) {
                continue;
            }
            int size = tree.treeStart[t + 1] - tree.treeStart[t];
            int rows = tree.limitBound[t] + rowStart[t + 1] + c.pointCount[k];
            if ((long) rows * size > JointTree.MAX_LIMIT_RESPONSE
                    || total + (long) c.pointCount[k] * size > JointTree.MAX_LIMIT_RESPONSE_TOTAL) {
                // Beyond the bounds: this contact stays in the contact passes.
                continue;
            }
            total += (long) c.pointCount[k] * size;
            rowStart[t + 1] += c.pointCount[k];
            c.treeNormal[k] = true;
        }
        int numbers = 0;
        for (int t = 0; t < trees; t++) {
            responseStart[t] = numbers;
            numbers += rowStart[t + 1] * B * (tree.treeStart[t + 1] - tree.treeStart[t]);
            rowStart[t + 1] += rowStart[t];
        }
        responseStart[trees] = numbers;
        rowCount = rowStart[trees];
        if (rowCount == 0) {
            return;
        }
        if (rowPoint.length < rowCount) {
            int n = Math.max(rowCount, 2 * rowPoint.length);
            rowPoint = new int[n];
            rowMass = new double[n];
            responseReady = new boolean[n];
        }
        if (response.length < numbers) {
            response = new double[Math.max(numbers, 2 * response.length)];
        }
        fill = JointTree.grow(fill, trees);
        System.arraycopy(rowStart, 0, fill, 0, trees);
        for (int k = 0; k < c.count; k++) {
            if (!c.treeNormal[k]) {
                continue;
            }
            int t = treeOf(c, k, s);
            for (int j = 0; j < c.pointCount[k]; j++) {
                rowPoint[fill[t]++] = P * k + j;
            }
        }
        Arrays.fill(responseReady, 0, rowCount, false);
    }

    /** The tree whose bodies constraint k pushes, if each of its bodies is that tree's or does not move; else −1. */
    private int treeOf(ContactConstraints c, int k, double[] s) {
        int oa = c.stateA[k], ob = c.stateB[k];
        int ta = tree.treeOfEntry(oa / SolverBodies.STRIDE), tb = tree.treeOfEntry(ob / SolverBodies.STRIDE);
        boolean fixedA = s[oa + SolverBodies.INVERSE_MASS] == 0, fixedB = s[ob + SolverBodies.INVERSE_MASS] == 0;
        if (ta >= 0 && (tb == ta || tb < 0 && fixedB)) {
            return ta;
        }
        if (tb >= 0 && ta < 0 && fixedA) {
            return tb;
        }
        return -1;
    }

    /**
     * After a pass's sweeps: the friction of tree t's contacts scaled back inside the cone of the
     * normal impulses the sweeps left (the contact pass solved it against the pass's earlier
     * ones), so that |λt| ≤ μ·Σλn holds at the end of every pass.
     */
    void clampFriction(double[] s, int t) {
        int last = -1;
        for (int l = rowStart[t]; l < rowStart[t + 1]; l++) {
            int k = rowPoint[l] / P;
            if (k != last) {
                friction.clampFrictionToCone(s, k, cons.stateA[k], cons.stateB[k]);
                last = k;
            }
        }
    }

    /** The tree's factors changed: every response is stale. */
    void refresh(int t) {
        Arrays.fill(responseReady, rowStart[t], rowStart[t + 1], false);
    }

    /**
     * Row l of tree t: its response to a unit push along the contact's normal at its point, and
     * its articulated mass, the inverse of the push's own velocity change at the point.
     */
    private void response(JointKinds rows, int t, int l, double[] s) {
        if (responseReady[l]) {
            return;
        }
        responseReady[l] = true;
        int start = tree.treeStart[t], size = tree.treeStart[t + 1] - start;
        int ro = responseStart[t] + (l - rowStart[t]) * B * size;
        Arrays.fill(response, ro, ro + B * size, 0.0);
        int p = rowPoint[l], k = p / P;
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        int oa = cons.stateA[k], ob = cons.stateB[k];
        int na = tree.nodeOfEntry(oa / SolverBodies.STRIDE), nb = tree.nodeOfEntry(ob / SolverBodies.STRIDE);
        int o = 6 * k;
        double rx = cons.anchor[3 * p], ry = cons.anchor[3 * p + 1], rz = cons.anchor[3 * p + 2];
        double ax = rx + cons.anchorOffset[o], ay = ry + cons.anchorOffset[o + 1], az = rz + cons.anchorOffset[o + 2];
        double bx = rx + cons.anchorOffset[o + 3], by = ry + cons.anchorOffset[o + 4], bz = rz + cons.anchorOffset[o + 5];
        // The push's Jacobian: A takes −(n, rA×n), B takes +(n, rB×n).
        double tax = ay * nz - az * ny, tay = az * nx - ax * nz, taz = ax * ny - ay * nx;
        double tbx = by * nz - bz * ny, tby = bz * nx - bx * nz, tbz = bx * ny - by * nx;
        if (na >= 0) {
            JointTree.addResponse(s, oa, -nx, -ny, -nz, -tax, -tay, -taz, response, ro + B * (na - start));
        }
        if (nb >= 0) {
            JointTree.addResponse(s, ob, nx, ny, nz, tbx, tby, tbz, response, ro + B * (nb - start));
        }
        tree.respond(rows, t, s, response, ro);
        double inverse = 0;
        if (nb >= 0) {
            int q = ro + B * (nb - start);
            inverse += nx * response[q] + ny * response[q + 1] + nz * response[q + 2]
                    + tbx * response[q + 3] + tby * response[q + 4] + tbz * response[q + 5];
        }
        if (na >= 0) {
            int q = ro + B * (na - start);
            inverse -= nx * response[q] + ny * response[q + 1] + nz * response[q + 2]
                    + tax * response[q + 3] + tay * response[q + 4] + taz * response[q + 5];
        }
        rowMass[l] = inverse > 0 ? 1.0 / inverse : 0.0;
    }

    /** Adds each pushing row's part of the tree's rows' impulses, λ·Δλ(row), to share (see {@link TreeLimits#shares}). */
    void addShares(JointKinds rows, int t, double[] s, double[] share) {
        int size = tree.treeStart[t + 1] - tree.treeStart[t];
        for (int l = rowStart[t]; l < rowStart[t + 1]; l++) {
            double lambda = cons.normalImpulse[rowPoint[l]];
            if (lambda == 0) {
                continue;
            }
            response(rows, t, l, s);
            tree.addShare(t, lambda, response, responseStart[t] + (l - rowStart[t]) * B * size, share);
        }
    }

    /**
     * One sweep over tree t's contact rows (see the class comment for the rule). {@code first}:
     * the pass's first sweep, which records the points' approach for restitution as the contact
     * pass would. Returns the largest change of a point's own normal speed, m/s.
     */
    double solve(JointKinds rows, int t, double[] s, boolean useBias, boolean first) {
        int size = tree.treeStart[t + 1] - tree.treeStart[t];
        boolean clamp = cons.settings.clampIncrements();
        double change = 0;
        for (int l = rowStart[t]; l < rowStart[t + 1]; l++) {
            int p = rowPoint[l], k = p / P;
            int oa = cons.stateA[k], ob = cons.stateB[k];
            // The bodies' velocities as the sweeps left them (JointTree.sweep), or a fixed body's.
            int na = tree.nodeOfEntry(oa / SolverBodies.STRIDE), nb = tree.nodeOfEntry(ob / SolverBodies.STRIDE);
            double v = cons.relativeVelocity(tree.velocities(na, s), JointTree.velocityAt(na, oa), tree.velocities(nb, s),
                    JointTree.velocityAt(nb, ob), p, cons.normal[3 * k], cons.normal[3 * k + 1], cons.normal[3 * k + 2]);
            if (first) {
                cons.trackApproach(k, p, v, useBias);
            }
            if (cons.arriving[k]) {
                continue;
            }
            double sep = cons.currentSeparation[p];
            double old = cons.normalImpulse[p];
            boolean open = sep > SoftContactPass.CLOSED_GAP_METERS;
            if (open && !useBias && !closeGaps) {
                continue;
            }
            double target, leak = 0;
            Softness soft = cons.staticSide[k] ? x.staticSoftness : x.contactSoftness;
            if (open) {
                target = v + sep * x.invH;
            } else if (useBias) {
                target = soft.massScale * v + Math.max(soft.massScale * soft.biasRate * sep, -cons.pushCap[k]);
                leak = soft.impulseScale * old;
            } else {
                target = v;
            }
            if (old == 0 && target >= 0) {
                // Not closing faster than the rule allows, and not pushing: nothing to do, whatever the mass.
                continue;
            }
            response(rows, t, l, s);
            if (rowMass[l] == 0) {
                // The tree cannot move the point along the normal: no push changes anything.
                continue;
            }
            double delta = -rowMass[l] * target - leak;
            double next = clamp ? old + Math.max(delta, 0.0) : Math.max(old + delta, 0.0);
            cons.normalImpulse[p] = next;
            cons.pushedPoints[k] |= (next > 0 ? 1 : 0) << (p - P * k);
            double d = next - old;
            if (d == 0) {
                continue;
            }
            change = Math.max(change, Math.abs(d) / rowMass[l]);
            tree.applyResponse(t, d, response, responseStart[t] + (l - rowStart[t]) * B * size);
        }
        return change;
    }
}
