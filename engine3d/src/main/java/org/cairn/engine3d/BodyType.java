package org.cairn.engine3d;

/** How a body moves. */
public enum BodyType {
    /** Never moves; infinite mass; velocities are always zero. */
    STATIC,
    /**
     * Moves with the velocities set on it, ignoring gravity, forces and contacts; infinite mass for
     * everything it touches.
     */
    KINEMATIC,
    /** Moved by gravity, forces, impulses and contacts; has finite mass and inertia. */
    DYNAMIC
}
