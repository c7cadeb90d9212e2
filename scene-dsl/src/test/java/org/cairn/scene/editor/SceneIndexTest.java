package org.cairn.scene.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The index tells a name's definition from its uses, by kind, on sound and on broken text. */
class SceneIndexTest {
    private static final String TEXT = """
            scene 1
            let n = 3
            material oak friction=0.6
            layer ground
            layer debris collides=(ground, default)
            pair oak oak friction=0.9
            repeat i in 0..n {
              body crate[i] at=(0, 1m * i, 0) material=oak layer=debris { box half=(0.5m, 0.5m, 0.5m) }
            }
            body oak static { box half=(5m, 0.5m, 5m) material=oak }
            joint hinge h a=oak b=crate[1] at=(0, 1m, 0)
            probe p joint=h record=(coordinate)
            state s {
              crate[0].v = (1m/s, 0, 0)
            }
            """;

    private static List<String> places(SceneIndex index, SceneIndex.NameKind kind, String name) {
        return index.occurrencesOf(kind, name).stream().map(o -> o.role() + "@" + o.span().startLine() + ":" + o.span().startColumn())
                .toList();
    }

    @Test
    void aMaterialAndABodyOfTheSameNameAreTwoNames() {
        SceneIndex index = SceneIndex.of("t.scene", TEXT);
        assertEquals(List.of("DEFINITION@3:10", "REFERENCE@6:6", "REFERENCE@6:10", "REFERENCE@8:44", "REFERENCE@10:52"),
                places(index, SceneIndex.NameKind.MATERIAL, "oak"));
        assertEquals(List.of("DEFINITION@10:6", "REFERENCE@11:17"), places(index, SceneIndex.NameKind.BODY, "oak"));
        assertEquals(List.of("DEFINITION@8:8", "REFERENCE@11:23", "REFERENCE@14:3"), places(index, SceneIndex.NameKind.BODY, "crate"));
    }

    @Test
    void layersJointsConstantsAndTheOutline() {
        SceneIndex index = SceneIndex.of("t.scene", TEXT);
        assertEquals(List.of("DEFINITION@4:7", "REFERENCE@5:24"), places(index, SceneIndex.NameKind.LAYER, "ground"));
        assertEquals(List.of("DEFINITION@11:13", "REFERENCE@12:15"), places(index, SceneIndex.NameKind.JOINT, "h"));
        assertEquals(List.of("DEFINITION@7:8", "REFERENCE@8:14", "REFERENCE@8:29"), places(index, SceneIndex.NameKind.CONSTANT, "i"));
        assertEquals(List.of("n", "oak", "ground", "debris", "i", "crate", "oak", "h", "p", "s"),
                index.definitions().stream().map(SceneIndex.Occurrence::text).toList());
    }

    @Test
    void brokenTextIsStillIndexed() {
        SceneIndex index = SceneIndex.of("t.scene", "scene 1\nmaterial oak friction=\nbody b material=oak at=(0, { box\n");
        assertEquals(List.of("DEFINITION@2:10", "REFERENCE@3:17"), places(index, SceneIndex.NameKind.MATERIAL, "oak"));
        assertTrue(index.at(3, 18).isPresent());
    }
}
