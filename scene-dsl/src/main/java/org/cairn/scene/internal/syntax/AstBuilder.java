package org.cairn.scene.internal.syntax;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.cairn.scene.SourceSpan;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.ast.Statement;

/**
 * The parse tree to the AST of records. The parse tree never leaves this package. Statements
 * broken by syntax errors (recovered parts with missing children) are dropped, so later passes
 * do not report noise about them.
 */
public final class AstBuilder {
    private final String file;

    public AstBuilder(String file) {
        this.file = file;
    }

    SourceSpan span(ParserRuleContext ctx) {
        Token start = ctx.getStart(), stop = ctx.getStop() != null ? ctx.getStop() : ctx.getStart();
        int endColumn = stop.getCharPositionInLine() + Math.max(1, stop.getType() == Token.EOF ? 1 : stop.getText().length());
        return new SourceSpan(file, start.getLine(), start.getCharPositionInLine() + 1, stop.getLine(), endColumn);
    }

    /** The file's AST. */
    public SceneFile file(SceneParser.FileContext ctx) {
        List<SceneParser.StatementContext> statements = new ArrayList<>();
        for (SceneParser.LineContext line : ctx.line()) {
            if (line.statement() != null) {
                statements.add(line.statement());
            }
        }
        return new SceneFile(statements(statements), span(ctx));
    }

    private List<Statement> statements(List<SceneParser.StatementContext> contexts) {
        List<Statement> out = new ArrayList<>();
        for (SceneParser.StatementContext s : contexts) {
            if (s.exception != null) {
                continue;
            }
            try {
                Statement statement = statement(s);
                if (statement != null) {
                    out.add(statement);
                }
            } catch (Malformed broken) {
                // Part of the statement is an error node; its syntax error is already reported.
            }
        }
        return out;
    }

    private static List<SceneParser.StatementContext> blockStatements(SceneParser.BlockContext block) {
        return new ArrayList<>(block.statement());
    }

    private static boolean missing(TerminalNode node) {
        return node == null || node.getSymbol().getTokenIndex() < 0;
    }

    private Statement statement(SceneParser.StatementContext ctx) {
        if (ctx instanceof SceneParser.SceneDeclContext c) {
            return missing(c.NUMBER()) ? null : new Statement.SceneDecl(c.NUMBER().getText(), span(c));
        }
        if (ctx instanceof SceneParser.LetDeclContext c) {
            return missing(c.IDENT()) || c.expr() == null ? null : new Statement.Let(c.IDENT().getText(), expr(c.expr()), span(c));
        }
        if (ctx instanceof SceneParser.RepeatBlockContext c) {
            if (missing(c.IDENT()) || c.expr().size() < 2 || c.block() == null) {
                return null;
            }
            return new Statement.Repeat(c.IDENT().getText(), expr(c.expr(0)), expr(c.expr(1)), statements(blockStatements(c.block())),
                    span(c));
        }
        if (ctx instanceof SceneParser.IncludeDeclContext c) {
            if (missing(c.STRING())) {
                return null;
            }
            return new Statement.Include(unquote(c.STRING().getText()), c.IDENT() == null ? null : c.IDENT().getText(), span(c));
        }
        if (ctx instanceof SceneParser.StateBlockContext c) {
            List<Statement.Assignment> assignments = new ArrayList<>();
            for (SceneParser.AssignmentContext a : c.assignment()) {
                if (a.exception == null && a.expr() != null) {
                    List<String> path = new ArrayList<>();
                    for (TerminalNode id : a.IDENT()) {
                        path.add(id.getText());
                    }
                    assignments.add(new Statement.Assignment(name(a.name()), path, expr(a.expr()), span(a)));
                }
            }
            return missing(c.IDENT()) ? null : new Statement.State(c.IDENT().getText(), assignments, span(c));
        }
        if (!(ctx instanceof SceneParser.GenericContext c) || missing(c.IDENT())) {
            throw new Malformed();
        }
        List<Statement.Name> words = new ArrayList<>();
        for (SceneParser.WordContext w : c.word()) {
            words.add(name(w.name()));
        }
        List<Statement.Property> properties = new ArrayList<>();
        for (SceneParser.PropertyContext p : c.property()) {
            if (p.exception != null || p.expr() == null) {
                continue;
            }
            List<String> key = new ArrayList<>();
            for (TerminalNode id : p.IDENT()) {
                key.add(id.getText());
            }
            properties.add(new Statement.Property(key, expr(p.expr()), span(p)));
        }
        List<Statement> block = c.block() == null ? null : statements(blockStatements(c.block()));
        return new Statement.Generic(c.IDENT().getText(), words, properties, block, span(c));
    }

    private Statement.Name name(SceneParser.NameContext ctx) {
        if (ctx == null || missing(ctx.IDENT())) {
            throw new Malformed();
        }
        List<Expr> indices = new ArrayList<>();
        for (SceneParser.ExprContext e : ctx.expr()) {
            indices.add(expr(e));
        }
        return new Statement.Name(ctx.IDENT().getText(), indices, span(ctx));
    }

    private Expr expr(SceneParser.ExprContext ctx) {
        if (ctx == null || ctx.exception != null) {
            throw new Malformed();
        }
        if (ctx instanceof SceneParser.PowerContext c) {
            return new Expr.Binary('^', expr(c.expr(0)), expr(c.expr(1)), span(c));
        }
        if (ctx instanceof SceneParser.NegateContext c) {
            return new Expr.Negate(expr(c.expr()), span(c));
        }
        if (ctx instanceof SceneParser.ProductContext c) {
            return new Expr.Binary(c.STAR() != null ? '*' : '/', expr(c.expr(0)), expr(c.expr(1)), span(c));
        }
        if (ctx instanceof SceneParser.SumContext c) {
            return new Expr.Binary(c.PLUS() != null ? '+' : '-', expr(c.expr(0)), expr(c.expr(1)), span(c));
        }
        if (ctx instanceof SceneParser.PrimaryContext c && c.atom() != null) {
            return atom(c.atom());
        }
        throw new Malformed();
    }

    private Expr atom(SceneParser.AtomContext ctx) {
        if (ctx instanceof SceneParser.NumberContext c) {
            return new Expr.NumberLiteral(c.getText(), span(c));
        }
        if (ctx instanceof SceneParser.QuantityContext c) {
            String text = c.getText();
            int split = UnitTokens.numberLength(text);
            return new Expr.Quantity(text.substring(0, split), text.substring(split), span(c));
        }
        if (ctx instanceof SceneParser.StringContext c) {
            return new Expr.StringLiteral(unquote(c.getText()), span(c));
        }
        if (ctx instanceof SceneParser.CallContext c) {
            List<Expr> args = new ArrayList<>();
            for (SceneParser.ExprContext e : c.expr()) {
                args.add(expr(e));
            }
            return new Expr.Call(c.IDENT().getText(), args, span(c));
        }
        if (ctx instanceof SceneParser.TupleContext c) {
            List<Expr> items = new ArrayList<>();
            for (SceneParser.ExprContext e : c.expr()) {
                items.add(expr(e));
            }
            return new Expr.Tuple(items, span(c));
        }
        if (ctx instanceof SceneParser.GroupContext c) {
            return expr(c.expr());
        }
        if (ctx instanceof SceneParser.ReferenceContext c && c.name() != null) {
            return new Expr.Reference(name(c.name()), span(c));
        }
        throw new Malformed();
    }

    /** Thrown on a part of the tree that syntax recovery left incomplete; drops the statement. */
    private static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed() {
            super(null, null, false, false);
        }
    }

    private static String unquote(String quoted) {
        StringBuilder out = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char ch = quoted.charAt(i);
            if (ch == '\\' && i + 1 < quoted.length() - 1) {
                char next = quoted.charAt(++i);
                out.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }
}
