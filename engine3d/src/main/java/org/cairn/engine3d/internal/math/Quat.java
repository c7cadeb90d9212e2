package org.cairn.engine3d.internal.math;

/**
 * Quaternion helpers on (x, y, z, w) stored at an offset in a {@code double[]}. The convention is
 * JOML's: a quaternion q rotates a vector v as q·v·q⁻¹, and q₂ ⊗ q₁ applies q₁ first.
 */
public final class Quat {
    private Quat() {
    }

    /**
     * Rotates q in place by the world-frame angular velocity (wx, wy, wz) over h seconds with the
     * exact exponential map, q ← exp(h·ω/2) ⊗ q, then renormalises.
     *
     * <p>The exact map, not the first-order q + ½h(ω,0)⊗q, because the gyroscopic integrator
     * conserves angular momentum only when the orientation turns by exactly the rotation it
     * assumes (see {@code Gyroscopic}); the cost difference (one sin and one cos per body per
     * substep) does not show in the step. {@link StrictTrig}, StrictMath's bits, keeps results
     * identical on every platform.
     */
    public static void integrate(double[] q, int o, double wx, double wy, double wz, double h) {
        double w2 = wx * wx + wy * wy + wz * wz;
        if (w2 == 0.0) {
            return;
        }
        double speed = Math.sqrt(w2);
        double halfAngle = 0.5 * h * speed;
        double s = StrictTrig.sin(halfAngle) / speed;
        double dx = wx * s, dy = wy * s, dz = wz * s, dw = StrictTrig.cos(halfAngle);
        double qx = q[o], qy = q[o + 1], qz = q[o + 2], qw = q[o + 3];
        double nx = dw * qx + dx * qw + dy * qz - dz * qy;
        double ny = dw * qy - dx * qz + dy * qw + dz * qx;
        double nz = dw * qz + dx * qy - dy * qx + dz * qw;
        double nw = dw * qw - dx * qx - dy * qy - dz * qz;
        double inv = 1.0 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        q[o] = nx * inv;
        q[o + 1] = ny * inv;
        q[o + 2] = nz * inv;
        q[o + 3] = nw * inv;
    }

    /** Writes q·v·q⁻¹ into d[o..o+3); q must be a unit quaternion. */
    public static void rotate(double qx, double qy, double qz, double qw, double vx, double vy, double vz,
                              double[] d, int o) {
        // v' = v + 2w(u×v) + 2u×(u×v), u the vector part.
        double tx = 2.0 * (qy * vz - qz * vy);
        double ty = 2.0 * (qz * vx - qx * vz);
        double tz = 2.0 * (qx * vy - qy * vx);
        d[o] = vx + qw * tx + (qy * tz - qz * ty);
        d[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
        d[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
    }
}
