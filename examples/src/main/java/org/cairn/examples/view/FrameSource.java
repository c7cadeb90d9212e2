package org.cairn.examples.view;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the viewer shows: the scene's description (world settings, bodies with their shapes) and
 * its frames, one per simulated step, numbered from 0 (the initial state).
 */
public interface FrameSource {
    /** {@code {"world": {...}, "bodies": [{"name", "type", "mass", "shapes": [...]}, ...], "joints": [...]}}. */
    ObjectNode description();

    /**
     * Frame {@code index}: {@code {"step", "time", "bodies": [[px, py, pz, qx, qy, qz, qw, awake], ...],
     * "velocities": [[vx, vy, vz, wx, wy, wz], ...], "contacts": [{"a", "b", "p", "n", "impulse"}, ...],
     * "kinetic", "potential", "ms"}}, bodies in the description's order; null past the last frame
     * there will ever be.
     */
    ObjectNode frame(int index);

    /** How many frames there can be at most (the first {@code limit()} indices may be asked for). */
    int limit();
}
