package org.cairn.examples;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cairn.scene.SceneDef;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cairn plot SCENE --out FILE.png|FILE.svg}: a chart of a quantity over a run (docs/cli.md). */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = "Charts a quantity over a run: energy, displacement, stage timings or a probe's quantity.")
final class PlotCommand implements Callable<Integer> {
    /** The most steps a plot runs (ten minutes at 60 Hz). */
    static final int MAX_STEPS = 36_000;

    @picocli.CommandLine.Mixin
    SceneArguments arguments = new SceneArguments();


    @Option(names = "--out", required = true, paramLabel = "FILE", description = "FILE.png or FILE.svg.")
    String out;

    @Option(names = "--quantity", paramLabel = "Q", description = "energy (default), displacement, stages, or a probe's "
            + "PROBE.QUANTITY.")
    String quantity = "energy";

    @Option(names = "--seconds", paramLabel = "S", description = "Simulated seconds (default 5).")
    double seconds = 5;

    @Option(names = "--from", paramLabel = "S", description = "With displacement: measured from where the bodies are at S "
            + "seconds (default 0).")
    double from;

    @Option(names = "--width", paramLabel = "PX", description = "Width in pixels (default 800).")
    int width = 800;

    @Option(names = "--height", paramLabel = "PX", description = "Height in pixels (default 500).")
    int height = 500;


    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        if (!out.endsWith(".png") && !out.endsWith(".svg")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--out must name a .png or .svg file, got " + out);
        }
        if (width < 100 || height < 100 || width > RenderCommand.MAX_SIDE || height > RenderCommand.MAX_SIDE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--width and --height must be within 100.."
                    + RenderCommand.MAX_SIDE + " pixels, got " + width + " x " + height);
        }
        if (!(from >= 0) || !(from <= seconds)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--from must be within 0.." + seconds + " s, got " + from);
        }
        SceneDef def = arguments.load(err, false);
        if (def == null) {
            return 2;
        }
        double steps = Math.ceil(seconds / def.world().timeStep() - 1e-9);
        if (!(steps >= 1) || steps > MAX_STEPS) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--seconds must give 1 to %d steps, got %s s", MAX_STEPS, seconds));
        }
        PlotSeries series;
        try {
            series = PlotSeries.run(Path.of(arguments.scene).getFileName().toString(), def, def.build(), (int) steps, quantity, from);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--quantity: " + e.getMessage());
        }
        try {
            Charts.write(Charts.chart(series), Path.of(out), width, height);
        } catch (IOException e) {
            err.println("cairn: cannot write " + out + ": " + e.getMessage());
            return 2;
        }
        err.printf(Locale.ROOT, "cairn: wrote %s (%s over %.3f s)%n", out, quantity, steps * def.world().timeStep());
        return 0;
    }
}
