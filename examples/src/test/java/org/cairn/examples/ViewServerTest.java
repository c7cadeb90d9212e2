package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cairn.examples.view.LiveFrames;
import org.cairn.examples.view.ReplayFrames;
import org.cairn.examples.view.ViewServer;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The viewer's server: loopback only, its own files and the scene's frames, nothing else. */
class ViewServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String SCENE = """
            scene 1
            world gravity=(0, -9.81m/s^2, 0) dt=1s/60 substeps=4
            body ground static { box half=(20m, 0.5m, 20m) at=(0, -0.5m, 0) }
            body crate at=(-1.5m, 0.5m, 0) { box half=(0.5m, 0.5m, 0.5m) }
            body ball at=(1.5m, 3m, 0) { sphere r=0.6m }
            """;

    static SceneDef compile(String text) {
        return SceneCompiler.compile(SceneSyntax.parse("view.scene", text).file()).scene();
    }

    private static int status(URI uri) throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        try {
            return c.getResponseCode();
        } finally {
            c.disconnect();
        }
    }

    /** The status line of a request sent as written (no client tidying its path). */
    private static String raw(ViewServer server, String requestLine) throws IOException {
        try (Socket s = new Socket(server.address().getAddress(), server.address().getPort())) {
            OutputStream out = s.getOutputStream();
            out.write((requestLine + "\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return response.substring(0, response.indexOf("\r\n"));
        }
    }

    @Test
    void servesItsPageThreeJsAndTheFramesOnTheLoopbackOnly() throws IOException {
        try (ViewServer server = new ViewServer(new LiveFrames(compile(SCENE), 600), 0)) {
            assertTrue(server.address().getAddress().isLoopbackAddress(), server.address().toString());
            URI base = server.uri();
            for (String path : new String[] {"", "viewer.js", "viewer.css", "three/build/three.module.js",
                    "three/build/three.core.js", "three/examples/jsm/controls/OrbitControls.js"}) {
                assertEquals(200, status(base.resolve(path)), path);
            }
            JsonNode scene = MAPPER.readTree(base.resolve("api/scene").toURL());
            assertEquals(3, scene.get("bodies").size());
            assertEquals("ball", scene.get("bodies").get(2).get("name").asText());
            assertEquals("sphere", scene.get("bodies").get(2).get("shapes").get(0).get("kind").asText());
            assertEquals(601, scene.get("frameLimit").asInt());
            JsonNode frames = MAPPER.readTree(base.resolve("api/frames?from=0&count=31").toURL());
            assertEquals(31, frames.get("frames").size());
            assertFalse(frames.get("end").asBoolean());
            JsonNode last = frames.get("frames").get(30);
            assertEquals(30, last.get("step").asInt());
            // The ball has fallen for half a second: 3 m − ½·g·t².
            assertEquals(3 - 0.5 * 9.81 * 0.25, last.get("bodies").get(2).get(1).asDouble(), 1e-9);
            JsonNode tail = MAPPER.readTree(base.resolve("api/frames?from=590&count=100").toURL());
            assertEquals(11, tail.get("frames").size(), "frames 590..600, the last there will be");
            assertTrue(tail.get("end").asBoolean());
        }
    }

    @Test
    void nothingElseIsServedWhateverItsDotsOrEncoding() throws IOException {
        try (ViewServer server = new ViewServer(new LiveFrames(compile(SCENE), 60), 0)) {
            for (String path : new String[] {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                    "/..%2f..%2fetc%2fpasswd", "/three/../../../etc/passwd", "/three/build/../../pom.xml",
                    "/org/cairn/examples/view/viewer.js", "/META-INF/MANIFEST.MF", "/viewer.js/", "//etc/passwd",
                    "/three/build/three.module.js%00"}) {
                assertEquals("HTTP/1.1 404 Not Found", raw(server, "GET " + path + " HTTP/1.1"), path);
            }
            assertEquals("HTTP/1.1 405 Method Not Allowed", raw(server, "POST /api/scene HTTP/1.1"));
        }
    }

    @Test
    void aRecordingIsReplayedFrameByFrame(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("view.scene"), jsonl = dir.resolve("run.jsonl");
        Files.writeString(scene, SCENE);
        assertEquals(0, RunCommandTest.cairn("run", scene.toString(), "--steps", "20", "--every", "5", "--quiet", "--record",
                jsonl.toString()).code());
        ReplayFrames replay = new ReplayFrames(jsonl);
        assertEquals(5, replay.limit(), "steps 0, 5, 10, 15, 20");
        assertEquals(15, replay.frame(3).get("step").asInt());
        assertEquals(3 - 0.5 * 9.81 * Math.pow(15 / 60.0, 2), replay.frame(3).get("bodies").get(2).get(1).asDouble(), 1e-9);
        assertNull(replay.frame(5));
        assertEquals("crate", replay.description().get("bodies").get(1).get("name").asText());
        Files.writeString(dir.resolve("bad.jsonl"), "{\"step\":0}\n");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ReplayFrames(dir.resolve("bad.jsonl")));
        assertTrue(e.getMessage().contains("bad.jsonl:1: not a recording"), e.getMessage());
    }
}
