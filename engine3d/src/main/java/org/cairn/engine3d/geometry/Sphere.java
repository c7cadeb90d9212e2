package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;

/**
 * A solid ball centred on the local origin.
 *
 * @param radius radius in m, positive
 */
public record Sphere(double radius) implements Shape {
    /** @throws IllegalArgumentException if the radius is not positive and finite */
    public Sphere {
        Check.positive("radius", radius);
    }

    @Override
    public double volume() {
        return 4.0 / 3.0 * Math.PI * radius * radius * radius;
    }

    /** m = ρ·4/3·π·r³ and I = 2/5·m·r² about every axis. */
    @Override
    public MassProperties massProperties(double density) {
        Check.positive("density", density);
        double m = density * volume();
        double i = 0.4 * m * radius * radius;
        return MassProperties.of(m, 0, 0, 0, i, i, i, 0, 0, 0);
    }
}
