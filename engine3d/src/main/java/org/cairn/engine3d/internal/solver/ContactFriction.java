package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;


/**
 * Coulomb friction and rolling resistance of a constraint. Friction: two tangents per point from a
 * basis that depends on n alone (Box3D's perp); a sticking point gets the exact 2×2 block update, a
 * sliding one the isotropic update, and the pair of accumulated tangent impulses is clamped to the
 * circle |λt| ≤ μ·λn (Coulomb's cone, not a box). Rolling resistance (Box3D): an angular impulse
 * against the relative spin, clamped to a ball of radius lever·ΣPn.
 */
final class ContactFriction {
    private final ContactConstraints cons;

    ContactFriction(ContactConstraints cons) {
        this.cons = cons;
    }

    /** Both tangents at each point, then the pair clamped to the circle of radius μ·λn. */
    void solveFriction(double[] bs, int k, int oa, int ob) {
        solveFriction(bs, k, oa, ob, false);
    }

    /**
     * As {@link #solveFriction(double[], int, int, int)}, the points last to first when
     * {@code backwards}: points solved one after another in one fixed order share a statically
     * indeterminate friction load unevenly, and the uneven share turns a symmetric stack about its
     * normal (a pyramid of boxes in one plane tipped out of it); alternating the order from pass to
     * pass (symmetric Gauss–Seidel) evens the share out.
     */
    void solveFriction(double[] bs, int k, int oa, int ob, boolean backwards) {
        double mu = cons.friction[k];
        double t1x = cons.tangent[6 * k], t1y = cons.tangent[6 * k + 1], t1z = cons.tangent[6 * k + 2];
        double t2x = cons.tangent[6 * k + 3], t2y = cons.tangent[6 * k + 4], t2z = cons.tangent[6 * k + 5];
        double[] rA = cons.rA, rB = cons.rB, tangentImpulse = cons.tangentImpulse, normalImpulse = cons.normalImpulse,
                tangentBlock = cons.tangentBlock, tangentMass = cons.tangentMass;
        // The two bodies' velocities, masses and inertias in locals for the manifold's points; written
        // back once at the end (the same operations as updating them in place point by point).
        double vax = bs[oa], vay = bs[oa + 1], vaz = bs[oa + 2], wax = bs[oa + 3], way = bs[oa + 4], waz = bs[oa + 5];
        double vbx = bs[ob], vby = bs[ob + 1], vbz = bs[ob + 2], wbx = bs[ob + 3], wby = bs[ob + 4], wbz = bs[ob + 5];
        double mA = bs[oa + SolverBodies.INVERSE_MASS], mB = bs[ob + SolverBodies.INVERSE_MASS];
        int ia = oa + SolverBodies.INVERSE_INERTIA, ib = ob + SolverBodies.INVERSE_INERTIA;
        double a00 = bs[ia], a01 = bs[ia + 1], a02 = bs[ia + 2], a10 = bs[ia + 3], a11 = bs[ia + 4], a12 = bs[ia + 5],
                a20 = bs[ia + 6], a21 = bs[ia + 7], a22 = bs[ia + 8];
        double b00 = bs[ib], b01 = bs[ib + 1], b02 = bs[ib + 2], b10 = bs[ib + 3], b11 = bs[ib + 4], b12 = bs[ib + 5],
                b20 = bs[ib + 6], b21 = bs[ib + 7], b22 = bs[ib + 8];
        boolean movesA = mA > 0, movesB = mB > 0;
        int n = cons.pointCount[k];
        for (int i = 0; i < n; i++) {
            int j = backwards ? n - 1 - i : i;
            int p = P * k + j;
            double old1 = tangentImpulse[2 * p], old2 = tangentImpulse[2 * p + 1];
            double limit = mu * normalImpulse[p];
            // A point that does not push holds no friction: nothing to do if it held none, else it
            // lets go of what it held (what the clamp below gives, without the velocities).
            if (limit == 0 && old1 == 0 && old2 == 0) {
                continue;
            }
            double new1 = 0, new2 = 0;
            double ax = rA[3 * p], ay = rA[3 * p + 1], az = rA[3 * p + 2];
            double bx = rB[3 * p], by = rB[3 * p + 1], bz = rB[3 * p + 2];
            if (limit != 0) {
                // The point's relative velocity once, then its two tangent parts.
                double dx = vbx + wby * bz - wbz * by - (vax + way * az - waz * ay);
                double dy = vby + wbz * bx - wbx * bz - (vay + waz * ax - wax * az);
                double dz = vbz + wbx * by - wby * bx - (vaz + wax * ay - way * ax);
                double v1 = t1x * dx + t1y * dy + t1z * dz;
                double v2 = t2x * dx + t2y * dy + t2z * dz;
                // Try to stick: the exact block update.
                new1 = old1 - (tangentBlock[3 * p] * v1 + tangentBlock[3 * p + 1] * v2);
                new2 = old2 - (tangentBlock[3 * p + 1] * v1 + tangentBlock[3 * p + 2] * v2);
                double magnitude = Math.sqrt(new1 * new1 + new2 * new2);
                if (magnitude > limit) {
                    // Sliding: the isotropic update, then onto the circle.
                    double mass = tangentMass[p];
                    new1 = old1 - mass * v1;
                    new2 = old2 - mass * v2;
                    magnitude = Math.sqrt(new1 * new1 + new2 * new2);
                }
                if (magnitude > limit) {
                    double scale = magnitude > 0 ? limit / magnitude : 0.0;
                    new1 *= scale;
                    new2 *= scale;
                }
            }
            double d1 = new1 - old1, d2 = new2 - old2;
            tangentImpulse[2 * p] = new1;
            tangentImpulse[2 * p + 1] = new2;
            double x = d1 * t1x + d2 * t2x, y = d1 * t1y + d2 * t2y, z = d1 * t1z + d2 * t2z;
            if (movesA) {
                vax -= mA * x;
                vay -= mA * y;
                vaz -= mA * z;
                // ω += I⁻¹·(r × J) with J = −(x, y, z).
                double cx = ay * -z - az * -y, cy = az * -x - ax * -z, cz = ax * -y - ay * -x;
                wax += a00 * cx + a01 * cy + a02 * cz;
                way += a10 * cx + a11 * cy + a12 * cz;
                waz += a20 * cx + a21 * cy + a22 * cz;
            }
            if (movesB) {
                vbx += mB * x;
                vby += mB * y;
                vbz += mB * z;
                double cx = by * z - bz * y, cy = bz * x - bx * z, cz = bx * y - by * x;
                wbx += b00 * cx + b01 * cy + b02 * cz;
                wby += b10 * cx + b11 * cy + b12 * cz;
                wbz += b20 * cx + b21 * cy + b22 * cz;
            }
        }
        if (movesA) {
            bs[oa] = vax;
            bs[oa + 1] = vay;
            bs[oa + 2] = vaz;
            bs[oa + 3] = wax;
            bs[oa + 4] = way;
            bs[oa + 5] = waz;
        }
        if (movesB) {
            bs[ob] = vbx;
            bs[ob + 1] = vby;
            bs[ob + 2] = vbz;
            bs[ob + 3] = wbx;
            bs[ob + 4] = wby;
            bs[ob + 5] = wbz;
        }
    }

    /**
     * Rolling resistance (Box3D): an angular impulse driving the relative rotation to zero, its
     * accumulated value clamped to a ball of radius lever·ΣPn of the contact.
     */
    void solveRolling(double[] bs, int k, int oa, int ob) {
        if (cons.rolling[k] == 0) {
            return;
        }
        double rx = bs[ob + 3] - bs[oa + 3], ry = bs[ob + 4] - bs[oa + 4], rz = bs[ob + 5] - bs[oa + 5];
        int m = 6 * k;
        double dx = -(cons.rollingMass[m] * rx + cons.rollingMass[m + 1] * ry + cons.rollingMass[m + 2] * rz);
        double dy = -(cons.rollingMass[m + 1] * rx + cons.rollingMass[m + 3] * ry + cons.rollingMass[m + 4] * rz);
        double dz = -(cons.rollingMass[m + 2] * rx + cons.rollingMass[m + 4] * ry + cons.rollingMass[m + 5] * rz);
        double ox = cons.rollingImpulse[3 * k], oy = cons.rollingImpulse[3 * k + 1], oz = cons.rollingImpulse[3 * k + 2];
        double nx = ox + dx, ny = oy + dy, nz = oz + dz;
        double total = 0;
        for (int j = 0; j < cons.pointCount[k]; j++) {
            total += cons.normalImpulse[P * k + j];
        }
        double limit = cons.rolling[k] * total;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (length > limit) {
            double scale = length > 0 ? limit / length : 0;
            nx *= scale;
            ny *= scale;
            nz *= scale;
        }
        cons.rollingImpulse[3 * k] = nx;
        cons.rollingImpulse[3 * k + 1] = ny;
        cons.rollingImpulse[3 * k + 2] = nz;
        ContactConstraints.applyAngular(bs, oa, ob, nx - ox, ny - oy, nz - oz);
    }

    /** Scales point p's friction pair back inside μ·λn if a normal update left it outside. */
    void clampFrictionToCone(double[] bs, int k, int oa, int ob, int p) {
        double l1 = cons.tangentImpulse[2 * p], l2 = cons.tangentImpulse[2 * p + 1];
        double limit = cons.friction[k] * cons.normalImpulse[p];
        double magnitude = Math.sqrt(l1 * l1 + l2 * l2);
        if (magnitude <= limit) {
            return;
        }
        double scale = magnitude > 0 ? limit / magnitude : 0.0;
        double d1 = l1 * scale - l1, d2 = l2 * scale - l2;
        cons.tangentImpulse[2 * p] = l1 * scale;
        cons.tangentImpulse[2 * p + 1] = l2 * scale;
        cons.apply(bs, oa, ob, p, d1 * cons.tangent[6 * k] + d2 * cons.tangent[6 * k + 3],
                d1 * cons.tangent[6 * k + 1] + d2 * cons.tangent[6 * k + 4],
                d1 * cons.tangent[6 * k + 2] + d2 * cons.tangent[6 * k + 5]);
    }
}
