package org.cairn.engine3d;

import org.cairn.engine3d.internal.container.LongArray;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * The shape pairs that began and ended touching during the last step, in the order they happened.
 * Obtained from {@link World#contactEvents()}; reused, valid until the next step.
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

    /** Shape A (the lower slot) of begin event i. */
    public ShapeId beginShapeA(int i) {
        return world.shapeIdAt((int) (event(state.contacts.beginEvents, i) >>> 32));
    }

    /** Shape B of begin event i. */
    public ShapeId beginShapeB(int i) {
        return world.shapeIdAt((int) event(state.contacts.beginEvents, i));
    }

    /** Number of end-touch events. */
    public int endCount() {
        return state.contacts.endEvents.size();
    }

    /**
     * Slot index of shape A of end event i. (The shape may have been destroyed, which ends its
     * contacts, so an id could be stale; the slot index is what the event can promise.)
     */
    public int endShapeIndexA(int i) {
        return (int) (event(state.contacts.endEvents, i) >>> 32);
    }

    /** Slot index of shape B of end event i. */
    public int endShapeIndexB(int i) {
        return (int) event(state.contacts.endEvents, i);
    }

    private static long event(LongArray events, int i) {
        if (i < 0 || i >= events.size()) {
            throw new IllegalArgumentException("event must be in [0, " + events.size() + "), got " + i);
        }
        return events.get(i);
    }
}
