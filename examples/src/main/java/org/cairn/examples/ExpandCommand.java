package org.cairn.examples;

import java.util.concurrent.Callable;
import org.cairn.scene.SceneExpander;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cairn expand SCENE}: prints the scene with loops unrolled and constants substituted, in SI units. */
@Command(name = "expand", mixinStandardHelpOptions = true,
        description = "Prints the flattened scene: loops unrolled, constants substituted, values in SI units.")
final class ExpandCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENE", description = "The scene file (- reads standard input).")
    String scene;

    @Override
    public Integer call() {
        String text = SceneFiles.read(scene, System.err);
        if (text == null) {
            return 2;
        }
        SceneExpander.Result result = SceneExpander.expand(SceneFiles.displayName(scene), text);
        if (!result.ok()) {
            SceneFiles.print(result.diagnostics(), text, System.err);
            return 2;
        }
        System.out.print(result.text());
        return 0;
    }
}
