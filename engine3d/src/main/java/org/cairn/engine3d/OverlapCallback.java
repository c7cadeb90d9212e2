package org.cairn.engine3d;

/** Receives the shapes an overlap query finds, in no particular order. */
@FunctionalInterface
public interface OverlapCallback {
    /**
     * Called for each shape found; return false to stop the query.
     *
     * @param hit reused by the world; its shape and body are set
     */
    boolean onOverlap(QueryHit hit);
}
