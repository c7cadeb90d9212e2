package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cairn.engine3d.World;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-call facade: a scene from a file or text, every diagnostic at once, the canonical form. */
class ScenesTest {
    @Test
    void aSceneFileLoadsWithItsIncludesAndBuildsAWorld(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("parts.scene"), "scene 1\nbody crate at=(0, 2m, 0) { box half=(0.5m, 0.5m, 0.5m) }\n");
        Path main = dir.resolve("main.scene");
        Files.writeString(main, "scene 1\ninclude \"parts.scene\"\nbody ground static { box half=(5m, 0.5m, 5m) at=(0, -0.5m, 0) }\n");
        Scenes.Loaded loaded = Scenes.load(main);
        assertTrue(loaded.ok(), loaded.render());
        assertEquals("", loaded.render());
        SceneDef.Built built = loaded.build();
        World world = built.world();
        assertEquals(2, built.bodies().size());
        world.step();
        assertEquals(2 - 0.5 * 9.81 / 3600, world.position(built.bodies().get("crate"), new Vector3d()).y, 1e-9);
    }

    @Test
    void textWithMistakesGivesEveryDiagnosticRenderedAndNoWorld() {
        Scenes.Loaded loaded = Scenes.parse("bad.scene", "scene 1\nbody a { sphere r=-1m }\nbody b { box hlaf=(1m, 1m, 1m) }\n");
        assertFalse(loaded.ok());
        String text = loaded.render();
        assertTrue(text.contains("bad.scene:2:") && text.contains("bad.scene:3:") && text.endsWith("2 errors"
                + System.lineSeparator()), text);
        assertTrue(text.contains("did you mean 'half'"), text);
        IllegalStateException e = assertThrows(IllegalStateException.class, loaded::build);
        assertTrue(e.getMessage().contains("bad.scene:3:"), e.getMessage());
        assertFalse(Scenes.parse("syntax.scene", "scene 1\nbody {").ok());
    }

    @Test
    void formatGivesTheCanonicalFormOrTheSyntaxErrors() {
        assertEquals("scene 1\nbody b at=(0, 1m, 0) {\n  sphere r=0.5m\n}\n",
                Scenes.format("f.scene", "scene 1\nbody b   at=(0,1m,0) {\nsphere r=0.5m }\n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Scenes.format("f.scene", "scene 1\nbody {"));
        assertTrue(e.getMessage().contains("f.scene:2:"), e.getMessage());
    }
}
