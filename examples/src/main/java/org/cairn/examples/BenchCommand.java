package org.cairn.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cairn.engine3d.StepProfile;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.scene.SceneDef;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cairn bench SCENE...}: times whole steps the way Box3D's benchmark app does. Each repeat
 * builds a fresh world, takes step 0 untimed (it creates every contact and warms nothing up), then
 * times steps 1..N−1; a repeat's figure is their mean. Repeats run scene after scene in turn, so
 * a noisy moment spreads over all scenes instead of spoiling one; the report gives the minimum and
 * the median over repeats, and the per-stage profile (the median over repeats of each stage's mean).
 * {@code --warmup W} runs W untimed rounds first: the JVM's first worlds run on code it is still
 * compiling (the rain's second world measured about 1.2× its later ones), which a C engine's
 * benchmark never pays.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Times whole steps of scenes (Box3D's method) and prints ms per step and the per-stage profile.")
final class BenchCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    IncludeRoots includeRoots = new IncludeRoots();

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Parameters(arity = "1..*", paramLabel = "SCENE", description = "The scene files (- reads standard input).")
    List<String> scenes;

    @Option(names = "--steps", paramLabel = "N", description = "Steps per repeat, step 0 untimed (default 100).")
    int steps = 100;

    @Option(names = "--repeats", paramLabel = "R", description = "Fresh worlds per scene (default 3).")
    int repeats = 3;

    @Option(names = "--warmup", paramLabel = "W",
            description = "Untimed rounds of every scene before the timed ones (default 0): a JVM's first worlds run on code still being compiled.")
    int warmup = 0;

    @Option(names = "--workers", paramLabel = "N,N...", split = ",",
            description = "Worker counts to time each scene with (default: the scene's).")
    List<Integer> workers;

    @Option(names = "--json", description = "One JSON object per scene and worker count on stdout (see docs/cli.md).")
    boolean json;

    @Option(names = "--chart", paramLabel = "FILE.png|FILE.svg",
            description = "Also draw the per-stage profile: a bar per scene and worker count, split by stage.")
    String chart;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One scene's repeats at one worker count. */
    private static final class Runs {
        final String path;
        final WorldDef world;
        final SceneDef def;
        final double[] msPerStep;
        final double[][] stageMillis;
        int bodies;
        /** The most bodies found running away at the end of a counted repeat ({@link Runaways}). */
        int runaway;

        Runs(String path, SceneDef def, int repeats) {
            this.path = path;
            this.def = def;
            this.world = def.world();
            this.msPerStep = new double[repeats];
            this.stageMillis = new double[StepProfile.Stage.values().length][repeats];
        }
    }

    @Override
    public Integer call() {
        PrintStream err = System.err;
        if (steps < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--steps must be at least 2, got " + steps);
        }
        if (repeats < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--repeats must be at least 1, got " + repeats);
        }
        if (warmup < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--warmup must be at least 0, got " + warmup);
        }
        if (chart != null && !chart.endsWith(".png") && !chart.endsWith(".svg")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--chart must name a .png or .svg file, got " + chart);
        }
        List<Runs> runs = new ArrayList<>();
        for (String scene : scenes) {
            SceneDef def = SceneFiles.load(scene, err, null, includeRoots.includes(), json);
            if (def == null) {
                return 2;
            }
            if (workers == null) {
                runs.add(new Runs(scene, def, repeats));
                continue;
            }
            for (int count : workers) {
                try {
                    runs.add(new Runs(scene, def.withWorld(def.world().toBuilder().workerCount(count).build()), repeats));
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--workers: " + e.getMessage());
                }
            }
        }
        StepProfile profile = new StepProfile();
        StepProfile sum = new StepProfile();
        for (int r = -warmup; r < repeats; r++) {
            for (Runs run : runs) {
                World world = run.def.build().world();
                run.bodies = world.bodyCount();
                world.step();
                sum.clear();
                long start = System.nanoTime();
                for (int s = 1; s < steps; s++) {
                    world.step();
                    sum.add(world.profile(profile));
                }
                double ms = (System.nanoTime() - start) * 1e-6 / (steps - 1);
                if (r < 0) {
                    err.printf(Locale.ROOT, "bench: %s, %d worker%s, warm-up %d/%d: %.3f ms per step (not counted)%n",
                            name(run.path), run.world.workerCount(), run.world.workerCount() == 1 ? "" : "s", r + warmup + 1,
                            warmup, ms);
                    continue;
                }
                run.msPerStep[r] = ms;
                int away = Runaways.count(world);
                run.runaway = Math.max(run.runaway, away);
                if (away > 0) {
                    err.printf(Locale.ROOT, "bench: warning: %s, repeat %d: %d bod%s at the speed limit (%.3g m/s) or not"
                            + " finite at the end: the scene may have blown up, and its timings are not those of the"
                            + " scene working%n", name(run.path), r + 1, away, away == 1 ? "y" : "ies",
                            run.world.maxLinearSpeed());
                }
                sum.scale(1.0 / (steps - 1));
                for (StepProfile.Stage stage : StepProfile.Stage.values()) {
                    run.stageMillis[stage.ordinal()][r] = sum.millis(stage);
                }
                err.printf(Locale.ROOT, "bench: %s, %d worker%s, repeat %d/%d: %.3f ms per step%n", name(run.path),
                        run.world.workerCount(), run.world.workerCount() == 1 ? "" : "s", r + 1, repeats, ms);
            }
        }
        for (Runs run : runs) {
            System.out.print(json ? json(run) + "\n" : text(run));
        }
        if (chart != null) {
            try {
                writeChart(runs);
            } catch (java.io.IOException | RuntimeException e) {
                err.println("cairn: cannot write " + chart + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    /**
     * The per-stage profile as a chart: a horizontal bar per scene and worker count, its length the
     * median ms per step, split by stage (each stage's median); the stages under 2 % of every bar
     * go together as "other stages", so the legend names what matters.
     */
    private void writeChart(List<Runs> runs) throws java.io.IOException {
        StepProfile.Stage[] all = StepProfile.Stage.values();
        boolean[] shown = new boolean[all.length];
        for (Runs run : runs) {
            double step = RunCommand.median(run.msPerStep);
            for (StepProfile.Stage stage : all) {
                shown[stage.ordinal()] |= RunCommand.median(run.stageMillis[stage.ordinal()]) >= 0.02 * step;
            }
        }
        org.jfree.data.category.DefaultCategoryDataset data = new org.jfree.data.category.DefaultCategoryDataset();
        for (Runs run : runs) {
            String bar = String.format(Locale.ROOT, "%s, %d worker%s (%.3g ms)", name(run.path), run.world.workerCount(),
                    run.world.workerCount() == 1 ? "" : "s", RunCommand.median(run.msPerStep));
            double other = 0;
            for (StepProfile.Stage stage : all) {
                double ms = RunCommand.median(run.stageMillis[stage.ordinal()]);
                if (shown[stage.ordinal()]) {
                    data.addValue(ms, stageName(stage), bar);
                } else {
                    other += ms;
                }
            }
            data.addValue(other, "other stages", bar);
        }
        String title = String.format(Locale.ROOT, "ms per step by stage (median of %d repeat%s, steps 1 to %d)", repeats,
                repeats == 1 ? "" : "s", steps - 1);
        Path file = Path.of(chart);
        if (file.toAbsolutePath().getParent() != null) {
            java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Charts.write(Charts.stages(title, data), file, 900, 140 + 36 * runs.size());
        System.err.println("cairn: wrote " + chart);
    }

    private String json(Runs run) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scene", run.path);
        root.put("bodies", run.bodies);
        root.put("workers", run.world.workerCount());
        root.put("steps", steps);
        root.put("repeats", repeats);
        root.put("warmup", warmup);
        root.put("runawayBodies", run.runaway);
        ObjectNode ms = root.putObject("msPerStep");
        ms.put("min", min(run.msPerStep));
        ms.put("median", RunCommand.median(run.msPerStep));
        ArrayNode each = ms.putArray("repeats");
        for (double m : run.msPerStep) {
            each.add(m);
        }
        ObjectNode stages = root.putObject("stages");
        for (StepProfile.Stage stage : StepProfile.Stage.values()) {
            stages.put(stageName(stage), RunCommand.median(run.stageMillis[stage.ordinal()]));
        }
        return root.toString();
    }

    private String text(Runs run) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%s: %d bodies, %d timed steps x %d repeats (%d substeps, %d worker%s)%n",
                run.path, run.bodies, steps - 1, repeats, run.world.substeps(), run.world.workerCount(),
                run.world.workerCount() == 1 ? "" : "s"));
        s.append(String.format(Locale.ROOT, "  step                  %9.3f ms median, %.3f ms min%n",
                RunCommand.median(run.msPerStep), min(run.msPerStep)));
        if (run.runaway > 0) {
            s.append(String.format(Locale.ROOT, "  warning: up to %d bod%s at the speed limit or not finite at the end of a repeat:"
                    + " the scene may have blown up%n", run.runaway, run.runaway == 1 ? "y" : "ies"));
        }
        for (StepProfile.Stage stage : StepProfile.Stage.values()) {
            s.append(String.format(Locale.ROOT, "  %-21s %9.3f ms%n", stageName(stage),
                    RunCommand.median(run.stageMillis[stage.ordinal()])));
        }
        return s.toString();
    }

    /** The stage as the reports spell it: {@code integrate_velocities}. */
    static String stageName(StepProfile.Stage stage) {
        return stage.name().toLowerCase(Locale.ROOT);
    }

    private static String name(String path) {
        return Path.of(path).getFileName().toString();
    }

    private static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : values) {
            m = Math.min(m, v);
        }
        return m;
    }
}
