package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every public declaration in the exported packages carries Javadoc. javac's doclint checks the
 * Javadoc that exists (see the engine3d pom); this test checks that it exists at all, without
 * demanding a {@code @param} line for every builder argument.
 */
class ApiDocumentationTest {
    private static final Pattern PUBLIC_DECLARATION = Pattern.compile(
            "^\\s*public\\s+(?!.*\\s=\\s)(static\\s+|final\\s+|sealed\\s+|abstract\\s+)*[\\w<>\\[\\], ?.]+[({]?.*");

    @Test
    void everyPublicDeclarationOfTheExportedPackagesIsDocumented() throws IOException {
        List<String> undocumented = new ArrayList<>();
        for (String pkg : List.of("org/cairn/engine3d", "org/cairn/engine3d/geometry")) {
            try (Stream<Path> files = Files.list(Path.of("src", "main", "java", pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        String line = lines.get(i);
                        if (!PUBLIC_DECLARATION.matcher(line).matches() || line.contains("@Override")) {
                            continue;
                        }
                        int j = i - 1;
                        while (j >= 0 && lines.get(j).trim().startsWith("@")) {
                            j--;
                        }
                        boolean overrides = j >= 0 && lines.get(j + 1).trim().startsWith("@Override");
                        if (!overrides && (j < 0 || !lines.get(j).trim().endsWith("*/"))) {
                            undocumented.add(file.getFileName() + ":" + (i + 1) + ": " + line.trim());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), undocumented, "public declarations without Javadoc");
    }
}
