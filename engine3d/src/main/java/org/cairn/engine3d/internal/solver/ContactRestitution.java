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
        double[] bs = bodies.state;
        for (int k = from; k < to; k++) {
            double e = cons.restitution[k];
            if (e == 0) {
                continue;
            }
            int oa = cons.stateA[k], ob = cons.stateB[k];
            double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
            double threshold = x.restitutionWithoutThreshold ? 0 : x.restitutionThreshold;
            if (x.blockNormals && !x.clampIncrements && cons.pointCount[k] >= 2
                    && block.bounceBlock(bs, k, oa, ob, e, threshold, w)) {
                continue;
            }
            for (int j = 0; j < cons.pointCount[k]; j++) {
                int p = P * k + j;
                if (cons.relativeVelocity[p] > -threshold * (1 - ContactImpacts.THRESHOLD_ROUNDING)
                        || cons.maxNormalImpulse[p] == 0) {
                    continue;
                }
                double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz);
                cons.applyNormal(bs, k, oa, ob, p, -cons.normalMass[p] * (vn + e * cons.relativeVelocity[p]));
                friction.clampFrictionToCone(bs, k, oa, ob, p);
            }
        }
    }
}
