package org.cairn.engine3d.internal.world;

/** The named stages of one step, in order; the profile keeps milliseconds per stage. */
public enum StepStage {
    /** Remember each body's pose for render interpolation. */
    BEGIN_STEP,
    /** Broadphase: overlaps of moved proxies become new contacts. */
    UPDATE_PAIRS,
    /** Narrowphase: fresh manifolds, impulses matched by feature id, touch events. */
    COLLIDE,
    /** Once per step: contact constraints (anchors, masses, tangents, warm-start impulses). */
    PREPARE_CONTACTS,
    /** Per substep: forces, gravity, damping, gyroscopic torque, speed clamps. */
    INTEGRATE_VELOCITIES,
    /** Per substep: last impulses applied again. */
    WARM_START,
    /** Per substep: the biased pass (soft step) or the iterations (sequential impulses). */
    SOLVE,
    /** Per substep: centres and orientations from the new velocities. */
    INTEGRATE_POSITIONS,
    /** Per substep: the pass without bias, with friction (soft step only). */
    RELAX,
    /** Once per step: bounce for points that hit fast (soft step only). */
    RESTITUTION,
    /** Once per step: impulses kept for the next step's warm start. */
    STORE_IMPULSES,
    /** Origins from centres, world inverse inertia from orientations, forces cleared, proxies refreshed. */
    FINALIZE_BODIES,
    /** Fast bodies against static shapes: time of impact, pose pulled back. */
    CONTINUOUS,
    /** Islands from touching contacts; resting islands fall asleep, touched ones wake. */
    SLEEP
}
