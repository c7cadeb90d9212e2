package org.cairn.engine3d.internal.solver;

/**
 * A soft constraint as an implicit mass–spring–damper written as a velocity constraint (Catto,
 * "Soft Constraints", GDC 2011; Box2D v3 {@code b2MakeSoft}). With ω = 2π·hertz and substep h:
 * a₁ = 2ζ + hω, a₂ = hω·a₁, a₃ = 1/(1 + a₂); bias rate ω/a₁ (1/s), mass scale a₂·a₃, impulse scale
 * a₃. Then Δλ = −m·(massScale·v + massScale·biasRate·C) − impulseScale·λ. Zero hertz means rigid.
 */
final class Softness {
    final double biasRate;
    final double massScale;
    final double impulseScale;

    /** The coefficients for a spring of {@code hertz} with damping ratio {@code zeta} at substep h. */
    Softness(double hertz, double zeta, double h) {
        double[] c = new double[3];
        write(hertz, zeta, h, c, 0);
        biasRate = c[0];
        massScale = c[1];
        impulseScale = c[2];
    }

    /** The same coefficients into d[o] (bias rate), d[o + 1] (mass scale), d[o + 2] (impulse scale), allocating nothing. */
    static void write(double hertz, double zeta, double h, double[] d, int o) {
        if (hertz == 0.0) {
            d[o] = 0.0;
            d[o + 1] = 1.0;
            d[o + 2] = 0.0;
            return;
        }
        double omega = 2.0 * Math.PI * hertz;
        double a1 = 2.0 * zeta + h * omega;
        double a2 = h * omega * a1;
        double a3 = 1.0 / (1.0 + a2);
        d[o] = omega / a1;
        d[o + 1] = a2 * a3;
        d[o + 2] = a3;
    }
}
