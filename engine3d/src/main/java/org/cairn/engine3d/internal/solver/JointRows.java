package org.cairn.engine3d.internal.solver;

import org.cairn.engine3d.internal.math.Mat3;

/**
 * The pieces joints are made of, each a velocity constraint solved on the solver bodies' state
 * ({@link SolverBodies}): a point that two anchors share (3 rows), a rotation locked (3 rows), two
 * rotation rows about directions, and one row along a direction (linear or angular) for limits,
 * motors and springs. Every update is the soft step's: with C the position error, ċ the velocity
 * error and K the effective mass matrix, Δλ = −massScale·K⁻¹·(ċ + biasRate·C) − impulseScale·λ
 * (Catto, "Soft Constraints", GDC 2011; Box2D v3's joints), which with massScale 1, impulseScale
 * 0 and no bias is the rigid impulse of a relax pass.
 *
 * <p>Body entries hold linear velocity (3), angular velocity (3), inverse mass (1) and world
 * inverse inertia (9); static bodies share the entry of zeros, so nothing here branches on them.
 */
final class JointRows {
    private JointRows() {
    }

    /** I⁻¹·(x, y, z) of the body at offset o, into d[0..3). */
    static void inertiaTimes(double[] s, int o, double x, double y, double z, double[] d) {
        int m = o + SolverBodies.INVERSE_INERTIA;
        d[0] = s[m] * x + s[m + 1] * y + s[m + 2] * z;
        d[1] = s[m + 3] * x + s[m + 4] * y + s[m + 5] * z;
        d[2] = s[m + 6] * x + s[m + 7] * y + s[m + 8] * z;
    }

    /** u·I⁻¹·v for the body at offset o. */
    static double inertiaForm(double[] s, int o, double ux, double uy, double uz, double vx, double vy, double vz) {
        int m = o + SolverBodies.INVERSE_INERTIA;
        return ux * (s[m] * vx + s[m + 1] * vy + s[m + 2] * vz) + uy * (s[m + 3] * vx + s[m + 4] * vy + s[m + 5] * vz)
                + uz * (s[m + 6] * vx + s[m + 7] * vy + s[m + 8] * vz);
    }

    /**
     * Applies the impulse P = (px, py, pz) at B's anchor and −P at A's: A's lever (from its centre
     * of mass to where −P acts) is (uax, uay, uaz), B's (rbx, rby, rbz).
     */
    static void applyLinear(double[] s, int oa, int ob, double px, double py, double pz, double uax, double uay,
                            double uaz, double rbx, double rby, double rbz, double[] t) {
        double mA = s[oa + SolverBodies.INVERSE_MASS], mB = s[ob + SolverBodies.INVERSE_MASS];
        s[oa] -= mA * px;
        s[oa + 1] -= mA * py;
        s[oa + 2] -= mA * pz;
        inertiaTimes(s, oa, uay * pz - uaz * py, uaz * px - uax * pz, uax * py - uay * px, t);
        s[oa + 3] -= t[0];
        s[oa + 4] -= t[1];
        s[oa + 5] -= t[2];
        s[ob] += mB * px;
        s[ob + 1] += mB * py;
        s[ob + 2] += mB * pz;
        inertiaTimes(s, ob, rby * pz - rbz * py, rbz * px - rbx * pz, rbx * py - rby * px, t);
        s[ob + 3] += t[0];
        s[ob + 4] += t[1];
        s[ob + 5] += t[2];
    }

    /** Applies the angular impulse L to B and −L to A. */
    static void applyAngular(double[] s, int oa, int ob, double lx, double ly, double lz, double[] t) {
        inertiaTimes(s, oa, lx, ly, lz, t);
        s[oa + 3] -= t[0];
        s[oa + 4] -= t[1];
        s[oa + 5] -= t[2];
        inertiaTimes(s, ob, lx, ly, lz, t);
        s[ob + 3] += t[0];
        s[ob + 4] += t[1];
        s[ob + 5] += t[2];
    }

    /**
     * The point constraint, B's anchor kept on A's: C = d = p_B − p_A (g[6..9)), ċ = v_B + ω_B×r_B
     * − v_A − ω_A×r_A, K = (m_A + m_B)·1 − [r_A]I_A⁻¹[r_A] − [r_B]I_B⁻¹[r_B]. This writes K⁻¹ into
     * kInv[ko..ko+9), from the bodies' inverse masses and inertias and the anchors r_A, r_B
     * (g[0..6)); k is scratch. False when K cannot be inverted (then the point has no rows).
     * {@link #pointRows} then solves the rows with it.
     */
    static boolean pointMass(double[] s, int oa, int ob, double[] g, double[] k, double[] kInv, int ko) {
        double rax = g[0], ray = g[1], raz = g[2], rbx = g[3], rby = g[4], rbz = g[5];
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        for (int i = 0; i < 9; i++) {
            k[i] = i % 4 == 0 ? m : 0.0;
        }
        addLeverMass(s, oa, rax, ray, raz, k);
        addLeverMass(s, ob, rbx, rby, rbz, k);
        return Mat3.invertSymmetric(k, 0, kInv, ko);
    }

    /**
     * The point constraint's rows ({@link #pointMass}) with its K⁻¹ at kInv[ko..ko+9): impulses at
     * lambda[l..l+3); soft holds the bias rate, mass scale and impulse scale at soft[so..so+3), and
     * with {@code useBias} false the rigid update without bias is made.
     */
    static void pointRows(double[] s, int oa, int ob, double[] g, double[] lambda, int l, boolean useBias,
                          double[] soft, int so, double[] kInv, int ko, double[] t) {
        double rax = g[0], ray = g[1], raz = g[2], rbx = g[3], rby = g[4], rbz = g[5];
        pointVelocity(s, oa, ob, g, t, 0);
        softRows3(t[0], t[1], t[2], g[6], g[7], g[8], useBias, soft, so, kInv, ko, lambda, l, t);
        applyLinear(s, oa, ob, t[0], t[1], t[2], rax, ray, raz, rbx, rby, rbz, t);
    }

    /**
     * Three coupled soft rows (Catto's soft step): with velocity error v, position error c and
     * effective mass K⁻¹, the increment −massScale·K⁻¹·(v + biasRate·c) − impulseScale·λ (with
     * {@code useBias}; else the rigid −K⁻¹·v), added to lambda[l..l+3) and written to out[0..3).
     */
    static void softRows3(double vx, double vy, double vz, double cx, double cy, double cz, boolean useBias,
                          double[] soft, int so, double[] kInv, int ko, double[] lambda, int l, double[] out) {
        double massScale = 1.0, impulseScale = 0.0;
        if (useBias) {
            double bias = soft[so];
            vx += bias * cx;
            vy += bias * cy;
            vz += bias * cz;
            massScale = soft[so + 1];
            impulseScale = soft[so + 2];
        }
        double px = -massScale * (kInv[ko] * vx + kInv[ko + 1] * vy + kInv[ko + 2] * vz) - impulseScale * lambda[l];
        double py = -massScale * (kInv[ko + 3] * vx + kInv[ko + 4] * vy + kInv[ko + 5] * vz) - impulseScale * lambda[l + 1];
        double pz = -massScale * (kInv[ko + 6] * vx + kInv[ko + 7] * vy + kInv[ko + 8] * vz) - impulseScale * lambda[l + 2];
        lambda[l] += px;
        lambda[l + 1] += py;
        lambda[l + 2] += pz;
        out[0] = px;
        out[1] = py;
        out[2] = pz;
    }

    /** k += −[r]·I⁻¹·[r] for the body at offset o ([r]v = r × v), k 3×3 row-major. */
    static void addLeverMass(double[] s, int o, double rx, double ry, double rz, double[] k) {
        addLeverMass(s, o, rx, ry, rz, k, 3);
    }

    /** The same into the upper-left 3×3 block of a matrix whose rows are {@code stride} long. */
    static void addLeverMass(double[] s, int o, double rx, double ry, double rz, double[] k, int stride) {
        int m = o + SolverBodies.INVERSE_INERTIA;
        // Column c of −[r]·M·[r] is −r × (M·(r × e_c)) = (M·(r × e_c)) × r.
        for (int c = 0; c < 3; c++) {
            double ex = c == 0 ? 1 : 0, ey = c == 1 ? 1 : 0, ez = c == 2 ? 1 : 0;
            double ux = ry * ez - rz * ey, uy = rz * ex - rx * ez, uz = rx * ey - ry * ex;
            double mx = s[m] * ux + s[m + 1] * uy + s[m + 2] * uz;
            double my = s[m + 3] * ux + s[m + 4] * uy + s[m + 5] * uz;
            double mz = s[m + 6] * ux + s[m + 7] * uy + s[m + 8] * uz;
            k[c] += my * rz - mz * ry;
            k[stride + c] += mz * rx - mx * rz;
            k[2 * stride + c] += mx * ry - my * rx;
        }
    }

    /** The anchors' relative velocity v_B + ω_B×r_B − v_A − ω_A×r_A (r_A at g[0..3), r_B at g[3..6)) into d[o..o+3). */
    static void pointVelocity(double[] s, int oa, int ob, double[] g, double[] d, int o) {
        double rax = g[0], ray = g[1], raz = g[2], rbx = g[3], rby = g[4], rbz = g[5];
        d[o] = s[ob] + (s[ob + 4] * rbz - s[ob + 5] * rby) - s[oa] - (s[oa + 4] * raz - s[oa + 5] * ray);
        d[o + 1] = s[ob + 1] + (s[ob + 5] * rbx - s[ob + 3] * rbz) - s[oa + 1] - (s[oa + 5] * rax - s[oa + 3] * raz);
        d[o + 2] = s[ob + 2] + (s[ob + 3] * rby - s[ob + 4] * rbx) - s[oa + 2] - (s[oa + 3] * ray - s[oa + 4] * rax);
    }

    /**
     * The rotation lock: B keeps its orientation relative to A. C = the rotation vector of the
     * error (world frame, at cx..cz), ċ = ω_B − ω_A, K = I_A⁻¹ + I_B⁻¹. Impulses at lambda[l..l+3).
     */
    static void angularLock(double[] s, int oa, int ob, double cx, double cy, double cz, double[] lambda, int l,
                            boolean useBias, double[] soft, int so, double[] k, double[] kInv, double[] t) {
        int ia = oa + SolverBodies.INVERSE_INERTIA, ib = ob + SolverBodies.INVERSE_INERTIA;
        for (int i = 0; i < 9; i++) {
            k[i] = s[ia + i] + s[ib + i];
        }
        if (!Mat3.invertSymmetric(k, 0, kInv, 0)) {
            return;
        }
        softRows3(s[ob + 3] - s[oa + 3], s[ob + 4] - s[oa + 4], s[ob + 5] - s[oa + 5], cx, cy, cz, useBias, soft, so, kInv,
                0, lambda, l, t);
        applyAngular(s, oa, ob, t[0], t[1], t[2], t);
    }

    /**
     * Two rotation rows about the unit directions p (g[pa..pa+3)) and q (g[qa..qa+3)), errors c1 and
     * c2 (rad): a hinge's axes kept aligned. Solved together (2×2 block). Impulses at lambda[l], lambda[l + 1].
     */
    static void angularPair(double[] s, int oa, int ob, double[] g, int pa, int qa, double c1, double c2,
                            double[] lambda, int l, boolean useBias, double[] soft, int so, double[] t) {
        double px = g[pa], py = g[pa + 1], pz = g[pa + 2], qx = g[qa], qy = g[qa + 1], qz = g[qa + 2];
        double k11 = inertiaForm(s, oa, px, py, pz, px, py, pz) + inertiaForm(s, ob, px, py, pz, px, py, pz);
        double k12 = inertiaForm(s, oa, px, py, pz, qx, qy, qz) + inertiaForm(s, ob, px, py, pz, qx, qy, qz);
        double k22 = inertiaForm(s, oa, qx, qy, qz, qx, qy, qz) + inertiaForm(s, ob, qx, qy, qz, qx, qy, qz);
        double wx = s[ob + 3] - s[oa + 3], wy = s[ob + 4] - s[oa + 4], wz = s[ob + 5] - s[oa + 5];
        double v1 = px * wx + py * wy + pz * wz, v2 = qx * wx + qy * wy + qz * wz;
        if (!pairImpulse(k11, k12, k22, v1, v2, c1, c2, lambda, l, useBias, soft, so, t)) {
            return;
        }
        double d1 = t[0], d2 = t[1];
        applyAngular(s, oa, ob, d1 * px + d2 * qx, d1 * py + d2 * qy, d1 * pz + d2 * qz, t);
    }

    /**
     * Two linear rows along the unit directions p and q (g[pa..), g[qa..)), position errors c1 and
     * c2 (m), A's lever u (g[ua..ua+3)) and B's r_B (g[3..6)): a slider's anchor kept on its axis.
     */
    static void linearPair(double[] s, int oa, int ob, double[] g, int ua, int pa, int qa, double c1, double c2,
                           double[] lambda, int l, boolean useBias, double[] soft, int so, double[] t) {
        double ux = g[ua], uy = g[ua + 1], uz = g[ua + 2], rx = g[3], ry = g[4], rz = g[5];
        double px = g[pa], py = g[pa + 1], pz = g[pa + 2], qx = g[qa], qy = g[qa + 1], qz = g[qa + 2];
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        // Angular Jacobians: A's −u×p, B's r×p (and the same with q).
        double apx = uy * pz - uz * py, apy = uz * px - ux * pz, apz = ux * py - uy * px;
        double aqx = uy * qz - uz * qy, aqy = uz * qx - ux * qz, aqz = ux * qy - uy * qx;
        double bpx = ry * pz - rz * py, bpy = rz * px - rx * pz, bpz = rx * py - ry * px;
        double bqx = ry * qz - rz * qy, bqy = rz * qx - rx * qz, bqz = rx * qy - ry * qx;
        double pq = px * qx + py * qy + pz * qz;
        double k11 = m + inertiaForm(s, oa, apx, apy, apz, apx, apy, apz) + inertiaForm(s, ob, bpx, bpy, bpz, bpx, bpy, bpz);
        double k12 = m * pq + inertiaForm(s, oa, apx, apy, apz, aqx, aqy, aqz)
                + inertiaForm(s, ob, bpx, bpy, bpz, bqx, bqy, bqz);
        double k22 = m + inertiaForm(s, oa, aqx, aqy, aqz, aqx, aqy, aqz) + inertiaForm(s, ob, bqx, bqy, bqz, bqx, bqy, bqz);
        double v1 = rowVelocity(s, oa, ob, px, py, pz, apx, apy, apz, bpx, bpy, bpz);
        double v2 = rowVelocity(s, oa, ob, qx, qy, qz, aqx, aqy, aqz, bqx, bqy, bqz);
        if (!pairImpulse(k11, k12, k22, v1, v2, c1, c2, lambda, l, useBias, soft, so, t)) {
            return;
        }
        double d1 = t[0], d2 = t[1];
        applyLinear(s, oa, ob, d1 * px + d2 * qx, d1 * py + d2 * qy, d1 * pz + d2 * qz, ux, uy, uz, rx, ry, rz, t);
    }

    /**
     * The impulses of a pair of rows with mass matrix [[k11, k12], [k12, k22]], velocity errors v1,
     * v2 and position errors c1, c2, added to lambda[l], lambda[l + 1] and written to out[0], out[1];
     * false (nothing changed) when the matrix is singular.
     */
    private static boolean pairImpulse(double k11, double k12, double k22, double v1, double v2, double c1, double c2,
                                       double[] lambda, int l, boolean useBias, double[] soft, int so, double[] out) {
        double det = k11 * k22 - k12 * k12;
        if (!(det > 0)) {
            return false;
        }
        double massScale = 1.0, impulseScale = 0.0;
        if (useBias) {
            v1 += soft[so] * c1;
            v2 += soft[so] * c2;
            massScale = soft[so + 1];
            impulseScale = soft[so + 2];
        }
        double inv = 1.0 / det;
        double d1 = -massScale * inv * (k22 * v1 - k12 * v2) - impulseScale * lambda[l];
        double d2 = -massScale * inv * (k11 * v2 - k12 * v1) - impulseScale * lambda[l + 1];
        lambda[l] += d1;
        lambda[l + 1] += d2;
        out[0] = d1;
        out[1] = d2;
        return true;
    }

    /** n·(v_B − v_A) + (r_B×n)·ω_B − (u×n)·ω_A, the row's Jacobians given as a = u×n and b = r_B×n. */
    private static double rowVelocity(double[] s, int oa, int ob, double nx, double ny, double nz, double ax, double ay,
                                      double az, double bx, double by, double bz) {
        return nx * (s[ob] - s[oa]) + ny * (s[ob + 1] - s[oa + 1]) + nz * (s[ob + 2] - s[oa + 2])
                + bx * s[ob + 3] + by * s[ob + 4] + bz * s[ob + 5] - ax * s[oa + 3] - ay * s[oa + 4] - az * s[oa + 5];
    }

    /**
     * One row along the unit direction n: angular (the row is n·(ω_B − ω_A)) when {@code angular},
     * else linear with A's lever u (g[ua..)) and B's r_B (g[3..6)). Writes the row's velocity and
     * effective mass into out[0], out[1] (mass 0 when the row cannot move).
     */
    static void row(double[] s, int oa, int ob, double[] g, int ua, double nx, double ny, double nz, boolean angular,
                    double[] out) {
        double k, v;
        if (angular) {
            k = inertiaForm(s, oa, nx, ny, nz, nx, ny, nz) + inertiaForm(s, ob, nx, ny, nz, nx, ny, nz);
            v = nx * (s[ob + 3] - s[oa + 3]) + ny * (s[ob + 4] - s[oa + 4]) + nz * (s[ob + 5] - s[oa + 5]);
        } else {
            double ux = g[ua], uy = g[ua + 1], uz = g[ua + 2], rx = g[3], ry = g[4], rz = g[5];
            double ax = uy * nz - uz * ny, ay = uz * nx - ux * nz, az = ux * ny - uy * nx;
            double bx = ry * nz - rz * ny, by = rz * nx - rx * nz, bz = rx * ny - ry * nx;
            k = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS]
                    + inertiaForm(s, oa, ax, ay, az, ax, ay, az) + inertiaForm(s, ob, bx, by, bz, bx, by, bz);
            v = rowVelocity(s, oa, ob, nx, ny, nz, ax, ay, az, bx, by, bz);
        }
        out[0] = v;
        out[1] = k > 0 ? 1.0 / k : 0.0;
    }

    /** Applies the impulse λ along row n (angular, or linear with A's lever g[ua..) and B's r_B). */
    static void applyRow(double[] s, int oa, int ob, double[] g, int ua, double nx, double ny, double nz,
                         boolean angular, double lambda, double[] t) {
        if (angular) {
            applyAngular(s, oa, ob, lambda * nx, lambda * ny, lambda * nz, t);
        } else {
            applyLinear(s, oa, ob, lambda * nx, lambda * ny, lambda * nz, g[ua], g[ua + 1], g[ua + 2], g[3], g[4], g[5], t);
        }
    }

    /**
     * A weld's six rows solved together: the point rows (B's anchor on A's, error g[6..9)) and
     * the rotation lock (error (cx, cy, cz), world frame). K = J·M⁻¹·Jᵀ is coupled: K_pp as in
     * {@link #point}, K_aa = I_A⁻¹ + I_B⁻¹, K_pa = −([r_A]I_A⁻¹ + [r_B]I_B⁻¹). Solved apart, a
     * torque about a box's centre was mostly undone by the point rows after it, and a beam of ten
     * welded boxes sagged and swung for seconds. Linear rows take their softness from
     * soft[ls..ls+3), angular from soft[as..as+3) (each with bias or not); impulses at
     * lambda[l..l+6) (point, then angular).
     */
    static void weld(double[] s, int oa, int ob, double[] g, double cx, double cy, double cz, double[] lambda, int l,
                     boolean linearBias, double[] soft, int ls, boolean angularBias, int as, double[] k6, double[] rhs,
                     double[] t) {
        double rax = g[0], ray = g[1], raz = g[2], rbx = g[3], rby = g[4], rbz = g[5];
        weldMass(s, oa, ob, g, k6);
        // Velocity errors, plus bias where the rows take it.
        pointVelocity(s, oa, ob, g, rhs, 0);
        rhs[3] = s[ob + 3] - s[oa + 3];
        rhs[4] = s[ob + 4] - s[oa + 4];
        rhs[5] = s[ob + 5] - s[oa + 5];
        if (linearBias) {
            rhs[0] += soft[ls] * g[6];
            rhs[1] += soft[ls] * g[7];
            rhs[2] += soft[ls] * g[8];
        }
        if (angularBias) {
            rhs[3] += soft[as] * cx;
            rhs[4] += soft[as] * cy;
            rhs[5] += soft[as] * cz;
        }
        if (!solveSymmetric6(k6, rhs)) {
            return;
        }
        double lms = linearBias ? soft[ls + 1] : 1.0, lis = linearBias ? soft[ls + 2] : 0.0;
        double ams = angularBias ? soft[as + 1] : 1.0, ais = angularBias ? soft[as + 2] : 0.0;
        double px = -lms * rhs[0] - lis * lambda[l], py = -lms * rhs[1] - lis * lambda[l + 1],
                pz = -lms * rhs[2] - lis * lambda[l + 2];
        double lx = -ams * rhs[3] - ais * lambda[l + 3], ly = -ams * rhs[4] - ais * lambda[l + 4],
                lz = -ams * rhs[5] - ais * lambda[l + 5];
        lambda[l] += px;
        lambda[l + 1] += py;
        lambda[l + 2] += pz;
        lambda[l + 3] += lx;
        lambda[l + 4] += ly;
        lambda[l + 5] += lz;
        applyLinear(s, oa, ob, px, py, pz, rax, ray, raz, rbx, rby, rbz, t);
        applyAngular(s, oa, ob, lx, ly, lz, t);
    }

    /**
     * The weld's 6×6 effective mass K = J·M⁻¹·Jᵀ into k6 (row-major): K_pp as in {@link #point},
     * K_aa = I_A⁻¹ + I_B⁻¹, K_pa = −([r_A]I_A⁻¹ + [r_B]I_B⁻¹), with r_A at g[0..3) and r_B at g[3..6).
     */
    static void weldMass(double[] s, int oa, int ob, double[] g, double[] k6) {
        double rax = g[0], ray = g[1], raz = g[2], rbx = g[3], rby = g[4], rbz = g[5];
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        java.util.Arrays.fill(k6, 0, 36, 0.0);
        // K_pp.
        for (int i = 0; i < 3; i++) {
            k6[7 * i] = m;
        }
        addLeverMass(s, oa, rax, ray, raz, k6, 6);
        addLeverMass(s, ob, rbx, rby, rbz, k6, 6);
        int ia = oa + SolverBodies.INVERSE_INERTIA, ib = ob + SolverBodies.INVERSE_INERTIA;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                // K_aa.
                k6[6 * (3 + r) + 3 + c] = s[ia + 3 * r + c] + s[ib + 3 * r + c];
                // K_pa[r][c] = −([r_A]I_A)[r][c] − ([r_B]I_B)[r][c]; [r]M column c is r × (column c of M).
                double ax = s[ia + c], ay = s[ia + 3 + c], az = s[ia + 6 + c];
                double bx = s[ib + c], by = s[ib + 3 + c], bz = s[ib + 6 + c];
                double ra = r == 0 ? ray * az - raz * ay : r == 1 ? raz * ax - rax * az : rax * ay - ray * ax;
                double rb = r == 0 ? rby * bz - rbz * by : r == 1 ? rbz * bx - rbx * bz : rbx * by - rby * bx;
                k6[6 * r + 3 + c] = -(ra + rb);
                k6[6 * (3 + c) + r] = -(ra + rb);
            }
        }
    }

    /**
     * Solves a·x = b in place (x into b) for a symmetric positive definite 6×6 a (row-major,
     * overwritten) by Cholesky factorisation; false, leaving b unusable, if a is not positive definite.
     */
    static boolean solveSymmetric6(double[] a, double[] b) {
        for (int j = 0; j < 6; j++) {
            double d = a[7 * j];
            for (int k = 0; k < j; k++) {
                d -= a[6 * j + k] * a[6 * j + k];
            }
            if (!(d > 0)) {
                return false;
            }
            d = Math.sqrt(d);
            a[7 * j] = d;
            for (int i = j + 1; i < 6; i++) {
                double v = a[6 * i + j];
                for (int k = 0; k < j; k++) {
                    v -= a[6 * i + k] * a[6 * j + k];
                }
                a[6 * i + j] = v / d;
            }
        }
        // L·y = b, then Lᵀ·x = y (L in the lower triangle).
        for (int i = 0; i < 6; i++) {
            double v = b[i];
            for (int k = 0; k < i; k++) {
                v -= a[6 * i + k] * b[k];
            }
            b[i] = v / a[7 * i];
        }
        for (int i = 5; i >= 0; i--) {
            double v = b[i];
            for (int k = i + 1; k < 6; k++) {
                v -= a[6 * k + i] * b[k];
            }
            b[i] = v / a[7 * i];
        }
        return true;
    }
}
