package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

/**
 * Impacts between bodies already touching when the step begins (or meeting a chain of touching
 * bodies within it, {@link #arriving}), resolved one after another before
 * the soft step solves (sequential impacts, as in an event-driven simulation). The soft step's
 * restitution bounces a point once, at the end of the step, by the approach it had at the start;
 * a chain of touching bodies, struck at one end, was first made to move as one by the solve (all
 * approaches but the first are zero at the start) and then only the first contact bounced: five
 * touching balls with e = 1 lost 44 % of their energy and the last left at a third of the
 * striker's speed. Here a touching point that approaches at least as fast as the restitution
 * threshold is given the impulse that reverses its approach to e times it, and the passes repeat,
 * colour by colour, until no touching point approaches that fast: the striker stops, the impulse
 * runs down the chain and the last ball leaves with the striker's speed. A manifold of several
 * points takes part only when all of them touch and approach that fast (a face on a face), solved
 * together.
 *
 * <p>The impulses act on the velocities directly; they are not the solver's accumulated impulses
 * (which the soft passes may take back) and they count in the step's totals. A point that took
 * one does not bounce again at the end of the step.
 */
final class ContactImpacts {
    /** Passes at most: each carries an impulse at least one contact further along a chain. */
    static final int MAX_PASSES = 64;
    /**
     * An approach counts as at least the threshold within this relative rounding: a chain whose
     * striker arrives at exactly the threshold speed passes it on at that speed, which rounding
     * would otherwise put a hair below.
     */
    static final double THRESHOLD_ROUNDING = 1e-9;
    /**
     * A point counts as touching when its gap is at most this, m: a point still a few millimetres
     * apart is the speculative contact's, bounced at the end of the step where it arrives (bounced
     * here, before it got there, a box dropped on a bouncy ground rose 5 % too high).
     */
    static final double TOUCHING_METERS = SoftContactPass.CLOSED_GAP_METERS;
    private final ContactConstraints cons;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;
    /** The bodies being solved: set by the solver before the pass. */
    SolverBodies bodies;

    ContactImpacts(ContactConstraints cons) {
        this.cons = cons;
    }

    /** One pass over constraints [from, to): returns whether it applied any impulse. */
    boolean apply(int from, int to, SolverScratch w) {
        if (x.restitutionWithoutThreshold) {
            // The pitfall reproduces a naive solver's end-of-step bounce, all of it.
            return false;
        }
        double[] bs = bodies.state;
        double below = -x.restitutionThreshold * (1 - THRESHOLD_ROUNDING);
        boolean applied = false;
        for (int k = from; k < to; k++) {
            double e = cons.restitution[k];
            if (e == 0) {
                continue;
            }
            int oa = cons.stateA[k], ob = cons.stateB[k];
            double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
            int n = cons.pointCount[k];
            // One point only: a manifold's points are resolved here only when all touch at once,
            // and a tilted box let through to touching on one corner was left to the passes deep in
            // (a 3.5 kg hull arriving at a resting 47 kg box at 3.6 m/s gained 118 J).
            cons.arriving[k] = n == 1 && (chained(oa) || chained(ob)) && arriving(bs, k, oa, ob, n, below);
            // The impact reverses the approach the pair had before this substep's gravity (which
            // the velocities already hold and the passes would take back at a support): reversing
            // gravity's share too, a ball bounced off a ball resting on the ground rose 3.6 % above
            // where it fell from.
            double gravityShare = cons.closingGravity[k] * x.h;
            // A face meeting a face: all its points together, as the other passes solve them, so a
            // flat landing does not turn the body; else point by point.
            boolean together = n >= 2;
            for (int j = 0; j < n && together; j++) {
                int p = P * k + j;
                double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz) + gravityShare;
                together = cons.currentSeparation[p] <= TOUCHING_METERS && vn <= below;
                w.blockRhs[j] = (1 + e) * vn;
            }
            if (together) {
                int o = P * P * k;
                boolean pushes = true;
                for (int i = 0; i < n; i++) {
                    double sum = 0;
                    for (int j = 0; j < n; j++) {
                        sum += cons.blockMass[o + i * n + j] * w.blockRhs[j];
                    }
                    w.blockDelta[i] = -sum;
                    pushes &= w.blockDelta[i] >= 0;
                }
                if (pushes) {
                    for (int i = 0; i < n; i++) {
                        impulse(bs, k, oa, ob, P * k + i, w.blockDelta[i]);
                    }
                    applied = true;
                    continue;
                }
            }
            if (n > 1) {
                // Some of a manifold's points but not all: left to the soft step and its bounce at
                // the end, which solves them together; bounced one after another, each point's
                // impulse lifts the others and the last gets its full target on top (energy gained).
                continue;
            }
            for (int j = 0; j < n; j++) {
                int p = P * k + j;
                if (cons.currentSeparation[p] > TOUCHING_METERS) {
                    continue;
                }
                double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz) + gravityShare;
                if (vn <= below) {
                    impulse(bs, k, oa, ob, p, -cons.normalMass[p] * (1 + e) * vn);
                    applied = true;
                }
            }
        }
        return applied;
    }

    /** Whether the solver body at offset o (not the static one) is in another contact than this one. */
    private boolean chained(int o) {
        return o != 0 && bodies.links[o / SolverBodies.STRIDE] > 1;
    }

    /**
     * Whether a point of constraint k arrives at a chain: it is still apart, approaches at least
     * at the threshold, and closes its gap before the passes would stop it (the relax passes of a
     * substep see the gap after its positions moved and let it close no more than that in the
     * next substep, so within two substeps), and none of its points touches yet. Left to the passes, an arrival at a chain set the
     * whole chain moving as one before the end-of-step bounce (a Newton's cradle whose outer ball
     * swung back in struck the four others into moving together at a fifth of its speed). The
     * passes of this substep leave it out instead (the relax passes too, which see it arrived),
     * so it arrives up to |vn|·h deep, and the next substep, which finds it
     * touching, resolves the impact down the chain. Late rather than early: bounced before it got
     * there, a ball dropped on a ball resting on the ground rose 7 % above its drop; this way a
     * body falling onto a chain bounces from at most |vn|·h lower and loses that height instead.
     * A lone arrival (a ball onto the ground) keeps the speculative stop and the end-of-step bounce,
     * and so does a manifold of several points.
     */
    private boolean arriving(double[] bs, int k, int oa, int ob, int n, double below) {
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        boolean arrives = false;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double gap = cons.currentSeparation[p];
            if (gap <= TOUCHING_METERS) {
                // Already touching in part: the passes hold it, as any resting contact.
                return false;
            }
            double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz);
            arrives |= vn <= below && gap + 2 * vn * x.h <= TOUCHING_METERS;
        }
        return arrives;
    }

    private void impulse(double[] bs, int k, int oa, int ob, int p, double lambda) {
        cons.apply(bs, oa, ob, p, lambda * cons.normal[3 * k], lambda * cons.normal[3 * k + 1],
                lambda * cons.normal[3 * k + 2]);
        cons.stepNormal[p] += lambda;
        // Bounced now: the end-of-step restitution must not bounce it again by its old approach.
        cons.relativeVelocity[p] = 0;
    }
}
