package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.cairn.scene.internal.eval.Dimension;
import org.junit.jupiter.api.Test;

/** Expansion flattens loops and constants and builds the very same world. */
class SceneExpanderTest {
    @Test
    void loopsAndConstantsBecomeLiteralsInSiUnits() {
        String scene = """
                scene 1
                let h = 25cm
                material wood density=0.7g/cm^3
                repeat i in 0..2 {
                  body crate[i, 2*i] at=(i*2*h, h, 0) rot=(0, 90deg, 0) w=(0, 0, 1rev/min) { box half=(h, h, h) material=wood }
                }
                """;
        // 0.7 g/cm³ is 699.9999999999999 kg/m³ in doubles: expansion writes the exact value the world gets.
        SceneExpander.Result result = SceneExpander.expand("s.scene", scene);
        assertTrue(result.ok(), result.diagnostics().toString());
        assertEquals("""
                scene 1
                material wood density=699.9999999999999kg/m^3
                body crate[0, 0] at=(0m, 0.25m, 0) rot=(0, 1.5707963267948966rad, 0) w=(0, 0, 0.10471975511965977rad/s) { box half=(0.25m, 0.25m, 0.25m) material=wood }
                body crate[1, 2] at=(0.5m, 0.25m, 0) rot=(0, 1.5707963267948966rad, 0) w=(0, 0, 0.10471975511965977rad/s) { box half=(0.25m, 0.25m, 0.25m) material=wood }
                """, result.text());
    }

    @Test
    void siUnitsOfEveryDimension() {
        assertEquals("m/s^2", SceneExpander.unit(Dimension.ACCELERATION));
        assertEquals("kg/m^3", SceneExpander.unit(Dimension.DENSITY));
        assertEquals("rad/s", SceneExpander.unit(Dimension.ANGULAR_SPEED));
        assertEquals("s^-1", SceneExpander.unit(Dimension.FREQUENCY));
        assertEquals("m^-2/s", SceneExpander.unit(new Dimension(-2, 0, -1, 0)));
        assertEquals("m*kg/s^2", SceneExpander.unit(new Dimension(1, 1, -2, 0)));
    }

    @Test
    void aSceneThatDoesNotCompileIsNotExpanded() {
        SceneExpander.Result result = SceneExpander.expand("b.scene", "scene 1\nbody b { sphere r=-1m }\n");
        assertFalse(result.ok());
        assertEquals("E0309", result.diagnostics().get(0).code());
    }

    @Test
    void theExpandedSceneBuildsTheSameWorldBitForBit() throws IOException {
        List<String> scenes = new ArrayList<>(FrontEndFuzzTest.seeds());
        try (var examples = java.nio.file.Files.list(java.nio.file.Path.of("../examples/scenes"))) {
            for (var path : examples.filter(p -> p.toString().endsWith(".scene")).sorted().toList()) {
                scenes.add(java.nio.file.Files.readString(path));
            }
        }
        Random random = new Random(11);
        List<String> seeds = List.copyOf(scenes);
        for (int k = 0; k < 400; k++) {
            scenes.add(FrontEndFuzzTest.mutate(seeds.get(random.nextInt(seeds.size())), random));
        }
        int compared = 0;
        for (String scene : scenes) {
            SceneExpander.Result once = SceneExpander.expand("x.scene", scene);
            if (!once.ok()) {
                continue;
            }
            // No statement of the expanded text is a repeat or a let (a body may be named "bullet").
            assertFalse(java.util.regex.Pattern.compile("(?m)^\\s*(repeat|let) ").matcher(once.text()).find(), once.text());
            SceneSyntax.Result original = SceneSyntax.parse("x.scene", scene);
            SceneSyntax.Result expanded = SceneSyntax.parse("y.scene", once.text());
            SceneCompiler.Result a = SceneCompiler.compile(original.file());
            SceneCompiler.Result b = SceneCompiler.compile(expanded.file());
            assertTrue(b.ok(), () -> once.text() + b.diagnostics());
            assertEquals(SceneFormatterTest.trajectoryOf(a.scene()), SceneFormatterTest.trajectoryOf(b.scene()), once.text());
            assertEquals(once.text(), SceneExpander.expand("y.scene", once.text()).text(), "expanding twice changes nothing");
            compared++;
        }
        assertTrue(compared >= 20, "scenes compared: " + compared);
    }
}
