package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;

/**
 * A cylinder along the local y axis capped by two hemispheres: all points within {@code radius}
 * of the segment from (0, −halfHeight, 0) to (0, halfHeight, 0).
 *
 * @param halfHeight half the length of the core segment in m, positive
 * @param radius     radius in m, positive
 */
public record Capsule(double halfHeight, double radius) implements Shape {
    /** @throws IllegalArgumentException if a size is not positive or exceeds {@link Shape#MAX_LENGTH_METERS} */
    public Capsule {
        Check.length("halfHeight", halfHeight);
        Check.length("radius", radius);
    }

    /**
     * A capsule of the given radius and half height, in the order the scene language writes them
     * ({@code capsule r=R half_height=H}); the record's own constructor takes them the other way round.
     */
    public static Capsule of(double radius, double halfHeight) {
        return new Capsule(halfHeight, radius);
    }

    @Override
    public double volume() {
        return Math.PI * radius * radius * (2.0 * halfHeight + 4.0 / 3.0 * radius);
    }

    /**
     * Cylinder of mass m_c plus two hemispheres of total mass m_s. About y: m_c·r²/2 + m_s·2r²/5.
     * About x and z: m_c·(r²/4 + h²/3) + m_s·(2r²/5 + h² + 3h·r/4), where the hemisphere term is
     * its inertia about its own centre (3r/8 from its flat face) moved out to the capsule's centre.
     */
    @Override
    public MassProperties massProperties(double density) {
        Check.positive("density", density);
        double r = radius, h = halfHeight, r2 = r * r;
        double mc = density * Math.PI * r2 * 2.0 * h;
        double ms = density * 4.0 / 3.0 * Math.PI * r2 * r;
        double iy = mc * r2 / 2.0 + ms * 0.4 * r2;
        double ix = mc * (r2 / 4.0 + h * h / 3.0) + ms * (0.4 * r2 + h * h + 0.75 * h * r);
        return MassProperties.of(mc + ms, 0, 0, 0, ix, iy, ix, 0, 0, 0);
    }

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double y = dy < 0 ? -halfHeight : halfHeight;
        return len == 0.0 ? dest.set(radius, y, 0) : dest.set(dx * radius / len, y + dy * radius / len, dz * radius / len);
    }

    @Override
    public Aabb localBounds(Aabb dest) {
        return dest.set(-radius, -halfHeight - radius, -radius, radius, halfHeight + radius, radius);
    }

    /** The segment's ends along the rotated y axis, widened by the radius. */
    @Override
    public Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest) {
        double ax = Math.abs(2.0 * (qx * qy - qw * qz)) * halfHeight + radius;
        double ay = Math.abs(1.0 - 2.0 * (qx * qx + qz * qz)) * halfHeight + radius;
        double az = Math.abs(2.0 * (qy * qz + qw * qx)) * halfHeight + radius;
        return dest.set(px - ax, py - ay, pz - az, px + ax, py + ay, pz + az);
    }
}
