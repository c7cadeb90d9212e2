package org.cairn.examples;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.cairn.examples.view.FrameSource;
import org.cairn.examples.view.LiveFrames;
import org.cairn.examples.view.ReplayFrames;
import org.cairn.examples.view.ViewServer;
import org.cairn.scene.SceneDef;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cairn view SCENE} or {@code cairn view --replay RUN.jsonl}: serves the browser viewer on
 * the loopback address and opens it (docs/viewer.md). Runs until interrupted.
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = "Shows a scene (or a recorded run) in the browser: a local web server on 127.0.0.1.")
final class ViewCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    IncludeRoots includeRoots = new IncludeRoots();

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENE", description = "The scene file (- reads standard input).")
    String scene;

    @Option(names = "--replay", paramLabel = "RUN.jsonl", description = "Replay a recording (cairn run --record RUN.jsonl).")
    String replay;

    @Option(names = "--port", paramLabel = "N", description = "The port (default: any free one).")
    int port;

    @Option(names = "--seconds", paramLabel = "S", description = "How far the viewer may simulate (default 120).")
    double seconds = 120;

    @Option(names = "--no-browser", description = "Print the address only; do not open a browser.")
    boolean noBrowser;

    @Option(names = "--state", paramLabel = "NAME", description = "Start from the scene's named state NAME.")
    String state;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintStream err = System.err;
        if ((scene == null) == (replay == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give a scene or --replay RUN.jsonl, not both");
        }
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be within 0..65535, got " + port);
        }
        FrameSource source;
        if (replay != null) {
            try {
                source = new ReplayFrames(Path.of(replay));
            } catch (IOException | IllegalArgumentException e) {
                err.println("cairn: cannot replay " + (e instanceof IOException ? replay + ": " : "") + e.getMessage());
                return 2;
            }
        } else {
            SceneDef def = SceneFiles.load(scene, err, state, includeRoots.includes());
            if (def == null) {
                return 2;
            }
            double steps = Math.ceil(seconds / def.world().timeStep());
            if (!(steps >= 1) || steps > 1e7) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--seconds must be positive, got " + seconds);
            }
            source = new LiveFrames(def, (int) steps);
        }
        try (ViewServer server = new ViewServer(source, port)) {
            System.out.println("cairn: the viewer is at " + server.uri() + " (Ctrl-C stops it)");
            if (!noBrowser && !GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                    && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                try {
                    Desktop.getDesktop().browse(server.uri());
                } catch (IOException | UnsupportedOperationException e) {
                    err.println("cairn: could not open a browser (" + e.getMessage() + "); open the address above");
                }
            }
            new CountDownLatch(1).await();
        } catch (IOException e) {
            err.println("cairn: cannot serve on port " + port + ": " + e.getMessage());
            return 2;
        }
        return 0;
    }
}
