package org.cairn.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cairn.verification.experiment.ConservationExperiment;
import org.cairn.verification.experiment.RestExperiment;
import org.cairn.verification.experiment.StabilityExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cairn experiment stability|conservation|rest}: the experiments of docs/experiments.md. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "Runs an experiment: stability (the classic stacks under every solver setting), conservation "
                + "(energy and momentum drift over long runs) or rest (resting stacks and Box3D's large_pyramid, sleeping off, for a minute)."
                + " Markdown on stdout, progress on stderr.")
final class ExperimentCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME", description = "stability, conservation or rest")
    String name;

    @Option(names = "--csv", paramLabel = "FILE", description = "stability, rest: also write the results as CSV to FILE, and a "
            + "chart of them beside it as PNG and SVG (rest: each stack's displacement against time; none by default).")
    String csv;

    @Option(names = "--seconds", paramLabel = "S",
            description = "stability: simulated seconds per run (default 10); rest: seconds per stack (default 60).")
    double seconds = 10;

    @Option(names = "--steps", paramLabel = "N", description = "conservation: steps per run (default 10000).")
    int steps = 10_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        switch (name) {
            case "stability" -> {
                if (!(seconds > 0)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--seconds must be positive, got " + seconds);
                }
                int total = StabilityExperiment.configurations().size() * StabilityExperiment.structures().size();
                int[] done = {0};
                List<StabilityExperiment.Result> results = StabilityExperiment.runAll(seconds, r -> System.err.printf(
                        Locale.ROOT, "[%d/%d] %s, %s, warm starting %s%n", ++done[0], total, r.structure(), r.config().name(),
                        r.config().warm() ? "on" : "off"));
                System.out.print(StabilityExperiment.markdown(results));
                StabilityExperiment.sleepCost();
                if (csv != null) {
                    writeCsvAndChart(StabilityExperiment.csv(results), Charts.stability(results), 120 + 22 * results.size());
                }
            }
            case "conservation" -> {
                if (steps <= 0) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--steps must be positive, got " + steps);
                }
                System.out.print(ConservationExperiment.markdown(ConservationExperiment.run(steps)));
            }
            case "rest" -> {
                double runSeconds = seconds == 10 ? 60 : seconds;
                List<RestExperiment.Result> results = RestExperiment.run(runSeconds,
                        structure -> System.err.println("cairn: " + structure + ", " + runSeconds + " s"));
                System.out.print(RestExperiment.markdown(results, runSeconds));
                if (csv != null) {
                    writeCsvAndChart(RestExperiment.csv(results), Charts.rest(results), 500);
                }
            }
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "unknown experiment '" + name + "': expected stability, conservation or rest");
        }
        return 0;
    }

    /** Writes {@code text} to the --csv file and the chart beside it: FILE.png and FILE.svg for FILE.csv. */
    private void writeCsvAndChart(String text, org.jfree.chart.JFreeChart chart, int height) throws IOException {
        Path file = Path.of(csv);
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Files.writeString(file, text);
        System.err.println("cairn: wrote " + csv);
        String stem = csv.endsWith(".csv") ? csv.substring(0, csv.length() - 4) : csv;
        for (String ext : new String[] {".png", ".svg"}) {
            Charts.write(chart, Path.of(stem + ext), 900, height);
            System.err.println("cairn: wrote " + stem + ext);
        }
    }
}
