package org.cairn.engine3d.internal.world;

import java.lang.reflect.Field;
import org.cairn.engine3d.World;

/** For tests of the engine's internals: the state behind a world's facade. */
public final class WorldStates {
    private WorldStates() {
    }

    /** The world's internal state (its private field, read by reflection). */
    public static WorldState of(World world) {
        try {
            Field field = World.class.getDeclaredField("state");
            field.setAccessible(true);
            return (WorldState) field.get(world);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("World has no state field to test through", e);
        }
    }
}
