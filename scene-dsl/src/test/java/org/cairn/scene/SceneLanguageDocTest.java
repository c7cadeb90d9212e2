package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/scene-language.md stays true: its examples compile, the diagnostics it shows are what the
 * front end prints, and its error-code table is complete.
 */
class SceneLanguageDocTest {
    private static final Path DOC = Path.of("../docs/scene-language.md");

    @Test
    void everySceneExampleCompilesAndBuilds() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        List<String> examples = new ArrayList<>();
        Matcher m = Pattern.compile("```scene\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (m.find()) {
            examples.add(m.group(1));
        }
        assertTrue(examples.size() >= 4, "examples found: " + examples.size());
        for (String example : examples) {
            SceneSyntax.Result parsed = SceneSyntax.parse("doc.scene", example);
            assertTrue(parsed.ok(), () -> example + parsed.diagnostics());
            SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file());
            assertTrue(compiled.ok(), () -> example + compiled.diagnostics());
            assertTrue(compiled.scene().build().world().bodyCount() > 0, example);
        }
    }

    @Test
    void theErrorCodeTableListsExactlyTheCodesTheFrontEndUses() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        Set<String> documented = new TreeSet<>();
        Matcher row = Pattern.compile("^\\| ([EW]\\d{4}) \\|", Pattern.MULTILINE).matcher(doc);
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> used = new TreeSet<>();
        for (Path source : List.of(Path.of("src/main/java/org/cairn/scene/SceneCompiler.java"),
                Path.of("src/main/java/org/cairn/scene/internal/eval/Evaluator.java"),
                Path.of("src/main/java/org/cairn/scene/internal/syntax/SyntaxErrors.java"),
                Path.of("src/main/java/org/cairn/scene/SceneSyntax.java"))) {
            Matcher code = Pattern.compile("\"([EW]\\d{4})\"").matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (code.find()) {
                used.add(code.group(1));
            }
        }
        assertEquals(used, documented);
    }

    /**
     * Each diagnostic the page shows is printed as shown: the quoted line is put at its line of a
     * scene (after {@code scene 1} and blank lines) and checked: the message, the line and the caret
     * (the hints may need names from the rest of the example's file).
     */
    @Test
    void everyDiagnosticShownIsWhatCheckPrints() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("```text\\n(\\S+\\.scene):(\\d+):\\d+: (?:error|warning)\\[.*?```", Pattern.DOTALL).matcher(doc);
        int checked = 0;
        while (m.find()) {
            String shown = m.group().substring("```text\n".length(), m.group().length() - 3);
            int line = Integer.parseInt(m.group(2));
            String quoted = shown.lines().skip(1).findFirst().orElseThrow();
            String source = "scene 1\n" + "\n".repeat(line - 2) + quoted.substring(quoted.indexOf("| ") + 2) + "\n";
            String expected = shown.lines().limit(3).map(l -> l + "\n").reduce("", String::concat);
            String actual = DiagnosticGoldenTest.check(m.group(1), source);
            assertEquals(expected, actual.substring(0, Math.min(actual.length(), expected.length())), source);
            checked++;
        }
        assertTrue(checked >= 2, "diagnostics shown: " + checked);
    }
}
