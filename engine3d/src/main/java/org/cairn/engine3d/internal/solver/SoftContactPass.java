package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;


/**
 * One pass of the soft step over a range of constraints (Catto, "Solver2D" and Box2D v3's soft
 * step): per constraint, the normal points (together, by {@link NormalBlock}, or one by one), then
 * in the relax passes rolling resistance and friction. With bias the overlap is pushed out softly,
 * Δλ = −m·(massScale·vn + max(massScale·biasRate·s, −maxPush)) − impulseScale·λ; without (relax)
 * Δλ = −m·vn; a speculative gap s &gt; 0 (wider than {@link #CLOSED_GAP_METERS}) closes in this substep and no further, Δλ = −m·(vn + s/h).
 */
final class SoftContactPass {
    /**
     * A gap narrower than this counts as closed, m: the point is solved as a soft contact, not as a
     * speculative gap, and a relax pass that leaves open gaps alone does not leave it. The two
     * rules differ at a closed gap (the soft one leaks a share of the held impulse, the
     * speculative one does not), and a speculative point stops exactly at s = 0: a box landing
     * flat then has corners a rounding error above and below the surface, and splitting them by
     * the sign of that error turned it (1.35e-4 rad/s, at rest) or tilted it one way or the other.
     */
    static final double CLOSED_GAP_METERS = 1e-6;
    private final ContactConstraints cons;
    private final NormalBlock block;
    private final ContactFriction friction;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;
    /** The bodies being solved: set by the solver before each pass. */
    SolverBodies bodies;

    SoftContactPass(ContactConstraints cons, NormalBlock block, ContactFriction friction) {
        this.cons = cons;
        this.block = block;
        this.friction = friction;
    }

    void solve(int from, int to, boolean useBias, boolean relaxClosesGaps, SolverScratch w) {
        double[] bs = bodies.state;
        for (int k = from; k < to; k++) {
            int oa = cons.stateA[k], ob = cons.stateB[k];
            Softness soft = cons.staticSide[k] ? x.staticSoftness : x.contactSoftness;
            boolean arriving = cons.arriving[k];
            if (cons.treeNormal[k]) {
                // Its normals are the tree's, solved after the joints' rows (TreeContacts).
            } else if (!(x.blockNormals && !x.clampIncrements && cons.pointCount[k] >= 2 && !arriving
                    && block.solveBlock(bs, k, oa, ob, soft, useBias, relaxClosesGaps, w))) {
                double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
                for (int j = 0; j < cons.pointCount[k]; j++) {
                    int p = P * k + j;
                    double s = cons.currentSeparation[p];
                    double vn = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz);
                    cons.trackApproach(k, p, vn, useBias);
                    double m = cons.normalMass[p];
                    double delta;
                    if (arriving || s > CLOSED_GAP_METERS && !useBias && !relaxClosesGaps) {
                        continue;
                    } else if (s > CLOSED_GAP_METERS) {
                        delta = -m * (vn + s * x.invH);
                    } else if (useBias) {
                        double bias = Math.max(soft.massScale * soft.biasRate * s, -cons.pushCap[k]);
                        delta = -m * (soft.massScale * vn + bias) - soft.impulseScale * cons.normalImpulse[p];
                    } else {
                        delta = -m * vn;
                    }
                    cons.applyNormal(bs, k, oa, ob, p, delta);
                }
            }
            if (!useBias) {
                friction.solveRolling(bs, k, oa, ob);
                friction.solveFriction(bs, k, oa, ob);
            }
        }
    }
}
