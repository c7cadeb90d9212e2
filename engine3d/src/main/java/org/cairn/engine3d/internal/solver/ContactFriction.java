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
        double[] rA = cons.rA, rB = cons.rB;
        int n = cons.pointCount[k];
        for (int i = 0; i < n; i++) {
            int j = backwards ? n - 1 - i : i;
            int p = P * k + j;
            // The point's relative velocity once, then its two tangent parts.
            double ax = rA[3 * p], ay = rA[3 * p + 1], az = rA[3 * p + 2];
            double bx = rB[3 * p], by = rB[3 * p + 1], bz = rB[3 * p + 2];
            double dx = bs[ob] + bs[ob + 4] * bz - bs[ob + 5] * by - (bs[oa] + bs[oa + 4] * az - bs[oa + 5] * ay);
            double dy = bs[ob + 1] + bs[ob + 5] * bx - bs[ob + 3] * bz - (bs[oa + 1] + bs[oa + 5] * ax - bs[oa + 3] * az);
            double dz = bs[ob + 2] + bs[ob + 3] * by - bs[ob + 4] * bx - (bs[oa + 2] + bs[oa + 3] * ay - bs[oa + 4] * ax);
            double v1 = t1x * dx + t1y * dy + t1z * dz;
            double v2 = t2x * dx + t2y * dy + t2z * dz;
            double old1 = cons.tangentImpulse[2 * p], old2 = cons.tangentImpulse[2 * p + 1];
            double limit = mu * cons.normalImpulse[p];
            // Try to stick: the exact block update.
            double new1 = old1 - (cons.tangentBlock[3 * p] * v1 + cons.tangentBlock[3 * p + 1] * v2);
            double new2 = old2 - (cons.tangentBlock[3 * p + 1] * v1 + cons.tangentBlock[3 * p + 2] * v2);
            double magnitude = Math.sqrt(new1 * new1 + new2 * new2);
            if (magnitude > limit) {
                // Sliding: the isotropic update, then onto the circle.
                new1 = old1 - cons.tangentMass[2 * p] * v1;
                new2 = old2 - cons.tangentMass[2 * p + 1] * v2;
                magnitude = Math.sqrt(new1 * new1 + new2 * new2);
            }
            if (magnitude > limit) {
                double scale = magnitude > 0 ? limit / magnitude : 0.0;
                new1 *= scale;
                new2 *= scale;
            }
            double d1 = new1 - old1, d2 = new2 - old2;
            cons.tangentImpulse[2 * p] = new1;
            cons.tangentImpulse[2 * p + 1] = new2;
            cons.apply(bs, oa, ob, p, d1 * t1x + d2 * t2x, d1 * t1y + d2 * t2y, d1 * t1z + d2 * t2z);
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
