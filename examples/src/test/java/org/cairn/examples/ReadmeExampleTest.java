package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's Java example compiles and runs as written. */
class ReadmeExampleTest {
    @Test
    void readmeJavaExampleCompilesAndRuns(@TempDir Path dir) throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("```java\n");
        assertTrue(start >= 0, "README has a java block");
        String block = readme.substring(start + 8, readme.indexOf("```", start + 8));
        StringBuilder imports = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (String line : block.split("\n")) {
            (line.startsWith("import ") ? imports : body).append(line).append('\n');
        }
        String source = imports + "public class ReadmeExample {\n public static void main(String[] args) {\n"
                + body + "}\n}\n";
        Path file = dir.resolve("ReadmeExample.java");
        Files.writeString(file, source);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = compiler.run(null, diagnostics, diagnostics, "-classpath", System.getProperty("java.class.path"),
                "-d", dir.toString(), file.toString());
        assertEquals(0, status, "README example failed to compile:\n" + diagnostics.toString(StandardCharsets.UTF_8)
                + "\n" + source);

        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            Method main = loader.loadClass("ReadmeExample").getMethod("main", String[].class);
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("after 1 s the crate is at"), printed);
        // 10 m − ½·g·t² (a body touching nothing follows its parabola) and ρ·V = 500·0.5 = 250 kg.
        double y = Double.parseDouble(printed.replaceAll("(?s).* at ([-0-9.]+) m.*", "$1"));
        assertEquals(10 - 0.5 * 9.81, y, 1e-3);
        assertTrue(printed.contains("250.0 kg"), printed);
        assertTrue(List.of(printed.split("\n")).size() == 1);
    }
}
