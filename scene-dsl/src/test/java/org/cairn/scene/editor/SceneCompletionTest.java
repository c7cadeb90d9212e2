package org.cairn.scene.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Completion offers what the place of the cursor takes, and nothing that cannot go there. */
class SceneCompletionTest {
    private static final String TEXT = "scene 1\nlet k = 2\nmaterial wood friction=0.5\nmaterial steel\nbody b {\n  \n}\n"
            + "body c material= gravity_scale= {\n  sphere r=1 \n}\nworld solver= sleep=\n";

    private static List<String> labels(int line, int column) {
        return SceneCompletion.at(SceneIndex.of("t.scene", TEXT), line, column).stream().map(SceneCompletion.Item::label).toList();
    }

    @Test
    void insideABodysBracesTheShapes() {
        SceneIndex.Context c = SceneIndex.of("t.scene", TEXT).contextAt(6, 3);
        assertTrue(c.statementStart(), c.toString());
        assertEquals("body", c.block(), c.toString());
        List<String> labels = labels(6, 3);
        assertTrue(labels.containsAll(List.of("box", "sphere", "capsule", "cylinder", "convex", "mesh")), labels.toString());
        assertFalse(labels.contains("world"), labels.toString());
    }

    @Test
    void afterAKeyOnlyWhatItTakes() {
        assertEquals(List.of("wood", "steel"), labels(8, 17));
        List<String> friction = labels(8, 32);
        assertTrue(friction.contains("k") && friction.contains("sqrt") && !friction.contains("wood"), friction.toString());
        assertEquals(List.of("m", "cm", "mm", "km"), labels(9, 13));
        assertEquals(List.of("soft", "si"), labels(11, 14));
        assertEquals(List.of("on", "off"), labels(11, 21));
    }

    @Test
    void aStatementsPropertiesNotYetGivenAndItsWords() {
        String text = "scene 1\nbody d at=(0, 1m, 0) \njoint \n";
        List<String> labels = SceneCompletion.at(SceneIndex.of("t.scene", text), 2, 22).stream()
                .map(SceneCompletion.Item::label).toList();
        // Words (static, kinematic...) come before the properties, so none after one.
        assertTrue(labels.contains("v") && !labels.contains("static") && !labels.contains("at"), labels.toString());
        List<String> joint = SceneCompletion.at(SceneIndex.of("t.scene", text), 3, 7).stream()
                .map(SceneCompletion.Item::label).toList();
        assertEquals(List.of("ball", "hinge", "slider", "fixed", "distance", "wheel", "motor"), joint);
    }
}
