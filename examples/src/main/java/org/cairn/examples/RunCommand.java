package org.cairn.examples;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.scene.SceneDef;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import org.cairn.verification.invariant.InvariantChecker;
import org.cairn.verification.invariant.SceneCheck;
import org.cairn.verification.invariant.Violation;
import picocli.CommandLine.Option;

/**
 * {@code cairn run SCENE}: simulates a scene and prints a summary for people, or with
 * {@code --json} one JSON object for tools (the contract is docs/cli.md).
 */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Simulates a scene and prints a summary.")
final class RunCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    SceneArguments arguments = new SceneArguments();

    /** Runs longer than this show a progress bar on stderr (when stderr is a terminal). */
    private static final long PROGRESS_AFTER_NANOS = 1_000_000_000L;


    static final class Duration {
        @Option(names = "--seconds", paramLabel = "S", description = "Simulated seconds (default 2).")
        Double seconds;
        @Option(names = "--steps", paramLabel = "N", description = "Number of steps; 0 prints the initial state.")
        Integer steps;
    }

    @ArgGroup(exclusive = true)
    Duration duration = new Duration();

    @Option(names = "--solver", paramLabel = "soft|si", description = "Contact solver: soft (soft step) or si (sequential impulse).")
    String solver;

    @Option(names = "--substeps", paramLabel = "K", description = "Substeps per step (overrides the scene).")
    Integer substeps;

    @Option(names = "--iterations", paramLabel = "K", description = "Iterations of the sequential-impulse solver (overrides the scene).")
    Integer iterations;

    @Option(names = "--workers", paramLabel = "N", description = "Threads that run the step (overrides the scene; "
            + "results are the same for every N).")
    Integer workers;

    @Option(names = "--json", description = "Print one JSON object on stdout (see docs/cli.md).")
    boolean json;

    @Option(names = "--record", paramLabel = "FILE", description = "Record every body every step to FILE.csv or FILE.jsonl.")
    String record;

    @Option(names = "--every", paramLabel = "N", description = "With --record: every N-th step only (default 1).")
    int every = 1;

    @Option(names = "--quiet", description = "No progress bar and no summary (errors still go to stderr).")
    boolean quiet;


    @Option(names = "--probes", paramLabel = "FILE.csv", description = "Write the scene's probes to FILE.csv.")
    String probesFile;

    @Option(names = "--check-invariants", description = "Check the physical invariants after every step "
            + "(docs/verification.md); exit 1 at the first one broken.")
    boolean checkInvariants;

    @Option(names = "--settle-by", paramLabel = "S", description = "With --check-invariants: every dynamic body must be "
            + "at rest from S simulated seconds on.")
    Double settleBy;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        WorldDef.Builder overrides;
        // Under --json a scene's problems are JSON on stdout too (docs/cli.md); the exit code is the same.
        SceneDef def = arguments.load(err, json);
        if (def == null) {
            return 2;
        }
        try {
            overrides = def.world().toBuilder();
            if (solver != null) {
                overrides.solver(switch (solver) {
                    case "soft" -> SolverKind.SOFT_STEP;
                    case "si" -> SolverKind.SEQUENTIAL_IMPULSE;
                    default -> throw new IllegalArgumentException("--solver must be soft or si, got " + solver);
                });
            }
            if (substeps != null) {
                overrides.substeps(substeps);
            }
            if (iterations != null) {
                overrides.iterations(iterations);
            }
            if (workers != null) {
                overrides.workerCount(workers);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        WorldDef worldDef = overrides.build();
        int steps = stepsToRun(worldDef);
        if (record != null && !record.endsWith(".csv") && !record.endsWith(".jsonl")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--record must name a .csv or .jsonl file, got " + record);
        }
        if (every < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--every must be at least 1, got " + every);
        }
        if (settleBy != null && (!checkInvariants || !(settleBy > 0))) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--settle-by needs --check-invariants and a positive number of seconds, got " + settleBy);
        }
        SceneDef.Built built = def.withWorld(worldDef).build();
        World world = built.world();
        InvariantChecker checker = checkInvariants ? SceneCheck.checker(built) : null;
        ProbeSampler probes = new ProbeSampler(built, def.probes());
        probes.sample();
        if (probesFile != null && !probesFile.endsWith(".csv")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--probes must name a .csv file, got " + probesFile);
        }
        if (checker != null && settleBy != null) {
            checker.settleBy(settleBy);
        }

        // Bounded, whatever the steps asked for (StepTimes).
        StepTimes stepMillis = new StepTimes(), awakeMillis = new StepTimes();
        boolean warnedNonFinite = false;
        Progress progress = new Progress(steps, !quiet && !json && System.console() != null, err);
        try (Recorder recorder = record == null ? null : Recorder.open(record, def.withWorld(worldDef), built)) {
            if (recorder != null) {
                recorder.write();
            }
            for (int s = 0; s < steps; s++) {
                long t0 = System.nanoTime();
                world.step();
                double ms = (System.nanoTime() - t0) * 1e-6;
                stepMillis.add(ms);
                if (world.awakeBodyCount() > 0) {
                    awakeMillis.add(ms);
                }
                if (recorder != null && (s + 1) % every == 0) {
                    recorder.write();
                }
                probes.sample();
                progress.update(s + 1);
                Violation violation = checker == null ? null : checker.afterStep();
                if (violation != null) {
                    progress.finish();
                    err.println("cairn: invariant broken at " + violation.describe());
                    return 1;
                }
                if (world.nonFiniteBodyCount() > 0 && !warnedNonFinite) {
                    warnedNonFinite = true;
                    progress.finish();
                    err.println("cairn: warning: at step " + (s + 1) + " body " + world.name(world.firstNonFiniteBody())
                            + (world.nonFiniteBodyCount() > 1 ? " and " + (world.nonFiniteBodyCount() - 1) + " more" : "")
                            + " would have become non-finite; left at the last finite pose (the scene asks for more"
                            + " than doubles can carry)");
                }
                String broken = firstNonFinite(built);
                if (broken != null) {
                    progress.finish();
                    err.println("cairn: the run failed at step " + (s + 1) + ": body " + broken
                            + " has a non-finite state");
                    return 1;
                }
            }
        } catch (IOException e) {
            err.println("cairn: cannot write " + record + ": " + e.getMessage());
            return 2;
        }
        progress.finish();
        if (checker != null) {
            err.printf(java.util.Locale.ROOT, "cairn: every invariant held over %d steps (%d contact points checked)%n", steps,
                    checker.pointsChecked());
        }
        RunReport.Timing timing = new RunReport.Timing(stepMillis.median(), awakeMillis.median(), awakeMillis.mean(),
                (int) awakeMillis.count(), steps);
        if (probesFile != null) {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(probesFile), probes.csv());
            } catch (IOException e) {
                err.println("cairn: cannot write " + probesFile + ": " + e.getMessage());
                return 2;
            }
        }
        if (json) {
            System.out.println(RunReport.json(arguments.scene, def.withWorld(worldDef), built, timing, def.probes().isEmpty() ? null : probes));
        } else if (!quiet) {
            System.out.print(RunReport.summary(arguments.scene, built, timing));
        }
        return 0;
    }

    private int stepsToRun(WorldDef worldDef) {
        if (duration.steps != null) {
            if (duration.steps < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--steps must be >= 0, got " + duration.steps);
            }
            return duration.steps;
        }
        double seconds = duration.seconds == null ? 2.0 : duration.seconds;
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--seconds must be >= 0 and finite, got " + seconds);
        }
        double count = Math.ceil(seconds / worldDef.timeStep() - 1e-9);
        if (count > Integer.MAX_VALUE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--seconds " + seconds + " is too many steps");
        }
        return (int) count;
    }

    private static String firstNonFinite(SceneDef.Built built) {
        World world = built.world();
        org.joml.Vector3d p = new org.joml.Vector3d();
        org.joml.Vector3d v = new org.joml.Vector3d();
        org.joml.Vector3d w = new org.joml.Vector3d();
        for (Map.Entry<String, BodyId> e : built.bodies().entrySet()) {
            world.position(e.getValue(), p);
            world.linearVelocity(e.getValue(), v);
            world.angularVelocity(e.getValue(), w);
            if (!p.isFinite() || !v.isFinite() || !w.isFinite()) {
                return e.getKey();
            }
        }
        return null;
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return 0.0;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }

    /** A one-line bar on stderr, shown only once the run has taken longer than a second. */
    private static final class Progress {
        private final int total;
        private final boolean enabled;
        private final PrintStream err;
        private final long start = System.nanoTime();
        private boolean shown;
        private int lastPercent = -1;

        Progress(int total, boolean enabled, PrintStream err) {
            this.total = total;
            this.enabled = enabled;
            this.err = err;
        }

        void update(int done) {
            if (!enabled || System.nanoTime() - start < PROGRESS_AFTER_NANOS) {
                return;
            }
            int percent = (int) (100L * done / total);
            if (percent == lastPercent) {
                return;
            }
            lastPercent = percent;
            shown = true;
            int filled = percent * 30 / 100;
            err.print("\r[" + "#".repeat(filled) + " ".repeat(30 - filled) + "] " + percent + "% step " + done + "/" + total);
            err.flush();
        }

        void finish() {
            if (shown) {
                err.println();
                shown = false;
            }
        }
    }
}
