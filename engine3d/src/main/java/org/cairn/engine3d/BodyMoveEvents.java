package org.cairn.engine3d;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * The bodies the last step moved (those awake during it, kinematic ones included), for syncing a
 * renderer or a game's objects without visiting every body: sleeping bodies are not listed, and a
 * body that fell asleep in the step is listed once more, flagged. Obtained from
 * {@link World#bodyMoveEvents()}; reused, valid until the next step, read without allocating.
 */
public final class BodyMoveEvents {
    private final World world;
    private final WorldState state;
    private int[] generation = new int[64];
    private boolean[] asleep = new boolean[64];
    private int count;

    BodyMoveEvents(World world, WorldState state) {
        this.world = world;
        this.state = state;
    }

    /** Takes the step's moved bodies as they are at its end. */
    void record() {
        BodyStore bodies = state.bodies;
        count = state.activeCount;
        if (generation.length < count) {
            generation = new int[Math.max(count, 2 * generation.length)];
            asleep = new boolean[generation.length];
        }
        for (int a = 0; a < count; a++) {
            int i = state.activeBodies[a];
            generation[a] = bodies.generation[i];
            asleep[a] = !bodies.awake[i];
        }
    }

    /** Number of bodies the last step moved. */
    public int count() {
        return count;
    }

    /** Body i (perhaps destroyed since the step: {@link World#isValid(BodyId)} says). */
    public BodyId body(int i) {
        check(i);
        return world.bodyIdOf(state.activeBodies[i], generation[i]);
    }

    /** Whether body i fell asleep at the end of the step (it will not move again until woken). */
    public boolean fellAsleep(int i) {
        check(i);
        return asleep[i];
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IllegalArgumentException("event must be in [0, " + count + "), got " + i);
        }
    }
}
