package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The integrator's project in examples/integrator, built as its own program: compiled against the
 * engine's jar (as the build made it) and JOML alone, no Cairn source or internal class in sight,
 * then run in a class loader that sees nothing else.
 */
class IntegratorProjectTest {
    private static Path engineJar() throws Exception {
        try (Stream<Path> jars = Files.list(Path.of("../engine3d/target"))) {
            return jars.filter(p -> p.getFileName().toString().matches("engine3d-[0-9][^-]*(-SNAPSHOT)?\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("the engine's jar is built before the examples are tested"));
        }
    }

    private static Path jomlJar() {
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (Path.of(entry).getFileName().toString().startsWith("joml-")) {
                return Path.of(entry);
            }
        }
        throw new AssertionError("JOML on the class path");
    }

    @Test
    void theArenaCompilesAgainstTheEnginesJarAloneAndPlaysItsRound(@TempDir Path out) throws Exception {
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("integrator/src/main/java"))) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> sources.add(p.toString()));
        }
        String classPath = engineJar() + java.io.File.pathSeparator + jomlJar();
        List<String> args = new ArrayList<>(List.of("--release", "17", "-classpath", classPath, "-d", out.toString()));
        args.addAll(sources);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        assertEquals(0, javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new)),
                diagnostics.toString(StandardCharsets.UTF_8));
        URL[] urls = {out.toUri().toURL(), engineJar().toUri().toURL(), jomlJar().toUri().toURL()};
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            String summary = (String) loader.loadClass("com.example.arena.Arena").getMethod("play").invoke(null);
            assertTrue(summary.endsWith("replay identical"), summary);
            // Two flat throws pass the low wall and roll into the goal; the middle one, aimed at the
            // wall by the shape cast, is lobbed over it: every ball scores, none hits the wall.
            assertTrue(summary.startsWith("goals 3 of 3, wall hits 0"), summary);
        }
    }
}
