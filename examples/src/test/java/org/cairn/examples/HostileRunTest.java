package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line on hostile scene files: exit code 2 with file:line:col and nothing of a refused
 * file quoted, a bounded time, and, for a scene that runs, JSON that stays valid numbers.
 */
class HostileRunTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private static RunCommandTest.Outcome cairn(String... args) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> RunCommandTest.cairn(args));
    }

    @Test
    void includesOutsideTheScenesFolderAreRefusedUnlessAllowed() throws IOException {
        write("secret/ground.scene", "scene 1\n# SECRET\nbody ground static { box half=(5m, 0.5m, 5m) }\n");
        Path scene = write("project/main.scene", "scene 1\ninclude \"../secret/ground.scene\"\n");
        RunCommandTest.Outcome refused = cairn("check", scene.toString());
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("main.scene:2:1: error[E0311]: cannot read included file"
                + " '../secret/ground.scene': it is outside the folder"), refused.err());
        assertFalse(refused.err().contains("SECRET"), refused.err());
        RunCommandTest.Outcome allowed = cairn("check", "--include-root", dir.resolve("secret").toString(),
                scene.toString());
        assertEquals(0, allowed.code(), allowed.err());
    }

    @Test
    void aSelfDoublingIncludeChainEndsQuicklyWithExitCode2() throws IOException {
        write("f0.scene", "scene 1\nbody b static { sphere r=1m }\n");
        for (int i = 1; i <= 26; i++) {
            write("f" + i + ".scene", "scene 1\ninclude \"f" + (i - 1) + ".scene\" as a\ninclude \"f" + (i - 1)
                    + ".scene\" as b\n");
        }
        RunCommandTest.Outcome run = cairn("run", dir.resolve("f26.scene").toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("error[E0309]: a scene may include at most 256 files"), run.err());
    }

    @Test
    void aHugeStepCountAllocatesNothingUpFront() throws Exception {
        // A JVM of 96 MB: the timing record of 2^31 steps used to be two 16 GB arrays, made before
        // the first step. Now it grows with the steps taken, so the run is simply still running.
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx96m",
                "-cp", System.getProperty("java.class.path"), Cairn.class.getName(), "run",
                "scenes/resting-box.scene", "--steps", "2147483647", "--quiet").redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        boolean ended = p.waitFor(4, java.util.concurrent.TimeUnit.SECONDS);
        p.destroyForcibly().waitFor();
        String out = Files.readString(dir.resolve("out.txt"));
        assertFalse(ended, "the run ended early: " + out);
        assertFalse(out.contains("OutOfMemoryError"), out);
    }

    @Test
    void energiesBeyondADoubleAreNullAndEveryPoseAFiniteNumber() throws IOException {
        Path scene = write("extreme.scene", """
                scene 1
                world gravity=(0, 0, 0) max_speed=1e106m/s
                body heavy mass=1e100kg v=(1e105m/s, 0, 0) { box half=(0.5m, 0.5m, 0.5m) }
                body spinner at=(5m, 0, 0) w=(1e300rad/s, 0, 0) { box half=(0.5m, 0.2m, 0.1m) }
                """);
        RunCommandTest.Outcome run = cairn("run", scene.toString(), "--steps", "3", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertTrue(json.get("energy").get("kinetic").isNull(), run.out());
        for (JsonNode body : json.get("bodies")) {
            for (JsonNode x : body.get("position")) {
                assertTrue(x.isNumber() && Double.isFinite(x.asDouble()), run.out());
            }
        }
    }
}
