package org.cairn.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.SceneExpander;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cairn expand SCENE}: prints the scene with loops unrolled and constants substituted, in SI units. */
@Command(name = "expand", mixinStandardHelpOptions = true,
        description = "Prints the flattened scene: loops unrolled, constants substituted, values in SI units.")
final class ExpandCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENE", description = "The scene file.")
    String scene;

    @Override
    public Integer call() {
        String text;
        try {
            text = Files.readString(Path.of(scene), StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            System.err.println("cairn: no such file: " + scene);
            return 2;
        } catch (IOException | RuntimeException unreadable) {
            System.err.println("cairn: cannot read " + scene + ": " + unreadable.getMessage());
            return 2;
        }
        SceneExpander.Result result = SceneExpander.expand(scene, text);
        if (!result.ok()) {
            for (Diagnostic d : result.diagnostics()) {
                System.err.print(d.render(text));
            }
            return 2;
        }
        System.out.print(result.text());
        return 0;
    }
}
