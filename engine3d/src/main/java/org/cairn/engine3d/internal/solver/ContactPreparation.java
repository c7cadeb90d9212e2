package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;
import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.math.Mat3;
import org.cairn.engine3d.internal.math.PseudoInverse;

/**
 * Builds a constraint from its contact's manifold, once per step: anchors, the tangent basis, each
 * point's normal mass, the manifold's friction centre with its 2×2 friction block and twist mass,
 * warm-start impulses, the approach speeds restitution
 * will use, rolling resistance's angular mass, and the manifold's coupled normal mass matrix K
 * with its pseudo-inverse (from its factored form when it can, else by Jacobi sweeps).
 */
final class ContactPreparation {
    private final ContactConstraints cons;
    /** This step's context, bodies, contacts and mixed materials: set by the solver before preparing. */
    StepContext x;
    BodyStore bodies;
    SolverBodies solverBodies;
    ContactStore contacts;
    double[] mixedFriction;
    double[] mixedRestitution;
    /** Whether a contact's kept mass data are reused (off: always computed; tests compare the two). */
    boolean reuseMassData = true;

    ContactPreparation(ContactConstraints cons) {
        this.cons = cons;
    }

    /** Builds constraint k (its contact and bodies already chosen) from its contact's manifold. */
    void prepare(int k, SolverScratch w) {
        BodyStore b = bodies;
        ContactStore cs = contacts;
        double dt = x.dt;
        int c = cons.contact[k];
        int ia = cons.bodyA[k], ib = cons.bodyB[k];
        boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
        int oa = SolverBodies.STRIDE * solverBodies.entry[ia], ob = SolverBodies.STRIDE * solverBodies.entry[ib];
        cons.stateA[k] = oa;
        cons.stateB[k] = ob;
        // Entry 0 (static) counts every static contact of the step: it takes no share.
        int sharing = Math.max(oa == 0 ? 0 : solverBodies.overlaps[oa / SolverBodies.STRIDE],
                ob == 0 ? 0 : solverBodies.overlaps[ob / SolverBodies.STRIDE]);
        cons.pushCap[k] = x.maxPushSpeed / Math.max(1, sharing);
        {
            cons.staticSide[k] = !dynamicA || !dynamicB;
            cons.pushedPoints[k] = 0;
            cons.arriving[k] = false;
            cons.treeNormal[k] = false;
            cons.friction[k] = mixedFriction[c];
            cons.restitution[k] = mixedRestitution[c];
            cons.rolling[k] = cs.rolling[c];
            if (cons.rolling[k] > 0) {
                prepareRolling(b, k, ia, ib, cs, c, w);
            }
            int n = cs.pointCount[c];
            // The mass data depend on the anchors, the normal and the bodies' inverse masses and
            // inertias alone: unchanged since the contact was last prepared, they are reused.
            boolean memoable = (!dynamicA || b.isotropic[ia]) && (!dynamicB || b.isotropic[ib]);
            boolean memo = reuseMassData && memoable && cs.memoValid[c];
            // A contact in the slot it had last step, with nothing prepared into the slot since,
            // finds its kept data there already (a resting pile keeps its constraints' order), and
            // with them all that follows from the same manifold: normal, tangents, anchors, offsets.
            boolean inPlace = memo && cs.memoSlot[c] == k + 1 && cons.massOwner[k] == c + 1;
            double nx = cs.normal[3 * c], ny = cs.normal[3 * c + 1], nz = cs.normal[3 * c + 2];
            double t1x, t1y, t1z;
            if (inPlace) {
                t1x = cons.tangent[6 * k];
                t1y = cons.tangent[6 * k + 1];
                t1z = cons.tangent[6 * k + 2];
            } else {
                cons.normal[3 * k] = nx;
                cons.normal[3 * k + 1] = ny;
                cons.normal[3 * k + 2] = nz;
                // Tangent basis from n alone (Box3D b3Perp): a unit vector has a component ≥ 0.577,
                // so one of the two choices is never degenerate.
                if (Math.abs(nx) > 0.5) {
                    t1x = ny;
                    t1y = -nx;
                    t1z = 0;
                } else {
                    t1x = 0;
                    t1y = nz;
                    t1z = -ny;
                }
                double len = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
                t1x /= len;
                t1y /= len;
                t1z /= len;
                cons.tangent[6 * k] = t1x;
                cons.tangent[6 * k + 1] = t1y;
                cons.tangent[6 * k + 2] = t1z;
                cons.tangent[6 * k + 3] = t1y * nz - t1z * ny;
                cons.tangent[6 * k + 4] = t1z * nx - t1x * nz;
                cons.tangent[6 * k + 5] = t1x * ny - t1y * nx;
            }
            cons.pointCount[k] = n;
            // The step's totals start from zero (here, on the workers, rather than in a serial sweep).
            for (int j = 0; j < P; j++) {
                cons.stepNormal[P * k + j] = 0.0;
            }
            cons.stepFriction[2 * k] = 0.0;
            cons.stepFriction[2 * k + 1] = 0.0;
            cons.stepTwist[k] = 0.0;
            cons.subFilled[k] = 0;
            double mA = b.inverseMass[ia], mB = b.inverseMass[ib];
            double t2x = cons.tangent[6 * k + 3], t2y = cons.tangent[6 * k + 4], t2z = cons.tangent[6 * k + 5];
            // Both inverse inertias once per constraint (row-major, as stored).
            double[] inv = b.worldInverseInertia;
            int ao = 9 * ia, bo = 9 * ib;
            double a00 = inv[ao], a01 = inv[ao + 1], a02 = inv[ao + 2], a10 = inv[ao + 3], a11 = inv[ao + 4],
                    a12 = inv[ao + 5], a20 = inv[ao + 6], a21 = inv[ao + 7], a22 = inv[ao + 8];
            double b00 = inv[bo], b01 = inv[bo + 1], b02 = inv[bo + 2], b10 = inv[bo + 3], b11 = inv[bo + 4],
                    b12 = inv[bo + 5], b20 = inv[bo + 6], b21 = inv[bo + 7], b22 = inv[bo + 8];
            double[] s = solverBodies.state;
            double vax = s[oa], vay = s[oa + 1], vaz = s[oa + 2], wax = s[oa + 3], way = s[oa + 4], waz = s[oa + 5];
            double vbx = s[ob], vby = s[ob + 1], vbz = s[ob + 2], wbx = s[ob + 3], wby = s[ob + 4], wbz = s[ob + 5];
            double scale = x.warmStarting ? 1.0 : 0.0;
            // Relative acceleration of the point pair along n from gravity (negative: closing).
            double scaleA = dynamicA ? b.gravityScale[ia] : 0, scaleB = dynamicB ? b.gravityScale[ib] : 0;
            double closing = (scaleB - scaleA) * (nx * x.gravityX + ny * x.gravityY + nz * x.gravityZ);
            cons.closingGravity[k] = Math.max(-closing, 0.0);
            double[] lever = w.lever;
            // The base: the body of the shorter anchors (ContactConstraints.anchor); each body's
            // offset from it, from the first point (the base's own offset is exactly 0).
            int o6 = 6 * k;
            // The anchors as the slot holds them, or from the manifold.
            double[] base = cons.anchor;
            int baseAt = 3 * P * k;
            if (!inPlace) {
                int q0 = 3 * P * c;
                double[] anchorA = cs.anchorA, anchorB = cs.anchorB;
                boolean baseA = n == 0 || anchorA[q0] * anchorA[q0] + anchorA[q0 + 1] * anchorA[q0 + 1] + anchorA[q0 + 2] * anchorA[q0 + 2]
                        <= anchorB[q0] * anchorB[q0] + anchorB[q0 + 1] * anchorB[q0 + 1] + anchorB[q0 + 2] * anchorB[q0 + 2];
                base = baseA ? anchorA : anchorB;
                baseAt = q0;
                for (int i = 0; i < 3; i++) {
                    double d = n == 0 ? 0.0 : anchorB[q0 + i] - anchorA[q0 + i];
                    cons.anchorOffset[o6 + i] = baseA ? 0.0 : -d;
                    cons.anchorOffset[o6 + 3 + i] = baseA ? d : 0.0;
                }
            }
            double dax = cons.anchorOffset[o6], day = cons.anchorOffset[o6 + 1], daz = cons.anchorOffset[o6 + 2];
            double dbx = cons.anchorOffset[o6 + 3], dby = cons.anchorOffset[o6 + 4], dbz = cons.anchorOffset[o6 + 5];
            int mo = ContactStore.MEMO * c;
            for (int j = 0; j < n; j++) {
                int p = P * k + j, q = P * c + j;
                double rx = base[baseAt + 3 * j], ry = base[baseAt + 3 * j + 1], rz = base[baseAt + 3 * j + 2];
                if (!inPlace) {
                    cons.anchor[3 * p] = rx;
                    cons.anchor[3 * p + 1] = ry;
                    cons.anchor[3 * p + 2] = rz;
                }
                // The anchors the passes use, rA = r + DA and rB = r + DB.
                double rax = rx + dax, ray = ry + day, raz = rz + daz;
                double rbx = rx + dbx, rby = ry + dby, rbz = rz + dbz;
                // s₀ is the separation at the anchors' current places.
                double separation = cs.separation[q];
                cons.baseSeparation[p] = separation;
                if (memo) {
                    if (!inPlace) {
                        cons.normalMass[p] = cs.massMemo[mo + j];
                    }
                } else {
                    // Each body's lever arms r × d for d = n, t1, t2 and their images under I⁻¹, once:
                    // the normal mass, the friction block and the manifold's K are all dot products of them.
                    double anx = ray * nz - raz * ny, any = raz * nx - rax * nz, anz = rax * ny - ray * nx;
                    double bnx = rby * nz - rbz * ny, bny = rbz * nx - rbx * nz, bnz = rbx * ny - rby * nx;
                    double ianx = a00 * anx + a01 * any + a02 * anz, iany = a10 * anx + a11 * any + a12 * anz,
                            ianz = a20 * anx + a21 * any + a22 * anz;
                    double ibnx = b00 * bnx + b01 * bny + b02 * bnz, ibny = b10 * bnx + b11 * bny + b12 * bnz,
                            ibnz = b20 * bnx + b21 * bny + b22 * bnz;
                    int l = 12 * j;
                    lever[l] = anx;
                    lever[l + 1] = any;
                    lever[l + 2] = anz;
                    lever[l + 3] = ianx;
                    lever[l + 4] = iany;
                    lever[l + 5] = ianz;
                    lever[l + 6] = bnx;
                    lever[l + 7] = bny;
                    lever[l + 8] = bnz;
                    lever[l + 9] = ibnx;
                    lever[l + 10] = ibny;
                    lever[l + 11] = ibnz;
                    double kn = mA + mB + (anx * ianx + any * iany + anz * ianz) + (bnx * ibnx + bny * ibny + bnz * ibnz);
                    cons.normalMass[p] = kn > 0 ? 1.0 / kn : 0.0;
                }
                cons.normalImpulse[p] = scale * cs.normalImpulse[q];
                double pax = vax + way * raz - waz * ray, pay = vay + waz * rax - wax * raz,
                        paz = vaz + wax * ray - way * rax;
                double pbx = vbx + wby * rbz - wbz * rby, pby = vby + wbz * rbx - wbx * rbz,
                        pbz = vbz + wbx * rby - wby * rbx;
                double approach = nx * (pbx - pax) + ny * (pby - pay) + nz * (pbz - paz);
                if (x.restitutionWithoutThreshold) {
                    // The pitfall as naive solvers have it: the approach measured after this step's
                    // gravity, so a resting contact approaches at g·dt and bounces every step.
                    approach += dt * closing;
                    cons.approachFloor[p] = approach - x.gravitySpeedPerStep;
                } else {
                    // The fastest a falling pair can meet: its speed at the step's start plus what
                    // gravity adds over the gap still open, v² = v₀² + 2·g·s₀ (energy, not time).
                    double v0 = Math.min(approach, 0.0), gap = Math.max(separation, 0.0);
                    cons.approachFloor[p] = -Math.sqrt(v0 * v0 + 2 * Math.max(-closing, 0.0) * gap);
                }
                cons.relativeVelocity[p] = approach;
            }
            prepareFriction(k, c, n, mA, mB, nx, ny, nz, t1x, t1y, t1z, t2x, t2y, t2z, ao, bo, scale, memo, inPlace,
                    memoable, mo);
            if (memo) {
                w.counts[SolverScratch.REUSED_MASS_DATA]++;
                if (inPlace) {
                    w.counts[SolverScratch.MASS_DATA_IN_PLACE]++;
                }
                if (n >= 2 && !inPlace) {
                    System.arraycopy(cs.massMemo, mo + P, cons.blockMass, P * P * k, n * n);
                    System.arraycopy(cs.massMemo, mo + P + P * P, cons.blockMatrix, P * P * k, n * n);
                }
            } else {
                if (n >= 2) {
                    prepareBlock(b, k, ia, ib, n, w);
                }
                if (memoable) {
                    System.arraycopy(cons.normalMass, P * k, cs.massMemo, mo, n);
                    if (n >= 2) {
                        System.arraycopy(cons.blockMass, P * P * k, cs.massMemo, mo + P, n * n);
                        System.arraycopy(cons.blockMatrix, P * P * k, cs.massMemo, mo + P + P * P, n * n);
                    }
                    cs.memoValid[c] = true;
                }
            }
            // The slot's mass data now equal the contact's kept ones exactly when they are kept.
            cons.massOwner[k] = memoable ? c + 1 : 0;
            if (memoable) {
                cs.memoSlot[c] = k + 1;
            }
        }
    }

    /**
     * Friction at one point per manifold (Box3D's central friction): the mean of its points'
     * anchors, each weighted by how close it is, w = clamp(2 − s/d, 10⁻¹⁰, 1) for the speculative
     * distance d (a point coming or going fades in and out instead of moving the centre at a jump);
     * each point's lever from it; the 2×2 tangent mass there, K_ij = δ_ij·(1/mA + 1/mB) +
     * (cA×t_i)·IA⁻¹(cA×t_j) + (cB×t_i)·IB⁻¹(cB×t_j), inverted for sticking, and sliding's one mass
     * 2/tr K (with the block, or a mass per tangent, the update is skewed from the slip whenever the
     * lever arms differ, and after the circular clamp friction came out weaker and sideways: 6 %
     * weaker on an incline at 35° yaw); the twist's mass 1/(n·(IA⁻¹ + IB⁻¹)·n); and the warm start,
     * the last step's world vector projected onto this step's tangents.
     */
    private void prepareFriction(int k, int c, int n, double mA, double mB, double nx, double ny, double nz,
                                 double t1x, double t1y, double t1z, double t2x, double t2y, double t2z,
                                 int ao, int bo, double scale, boolean memo, boolean inPlace, boolean memoable, int mo) {
        boolean allOne = true;
        for (int j = 0; j < n; j++) {
            allOne &= 2 - cons.baseSeparation[P * k + j] / SPECULATIVE_DISTANCE_METERS >= 1.0;
        }
        // With every weight 1 now and when the mass data were kept, the centre and all that
        // follows from it are those kept (ContactStore.massMemo).
        int fm = mo + ContactStore.MEMO_FRICTION;
        double[] kept = contacts.massMemo;
        if (memo && allOne && contacts.memoFriction[c]) {
            if (!inPlace) {
                System.arraycopy(kept, fm, cons.frictionAnchor, 3 * k, 3);
                System.arraycopy(kept, fm + 3, cons.twistLever, P * k, n);
                System.arraycopy(kept, fm + 3 + P, cons.frictionMass, 4 * k, 4);
                cons.twistMass[k] = kept[fm + 3 + P + 4];
            }
        } else {
            frictionMasses(k, n, mA, mB, nx, ny, nz, t1x, t1y, t1z, t2x, t2y, t2z, ao, bo);
            if (memoable) {
                System.arraycopy(cons.frictionAnchor, 3 * k, kept, fm, 3);
                System.arraycopy(cons.twistLever, P * k, kept, fm + 3, n);
                System.arraycopy(cons.frictionMass, 4 * k, kept, fm + 3 + P, 4);
                kept[fm + 3 + P + 4] = cons.twistMass[k];
                contacts.memoFriction[c] = allOne;
            }
        }
        double[] stored = contacts.frictionImpulse;
        double fx = stored[4 * c], fy = stored[4 * c + 1], fz = stored[4 * c + 2];
        cons.frictionImpulse[3 * k] = scale * (fx * t1x + fy * t1y + fz * t1z);
        cons.frictionImpulse[3 * k + 1] = scale * (fx * t2x + fy * t2y + fz * t2z);
        cons.frictionImpulse[3 * k + 2] = scale * stored[4 * c + 3];
    }

    /** The friction centre, the points' twist levers, the 2×2 friction block and the twist mass (see {@link #prepareFriction}). */
    private void frictionMasses(int k, int n, double mA, double mB, double nx, double ny, double nz,
                                double t1x, double t1y, double t1z, double t2x, double t2y, double t2z, int ao, int bo) {
        double weight = 0, cx = 0, cy = 0, cz = 0;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double wj = Math.min(Math.max(2 - cons.baseSeparation[p] / SPECULATIVE_DISTANCE_METERS, 1e-10), 1.0);
            weight += wj;
            cx += wj * cons.anchor[3 * p];
            cy += wj * cons.anchor[3 * p + 1];
            cz += wj * cons.anchor[3 * p + 2];
        }
        if (weight > 0) {
            cx /= weight;
            cy /= weight;
            cz /= weight;
        }
        int f = 3 * k;
        double[] anchor = cons.frictionAnchor;
        anchor[f] = cx;
        anchor[f + 1] = cy;
        anchor[f + 2] = cz;
        for (int j = 0; j < n; j++) {
            int p = P * k + j;
            double dx = cons.anchor[3 * p] - cx, dy = cons.anchor[3 * p + 1] - cy, dz = cons.anchor[3 * p + 2] - cz;
            cons.twistLever[p] = Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        // The centre from each body's centre of mass (ContactConstraints.anchorOffset).
        double[] offset = cons.anchorOffset;
        double cax = cx + offset[6 * k], cay = cy + offset[6 * k + 1], caz = cz + offset[6 * k + 2];
        double cbx = cx + offset[6 * k + 3], cby = cy + offset[6 * k + 4], cbz = cz + offset[6 * k + 5];
        double[] inv = bodies.worldInverseInertia;
        double a1x = cay * t1z - caz * t1y, a1y = caz * t1x - cax * t1z, a1z = cax * t1y - cay * t1x;
        double a2x = cay * t2z - caz * t2y, a2y = caz * t2x - cax * t2z, a2z = cax * t2y - cay * t2x;
        double b1x = cby * t1z - cbz * t1y, b1y = cbz * t1x - cbx * t1z, b1z = cbx * t1y - cby * t1x;
        double b2x = cby * t2z - cbz * t2y, b2y = cbz * t2x - cbx * t2z, b2z = cbx * t2y - cby * t2x;
        double k11 = mA + mB + ContactConstraints.quadratic(inv, ao, a1x, a1y, a1z, a1x, a1y, a1z)
                + ContactConstraints.quadratic(inv, bo, b1x, b1y, b1z, b1x, b1y, b1z);
        double k22 = mA + mB + ContactConstraints.quadratic(inv, ao, a2x, a2y, a2z, a2x, a2y, a2z)
                + ContactConstraints.quadratic(inv, bo, b2x, b2y, b2z, b2x, b2y, b2z);
        double k12 = ContactConstraints.quadratic(inv, ao, a2x, a2y, a2z, a1x, a1y, a1z)
                + ContactConstraints.quadratic(inv, bo, b2x, b2y, b2z, b1x, b1y, b1z);
        double det = k11 * k22 - k12 * k12;
        double isotropic = k11 + k22 > 0 ? 2.0 / (k11 + k22) : 0.0;
        int m = 4 * k;
        double[] mass = cons.frictionMass;
        if (det > 1e-12 * (k11 + k22) * (k11 + k22)) {
            mass[m] = k22 / det;
            mass[m + 1] = -k12 / det;
            mass[m + 2] = k11 / det;
        } else {
            mass[m] = isotropic;
            mass[m + 1] = 0;
            mass[m + 2] = isotropic;
        }
        mass[m + 3] = isotropic;
        double kt = ContactConstraints.quadratic(inv, ao, nx, ny, nz, nx, ny, nz)
                + ContactConstraints.quadratic(inv, bo, nx, ny, nz, nx, ny, nz);
        cons.twistMass[k] = kt > 0 ? 1.0 / kt : 0.0;
    }

    /**
     * K_ij = (1/mA + 1/mB) + (rA_i×n)·IA⁻¹(rA_j×n) + (rB_i×n)·IB⁻¹(rB_j×n): how an impulse at point j
     * changes the normal velocity at point i, from the lever arms {@link #prepare} left in
     * {@link SolverScratch#lever}. Stores its pseudo-inverse.
     */
    private void prepareBlock(BodyStore b, int k, int ia, int ib, int n, SolverScratch w) {
        double[] blockK = w.blockK, blockInverse = w.blockInverse, blockScratch = w.blockScratch;
        double linear = (b.type[ia] == BodyStore.DYNAMIC ? b.inverseMass[ia] : 0)
                + (b.type[ib] == BodyStore.DYNAMIC ? b.inverseMass[ib] : 0);
        boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
        double[] lever = w.lever;
        for (int i = 0; i < n; i++) {
            int li = 12 * i;
            for (int j = i; j < n; j++) {
                int lj = 12 * j;
                double kij = linear;
                if (dynamicA) {
                    kij += lever[li] * lever[lj + 3] + lever[li + 1] * lever[lj + 4] + lever[li + 2] * lever[lj + 5];
                }
                if (dynamicB) {
                    kij += lever[li + 6] * lever[lj + 9] + lever[li + 7] * lever[lj + 10] + lever[li + 8] * lever[lj + 11];
                }
                blockK[i * n + j] = kij;
                blockK[j * n + i] = kij;
            }
        }
        if (n < 3 || !factoredInverse(b, k, ia, ib, n, linear, w)) {
            PseudoInverse.symmetric(blockK, n, blockInverse, blockScratch);
        } else {
            w.counts[SolverScratch.FACTORED_BLOCKS]++;
        }
        System.arraycopy(blockInverse, 0, cons.blockMass, P * P * k, n * n);
        System.arraycopy(blockK, 0, cons.blockMatrix, P * P * k, n * n);
    }

    /**
     * The block's pseudo-inverse from its factored form K = Φ·G·Φᵀ ({@link PseudoInverse#factored}):
     * point i enters K only through w_i, the in-plane components (along the tangents) of rA_i × n,
     * since rB_i × n = rA_i × n + d × n for the one offset d between the bodies' anchors. So
     * Φ_i = (1, w_i) and G = L·e₀e₀ᵀ + [0 0; 0 M_A] + E_Bᵀ·M_B·E_B, with L the summed inverse
     * masses, M = Tᵀ·I⁻¹·T each body's inverse inertia in the tangent plane and E_B = [δ | I₂],
     * δ = the in-plane part of d × n.
     *
     * @return false when the anchors do not share one offset or the factors are nearly singular
     */
    private boolean factoredInverse(BodyStore b, int k, int ia, int ib, int n, double linear, SolverScratch w) {
        double[] factorPhi = w.factorPhi, factorG = w.factorG, blockK = w.blockK, blockInverse = w.blockInverse,
                blockScratch = w.blockScratch;
        double t1x = cons.tangent[6 * k], t1y = cons.tangent[6 * k + 1], t1z = cons.tangent[6 * k + 2];
        double t2x = cons.tangent[6 * k + 3], t2y = cons.tangent[6 * k + 4], t2z = cons.tangent[6 * k + 5];
        double d1 = 0, d2 = 0;
        double[] lever = w.lever;
        for (int i = 0; i < n; i++) {
            int l = 12 * i;
            double ax = lever[l], ay = lever[l + 1], az = lever[l + 2];
            double bx = lever[l + 6], by = lever[l + 7], bz = lever[l + 8];
            double wa1 = ax * t1x + ay * t1y + az * t1z, wa2 = ax * t2x + ay * t2y + az * t2z;
            double e1 = bx * t1x + by * t1y + bz * t1z - wa1, e2 = bx * t2x + by * t2y + bz * t2z - wa2;
            if (i == 0) {
                d1 = e1;
                d2 = e2;
            } else if (Math.abs(e1 - d1) + Math.abs(e2 - d2) > 1e-12 * (1 + Math.abs(d1) + Math.abs(d2))) {
                return false;
            }
            factorPhi[3 * i] = 1;
            factorPhi[3 * i + 1] = wa1;
            factorPhi[3 * i + 2] = wa2;
        }
        double[] g = factorG;
        Arrays.fill(g, 0);
        g[0] = linear;
        if (b.type[ia] == BodyStore.DYNAMIC) {
            double[] inv = b.worldInverseInertia;
            int o = 9 * ia;
            g[4] += ContactConstraints.quadratic(inv, o, t1x, t1y, t1z, t1x, t1y, t1z);
            double m12 = ContactConstraints.quadratic(inv, o, t1x, t1y, t1z, t2x, t2y, t2z);
            g[5] += m12;
            g[7] += m12;
            g[8] += ContactConstraints.quadratic(inv, o, t2x, t2y, t2z, t2x, t2y, t2z);
        }
        if (b.type[ib] == BodyStore.DYNAMIC) {
            double[] inv = b.worldInverseInertia;
            int o = 9 * ib;
            double m11 = ContactConstraints.quadratic(inv, o, t1x, t1y, t1z, t1x, t1y, t1z);
            double m12 = ContactConstraints.quadratic(inv, o, t1x, t1y, t1z, t2x, t2y, t2z);
            double m22 = ContactConstraints.quadratic(inv, o, t2x, t2y, t2z, t2x, t2y, t2z);
            double md1 = m11 * d1 + m12 * d2, md2 = m12 * d1 + m22 * d2;
            g[0] += d1 * md1 + d2 * md2;
            g[1] += md1;
            g[3] += md1;
            g[2] += md2;
            g[6] += md2;
            g[4] += m11;
            g[5] += m12;
            g[7] += m12;
            g[8] += m22;
        }
        if (n == P) {
            if (!PseudoInverse.factoredRefined4(factorPhi, g, blockK, 0, blockInverse, 0)) {
                return false;
            }
        } else {
            if (!PseudoInverse.factored(factorPhi, n, g, blockInverse, blockScratch)) {
                return false;
            }
            // Refined to rounding: Jacobi's result is exact to rounding too, and a manifold whose
            // points share the load unevenly by 1e-12 let go of different points in runs that
            // differ only by rounding (the metamorphic test drifted from 0.07 mm to 7 mm).
            PseudoInverse.refine(blockK, n, blockInverse, blockScratch);
        }
        // The factors are measured from A's centre of mass: against a body whose centre is far away
        // (a drum 16 m across) and with two points close together, ΦᵀΦ is near singular while K is
        // merely ill-conditioned, and the product came out far from K's pseudo-inverse. Jacobi's
        // sweeps on K itself then take it.
        return PseudoInverse.meetsPenroseConditions(blockK, n, blockInverse, FACTORED_RESIDUAL, blockScratch);
    }

    /**
     * Largest relative miss of the Penrose conditions a factored block inverse may have (rounding
     * gives about 1e-16 times K's condition number): in Box3D's washer the worst accepted blocks,
     * two points a few millimetres apart, missed by up to 3e-6 before this check sent them to
     * Jacobi, the broken ones by 0.5 and more.
     */
    static final double FACTORED_RESIDUAL = 1e-6;

    /** Rolling resistance: the inverse of K = IA⁻¹ + IB⁻¹ (world), and the warm-start impulse. */
    private void prepareRolling(BodyStore b, int k, int ia, int ib, ContactStore cs, int c, SolverScratch w) {
        double[] scratch9 = w.scratch9, scratch9b = w.scratch9b;
        double[] inv = b.worldInverseInertia;
        for (int r = 0; r < 9; r++) {
            scratch9[r] = inv[9 * ia + r] + inv[9 * ib + r];
        }
        if (org.cairn.engine3d.internal.math.Mat3.invertSymmetric(scratch9, 0, scratch9b, 0)) {
            cons.rollingMass[6 * k] = scratch9b[0];
            cons.rollingMass[6 * k + 1] = scratch9b[1];
            cons.rollingMass[6 * k + 2] = scratch9b[2];
            cons.rollingMass[6 * k + 3] = scratch9b[4];
            cons.rollingMass[6 * k + 4] = scratch9b[5];
            cons.rollingMass[6 * k + 5] = scratch9b[8];
        } else {
            cons.rolling[k] = 0;
        }
        double scale = x.warmStarting ? 1.0 : 0.0;
        for (int a = 0; a < 3; a++) {
            cons.rollingImpulse[3 * k + a] = scale * cs.rollingImpulse[3 * c + a];
        }
    }
}
