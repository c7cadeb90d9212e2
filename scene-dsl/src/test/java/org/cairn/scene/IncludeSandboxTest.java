package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scene file is untrusted: its includes read only {@code .scene} files inside its own folder
 * tree (or folders the user allows), never a device, a pipe or a file reached through a link that
 * leaves the tree, never more than the size limit, and never more includes than the limit; the
 * diagnostics say why without quoting the refused file.
 */
class IncludeSandboxTest {
    @TempDir
    Path dir;

    private static final String SECRET = "SECRET-LINE-THAT-MUST-NOT-BE-ECHOED";

    private String check(Path scene, Includes includes) throws IOException {
        String text = Includes.readText(scene);
        SceneSyntax.Result parsed = SceneSyntax.parse(scene.toString(), text);
        assertTrue(parsed.ok(), parsed.diagnostics().toString());
        SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file(), null, includes);
        return compiled.diagnostics().stream().map(d -> d.render(compiled.textOf(d, text)))
                .collect(Collectors.joining());
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void filesOutsideTheScenesFolderAreRefusedUnquoted() throws IOException {
        write("outside.scene", "scene 1\n" + SECRET + " {\n");
        write("project/secret.txt", SECRET + "\n");
        Path scene = write("project/main.scene", """
                scene 1
                include "../outside.scene"
                include "/etc/passwd"
                include "secret.txt"
                include "missing.scene"
                """);
        String out = check(scene, Includes.files());
        assertFalse(out.contains(SECRET), out);
        assertFalse(out.contains("root:"), out);
        assertTrue(out.contains("main.scene:2:1: error[E0311]: cannot read included file '../outside.scene': it is"
                + " outside the folder of the including file"), out);
        assertTrue(out.contains("main.scene:3:1: error[E0311]: cannot read included file '/etc/passwd': only .scene"
                + " files can be included"), out);
        assertTrue(out.contains("main.scene:4:1: error[E0311]: cannot read included file 'secret.txt': only .scene"),
                out);
        assertTrue(out.contains("main.scene:5:1: error[E0311]: cannot read included file 'missing.scene': no such file"),
                out);
    }

    @Test
    void aFolderTheUserAllowsCanBeIncludedFrom() throws IOException {
        write("common/ground.scene", "scene 1\nbody ground static { box half=(5m, 0.5m, 5m) }\n");
        Path scene = write("project/main.scene", "scene 1\ninclude \"../common/ground.scene\"\n");
        assertTrue(check(scene, Includes.files()).contains("outside the folder"));
        assertEquals("", check(scene, Includes.files(List.of(dir.resolve("common")))));
    }

    @Test
    void aLinkLeavingTheFolderIsRefused() throws IOException {
        write("outside.scene", "scene 1\n" + SECRET + "\n");
        Path link = dir.resolve("project/inner.scene");
        Files.createDirectories(link.getParent());
        try {
            Files.createSymbolicLink(link, dir.resolve("outside.scene"));
        } catch (UnsupportedOperationException | IOException noLinks) {
            return; // a file system without links cannot be escaped through one
        }
        Path scene = write("project/main.scene", "scene 1\ninclude \"inner.scene\"\n");
        String out = check(scene, Includes.files());
        assertTrue(out.contains("outside the folder of the including file"), out);
        assertFalse(out.contains(SECRET), out);
    }

    @Test
    void onlyRegularFilesOfAtMostTheSizeLimitAreRead() throws IOException {
        Files.createDirectories(dir.resolve("project/folder.scene"));
        Path big = dir.resolve("project/big.scene");
        Files.write(big, ("scene 1\n# " + "x".repeat(SceneLimits.MAX_FILE_BYTES) + "\n").getBytes(StandardCharsets.UTF_8));
        Path scene = write("project/main.scene", "scene 1\ninclude \"folder.scene\"\ninclude \"big.scene\"\n");
        String out = check(scene, Includes.files());
        assertTrue(out.contains("'folder.scene': it is not a regular file"), out);
        assertTrue(out.contains("'big.scene': it is longer than 4194304 bytes"), out);
    }

    @Test
    void includesThatDoubleAtEachLevelStopAtTheIncludeLimitQuickly() throws IOException {
        write("f0.scene", "scene 1\nbody b static { sphere r=1m }\n");
        for (int i = 1; i <= 26; i++) {
            write("f" + i + ".scene", "scene 1\ninclude \"f" + (i - 1) + ".scene\" as a\ninclude \"f" + (i - 1)
                    + ".scene\" as b\n");
        }
        // 2^26 bodies before the limit; now an error within a few hundred file reads.
        String out = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> check(dir.resolve("f26.scene"),
                Includes.files()));
        assertTrue(out.contains("error[E0309]: a scene may include at most 256 files in all"), out);
    }

    @Test
    void aByteOrderMarkIsDroppedAndOtherEncodingsAreNamed() throws IOException {
        Path bom = dir.resolve("bom.scene");
        Files.write(bom, ("\ufeffscene 1\nbody b static { sphere r=1m }\n").getBytes(StandardCharsets.UTF_8));
        assertEquals("", check(bom, Includes.files()));
        Path latin1 = dir.resolve("latin1.scene");
        Files.write(latin1, "scene 1\n# caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> Includes.readText(latin1));
        assertEquals("line 2, column 6: byte 0xe9 is not UTF-8 text (save the file as UTF-8)", e.getMessage());
    }
}
