package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.math.Mat3;
import org.cairn.engine3d.internal.math.PseudoInverse;

/**
 * Builds a constraint from its contact's manifold, once per step: anchors, the tangent basis, each
 * point's normal mass and 2×2 friction block, warm-start impulses, the approach speeds restitution
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
            cons.pushed[k] = false;
            cons.arriving[k] = false;
            cons.friction[k] = mixedFriction[c];
            cons.restitution[k] = mixedRestitution[c];
            cons.rolling[k] = cs.rolling[c];
            if (cons.rolling[k] > 0) {
                prepareRolling(b, k, ia, ib, cs, c, w);
            }
            double nx = cs.normal[3 * c], ny = cs.normal[3 * c + 1], nz = cs.normal[3 * c + 2];
            cons.normal[3 * k] = nx;
            cons.normal[3 * k + 1] = ny;
            cons.normal[3 * k + 2] = nz;
            // Tangent basis from n alone (Box3D b3Perp): a unit vector has a component ≥ 0.577,
            // so one of the two choices is never degenerate.
            double t1x, t1y, t1z;
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
            int n = cs.pointCount[c];
            cons.pointCount[k] = n;
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
            for (int j = 0; j < n; j++) {
                int p = P * k + j, q = P * c + j;
                double rax = cs.anchorA[3 * q], ray = cs.anchorA[3 * q + 1], raz = cs.anchorA[3 * q + 2];
                double rbx = cs.anchorB[3 * q], rby = cs.anchorB[3 * q + 1], rbz = cs.anchorB[3 * q + 2];
                cons.rA[3 * p] = rax;
                cons.rA[3 * p + 1] = ray;
                cons.rA[3 * p + 2] = raz;
                cons.rB[3 * p] = rbx;
                cons.rB[3 * p + 1] = rby;
                cons.rB[3 * p + 2] = rbz;
                // s₀ is the separation at the anchors' current places.
                double separation = cs.separation[q];
                cons.baseSeparation[p] = separation;
                // Each body's lever arms r × d for d = n, t1, t2 and their images under I⁻¹, once:
                // the normal mass, the friction block and the manifold's K are all dot products of them.
                double anx = ray * nz - raz * ny, any = raz * nx - rax * nz, anz = rax * ny - ray * nx;
                double a1x = ray * t1z - raz * t1y, a1y = raz * t1x - rax * t1z, a1z = rax * t1y - ray * t1x;
                double a2x = ray * t2z - raz * t2y, a2y = raz * t2x - rax * t2z, a2z = rax * t2y - ray * t2x;
                double bnx = rby * nz - rbz * ny, bny = rbz * nx - rbx * nz, bnz = rbx * ny - rby * nx;
                double b1x = rby * t1z - rbz * t1y, b1y = rbz * t1x - rbx * t1z, b1z = rbx * t1y - rby * t1x;
                double b2x = rby * t2z - rbz * t2y, b2y = rbz * t2x - rbx * t2z, b2z = rbx * t2y - rby * t2x;
                double ianx = a00 * anx + a01 * any + a02 * anz, iany = a10 * anx + a11 * any + a12 * anz,
                        ianz = a20 * anx + a21 * any + a22 * anz;
                double ia1x = a00 * a1x + a01 * a1y + a02 * a1z, ia1y = a10 * a1x + a11 * a1y + a12 * a1z,
                        ia1z = a20 * a1x + a21 * a1y + a22 * a1z;
                double ia2x = a00 * a2x + a01 * a2y + a02 * a2z, ia2y = a10 * a2x + a11 * a2y + a12 * a2z,
                        ia2z = a20 * a2x + a21 * a2y + a22 * a2z;
                double ibnx = b00 * bnx + b01 * bny + b02 * bnz, ibny = b10 * bnx + b11 * bny + b12 * bnz,
                        ibnz = b20 * bnx + b21 * bny + b22 * bnz;
                double ib1x = b00 * b1x + b01 * b1y + b02 * b1z, ib1y = b10 * b1x + b11 * b1y + b12 * b1z,
                        ib1z = b20 * b1x + b21 * b1y + b22 * b1z;
                double ib2x = b00 * b2x + b01 * b2y + b02 * b2z, ib2y = b10 * b2x + b11 * b2y + b12 * b2z,
                        ib2z = b20 * b2x + b21 * b2y + b22 * b2z;
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
                // Friction has two masses. Sticking uses the exact 2×2 block K⁻¹ (it stops the
                // point's slip in one go, so a resting stack does not creep); sliding uses one mass
                // for both tangents, the mean of K's diagonal: with the block (or with a separate
                // mass per tangent) the update is skewed from the slip whenever the lever arms
                // differ, and after the circular clamp friction comes out weaker and sideways
                // (measured: 6% weaker on an incline at 35° yaw). With one mass it opposes the slip.
                double k11 = mA + mB + (a1x * ia1x + a1y * ia1y + a1z * ia1z) + (b1x * ib1x + b1y * ib1y + b1z * ib1z);
                double k22 = mA + mB + (a2x * ia2x + a2y * ia2y + a2z * ia2z) + (b2x * ib2x + b2y * ib2y + b2z * ib2z);
                double k12 = (a2x * ia1x + a2y * ia1y + a2z * ia1z) + (b2x * ib1x + b2y * ib1y + b2z * ib1z);
                double det = k11 * k22 - k12 * k12;
                double isotropic = k11 + k22 > 0 ? 2.0 / (k11 + k22) : 0.0;
                cons.tangentMass[p] = isotropic;
                if (det > 1e-12 * (k11 + k22) * (k11 + k22)) {
                    cons.tangentBlock[3 * p] = k22 / det;
                    cons.tangentBlock[3 * p + 1] = -k12 / det;
                    cons.tangentBlock[3 * p + 2] = k11 / det;
                } else {
                    cons.tangentBlock[3 * p] = isotropic;
                    cons.tangentBlock[3 * p + 1] = 0;
                    cons.tangentBlock[3 * p + 2] = isotropic;
                }
                cons.normalImpulse[p] = scale * cs.normalImpulse[q];
                cons.tangentImpulse[2 * p] = scale * cs.tangentImpulse[2 * q];
                cons.tangentImpulse[2 * p + 1] = scale * cs.tangentImpulse[2 * q + 1];
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
            if (n >= 2) {
                prepareBlock(b, k, ia, ib, n, w);
            }
        }
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
            w.factoredBlocks++;
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
            return PseudoInverse.factoredRefined4(factorPhi, g, blockK, 0, blockInverse, 0);
        }
        if (!PseudoInverse.factored(factorPhi, n, g, blockInverse, blockScratch)) {
            return false;
        }
        // Refined to rounding: Jacobi's result is exact to rounding too, and a manifold whose points
        // share the load unevenly by 1e-12 let go of different points in runs that differ only by
        // rounding (the metamorphic test drifted from 0.07 mm to 7 mm).
        PseudoInverse.refine(blockK, n, blockInverse, blockScratch);
        return true;
    }

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
