package org.cairn.engine3d.internal.collision.narrowphase;

/** Lengths that collision detection is tuned to; the public {@code Constants} repeats them. */
public final class CollisionConstants {
    /**
     * Overlap the solver tolerates, m (Box2D/Box3D: 0.005). Also the margin by which a face
     * contact must lose before an edge contact replaces it, so the two do not flip-flop.
     */
    public static final double LINEAR_SLOP_METERS = 0.005;
    /** Points are reported while their separation is below this, m: 4 × linear slop. */
    public static final double SPECULATIVE_DISTANCE_METERS = 4 * LINEAR_SLOP_METERS;

    private CollisionConstants() {
    }
}
