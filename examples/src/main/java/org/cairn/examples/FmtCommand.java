package org.cairn.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.cairn.scene.SceneFormatter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cairn fmt [--check] FILE...}: rewrites scene files in their canonical form, or with
 * {@code --check} only lists those that are not. Exit 0 all formatted, 1 some file is not (with
 * --check), 2 a file is missing or has syntax errors (it is left untouched).
 */
@Command(name = "fmt", mixinStandardHelpOptions = true, description = "Formats scene files in their canonical form.")
final class FmtCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scene files (- formats standard input to standard output).")
    List<String> files;

    @Option(names = "--check", description = "Change nothing; list files that are not formatted and exit 1 if any.")
    boolean check;

    @Override
    public Integer call() {
        boolean invalid = false;
        boolean unformatted = false;
        for (String file : files) {
            String text = SceneFiles.read(file, System.err);
            if (text == null) {
                invalid = true;
                continue;
            }
            SceneFormatter.Result result = SceneFormatter.format(SceneFiles.displayName(file), text);
            if (!result.ok()) {
                SceneFiles.print(result.diagnostics(), text, System.err);
                invalid = true;
                continue;
            }
            if (SceneFiles.STDIN.equals(file) && !check) {
                // Standard input in, the formatted text out: for editors and pipes.
                System.out.print(result.text());
                continue;
            }
            if (result.text().equals(text)) {
                continue;
            }
            unformatted = true;
            if (check) {
                System.out.println(SceneFiles.displayName(file));
            } else {
                try {
                    Files.writeString(Path.of(file), result.text(), StandardCharsets.UTF_8);
                    System.err.println("formatted " + file);
                } catch (IOException e) {
                    System.err.println("cairn: cannot write " + file + ": " + e.getMessage());
                    invalid = true;
                }
            }
        }
        return invalid ? 2 : check && unformatted ? 1 : 0;
    }
}
