package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden tests of what people see: each {@code diagnostics/NN-name.scene} is a broken scene and
 * {@code NN-name.expected} the exact text `cairn check` prints for it. After a deliberate change
 * to messages, regenerate with {@code -Dcairn.golden.update=true} and review the diff.
 */
class DiagnosticGoldenTest {
    private static final Path DIR = Path.of("src/test/resources/diagnostics");
    private static final boolean UPDATE = Boolean.getBoolean("cairn.golden.update");

    /** The full front end as the command line runs it: parse, then compile if the syntax is sound. */
    static String check(String name, String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse(name, text);
        if (!parsed.ok()) {
            StringBuilder out = new StringBuilder();
            parsed.diagnostics().forEach(d -> out.append(d.render(text)));
            return out.toString();
        }
        // Included files are read from the same folder, by the names they are written with.
        SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file(), null,
                (from, path) -> new Includes.Source(path, Files.readString(DIR.resolve(path), StandardCharsets.UTF_8)));
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : compiled.diagnostics()) {
            out.append(d.render(compiled.textOf(d, text)));
        }
        return out.toString();
    }

    static List<Path> inputs() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(p -> p.toString().endsWith(".scene")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyBrokenSceneGetsExactlyItsExpectedDiagnostics() throws IOException {
        return inputs().stream().map(input -> DynamicTest.dynamicTest(input.getFileName().toString(), () -> {
            String text = Files.readString(input, StandardCharsets.UTF_8);
            String name = input.getFileName().toString();
            String actual = check(name, text);
            Path expectedFile = DIR.resolve(name.replace(".scene", ".expected"));
            if (UPDATE) {
                Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
            }
            assertTrue(actual.contains(name + ":"), "a broken scene gets at least one diagnostic:\n" + actual);
            assertEquals(Files.readString(expectedFile, StandardCharsets.UTF_8), actual);
        }));
    }

    @Test
    void thereAreAtLeastThirtyGoldenCases() throws IOException {
        assertTrue(inputs().size() >= 30, "golden cases: " + inputs().size());
    }
}
