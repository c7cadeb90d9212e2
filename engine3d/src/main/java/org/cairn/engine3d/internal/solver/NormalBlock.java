package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import org.cairn.engine3d.internal.math.PseudoInverse;
import org.cairn.engine3d.internal.math.SubBlockSolve;

/**
 * A manifold's normal points solved together: Δλ = −K⁺·r − leak, with K⁺ the pseudo-inverse of the
 * points' coupled normal mass matrix (a box on four coplanar points has a rank-3 K; the
 * pseudo-inverse gives the least-norm share). λ ≥ 0 is kept by an active set that lets go of one
 * point at a time; restitution drives its qualifying points to −e·(approach) the same way.
 */
final class NormalBlock {
    private final ContactConstraints cons;
    private final ContactFriction friction;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;
    /**
     * Whether four points, or two, none left out, take {@link #solveFour} or {@link #solveTwo}
     * (tests compare them with the general path).
     */
    boolean closedFormPaths = true;

    NormalBlock(ContactConstraints cons, ContactFriction friction) {
        this.cons = cons;
        this.friction = friction;
    }

    /**
     * The manifold's normal points solved together: Δλ = −K⁺·r − leak, with K⁺ the pseudo-inverse of
     * the points' coupled mass matrix and, per point, r = massScale·vn + bias and leak =
     * impulseScale·λ for a soft overlap (relax: r = vn, no leak; a speculative gap: r = vn + s/h, no
     * leak). Solving the points one after another (Gauss–Seidel) gives the first point more than its
     * share and turns the body a little every pass; in a tall tower that turn rocks the whole stack.
     * The clamp λ ≥ 0 is kept by an active set: points whose accumulated impulse would turn negative
     * let go (their λ goes to 0) and the rest are solved again together, at most once per point.
     *
     * @return whether the block update was applied (otherwise the caller solves point by point)
     */
    boolean solveBlock(double[] bs, int k, int oa, int ob, Softness soft, boolean useBias, boolean relaxClosesGaps,
                       SolverScratch w) {
        double[] blockRhs = w.blockRhs, blockScale = w.blockScale, blockLeak = w.blockLeak, blockDelta = w.blockDelta,
                subRhs = w.subRhs;
        boolean[] frozen = w.frozen, active = w.active;
        int[] activePoints = w.activePoints;
        int n = cons.pointCount[k];
        int o = P * P * k;
        boolean anyFrozen = false;
        boolean feasible = false;
        int four = !closedFormPaths ? FOUR_NOT_TAKEN
                : n == P ? solveFour(bs, k, oa, ob, soft, useBias, relaxClosesGaps, w)
                : n == 2 ? solveTwo(bs, k, oa, ob, soft, useBias, relaxClosesGaps, w)
                : FOUR_NOT_TAKEN;
        if (four == DECLINED) {
            return false;
        }
        if (four == FOUR_APPLIED) {
            return true;
        }
        if (four == FOUR_NOT_TAKEN) {
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        // vn = n·(vB − vA) + ωB·(rB × n) − ωA·(rA × n) = n·(vB − vA) + rB·(n × ωB) − rA·(n × ωA):
        // the parts that do not depend on the point are computed once for the manifold.
        double vn0 = nx * (bs[ob] - bs[oa]) + ny * (bs[ob + 1] - bs[oa + 1]) + nz * (bs[ob + 2] - bs[oa + 2]);
        double wax = bs[oa + 3], way = bs[oa + 4], waz = bs[oa + 5];
        double wbx = bs[ob + 3], wby = bs[ob + 4], wbz = bs[ob + 5];
        double cax = ny * waz - nz * way, cay = nz * wax - nx * waz, caz = nx * way - ny * wax;
        double cbx = ny * wbz - nz * wby, cby = nz * wbx - nx * wbz, cbz = nx * wby - ny * wbx;
        double[] r = cons.anchor;
        double vnD = vn0 + offsetVelocity(k, cax, cay, caz, cbx, cby, cbz);
        double dcx = cbx - cax, dcy = cby - cay, dcz = cbz - caz;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double s = cons.currentSeparation[p];
            frozen[j] = s > SoftContactPass.CLOSED_GAP_METERS && !useBias && !relaxClosesGaps;
            if (frozen[j]) {
                // This relax leaves open gaps alone (see relaxClosesGaps): the point keeps its
                // impulse and the others are solved together without it.
                anyFrozen = true;
                active[j] = false;
                blockDelta[j] = 0;
                continue;
            }
            double vn = vnD + (r[3 * p] * dcx + r[3 * p + 1] * dcy + r[3 * p + 2] * dcz);
            cons.trackApproach(k, p, vn, useBias);
            if (s > SoftContactPass.CLOSED_GAP_METERS) {
                blockRhs[j] = vn + s * x.invH;
                blockScale[j] = 1;
                blockLeak[j] = 0;
            } else if (useBias) {
                blockRhs[j] = soft.massScale * vn + Math.max(soft.massScale * soft.biasRate * s, -cons.pushCap[k]);
                blockScale[j] = soft.massScale;
                blockLeak[j] = soft.impulseScale * cons.normalImpulse[p];
            } else {
                blockRhs[j] = vn;
                blockScale[j] = 1;
                blockLeak[j] = 0;
            }
            active[j] = true;
        }
        if (nothingToDo(k, n, w)) {
            return true;
        }
        if (!anyFrozen) {
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    sum += cons.blockMass[o + i * n + j] * blockRhs[j];
                }
                blockDelta[i] = -sum - blockLeak[i];
            }
            feasible = true;
            for (int i = 0; i < n; i++) {
                feasible &= cons.normalImpulse[P * k + i] + blockDelta[i] >= 0;
            }
        }
        }
        for (int round = 0; !feasible && round <= n; round++) {
            // The point that would pull hardest lets go (one at a time: a point that pulls only because
            // of another may push once that one is gone); the others are solved again, seeing it.
            // (With frozen points the first round solves the others before anyone lets go.)
            if (!(anyFrozen && round == 0)) {
                int worst = -1;
                double worstValue = 0;
                for (int i = 0; i < n; i++) {
                    double value = cons.normalImpulse[P * k + i] + blockDelta[i];
                    if (active[i] && value < worstValue) {
                        worst = i;
                        worstValue = value;
                    }
                }
                if (worst < 0) {
                    feasible = true;
                    break;
                }
                active[worst] = false;
            }
            int m = 0;
            int mask = 0;
            for (int i = 0; i < n; i++) {
                if (frozen[i]) {
                    blockDelta[i] = 0;
                } else if (!active[i]) {
                    blockDelta[i] = -cons.normalImpulse[P * k + i];
                } else {
                    activePoints[m++] = i;
                    mask |= 1 << i;
                }
            }
            if (m == 0) {
                feasible = true;
                break;
            }
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                double coupled = 0;
                for (int j = 0; j < n; j++) {
                    if (!active[j]) {
                        coupled += cons.blockMatrix[o + i * n + j] * blockDelta[j];
                    }
                }
                subRhs[a] = blockRhs[i] + blockScale[i] * coupled;
            }
            double[] subSolution = w.subSolution;
            solveSubBlock(k, o, n, mask, m, w);
            feasible = true;
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                blockDelta[i] = -subSolution[a] - blockLeak[i];
                feasible &= cons.normalImpulse[P * k + i] + blockDelta[i] >= 0;
            }
        }
        if (!feasible) {
            return false;
        }
        // A point that let go must not be left approaching (or overlapping without a push): then the
        // active set guessed wrong, and the points are solved one by one instead.
        for (int i = 0; i < n; i++) {
            if (active[i] || frozen[i]) {
                continue;
            }
            double after = blockRhs[i];
            for (int j = 0; j < n; j++) {
                after += blockScale[i] * cons.blockMatrix[o + i * n + j] * blockDelta[j];
            }
            if (after < -1e-9 * (1 + Math.abs(blockRhs[i]))) {
                return false;
            }
        }
        cons.applyNormals(bs, k, oa, ob, n, blockDelta);
        return true;
    }

    /** DB·(n×ωB) − DA·(n×ωA) for constraint k: its anchor offsets' part of every point's vn, given n×ωA and n×ωB. */
    private double offsetVelocity(int k, double cax, double cay, double caz, double cbx, double cby, double cbz) {
        double[] o = cons.anchorOffset;
        int i = 6 * k;
        return (o[i + 3] * cbx + o[i + 4] * cby + o[i + 5] * cbz) - (o[i] * cax + o[i + 1] * cay + o[i + 2] * caz);
    }

    private static final int FOUR_NOT_TAKEN = 0, FOUR_APPLIED = 1, FOUR_INFEASIBLE = 2, DECLINED = 3;

    /**
     * Whether every point that is solved holds no impulse and none approaches (r ≥ 0): then λ = 0
     * solves the points' complementarity problem, and nothing is to be done. Any λ ≥ 0 with K·λ = −r
     * on a positive definite (sub-)block has λᵀKλ = −λᵀr ≤ 0, so λ = 0; with the pseudo-inverse of a
     * semi-definite K, Δλ = −K⁺r ≥ 0 gives rᵀK⁺r = −Δλᵀr ≤ 0, so K⁺r = 0. Solving anyway gave zero
     * to rounding, after the active set had let each point go in turn, one round per point: two
     * boxes side by side, touching without load, are a third of a pyramid's contacts.
     */
    private boolean nothingToDo(int k, int n, SolverScratch w) {
        for (int j = 0; j < n; j++) {
            if (!w.frozen[j] && !(cons.normalImpulse[P * k + j] == 0 && w.blockRhs[j] >= 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #solveBlock}'s common case, four points, in locals: the same
     * operations in the same order as the general path followed by
     * {@link ContactConstraints#applyNormals}, its active set and the points a relax leaves out
     * included. When the points that remain push, applies the update ({@code FOUR_APPLIED}); when
     * a released point would be left approaching, or no set of points pushes, applies nothing
     * ({@code DECLINED}: the caller solves point by point).
     */
    private int solveFour(double[] bs, int k, int oa, int ob, Softness soft, boolean useBias, boolean relaxClosesGaps,
                          SolverScratch w) {
        int q = P * k;
        double[] current = cons.currentSeparation;
        double s0 = current[q], s1 = current[q + 1], s2 = current[q + 2], s3 = current[q + 3];
        // Points this relax leaves out, a bit each: open gaps it does not close (see solveBlock).
        int frozen = 0;
        if (!useBias && !relaxClosesGaps) {
            double gap = SoftContactPass.CLOSED_GAP_METERS;
            frozen = (s0 > gap ? 1 : 0) | (s1 > gap ? 2 : 0) | (s2 > gap ? 4 : 0) | (s3 > gap ? 8 : 0);
        }
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        double vn0 = nx * (bs[ob] - bs[oa]) + ny * (bs[ob + 1] - bs[oa + 1]) + nz * (bs[ob + 2] - bs[oa + 2]);
        double wax = bs[oa + 3], way = bs[oa + 4], waz = bs[oa + 5];
        double wbx = bs[ob + 3], wby = bs[ob + 4], wbz = bs[ob + 5];
        double cax = ny * waz - nz * way, cay = nz * wax - nx * waz, caz = nx * way - ny * wax;
        double cbx = ny * wbz - nz * wby, cby = nz * wbx - nx * wbz, cbz = nx * wby - ny * wbx;
        double[] r = cons.anchor, impulse = cons.normalImpulse;
        int a = 3 * q;
        double ax0 = r[a], ay0 = r[a + 1], az0 = r[a + 2], ax1 = r[a + 3], ay1 = r[a + 4], az1 = r[a + 5],
                ax2 = r[a + 6], ay2 = r[a + 7], az2 = r[a + 8], ax3 = r[a + 9], ay3 = r[a + 10], az3 = r[a + 11];
        // rA = r + DA, rB = r + DB (ContactConstraints.anchor): vn_i = vn0 + DB·(n×ωB) − DA·(n×ωA) + r_i·(n×ωB − n×ωA).
        double vnD = vn0 + offsetVelocity(k, cax, cay, caz, cbx, cby, cbz);
        double dcx = cbx - cax, dcy = cby - cay, dcz = cbz - caz;
        double vn0p = vnD + (ax0 * dcx + ay0 * dcy + az0 * dcz);
        double vn1p = vnD + (ax1 * dcx + ay1 * dcy + az1 * dcz);
        double vn2p = vnD + (ax2 * dcx + ay2 * dcy + az2 * dcz);
        double vn3p = vnD + (ax3 * dcx + ay3 * dcy + az3 * dcz);
        double l0 = impulse[q], l1 = impulse[q + 1], l2 = impulse[q + 2], l3 = impulse[q + 3];
        double r0, r1, r2, r3, e0, e1, e2, e3, k0, k1, k2, k3;
        double closed = SoftContactPass.CLOSED_GAP_METERS;
        if (useBias) {
            cons.trackApproach(k, q, vn0p, true);
            cons.trackApproach(k, q + 1, vn1p, true);
            cons.trackApproach(k, q + 2, vn2p, true);
            cons.trackApproach(k, q + 3, vn3p, true);
            double ms = soft.massScale, bias = soft.massScale * soft.biasRate, cap = -cons.pushCap[k];
            double is = soft.impulseScale;
            double invH = x.invH;
            r0 = s0 > closed ? vn0p + s0 * invH : ms * vn0p + Math.max(bias * s0, cap);
            e0 = s0 > closed ? 1 : ms;
            k0 = s0 > closed ? 0 : is * l0;
            r1 = s1 > closed ? vn1p + s1 * invH : ms * vn1p + Math.max(bias * s1, cap);
            e1 = s1 > closed ? 1 : ms;
            k1 = s1 > closed ? 0 : is * l1;
            r2 = s2 > closed ? vn2p + s2 * invH : ms * vn2p + Math.max(bias * s2, cap);
            e2 = s2 > closed ? 1 : ms;
            k2 = s2 > closed ? 0 : is * l2;
            r3 = s3 > closed ? vn3p + s3 * invH : ms * vn3p + Math.max(bias * s3, cap);
            e3 = s3 > closed ? 1 : ms;
            k3 = s3 > closed ? 0 : is * l3;
        } else {
            double invH = x.invH;
            r0 = s0 > closed ? vn0p + s0 * invH : vn0p;
            r1 = s1 > closed ? vn1p + s1 * invH : vn1p;
            r2 = s2 > closed ? vn2p + s2 * invH : vn2p;
            r3 = s3 > closed ? vn3p + s3 * invH : vn3p;
            e0 = 1;
            e1 = 1;
            e2 = 1;
            e3 = 1;
            k0 = 0;
            k1 = 0;
            k2 = 0;
            k3 = 0;
        }
        if (((frozen & 1) != 0 | l0 == 0 & r0 >= 0) & ((frozen & 2) != 0 | l1 == 0 & r1 >= 0)
                & ((frozen & 4) != 0 | l2 == 0 & r2 >= 0) & ((frozen & 8) != 0 | l3 == 0 & r3 >= 0)) {
            // Nothing that is solved pushes or approaches: see nothingToDo.
            return FOUR_APPLIED;
        }
        int o = P * P * k;
        double d0 = 0, d1 = 0, d2 = 0, d3 = 0;
        boolean allPush = false;
        if (frozen == 0) {
            double[] m = cons.blockMass;
            d0 = -(m[o] * r0 + m[o + 1] * r1 + m[o + 2] * r2 + m[o + 3] * r3) - k0;
            d1 = -(m[o + 4] * r0 + m[o + 5] * r1 + m[o + 6] * r2 + m[o + 7] * r3) - k1;
            d2 = -(m[o + 8] * r0 + m[o + 9] * r1 + m[o + 10] * r2 + m[o + 11] * r3) - k2;
            d3 = -(m[o + 12] * r0 + m[o + 13] * r1 + m[o + 14] * r2 + m[o + 15] * r3) - k3;
            allPush = l0 + d0 >= 0 & l1 + d1 >= 0 & l2 + d2 >= 0 & l3 + d3 >= 0;
        }
        if (!allPush) {
            // The active set, as solveBlock's rounds have it, in locals: the point that would pull
            // hardest lets go, the others are solved again seeing it, until all that remain push.
            // Half the four-point manifolds of a tumbling pile come here in a pass.
            double[] km = cons.blockMatrix;
            int[] rows = w.activePoints;
            double[] sub = w.subRhs, solution = w.subSolution;
            // Frozen points keep Δλ = 0 and are never solved; with any, the first round solves the
            // others before anyone lets go.
            int act = 0b1111 & ~frozen;
            boolean feasible = false;
            for (int round = 0; round <= P; round++) {
                if (frozen == 0 || round > 0) {
                    int worst = -1;
                    double worstValue = 0;
                    if ((act & 1) != 0 && l0 + d0 < worstValue) {
                        worst = 0;
                        worstValue = l0 + d0;
                    }
                    if ((act & 2) != 0 && l1 + d1 < worstValue) {
                        worst = 1;
                        worstValue = l1 + d1;
                    }
                    if ((act & 4) != 0 && l2 + d2 < worstValue) {
                        worst = 2;
                        worstValue = l2 + d2;
                    }
                    if ((act & 8) != 0 && l3 + d3 < worstValue) {
                        worst = 3;
                    }
                    if (worst < 0) {
                        feasible = true;
                        break;
                    }
                    act &= ~(1 << worst);
                }
                // A released point's λ goes to 0 (Δλ = −λ); a frozen one's Δλ stays 0.
                boolean a0 = (act & 1) != 0, a1 = (act & 2) != 0, a2 = (act & 4) != 0, a3 = (act & 8) != 0;
                int released = ~act & ~frozen;
                d0 = (released & 1) == 0 ? d0 : -l0;
                d1 = (released & 2) == 0 ? d1 : -l1;
                d2 = (released & 4) == 0 ? d2 : -l2;
                d3 = (released & 8) == 0 ? d3 : -l3;
                if (act == 0) {
                    feasible = true;
                    break;
                }
                int count = 0;
                if (a0) {
                    rows[count] = 0;
                    sub[count++] = r0 + e0 * coupled(km, o, act, d0, d1, d2, d3);
                }
                if (a1) {
                    rows[count] = 1;
                    sub[count++] = r1 + e1 * coupled(km, o + 4, act, d0, d1, d2, d3);
                }
                if (a2) {
                    rows[count] = 2;
                    sub[count++] = r2 + e2 * coupled(km, o + 8, act, d0, d1, d2, d3);
                }
                if (a3) {
                    rows[count] = 3;
                    sub[count++] = r3 + e3 * coupled(km, o + 12, act, d0, d1, d2, d3);
                }
                solveSubBlock(k, o, P, act, count, w);
                int next = 0;
                feasible = true;
                if (a0) {
                    d0 = -solution[next++] - k0;
                    feasible &= l0 + d0 >= 0;
                }
                if (a1) {
                    d1 = -solution[next++] - k1;
                    feasible &= l1 + d1 >= 0;
                }
                if (a2) {
                    d2 = -solution[next++] - k2;
                    feasible &= l2 + d2 >= 0;
                }
                if (a3) {
                    d3 = -solution[next] - k3;
                    feasible &= l3 + d3 >= 0;
                }
                if (feasible) {
                    break;
                }
            }
            // A point that let go must not be left approaching (see solveBlock).
            int released = ~act & ~frozen;
            if (!feasible || (released & 1) != 0 && approaches(km, o, r0, e0, d0, d1, d2, d3)
                    || (released & 2) != 0 && approaches(km, o + 4, r1, e1, d0, d1, d2, d3)
                    || (released & 4) != 0 && approaches(km, o + 8, r2, e2, d0, d1, d2, d3)
                    || (released & 8) != 0 && approaches(km, o + 12, r3, e3, d0, d1, d2, d3)) {
                return DECLINED;
            }
            w.counts[SolverScratch.FOUR_RELEASED]++;
            w.counts[SolverScratch.FOUR_FROZEN] += frozen != 0 ? 1 : 0;
        }
        // ContactConstraints.applyNormals (clamping the accumulated impulse: the block runs without clampIncrements).
        double u0 = Math.max(l0 + d0, 0.0), u1 = Math.max(l1 + d1, 0.0), u2 = Math.max(l2 + d2, 0.0),
                u3 = Math.max(l3 + d3, 0.0);
        double p0 = u0 - l0, p1 = u1 - l1, p2 = u2 - l2, p3 = u3 - l3;
        impulse[q] = u0;
        impulse[q + 1] = u1;
        impulse[q + 2] = u2;
        impulse[q + 3] = u3;
        cons.pushedPoints[k] |= (u0 > 0 ? 1 : 0) | (u1 > 0 ? 2 : 0) | (u2 > 0 ? 4 : 0) | (u3 > 0 ? 8 : 0);
        double sum = 0.0 + p0 + p1 + p2 + p3;
        double srx = 0.0 + p0 * ax0 + p1 * ax1 + p2 * ax2 + p3 * ax3;
        double sry = 0.0 + p0 * ay0 + p1 * ay1 + p2 * ay2 + p3 * ay3;
        double srz = 0.0 + p0 * az0 + p1 * az1 + p2 * az2 + p3 * az3;
        cons.pushBodies(bs, k, oa, ob, sum, srx, sry, srz, nx, ny, nz);
        return FOUR_APPLIED;
    }

    /**
     * An active point's row of K (from {@code km[r]}) times the released points' Δλ, as solveBlock
     * sums it: 0 plus K_ij·Δλ_j over the points j not in {@code act}, in order.
     */
    private static double coupled(double[] km, int r, int act, double d0, double d1, double d2, double d3) {
        double sum = 0;
        if ((act & 1) == 0) {
            sum += km[r] * d0;
        }
        if ((act & 2) == 0) {
            sum += km[r + 1] * d1;
        }
        if ((act & 4) == 0) {
            sum += km[r + 2] * d2;
        }
        if ((act & 8) == 0) {
            sum += km[r + 3] * d3;
        }
        return sum;
    }

    /** Whether a released point (its row of K from {@code km[r]}) would be left approaching: r + e·K_i·Δλ &lt; 0, beyond rounding. */
    private static boolean approaches(double[] km, int r, double rhs, double e, double d0, double d1, double d2, double d3) {
        double after = rhs;
        after += e * km[r] * d0;
        after += e * km[r + 1] * d1;
        after += e * km[r + 2] * d2;
        after += e * km[r + 3] * d3;
        return after < -1e-9 * (1 + Math.abs(rhs));
    }

    /**
     * {@link #solveBlock}'s two-point case (an edge on a face, two boxes' edges side by side: a
     * third of a tumbling pile's manifolds), none left out, in locals: the same operations in the
     * same order as the general path, its active set included (a point that would pull lets go and
     * the other is solved alone, Δλ = −r'/K₁₁ with r' its right-hand side seeing the released
     * point; if that one pulls too, both let go), followed by {@link ContactConstraints#applyNormals}.
     * Returns {@code FOUR_APPLIED} when done, {@code DECLINED} when a released point would be
     * left approaching (the caller solves point by point), {@code FOUR_INFEASIBLE} with the scratch
     * filled when the remaining point's K₁₁ is not positive (the general path's pseudo-inverse
     * takes it), {@code FOUR_NOT_TAKEN} with a point left out.
     */
    private int solveTwo(double[] bs, int k, int oa, int ob, Softness soft, boolean useBias, boolean relaxClosesGaps,
                         SolverScratch w) {
        int q = P * k;
        double[] current = cons.currentSeparation;
        double s0 = current[q], s1 = current[q + 1];
        double closed = SoftContactPass.CLOSED_GAP_METERS;
        if (!useBias && !relaxClosesGaps && (s0 > closed || s1 > closed)) {
            return FOUR_NOT_TAKEN;
        }
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        double vn0 = nx * (bs[ob] - bs[oa]) + ny * (bs[ob + 1] - bs[oa + 1]) + nz * (bs[ob + 2] - bs[oa + 2]);
        double wax = bs[oa + 3], way = bs[oa + 4], waz = bs[oa + 5];
        double wbx = bs[ob + 3], wby = bs[ob + 4], wbz = bs[ob + 5];
        double cax = ny * waz - nz * way, cay = nz * wax - nx * waz, caz = nx * way - ny * wax;
        double cbx = ny * wbz - nz * wby, cby = nz * wbx - nx * wbz, cbz = nx * wby - ny * wbx;
        double[] r = cons.anchor, impulse = cons.normalImpulse;
        int a = 3 * q;
        double ax0 = r[a], ay0 = r[a + 1], az0 = r[a + 2], ax1 = r[a + 3], ay1 = r[a + 4], az1 = r[a + 5];
        double vnD = vn0 + offsetVelocity(k, cax, cay, caz, cbx, cby, cbz);
        double dcx = cbx - cax, dcy = cby - cay, dcz = cbz - caz;
        double vn0p = vnD + (ax0 * dcx + ay0 * dcy + az0 * dcz);
        double vn1p = vnD + (ax1 * dcx + ay1 * dcy + az1 * dcz);
        double l0 = impulse[q], l1 = impulse[q + 1];
        double r0, r1, e0, e1, k0, k1;
        double invH = x.invH;
        if (useBias) {
            cons.trackApproach(k, q, vn0p, true);
            cons.trackApproach(k, q + 1, vn1p, true);
            double ms = soft.massScale, bias = soft.massScale * soft.biasRate, cap = -cons.pushCap[k];
            double is = soft.impulseScale;
            r0 = s0 > closed ? vn0p + s0 * invH : ms * vn0p + Math.max(bias * s0, cap);
            e0 = s0 > closed ? 1 : ms;
            k0 = s0 > closed ? 0 : is * l0;
            r1 = s1 > closed ? vn1p + s1 * invH : ms * vn1p + Math.max(bias * s1, cap);
            e1 = s1 > closed ? 1 : ms;
            k1 = s1 > closed ? 0 : is * l1;
        } else {
            r0 = s0 > closed ? vn0p + s0 * invH : vn0p;
            r1 = s1 > closed ? vn1p + s1 * invH : vn1p;
            e0 = 1;
            e1 = 1;
            k0 = 0;
            k1 = 0;
        }
        if (l0 == 0 & l1 == 0 & r0 >= 0 & r1 >= 0) {
            // Nothing pushes and nothing approaches: see nothingToDo.
            return FOUR_APPLIED;
        }
        double[] m = cons.blockMass;
        int o = P * P * k;
        double d0 = -(0.0 + m[o] * r0 + m[o + 1] * r1) - k0;
        double d1 = -(0.0 + m[o + 2] * r0 + m[o + 3] * r1) - k1;
        if (!(l0 + d0 >= 0 & l1 + d1 >= 0)) {
            // The active set: the point pulling harder lets go (λ → 0), the other is solved alone.
            double v0 = l0 + d0, v1 = l1 + d1;
            int worst = v0 < 0 ? (v1 < v0 ? 1 : 0) : v1 < 0 ? 1 : -1;
            if (worst >= 0) {
                double[] km = cons.blockMatrix;
                boolean keep0 = worst == 1;
                double kept = keep0 ? km[o] : km[o + 3];
                if (!(kept > 0)) {
                    double[] rhs = w.blockRhs, scale = w.blockScale, leak = w.blockLeak, delta = w.blockDelta;
                    rhs[0] = r0;
                    rhs[1] = r1;
                    scale[0] = e0;
                    scale[1] = e1;
                    leak[0] = k0;
                    leak[1] = k1;
                    delta[0] = d0;
                    delta[1] = d1;
                    w.frozen[0] = false;
                    w.frozen[1] = false;
                    w.active[0] = true;
                    w.active[1] = true;
                    return FOUR_INFEASIBLE;
                }
                boolean active0 = keep0, active1 = !keep0;
                if (keep0) {
                    d1 = -l1;
                    d0 = -((r0 + e0 * (0 + km[o + 1] * d1)) / kept) - k0;
                    if (l0 + d0 < 0) {
                        active0 = false;
                        d0 = -l0;
                    }
                } else {
                    d0 = -l0;
                    d1 = -((r1 + e1 * (0 + km[o + 2] * d0)) / kept) - k1;
                    if (l1 + d1 < 0) {
                        active1 = false;
                        d1 = -l1;
                    }
                }
                // A point that let go must not be left approaching (see solveBlock).
                if (!active0 && r0 + e0 * km[o] * d0 + e0 * km[o + 1] * d1 < -1e-9 * (1 + Math.abs(r0))
                        || !active1 && r1 + e1 * km[o + 2] * d0 + e1 * km[o + 3] * d1 < -1e-9 * (1 + Math.abs(r1))) {
                    return DECLINED;
                }
            }
        }
        // ContactConstraints.applyNormals (clamping the accumulated impulse: the block runs without clampIncrements).
        double u0 = Math.max(l0 + d0, 0.0), u1 = Math.max(l1 + d1, 0.0);
        double p0 = u0 - l0, p1 = u1 - l1;
        impulse[q] = u0;
        impulse[q + 1] = u1;
        cons.pushedPoints[k] |= (u0 > 0 ? 1 : 0) | (u1 > 0 ? 2 : 0);
        double sum = 0.0 + p0 + p1;
        double srx = 0.0 + p0 * ax0 + p1 * ax1;
        double sry = 0.0 + p0 * ay0 + p1 * ay1;
        double srz = 0.0 + p0 * az0 + p1 * az1;
        cons.pushBodies(bs, k, oa, ob, sum, srx, sry, srz, nx, ny, nz);
        return FOUR_APPLIED;
    }

    /**
     * Solves the sub-block of constraint k's K over the m points in {@code mask} (listed in
     * {@link SolverScratch#activePoints}) for {@link SolverScratch#subRhs}, into
     * {@link SolverScratch#subSolution}: by {@link SubBlockSolve} when it is well conditioned, else
     * with the sub-block's kept pseudo-inverse.
     */
    private void solveSubBlock(int k, int o, int n, int mask, int m, SolverScratch w) {
        double[] rhs = w.subRhs, solution = w.subSolution;
        if (!SubBlockSolve.solve(cons.blockMatrix, o, n, w.activePoints, m, rhs, solution)) {
            int slot = subBlockInverse(k, n, mask, m, w);
            for (int a = 0; a < m; a++) {
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    sum += cons.subInverse[slot + a * m + c] * rhs[c];
                }
                solution[a] = sum;
            }
        }
    }

    /**
     * The pseudo-inverse of the sub-block of constraint k's K over the points in {@code mask} (m of
     * them, in {@link SolverScratch#activePoints}, ascending): computed once per step and subset, kept for the
     * passes after. Returns its offset in {@link ContactConstraints#subInverse} (row-major m×m).
     */
    private int subBlockInverse(int k, int n, int mask, int m, SolverScratch w) {
        double[] blockK = w.blockK, blockInverse = w.blockInverse, blockScratch = w.blockScratch;
        int[] activePoints = w.activePoints;
        int slot = cons.SUB_SIZE * k + cons.SUB_OFFSET[mask];
        if ((cons.subFilled[k] & 1 << mask) == 0) {
            int o = P * P * k;
            for (int a = 0; a < m; a++) {
                for (int c = 0; c < m; c++) {
                    blockK[a * m + c] = cons.blockMatrix[o + activePoints[a] * n + activePoints[c]];
                }
            }
            PseudoInverse.symmetric(blockK, m, blockInverse, blockScratch);
            System.arraycopy(blockInverse, 0, cons.subInverse, slot, m * m);
            cons.subFilled[k] |= 1 << mask;
        }
        return slot;
    }

    /**
     * Restitution for the points of a manifold together: the points that qualify (approached faster
     * than the threshold and pushed during the step) are driven to −e·(approach) at once, Δλ =
     * −K⁺·(vn + e·vn⁻) over them. One by one, each point's bounce lifts the others part of the way
     * and the last one solved gets its full target on top: a flat box dropped on a bouncy floor came
     * back with more energy than it fell with (property suite). A point whose impulse the bounce
     * would make negative leaves the set (one at a time, the one pulling hardest first) and the
     * others are solved again, so the result changes continuously as a point crosses zero (the
     * one-by-one fallback this replaces jumped there, from a straight bounce to a skewed one).
     *
     * @return true (the manifold is handled)
     */
    boolean bounceBlock(double[] bs, int k, int oa, int ob, double e, double threshold, SolverScratch w) {
        double[] blockRhs = w.blockRhs, blockScale = w.blockScale, blockLeak = w.blockLeak, blockDelta = w.blockDelta,
                subRhs = w.subRhs;
        boolean[] frozen = w.frozen, active = w.active;
        int[] activePoints = w.activePoints;
        int n = cons.pointCount[k];
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        int qualifying = 0;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            active[j] = cons.relativeVelocity[p] <= -threshold * (1 - ContactImpacts.THRESHOLD_ROUNDING)
                    && cons.pushedPoint(k, j);
            if (active[j]) {
                qualifying++;
                blockRhs[j] = cons.relativeVelocity(bs, oa, ob, p, nx, ny, nz) + e * cons.relativeVelocity[p];
            }
        }
        int o = P * P * k;
        for (int round = 0; round <= n && qualifying > 0; round++) {
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (active[i]) {
                    activePoints[m++] = i;
                }
            }
            int mask = 0;
            for (int a = 0; a < m; a++) {
                mask |= 1 << activePoints[a];
            }
            double[] inverse = m == n ? cons.blockMass : cons.subInverse;
            int slot = m == n ? o : subBlockInverse(k, n, mask, m, w);
            for (int a = 0; a < m; a++) {
                double sum = 0;
                for (int c = 0; c < m; c++) {
                    sum += inverse[slot + a * m + c] * blockRhs[activePoints[c]];
                }
                blockDelta[activePoints[a]] = -sum;
            }
            int worst = -1;
            double worstValue = 0;
            for (int a = 0; a < m; a++) {
                int i = activePoints[a];
                double value = cons.normalImpulse[P * k + i] + blockDelta[i];
                if (value < worstValue) {
                    worst = i;
                    worstValue = value;
                }
            }
            if (worst < 0) {
                // Poisson's cap (ContactConstraints.bounceLimit): the block's impulse scaled down
                // as a whole until no point passes its limit, so its direction is kept.
                double scale = 1;
                for (int a = 0; a < m; a++) {
                    int p = P * k + activePoints[a];
                    double room = Math.max(cons.bounceLimit[p] - cons.normalImpulse[p], 0.0);
                    if (blockDelta[activePoints[a]] > room) {
                        scale = Math.min(scale, room / blockDelta[activePoints[a]]);
                    }
                }
                for (int a = 0; a < m; a++) {
                    int i = activePoints[a];
                    cons.applyNormal(bs, k, oa, ob, P * k + i, scale * blockDelta[i]);
                    w.blockBounced |= scale * blockDelta[i] != 0;
                }
                friction.clampFrictionToCone(bs, k, oa, ob);
                return true;
            }
            active[worst] = false;
            qualifying--;
        }
        return true;
    }
}
