package org.cairn.engine3d;

import org.cairn.engine3d.internal.check.Check;

import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.world.WorldState;
import org.joml.Vector3d;

/**
 * A read-only view of the touching contacts after the last step, indexed 0..{@link #count()}−1 in
 * a deterministic order. Reading it allocates nothing (handles are cached per slot). Obtained from {@link World#contacts()}; reused, valid until the next step
 * or world change. Each contact has a unit normal pointing from shape A to shape B and up to four
 * points; a point's separation is negative when the shapes overlap.
 */
public final class Contacts {
    private static final int P = Manifold.MAX_POINTS;
    private final World world;
    private final WorldState state;
    private int[] touching = new int[16];
    private int touchingCount;
    private long builtAtStep = -1;
    private int builtAtCount = -1;

    Contacts(World world, WorldState state) {
        this.world = world;
        this.state = state;
    }

    private void refresh() {
        ContactStore cs = state.contacts;
        if (builtAtStep == world.stepCount() && builtAtCount == cs.count) {
            return;
        }
        if (touching.length < cs.count) {
            touching = new int[2 * cs.count];
        }
        touchingCount = 0;
        for (int c = 0; c < cs.count; c++) {
            if (cs.touching[c]) {
                touching[touchingCount++] = c;
            }
        }
        builtAtStep = world.stepCount();
        builtAtCount = cs.count;
    }

    private int contact(int i) {
        refresh();
        if (i < 0 || i >= touchingCount) {
            throw new IllegalArgumentException("contact must be in [0, " + touchingCount + "), got " + i);
        }
        return touching[i];
    }

    /** Number of touching contacts. */
    public int count() {
        refresh();
        return touchingCount;
    }

    /** Shape A of contact i. */
    public ShapeId shapeA(int i) {
        return world.shapeIdAt(state.contacts.shapeA[contact(i)]);
    }

    /** Shape B of contact i. */
    public ShapeId shapeB(int i) {
        return world.shapeIdAt(state.contacts.shapeB[contact(i)]);
    }

    /** Body of shape A of contact i. */
    public BodyId bodyA(int i) {
        return world.bodyIdOfShape(state.contacts.shapeA[contact(i)]);
    }

    /** Body of shape B of contact i. */
    public BodyId bodyB(int i) {
        return world.bodyIdOfShape(state.contacts.shapeB[contact(i)]);
    }

    /** Writes contact i's unit normal (from A to B) into {@code dest} and returns it. */
    public Vector3d normal(int i, Vector3d dest) {
        Check.notNull("dest", dest);
        int c = contact(i);
        double[] n = state.contacts.normal;
        return dest.set(n[3 * c], n[3 * c + 1], n[3 * c + 2]);
    }

    /** Number of points of contact i (1 to 4). */
    public int pointCount(int i) {
        return state.contacts.pointCount[contact(i)];
    }

    private int point(int i, int k) {
        int c = contact(i);
        if (k < 0 || k >= state.contacts.pointCount[c]) {
            throw new IllegalArgumentException("point must be in [0, " + state.contacts.pointCount[c] + "), got " + k);
        }
        return P * c + k;
    }

    /** Writes point k of contact i (world, m, midway between the surfaces) into {@code dest}. */
    public Vector3d point(int i, int k, Vector3d dest) {
        Check.notNull("dest", dest);
        int p = point(i, k);
        double[] x = state.contacts.position;
        return dest.set(x[3 * p], x[3 * p + 1], x[3 * p + 2]);
    }

    /** Separation of point k of contact i along the normal, m (negative: overlap). */
    public double separation(int i, int k) {
        return state.contacts.separation[point(i, k)];
    }

    /** Feature id of point k of contact i: the same while the same features touch. */
    public int featureId(int i, int k) {
        return state.contacts.featureId[point(i, k)];
    }

    /** Normal impulse of point k of contact i over the last step (summed over substeps), N·s; never negative. */
    public double normalImpulse(int i, int k) {
        return state.contacts.stepNormalImpulse[point(i, k)];
    }

    /**
     * Friction impulse of point k of contact i along tangent {@code axis} (0 or 1) over the last
     * step, N·s. The tangents are a fixed function of the normal: t₁ ⊥ n, t₂ = t₁ × n. Friction
     * acts at one point per contact, the mean of its points (Box3D's central friction); the step's
     * friction is shared among the points in proportion to their normal impulses over the step, so
     * the sum over the points is the contact's friction and each point's share lies in its cone,
     * |Pt| ≤ μ·Pn. The
     * friction's turn about the normal is {@link #twistImpulse}.
     */
    public double tangentImpulse(int i, int k, int axis) {
        if (axis != 0 && axis != 1) {
            throw new IllegalArgumentException("axis must be 0 or 1, got " + axis);
        }
        return state.contacts.stepTangentImpulse[2 * point(i, k) + axis];
    }

    /**
     * The angular impulse friction applied about the normal of contact i over the last step, N·m·s
     * (from A to B: positive turns B counterclockwise about n): the resistance to the two shapes
     * spinning against each other, at most μ times the sum of each point's normal impulse times its
     * distance from the friction point.
     */
    public double twistImpulse(int i) {
        return state.contacts.stepTwistImpulse[contact(i)];
    }

    /** Friction coefficient of contact i, its two shapes' mixed by the world's rule: the cone is |Pt| ≤ μ·Pn per point. */
    public double friction(int i) {
        return state.contacts.friction[contact(i)];
    }

    /** Restitution of contact i, its two shapes' mixed by the world's rule. */
    public double restitution(int i) {
        return state.contacts.restitution[contact(i)];
    }
}
