package org.cairn.engine3d;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Shape;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Receives what the world is made of, for drawing it ({@link World#draw(DebugDraw, int)}): each
 * method has an empty default, so a drawer implements what it shows. Arguments are reused
 * between calls (copy what you keep); the world is locked while it draws.
 */
public interface DebugDraw {
    /** Draw every shape. */
    int SHAPES = 1;
    /** Draw each shape's bounding box. */
    int BOUNDS = 2;
    /** Draw the touching contacts' points, normals and impulses. */
    int CONTACTS = 4;
    /** Draw the joints. */
    int JOINTS = 8;
    /** Draw each dynamic body's centre of mass. */
    int CENTERS = 16;
    /** All of the above. */
    int ALL = SHAPES | BOUNDS | CONTACTS | JOINTS | CENTERS;

    /** A shape's geometry, placed in the world; {@code awake} false for a sleeping or static body. */
    default void shape(ShapeId shape, Shape geometry, Vector3dc position, Quaterniondc rotation, boolean awake) {
    }

    /** A shape's tight bounding box (world, m). */
    default void bounds(ShapeId shape, Aabb box) {
    }

    /**
     * A point of a touching contact between shapes a and b: where (midway between the surfaces),
     * the unit normal from a to b, the normal impulse over the last step (N·s) and the separation (m).
     */
    default void contactPoint(ShapeId a, ShapeId b, Vector3dc point, Vector3dc normal, double normalImpulse, double separation) {
    }

    /** A joint, from where it holds body A to where it holds body B (world, m). */
    default void joint(JointId joint, JointKind kind, Vector3dc anchorA, Vector3dc anchorB) {
    }

    /** A dynamic body's centre of mass (world, m). */
    default void centerOfMass(BodyId body, Vector3dc center) {
    }
}
