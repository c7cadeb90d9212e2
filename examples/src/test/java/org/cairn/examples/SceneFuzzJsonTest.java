package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.cairn.verification.fuzz.SceneFuzzer;
import org.junit.jupiter.api.Test;

/**
 * The scene fuzzer with the command line's JSON report on every scene it steps: the report parses
 * as strict JSON (no NaN or Infinity tokens) and every number in it is finite. 2 000 inputs by
 * default; {@code -Dcairn.fuzz=N} scales it with the verification module's fuzzer.
 */
class SceneFuzzJsonTest {
    private static final ObjectMapper STRICT = new ObjectMapper().configure(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS,
            false);

    @Test
    void everySteppedSceneReportsStrictJsonWithFiniteNumbers() throws IOException {
        List<String> seeds = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("scenes"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".scene")).sorted().toList()) {
                seeds.add(Files.readString(p));
            }
        }
        int inputs = Math.max(2_000, Integer.getInteger("cairn.fuzz", 2_000) / 5);
        SceneFuzzer.Report report = new SceneFuzzer(20261130L, seeds, built -> {
            String json = RunReport.json("fuzz.scene", built, new RunReport.Timing(0.1, 0.1, 0.1, 1, 1));
            try {
                String bad = nonFinite(STRICT.readTree(json));
                return bad == null ? null : "the JSON report holds " + bad + ": " + json;
            } catch (IOException e) {
                return "the JSON report does not parse (" + e.getMessage() + "): " + json;
            }
        }).run(inputs);
        assertEquals(List.of(), report.failures());
        assertTrue(report.stepped() > inputs / 20, "stepped: " + report.stepped());
    }

    private static String nonFinite(JsonNode node) {
        if (node.isNumber() && !Double.isFinite(node.asDouble())) {
            return node.toString();
        }
        if (node.isTextual() && List.of("Infinity", "-Infinity", "NaN").contains(node.asText())) {
            return node.toString();
        }
        for (JsonNode child : node) {
            String bad = nonFinite(child);
            if (bad != null) {
                return bad;
            }
        }
        return null;
    }
}
