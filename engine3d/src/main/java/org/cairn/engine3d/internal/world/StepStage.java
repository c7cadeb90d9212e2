package org.cairn.engine3d.internal.world;

/** The named stages of one step, in order; the profile keeps milliseconds per stage. */
public enum StepStage {
    /** Remember each body's pose for render interpolation. */
    BEGIN_STEP,
    /** Broadphase: overlaps of moved proxies become new contacts. */
    UPDATE_PAIRS,
    /** Narrowphase: fresh manifolds, impulses matched by feature id, touch events. */
    COLLIDE,
    /** Per substep: forces, gravity, damping, gyroscopic torque, speed clamps. */
    INTEGRATE_VELOCITIES,
    /** Per substep: centres and orientations from the new velocities. */
    INTEGRATE_POSITIONS,
    /** Origins from centres, world inverse inertia from orientations, forces cleared, proxies refreshed. */
    FINALIZE_BODIES,
    /** Fast bodies against static shapes: time of impact, pose pulled back. */
    CONTINUOUS
}
