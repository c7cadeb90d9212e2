package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** "-" reads the scene from standard input, for every command that takes a scene; times print as people write them. */
class StandardInputTest {
    private static RunCommandTest.Outcome withInput(String input, String... args) {
        InputStream in = System.in;
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            SceneFiles.forgetStandardInput();
            return RunCommandTest.cairn(args);
        } finally {
            System.setIn(in);
            SceneFiles.forgetStandardInput();
        }
    }

    @Test
    void fmtCheckExpandAndRunReadStandardInput() throws Exception {
        RunCommandTest.Outcome fmt = withInput("scene 1\nbody b   at=(0,1m,0) { sphere r=0.5m }\n", "fmt", "-");
        assertEquals(0, fmt.code(), fmt.err());
        assertEquals("scene 1\nbody b at=(0, 1m, 0) { sphere r=0.5m }\n", fmt.out());
        RunCommandTest.Outcome check = withInput("scene 1\nbody b { sphere r=-1m }\n", "check", "-");
        assertEquals(2, check.code());
        assertTrue(check.err().startsWith("<stdin>:2:19: error[E0309]"), check.err());
        RunCommandTest.Outcome expand = withInput("scene 1\nrepeat i in 0..2 { body b[i] { sphere r=1m } }\n", "expand", "-");
        assertEquals(0, expand.code(), expand.err());
        assertTrue(expand.out().contains("body b[1]"), expand.out());
        RunCommandTest.Outcome run = withInput("scene 1\nbody b at=(0, 1m, 0) { sphere r=0.5m }\n", "run", "-", "--steps", "120",
                "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode report = new ObjectMapper().readTree(run.out());
        // 120 steps of 1/60 s: 2.0, as people write it (plain summation of the steps gives 1.9999999999999978).
        assertEquals("2.0", report.get("time").toString());
    }
}
