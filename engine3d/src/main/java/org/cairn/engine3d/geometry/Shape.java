package org.cairn.engine3d.geometry;

import org.joml.Vector3d;

/**
 * A convex solid in its own local frame, with its centre of mass at a documented place. Shapes are
 * immutable values: one shape may be attached to many bodies.
 */
public sealed interface Shape permits Sphere, Box, Capsule, Cylinder, ConvexHull, TriangleMesh {
    /**
     * The largest dimension or coordinate a shape may have, m (1000 km). The collision routines
     * multiply lengths together; far beyond this, products overflow and a body resting on such a
     * shape would get a non-finite state, so the shape is refused where it is made instead.
     */
    double MAX_LENGTH_METERS = 1e6;

    /** Volume in m³. */
    double volume();

    /**
     * Mass properties of the shape filled uniformly with {@code density} (kg/m³), in the shape's
     * local frame.
     *
     * @throws IllegalArgumentException if density is not positive and finite
     */
    MassProperties massProperties(double density);

    /**
     * Writes the point of the shape farthest along the direction (dx, dy, dz), local frame, into
     * {@code dest} and returns it. A zero direction gives some point of the surface. Ties go to
     * the first candidate (lowest vertex index, positive side), so the result is deterministic.
     */
    Vector3d support(double dx, double dy, double dz, Vector3d dest);

    /** Writes the tight bounding box of the shape in its local frame into {@code dest} and returns it. */
    Aabb localBounds(Aabb dest);

    /**
     * Writes a bounding box of the shape placed at position p (m) with unit rotation q into
     * {@code dest} and returns it. Exact for spheres, boxes, capsules and cylinders; for hulls the
     * rotated local box, which is cheap and at most √3 times too wide.
     */
    Aabb bounds(double px, double py, double pz, double qx, double qy, double qz, double qw, Aabb dest);
}
