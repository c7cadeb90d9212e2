package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;

/**
 * A solid circular cylinder along the local y axis, centred on the local origin.
 *
 * @param halfHeight half the height in m, positive
 * @param radius     radius in m, positive
 */
public record Cylinder(double halfHeight, double radius) implements Shape {
    /** @throws IllegalArgumentException if a size is not positive and finite */
    public Cylinder {
        Check.positive("halfHeight", halfHeight);
        Check.positive("radius", radius);
    }

    @Override
    public double volume() {
        return Math.PI * radius * radius * 2.0 * halfHeight;
    }

    /** m = ρ·π·r²·2h, I_yy = m·r²/2, I_xx = I_zz = m·(r²/4 + h²/3). */
    @Override
    public MassProperties massProperties(double density) {
        Check.positive("density", density);
        double m = density * volume();
        double r2 = radius * radius;
        double iy = 0.5 * m * r2;
        double ix = m * (r2 / 4.0 + halfHeight * halfHeight / 3.0);
        return MassProperties.of(m, 0, 0, 0, ix, iy, ix, 0, 0, 0);
    }
}
