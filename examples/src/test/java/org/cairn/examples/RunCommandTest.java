package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn run} and {@code cairn check}: exit codes, the JSON contract of docs/cli.md, recording. */
class RunCommandTest {
    static final Path SCENES = Path.of("scenes");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Exit code, stdout and stderr of one command line. */
    record Outcome(int code, String out, String err) {
    }

    static Outcome cairn(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Cairn.run(args);
            return new Outcome(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    static List<String> exampleScenes() throws IOException {
        try (Stream<Path> files = Files.list(SCENES)) {
            return files.filter(p -> p.toString().endsWith(".scene")).map(Path::toString).sorted().toList();
        }
    }

    @Test
    void everyExampleSceneChecksAndRuns() throws IOException {
        List<String> scenes = exampleScenes();
        assertTrue(scenes.size() >= 4, scenes.toString());
        List<String> args = new ArrayList<>(List.of("check"));
        args.addAll(scenes);
        Outcome check = cairn(args.toArray(String[]::new));
        assertEquals(0, check.code(), check.err());
        for (String scene : scenes) {
            assertTrue(check.out().contains(scene + ": ok"), check.out());
            Outcome run = cairn("run", scene, "--seconds", "1");
            assertEquals(0, run.code(), scene + ": " + run.err());
            assertTrue(run.out().startsWith(scene + ": 60 steps, 1.000 s simulated"), run.out());
            assertTrue(run.out().contains("ms per awake step (median)") || run.out().contains("no step simulated a body"),
                    run.out());
        }
    }

    @Test
    void towerJsonHasTheDocumentedShape() throws IOException {
        String scene = SCENES.resolve("tower.scene").toString();
        Outcome run = cairn("run", scene, "--json", "--seconds", "1.5");
        assertEquals(0, run.code(), run.err());
        assertEquals(1, run.out().strip().lines().count(), "exactly one JSON object on one line");
        JsonNode root = MAPPER.readTree(run.out());
        assertKeys(root, "scene", "steps", "time", "world", "bodies", "energy", "runawayBodies", "contacts", "joints", "timing");
        assertEquals(0, root.get("runawayBodies").asInt(), "a tower that stands leaves nothing at the speed limit");
        JsonNode world = root.get("world");
        assertKeys(world, "dt", "substeps", "solver", "gravity", "workers");
        assertEquals(1.0 / 60, world.get("dt").asDouble(), 1e-15);
        assertEquals(4, world.get("substeps").asInt());
        assertEquals("soft", world.get("solver").asText());
        assertEquals(-9.81, world.get("gravity").get(1).asDouble(), 1e-15);
        assertEquals(1, world.get("workers").asInt());
        assertEquals(0, root.get("joints").size(), "a scene without joints lists none");
        assertEquals(scene, root.get("scene").asText());
        assertEquals(90, root.get("steps").asInt());
        assertEquals(1.5, root.get("time").asDouble(), 1e-12);
        assertEquals(13, root.get("bodies").size());
        for (JsonNode body : root.get("bodies")) {
            assertKeys(body, "name", "type", "position", "orientation", "rotation", "linearVelocity", "angularVelocity", "awake",
                    "shapes");
            assertEquals(1, body.get("shapes").size());
            JsonNode shape = body.get("shapes").get(0);
            assertKeys(shape, "kind", "halfExtents", "position", "orientation", "rotation", "density", "friction", "restitution");
            assertEquals("box", shape.get("kind").asText());
            assertNumbers(shape.get("halfExtents"), 3);
            assertEquals(0.6, shape.get("friction").asDouble(), 1e-15);
            assertTrue(Set.of("static", "kinematic", "dynamic").contains(body.get("type").asText()));
            assertNumbers(body.get("position"), 3);
            assertNumbers(body.get("orientation"), 4);
            assertEquals(body.get("orientation"), body.get("rotation"), "one quaternion under both names");
            assertNumbers(body.get("linearVelocity"), 3);
            assertNumbers(body.get("angularVelocity"), 3);
            assertTrue(body.get("awake").isBoolean());
        }
        assertEquals("ground", root.get("bodies").get(0).get("name").asText());
        assertEquals(50, root.get("bodies").get(0).get("shapes").get(0).get("halfExtents").get(0).asDouble());
        assertEquals(-0.5, root.get("bodies").get(0).get("shapes").get(0).get("position").get(1).asDouble(),
                "the ground's box sits below its body's origin");
        assertEquals(0.5, root.get("bodies").get(1).get("shapes").get(0).get("halfExtents").get(2).asDouble());
        assertEquals("box[11]", root.get("bodies").get(12).get("name").asText(), "names as written, indices included");
        assertKeys(root.get("energy"), "kinetic", "potential");
        assertTrue(root.get("energy").get("kinetic").isNumber());
        assertTrue(root.get("energy").get("potential").isNumber());
        assertEquals(12, root.get("contacts").size(), "each box rests on the one below");
        double supported = 0;
        for (JsonNode c : root.get("contacts")) {
            assertKeys(c, "bodyA", "bodyB", "normal", "twistImpulse", "points");
            assertNumbers(c.get("normal"), 3);
            assertTrue(c.get("twistImpulse").isNumber());
            assertFalse(c.get("points").isEmpty());
            for (JsonNode p : c.get("points")) {
                assertKeys(p, "position", "separation", "normalImpulse", "tangentImpulse");
                assertNumbers(p.get("position"), 3);
                assertNumbers(p.get("tangentImpulse"), 2);
                assertTrue(p.get("normalImpulse").asDouble() >= 0);
                if (c.get("bodyA").asText().equals("ground") || c.get("bodyB").asText().equals("ground")) {
                    supported += p.get("normalImpulse").asDouble();
                }
            }
        }
        // At rest the ground carries the whole tower: 12 boxes of 1000 kg for one 1/60 s step.
        assertEquals(12 * 1000 * 9.81 / 60, supported, 0.01 * 12 * 1000 * 9.81 / 60);
        assertFalse(root.get("bodies").get(0).get("awake").asBoolean(), "static bodies are never awake");
        JsonNode timing = root.get("timing");
        assertKeys(timing, "msPerStep", "awakeSteps", "msPerAwakeStepMedian", "msPerAwakeStepMean");
        assertTrue(timing.get("msPerStep").asDouble() >= 0);
        // The tower falls asleep within the run: only its first steps count as awake, and they cost more.
        int awake = timing.get("awakeSteps").asInt();
        assertTrue(awake > 0 && awake < root.get("steps").asInt(), timing.toString());
        assertTrue(timing.get("msPerAwakeStepMedian").asDouble() >= timing.get("msPerStep").asDouble(), timing.toString());
        assertTrue(timing.get("msPerAwakeStepMean").asDouble() > 0, timing.toString());
    }

    @Test
    void workersChangeNothingButTime(@TempDir Path dir) throws IOException {
        String scene = SCENES.resolve("pyramid-820.scene").toString();
        JsonNode one = MAPPER.readTree(cairn("run", scene, "--json", "--steps", "30", "--workers", "1").out());
        JsonNode two = MAPPER.readTree(cairn("run", scene, "--json", "--steps", "30", "--workers", "2").out());
        assertEquals(one.get("bodies"), two.get("bodies"));
        assertEquals(one.get("contacts"), two.get("contacts"));
        Outcome bad = cairn("run", scene, "--workers", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("workerCount must be in [1, 64], got 0"), bad.err());
        // The scene's own setting, and its range checked with the file's position.
        Path file = dir.resolve("w.scene");
        Files.writeString(file, "scene 1\nworld workers=65\nbody b { sphere r=1m }\n");
        Outcome outOfRange = cairn("check", file.toString());
        assertEquals(2, outOfRange.code());
        assertTrue(outOfRange.err().contains("w.scene:2:15") && outOfRange.err().contains("workers must be in [1, 64], got 65"),
                outOfRange.err());
    }

    /** A body left at the speed limit is counted in the JSON and warned of in the summary (a scene that blew up leaves them). */
    @Test
    void bodiesAtTheSpeedLimitAreReported(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("thrown.scene");
        Files.writeString(scene, """
                scene 1
                world gravity=(0, 0, 0)
                body slow at=(0, 0, 0) v=(1m/s, 0, 0) { sphere r=0.1m }
                body fast at=(0, 5m, 0) v=(1000m/s, 0, 0) { sphere r=0.1m }
                """);
        Outcome json = cairn("run", scene.toString(), "--json", "--steps", "3");
        assertEquals(0, json.code(), json.err());
        assertEquals(1, MAPPER.readTree(json.out()).get("runawayBodies").asInt(), json.out());
        Outcome text = cairn("run", scene.toString(), "--steps", "3");
        assertTrue(text.out().contains("warning   1 dynamic body at the speed limit (400 m/s) or not finite"), text.out());
        Outcome calm = cairn("run", SCENES.resolve("resting-box.scene").toString(), "--steps", "3");
        assertFalse(calm.out().contains("warning"), calm.out());
    }

    @Test
    void zeroStepsPrintsTheInitialState() throws IOException {
        Outcome run = cairn("run", SCENES.resolve("resting-box.scene").toString(), "--json", "--steps", "0");
        assertEquals(0, run.code(), run.err());
        JsonNode root = MAPPER.readTree(run.out());
        assertEquals(0, root.get("steps").asInt());
        JsonNode box = root.get("bodies").get(1);
        assertEquals("box", box.get("name").asText());
        assertEquals(0.5, box.get("position").get(1).asDouble(), 1e-15);
        assertEquals(0.0, root.get("energy").get("kinetic").asDouble(), 0.0);
    }

    @Test
    void flagsOverrideTheScene() throws IOException {
        String scene = SCENES.resolve("resting-box.scene").toString();
        Outcome run = cairn("run", scene, "--solver", "si", "--substeps", "2", "--iterations", "5", "--steps", "3");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("(sequential impulse, 2 substeps)"), run.out());
    }

    /** Every example scene keeps every invariant for 2 s, and its stacks come to rest. */
    @Test
    void exampleScenesKeepTheInvariants() throws IOException {
        for (String scene : exampleScenes()) {
            Outcome o = cairn("run", scene, "--check-invariants", "--quiet");
            assertEquals(0, o.code(), scene + ": " + o.err());
            assertTrue(o.err().contains("every invariant held over 120 steps"), o.err());
        }
        Outcome rest = cairn("run", SCENES.resolve("pyramid.scene").toString(), "--check-invariants", "--settle-by", "1.5",
                "--quiet");
        assertEquals(0, rest.code(), rest.err());
    }

    /** --state starts the tower with its top box knocked sideways: it falls off; without, it stays. */
    @Test
    void aNamedStateIsChosenOnTheCommandLine() throws IOException {
        String tower = SCENES.resolve("tower.scene").toString();
        JsonNode plain = MAPPER.readTree(cairn("run", tower, "--steps", "60", "--json").out());
        JsonNode knocked = MAPPER.readTree(cairn("run", tower, "--steps", "60", "--json", "--state", "knocked").out());
        assertTrue(Math.abs(plain.get("bodies").get(12).get("position").get(0).asDouble()) < 1e-3, plain.toString());
        assertTrue(knocked.get("bodies").get(12).get("position").get(0).asDouble() > 1, knocked.toString());
        Outcome missing = cairn("run", tower, "--state", "knockd");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("this scene has no state 'knockd'"), missing.err());
        assertTrue(missing.err().contains("did you mean 'knocked'?"), missing.err());
    }

    /** bounce.scene's probes: the lively ball's height every 3 steps and the energies every 30, in JSON and CSV. */
    @Test
    void probesAreRecordedInTheJsonAndACsvFile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("probes.csv");
        Outcome o = cairn("run", SCENES.resolve("bounce.scene").toString(), "--steps", "60", "--json", "--probes", csv.toString());
        assertEquals(0, o.code(), o.err());
        JsonNode probes = MAPPER.readTree(o.out()).get("probes");
        JsonNode height = probes.get("lively_height");
        assertEquals(21, height.size(), "steps 0, 3, ..., 60");
        assertEquals(1.1, height.get(0).get("position").get(1).asDouble(), 1e-12);
        assertEquals(60, height.get(20).get("step").asInt());
        assertEquals(3, probes.get("energy").size(), "steps 0, 30, 60");
        assertTrue(probes.get("energy").get(0).has("kinetic_energy"));
        List<String> rows = Files.readAllLines(csv);
        assertEquals("probe,step,time,quantity,x,y,z,w", rows.get(0));
        assertEquals(1 + 21 * 2 + 3 * 2, rows.size());
        assertTrue(rows.get(1).startsWith("lively_height,0,"), rows.get(1));
    }

    @Test
    void invalidInputExitsWithTwoAndNoStackTrace(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("broken.scene");
        Files.writeString(broken, "scene 1\nbody b { box half=(1m, 1m, 1m) densty=2kg/m^3 }\nbody b { spher r=1m }\n");
        Outcome check = cairn("check", broken.toString());
        assertEquals(2, check.code());
        assertTrue(check.err().contains(broken + ":2:"), check.err());
        assertTrue(check.err().contains(broken + ":3:"), "every error at once: " + check.err());
        assertFalse(check.err().contains("Exception"), check.err());
        assertEquals(2, cairn("run", broken.toString()).code());
        assertEquals(2, cairn("run", dir.resolve("missing.scene").toString()).code());
        String scene = SCENES.resolve("tower.scene").toString();
        for (String[] bad : new String[][] {{"--solver", "fast"}, {"--steps", "-1"}, {"--seconds", "nan"},
                {"--substeps", "0"}, {"--steps", "1", "--seconds", "1"}, {"--record", dir.resolve("x.txt").toString()},
                {"--settle-by", "1"}, {"--check-invariants", "--settle-by", "-1"}}) {
            List<String> args = new ArrayList<>(List.of("run", scene));
            args.addAll(List.of(bad));
            Outcome o = cairn(args.toArray(String[]::new));
            assertEquals(2, o.code(), String.join(" ", bad) + ": " + o.err());
            assertFalse(o.err().contains("Exception"), o.err());
        }
    }

    @Test
    void recordsEveryBodyEveryStep(@TempDir Path dir) throws IOException {
        String scene = SCENES.resolve("tower.scene").toString();
        Path csv = dir.resolve("tower.csv");
        assertEquals(0, cairn("run", scene, "--steps", "5", "--quiet", "--record", csv.toString()).code());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(Recorder.CSV_HEADER, rows.get(0));
        assertEquals(1 + 6 * 13, rows.size(), "steps 0..5, 13 bodies");
        assertTrue(rows.get(rows.size() - 1).startsWith("5,"), rows.get(rows.size() - 1));
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("0,0.0,box[3],")), "step 0 is the initial state");
        assertTrue(rows.get(1).startsWith("0,0.0,ground,") && rows.get(1).endsWith(",static,false"), rows.get(1));
        assertTrue(rows.get(2).endsWith(",dynamic,true"), rows.get(2));
        Path jsonl = dir.resolve("tower.jsonl");
        assertEquals(0, cairn("run", scene, "--steps", "5", "--quiet", "--record", jsonl.toString()).code());
        List<String> lines = Files.readAllLines(jsonl);
        assertEquals(1 + 6 * 13, lines.size(), "the description, then steps 0..5 of 13 bodies");
        JsonNode head = MAPPER.readTree(lines.get(0));
        assertKeys(head, "world", "bodies");
        assertEquals(13, head.get("bodies").size());
        assertKeys(head.get("bodies").get(1), "name", "type", "shapes");
        assertEquals("box[0]", head.get("bodies").get(1).get("name").asText());
        assertEquals("box", head.get("bodies").get(1).get("shapes").get(0).get("kind").asText());
        JsonNode last = MAPPER.readTree(lines.get(lines.size() - 1));
        assertKeys(last, "step", "time", "name", "position", "orientation", "rotation", "linearVelocity", "angularVelocity", "type",
                "awake");
        assertEquals(5, last.get("step").asInt());
        assertEquals("box[11]", last.get("name").asText());
        assertEquals("dynamic", last.get("type").asText());
        assertTrue(last.get("awake").asBoolean());
    }

    /** {@code --every N} records step 0 and then every N-th step. */
    @Test
    void recordsEveryNthStep(@TempDir Path dir) throws IOException {
        Path jsonl = dir.resolve("tower.jsonl");
        String scene = SCENES.resolve("tower.scene").toString();
        assertEquals(0, cairn("run", scene, "--steps", "10", "--quiet", "--every", "4", "--record", jsonl.toString()).code());
        List<String> lines = Files.readAllLines(jsonl);
        assertEquals(1 + 3 * 13, lines.size(), "steps 0, 4 and 8");
        assertEquals(8, MAPPER.readTree(lines.get(lines.size() - 1)).get("step").asInt());
        assertEquals(2, cairn("run", scene, "--steps", "10", "--every", "0", "--record", jsonl.toString()).code());
    }

    /** The door's hinge in the JSON: its motor opened it to the 100° limit, and it carries the door's weight. */
    @Test
    void jointsAreReportedWithTheirAngleAndReaction() throws IOException {
        Outcome run = cairn("run", SCENES.resolve("door.scene").toString(), "--json", "--seconds", "3");
        assertEquals(0, run.code(), run.err());
        JsonNode root = MAPPER.readTree(run.out());
        assertEquals(1, root.get("joints").size());
        JsonNode hinge = root.get("joints").get(0);
        assertKeys(hinge, "name", "kind", "bodyA", "bodyB", "coordinate", "speed", "reactionForce", "reactionTorque", "broken");
        assertEquals("doorhinge", hinge.get("name").asText());
        assertEquals("hinge", hinge.get("kind").asText());
        assertEquals("post", hinge.get("bodyA").asText());
        assertEquals(Math.toRadians(100), hinge.get("coordinate").asDouble(), Math.toRadians(0.1));
        assertNumbers(hinge.get("reactionForce"), 3);
        double weight = 0.9 * 1.9 * 0.04 * 600 * 9.81;
        assertEquals(weight, hinge.get("reactionForce").get(1).asDouble(), 0.01 * weight);
        assertFalse(hinge.get("broken").asBoolean());
    }

    /** A joint's probe records its angle, rate and reaction; the pendulum's hinge starts at 0 and swings negative. */
    @Test
    void aJointProbeRecordsTheHingeAngle() throws IOException {
        Outcome run = cairn("run", SCENES.resolve("pendulum.scene").toString(), "--json", "--seconds", "0.5");
        assertEquals(0, run.code(), run.err());
        JsonNode rows = MAPPER.readTree(run.out()).get("probes").get("hinge");
        assertEquals(6, rows.size(), "steps 0, 6, ..., 30");
        assertEquals(0.0, rows.get(0).get("coordinate").asDouble(), 0.0);
        assertTrue(rows.get(5).get("coordinate").asDouble() < -0.5, rows.get(5).toString());
        assertNumbers(rows.get(5).get("reaction_force"), 3);
        assertTrue(rows.get(5).get("joint_speed").isNumber());
    }

    private static void assertKeys(JsonNode node, String... keys) {
        assertTrue(node.isObject(), node.toString());
        Set<String> actual = new TreeSet<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            actual.add(it.next());
        }
        assertEquals(new TreeSet<>(List.of(keys)), actual, node.toString());
    }

    private static void assertNumbers(JsonNode node, int count) {
        assertTrue(node.isArray() && node.size() == count, node.toString());
        for (JsonNode n : node) {
            assertTrue(n.isNumber(), node.toString());
        }
    }

    @Test
    void box3dBenchmarkScenesCheckFormatAndStep() throws IOException {
        List<String> scenes;
        try (Stream<Path> files = Files.list(SCENES.resolve("box3d"))) {
            scenes = files.map(Path::toString).sorted().toList();
        }
        assertEquals(List.of("joint_grid.scene", "large_pyramid.scene", "many_pyramids.scene", "washer.scene"),
                scenes.stream().map(s -> Path.of(s).getFileName().toString()).toList());
        for (String scene : scenes) {
            assertEquals(0, cairn("check", scene).code(), scene);
            assertEquals(0, cairn("fmt", "--check", scene).code(), scene);
            // Thousands of awake cubes: a couple of steps shows they build and step; the benchmark runs them long.
            Outcome run = cairn("run", scene, "--steps", "2");
            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().contains("dynamic: ") && run.out().contains(" awake, 0 asleep"), run.out());
        }
    }
}
