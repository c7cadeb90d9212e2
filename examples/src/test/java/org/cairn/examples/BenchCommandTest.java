package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cairn.engine3d.StepProfile;
import org.junit.jupiter.api.Test;

/** {@code cairn bench}: Box3D's timing method, one JSON object per scene, bad flags rejected. */
class BenchCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void jsonGivesOneObjectPerSceneWithEveryRepeatAndEveryStage() throws Exception {
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "scenes/tower.scene",
                "--steps", "4", "--repeats", "2", "--json");
        assertEquals(0, o.code(), o.err());
        String[] lines = o.out().strip().split("\n");
        assertEquals(2, lines.length, o.out());
        for (String line : lines) {
            JsonNode n = MAPPER.readTree(line);
            assertEquals(4, n.get("steps").asInt());
            assertEquals(1, n.get("workers").asInt());
            JsonNode ms = n.get("msPerStep");
            assertEquals(2, ms.get("repeats").size());
            double min = ms.get("min").asDouble(), median = ms.get("median").asDouble();
            assertTrue(min > 0 && min <= median, line);
            double stageSum = 0;
            for (StepProfile.Stage stage : StepProfile.Stage.values()) {
                JsonNode stageMs = n.get("stages").get(BenchCommand.stageName(stage));
                assertTrue(stageMs != null && stageMs.asDouble() >= 0, stage + " in " + line);
                stageSum += stageMs.asDouble();
            }
            // The stages cover the step: their sum cannot exceed the slowest repeat's whole step.
            double slowest = Math.max(ms.get("repeats").get(0).asDouble(), ms.get("repeats").get(1).asDouble());
            assertTrue(stageSum > 0 && stageSum <= slowest * 1.0001, line);
        }
        assertTrue(o.err().contains("pyramid.scene, 1 worker, repeat 2/2"), o.err());
    }

    @Test
    void workersGiveOneObjectPerSceneAndCount() throws Exception {
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--steps", "3", "--repeats", "1",
                "--workers", "1,2", "--json");
        assertEquals(0, o.code(), o.err());
        String[] lines = o.out().strip().split("\n");
        assertEquals(2, lines.length, o.out());
        assertEquals(1, MAPPER.readTree(lines[0]).get("workers").asInt());
        assertEquals(2, MAPPER.readTree(lines[1]).get("workers").asInt());
        RunCommandTest.Outcome bad = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--workers", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--workers: workerCount must be in [1, 64], got 0"), bad.err());
    }

    @Test
    void warmUpRoundsAreRunButNotCounted() throws Exception {
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--steps", "3", "--repeats", "2",
                "--warmup", "1", "--json");
        assertEquals(0, o.code(), o.err());
        JsonNode n = MAPPER.readTree(o.out().strip());
        assertEquals(1, n.get("warmup").asInt());
        assertEquals(2, n.get("msPerStep").get("repeats").size(), "the warm-up round is not among the repeats");
        assertTrue(o.err().contains("pyramid.scene, 1 worker, warm-up 1/1") && o.err().contains("(not counted)"), o.err());
        assertTrue(o.err().indexOf("warm-up 1/1") < o.err().indexOf("repeat 1/2"), o.err());
        RunCommandTest.Outcome bad = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--warmup", "-1");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--warmup must be at least 0, got -1"), bad.err());
    }

    @Test
    void chartDrawsABarPerSceneAndWorkerCountSplitByStage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path svg = dir.resolve("out/bench.svg"), png = dir.resolve("bench.png");
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "scenes/tower.scene", "--steps", "3",
                "--repeats", "1", "--workers", "1,2", "--chart", svg.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.err().contains("cairn: wrote " + svg), o.err());
        String drawing = java.nio.file.Files.readString(svg);
        for (String label : new String[] {"pyramid.scene, 1 worker (", "pyramid.scene, 2 workers (", "tower.scene, 1 worker (",
                "tower.scene, 2 workers (", "relax", "ms per step by stage (median of 1 repeat, steps 1 to 2)"}) {
            assertTrue(drawing.contains(label), label);
        }
        RunCommandTest.Outcome still = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--steps", "3", "--repeats", "1",
                "--chart", png.toString());
        assertEquals(0, still.code(), still.err());
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(140 + 36, image.getHeight(), "one bar");
        // A chart of another kind is refused before anything runs.
        RunCommandTest.Outcome bad = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--chart", dir.resolve("b.jpg").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--chart must name a .png or .svg file, got ") && !bad.err().contains("repeat 1/"),
                bad.err());
    }

    @Test
    void tooFewStepsIsInvalidInput() {
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", "scenes/pyramid.scene", "--steps", "1");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("--steps must be at least 2"), o.err());
    }

    @Test
    void jsonGivesTheDiagnosticsOfASceneItCannotRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path bad = dir.resolve("bad.scene");
        java.nio.file.Files.writeString(bad, "scene 1\nbody b { sphere r=-1m }\n");
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", bad.toString(), "--steps", "2", "--json");
        assertEquals(2, o.code());
        JsonNode report = MAPPER.readTree(o.out());
        assertEquals(false, report.get("ok").asBoolean());
        assertEquals("E0309", report.get("diagnostics").get(0).get("code").asText());
        assertEquals(19, report.get("diagnostics").get(0).get("column").asInt());
    }

    /**
     * A scene whose bodies end a repeat at the speed limit is flagged (a scene that blew up leaves
     * them there): on stderr, in the text report and as runawayBodies in the JSON; a pyramid is not.
     */
    @Test
    void bodiesLeftAtTheSpeedLimitAreReported(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path scene = dir.resolve("thrown.scene");
        java.nio.file.Files.writeString(scene, """
                scene 1
                world gravity=(0, 0, 0)
                body slow at=(0, 0, 0) v=(1m/s, 0, 0) { sphere r=0.1m }
                body fast at=(0, 5m, 0) v=(1000m/s, 0, 0) { sphere r=0.1m }
                """);
        RunCommandTest.Outcome o = RunCommandTest.cairn("bench", scene.toString(), "scenes/pyramid.scene", "--steps", "3",
                "--repeats", "1", "--json");
        assertEquals(0, o.code(), o.err());
        String[] lines = o.out().strip().split("\n");
        assertEquals(1, MAPPER.readTree(lines[0]).get("runawayBodies").asInt(), lines[0]);
        assertEquals(0, MAPPER.readTree(lines[1]).get("runawayBodies").asInt(), lines[1]);
        assertTrue(o.err().contains("bench: warning: thrown.scene, repeat 1: 1 body at the speed limit (400 m/s)"), o.err());
        org.junit.jupiter.api.Assertions.assertFalse(o.err().contains("warning: pyramid.scene"), o.err());
        RunCommandTest.Outcome text = RunCommandTest.cairn("bench", scene.toString(), "--steps", "3", "--repeats", "1");
        assertTrue(text.out().contains("warning: up to 1 body at the speed limit or not finite at the end of a repeat"),
                text.out());
    }
}
