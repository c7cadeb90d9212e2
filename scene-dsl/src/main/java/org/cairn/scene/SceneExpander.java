package org.cairn.scene;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.eval.Dimension;
import org.cairn.scene.internal.eval.Evaluator;
import org.cairn.scene.internal.eval.Value;

/**
 * The flattened form of a scene ({@code cairn expand}): loops unrolled, constants substituted,
 * every value written as a literal in SI units (angles in rad). It builds the same world as the
 * original, bit for bit: Java prints doubles so that they read back exactly, and SI units convert
 * by a factor of one.
 */
public final class SceneExpander {
    /** The expanded text, or the diagnostics of a scene that does not compile. */
    public record Result(String text, List<Diagnostic> diagnostics) {
        /** True if the scene was expanded. */
        public boolean ok() {
            return text != null;
        }
    }

    private SceneExpander() {
    }

    /** Expands {@code text}, reporting positions in {@code fileName}. */
    public static Result expand(String fileName, String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse(fileName, text);
        if (!parsed.ok()) {
            return new Result(null, parsed.diagnostics());
        }
        SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file());
        if (!compiled.ok()) {
            return new Result(null, compiled.diagnostics());
        }
        List<Statement> flat = statements(parsed.file().statements(), new HashMap<>());
        return new Result(SceneFormatter.print(new SceneFile(flat, parsed.file().span())), List.of());
    }

    private static List<Statement> statements(List<Statement> statements, Map<String, Value> scope) {
        List<Statement> out = new ArrayList<>();
        for (Statement s : statements) {
            if (s instanceof Statement.Let let) {
                scope.put(let.name(), evaluator(scope).evaluate(let.value()));
            } else if (s instanceof Statement.Repeat r) {
                long from = (long) ((Value.Scalar) evaluator(scope).evaluate(r.from())).si();
                long to = (long) ((Value.Scalar) evaluator(scope).evaluate(r.to())).si();
                for (long i = from; i < to; i++) {
                    Map<String, Value> inner = new HashMap<>(scope);
                    inner.put(r.variable(), new Value.Scalar(i, Dimension.NONE));
                    out.addAll(statements(r.body(), inner));
                }
            } else if (s instanceof Statement.Generic g) {
                Evaluator evaluator = evaluator(scope);
                List<Statement.Name> words = new ArrayList<>();
                for (Statement.Name w : g.words()) {
                    Value v = evaluator.evaluate(new Expr.Reference(w, w.span()));
                    words.add(name(v instanceof Value.Word word ? word.name() : w.base(), w.span()));
                }
                List<Statement.Property> properties = new ArrayList<>();
                for (Statement.Property p : g.properties()) {
                    properties.add(new Statement.Property(p.key(), literal(evaluator.evaluate(p.value()), p.span()), p.span()));
                }
                List<Statement> block = g.block() == null ? null : statements(g.block(), new HashMap<>(scope));
                out.add(new Statement.Generic(g.head(), words, properties, block, g.span()));
            } else if (s instanceof Statement.State state) {
                // A state's values may use constants that expanding removes: write them as literals.
                Evaluator evaluator = evaluator(scope);
                List<Statement.Assignment> assignments = new ArrayList<>();
                for (Statement.Assignment a : state.assignments()) {
                    Value target = evaluator.evaluate(new Expr.Reference(a.target(), a.target().span()));
                    Statement.Name name = name(target instanceof Value.Word word ? word.name() : a.target().base(),
                            a.target().span());
                    assignments.add(new Statement.Assignment(name, a.path(), literal(evaluator.evaluate(a.value()), a.span()),
                            a.span()));
                }
                out.add(new Statement.State(state.name(), assignments, state.span()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static Evaluator evaluator(Map<String, Value> scope) {
        return new Evaluator(scope, d -> {
            if (d.severity() == org.cairn.scene.Diagnostic.Severity.ERROR) {
                throw new IllegalStateException("a compiled scene evaluates without errors: " + d.message());
            }
        });
    }

    /** A name such as {@code crate[2,3]} as the evaluator writes it, back into a tree. */
    private static Statement.Name name(String text, SourceSpan span) {
        int bracket = text.indexOf('[');
        if (bracket < 0) {
            return new Statement.Name(text, List.of(), span);
        }
        List<Expr> indices = new ArrayList<>();
        for (String index : text.substring(bracket + 1, text.length() - 1).split(",")) {
            indices.add(number(Double.parseDouble(index), span));
        }
        return new Statement.Name(text.substring(0, bracket), indices, span);
    }

    private static Expr literal(Value v, SourceSpan span) {
        if (v instanceof Value.Scalar s) {
            Expr magnitude = s.dimension().equals(Dimension.NONE) ? number(Math.abs(s.si()), span)
                    : new Expr.Quantity(numberText(Math.abs(s.si())), unit(s.dimension()), span);
            // -0.0 keeps its sign too: a negated zero reads back as -0.0.
            return s.si() < 0 || Double.doubleToRawLongBits(s.si()) == Long.MIN_VALUE ? new Expr.Negate(magnitude, span) : magnitude;
        }
        if (v instanceof Value.Tuple t) {
            List<Expr> items = new ArrayList<>();
            for (Value item : t.items()) {
                items.add(literal(item, span));
            }
            return new Expr.Tuple(items, span);
        }
        if (v instanceof Value.Text text) {
            return new Expr.StringLiteral(text.value(), span);
        }
        return new Expr.Reference(name(((Value.Word) v).name(), span), span);
    }

    private static Expr number(double value, SourceSpan span) {
        return new Expr.NumberLiteral(numberText(value), span);
    }

    /** Whole numbers without a fraction; others as Java prints them, which reads back to the same double. */
    private static String numberText(double value) {
        if (value == Math.rint(value) && value < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }

    /** The SI unit of a dimension: m, kg, s, rad with powers, such as {@code m/s^2} or {@code kg/m^3}. */
    static String unit(Dimension d) {
        String[] symbols = {"m", "kg", "s", "rad"};
        int[] powers = {d.length(), d.mass(), d.time(), d.angle()};
        StringBuilder up = new StringBuilder();
        StringBuilder down = new StringBuilder();
        for (int k = 0; k < 4; k++) {
            if (powers[k] > 0) {
                up.append(up.length() > 0 ? "*" : "").append(symbols[k]).append(powers[k] > 1 ? "^" + powers[k] : "");
            } else if (powers[k] < 0) {
                down.append('/').append(symbols[k]).append(powers[k] < -1 ? "^" + -powers[k] : "");
            }
        }
        if (up.length() > 0) {
            return up.append(down).toString();
        }
        // Only negative powers: the first one is written with its sign (s^-1), the rest divide.
        String first = down.substring(1, down.indexOf("/", 1) < 0 ? down.length() : down.indexOf("/", 1));
        String rest = down.substring(1 + first.length());
        int caret = first.indexOf('^');
        String negated = caret < 0 ? first + "^-1" : first.substring(0, caret) + "^-" + first.substring(caret + 1);
        return negated + rest;
    }
}
