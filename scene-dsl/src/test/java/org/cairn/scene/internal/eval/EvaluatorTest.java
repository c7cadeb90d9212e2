package org.cairn.scene.internal.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.SceneSyntax;
import org.cairn.scene.ast.Statement;
import org.junit.jupiter.api.Test;

/** Units convert to SI, dimensions are checked, and every mistake becomes a precise diagnostic. */
class EvaluatorTest {
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Map<String, Value> constants = new HashMap<>();

    private Value eval(String expression) {
        SceneSyntax.Result parsed = SceneSyntax.parse("t.scene", "let x = " + expression + "\n");
        assertEquals(List.of(), parsed.diagnostics(), expression);
        Statement.Let let = (Statement.Let) parsed.file().statements().get(0);
        return new Evaluator(constants, diagnostics::add).evaluate(let.value());
    }

    private void assertScalar(double si, Dimension dimension, String expression) {
        Value.Scalar s = assertInstanceOf(Value.Scalar.class, eval(expression), expression);
        assertEquals(si, s.si(), 1e-12 * Math.max(1, Math.abs(si)), expression);
        assertEquals(dimension, s.dimension(), expression);
        assertEquals(List.of(), diagnostics);
    }

    @Test
    void aUnitEndsAtTheFirstSymbolTheUnitTableDoesNotKnow() {
        constants.put("k", new Value.Scalar(2, Dimension.NONE));
        constants.put("psi", new Value.Scalar(Math.PI / 3, Dimension.ANGLE));
        assertScalar(74 * Math.PI / 180, Dimension.ANGLE, "37deg*k");
        assertScalar(0.5, Dimension.ANGLE, "1rad*cos(psi)");
        assertScalar(4, Dimension.LENGTH, "2m*k");
        assertScalar(1, Dimension.LENGTH, "2m/k");
        assertScalar(20, Dimension.ACCELERATION, "10m/s^2*k");
        assertScalar(3, Dimension.SPEED, "3m/s");
        assertScalar(0.5, Dimension.FREQUENCY, "0.5/s");
        assertScalar(0.5, Dimension.NONE, "1/k");
    }

    @Test
    void aUnitSymbolThatIsAlsoAConstantWarnsAndTheUnitWins() {
        constants.put("s", new Value.Scalar(3, Dimension.NONE));
        Value.Scalar v = assertInstanceOf(Value.Scalar.class, eval("2m*s"));
        assertEquals(new Dimension(1, 0, 1, 0), v.dimension());
        assertEquals(1, diagnostics.size(), diagnostics::toString);
        assertEquals(Evaluator.UNIT_OR_CONSTANT, diagnostics.get(0).code());
        assertEquals(Diagnostic.Severity.WARNING, diagnostics.get(0).severity());
        assertTrue(diagnostics.get(0).hints().get(0).endsWith("2m * s"), diagnostics::toString);
    }

    @Test
    void unitsConvertToSi() {
        assertScalar(9.81, Dimension.ACCELERATION, "9.81m/s^2");
        assertScalar(7850, Dimension.DENSITY, "7850kg/m^3");
        assertScalar(Math.PI / 6, Dimension.ANGLE, "30deg");
        assertScalar(4 * Math.PI, Dimension.ANGULAR_SPEED, "2rev/s");
        assertScalar(0.001, Dimension.LENGTH, "1mm");
        assertScalar(1.0 / 240, Dimension.TIME, "1s/240");
        assertScalar(240, Dimension.FREQUENCY, "1/(1s/240)");
        assertScalar(50, new Dimension(2, 1, -2, 0), "50N*m");
        assertScalar(2.5e-3, Dimension.TIME, "2.5e-3s");
    }

    @Test
    void arithmeticFollowsDimensionsAndBareNumbersAreSi() {
        constants.put("h", new Value.Scalar(0.25, Dimension.LENGTH));
        constants.put("n", new Value.Scalar(6, Dimension.NONE));
        constants.put("i", new Value.Scalar(2, Dimension.NONE));
        constants.put("j", new Value.Scalar(1, Dimension.NONE));
        assertScalar((1 - (6 - 2 - 1) / 2.0) * (2 * 0.25 + 0.001), Dimension.LENGTH, "(j - (n - i - 1) / 2) * (2*h + 1mm)");
        assertScalar(1.25, Dimension.LENGTH, "h + 1");
        assertScalar(-0.25, Dimension.LENGTH, "-h");
        assertScalar(0.5, Dimension.LENGTH, "sqrt(h^2 * 4)");
        assertScalar(0.5, Dimension.NONE, "sin(30deg)");
        assertScalar(0.25, Dimension.LENGTH, "min(h, 2m, 1)");
        Value.Tuple t = assertInstanceOf(Value.Tuple.class, eval("(0, -9.81m/s^2, 0) * 2"));
        assertEquals(-19.62, ((Value.Scalar) t.items().get(1)).si(), 1e-12);
        assertEquals(new Value.Word("crate[2,1]"), eval("crate[i, j]"));
        assertEquals(new Value.Word("steel"), eval("steel"));
        assertEquals(new Value.Text("out/e.csv"), eval("\"out/e.csv\""));
    }

    private Diagnostic theError(String expression) {
        diagnostics.clear();
        assertNull(eval(expression), expression);
        assertEquals(1, diagnostics.size(), diagnostics.toString());
        return diagnostics.get(0);
    }

    @Test
    void mistakesAreReportedWithCodesSpansAndSuggestions() {
        Diagnostic mismatch = theError("1m + 2s");
        assertEquals(Evaluator.DIMENSION_MISMATCH, mismatch.code());
        assertEquals("cannot add a time to a length", mismatch.message());
        assertEquals(9, mismatch.span().startColumn());

        Diagnostic unit = theError("3mss");
        assertEquals(Evaluator.UNKNOWN_UNIT, unit.code());
        assertEquals("unknown unit 'mss'", unit.message());
        assertEquals(List.of("did you mean 'ms'?"), unit.hints());

        Diagnostic angle = theError("30deg + 5");
        assertEquals("cannot add a plain number to an angle", angle.message());

        Diagnostic sine = theError("sin(2m)");
        assertEquals(Evaluator.BAD_ARGUMENT, sine.code());
        assertTrue(sine.message().startsWith("sin takes an angle, got a length"), sine.message());
        assertEquals(13, sine.span().startColumn(), "points at the argument");

        Diagnostic function = theError("sqr(4)");
        assertEquals(Evaluator.UNKNOWN_FUNCTION, function.code());
        assertEquals(List.of("did you mean 'sqrt'?"), function.hints());
    }

    @Test
    void suggestionsNeedToBeClose() {
        assertEquals("body", Suggest.closest("bdy", List.of("world", "body", "box")));
        assertEquals("material", Suggest.closest("matreial", List.of("material", "mass")));
        assertNull(Suggest.closest("zzz", List.of("world", "body")));
    }
}
