package org.cairn.engine3d;

/**
 * An opaque handle to a shape attached to a body; see {@link BodyId} for the validity rules.
 *
 * @param index      slot in the world's shape storage
 * @param generation how many shapes used the slot before this one
 */
public record ShapeId(int index, int generation) {
}
