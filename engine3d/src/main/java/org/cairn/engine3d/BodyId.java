package org.cairn.engine3d;

/**
 * An opaque handle to a body of a {@link World}. It stays valid until the body is destroyed; after
 * that every call that takes it fails with an {@link IllegalArgumentException}, even when the slot
 * has been reused by a new body, because the generation differs. A handle knows the world that made
 * it, so another world refuses it instead of taking it for one of its own bodies; only a world
 * makes handles.
 */
public final class BodyId extends Handle {
    BodyId(int index, int generation, long world) {
        super(index, generation, world);
    }
}
