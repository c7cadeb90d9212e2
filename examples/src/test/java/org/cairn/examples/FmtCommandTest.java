package org.cairn.examples;

import static org.cairn.examples.RunCommandTest.cairn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn fmt}: the example scenes are canonical; messy files are rewritten; broken ones are left alone. */
class FmtCommandTest {
    @Test
    void everyExampleSceneIsFormatted() throws IOException {
        List<String> args = new ArrayList<>(List.of("fmt", "--check"));
        args.addAll(RunCommandTest.exampleScenes());
        RunCommandTest.Outcome check = cairn(args.toArray(String[]::new));
        assertEquals(0, check.code(), "not formatted:\n" + check.out() + check.err());
    }

    @Test
    void rewritesMessyFilesAndLeavesBrokenOnesAlone(@TempDir Path dir) throws IOException {
        Path messy = dir.resolve("messy.scene");
        Files.writeString(messy, "scene 1\nbody   b  at=(0,1m,0){sphere r=1m}   # ball\n");
        assertEquals(1, cairn("fmt", "--check", messy.toString()).code());
        assertEquals(0, cairn("fmt", messy.toString()).code());
        assertEquals("scene 1\nbody b at=(0, 1m, 0) { sphere r=1m }  # ball\n", Files.readString(messy));
        assertEquals(0, cairn("fmt", "--check", messy.toString()).code());

        Path broken = dir.resolve("broken.scene");
        String text = "scene 1\nbody b at=(0,,1m) { sphere r=1m }\n";
        Files.writeString(broken, text);
        RunCommandTest.Outcome o = cairn("fmt", broken.toString());
        assertEquals(2, o.code());
        assertTrue(o.err().contains("broken.scene:2:"), o.err());
        assertEquals(text, Files.readString(broken), "a broken file is never rewritten");
        assertEquals(2, cairn("fmt", dir.resolve("missing.scene").toString()).code());
    }

    @Test
    void expandPrintsTheFlatSceneThatChecksAgain(@TempDir Path dir) throws IOException {
        RunCommandTest.Outcome expand = cairn("expand", "scenes/tower.scene");
        assertEquals(0, expand.code(), expand.err());
        assertTrue(expand.out().contains("body box[11] at=(0, 11.5m, 0)"), expand.out());
        assertTrue(!expand.out().contains("repeat"), expand.out());
        Path flat = dir.resolve("flat.scene");
        Files.writeString(flat, expand.out());
        assertEquals(0, cairn("check", flat.toString()).code());
        assertEquals(2, cairn("expand", dir.resolve("missing.scene").toString()).code());
    }
}
