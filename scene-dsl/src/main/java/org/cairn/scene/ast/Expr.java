package org.cairn.scene.ast;

import java.util.List;
import org.cairn.scene.SourceSpan;

/** An expression, kept with its source text so a printer can reproduce it exactly. */
public sealed interface Expr {
    /** Where the expression is. */
    SourceSpan span();

    /** A bare number, such as {@code 0.25}. */
    record NumberLiteral(String text, SourceSpan span) implements Expr {
    }

    /** A number with a unit glued to it, such as {@code 9.81m/s^2}. */
    record Quantity(String number, String unit, SourceSpan span) implements Expr {
    }

    /** A string in double quotes, unescaped. */
    record StringLiteral(String value, SourceSpan span) implements Expr {
    }

    /** A constant, loop variable or object, possibly indexed. */
    record Reference(Statement.Name name, SourceSpan span) implements Expr {
    }

    /** A function call such as {@code sqrt(2)}. */
    record Call(String function, List<Expr> arguments, SourceSpan span) implements Expr {
        /** Copies the list so the record stays immutable. */
        public Call {
            arguments = List.copyOf(arguments);
        }
    }

    /** A tuple such as {@code (0, 1m, 2m)}. */
    record Tuple(List<Expr> items, SourceSpan span) implements Expr {
        /** Copies the list so the record stays immutable. */
        public Tuple {
            items = List.copyOf(items);
        }
    }

    /** Unary minus. */
    record Negate(Expr operand, SourceSpan span) implements Expr {
    }

    /** A binary operation: one of + − * / ^. */
    record Binary(char operator, Expr left, Expr right, SourceSpan span) implements Expr {
    }
}
