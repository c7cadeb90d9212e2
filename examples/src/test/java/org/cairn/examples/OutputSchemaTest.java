package org.cairn.examples;

import static org.cairn.examples.RunCommandTest.cairn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON outputs of docs/cli.md against the JSON Schemas published in docs/schemas. */
class OutputSchemaTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path SCHEMAS = Path.of("..", "docs", "schemas").toAbsolutePath().normalize();

    private static JsonSchema schema(String name) {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(SCHEMAS.resolve(name).toUri());
    }

    private static void assertValid(JsonSchema schema, JsonNode node, String what) {
        Set<ValidationMessage> errors = schema.validate(node);
        assertTrue(errors.isEmpty(), what + ": " + errors);
    }

    @Test
    void everyExampleScenesRunReportFitsTheRunSchema() throws IOException {
        JsonSchema run = schema("run.schema.json");
        for (String scene : RunCommandTest.exampleScenes()) {
            RunCommandTest.Outcome o = cairn("run", scene, "--json", "--steps", "20");
            assertEquals(0, o.code(), scene + ": " + o.err());
            assertValid(run, MAPPER.readTree(o.out()), scene);
        }
    }

    @Test
    void aRecordingsLinesFitTheRecordSchema(@TempDir Path dir) throws IOException {
        JsonSchema record = schema("record.schema.json");
        Path scene = dir.resolve("shapes.scene");
        Files.writeString(scene, """
                scene 1
                body floor static { mesh vertices=((-5m, 0, -5m), (5m, 0, -5m), (5m, 0, 5m), (-5m, 0, 5m)) triangles=((0, 2, 1), (0, 3, 2)) }
                body gem at=(0, 1m, 0) { convex points=((0.3m, 0, 0), (-0.2m, 0.25m, 0), (-0.2m, -0.25m, 0.2m), (-0.2m, -0.25m, -0.2m)) }
                body pill at=(2m, 1m, 0) { capsule r=0.2m half_height=0.3m }
                body can at=(-2m, 1m, 0) { cylinder r=0.2m half_height=0.3m }
                body ball at=(0, 2m, 2m) { sphere r=0.2m }
                """);
        Path jsonl = dir.resolve("shapes.jsonl");
        RunCommandTest.Outcome o = cairn("run", scene.toString(), "--steps", "3", "--quiet", "--record", jsonl.toString());
        assertEquals(0, o.code(), o.err());
        List<String> lines = Files.readAllLines(jsonl);
        assertEquals(1 + 4 * 5, lines.size());
        for (String line : lines) {
            assertValid(record, MAPPER.readTree(line), line);
        }
    }

    @Test
    void aBenchLineFitsTheBenchSchema() throws IOException {
        RunCommandTest.Outcome o = cairn("bench", RunCommandTest.SCENES.resolve("pyramid.scene").toString(), "--steps", "3",
                "--repeats", "1", "--json");
        assertEquals(0, o.code(), o.err());
        assertValid(schema("bench.schema.json"), MAPPER.readTree(o.out().strip()), o.out());
    }

    /** {@code check --json}: one object per file, every diagnostic with its place, code, message, help and notes apart. */
    @Test
    void checkJsonGivesEveryDiagnosticOfEveryFile(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.scene");
        Files.writeString(bad, "scene 1\nrepeat i in 0..2 {\n  body a[i] { sphere r=-1m }\n}\nbody b { box hlaf=(1m, 1m, 1m) }\n");
        String tower = RunCommandTest.SCENES.resolve("tower.scene").toString();
        RunCommandTest.Outcome o = cairn("check", "--json", bad.toString(), tower, dir.resolve("none.scene").toString());
        assertEquals(2, o.code(), o.err());
        List<String> lines = o.out().strip().lines().toList();
        assertEquals(3, lines.size(), o.out());
        JsonSchema check = schema("check.schema.json");
        for (String line : lines) {
            assertValid(check, MAPPER.readTree(line), line);
        }
        JsonNode first = MAPPER.readTree(lines.get(0));
        assertFalse(first.get("ok").asBoolean());
        JsonNode diagnostics = first.get("diagnostics");
        assertEquals(2, diagnostics.size(), "the loop's error once, and the misspelled property");
        assertEquals("E0309", diagnostics.get(0).get("code").asText());
        assertEquals(3, diagnostics.get(0).get("line").asInt());
        assertTrue(diagnostics.get(0).get("notes").get(0).asText().startsWith("in repeat i = 0"), diagnostics.toString());
        assertEquals("E0304", diagnostics.get(1).get("code").asText());
        assertEquals(5, diagnostics.get(1).get("line").asInt());
        assertEquals("did you mean 'half'?", diagnostics.get(1).get("help").get(0).asText());
        assertTrue(MAPPER.readTree(lines.get(1)).get("ok").asBoolean());
        assertTrue(MAPPER.readTree(lines.get(2)).get("error").asText().startsWith("no such file"));
        // run --json says the same on stdout for a scene it cannot run, with the same exit code.
        RunCommandTest.Outcome run = cairn("run", "--json", bad.toString());
        assertEquals(2, run.code());
        assertEquals(lines.get(0), run.out().strip());
    }

    /** The schemas can fail: a report without its world, or with a shape of an unknown kind, does not fit. */
    @Test
    void theSchemasRefuseWhatTheContractDoesNotAllow() throws IOException {
        JsonSchema run = schema("run.schema.json");
        RunCommandTest.Outcome o = cairn("run", RunCommandTest.SCENES.resolve("tower.scene").toString(), "--json", "--steps", "1");
        ObjectNode report = (ObjectNode) MAPPER.readTree(o.out());
        ObjectNode broken = report.deepCopy();
        broken.remove("world");
        assertFalse(run.validate(broken).isEmpty());
        ObjectNode unknownShape = report.deepCopy();
        ((ObjectNode) unknownShape.get("bodies").get(1).get("shapes").get(0)).put("kind", "torus");
        assertFalse(run.validate(unknownShape).isEmpty());
        ObjectNode negativeImpulse = report.deepCopy();
        ((ObjectNode) negativeImpulse.get("contacts").get(0).get("points").get(0)).put("normalImpulse", -1.0);
        assertFalse(run.validate(negativeImpulse).isEmpty());
    }
}
