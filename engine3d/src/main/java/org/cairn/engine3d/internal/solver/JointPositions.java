package org.cairn.engine3d.internal.solver;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.math.Mat3;

/**
 * Sequential impulses' position iterations for joints (Box2D v2.4's joint position constraints,
 * Jolt's position iterations: non-linear Gauss–Seidel): with C a rigid row's position error
 * measured on the bodies' current poses and K its effective mass, the bodies are moved and turned
 * by the pseudo-impulse −K⁻¹·C, positions only, so the correction adds no velocity. The point
 * rows of ball joints, hinges and welds, a weld's rotation lock (its six rows together) and a
 * hinge's two alignment rows are corrected; limits, motors and springs are left to the velocity
 * iterations.
 *
 * <p>Each correction is clamped ({@link #MAX_LINEAR_METERS}, {@link #MAX_ANGULAR_RADIANS},
 * Box2D's figures), so a joint pulled far apart comes back over several iterations instead of in
 * one jump.
 */
final class JointPositions {
    /** The most a point's error is corrected in one iteration, m (Box2D v2: b2_maxLinearCorrection). */
    static final double MAX_LINEAR_METERS = 0.2;
    /** The most a rotation error is corrected in one iteration, rad (Box2D v2: b2_maxAngularCorrection, 8°). */
    static final double MAX_ANGULAR_RADIANS = Math.toRadians(8.0);

    private JointPositions() {
    }

    /** The point: B's anchor moved back onto A's. C = d (g[6..9)), K as in {@link JointRows#pointMass}. */
    static void point(BodyStore b, int ia, int ib, double[] s, int oa, int ob, double[] g, double[] k, double[] kInv,
                      double[] t) {
        double m = s[oa + SolverBodies.INVERSE_MASS] + s[ob + SolverBodies.INVERSE_MASS];
        for (int i = 0; i < 9; i++) {
            k[i] = i % 4 == 0 ? m : 0.0;
        }
        JointRows.addLeverMass(s, oa, g[0], g[1], g[2], k);
        JointRows.addLeverMass(s, ob, g[3], g[4], g[5], k);
        if (!Mat3.invertSymmetric(k, 0, kInv, 0)) {
            return;
        }
        double scale = clampScale(g[6], g[7], g[8], MAX_LINEAR_METERS);
        double cx = scale * g[6], cy = scale * g[7], cz = scale * g[8];
        double px = -(kInv[0] * cx + kInv[1] * cy + kInv[2] * cz);
        double py = -(kInv[3] * cx + kInv[4] * cy + kInv[5] * cz);
        double pz = -(kInv[6] * cx + kInv[7] * cy + kInv[8] * cz);
        move(b, ia, s, oa, -1, px, py, pz, g[0], g[1], g[2], 0, 0, 0, t);
        move(b, ib, s, ob, 1, px, py, pz, g[3], g[4], g[5], 0, 0, 0, t);
    }

    /**
     * A weld's six rows together (as its velocity rows are, {@link JointRows#weld}): the point
     * error g[6..9) and the rotation error (ex, ey, ez), the error rotation's vector, world frame.
     */
    static void weld(BodyStore b, int ia, int ib, double[] s, int oa, int ob, double[] g, double ex, double ey,
                     double ez, double[] k6, double[] rhs, double[] t) {
        JointRows.weldMass(s, oa, ob, g, k6);
        double linear = clampScale(g[6], g[7], g[8], MAX_LINEAR_METERS);
        double angular = clampScale(ex, ey, ez, MAX_ANGULAR_RADIANS);
        rhs[0] = linear * g[6];
        rhs[1] = linear * g[7];
        rhs[2] = linear * g[8];
        rhs[3] = angular * ex;
        rhs[4] = angular * ey;
        rhs[5] = angular * ez;
        if (!JointRows.solveSymmetric6(k6, rhs)) {
            return;
        }
        move(b, ia, s, oa, -1, -rhs[0], -rhs[1], -rhs[2], g[0], g[1], g[2], -rhs[3], -rhs[4], -rhs[5], t);
        move(b, ib, s, ob, 1, -rhs[0], -rhs[1], -rhs[2], g[3], g[4], g[5], -rhs[3], -rhs[4], -rhs[5], t);
    }

    /**
     * Two rotation rows about the unit directions p (g[pa..)) and q (g[qa..)) with errors c1, c2
     * (rad): a hinge's axes brought back into line. K is the 2×2 of (I_A⁻¹ + I_B⁻¹) on p and q.
     */
    static void alignment(BodyStore b, int ia, int ib, double[] s, int oa, int ob, double[] g, int pa, int qa,
                          double c1, double c2, double[] t) {
        double px = g[pa], py = g[pa + 1], pz = g[pa + 2], qx = g[qa], qy = g[qa + 1], qz = g[qa + 2];
        double k11 = JointRows.inertiaForm(s, oa, px, py, pz, px, py, pz) + JointRows.inertiaForm(s, ob, px, py, pz, px, py, pz);
        double k12 = JointRows.inertiaForm(s, oa, px, py, pz, qx, qy, qz) + JointRows.inertiaForm(s, ob, px, py, pz, qx, qy, qz);
        double k22 = JointRows.inertiaForm(s, oa, qx, qy, qz, qx, qy, qz) + JointRows.inertiaForm(s, ob, qx, qy, qz, qx, qy, qz);
        double det = k11 * k22 - k12 * k12;
        if (!(det > 1e-12 * (k11 + k22) * (k11 + k22))) {
            return;
        }
        double scale = clampScale(c1, c2, 0, MAX_ANGULAR_RADIANS);
        c1 *= scale;
        c2 *= scale;
        double l1 = -(k22 * c1 - k12 * c2) / det, l2 = -(k11 * c2 - k12 * c1) / det;
        double lx = l1 * px + l2 * qx, ly = l1 * py + l2 * qy, lz = l1 * pz + l2 * qz;
        move(b, ia, s, oa, -1, 0, 0, 0, 0, 0, 0, lx, ly, lz, t);
        move(b, ib, s, ob, 1, 0, 0, 0, 0, 0, 0, lx, ly, lz, t);
    }

    /** The factor that brings (x, y, z) down to length {@code most} if it is longer. */
    private static double clampScale(double x, double y, double z, double most) {
        double length = Math.sqrt(x * x + y * y + z * z);
        return length > most ? most / length : 1.0;
    }

    /**
     * Moves body i (entry o of s) by sign × the pseudo-impulse P at its anchor r and the angular
     * pseudo-impulse L: its centre by m·P, its orientation by the small rotation I⁻¹·(r × P + L)
     * (q ← q + ½·(θ, 0)·q, normalised). Bodies the solver does not move (static, kinematic) stay.
     */
    private static void move(BodyStore b, int i, double[] s, int o, double sign, double px, double py, double pz,
                             double rx, double ry, double rz, double lx, double ly, double lz, double[] t) {
        double m = s[o + SolverBodies.INVERSE_MASS];
        if (m == 0) {
            return;
        }
        double[] center = b.center, q = b.rotation;
        center[3 * i] += sign * m * px;
        center[3 * i + 1] += sign * m * py;
        center[3 * i + 2] += sign * m * pz;
        JointRows.inertiaTimes(s, o, ry * pz - rz * py + lx, rz * px - rx * pz + ly, rx * py - ry * px + lz, t);
        double ax = sign * t[0], ay = sign * t[1], az = sign * t[2];
        double x = q[4 * i], y = q[4 * i + 1], z = q[4 * i + 2], w = q[4 * i + 3];
        double nx = x + 0.5 * (ax * w + ay * z - az * y);
        double ny = y + 0.5 * (ay * w + az * x - ax * z);
        double nz = z + 0.5 * (az * w + ax * y - ay * x);
        double nw = w - 0.5 * (ax * x + ay * y + az * z);
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        q[4 * i] = nx / length;
        q[4 * i + 1] = ny / length;
        q[4 * i + 2] = nz / length;
        q[4 * i + 3] = nw / length;
    }
}
