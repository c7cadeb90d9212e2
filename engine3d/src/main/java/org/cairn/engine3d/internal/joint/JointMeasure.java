package org.cairn.engine3d.internal.joint;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.math.Quat;

/**
 * What a joint measures from its bodies' poses and velocities: the rotation error against the
 * pose it was made in, a hinge's angle, a slider's offset, a distance joint's length, and their
 * rates. The solver measures with the same formulas ({@link #error}) in every pass.
 */
public final class JointMeasure {
    private JointMeasure() {
    }

    /**
     * The rotation error e = (q_A⁻¹·q_B)·q_ref⁻¹ of joint j, in A's frame, with w ≥ 0 (so its angle
     * is in [0, π]), into d[o..o+4): the rotation B has made relative to A since the joint was made.
     */
    public static void error(JointStore js, BodyStore b, int j, double[] d, int o) {
        int a = 4 * js.bodyA[j], c = 4 * js.bodyB[j];
        double ax = b.rotation[a], ay = b.rotation[a + 1], az = b.rotation[a + 2], aw = b.rotation[a + 3];
        double bx = b.rotation[c], by = b.rotation[c + 1], bz = b.rotation[c + 2], bw = b.rotation[c + 3];
        double rx = aw * bx - ax * bw - ay * bz + az * by;
        double ry = aw * by + ax * bz - ay * bw - az * bx;
        double rz = aw * bz - ax * by + ay * bx - az * bw;
        double rw = aw * bw + ax * bx + ay * by + az * bz;
        int f = 4 * j;
        double fx = -js.referenceRotation[f], fy = -js.referenceRotation[f + 1], fz = -js.referenceRotation[f + 2],
                fw = js.referenceRotation[f + 3];
        double ex = rw * fx + rx * fw + ry * fz - rz * fy;
        double ey = rw * fy - rx * fz + ry * fw + rz * fx;
        double ez = rw * fz + rx * fy - ry * fx + rz * fw;
        double ew = rw * fw - rx * fx - ry * fy - rz * fz;
        double sign = ew < 0 ? -1.0 : 1.0;
        d[o] = sign * ex;
        d[o + 1] = sign * ey;
        d[o + 2] = sign * ez;
        d[o + 3] = sign * ew;
    }

    /** A hinge's angle (rad, [−π, π]): the twist of the rotation error about A's axis. */
    public static double angle(JointStore js, BodyStore b, int j, double[] scratch) {
        error(js, b, j, scratch, 0);
        double along = scratch[0] * js.localAxisA[3 * j] + scratch[1] * js.localAxisA[3 * j + 1]
                + scratch[2] * js.localAxisA[3 * j + 2];
        return 2.0 * Math.atan2(along, scratch[3]);
    }

    /** The swing of joint j's rotation error (the angle between A's axis and B's), rad in [0, π]. */
    public static double swing(JointStore js, BodyStore b, int j, double[] scratch) {
        error(js, b, j, scratch, 0);
        double ax = js.localAxisA[3 * j], ay = js.localAxisA[3 * j + 1], az = js.localAxisA[3 * j + 2];
        double along = scratch[0] * ax + scratch[1] * ay + scratch[2] * az;
        // |swing|'s w is the length of the twist part (along, w); its vector part the rest of e.
        double tw = Math.sqrt(along * along + scratch[3] * scratch[3]);
        double ex = scratch[0] - along * ax, ey = scratch[1] - along * ay, ez = scratch[2] - along * az;
        return 2.0 * Math.atan2(Math.sqrt(ex * ex + ey * ey + ez * ez), tw);
    }

    /** B's anchor minus A's, world frame, into d[o..o+3). */
    public static void separation(JointStore js, BodyStore b, int j, double[] d, int o) {
        int a = js.bodyA[j], c = js.bodyB[j];
        anchor(b, a, js.localAnchorA, 3 * j, d, o);
        double px = d[o], py = d[o + 1], pz = d[o + 2];
        anchor(b, c, js.localAnchorB, 3 * j, d, o);
        d[o] -= px;
        d[o + 1] -= py;
        d[o + 2] -= pz;
    }

    /** Body i's point at local[l..l+3) (body frame, from its origin) in the world frame, into d[o..o+3). */
    static void anchor(BodyStore b, int i, double[] local, int l, double[] d, int o) {
        Quat.rotate(b.rotation[4 * i], b.rotation[4 * i + 1], b.rotation[4 * i + 2], b.rotation[4 * i + 3], local[l],
                local[l + 1], local[l + 2], d, o);
        d[o] += b.position[3 * i];
        d[o + 1] += b.position[3 * i + 1];
        d[o + 2] += b.position[3 * i + 2];
    }

    /** A's axis of joint j in the world frame, into d[o..o+3). */
    static void axis(JointStore js, BodyStore b, int j, double[] d, int o) {
        int a = js.bodyA[j];
        Quat.rotate(b.rotation[4 * a], b.rotation[4 * a + 1], b.rotation[4 * a + 2], b.rotation[4 * a + 3],
                js.localAxisA[3 * j], js.localAxisA[3 * j + 1], js.localAxisA[3 * j + 2], d, o);
    }

    /** A slider's offset along its axis (m). */
    public static double offset(JointStore js, BodyStore b, int j, double[] scratch) {
        separation(js, b, j, scratch, 0);
        axis(js, b, j, scratch, 3);
        return scratch[0] * scratch[3] + scratch[1] * scratch[4] + scratch[2] * scratch[5];
    }

    /** The distance between the anchors (m). */
    public static double length(JointStore js, BodyStore b, int j, double[] scratch) {
        separation(js, b, j, scratch, 0);
        return Math.sqrt(scratch[0] * scratch[0] + scratch[1] * scratch[1] + scratch[2] * scratch[2]);
    }

    /** (ω_B − ω_A)·axis, a hinge's angular speed (rad/s). */
    public static double angularSpeed(JointStore js, BodyStore b, int j, double[] scratch) {
        axis(js, b, j, scratch, 0);
        int a = 3 * js.bodyA[j], c = 3 * js.bodyB[j];
        double[] w = b.angularVelocity;
        return scratch[0] * (w[c] - w[a]) + scratch[1] * (w[c + 1] - w[a + 1]) + scratch[2] * (w[c + 2] - w[a + 2]);
    }

    /**
     * How fast B's anchor moves away from A's along the axis ({@code alongAxis}, a slider) or along
     * the line between them (a distance joint), m/s.
     */
    public static double linearSpeed(JointStore js, BodyStore b, int j, double[] scratch, boolean alongAxis) {
        separation(js, b, j, scratch, 0);
        if (alongAxis) {
            axis(js, b, j, scratch, 3);
        } else {
            double n = Math.sqrt(scratch[0] * scratch[0] + scratch[1] * scratch[1] + scratch[2] * scratch[2]);
            if (!(n > 0)) {
                return 0.0;
            }
            scratch[3] = scratch[0] / n;
            scratch[4] = scratch[1] / n;
            scratch[5] = scratch[2] / n;
        }
        double dx = scratch[3], dy = scratch[4], dz = scratch[5];
        pointVelocity(js, b, js.bodyB[j], js.localAnchorB, j, scratch);
        double vbx = scratch[0], vby = scratch[1], vbz = scratch[2];
        pointVelocity(js, b, js.bodyA[j], js.localAnchorA, j, scratch);
        return dx * (vbx - scratch[0]) + dy * (vby - scratch[1]) + dz * (vbz - scratch[2]);
    }

    /** The velocity of body i's anchor local[3j..) (v + ω × r, r from the centre of mass), into d[0..3). */
    private static void pointVelocity(JointStore js, BodyStore b, int i, double[] local, int j, double[] d) {
        anchor(b, i, local, 3 * j, d, 0);
        double rx = d[0] - b.center[3 * i], ry = d[1] - b.center[3 * i + 1], rz = d[2] - b.center[3 * i + 2];
        double[] v = b.linearVelocity, w = b.angularVelocity;
        int o = 3 * i;
        d[0] = v[o] + w[o + 1] * rz - w[o + 2] * ry;
        d[1] = v[o + 1] + w[o + 2] * rx - w[o] * rz;
        d[2] = v[o + 2] + w[o] * ry - w[o + 1] * rx;
    }

    /** Two unit vectors perpendicular to the unit vector (x, y, z) and to each other, into d[o..o+6). */
    public static void perpendiculars(double x, double y, double z, double[] d, int o) {
        // Cross with the coordinate axis least aligned with the vector, so the result is well conditioned.
        double ux, uy, uz;
        if (Math.abs(x) <= Math.abs(y) && Math.abs(x) <= Math.abs(z)) {
            ux = 0;
            uy = z;
            uz = -y;
        } else if (Math.abs(y) <= Math.abs(z)) {
            ux = -z;
            uy = 0;
            uz = x;
        } else {
            ux = y;
            uy = -x;
            uz = 0;
        }
        double n = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= n;
        uy /= n;
        uz /= n;
        d[o] = ux;
        d[o + 1] = uy;
        d[o + 2] = uz;
        d[o + 3] = y * uz - z * uy;
        d[o + 4] = z * ux - x * uz;
        d[o + 5] = x * uy - y * ux;
    }
}
