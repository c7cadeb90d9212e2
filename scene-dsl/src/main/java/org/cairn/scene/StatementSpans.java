package org.cairn.scene;

import java.util.List;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.Statement;

/**
 * Where in a statement a diagnostic points: its first word, a property's key or value, a name
 * written inside an expression, or the value an engine's refusal names.
 */
final class StatementSpans {
    private StatementSpans() {
    }

    /** The key of a property, from its first character to its '='. */
    static SourceSpan keySpan(Statement.Property p) {
        SourceSpan s = p.span();
        int length = String.join(".", p.key()).length();
        return new SourceSpan(s.file(), s.startLine(), s.startColumn(), s.startLine(), s.startColumn() + length - 1);
    }

    /** Where a bare name is written inside an expression (the first place), or null. */
    static SourceSpan referenceSpan(Expr e, String name) {
        if (e instanceof Expr.Reference r) {
            return r.name().base().equals(name) && r.name().indices().isEmpty() ? r.span() : null;
        }
        List<Expr> parts = e instanceof Expr.Tuple t ? t.items() : e instanceof Expr.Call c ? c.arguments()
                : e instanceof Expr.Negate n ? List.of(n.operand())
                : e instanceof Expr.Binary b ? List.of(b.left(), b.right()) : List.of();
        for (Expr part : parts) {
            SourceSpan found = referenceSpan(part, name);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The statement's first word, where an error about the whole statement points. */
    static SourceSpan headSpan(Statement.Generic g) {
        SourceSpan s = g.span();
        return new SourceSpan(s.file(), s.startLine(), s.startColumn(), s.startLine(), s.startColumn() + g.head().length() - 1);
    }

    /** The key of a statement's property, or the statement's first word if it has none. */
    static SourceSpan keySpan(Statement.Generic g, String key) {
        for (Statement.Property p : g.properties()) {
            if (String.join(".", p.key()).equals(key)) {
                return keySpan(p);
            }
        }
        return headSpan(g);
    }

    /**
     * Where an engine's refusal points in a statement: the value of the property it names. The
     * engine's messages start with the parameter's name (camelCase, "radius must be ..."), which
     * maps to the scene's key (snake_case; a radius is {@code r}, a box's half extents
     * {@code half}); the whole statement when the statement has no such property.
     */
    static SourceSpan rejectedSpan(Statement.Generic g, IllegalArgumentException rejected) {
        String message = rejected.getMessage() == null ? "" : rejected.getMessage();
        int end = 0;
        while (end < message.length() && Character.isJavaIdentifierPart(message.charAt(end))) {
            end++;
        }
        String parameter = message.substring(0, end);
        String key = switch (parameter) {
            case "radius" -> "r";
            case "halfX", "halfY", "halfZ" -> "half";
            default -> parameter.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
        };
        return key.isEmpty() ? g.span() : valueSpan(g, key);
    }

    /** Where the value of property {@code key} of {@code g} is written (the statement if it is not). */
    static SourceSpan valueSpan(Statement.Generic g, String key) {
        for (Statement.Property p : g.properties()) {
            if (String.join(".", p.key()).equals(key)) {
                return p.value().span();
            }
        }
        return g.span();
    }
}
