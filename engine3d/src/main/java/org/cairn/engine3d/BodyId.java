package org.cairn.engine3d;

/**
 * An opaque handle to a body of a {@link World}. It stays valid until the body is destroyed; after
 * that every call that takes it fails with an {@link IllegalArgumentException}, even when the slot
 * has been reused by a new body, because the generation differs. A handle knows the world that made
 * it, so another world refuses it instead of taking it for one of its own bodies; only a world
 * makes handles.
 */
public final class BodyId {
    private final int index;
    private final int generation;
    private final long world;

    BodyId(int index, int generation, long world) {
        this.index = index;
        this.generation = generation;
        this.world = world;
    }

    /** The slot in the world's body storage. */
    public int index() {
        return index;
    }

    /** How many bodies used the slot before this one. */
    public int generation() {
        return generation;
    }

    /** The serial number of the world that made the handle. */
    long world() {
        return world;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BodyId b && b.index == index && b.generation == generation && b.world == world;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * index + generation) + Long.hashCode(world);
    }

    @Override
    public String toString() {
        return "BodyId[index=" + index + ", generation=" + generation + "]";
    }
}
