package org.cairn.engine3d;

import org.joml.Vector3d;

/**
 * One result of a query, reused by the world between results (copy what you keep). For ray and shape casts
 * the point, normal and fraction are set; for overlap queries only the shape and body.
 */
public final class QueryHit {
    int shapeIndex, shapeGeneration, bodyIndex, bodyGeneration;
    ShapeId shape;
    BodyId body;
    /** Where the ray hit, m, world frame. */
    public final Vector3d point = new Vector3d();
    /** Outward unit surface normal at the hit, world frame. */
    public final Vector3d normal = new Vector3d();
    /** Fraction of the ray's (or swept shape's) translation at the hit, in [0, 1]. */
    public double fraction;

    /** The shape hit. */
    public ShapeId shape() {
        return shape;
    }

    /** The body of the shape hit. */
    public BodyId body() {
        return body;
    }

    /** Copies another hit into this one and returns this. */
    public QueryHit set(QueryHit other) {
        shapeIndex = other.shapeIndex;
        shapeGeneration = other.shapeGeneration;
        bodyIndex = other.bodyIndex;
        bodyGeneration = other.bodyGeneration;
        shape = other.shape;
        body = other.body;
        point.set(other.point);
        normal.set(other.normal);
        fraction = other.fraction;
        return this;
    }

    @Override
    public String toString() {
        return "QueryHit[shape=" + shape() + ", point=" + point + ", normal=" + normal + ", fraction=" + fraction + "]";
    }
}
