package org.cairn.engine3d;

/**
 * What {@link BodyId} and {@link ShapeId} share: a slot, the generation of its occupant, and the
 * serial number of the world that made the handle. Two handles are equal when they are of the
 * same kind and agree in all three.
 */
abstract class Handle {
    private final int index;
    private final int generation;
    private final long world;

    Handle(int index, int generation, long world) {
        this.index = index;
        this.generation = generation;
        this.world = world;
    }

    /** The slot in the world's storage. */
    public int index() {
        return index;
    }

    /** How many objects used the slot before this one. */
    public int generation() {
        return generation;
    }

    /** The serial number of the world that made the handle. */
    long world() {
        return world;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((Handle) o).index == index
                && ((Handle) o).generation == generation && ((Handle) o).world == world;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * index + generation) + Long.hashCode(world);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[index=" + index + ", generation=" + generation + "]";
    }
}
