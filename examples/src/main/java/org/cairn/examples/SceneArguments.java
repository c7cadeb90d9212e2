package org.cairn.examples;

import java.io.PrintStream;
import org.cairn.scene.SceneDef;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments of the commands that load one scene ({@code run}, {@code render}, {@code plot}):
 * the scene file, {@code --state NAME} and {@code --include-root DIR}.
 */
final class SceneArguments {
    @Parameters(index = "0", paramLabel = "SCENE", description = "The scene file (- reads standard input).")
    String scene;

    @Option(names = "--state", paramLabel = "NAME", description = "Start from the scene's named state NAME.")
    String state;

    @Mixin
    IncludeRoots includeRoots = new IncludeRoots();

    /** The compiled scene, or null after reporting why not (as JSON on stdout with {@code json}). */
    SceneDef load(PrintStream err, boolean json) {
        return SceneFiles.load(scene, err, state, includeRoots.includes(), json);
    }
}
