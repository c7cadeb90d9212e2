package org.cairn.engine3d;

import java.util.Arrays;

/**
 * Where the time of one step went, stage by stage, in milliseconds of wall-clock time: what a
 * benchmark prints and what a user reads to see which part of the step to make cheaper. Filled by
 * {@link World#profile(StepProfile)}; reuse one instance, it allocates nothing when filled.
 */
public final class StepProfile {
    /** The stages of a step, in the order they run (stages per substep are summed over substeps). */
    public enum Stage {
        /** Poses remembered for render interpolation, events of the last step cleared. */
        BEGIN_STEP,
        /** Broadphase: moved proxies queried, new overlapping pairs become contacts. */
        UPDATE_PAIRS,
        /** Narrowphase: manifolds of every awake contact, begin and end touching. */
        COLLIDE,
        /** Contact constraints built once per step: anchors, masses, tangents, warm-start impulses. */
        PREPARE_CONTACTS,
        /** Per substep: gravity, forces, damping, gyroscopic torque, speed clamps. */
        INTEGRATE_VELOCITIES,
        /** Per substep: last impulses applied again. */
        WARM_START,
        /** Per substep: the biased pass (soft step) or the iterations (sequential impulses). */
        SOLVE,
        /** Per substep: centres and orientations moved by the new velocities. */
        INTEGRATE_POSITIONS,
        /** Per substep: the passes without bias, with friction (soft step only). */
        RELAX,
        /** Once per step: bounce for points that hit fast (soft step only). */
        RESTITUTION,
        /** Once per step: impulses kept for the next step's warm start. */
        STORE_IMPULSES,
        /** Inertia and shape boxes refreshed from the new poses, forces cleared. */
        FINALIZE_BODIES,
        /** Fast bodies against static shapes: time of impact, pose pulled back. */
        CONTINUOUS,
        /** Islands at rest fall asleep, touched ones wake. */
        SLEEP
    }

    private static final Stage[] STAGES = Stage.values();
    private final double[] millis = new double[STAGES.length];

    /** Milliseconds the last step spent in {@code stage}. */
    public double millis(Stage stage) {
        if (stage == null) {
            throw new IllegalArgumentException("stage must not be null");
        }
        return millis[stage.ordinal()];
    }

    /** Milliseconds of the whole last step: the sum over its stages. */
    public double totalMillis() {
        double sum = 0;
        for (double m : millis) {
            sum += m;
        }
        return sum;
    }

    /** Sets every stage's time at once, in {@link Stage} order (the world fills it). */
    void set(double[] stageMillis) {
        System.arraycopy(stageMillis, 0, millis, 0, millis.length);
    }

    /** Sets every stage to zero. */
    public StepProfile clear() {
        Arrays.fill(millis, 0);
        return this;
    }

    /** Adds another profile's times to this one, stage by stage (to sum or average many steps). */
    public StepProfile add(StepProfile other) {
        for (int i = 0; i < millis.length; i++) {
            millis[i] += other.millis[i];
        }
        return this;
    }

    /** Multiplies every stage's time by {@code factor} (1/n turns a sum of n steps into a mean). */
    public StepProfile scale(double factor) {
        for (int i = 0; i < millis.length; i++) {
            millis[i] *= factor;
        }
        return this;
    }
}
