package org.cairn.engine3d;

import org.joml.Vector3dc;

/**
 * Sees each touching contact before the solver does and may switch it off for this step (a
 * one-way platform lets a body through from below), set with {@link World#setPreSolve}. Called
 * once per touching contact per step, in contact order, on the thread that calls
 * {@link World#step()}, while the world is locked: it may read the world, but a call that changes
 * it throws {@link IllegalStateException}. A contact switched off pushes nothing this step and
 * counts as not touching (so it may begin touching again, with an event, when it is let be).
 * The continuous stage asks it too, about a fast body's first touch of a static shape (then the
 * separation is 0), so a fast body is let through as a slow one is.
 */
@FunctionalInterface
public interface PreSolveCallback {
    /**
     * Whether the contact between shapes a and b acts this step.
     *
     * @param normal     unit contact normal, from a to b (reused: copy it to keep it)
     * @param separation the smallest separation of its points, m (negative: overlap)
     */
    boolean preSolve(ShapeId a, ShapeId b, Vector3dc normal, double separation);
}
