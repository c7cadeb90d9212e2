package org.cairn.engine3d.internal.collision.narrowphase;

/**
 * The contact between two shapes at one instant: a unit normal pointing from shape A to shape B
 * and up to four points. A point sits midway between the two surfaces; its separation is the
 * signed gap along the normal (negative when the shapes overlap); its feature id names the pair
 * of features that produced it and stays the same while the same features touch.
 *
 * <p>Collide functions write into a reused instance; the contact store copies it into its arrays.
 */
public final class Manifold {
    /** At most this many points. */
    public static final int MAX_POINTS = 4;

    public double normalX, normalY, normalZ;
    public int pointCount;
    /** World position of each point, xyz packed, m. */
    public final double[] position = new double[3 * MAX_POINTS];
    /** Separation of each point along the normal, m. */
    public final double[] separation = new double[MAX_POINTS];
    public final int[] featureId = new int[MAX_POINTS];
    /**
     * When the manifold is empty because the shapes are apart: a proven lower bound on the
     * distance between them, m (the gap along a separating axis, or the exact distance);
     * {@code -Infinity} when the collide function proved nothing.
     */
    public double apartGap = Double.NEGATIVE_INFINITY;

    /** Empties the manifold. */
    public void clear() {
        pointCount = 0;
        apartGap = Double.NEGATIVE_INFINITY;
    }

    /** Leaves the manifold empty, the shapes proven at least {@code gap} apart, m. */
    public void apart(double gap) {
        pointCount = 0;
        apartGap = gap;
    }

    /** Appends a point. */
    public void add(double x, double y, double z, double s, int id) {
        int k = pointCount++;
        position[3 * k] = x;
        position[3 * k + 1] = y;
        position[3 * k + 2] = z;
        separation[k] = s;
        featureId[k] = id;
    }

    /** Sets the normal. */
    public void normal(double x, double y, double z) {
        normalX = x;
        normalY = y;
        normalZ = z;
    }
}
