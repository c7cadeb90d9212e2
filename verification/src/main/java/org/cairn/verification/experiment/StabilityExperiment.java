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
 * The stability experiment (after Catto's Solver2D comparisons): the pyramid of 55 unit boxes and the tower of 12, 10 s at 60 Hz,
 * for sequential impulses with 10 and 20 iterations (and 10 with 2 position iterations) and the soft
 * step with 1 and 4 substeps, each with warm starting on and off. Prints a markdown table.
 *
 * <p>Run: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl verification exec:java
 * -Dexec.mainClass=org.cairn.verification.experiment.StabilityExperiment}
 */
public final class StabilityExperiment {
    /** One configuration of the solver. */
    public record Config(String name, SolverKind solver, int substeps, int iterations, boolean warm,
                         int positionIterations, boolean blockNormals, double groundRestitution, boolean clampIncrements,
                         boolean restitutionWithoutThreshold, int relaxIterations) {
        /** A configuration with the default two relax passes per substep (soft step). */
        public Config(String name, SolverKind solver, int substeps, int iterations, boolean warm, int positionIterations,
                      boolean blockNormals, double groundRestitution, boolean clampIncrements,
                      boolean restitutionWithoutThreshold) {
            this(name, solver, substeps, iterations, warm, positionIterations, blockNormals, groundRestitution,
                    clampIncrements, restitutionWithoutThreshold, 2);
        }

        /** A configuration without position iterations, points of a manifold solved together. */
        public Config(String name, SolverKind solver, int substeps, int iterations, boolean warm) {
            this(name, solver, substeps, iterations, warm, 0, true);
        }

        /** A configuration with a ground of restitution 0 and no pitfall switched on. */
        public Config(String name, SolverKind solver, int substeps, int iterations, boolean warm, int positionIterations,
                      boolean blockNormals) {
            this(name, solver, substeps, iterations, warm, positionIterations, blockNormals, 0, false, false);
        }

        /** Contact solves per step: velocity (and position) iterations for sequential impulses; solve + relax passes per substep for the soft step. */
        public int solvesPerStep() {
            return solver == SolverKind.SOFT_STEP ? (1 + relaxIterations) * substeps : iterations + positionIterations;
        }
    }

    /** What one run measured. */
    public record Result(String structure, Config config, double furthestMeters, boolean fellOver, double sleepSeconds) {
    }

    private StabilityExperiment() {
    }

    /**
     * The eight configurations of the seed, sequential impulses with position iterations, the soft
     * step solving points one by one, and the two pitfalls switched on (warm starting on).
     */
    public static List<Config> configurations() {
        List<Config> configs = new ArrayList<>();
        for (boolean warm : new boolean[] {true, false}) {
            configs.add(new Config("sequential impulses, 10 iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 10, warm));
            configs.add(new Config("sequential impulses, 20 iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 20, warm));
            configs.add(new Config("sequential impulses, 10 + 2 position iterations", SolverKind.SEQUENTIAL_IMPULSE, 1, 10,
                    warm, 2, true));
            configs.add(new Config("soft step, 1 substep", SolverKind.SOFT_STEP, 1, 1, warm));
            configs.add(new Config("soft step, 4 substeps", SolverKind.SOFT_STEP, 4, 1, warm));
            configs.add(new Config("soft step, 4 substeps, one relax pass (Box2D, Box3D)", SolverKind.SOFT_STEP, 4, 1, warm,
                    0, true, 0, false, false, 1));
            configs.add(new Config("soft step, 4 substeps, points one by one", SolverKind.SOFT_STEP, 4, 1, warm, 0, false));
        }
        // The seeds' pitfalls, switched on (WorldDef's experimental switches), beside their baselines.
        configs.add(new Config("soft step, 4 substeps, pitfall: clamped increments", SolverKind.SOFT_STEP, 4, 1, true, 0, true,
                0, true, false));
        configs.add(new Config("soft step, 4 substeps, ground restitution 0.5", SolverKind.SOFT_STEP, 4, 1, true, 0, true,
                0.5, false, false));
        configs.add(new Config("soft step, 4 substeps, ground restitution 0.5, pitfall: no restitution threshold",
                SolverKind.SOFT_STEP, 4, 1, true, 0, true, 0.5, false, true));
        return configs;
    }

    /** Runs one structure under one configuration for {@code seconds} at 60 Hz. */
    public static Result run(String structure, BiFunction<World, Integer, List<BodyId>> build, int size, Config config,
                             double seconds) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).timeStep(1.0 / 60.0).substeps(config.substeps())
                .solver(config.solver()).iterations(config.iterations()).positionIterations(config.positionIterations())
                .warmStarting(config.warm()).blockNormals(config.blockNormals()).relaxIterations(config.relaxIterations())
                .experimentalClampIncrements(config.clampIncrements())
                .experimentalRestitutionWithoutThreshold(config.restitutionWithoutThreshold()).build());
        Stacks.ground(world, config.groundRestitution());
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

    /** A structure of the experiment: a name, how to build it, its size. */
    public record Structure(String name, BiFunction<World, Integer, List<BodyId>> build, int size) {
    }

    /** The seed's pyramid of 55 and tower of 12, and a tower of 30. */
    public static List<Structure> structures() {
        return List.of(new Structure("pyramid (55)", Stacks::pyramid, 10), new Structure("tower (12)", Stacks::tower, 12),
                new Structure("tower (30)", Stacks::tower, 30));
    }

    /**
     * Runs every structure under every configuration for {@code seconds}, reporting each result to
     * {@code progress} as it comes.
     */
    public static List<Result> runAll(double seconds, java.util.function.Consumer<Result> progress) {
        List<Result> results = new ArrayList<>();
        for (Config config : configurations()) {
            for (Structure structure : structures()) {
                Result r = run(structure.name(), structure.build(), structure.size(), config, seconds);
                results.add(r);
                progress.accept(r);
            }
        }
        return results;
    }

    /** The results as a markdown table. */
    public static String markdown(List<Result> results) {
        StringBuilder out = new StringBuilder();
        out.append("| structure | solver | warm starting | furthest a box moved | fell over | asleep after | solves per step |\n");
        out.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (Result r : results) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %d |%n", r.structure(), r.config().name(),
                    r.config().warm() ? "on" : "off", distance(r.furthestMeters()), r.fellOver() ? "yes" : "no",
                    Double.isNaN(r.sleepSeconds()) ? "never" : String.format(Locale.ROOT, "%.2f s", r.sleepSeconds()),
                    r.config().solvesPerStep()));
        }
        return out.toString();
    }

    /** The results as CSV, one row per run, SI units; an empty asleep_s means never. */
    public static String csv(List<Result> results) {
        StringBuilder out = new StringBuilder("structure,solver,substeps,iterations,position_iterations,block_normals,"
                + "warm_starting,furthest_m,fell_over,asleep_s,solves_per_step,ground_restitution,clamp_increments,"
                + "restitution_without_threshold,relax_iterations\n");
        for (Result r : results) {
            Config c = r.config();
            out.append(String.format(Locale.ROOT, "\"%s\",%s,%d,%d,%d,%b,%b,%.6f,%b,%s,%d,%s,%b,%b,%d%n", r.structure(),
                    c.solver(), c.substeps(), c.iterations(), c.positionIterations(), c.blockNormals(), c.warm(),
                    r.furthestMeters(), r.fellOver(), Double.isNaN(r.sleepSeconds()) ? ""
                            : String.format(Locale.ROOT, "%.4f", r.sleepSeconds()), c.solvesPerStep(), c.groundRestitution(),
                    c.clampIncrements(), c.restitutionWithoutThreshold(), c.relaxIterations()));
        }
        return out.toString();
    }

    /** Prints the markdown table and the sleeping cost; writes the CSV to the first argument if given. */
    public static void main(String[] args) throws java.io.IOException {
        List<Result> results = runAll(10, r -> System.err.printf(Locale.ROOT, "%s, %s, warm %s: %s%n", r.structure(),
                r.config().name(), r.config().warm() ? "on" : "off", distance(r.furthestMeters())));
        System.out.print(markdown(results));
        if (args.length > 0) {
            java.nio.file.Files.writeString(java.nio.file.Path.of(args[0]), csv(results));
        }
        sleepCost();
    }

    /** Step time of the settled pyramid asleep, against the same pyramid kept awake (medians). */
    public static void sleepCost() {
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
