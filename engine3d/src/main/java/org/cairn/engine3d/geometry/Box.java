package org.cairn.engine3d.geometry;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Vector3d;

/**
 * A solid cuboid centred on the local origin, aligned with the local axes.
 *
 * @param halfX half the extent along x in m, positive (likewise halfY, halfZ)
 */
public record Box(double halfX, double halfY, double halfZ) implements Shape {
    /** @throws IllegalArgumentException if a half extent is not positive or exceeds {@link Shape#MAX_LENGTH_METERS} */
    public Box {
        Check.length("halfX", halfX);
        Check.length("halfY", halfY);
        Check.length("halfZ", halfZ);
    }

    @Override
    public double volume() {
        return 8.0 * halfX * halfY * halfZ;
    }

    /** m = ρ·8·a·b·c and I_xx = m/3·(b² + c²), and so on, for half extents a, b, c. */
    @Override
    public MassProperties massProperties(double density) {
        Check.positive("density", density);
        double m = density * volume();
        double x2 = halfX * halfX, y2 = halfY * halfY, z2 = halfZ * halfZ;
        return MassProperties.of(m, 0, 0, 0, m / 3.0 * (y2 + z2), m / 3.0 * (x2 + z2), m / 3.0 * (x2 + y2), 0, 0, 0);
    }

    @Override
    public Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        return dest.set(dx < 0 ? -halfX : halfX, dy < 0 ? -halfY : halfY, dz < 0 ? -halfZ : halfZ);
    }

    @Override
    public Aabb localBounds(Aabb dest) {
        return dest.set(-halfX, -halfY, -halfZ, halfX, halfY, halfZ);
    }

    /** Extent along world axis i is Σⱼ |R_ij|·half_j. */
    @Override
    public Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest) {
        return Bounds.rotatedBox(px, py, pz, qx, qy, qz, qw, 0, 0, 0, halfX, halfY, halfZ, dest);
    }
}
