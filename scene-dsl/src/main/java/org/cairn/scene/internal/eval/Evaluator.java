package org.cairn.scene.internal.eval;

import java.util.ArrayList;
import java.util.List;
import org.cairn.scene.SceneLimits;
import java.util.Map;
import java.util.Set;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.Statement;

/**
 * Evaluates expressions to values with dimensions, reporting problems as diagnostics (never
 * throwing): unknown units and functions with a "did you mean", dimension mismatches, angles
 * without a unit. Bare numbers are SI for every dimension but angle, so {@code 2*h + 1} is fine
 * for a length h while {@code 30deg + 5} is an error.
 */
public final class Evaluator {
    /** Diagnostic codes. */
    public static final String DIMENSION_MISMATCH = "E0201";
    public static final String UNKNOWN_UNIT = "E0202";
    public static final String UNKNOWN_FUNCTION = "E0204";
    public static final String BAD_ARGUMENT = "E0205";

    private static final Set<String> FUNCTIONS = Set.of("sqrt", "sin", "cos", "tan", "min", "max", "abs");

    private final Map<String, Value> constants;
    private final java.util.function.Consumer<Diagnostic> diagnostics;

    /**
     * @param constants   the names in scope ({@code let} constants, loop variables)
     * @param diagnostics where problems are reported
     */
    public Evaluator(Map<String, Value> constants, java.util.function.Consumer<Diagnostic> diagnostics) {
        this.constants = constants;
        this.diagnostics = diagnostics;
    }

    /** The value of {@code e}, or null if it has an error (which has been reported). */
    public Value evaluate(Expr e) {
        if (e instanceof Expr.NumberLiteral n) {
            return finiteLiteral(new Value.Scalar(Double.parseDouble(n.text()), Dimension.NONE), n.text(), e);
        }
        if (e instanceof Expr.Quantity q) {
            try {
                Units.Unit unit = Units.parse(q.unit());
                ambiguousUnit(q);
                return finiteLiteral(new Value.Scalar(Double.parseDouble(q.number()) * unit.factor(), unit.dimension()),
                        q.number() + q.unit(), e);
            } catch (Units.UnknownUnit unknown) {
                String guess = Units.suggest(unknown.symbol());
                diagnostics.accept(new Diagnostic(UNKNOWN_UNIT, Diagnostic.Severity.ERROR, q.span(),
                        "unknown unit '" + unknown.symbol() + "'", guess == null ? List.of() : List.of("did you mean '" + guess + "'?")));
                return null;
            }
        }
        if (e instanceof Expr.StringLiteral s) {
            return new Value.Text(s.value());
        }
        if (e instanceof Expr.Reference r) {
            return reference(r.name());
        }
        if (e instanceof Expr.Tuple t) {
            List<Value> items = new ArrayList<>();
            for (Expr item : t.items()) {
                Value v = evaluate(item);
                if (v == null) {
                    return null;
                }
                items.add(v);
            }
            Value.Tuple tuple = new Value.Tuple(items);
            if (tuple.numbers() > SceneLimits.MAX_TUPLE_NUMBERS) {
                error(org.cairn.scene.SceneCompiler.OUT_OF_RANGE, t, "a value may hold at most " + SceneLimits.MAX_TUPLE_NUMBERS
                        + " numbers, this tuple " + (tuple.numbers() == Long.MAX_VALUE ? "more than 2^63"
                        : String.valueOf(tuple.numbers())));
                return null;
            }
            return tuple;
        }
        if (e instanceof Expr.Negate n) {
            Value v = evaluate(n.operand());
            return v == null ? null : scale(v, -1, n);
        }
        if (e instanceof Expr.Call c) {
            return call(c);
        }
        return binary((Expr.Binary) e);
    }

    /** Code of the warning for a unit symbol that is also the name of a constant in scope. */
    public static final String UNIT_OR_CONSTANT = "W0201";

    /**
     * {@code 2m*s} with a constant {@code s} in scope reads as the unit m·s, which is probably not
     * what was meant: the unit table wins, and a warning says how to write the product.
     */
    private void ambiguousUnit(Expr.Quantity q) {
        for (String symbol : q.unit().split("[*/^]")) {
            if (!symbol.isEmpty() && constants.containsKey(symbol) && !q.unit().startsWith(symbol)) {
                diagnostics.accept(new Diagnostic(UNIT_OR_CONSTANT, Diagnostic.Severity.WARNING, q.span(),
                        "'" + q.number() + q.unit() + "' reads as the unit '" + q.unit() + "', not as arithmetic with the constant '"
                                + symbol + "'", List.of("to use the constant, put spaces around the operator: "
                                + q.number() + q.unit().substring(0, q.unit().indexOf(symbol) - 1) + " " + q.unit().charAt(q.unit().indexOf(symbol) - 1) + " " + symbol)));
                return;
            }
        }
    }

    private Value reference(Statement.Name name) {
        Value constant = constants.get(name.base());
        if (constant instanceof Value.Failed) {
            return null;
        }
        if (constant != null && name.indices().isEmpty()) {
            return constant;
        }
        if (name.indices().isEmpty()) {
            return new Value.Word(name.base());
        }
        StringBuilder indexed = new StringBuilder(name.base()).append('[');
        for (int k = 0; k < name.indices().size(); k++) {
            Value index = evaluate(name.indices().get(k));
            if (!(index instanceof Value.Scalar s) || !s.dimension().equals(Dimension.NONE) || s.si() != Math.rint(s.si())) {
                if (index != null) {
                    error(BAD_ARGUMENT, name.indices().get(k), "an index must be a whole plain number");
                }
                return null;
            }
            indexed.append(k > 0 ? "," : "").append((long) s.si());
        }
        return new Value.Word(indexed.append(']').toString());
    }

    private Value scale(Value v, double factor, Expr at) {
        if (v instanceof Value.Scalar s) {
            return new Value.Scalar(factor * s.si(), s.dimension());
        }
        if (v instanceof Value.Tuple t) {
            List<Value> items = new ArrayList<>();
            for (Value item : t.items()) {
                Value scaled = scale(item, factor, at);
                if (scaled == null) {
                    return null;
                }
                items.add(scaled);
            }
            return new Value.Tuple(items);
        }
        error(BAD_ARGUMENT, at, "only numbers and tuples of numbers can be negated or scaled");
        return null;
    }

    private Value binary(Expr.Binary b) {
        Value left = evaluate(b.left()), right = evaluate(b.right());
        if (left == null || right == null) {
            return null;
        }
        char op = b.operator();
        if ((op == '*' || op == '/') && left instanceof Value.Tuple && right instanceof Value.Scalar s) {
            // A tuple scaled by a plain number stays in its units; by a quantity it changes them.
            List<Value> items = new ArrayList<>();
            for (Value item : ((Value.Tuple) left).items()) {
                Value r = arithmetic(op, item, s, b);
                if (r == null) {
                    return null;
                }
                items.add(r);
            }
            return new Value.Tuple(items);
        }
        return arithmetic(op, left, right, b);
    }

    private Value arithmetic(char op, Value left, Value right, Expr.Binary at) {
        if (!(left instanceof Value.Scalar a) || !(right instanceof Value.Scalar c)) {
            Value word = left instanceof Value.Word ? left : right instanceof Value.Word ? right : null;
            String name = word == null ? null : ((Value.Word) word).name();
            List<String> hints = new ArrayList<>();
            if (name != null) {
                hints.add("'" + name + "' is not a defined name" + (Units.symbol(name) != null
                        ? "; a unit is written against its number, as in 2" + name : ""));
            }
            diagnostics.accept(new Diagnostic(BAD_ARGUMENT, Diagnostic.Severity.ERROR, at.span(),
                    "'" + op + "' needs numbers on both sides", hints));
            return null;
        }
        if (op == '/' && c.si() == 0) {
            error(BAD_ARGUMENT, at, "division by zero");
            return null;
        }
        Value result = exactArithmetic(op, a, c, at);
        if (result instanceof Value.Scalar r && !Double.isFinite(r.si())) {
            error(BAD_ARGUMENT, at, "the result is too large to be a number");
            return null;
        }
        return result;
    }

    private Value exactArithmetic(char op, Value.Scalar a, Value.Scalar c, Expr.Binary at) {
        switch (op) {
            case '+', '-' -> {
                Dimension d = common(a, c);
                if (d == null) {
                    error(DIMENSION_MISMATCH, at, "cannot " + (op == '+' ? "add " : "subtract ") + c.dimension().describe()
                            + (op == '+' ? " to " : " from ") + a.dimension().describe());
                    return null;
                }
                return new Value.Scalar(op == '+' ? a.si() + c.si() : a.si() - c.si(), d);
            }
            case '*' -> {
                return withUnitPowersInRange(new Value.Scalar(a.si() * c.si(), a.dimension().times(c.dimension())), at);
            }
            case '/' -> {
                return withUnitPowersInRange(new Value.Scalar(a.si() / c.si(), a.dimension().over(c.dimension())), at);
            }
            default -> {
                if (!c.dimension().equals(Dimension.NONE) || c.si() != Math.rint(c.si())) {
                    error(BAD_ARGUMENT, at, "a power must be a whole plain number");
                    return null;
                }
                if (!a.dimension().equals(Dimension.NONE) && Math.abs(c.si()) > Dimension.MAX_POWER) {
                    error(BAD_ARGUMENT, at, "a quantity with a unit may be raised to a power from -" + Dimension.MAX_POWER
                            + " to " + Dimension.MAX_POWER + ", not " + c.si());
                    return null;
                }
                return withUnitPowersInRange(new Value.Scalar(Math.pow(a.si(), c.si()),
                        a.dimension().power((int) c.si())), at);
            }
        }
    }

    /**
     * The dimension of a sum, or null if the two cannot be added: equal dimensions, or a plain
     * number beside a non-angle quantity (bare numbers are SI), or a zero.
     */
    private static Dimension common(Value.Scalar a, Value.Scalar b) {
        if (a.dimension().equals(b.dimension())) {
            return a.dimension();
        }
        if (a.dimension().equals(Dimension.NONE) && (b.dimension().angle() == 0 || a.si() == 0)) {
            return b.dimension();
        }
        if (b.dimension().equals(Dimension.NONE) && (a.dimension().angle() == 0 || b.si() == 0)) {
            return a.dimension();
        }
        return null;
    }

    private Value call(Expr.Call c) {
        String f = c.function();
        if (!FUNCTIONS.contains(f)) {
            String guess = Suggest.closest(f, FUNCTIONS.stream().sorted().toList());
            diagnostics.accept(new Diagnostic(UNKNOWN_FUNCTION, Diagnostic.Severity.ERROR, c.span(), "unknown function '" + f + "'",
                    guess == null ? List.of() : List.of("did you mean '" + guess + "'?")));
            return null;
        }
        List<Value.Scalar> args = new ArrayList<>();
        for (Expr arg : c.arguments()) {
            Value v = evaluate(arg);
            if (v == null) {
                return null;
            }
            if (!(v instanceof Value.Scalar s)) {
                error(BAD_ARGUMENT, arg, f + " takes numbers");
                return null;
            }
            args.add(s);
        }
        boolean unary = f.equals("sqrt") || f.equals("sin") || f.equals("cos") || f.equals("tan") || f.equals("abs");
        if (unary ? args.size() != 1 : args.isEmpty()) {
            error(BAD_ARGUMENT, c, f + " takes " + (unary ? "one argument" : "at least one argument") + ", got " + args.size());
            return null;
        }
        Value.Scalar x = args.get(0);
        switch (f) {
            case "sin", "cos", "tan" -> {
                if (!x.dimension().equals(Dimension.ANGLE)) {
                    error(BAD_ARGUMENT, c.arguments().get(0), f + " takes an angle, got " + x.dimension().describe()
                            + "; write e.g. 30deg or 0.5rad");
                    return null;
                }
                double r = f.equals("sin") ? StrictMath.sin(x.si()) : f.equals("cos") ? StrictMath.cos(x.si()) : StrictMath.tan(x.si());
                return new Value.Scalar(r, Dimension.NONE);
            }
            case "sqrt" -> {
                Dimension d = x.dimension();
                if (d.length() % 2 != 0 || d.mass() % 2 != 0 || d.time() % 2 != 0 || d.angle() % 2 != 0) {
                    error(BAD_ARGUMENT, c.arguments().get(0), "sqrt of " + d.describe() + " has no unit");
                    return null;
                }
                if (x.si() < 0) {
                    error(BAD_ARGUMENT, c.arguments().get(0), "sqrt of a negative number (" + x.si() + ") is not a real number");
                    return null;
                }
                return new Value.Scalar(Math.sqrt(x.si()), new Dimension(d.length() / 2, d.mass() / 2, d.time() / 2, d.angle() / 2));
            }
            case "abs" -> {
                return new Value.Scalar(Math.abs(x.si()), x.dimension());
            }
            default -> {
                Value.Scalar best = x;
                for (int k = 1; k < args.size(); k++) {
                    Value.Scalar y = args.get(k);
                    Dimension d = common(best, y);
                    if (d == null) {
                        error(DIMENSION_MISMATCH, c.arguments().get(k), f + " of " + best.dimension().describe() + " and "
                                + y.dimension().describe());
                        return null;
                    }
                    boolean take = f.equals("min") ? y.si() < best.si() : y.si() > best.si();
                    best = new Value.Scalar(take ? y.si() : best.si(), d);
                }
                return best;
            }
        }
    }

    /** The value, or null after an error if its unit has a power beyond ±{@link Dimension#MAX_POWER} (m^65). */
    private Value withUnitPowersInRange(Value.Scalar v, Expr at) {
        if (!v.dimension().powersWithin(Dimension.MAX_POWER)) {
            error(BAD_ARGUMENT, at, "the unit of this value has a power beyond " + Dimension.MAX_POWER);
            return null;
        }
        return v;
    }

    /** The literal's value, or null after an error if it is beyond the largest double (1e309). */
    private Value finiteLiteral(Value.Scalar v, String text, Expr at) {
        if (!Double.isFinite(v.si())) {
            error(BAD_ARGUMENT, at, "the number " + text + " is beyond the largest a double can hold (about 1.8e308)");
            return null;
        }
        return v;
    }

    private void error(String code, Expr at, String message) {
        diagnostics.accept(Diagnostic.error(code, at.span(), message));
    }
}
