package org.cairn.engine3d;

/** Receives the shapes a ray hits, in no particular order. */
@FunctionalInterface
public interface RayCastCallback {
    /**
     * Called for each hit. Return the hit's fraction to look only for closer hits, 1 to see
     * every hit, 0 to stop, or a negative number to ignore this hit and go on unchanged.
     *
     * @param hit reused by the world; copy what you keep
     */
    double onHit(QueryHit hit);
}
