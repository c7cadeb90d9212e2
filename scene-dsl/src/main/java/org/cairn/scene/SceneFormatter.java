package org.cairn.scene;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.syntax.SceneLexer;

/**
 * The canonical form of a scene file ({@code cairn fmt}): two-space indentation, one space
 * between the parts of a statement, spaces around {@code +} and {@code -} (and around {@code *},
 * {@code /}, {@code ^} after a quantity, whose unit would swallow them), {@code ", "} in tuples, calls
 * and indices, at most one blank line in a row, a newline at the end. Comments are kept, on their
 * own lines or after the statement they followed. A block written on one line stays on one line.
 *
 * <p>Idempotent: formatting formatted text changes nothing. Faithful: the formatted text parses to
 * the same tree (spans aside), so it builds the same world.
 */
public final class SceneFormatter {
    private static final String INDENT = "  ";

    /**
     * The formatted text, or the syntax errors that stopped formatting (a broken file is never
     * rewritten).
     */
    public record Result(String text, List<Diagnostic> diagnostics) {
        /** True if the file was formatted. */
        public boolean ok() {
            return text != null;
        }
    }

    private record Comment(int line, String text, boolean trailing) {
    }

    private final List<Comment> comments;
    private int nextComment;
    private int lastLine;
    /** True while printing the statements of a one-line block, which end no lines. */
    private boolean inline;
    /** False for trees made in memory, whose spans say nothing about the blank lines between statements. */
    private boolean keepBlankLines = true;
    private final StringBuilder out = new StringBuilder();

    private SceneFormatter(List<Comment> comments) {
        this.comments = comments;
    }

    /** Formats {@code text}, reporting positions in {@code fileName}. */
    public static Result format(String fileName, String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse(fileName, text);
        if (!parsed.ok()) {
            return new Result(null, parsed.diagnostics());
        }
        SceneFormatter f = new SceneFormatter(comments(text));
        f.statements(parsed.file().statements(), 0, Integer.MAX_VALUE);
        f.flushCommentsBefore(Integer.MAX_VALUE, 0);
        return new Result(f.out.toString(), List.of());
    }

    /** Formats a tree that has no comments and no blank lines (for tools that build scenes in memory). */
    public static String print(SceneFile file) {
        SceneFormatter f = new SceneFormatter(List.of());
        f.keepBlankLines = false;
        f.statements(file.statements(), 0, Integer.MAX_VALUE);
        return f.out.toString();
    }

    private static List<Comment> comments(String text) {
        SceneLexer lexer = new SceneLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        List<Comment> comments = new ArrayList<>();
        int codeLine = -1;
        for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
            if (t.getType() == SceneLexer.COMMENT) {
                comments.add(new Comment(t.getLine(), t.getText().stripTrailing(), t.getLine() == codeLine));
            } else if (t.getType() != SceneLexer.WS && t.getType() != SceneLexer.NL) {
                codeLine = t.getLine();
            }
        }
        return comments;
    }

    // ------------------------------------------------------------------ layout

    private void statements(List<Statement> statements, int depth, int endLine) {
        for (Statement s : statements) {
            flushCommentsBefore(s.span().startLine(), depth);
            blankLineIfGap(s.span().startLine());
            out.append(INDENT.repeat(depth));
            statement(s, depth);
        }
        flushCommentsBefore(endLine, depth);
    }

    /** Own-line comments above {@code line}, and trailing comments of lines before it, each on its own line. */
    private void flushCommentsBefore(int line, int depth) {
        while (nextComment < comments.size() && comments.get(nextComment).line() < line) {
            Comment c = comments.get(nextComment++);
            blankLineIfGap(c.line());
            out.append(INDENT.repeat(depth)).append(c.text()).append('\n');
            lastLine = c.line();
        }
    }

    private void blankLineIfGap(int line) {
        if (keepBlankLines && lastLine > 0 && line > lastLine + 1 && out.length() > 0 && !endsWithOpenBrace()) {
            out.append('\n');
        }
    }

    private boolean endsWithOpenBrace() {
        return out.length() >= 2 && out.charAt(out.length() - 1) == '\n' && out.charAt(out.length() - 2) == '{';
    }

    /** Ends the current output line, with the trailing comment written on that source line, if any. */
    private void endLine(int sourceLine) {
        if (inline) {
            return;
        }
        if (nextComment < comments.size() && comments.get(nextComment).line() == sourceLine
                && comments.get(nextComment).trailing()) {
            out.append("  ").append(comments.get(nextComment++).text());
        }
        out.append('\n');
        lastLine = sourceLine;
    }

    private void statement(Statement s, int depth) {
        if (s instanceof Statement.SceneDecl d) {
            out.append("scene ").append(d.version());
            endLine(d.span().endLine());
        } else if (s instanceof Statement.Let let) {
            out.append("let ").append(let.name()).append(" = ").append(expr(let.value()));
            endLine(let.span().endLine());
        } else if (s instanceof Statement.Include include) {
            out.append("include ").append(quote(include.path()));
            if (include.alias() != null) {
                out.append(" as ").append(include.alias());
            }
            endLine(include.span().endLine());
        } else if (s instanceof Statement.Repeat r) {
            out.append("repeat ").append(r.variable()).append(" in ").append(expr(r.from())).append("..")
                    .append(expr(r.to()));
            block(r.body(), r.span(), depth);
        } else if (s instanceof Statement.State state) {
            out.append("state ").append(state.name());
            List<String> lines = new ArrayList<>();
            for (Statement.Assignment a : state.assignments()) {
                StringBuilder line = new StringBuilder(name(a.target()));
                for (String part : a.path()) {
                    line.append('.').append(part);
                }
                lines.add(line.append(" = ").append(expr(a.value())).toString());
            }
            if (state.span().startLine() == state.span().endLine()) {
                out.append(lines.isEmpty() ? " {}" : " { " + String.join(" ", lines) + " }");
                endLine(state.span().endLine());
            } else {
                out.append(" {");
                endLine(state.span().startLine());
                for (int k = 0; k < lines.size(); k++) {
                    Statement.Assignment a = state.assignments().get(k);
                    flushCommentsBefore(a.span().startLine(), depth + 1);
                    blankLineIfGap(a.span().startLine());
                    out.append(INDENT.repeat(depth + 1)).append(lines.get(k));
                    endLine(a.span().endLine());
                }
                flushCommentsBefore(state.span().endLine(), depth + 1);
                out.append(INDENT.repeat(depth)).append('}');
                endLine(state.span().endLine());
            }
        } else if (s instanceof Statement.Generic g) {
            out.append(g.head());
            for (Statement.Name w : g.words()) {
                out.append(' ').append(name(w));
            }
            for (Statement.Property p : g.properties()) {
                out.append(' ').append(String.join(".", p.key())).append('=').append(expr(p.value()));
            }
            if (g.block() == null) {
                endLine(g.span().endLine());
            } else {
                block(g.block(), g.span(), depth);
            }
        }
    }

    private void block(List<Statement> body, SourceSpan span, int depth) {
        if (span.startLine() == span.endLine()) {
            // One line in the source, one line here: its statements cannot hold blocks of other lines.
            out.append(" {");
            for (Statement inner : body) {
                out.append(' ');
                inlineStatement(inner);
            }
            out.append(body.isEmpty() ? "}" : " }");
            endLine(span.endLine());
            return;
        }
        out.append(" {");
        endLine(span.startLine());
        statements(body, depth + 1, span.endLine());
        out.append(INDENT.repeat(depth)).append('}');
        endLine(span.endLine());
    }

    /** A statement inside a one-line block: printed without its line end. */
    private void inlineStatement(Statement s) {
        boolean outer = inline;
        inline = true;
        statement(s, 0);
        inline = outer;
    }

    // ------------------------------------------------------------------ expressions

    private static String name(Statement.Name n) {
        if (n.indices().isEmpty()) {
            return n.base();
        }
        List<String> indices = new ArrayList<>();
        for (Expr e : n.indices()) {
            indices.add(expr(e));
        }
        return n.base() + "[" + String.join(", ", indices) + "]";
    }

    /** Binding strength: sum 1, product 2, negation 3, power 4, atoms 5. */
    private static int precedence(Expr e) {
        if (e instanceof Expr.Binary b) {
            return switch (b.operator()) {
                case '+', '-' -> 1;
                case '*', '/' -> 2;
                default -> 4;
            };
        }
        return e instanceof Expr.Negate ? 3 : 5;
    }

    static String expr(Expr e) {
        if (e instanceof Expr.NumberLiteral n) {
            return n.text();
        } else if (e instanceof Expr.Quantity q) {
            return q.number() + q.unit();
        } else if (e instanceof Expr.StringLiteral s) {
            return quote(s.value());
        } else if (e instanceof Expr.Reference r) {
            return name(r.name());
        } else if (e instanceof Expr.Call c) {
            return c.function() + "(" + String.join(", ", c.arguments().stream().map(SceneFormatter::expr).toList()) + ")";
        } else if (e instanceof Expr.Tuple t) {
            return "(" + String.join(", ", t.items().stream().map(SceneFormatter::expr).toList()) + ")";
        } else if (e instanceof Expr.Negate n) {
            // "--x" is legal but easy to misread; the operand of a minus keeps its parentheses.
            return "-" + wrap(n.operand(), precedence(n.operand()) < 3 || n.operand() instanceof Expr.Negate);
        }
        Expr.Binary b = (Expr.Binary) e;
        int p = precedence(b);
        boolean power = b.operator() == '^';
        // Left-associative operators parenthesize an equally strong right side; '^' (right-associative) its left side.
        String left = wrap(b.left(), power ? precedence(b.left()) <= p : precedence(b.left()) < p);
        String right = wrap(b.right(), power ? precedence(b.right()) < p : precedence(b.right()) <= p);
        // '*', '/' and '^' sit tight (1s/60, 2*h, x^2) unless the left side ends in a quantity,
        // whose unit would swallow them: 2m*h would read as the unit m*h.
        boolean swallowed = ENDS_WITH_QUANTITY.matcher(left).find()
                && (power || Character.isLetter(right.charAt(0)) || right.charAt(0) == '\u00B0' || right.charAt(0) == '\u00B5');
        boolean tight = b.operator() != '+' && b.operator() != '-' && !swallowed;
        return tight ? left + b.operator() + right : left + " " + b.operator() + " " + right;
    }

    private static final java.util.regex.Pattern ENDS_WITH_QUANTITY =
            java.util.regex.Pattern.compile("[0-9][a-zA-Z\u00B0\u00B5]+([/*][a-zA-Z\u00B0\u00B5]+|\\^-?[0-9]+)*$");

    private static String wrap(Expr e, boolean parenthesize) {
        return parenthesize ? "(" + expr(e) + ")" : expr(e);
    }

    private static String quote(String value) {
        StringBuilder q = new StringBuilder("\"");
        for (char ch : value.toCharArray()) {
            switch (ch) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> q.append(ch);
            }
        }
        return q.append('"').toString();
    }
}
