package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;

/**
 * A solid circular cylinder along the local y axis, centred on the local origin.
 *
 * @param halfHeight half the height in m, positive
 * @param radius     radius in m, positive
 */
public record Cylinder(double halfHeight, double radius) implements Shape {
    /** @throws IllegalArgumentException if a size is not positive or exceeds {@link Shape#MAX_LENGTH_METERS} */
    public Cylinder {
        Check.length("halfHeight", halfHeight);
        Check.length("radius", radius);
    }

    /**
     * A cylinder of the given radius and half height, in the order the scene language writes them
     * ({@code cylinder r=R half_height=H}); the record's own constructor takes them the other way round.
     */
    public static Cylinder of(double radius, double halfHeight) {
        return new Cylinder(halfHeight, radius);
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

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        double radial = Math.sqrt(dx * dx + dz * dz);
        double y = dy < 0 ? -halfHeight : halfHeight;
        return radial == 0.0 ? dest.set(0, y, 0) : dest.set(dx * radius / radial, y, dz * radius / radial);
    }

    @Override
    public Aabb localBounds(Aabb dest) {
        return dest.set(-radius, -halfHeight, -radius, radius, halfHeight, radius);
    }

    /** Along world axis i: |a_i|·h + r·√(1 − a_i²), a the rotated y axis (the disc's extent). */
    @Override
    public Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest) {
        double ax = 2.0 * (qx * qy - qw * qz);
        double ay = 1.0 - 2.0 * (qx * qx + qz * qz);
        double az = 2.0 * (qy * qz + qw * qx);
        double ex = Math.abs(ax) * halfHeight + radius * Math.sqrt(Math.max(0.0, 1.0 - ax * ax));
        double ey = Math.abs(ay) * halfHeight + radius * Math.sqrt(Math.max(0.0, 1.0 - ay * ay));
        double ez = Math.abs(az) * halfHeight + radius * Math.sqrt(Math.max(0.0, 1.0 - az * az));
        return dest.set(px - ex, py - ey, pz - ez, px + ex, py + ey, pz + ez);
    }
}
