package org.cairn.engine3d.geometry;

/**
 * An axis-aligned bounding box, m. Mutable, for reuse in loops (JOML style): methods that produce
 * a box write into {@code this} or a {@code dest} and return it.
 */
public final class Aabb {
    /** Lower corner, m. */
    public double minX, minY, minZ;
    /** Upper corner, m. */
    public double maxX, maxY, maxZ;

    /** An empty box (min = +∞, max = −∞), which {@link #union} turns into the first box added. */
    public Aabb() {
        setEmpty();
    }

    /** A box with the given corners. */
    public Aabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        set(minX, minY, minZ, maxX, maxY, maxZ);
    }

    /** Sets both corners and returns this. */
    public Aabb set(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        this.minX = minX;
        this.minY = minY;
        this.minZ = minZ;
        this.maxX = maxX;
        this.maxY = maxY;
        this.maxZ = maxZ;
        return this;
    }

    /** Copies {@code other} and returns this. */
    public Aabb set(Aabb other) {
        return set(other.minX, other.minY, other.minZ, other.maxX, other.maxY, other.maxZ);
    }

    /** Makes the box empty and returns this. */
    public Aabb setEmpty() {
        return set(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY);
    }

    /** Grows this box to contain {@code other} and returns this. */
    public Aabb union(Aabb other) {
        return set(Math.min(minX, other.minX), Math.min(minY, other.minY), Math.min(minZ, other.minZ),
                Math.max(maxX, other.maxX), Math.max(maxY, other.maxY), Math.max(maxZ, other.maxZ));
    }

    /** True if the boxes overlap or touch. */
    public boolean overlaps(Aabb other) {
        return minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
                && minZ <= other.maxZ && other.minZ <= maxZ;
    }

    /** True if {@code other} lies inside this box (touching allowed). */
    public boolean contains(Aabb other) {
        return minX <= other.minX && minY <= other.minY && minZ <= other.minZ && other.maxX <= maxX
                && other.maxY <= maxY && other.maxZ <= maxZ;
    }

    /** True if the point lies inside or on the box. */
    public boolean contains(double x, double y, double z) {
        return minX <= x && x <= maxX && minY <= y && y <= maxY && minZ <= z && z <= maxZ;
    }

    /** Surface area, m², the cost measure of bounding volume trees. */
    public double surfaceArea() {
        double dx = maxX - minX, dy = maxY - minY, dz = maxZ - minZ;
        return 2.0 * (dx * dy + dy * dz + dz * dx);
    }

    @Override
    public String toString() {
        return "Aabb[(" + minX + ", " + minY + ", " + minZ + ") .. (" + maxX + ", " + maxY + ", " + maxZ + ")]";
    }
}
