package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;

/**
 * A solid ball centred on the local origin.
 *
 * @param radius radius in m, positive
 */
public record Sphere(double radius) implements Shape {
    /** @throws IllegalArgumentException if the radius is not positive or exceeds {@link Shape#MAX_LENGTH_METERS} */
    public Sphere {
        Check.length("radius", radius);
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

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        return len == 0.0 ? dest.set(radius, 0, 0) : dest.set(dx * radius / len, dy * radius / len, dz * radius / len);
    }

    @Override
    public Aabb localBounds(Aabb dest) {
        return dest.set(-radius, -radius, -radius, radius, radius, radius);
    }

    @Override
    public Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest) {
        return dest.set(px - radius, py - radius, pz - radius, px + radius, py + radius, pz + radius);
    }
}
