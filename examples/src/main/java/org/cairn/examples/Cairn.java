package org.cairn.examples;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code cairn} command line. Exit codes: 0 success, 1 a run failed, 2 invalid input.
 */
@Command(name = "cairn", mixinStandardHelpOptions = true, version = "cairn 0.1.0-SNAPSHOT",
        description = "Cairn: a 3D rigid-body physics engine for the JVM.",
        subcommands = {RunCommand.class, ViewCommand.class, RenderCommand.class, PlotCommand.class, CheckCommand.class, BenchCommand.class, FmtCommand.class, ExpandCommand.class, DemoCommand.class, ExperimentCommand.class,
                org.cairn.examples.lsp.LspCommand.class,
                CommandLine.HelpCommand.class})
public final class Cairn implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int run(String... args) {
        CommandLine commandLine = new CommandLine(new Cairn());
        // Bad flags are invalid input: exit 2, as for a bad scene.
        commandLine.setExitCodeExceptionMapper(e -> 2);
        commandLine.setParameterExceptionHandler((e, a) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println("cairn: " + e.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
            return 2;
        });
        return commandLine.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }
}
