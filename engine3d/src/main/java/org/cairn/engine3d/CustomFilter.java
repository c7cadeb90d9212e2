package org.cairn.engine3d;

/**
 * Decides, for two shapes the world's own filters let collide, whether they may (set with
 * {@link World#setCustomFilter}). Called when their bounding boxes first overlap, on the thread
 * that calls {@link World#step()}, while the world is locked: it may read the world (and its own
 * data), but a call that changes the world throws {@link IllegalStateException}. A pair it refuses
 * gets no contact until the boxes part and meet again.
 */
@FunctionalInterface
public interface CustomFilter {
    /** Whether shapes a and b may collide. */
    boolean shouldCollide(ShapeId a, ShapeId b);
}
