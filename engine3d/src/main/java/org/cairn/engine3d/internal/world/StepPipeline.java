package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.body.Integrator;

/**
 * One fixed step as a visible sequence of {@link StepStage}s, timed per stage. Owns only scratch
 * memory; allocates nothing after construction.
 */
public final class StepPipeline {
    private final long[] stageNanos = new long[StepStage.values().length];
    private final double[] scratch9 = new double[9];
    private static final StepStage[] STAGES = StepStage.values();

    /**
     * Advances the world by dt seconds split into {@code substeps} equal substeps. The angular
     * speed clamp is maxRotationPerStep/dt, measured on the whole step as in Box2D, so it does not
     * loosen with more substeps.
     */
    public void step(WorldState world, double dt, int substeps) {
        BodyStore bodies = world.bodies;
        double gx = world.gravityX, gy = world.gravityY, gz = world.gravityZ;
        double maxLinearSpeed = world.maxLinearSpeed;
        Arrays.fill(stageNanos, 0L);
        double h = dt / substeps;
        double maxAngularSpeed = world.maxRotationPerStep / dt;
        long t0 = System.nanoTime();
        Integrator.savePreviousPoses(bodies);
        world.clearEvents();
        long t1 = System.nanoTime();
        stageNanos[StepStage.BEGIN_STEP.ordinal()] += t1 - t0;
        world.updatePairs();
        long tPairs = System.nanoTime();
        stageNanos[StepStage.UPDATE_PAIRS.ordinal()] += tPairs - t1;
        world.collide();
        stageNanos[StepStage.COLLIDE.ordinal()] += System.nanoTime() - tPairs;
        for (int k = 0; k < substeps; k++) {
            long a = System.nanoTime();
            Integrator.integrateVelocities(bodies, gx, gy, gz, h, maxLinearSpeed, maxAngularSpeed);
            long b = System.nanoTime();
            Integrator.integratePositions(bodies, h);
            long c = System.nanoTime();
            stageNanos[StepStage.INTEGRATE_VELOCITIES.ordinal()] += b - a;
            stageNanos[StepStage.INTEGRATE_POSITIONS.ordinal()] += c - b;
        }
        long t2 = System.nanoTime();
        Integrator.finalizeBodies(bodies, scratch9);
        long t3 = System.nanoTime();
        world.continuous.solve();
        long t4 = System.nanoTime();
        stageNanos[StepStage.CONTINUOUS.ordinal()] += t4 - t3;
        for (int i = 0; i < bodies.highWater; i++) {
            if (bodies.alive[i] && bodies.type[i] != BodyStore.STATIC && bodies.awake[i]) {
                world.refreshProxies(i, false);
            }
        }
        stageNanos[StepStage.FINALIZE_BODIES.ordinal()] += (t3 - t2) + (System.nanoTime() - t4);
    }

    /** Milliseconds spent in {@code stage} during the last step. */
    public double stageMillis(StepStage stage) {
        return stageNanos[stage.ordinal()] * 1e-6;
    }

    /** The stages in execution order. */
    public static StepStage stage(int ordinal) {
        return STAGES[ordinal];
    }
}
