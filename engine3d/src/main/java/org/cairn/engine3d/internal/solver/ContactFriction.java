package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;


/**
 * Coulomb friction and rolling resistance of a constraint. Friction acts at one point per manifold
 * (Box3D's central friction): the twist about the normal,
 * its accumulated impulse clamped to ±μ·Σ(lever·λn), then the two tangents at the friction centre
 * (a basis that depends on n alone, Box3D's perp): a sticking contact gets the exact 2×2 block
 * update, a sliding one the isotropic update, and the pair of accumulated impulses is clamped to
 * the circle |λt| ≤ μ·Σλn (Coulomb's cone, not a box). One friction point has no point order: four
 * points solved one after another share a statically indeterminate load unevenly, which turned a
 * symmetric stack about its normal. Rolling resistance (Box3D): an angular impulse against the
 * relative spin, clamped to a ball of radius lever·ΣPn.
 */
final class ContactFriction {
    private final ContactConstraints cons;

    ContactFriction(ContactConstraints cons) {
        this.cons = cons;
    }

    /** Twist, then the two tangents at the friction centre, each clamped to its Coulomb limit. */
    void solveFriction(double[] bs, int k, int oa, int ob) {
        double mu = cons.friction[k];
        double limit = mu * normalLoad(k), twistLimit = mu * twistLoad(k);
        double[] f = cons.frictionImpulse;
        int i3 = 3 * k;
        double old1 = f[i3], old2 = f[i3 + 1], oldTwist = f[i3 + 2];
        // A manifold that does not push holds no friction: nothing to do if it held none.
        if (limit == 0 && old1 == 0 && old2 == 0 && oldTwist == 0) {
            return;
        }
        double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
        double vax = bs[oa], vay = bs[oa + 1], vaz = bs[oa + 2], wax = bs[oa + 3], way = bs[oa + 4], waz = bs[oa + 5];
        double vbx = bs[ob], vby = bs[ob + 1], vbz = bs[ob + 2], wbx = bs[ob + 3], wby = bs[ob + 4], wbz = bs[ob + 5];
        double mA = bs[oa + SolverBodies.INVERSE_MASS], mB = bs[ob + SolverBodies.INVERSE_MASS];
        int ia = oa + SolverBodies.INVERSE_INERTIA, ib = ob + SolverBodies.INVERSE_INERTIA;
        double a00 = bs[ia], a01 = bs[ia + 1], a02 = bs[ia + 2], a10 = bs[ia + 3], a11 = bs[ia + 4], a12 = bs[ia + 5],
                a20 = bs[ia + 6], a21 = bs[ia + 7], a22 = bs[ia + 8];
        double b00 = bs[ib], b01 = bs[ib + 1], b02 = bs[ib + 2], b10 = bs[ib + 3], b11 = bs[ib + 4], b12 = bs[ib + 5],
                b20 = bs[ib + 6], b21 = bs[ib + 7], b22 = bs[ib + 8];
        boolean movesA = mA > 0, movesB = mB > 0;
        // Twist: the relative spin about n.
        double spin = nx * (wbx - wax) + ny * (wby - way) + nz * (wbz - waz);
        double newTwist = Math.max(-twistLimit, Math.min(oldTwist - cons.twistMass[k] * spin, twistLimit));
        f[i3 + 2] = newTwist;
        double dt = newTwist - oldTwist;
        if (dt != 0) {
            double lx = dt * nx, ly = dt * ny, lz = dt * nz;
            if (movesA) {
                wax -= a00 * lx + a01 * ly + a02 * lz;
                way -= a10 * lx + a11 * ly + a12 * lz;
                waz -= a20 * lx + a21 * ly + a22 * lz;
            }
            if (movesB) {
                wbx += b00 * lx + b01 * ly + b02 * lz;
                wby += b10 * lx + b11 * ly + b12 * lz;
                wbz += b20 * lx + b21 * ly + b22 * lz;
            }
        }
        // The two tangents at the friction centre.
        int a = 6 * k;
        double[] anchor = cons.frictionAnchor, offset = cons.anchorOffset;
        double fx = anchor[i3], fy = anchor[i3 + 1], fz = anchor[i3 + 2];
        int o6 = 6 * k;
        double ax = fx + offset[o6], ay = fy + offset[o6 + 1], az = fz + offset[o6 + 2];
        double bx = fx + offset[o6 + 3], by = fy + offset[o6 + 4], bz = fz + offset[o6 + 5];
        double new1 = 0, new2 = 0;
        if (limit != 0) {
            double dx = vbx + wby * bz - wbz * by - (vax + way * az - waz * ay);
            double dy = vby + wbz * bx - wbx * bz - (vay + waz * ax - wax * az);
            double dz = vbz + wbx * by - wby * bx - (vaz + wax * ay - way * ax);
            double[] t = cons.tangent;
            double v1 = t[a] * dx + t[a + 1] * dy + t[a + 2] * dz;
            double v2 = t[a + 3] * dx + t[a + 4] * dy + t[a + 5] * dz;
            int m = 4 * k;
            double[] mass = cons.frictionMass;
            // Try to stick: the exact block update.
            new1 = old1 - (mass[m] * v1 + mass[m + 1] * v2);
            new2 = old2 - (mass[m + 1] * v1 + mass[m + 2] * v2);
            double magnitude = Math.sqrt(new1 * new1 + new2 * new2);
            if (magnitude > limit) {
                // Sliding: the isotropic update, then onto the circle.
                new1 = old1 - mass[m + 3] * v1;
                new2 = old2 - mass[m + 3] * v2;
                magnitude = Math.sqrt(new1 * new1 + new2 * new2);
                if (magnitude > limit) {
                    double scale = magnitude > 0 ? limit / magnitude : 0.0;
                    new1 *= scale;
                    new2 *= scale;
                }
            }
        }
        f[i3] = new1;
        f[i3 + 1] = new2;
        double d1 = new1 - old1, d2 = new2 - old2;
        double[] t = cons.tangent;
        double x = d1 * t[a] + d2 * t[a + 3], y = d1 * t[a + 1] + d2 * t[a + 4], z = d1 * t[a + 2] + d2 * t[a + 5];
        if (movesA) {
            bs[oa] = vax - mA * x;
            bs[oa + 1] = vay - mA * y;
            bs[oa + 2] = vaz - mA * z;
            // ω += I⁻¹·(r × J) with J = −(x, y, z).
            double cx = ay * -z - az * -y, cy = az * -x - ax * -z, cz = ax * -y - ay * -x;
            bs[oa + 3] = wax + a00 * cx + a01 * cy + a02 * cz;
            bs[oa + 4] = way + a10 * cx + a11 * cy + a12 * cz;
            bs[oa + 5] = waz + a20 * cx + a21 * cy + a22 * cz;
        }
        if (movesB) {
            bs[ob] = vbx + mB * x;
            bs[ob + 1] = vby + mB * y;
            bs[ob + 2] = vbz + mB * z;
            double cx = by * z - bz * y, cy = bz * x - bx * z, cz = bx * y - by * x;
            bs[ob + 3] = wbx + b00 * cx + b01 * cy + b02 * cz;
            bs[ob + 4] = wby + b10 * cx + b11 * cy + b12 * cz;
            bs[ob + 5] = wbz + b20 * cx + b21 * cy + b22 * cz;
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
        double limit = cons.rolling[k] * normalLoad(k);
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

    /** Σλn over constraint k's points: the pair's Coulomb limit is μ times it. */
    private double normalLoad(int k) {
        double total = 0;
        for (int j = 0; j < cons.pointCount[k]; j++) {
            total += cons.normalImpulse[P * k + j];
        }
        return total;
    }

    /** Σ(leverᵢ·λnᵢ) over constraint k's points: the twist's Coulomb limit is μ times it. */
    private double twistLoad(int k) {
        double lever = 0;
        for (int j = 0; j < cons.pointCount[k]; j++) {
            lever += cons.twistLever[P * k + j] * cons.normalImpulse[P * k + j];
        }
        return lever;
    }

    /**
     * Scales constraint k's friction back inside its limits (μ·Σλn for the pair, μ·Σ(lever·λn) for
     * the twist) if a normal update left it outside.
     */
    void clampFrictionToCone(double[] bs, int k, int oa, int ob) {
        double mu = cons.friction[k];
        double limit = mu * normalLoad(k), twistLimit = mu * twistLoad(k);
        double[] f = cons.frictionImpulse;
        double l1 = f[3 * k], l2 = f[3 * k + 1], twist = f[3 * k + 2];
        double magnitude = Math.sqrt(l1 * l1 + l2 * l2);
        double px = 0, py = 0, pz = 0, ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        if (magnitude > limit) {
            double scale = magnitude > 0 ? limit / magnitude : 0.0;
            double d1 = l1 * scale - l1, d2 = l2 * scale - l2;
            f[3 * k] = l1 * scale;
            f[3 * k + 1] = l2 * scale;
            int t = 6 * k, f3 = 3 * k;
            double[] tangent = cons.tangent, anchor = cons.frictionAnchor, offset = cons.anchorOffset;
            px = d1 * tangent[t] + d2 * tangent[t + 3];
            py = d1 * tangent[t + 1] + d2 * tangent[t + 4];
            pz = d1 * tangent[t + 2] + d2 * tangent[t + 5];
            double cx = anchor[f3], cy = anchor[f3 + 1], cz = anchor[f3 + 2];
            double cax = cx + offset[t], cay = cy + offset[t + 1], caz = cz + offset[t + 2];
            double cbx = cx + offset[t + 3], cby = cy + offset[t + 4], cbz = cz + offset[t + 5];
            ax = cay * pz - caz * py;
            ay = caz * px - cax * pz;
            az = cax * py - cay * px;
            bx = cby * pz - cbz * py;
            by = cbz * px - cbx * pz;
            bz = cbx * py - cby * px;
        }
        if (Math.abs(twist) > twistLimit) {
            double d = Math.copySign(twistLimit, twist) - twist;
            f[3 * k + 2] = twist + d;
            double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
            ax += d * nx;
            ay += d * ny;
            az += d * nz;
            bx += d * nx;
            by += d * ny;
            bz += d * nz;
        } else if (magnitude <= limit) {
            return;
        }
        double mA = bs[oa + SolverBodies.INVERSE_MASS];
        if (mA > 0) {
            bs[oa] -= mA * px;
            bs[oa + 1] -= mA * py;
            bs[oa + 2] -= mA * pz;
            ContactConstraints.rotate(bs, oa, -ax, -ay, -az);
        }
        double mB = bs[ob + SolverBodies.INVERSE_MASS];
        if (mB > 0) {
            bs[ob] += mB * px;
            bs[ob + 1] += mB * py;
            bs[ob + 2] += mB * pz;
            ContactConstraints.rotate(bs, ob, bx, by, bz);
        }
    }
}
