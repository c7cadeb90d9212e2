package org.cairn.engine3d;

/**
 * An opaque handle to a shape attached to a body of a {@link World}; see {@link BodyId} for the
 * validity rules. A handle knows the world that made it, and only a world makes handles.
 */
public final class ShapeId extends Handle {
    ShapeId(int index, int generation, long world) {
        super(index, generation, world);
    }
}
