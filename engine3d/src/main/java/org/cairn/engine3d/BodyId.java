package org.cairn.engine3d;

/**
 * An opaque handle to a body of a {@link World}. It stays valid until the body is destroyed; after
 * that every call that takes it fails with an {@link IllegalArgumentException}, even when the slot
 * has been reused by a new body, because the generation differs.
 *
 * @param index      slot in the world's body storage
 * @param generation how many bodies used the slot before this one
 */
public record BodyId(int index, int generation) {
}
