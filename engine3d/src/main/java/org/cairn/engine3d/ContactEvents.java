package org.cairn.engine3d;

import org.cairn.engine3d.internal.contact.ContactEventLog;
import org.cairn.engine3d.internal.world.WorldState;
import org.joml.Vector3d;

/**
 * What happened between shapes during the last step, in the order it happened: the pairs that
 * began touching, those that stopped (also because a shape or body was destroyed between the step
 * before and this one: those come first), and the hits, pairs whose shapes met at least {@link WorldDef#hitEventThreshold()}
 * fast. Obtained from {@link World#contactEvents()}; reused, valid until the next step, and read
 * without allocating.
 *
 * <p>Each event names its shapes and bodies by the ids they had when it happened. An end event's
 * shape may have been destroyed since: its id is then refused by the world ({@link
 * World#isValid(ShapeId)} is false), and never names a shape made later in the same slot.
 */
public final class ContactEvents {
    private final World world;
    private final WorldState state;

    ContactEvents(World world, WorldState state) {
        this.world = world;
        this.state = state;
    }

    /** Number of begin-touch events. */
    public int beginCount() {
        return state.contacts.beginEvents.size();
    }

    /** Shape A of begin event i. */
    public ShapeId beginShapeA(int i) {
        return shape(state.contacts.beginEvents, i, 0);
    }

    /** Shape B of begin event i. */
    public ShapeId beginShapeB(int i) {
        return shape(state.contacts.beginEvents, i, 1);
    }

    /** The body of shape A of begin event i. */
    public BodyId beginBodyA(int i) {
        return body(state.contacts.beginEvents, i, 0);
    }

    /** The body of shape B of begin event i. */
    public BodyId beginBodyB(int i) {
        return body(state.contacts.beginEvents, i, 1);
    }

    /** Number of end-touch events. */
    public int endCount() {
        return state.contacts.endEvents.size();
    }

    /** Shape A of end event i (perhaps destroyed since: see the class comment). */
    public ShapeId endShapeA(int i) {
        return shape(state.contacts.endEvents, i, 0);
    }

    /** Shape B of end event i (perhaps destroyed since). */
    public ShapeId endShapeB(int i) {
        return shape(state.contacts.endEvents, i, 1);
    }

    /** The body of shape A of end event i (perhaps destroyed since). */
    public BodyId endBodyA(int i) {
        return body(state.contacts.endEvents, i, 0);
    }

    /** The body of shape B of end event i (perhaps destroyed since). */
    public BodyId endBodyB(int i) {
        return body(state.contacts.endEvents, i, 1);
    }

    /**
     * Slot index of shape A of end event i.
     *
     * @deprecated the slot may hold another shape by the time it is read; use {@link #endShapeA(int)}
     */
    @Deprecated
    public int endShapeIndexA(int i) {
        return state.contacts.endEvents.shape(check(state.contacts.endEvents, i), 0);
    }

    /**
     * Slot index of shape B of end event i.
     *
     * @deprecated as {@link #endShapeIndexA(int)}; use {@link #endShapeB(int)}
     */
    @Deprecated
    public int endShapeIndexB(int i) {
        return state.contacts.endEvents.shape(check(state.contacts.endEvents, i), 1);
    }

    /** Number of hit events: touching pairs that met at least {@link WorldDef#hitEventThreshold()} fast. */
    public int hitCount() {
        return state.contacts.hitEvents.size();
    }

    /** Shape A of hit i. */
    public ShapeId hitShapeA(int i) {
        return shape(state.contacts.hitEvents, i, 0);
    }

    /** Shape B of hit i. */
    public ShapeId hitShapeB(int i) {
        return shape(state.contacts.hitEvents, i, 1);
    }

    /** The body of shape A of hit i. */
    public BodyId hitBodyA(int i) {
        return body(state.contacts.hitEvents, i, 0);
    }

    /** The body of shape B of hit i. */
    public BodyId hitBodyB(int i) {
        return body(state.contacts.hitEvents, i, 1);
    }

    /**
     * Writes where hit i's shapes met into {@code dest}: the contact point that approached fastest
     * (world, m), midway between the surfaces as the step began, when they may still have been
     * apart by as much as they closed during the step.
     */
    public Vector3d hitPoint(int i, Vector3d dest) {
        ContactEventLog log = state.contacts.hitEvents;
        check(log, i);
        return dest.set(log.hit(i, 0), log.hit(i, 1), log.hit(i, 2));
    }

    /** Writes hit i's contact normal (unit, from shape A to shape B) into {@code dest}. */
    public Vector3d hitNormal(int i, Vector3d dest) {
        ContactEventLog log = state.contacts.hitEvents;
        check(log, i);
        return dest.set(log.hit(i, 3), log.hit(i, 4), log.hit(i, 5));
    }

    /** How fast hit i's shapes approached along the normal before the step, m/s (at least the threshold). */
    public double hitApproachSpeed(int i) {
        ContactEventLog log = state.contacts.hitEvents;
        check(log, i);
        return log.hit(i, 6);
    }

    private ShapeId shape(ContactEventLog log, int i, int side) {
        return world.eventShape(log, i, side);
    }

    private BodyId body(ContactEventLog log, int i, int side) {
        return world.eventBody(log, i, side);
    }

    private static int check(ContactEventLog log, int i) {
        World.checkEvent(log, i);
        return i;
    }
}
