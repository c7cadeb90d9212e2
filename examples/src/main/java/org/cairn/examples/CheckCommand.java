package org.cairn.examples;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cairn check SCENE...}: reports every problem of every file; exit 2 if there is any. */
@Command(name = "check", mixinStandardHelpOptions = true, description = "Checks scene files and reports every problem.")
final class CheckCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    IncludeRoots includeRoots = new IncludeRoots();

    @Parameters(arity = "1..*", paramLabel = "SCENE", description = "Scene files (- reads standard input).")
    List<String> files;

    @Option(names = "--json", description = "Print one JSON object per file on stdout: its diagnostics (docs/cli.md).")
    boolean json;

    @Override
    public Integer call() {
        int failed = 0;
        for (String file : files) {
            org.cairn.scene.Scenes.Loaded loaded = SceneFiles.loaded(file, System.err, null, includeRoots.includes(), json);
            if (loaded == null) {
                failed++;
            } else if (json) {
                System.out.println(DiagnosticJson.file(file, loaded.diagnostics(), null));
            } else {
                System.out.println(file + ": ok");
            }
        }
        return failed == 0 ? 0 : 2;
    }
}
