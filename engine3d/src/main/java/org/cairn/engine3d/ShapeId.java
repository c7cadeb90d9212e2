package org.cairn.engine3d;

/**
 * An opaque handle to a shape attached to a body of a {@link World}; see {@link BodyId} for the
 * validity rules. A handle knows the world that made it, and only a world makes handles.
 */
public final class ShapeId {
    private final int index;
    private final int generation;
    private final long world;

    ShapeId(int index, int generation, long world) {
        this.index = index;
        this.generation = generation;
        this.world = world;
    }

    /** The slot in the world's shape storage. */
    public int index() {
        return index;
    }

    /** How many shapes used the slot before this one. */
    public int generation() {
        return generation;
    }

    /** The serial number of the world that made the handle. */
    long world() {
        return world;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShapeId s && s.index == index && s.generation == generation && s.world == world;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * index + generation) + Long.hashCode(world);
    }

    @Override
    public String toString() {
        return "ShapeId[index=" + index + ", generation=" + generation + "]";
    }
}
