package org.cairn.engine3d.internal.body;

import org.cairn.engine3d.internal.math.StrictTrig;

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
 * <p>Measured: I = diag(1, 2, 3) kg·m² spun at 2 rad/s about the intermediate axis, 60 Hz, one
 * substep, 10⁴ steps: |L| drifts 2e-12 relative, and the energy falls from 4.00 J (the separatrix)
 * to 2.67 J = |L|²/(2·I₃), i.e. the body ends spinning about its major axis, after flipping ten
 * times. Backward Euler (Box3D) loses the same energy and |L| too. So this update serves bodies in
 * contact (whose contacts dissipate far more, and whose separations assume the turn h·ω); a free
 * body takes {@link #integrateConserving}, which keeps the energy too.
 */
public final class Gyroscopic {
    /** Newton iterations at most. */
    static final int MAX_ITERATIONS = 8;
    /** Stop when the residual is this small relative to |L|. */
    static final double RELATIVE_TOLERANCE = 1e-15;
    /** {@link #integrateConserving} accepts a residual this small relative to |L|. */
    static final double CONVERGED = 1e-10;

    private Gyroscopic() {
    }

    /**
     * Replaces the world angular velocity w[wo..wo+3) of a body with orientation q[qo..qo+4) and
     * body-frame inertia I (and inverse) at io by its value after h seconds of torque-free motion,
     * turning by the new ω (momentum-exact backward Euler, above).
     */
    public static void integrate(double[] w, int wo, double[] q, int qo, double[] inertia, double[] inverse,
                                 int io, double h) {
        update(false, w, wo, q, qo, inertia, inverse, io, h, null, 0);
    }

    /**
     * The energy-conserving update for a body in no contact this substep: the implicit midpoint
     * rule on the rotation group. The body turns by h·ω̄ and its body-frame momentum by the inverse
     * of that turn, L₂ = exp(−h·ω̄)·L₁, with ω̄ = I⁻¹·(L₁ + L₂)/2. Then |L₂| = |L₁| (a rotation),
     * the world momentum R₂·L₂ = R₁·L₁ (the turns cancel), and the energy is kept exactly:
     * E₂ − E₁ = ½(L₂ − L₁)·I⁻¹(L₂ + L₁) = (L₂ − L₁)·ω̄ = 0, since a rotation about ω̄ moves L
     * perpendicular to ω̄. It is second-order accurate and, conserving both invariants of the free
     * rigid body, stable at any step (|ω| is bounded by E and the inertia). Backward Euler (Box3D,
     * {@link #integrate}) loses energy every step: a box tumbling near its intermediate axis lost
     * 4 % of its energy in 5 s and 17 % in 30 s at 60 Hz.
     *
     * <p>The velocity left in w is the body's ω₂ = I⁻¹·L₂ in the turned frame; the turn h·ω̄ differs
     * from h·ω₂, so the difference ω̄ − ω₂ (world frame) is written to {@code turn[to..to+3)} for the
     * position stage to add. Newton's method on r(ω̄) = I·ω̄ − (L₁ + exp(−h·ω̄)·L₁)/2 with the
     * Jacobian I − (h/2)·[L₂]ₓ, from ω̄ = ω₁.
     *
     * @return false (nothing written) when Newton's method did not converge: the caller falls back
     *     to {@link #integrate}
     */
    public static boolean integrateConserving(double[] w, int wo, double[] q, int qo, double[] inertia, double[] inverse,
                                              int io, double h, double[] turn, int to) {
        return update(true, w, wo, q, qo, inertia, inverse, io, h, turn, to);
    }

    /**
     * Both updates: L₂ = exp(−h·ω̄)·L₁ with I·ω̄ = L₂ (backward Euler made momentum-exact) or
     * I·ω̄ = (L₁ + L₂)/2 (the midpoint rule), solved by Newton's method from ω₁ with the Jacobian
     * I − c·h·[L₂]ₓ, c = 1 or ½. The midpoint rule also writes the turn correction, and reports
     * whether it converged (writing nothing if not); backward Euler always completes.
     */
    private static boolean update(boolean midpoint, double[] w, int wo, double[] q, int qo, double[] inertia,
                                  double[] inverse, int io, double h, double[] turn, int to) {
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
            if (midpoint) {
                turn[to] = 0;
                turn[to + 1] = 0;
                turn[to + 2] = 0;
            }
            return true;
        }
        double share = midpoint ? 0.5 : 1.0, g = share * h;
        double ox = w1x, oy = w1y, oz = w1z;
        double l2x = l1x, l2y = l1y, l2z = l1z;
        double residual = Double.POSITIVE_INFINITY;
        for (int iteration = 0; ; iteration++) {
            // L₂ = rotation of L₁ by −h|ω̄| about ω̄ (Rodrigues).
            double speed = Math.sqrt(ox * ox + oy * oy + oz * oz);
            if (speed > 0) {
                double angle = -h * speed;
                double kx = ox / speed, ky = oy / speed, kz = oz / speed;
                double cos = StrictTrig.cos(angle), sin = StrictTrig.sin(angle);
                double kDotL = kx * l1x + ky * l1y + kz * l1z;
                double kxLx = ky * l1z - kz * l1y, kxLy = kz * l1x - kx * l1z, kxLz = kx * l1y - ky * l1x;
                l2x = l1x * cos + kxLx * sin + kx * kDotL * (1.0 - cos);
                l2y = l1y * cos + kxLy * sin + ky * kDotL * (1.0 - cos);
                l2z = l1z * cos + kxLz * sin + kz * kDotL * (1.0 - cos);
            }
            if (!midpoint && iteration == MAX_ITERATIONS) {
                break;
            }
            // Residual I·ω̄ − target: L₂ (backward Euler) or (L₁ + L₂)/2 (midpoint).
            double rx = i00 * ox + i01 * oy + i02 * oz - (midpoint ? 0.5 * (l1x + l2x) : l2x);
            double ry = i01 * ox + i11 * oy + i12 * oz - (midpoint ? 0.5 * (l1y + l2y) : l2y);
            double rz = i02 * ox + i12 * oy + i22 * oz - (midpoint ? 0.5 * (l1z + l2z) : l2z);
            residual = Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (residual <= RELATIVE_TOLERANCE * lNorm || midpoint && iteration == 2 * MAX_ITERATIONS) {
                break;
            }
            // J = I − c·h·[L₂]ₓ, with [a]ₓ·b = a × b; δ = J⁻¹·r by the adjugate.
            double j00 = i00, j01 = i01 + g * l2z, j02 = i02 - g * l2y;
            double j10 = i01 - g * l2z, j11 = i11, j12 = i12 + g * l2x;
            double j20 = i02 + g * l2y, j21 = i12 - g * l2x, j22 = i22;
            double c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
            double det = j00 * c00 + j01 * c01 + j02 * c02;
            double inv = 1.0 / det;
            ox -= (c00 * rx + (j02 * j21 - j01 * j22) * ry + (j01 * j12 - j02 * j11) * rz) * inv;
            oy -= (c01 * rx + (j00 * j22 - j02 * j20) * ry + (j02 * j10 - j00 * j12) * rz) * inv;
            oz -= (c02 * rx + (j01 * j20 - j00 * j21) * ry + (j00 * j11 - j01 * j10) * rz) * inv;
        }
        // A midpoint residual r leaves an energy error of (L₂ − L₁)·I⁻¹·r: far below anything
        // measurable at this bound, and a step that does not get there takes backward Euler instead.
        if (midpoint && !(residual <= CONVERGED * lNorm)) {
            return false;
        }
        // ω₂ = I⁻¹·L₂: an exact rotation of L₁, so |L| is kept whatever the residual.
        double n00 = inverse[io], n01 = inverse[io + 1], n02 = inverse[io + 2];
        double n11 = inverse[io + 4], n12 = inverse[io + 5], n22 = inverse[io + 8];
        double w2x = n00 * l2x + n01 * l2y + n02 * l2z;
        double w2y = n01 * l2x + n11 * l2y + n12 * l2z;
        double w2z = n02 * l2x + n12 * l2y + n22 * l2z;
        if (!midpoint) {
            BodyStore.rotate(qx, qy, qz, qw, w2x, w2y, w2z, w, wo);
            return true;
        }
        // Turn ω₂ by h·ω̄ (body coordinates of the old frame): its components in the new frame.
        double speed = Math.sqrt(ox * ox + oy * oy + oz * oz);
        double angle = h * speed;
        double kx = ox / speed, ky = oy / speed, kz = oz / speed;
        double cos = StrictTrig.cos(angle), sin = StrictTrig.sin(angle);
        double kDotW = kx * w2x + ky * w2y + kz * w2z;
        double kxWx = ky * w2z - kz * w2y, kxWy = kz * w2x - kx * w2z, kxWz = kx * w2y - ky * w2x;
        double ux = w2x * cos + kxWx * sin + kx * kDotW * (1.0 - cos);
        double uy = w2y * cos + kxWy * sin + ky * kDotW * (1.0 - cos);
        double uz = w2z * cos + kxWz * sin + kz * kDotW * (1.0 - cos);
        BodyStore.rotate(qx, qy, qz, qw, ux, uy, uz, w, wo);
        // The turn the position stage must make, minus the ω it will see: ω̄ − ω₂, world frame.
        BodyStore.rotate(qx, qy, qz, qw, ox, oy, oz, turn, to);
        turn[to] -= w[wo];
        turn[to + 1] -= w[wo + 1];
        turn[to + 2] -= w[wo + 2];
        return true;
    }
}
