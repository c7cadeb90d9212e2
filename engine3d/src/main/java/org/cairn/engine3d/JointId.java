package org.cairn.engine3d;

/**
 * An opaque handle to a joint of a {@link World}, valid until the joint (or one of its bodies) is
 * destroyed; generation-checked and bound to its world like {@link BodyId}.
 */
public final class JointId extends Handle {
    JointId(int index, int generation, long world) {
        super(index, generation, world);
    }
}
