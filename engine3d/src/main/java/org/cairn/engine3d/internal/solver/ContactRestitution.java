package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;


/**
 * Restitution once at the end of the soft step (Box2D v3, Box3D): points that approached faster
 * than the threshold before the step and pushed during it are driven to −e·(approach speed), a
 * manifold's points together ({@link NormalBlock#bounceBlock}); friction is then pulled back into
 * the cone of the new normal impulse.
 */
final class ContactRestitution {
    private final ContactConstraints cons;
    private final NormalBlock block;
    private final ContactFriction friction;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;
    /** The bodies being solved: set by the solver before the pass. */
    SolverBodies bodies;

    ContactRestitution(ContactConstraints cons, NormalBlock block, ContactFriction friction) {
        this.cons = cons;
        this.block = block;
        this.friction = friction;
    }

    void apply(int from, int to, SolverScratch w) {
        for (int k = from; k < to; k++) {
            double e = cons.restitution[k];
            for (int j = 0; j < cons.pointCount[k]; j++) {
                int p = P * k + j;
                // The step's impulse so far: the closed substeps' totals and the open one's.
                double compression = cons.stepNormal[p] + cons.normalImpulse[p];
                cons.bounceLimit[p] = cons.normalImpulse[p] + e * compression;
            }
            bounce(k, w, false);
        }
    }

    /**
     * A settling pass after a bounce: the bounces again (their targets hold as the neighbours
     * move), and every single-point contact that pushed during the step is kept from closing,
     * vn ≥ 0. A ball dropped on a ball resting on the ground bounced off it and drove
     * it into the ground, where nothing stopped it until the next step (the upper ball rose to a
     * third of its drop, the lower ball a fifth as high); passes repeated until nothing changes are
     * the two-impact solution, the upper ball taking back all of its speed (to 2⁻¹⁶ of it within
     * {@link #MAX_SETTLING_PASSES}). Flags the worker's scratch while anything still changes.
     */
    void settle(int from, int to, SolverScratch w) {
        double[] bs = bodies.state;
        for (int k = from; k < to; k++) {
            if (bounce(k, w, true) || cons.pointCount[k] != 1) {
                continue;
            }
            int p = P * k;
            if (!cons.pushedPoint(k, 0)) {
                continue;
            }
            int oa = cons.stateA[k], ob = cons.stateB[k];
            double vn = cons.relativeVelocity(bs, oa, ob, p, cons.normal[3 * k], cons.normal[3 * k + 1],
                    cons.normal[3 * k + 2]);
            // Whatever gap the soft push left open (a few millimetres after a hard blow), a contact
            // that bore load in this step is not to be driven into by a bounce.
            if (vn < -SETTLED_SPEED) {
                cons.applyNormal(bs, k, oa, ob, p, -cons.normalMass[p] * vn);
                friction.clampFrictionToCone(bs, k, oa, ob);
                w.restitutionActive = true;
            }
        }
    }

    /** A settling pass is done when no point's normal speed is off its target by more than this, m/s. */
    static final double SETTLED_SPEED = 1e-6;
    /**
     * Settling passes at most per step. Each hands a bounce one contact further and halves what is
     * left of it in the ball-on-ball case (16 passes leave 2⁻¹⁶ of it); in a dense pile of bouncy
     * balls the passes need not converge at all, and 64 of them per step were a fifth of its time.
     */
    static final int MAX_SETTLING_PASSES = 16;

    /**
     * Bounces constraint k's points that approached faster than the threshold and pushed; returns
     * whether it has any such point. In a settling pass, flags the scratch if a target was still
     * off by more than {@link #SETTLED_SPEED}; in the first, if anything bounced.
     */
    private boolean bounce(int k, SolverScratch w, boolean settling) {
        double e = cons.restitution[k];
        if (e == 0) {
            return false;
        }
        double[] bs = bodies.state;
        int oa = cons.stateA[k], ob = cons.stateB[k];
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        double threshold = x.restitutionWithoutThreshold ? 0 : x.restitutionThreshold;
        boolean bouncing = false;
        for (int j = 0; j < cons.pointCount[k]; j++) {
            int p = P * k + j;
            bouncing |= cons.relativeVelocity[p] <= -threshold * (1 - ContactImpacts.THRESHOLD_ROUNDING)
                    && cons.pushedPoint(k, j);
        }
        if (!bouncing) {
            return false;
        }
        if (x.blockNormals && !x.clampIncrements && cons.pointCount[k] >= 2) {
            if (settling && !offTarget(bs, k, oa, ob, e, threshold)) {
                return true;
            }
            w.blockBounced = false;
            if (block.bounceBlock(bs, k, oa, ob, e, threshold, w)) {
                w.restitutionActive |= w.blockBounced;
                return true;
            }
        }
        for (int j = 0; j < cons.pointCount[k]; j++) {
            int p = P * k + j;
            if (cons.relativeVelocity[p] > -threshold * (1 - ContactImpacts.THRESHOLD_ROUNDING)
                    || !cons.pushedPoint(k, j)) {
                continue;
            }
            double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz);
            double target = -e * cons.relativeVelocity[p];
            if (settling && Math.abs(vn - target) <= SETTLED_SPEED) {
                continue;
            }
            double delta = Math.min(-cons.normalMass[p] * (vn - target),
                    Math.max(cons.bounceLimit[p] - cons.normalImpulse[p], 0.0));
            if (delta == 0) {
                // At its cap, or on target: nothing to do, and nothing to report.
                continue;
            }
            cons.applyNormal(bs, k, oa, ob, p, delta);
            friction.clampFrictionToCone(bs, k, oa, ob);
            w.restitutionActive = true;
        }
        return true;
    }

    /** Whether any bouncing point of constraint k is off its target speed by more than {@link #SETTLED_SPEED}. */
    private boolean offTarget(double[] bs, int k, int oa, int ob, double e, double threshold) {
        for (int j = 0; j < cons.pointCount[k]; j++) {
            int p = P * k + j;
            if (cons.relativeVelocity[p] > -threshold * (1 - ContactImpacts.THRESHOLD_ROUNDING)
                    || !cons.pushedPoint(k, j)) {
                continue;
            }
            double vn = cons.relativeVelocity(bs, oa, ob, p, cons.normal[3 * k], cons.normal[3 * k + 1],
                    cons.normal[3 * k + 2]);
            if (Math.abs(vn + e * cons.relativeVelocity[p]) > SETTLED_SPEED) {
                return true;
            }
        }
        return false;
    }
}
