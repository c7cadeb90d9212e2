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

/** docs/scene-language.md stays true: its examples compile and its error-code table is complete. */
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
        Matcher row = Pattern.compile("^\\| (E\\d{4}) \\|", Pattern.MULTILINE).matcher(doc);
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> used = new TreeSet<>();
        for (Path source : List.of(Path.of("src/main/java/org/cairn/scene/SceneCompiler.java"),
                Path.of("src/main/java/org/cairn/scene/internal/eval/Evaluator.java"),
                Path.of("src/main/java/org/cairn/scene/internal/syntax/SyntaxErrors.java"))) {
            Matcher code = Pattern.compile("\"(E\\d{4})\"").matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (code.find()) {
                used.add(code.group(1));
            }
        }
        assertEquals(used, documented);
    }
}
