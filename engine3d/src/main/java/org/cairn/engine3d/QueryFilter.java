package org.cairn.engine3d;

/**
 * Which shapes a query sees: a shape is seen if its categories meet the filter's mask and the
 * filter's categories meet the shape's mask (the same rule as between two shapes).
 *
 * @param categoryBits the categories the query belongs to
 * @param maskBits     the categories the query sees
 */
public record QueryFilter(long categoryBits, long maskBits) {
    /** Sees every shape. */
    public static final QueryFilter ALL = new QueryFilter(-1L, -1L);
}
