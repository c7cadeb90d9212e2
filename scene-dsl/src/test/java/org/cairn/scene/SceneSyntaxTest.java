package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.Statement;
import org.junit.jupiter.api.Test;

/** The front end's first stage: text to AST, and precise syntax errors, never an exception. */
class SceneSyntaxTest {
    static final String SAMPLE = """
            scene 1                                  # format version
            world gravity=(0, -9.81m/s^2, 0) dt=1s/240 substeps=4 sleep=on
            let n = 6
            let h = 0.25m
            material steel density=7850kg/m^3 friction=0.6 restitution=0.2
            layer debris hits=(ground, props)
            body floor static layer=ground {
              box half=(20m, 0.5m, 20m) at=(0, -0.5m, 0) material=steel
            }
            repeat i in 0..n {
              repeat j in 0..n-i {
                let x = (j - (n - i - 1) / 2) * (2 * h + 1mm)
                body crate[i,j] dynamic at=(x, h + i*2*h, 0) rot=(0, 30deg, 0) { box half=(h, h, h) material=steel }
              }
            }
            body hammer dynamic at=(4m, 2m, 0) {
              capsule r=0.05m length=0.8m axis=y
              box half=(0.15m, 0.05m, 0.05m) at=(0, 0.45m, 0) mass=2kg
            }
            include "props.scene" as props
            state launch {
              hammer.v = (0, 6m/s, 0)
              crate[0,0].w = (0, 0, 2rad/s)
            }
            probe energy quantity=energy every=10ms to="out/energy.csv"
            """;

    @Test
    void theSampleParsesIntoTheExpectedTree() {
        SceneSyntax.Result result = SceneSyntax.parse("sample.scene", SAMPLE);
        assertEquals(List.of(), result.diagnostics());
        List<Statement> statements = result.file().statements();
        assertEquals(12, statements.size());
        assertEquals("1", assertInstanceOf(Statement.SceneDecl.class, statements.get(0)).version());
        Statement.Generic world = assertInstanceOf(Statement.Generic.class, statements.get(1));
        assertEquals("world", world.head());
        Expr.Tuple gravity = assertInstanceOf(Expr.Tuple.class, world.properties().get(0).value());
        Expr.Quantity g = assertInstanceOf(Expr.Quantity.class, assertInstanceOf(Expr.Negate.class, gravity.items().get(1)).operand());
        assertEquals("9.81", g.number());
        assertEquals("m/s^2", g.unit());
        Expr.Binary dt = assertInstanceOf(Expr.Binary.class, world.properties().get(1).value());
        assertEquals('/', dt.operator());
        Statement.Repeat outer = assertInstanceOf(Statement.Repeat.class, statements.get(7));
        Statement.Repeat inner = assertInstanceOf(Statement.Repeat.class, outer.body().get(0));
        Statement.Generic crate = assertInstanceOf(Statement.Generic.class, inner.body().get(1));
        assertEquals("crate", crate.words().get(0).base());
        assertEquals(2, crate.words().get(0).indices().size());
        assertEquals("dynamic", crate.words().get(1).base());
        assertEquals(1, crate.block().size());
        Statement.Include include = assertInstanceOf(Statement.Include.class, statements.get(9));
        assertEquals("props.scene", include.path());
        assertEquals("props", include.alias());
        Statement.State state = assertInstanceOf(Statement.State.class, statements.get(10));
        assertEquals(2, state.assignments().size());
        assertEquals(List.of("w"), state.assignments().get(1).path());
        assertEquals(13, crate.span().startLine());
        assertEquals(5, crate.span().startColumn());
    }

    @Test
    void everyBrokenLineGetsItsOwnErrorWithAPreciseSpan() {
        String text = """
                scene 1
                let = 5
                body b dynamic at=(1, 2, 3) $ { box half=(1, 1, 1) }
                body c dynamic at=1m,
                world gravity=(0, -9.81m/s^2, 0)
                """;
        SceneSyntax.Result result = SceneSyntax.parse("broken.scene", text);
        List<Diagnostic> d = result.diagnostics();
        assertEquals(3, d.size(), d.toString());
        assertEquals("broken.scene:2:5", d.get(0).span().location());
        assertEquals("E0003", d.get(0).code());
        assertEquals("missing a name before '='", d.get(0).message());
        assertEquals("broken.scene:3:29", d.get(1).span().location());
        assertEquals("E0001", d.get(1).code());
        assertEquals("unexpected character '$'", d.get(1).message());
        assertEquals(4, d.get(2).span().startLine());
        // The good lines around the broken ones still parse.
        assertTrue(result.file().statements().stream().anyMatch(s -> s instanceof Statement.Generic g && g.head().equals("world")));
        assertEquals("""
                broken.scene:3:29: error[E0001]: unexpected character '$'
                 3 | body b dynamic at=(1, 2, 3) $ { box half=(1, 1, 1) }
                   |                             ^
                """, d.get(1).render(text));
    }

    @Test
    void anErrorOnALastLineWithoutNewlineRendersSafely() {
        String text = "scene 1\nlet x = (1, 2";
        SceneSyntax.Result result = SceneSyntax.parse("end.scene", text);
        assertEquals(1, result.diagnostics().size());
        String rendered = result.diagnostics().get(0).render(text);
        assertTrue(rendered.startsWith("end.scene:2:"), rendered);
    }

    @Test
    void randomAndMutatedInputNeverThrows() {
        Random random = new Random(5);
        String alphabet = "abz019 ._-+*/^()[]{},=\"#\n\t$@kgms°";
        int withErrors = 0;
        for (int i = 0; i < 3000; i++) {
            StringBuilder text = new StringBuilder();
            if (i % 2 == 0) {
                int length = random.nextInt(200);
                for (int k = 0; k < length; k++) {
                    text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            } else {
                text.append(SAMPLE);
                for (int m = 0; m < 1 + random.nextInt(5); m++) {
                    int at = random.nextInt(text.length());
                    switch (random.nextInt(3)) {
                        case 0 -> text.deleteCharAt(at);
                        case 1 -> text.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        default -> text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    }
                }
            }
            SceneSyntax.Result result = SceneSyntax.parse("fuzz.scene", text.toString());
            for (Diagnostic diagnostic : result.diagnostics()) {
                diagnostic.render(text.toString());
            }
            if (!result.ok()) {
                withErrors++;
            }
        }
        assertTrue(withErrors > 1000, "the fuzzer produced broken inputs: " + withErrors);
    }
}
