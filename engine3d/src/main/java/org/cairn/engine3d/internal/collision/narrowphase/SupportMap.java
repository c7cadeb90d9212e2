package org.cairn.engine3d.internal.collision.narrowphase;

/**
 * A convex set known by its support mapping: the point of the set farthest along a direction.
 * What {@link Gjk} and {@link Epa} need of a shape whose surface is not a list of vertices (a
 * cylinder's round side).
 */
interface SupportMap {
    /**
     * Writes the point of the set farthest along (dx, dy, dz) into out[o .. o+3) (any of them on a
     * tie, the same one for the same direction).
     */
    void support(double dx, double dy, double dz, double[] out, int o);
}
