package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.cairn.scene.ast.Expr;
import org.junit.jupiter.api.Test;
import org.joml.Vector3d;

/** The formatter is canonical, idempotent, keeps comments, and changes neither the tree nor the world. */
class SceneFormatterTest {
    @Test
    void formatsToTheCanonicalLayoutKeepingComments() {
        String messy = """
                scene 1   # version


                # the ground
                let  x=-(1m+2m)*3   # trailing
                body   ground static {box half=(10m,0.5m,10m)   at=(0,-0.5m,0)}
                repeat i in 0..2 { # open
                     # inside
                  body b[i] at=(x,-(-x),2^3^2) { sphere r=1m } # after

                }
                # end""";
        String expected = """
                scene 1  # version

                # the ground
                let x = -(1m + 2m)*3  # trailing
                body ground static { box half=(10m, 0.5m, 10m) at=(0, -0.5m, 0) }
                repeat i in 0..2 {  # open
                  # inside
                  body b[i] at=(x, -(-x), 2^3^2) { sphere r=1m }  # after
                }
                # end
                """;
        SceneFormatter.Result formatted = SceneFormatter.format("messy.scene", messy);
        assertTrue(formatted.ok(), formatted.diagnostics().toString());
        assertEquals(expected, formatted.text());
        assertEquals(expected, SceneFormatter.format("canonical.scene", expected).text(), "idempotent");
    }

    @Test
    void aBrokenFileIsNeverRewritten() {
        SceneFormatter.Result result = SceneFormatter.format("broken.scene", "scene 1\nbody b { box half=(1m 1m) }\n");
        assertFalse(result.ok());
        assertEquals("E0002", result.diagnostics().get(0).code());
    }

    @Test
    void parenthesesFollowPrecedenceAndAssociativity() {
        String[] sources = {"a - (b - c)", "(a - b) - c", "a/(b*c)", "(a/b)*c", "(a^b)^c", "a^(b^c)", "-(a*b)", "(-a)*b",
            "(-a)^2", "-(a^2)", "a - -b", "2m * h", "(1m)^2", "sin(30deg)*(x + y)", "(1, 2m, -(3))/2", "\"q\\\"uote\""};
        for (String source : sources) {
            SceneSyntax.Result once = SceneSyntax.parse("e.scene", "scene 1\nlet v = " + source + "\n");
            assertTrue(once.ok(), source);
            String printed = SceneFormatter.print(once.file());
            SceneSyntax.Result twice = SceneSyntax.parse("e.scene", printed);
            assertTrue(twice.ok(), printed);
            assertEquals(shape(once.file()), shape(twice.file()), source + " printed as " + printed);
        }
    }

    @Test
    void roundTripOnGeneratedScenes() throws IOException {
        // Generated scenes: every seed of the fuzz test, and mutants of them that still parse.
        List<String> scenes = new ArrayList<>(FrontEndFuzzTest.seeds());
        Random random = new Random(7);
        List<String> seeds = List.copyOf(scenes);
        while (scenes.size() < 600) {
            String mutant = FrontEndFuzzTest.mutate(seeds.get(random.nextInt(seeds.size())), random);
            if (SceneSyntax.parse("m.scene", mutant).ok()) {
                scenes.add(mutant);
            }
        }
        scenes.add(randomExpressions(random));
        int worldsCompared = 0;
        for (String scene : scenes) {
            SceneSyntax.Result original = SceneSyntax.parse("g.scene", scene);
            if (!original.ok()) {
                continue;
            }
            SceneFormatter.Result formatted = SceneFormatter.format("g.scene", scene);
            assertTrue(formatted.ok(), scene);
            SceneSyntax.Result reparsed = SceneSyntax.parse("g.scene", formatted.text());
            assertTrue(reparsed.ok(), () -> formatted.text() + reparsed.diagnostics());
            assertEquals(shape(original.file()), shape(reparsed.file()), () -> scene + "\n--- formatted as ---\n" + formatted.text());
            assertEquals(formatted.text(), SceneFormatter.format("g.scene", formatted.text()).text(), "idempotent");
            assertEquals(commentCount(scene), commentCount(formatted.text()), () -> "comments kept:\n" + formatted.text());
            SceneCompiler.Result before = SceneCompiler.compile(original.file());
            SceneCompiler.Result after = SceneCompiler.compile(reparsed.file());
            assertEquals(before.ok(), after.ok());
            if (before.ok() && before.scene().bodies().size() < 2000) {
                assertEquals(trajectoryOf(before.scene()), trajectoryOf(after.scene()), "the same world, step for step");
                worldsCompared++;
            }
        }
        assertTrue(worldsCompared >= 20, "worlds compared: " + worldsCompared);
    }

    /** A scene of random expression trees, printed without parentheses where the parser does not need them. */
    private static String randomExpressions(Random random) {
        StringBuilder text = new StringBuilder("scene 1\n");
        for (int i = 0; i < 200; i++) {
            text.append("let v").append(i).append(" = ").append(randomExpr(random, 4)).append('\n');
        }
        return text.toString();
    }

    private static String randomExpr(Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            String[] leaves = {"1", "2.5", "3m", "9.81m/s^2", "30deg", "x", "box[1,2]", "\"s\""};
            return leaves[random.nextInt(leaves.length)];
        }
        return switch (random.nextInt(5)) {
            case 0 -> "-" + randomExpr(random, depth - 1);
            case 1 -> "(" + randomExpr(random, depth - 1) + ")";
            case 2 -> "(" + randomExpr(random, depth - 1) + ", " + randomExpr(random, depth - 1) + ")";
            case 3 -> "max(" + randomExpr(random, depth - 1) + ", " + randomExpr(random, depth - 1) + ")";
            default -> randomExpr(random, depth - 1) + " " + "+-*/^".charAt(random.nextInt(5)) + " " + randomExpr(random, depth - 1);
        };
    }

    private static long commentCount(String text) {
        return text.lines().filter(l -> l.contains("#")).count();
    }

    /** Positions of every body over 20 steps, as exact bits. */
    static List<Long> trajectoryOf(SceneDef scene) {
        SceneDef.Built built = scene.build();
        World world = built.world();
        List<Long> bits = new ArrayList<>();
        Vector3d p = new Vector3d();
        for (int step = 0; step < 20; step++) {
            world.step();
            for (Map.Entry<String, BodyId> e : built.bodies().entrySet()) {
                world.position(e.getValue(), p);
                bits.add(Double.doubleToLongBits(p.x) ^ 31 * Double.doubleToLongBits(p.y) ^ 961 * Double.doubleToLongBits(p.z));
            }
        }
        return bits;
    }

    /** The tree without source spans, as text: records by their components, recursively. */
    static String shape(Object node) {
        if (node instanceof SourceSpan) {
            return "";
        }
        if (node instanceof List<?> list) {
            List<String> items = new ArrayList<>();
            for (Object item : list) {
                items.add(shape(item));
            }
            return items.toString();
        }
        if (node instanceof Record record) {
            StringBuilder out = new StringBuilder(record.getClass().getSimpleName()).append('(');
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                try {
                    out.append(shape(c.getAccessor().invoke(record))).append(';');
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return out.append(')').toString();
        }
        return String.valueOf(node);
    }

    @Test
    void shapeIgnoresSpansButNotStructure() {
        Expr a = SceneSyntax.parse("a", "scene 1\nlet v = 1 + 2\n").file().statements().get(1) instanceof
                org.cairn.scene.ast.Statement.Let l ? l.value() : null;
        Expr b = SceneSyntax.parse("b", "scene 1\n\nlet v =  1+2\n").file().statements().get(1) instanceof
                org.cairn.scene.ast.Statement.Let l ? l.value() : null;
        Expr c = SceneSyntax.parse("c", "scene 1\nlet v = 2 + 1\n").file().statements().get(1) instanceof
                org.cairn.scene.ast.Statement.Let l ? l.value() : null;
        assertEquals(shape(a), shape(b));
        assertFalse(shape(a).equals(shape(c)));
    }
}
