package org.cairn.verification.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.joml.Vector3d;

/**
 * Seed 003's stability experiment: the pyramid of 55 unit boxes and the tower of 12, 10 s at 60 Hz,
 * for sequential impulses with 10 and 20 iterations (and 10 with 2 position iterations) and the soft
 * step with 1 and 4 substeps, each with warm starting on and off. Prints a markdown table.
 *
 * <p>Run: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl verification exec:java
 * -Dexec.mainClass=org.cairn.verification.experiment.StabilityExperiment}
 */
public final class StabilityExperiment {
    /** One configuration of the solver. */
    public record Config(String name, SolverKind solver, int substeps, int iterations, boolean warm,
                         int positionIterations) {
        /** A configuration without position iterations. */
        public Config(String name, SolverKind solver, int substeps, int iterations, boolean warm) {
            this(name, solver, substeps, iterations, warm, 0);
        }

        /** Contact solves per step: velocity (and position) iterations for sequential impulses; solve + relax per substep for the soft step. */
        public int solvesPerStep() {
            return solver == SolverKind.SOFT_STEP ? 2 * substeps : iterations + positionIterations;
        }
    }

    /** What one run measured. */
    public record Result(String structure, Config config, double furthestMeters, boolean fellOver, double sleepSeconds) {
    }

    private StabilityExperiment() {
    }

    /** The eight configurations of the seed. */
    public static List<Config> configurations() {
        List<Config> configs = new ArrayList<>();
        for (boolean warm : new boolean[] {true, false}) {
            configs.add(new Config("sequential impulses, 10 iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 10, warm));
            configs.add(new Config("sequential impulses, 20 iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 20, warm));
            configs.add(new Config("sequential impulses, 10 + 2 position iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 10,
                    warm, 2));
            configs.add(new Config("soft step, 1 substep", SolverKind.SOFT_STEP, 1, 1, warm));
            configs.add(new Config("soft step, 4 substeps", SolverKind.SOFT_STEP, 4, 1, warm));
        }
        return configs;
    }

    /** Runs one structure under one configuration for {@code seconds} at 60 Hz. */
    public static Result run(String structure, BiFunction<World, Integer, List<BodyId>> build, int size, Config config,
                             double seconds) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).timeStep(1.0 / 60.0).substeps(config.substeps())
                .solver(config.solver()).iterations(config.iterations()).positionIterations(config.positionIterations())
                .warmStarting(config.warm()).build());
        Stacks.ground(world);
        List<BodyId> boxes = build.apply(world, size);
        List<Vector3d> start = new ArrayList<>();
        for (BodyId box : boxes) {
            start.add(world.position(box, new Vector3d()));
        }
        double furthest = 0;
        double asleepAt = Double.NaN;
        Vector3d p = new Vector3d();
        int steps = (int) Math.round(seconds * 60);
        for (int step = 0; step < steps; step++) {
            world.step();
            boolean anyAwake = false;
            for (int i = 0; i < boxes.size(); i++) {
                furthest = Math.max(furthest, world.position(boxes.get(i), p).distance(start.get(i)));
                anyAwake |= world.isAwake(boxes.get(i));
            }
            if (!anyAwake && Double.isNaN(asleepAt)) {
                asleepAt = (step + 1) / 60.0;
            }
        }
        return new Result(structure, config, furthest, furthest > 1.0, asleepAt);
    }

    public static void main(String[] args) {
        System.out.println("| structure | solver | warm starting | furthest a box moved | fell over | asleep after "
                + "| solves per step |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
        for (Config config : configurations()) {
            for (int s = 0; s < 2; s++) {
                Result r = s == 0 ? run("pyramid (55)", Stacks::pyramid, 10, config, 10)
                        : run("tower (12)", Stacks::tower, 12, config, 10);
                System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %d |%n", r.structure(), config.name(),
                        config.warm() ? "on" : "off", distance(r.furthestMeters()), r.fellOver() ? "yes" : "no",
                        Double.isNaN(r.sleepSeconds()) ? "never" : String.format(Locale.ROOT, "%.2f s", r.sleepSeconds()),
                        config.solvesPerStep());
            }
        }
        sleepCost();
    }

    /** Step time of the settled pyramid asleep, against the same pyramid kept awake (medians). */
    static void sleepCost() {
        double asleep = settledStepMillis(true), awake = settledStepMillis(false);
        System.out.printf(Locale.ROOT, "%nSettled pyramid of 55, soft step, 4 substeps: %.4f ms per step asleep, "
                + "%.4f ms awake: %.1f%%%n", asleep, awake, 100 * asleep / awake);
    }

    private static double settledStepMillis(boolean sleeping) {
        World world = new World(WorldDef.builder().sleeping(sleeping).build());
        Stacks.ground(world);
        Stacks.pyramid(world, 10);
        for (int step = 0; step < 300; step++) {
            world.step();
        }
        double[] ms = new double[400];
        for (int i = 0; i < ms.length; i++) {
            long t0 = System.nanoTime();
            world.step();
            ms[i] = (System.nanoTime() - t0) * 1e-6;
        }
        java.util.Arrays.sort(ms);
        return ms[ms.length / 2];
    }

    private static String distance(double meters) {
        return meters < 1 ? String.format(Locale.ROOT, "%.1f mm", meters * 1000) : String.format(Locale.ROOT, "%.2f m", meters);
    }
}
