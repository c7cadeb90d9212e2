package org.cairn.verification.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The scene fuzzer over the example scenes: 10 000 inputs by default (about half generated, half
 * mutated), {@code -Dcairn.fuzz=N} for a campaign and {@code -Dcairn.fuzz.seed=S} for another part
 * of the input space. Every input is handled as a scene file is promised to be (see
 * {@link SceneFuzzer}); a failure prints the input that caused it.
 */
class SceneFuzzTest {
    private static final int INPUTS = Integer.getInteger("cairn.fuzz", 10_000);
    private static final long SEED = Long.getLong("cairn.fuzz.seed", 20261130L);

    static List<String> exampleScenes() throws IOException {
        List<String> scenes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("..", "examples", "scenes"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".scene")).sorted().toList()) {
                scenes.add(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return scenes;
    }

    @Test
    void everyInputIsRejectedWithAPlaceOrBuildsAndStepsFinite() throws IOException {
        List<String> seeds = exampleScenes();
        assertTrue(seeds.size() >= 10, "the example scenes are the corpus: " + seeds.size());
        SceneFuzzer.Report report = new SceneFuzzer(SEED, seeds).run(INPUTS);
        System.out.printf("scene fuzzer: %d inputs (seed %d): %d rejected, %d accepted (%d stepped), slowest %.1f ms%n",
                report.inputs(), SEED, report.rejected(), report.accepted(), report.stepped(),
                report.slowestNanos() * 1e-6);
        assertEquals(List.of(), report.failures());
        // A fuzzer that only ever produced broken files would test the error path alone.
        assertTrue(report.rejected() > INPUTS / 10, "rejected: " + report.rejected());
        assertTrue(report.stepped() > INPUTS / 20, "stepped: " + report.stepped());
    }
}
