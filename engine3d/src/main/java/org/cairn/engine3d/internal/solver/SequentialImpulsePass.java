package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants;

/**
 * One iteration of classic sequential impulses (Catto, GDC 2006; Box2D v2) over a range of
 * constraints: each point's normal with Baumgarte bias, Δλ = −m·(vn − β/h·max(−s − slop, 0)),
 * restitution folded in as a target velocity, then friction bounded by those normal impulses. The
 * comparison solver of the experiments.
 */
final class SequentialImpulsePass {
    private final ContactConstraints cons;
    private final ContactFriction friction;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;
    /** The bodies being solved: set by the solver before each pass. */
    SolverBodies bodies;

    SequentialImpulsePass(ContactConstraints cons, ContactFriction friction) {
        this.cons = cons;
        this.friction = friction;
    }

    void solve(int from, int to) {
        double[] bs = bodies.state;
        double slop = CollisionConstants.LINEAR_SLOP_METERS;
        for (int k = from; k < to; k++) {
            int oa = cons.stateA[k], ob = cons.stateB[k];
            double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
            for (int j = 0; j < cons.pointCount[k]; j++) {
                int p = P * k + j;
                double s = cons.baseSeparation[p];
                double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz);
                // Target normal velocity: close a gap in one step, push out of overlap beyond the
                // slop at β/h, and bounce if the point approached faster than the threshold.
                // With position iterations the overlap is fixed there, not by velocity (no energy added).
                double push = x.positionIterations > 0 ? 0.0 : x.baumgarte * x.invH * Math.max(-s - slop, 0.0);
                double target = s > 0 ? -s * x.invH : push;
                double bounceBelow = x.restitutionWithoutThreshold ? 0 : -x.restitutionThreshold;
                if (cons.restitution[k] > 0 && cons.relativeVelocity[p] < bounceBelow
                        && reachesWithinStep(k, p, s)) {
                    target = Math.max(target, bounceTarget(k, p));
                }
                cons.applyNormal(bs, k, oa, ob, p, cons.normalMass[p] * (target - vn));
            }
            // Friction after the normal, against the normal impulses just found, so the cone holds
            // at the end of every iteration.
            friction.solveRolling(bs, k, oa, ob);
            friction.solveFriction(bs, k, oa, ob);
        }
    }

    /** Whether a point a gap s apart meets its surface within this step, at its approach speed plus gravity's. */
    private boolean reachesWithinStep(int k, int p, double s) {
        return s <= (-cons.relativeVelocity[p] + cons.closingGravity[k] * x.h) * x.h;
    }

    private double bounceTarget(int k, int p) {
        double e = cons.restitution[k], u = -cons.relativeVelocity[p];
        if (x.restitutionWithoutThreshold) {
            return e * u;
        }
        return e * u - cons.closingGravity[k] * x.h;
    }
}
