package org.cairn.engine3d.geometry;

/**
 * A convex solid in its own local frame, with its centre of mass at a documented place. Shapes are
 * immutable values: one shape may be attached to many bodies.
 */
public sealed interface Shape permits Sphere, Box, Capsule, Cylinder, ConvexHull {
    /** Volume in m³. */
    double volume();

    /**
     * Mass properties of the shape filled uniformly with {@code density} (kg/m³), in the shape's
     * local frame.
     *
     * @throws IllegalArgumentException if density is not positive and finite
     */
    MassProperties massProperties(double density);
}
