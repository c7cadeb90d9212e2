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
    /** Whether this pass is its substep's first iteration: set by the solver before each pass. */
    boolean firstIteration;
    /**
     * Whether this pass belongs to the substep's restitution iterations, which follow the
     * compression iterations when a point bounces: set by the solver before each pass. The first
     * of them caps each bouncing point's impulse at (1 + e) times what it holds after compression.
     */
    boolean restitutionPhase;
    /** Whether the first restitution iteration is this one (the cap is taken there). */
    boolean firstRestitutionIteration;

    SequentialImpulsePass(ContactConstraints cons, ContactFriction friction) {
        this.cons = cons;
        this.friction = friction;
    }

    /** One iteration over constraints [from, to); returns whether a point of them bounces in this substep. */
    boolean solve(int from, int to) {
        boolean anyBouncing = false;
        double[] bs = bodies.state;
        double slop = CollisionConstants.LINEAR_SLOP_METERS;
        for (int k = from; k < to; k++) {
            int oa = cons.stateA[k], ob = cons.stateB[k];
            double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
            if (restitutionPhase && firstRestitutionIteration) {
                // Poisson's cap, taken where compression ends (kept in the first point's slot).
                cons.bounceLimit[P * k] = (1 + cons.restitution[k]) * bouncingImpulse(k);
            }
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
                if (firstIteration) {
                    // Bounce in the substep the point arrives in, not again in each one after: the
                    // target is the step's approach speed, and re-aiming at it every substep undid
                    // the gravity of the ones before (an e = 1 ball dropped from 2 m rose 7.6 cm
                    // higher every bounce at 4 substeps).
                    cons.bouncing[p] = cons.restitution[k] > 0 && cons.relativeVelocity[p] < bounceBelow
                            && reachesWithinStep(k, p, s) && vn < 0;
                }
                double delta;
                if (!cons.bouncing[p]) {
                    delta = cons.normalMass[p] * (target - vn);
                } else if (x.restitutionWithoutThreshold) {
                    // The pitfall as naive solvers have it: Newton's target in every iteration, uncapped.
                    delta = cons.normalMass[p] * (Math.max(target, bounceTarget(k, p, s)) - vn);
                } else if (!restitutionPhase) {
                    // Compression: the point is stopped (not carried on to close its gap: the
                    // compression impulse is the one that ends the approach), as if it did not bounce.
                    anyBouncing = true;
                    delta = cons.normalMass[p] * (Math.max(target, 0.0) - vn);
                } else {
                    // Newton's target, under Poisson's cap on the manifold's bouncing points: the
                    // impulse the bounce adds is at most e times the compression impulse (seed 2420:
                    // reaching Newton's target while friction reversed a tetrahedron's spin gave it
                    // more energy than it fell with). Per manifold, so that a face landing flat, whose
                    // iterations share the compression unevenly among its corners, bounces whole.
                    double room = cons.bounceLimit[P * k] - bouncingImpulse(k);
                    delta = Math.min(cons.normalMass[p] * (Math.max(target, bounceTarget(k, p, s)) - vn), room);
                }
                cons.applyNormal(bs, k, oa, ob, p, delta);
            }
            // Friction after the normal, against the normal impulses just found, so the cone holds
            // at the end of every iteration.
            friction.solveRolling(bs, k, oa, ob);
            friction.solveFriction(bs, k, oa, ob);
        }
        return anyBouncing;
    }

    /** Whether a point a gap s apart meets its surface within this step, at its approach speed plus gravity's. */
    private boolean reachesWithinStep(int k, int p, double s) {
        return s <= (-cons.relativeVelocity[p] + cons.closingGravity[k] * x.h) * x.h;
    }

    /** The summed normal impulse of constraint k's bouncing points. */
    private double bouncingImpulse(int k) {
        double sum = 0;
        for (int j = 0; j < cons.pointCount[k]; j++) {
            if (cons.bouncing[P * k + j]) {
                sum += cons.normalImpulse[P * k + j];
            }
        }
        return sum;
    }

    /**
     * The normal velocity a bouncing point leaves the substep with. The bounce is applied where the
     * point starts the substep, a gap s ≥ 0 above the surface, not where it meets it; aiming at
     * e·u (less gravity's share) there left it with the potential energy of that gap on top, and
     * a ball with e = 0.5 rose 4.6 % above e²·h. So the target is the speed whose energy at the end
     * of the substep, ½v² + g·(s + v·h), is what the impact leaves, ½e²·(u² + 2g·s):
     * v = −g·h + √(g²h² − 2g·s + e²·(u² + 2g·s)), with g gravity's closing acceleration along the
     * normal and u the approach speed.
     */
    private double bounceTarget(int k, int p, double s) {
        double e = cons.restitution[k], u = -cons.relativeVelocity[p];
        if (x.restitutionWithoutThreshold) {
            return e * u;
        }
        double g = cons.closingGravity[k], h = x.h, gap = Math.max(s, 0.0);
        double impact2 = u * u + 2 * g * gap;
        return -g * h + Math.sqrt(Math.max(g * g * h * h - 2 * g * gap + e * e * impact2, 0.0));
    }
}
