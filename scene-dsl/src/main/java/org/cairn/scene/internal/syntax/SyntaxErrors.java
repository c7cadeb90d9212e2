package org.cairn.scene.internal.syntax;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.SourceSpan;

/**
 * Turns ANTLR's syntax errors into {@link Diagnostic}s with human token names ("end of line",
 * "a name", "')'") in place of ANTLR's texts, each spanning the offending token.
 */
public final class SyntaxErrors extends DefaultErrorStrategy {
    /** Syntax error codes. */
    public static final String UNEXPECTED_CHARACTER = "E0001";
    public static final String UNEXPECTED_TOKEN = "E0002";
    public static final String MISSING_TOKEN = "E0003";

    private final String file;
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    public SyntaxErrors(String file) {
        this.file = file;
    }

    /** The diagnostics collected so far. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** The lexer's listener: lexing never fails (ERRCHAR catches all), so nothing to do here. */
    public BaseErrorListener quietListener() {
        return new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column, String msg,
                                    RecognitionException e) {
            }
        };
    }

    SourceSpan span(Token token) {
        int length = token.getType() == Token.EOF ? 1 : Math.max(1, token.getText().length());
        int column = token.getCharPositionInLine() + 1;
        return new SourceSpan(file, token.getLine(), column, token.getLine(), column + length - 1);
    }

    /** A token as people call it. */
    static String describe(Token token) {
        if (token.getType() == Token.EOF) {
            return "end of file";
        }
        if (token.getType() == SceneLexer.NL) {
            return "end of line";
        }
        String text = token.getText();
        if (text.length() == 1 && Character.isISOControl(text.charAt(0))) {
            // A raw control character would act on the terminal the diagnostic is printed to.
            return String.format("U+%04X (a control character)", (int) text.charAt(0));
        }
        return "'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'";
    }

    static String describe(int type) {
        return switch (type) {
            case Token.EOF -> "end of file";
            case SceneLexer.NL -> "end of line";
            case SceneLexer.IDENT -> "a name";
            case SceneLexer.NUMBER -> "a number";
            case SceneLexer.QUANTITY -> "a quantity";
            case SceneLexer.STRING -> "a string";
            default -> {
                String literal = SceneLexer.VOCABULARY.getLiteralName(type);
                yield literal != null ? literal : SceneLexer.VOCABULARY.getDisplayName(type);
            }
        };
    }

    static String describe(IntervalSet expected) {
        List<String> names = new ArrayList<>();
        for (int type : expected.toList()) {
            names.add(describe(type));
        }
        if (names.size() > 6) {
            return "one of " + String.join(", ", names.subList(0, 6)) + ", ...";
        }
        if (names.size() == 1) {
            return names.get(0);
        }
        return "one of " + String.join(", ", names);
    }

    private void add(String code, Token token, String message) {
        // One error per token: recovery may report the same spot twice.
        SourceSpan span = span(token);
        if (!diagnostics.isEmpty() && diagnostics.get(diagnostics.size() - 1).span().equals(span)) {
            return;
        }
        if (token.getType() == SceneLexer.ERRCHAR) {
            diagnostics.add(Diagnostic.error(UNEXPECTED_CHARACTER, span, "unexpected character " + describe(token)));
            return;
        }
        diagnostics.add(Diagnostic.error(code, span, message));
    }

    @Override
    protected void reportNoViableAlternative(Parser recognizer, NoViableAltException e) {
        // Inside '(' ... the choice is between a group and a tuple, so what was missing is a ',' or a ')'.
        boolean inParentheses = e.getStartToken() != null && e.getStartToken().getType() == SceneLexer.LPAREN
                && e.getStartToken() != e.getOffendingToken();
        add(UNEXPECTED_TOKEN, e.getOffendingToken(), "unexpected " + describe(e.getOffendingToken())
                + (inParentheses ? "; expected ',' or ')'" : ""));
    }

    @Override
    protected void reportInputMismatch(Parser recognizer, InputMismatchException e) {
        add(UNEXPECTED_TOKEN, e.getOffendingToken(), "expected " + describe(e.getExpectedTokens()) + ", found "
                + describe(e.getOffendingToken()));
    }

    @Override
    protected void reportUnwantedToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        if (t.getType() == Token.EOF && unclosedBrace(recognizer)) {
            return;
        }
        add(UNEXPECTED_TOKEN, t, "unexpected " + describe(t) + "; expected " + describe(getExpectedTokens(recognizer)));
    }

    @Override
    protected void reportMissingToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        if (t.getType() == Token.EOF && unclosedBrace(recognizer)) {
            return;
        }
        add(MISSING_TOKEN, t, "missing " + describe(getExpectedTokens(recognizer)) + " before " + describe(t));
    }

    /**
     * At the end of the file inside braces the useful place to point at is the brace that was
     * never closed, not the end of the file.
     */
    private boolean unclosedBrace(Parser recognizer) {
        for (org.antlr.v4.runtime.ParserRuleContext c = recognizer.getContext(); c != null; c = c.getParent()) {
            if (c instanceof SceneParser.BlockContext || c instanceof SceneParser.StateBlockContext) {
                org.antlr.v4.runtime.tree.TerminalNode open = c instanceof SceneParser.BlockContext b ? b.LBRACE()
                        : ((SceneParser.StateBlockContext) c).LBRACE();
                if (open == null) {
                    // The file ends where the block's '{' should be: that is the missing token.
                    return false;
                }
                Token brace = open.getSymbol();
                diagnostics.add(Diagnostic.error(MISSING_TOKEN, span(brace),
                        "this '{' is never closed: the file ends before its '}'"));
                return true;
            }
        }
        return false;
    }

    private int lastRecoveryIndex = -1;

    /**
     * Skips to the end of the line (or the closing brace): the next statement starts fresh, so
     * each broken line gets its own error and the lines after it still parse. Always makes
     * progress, so recovery cannot loop.
     */
    @Override
    public void recover(Parser recognizer, RecognitionException e) {
        org.antlr.v4.runtime.TokenStream in = recognizer.getInputStream();
        if (in.index() == lastRecoveryIndex && in.LA(1) != Token.EOF) {
            recognizer.consume();
        }
        lastRecoveryIndex = in.index();
        // Inside braces a '}' also ends the line; at the top level it is just another bad token.
        boolean inBlock = false;
        for (org.antlr.v4.runtime.RuleContext c = recognizer.getContext(); c != null; c = c.parent) {
            if (c instanceof SceneParser.BlockContext || c instanceof SceneParser.StateBlockContext) {
                inBlock = true;
                break;
            }
        }
        while (in.LA(1) != Token.EOF && in.LA(1) != SceneLexer.NL && !(inBlock && in.LA(1) == SceneLexer.RBRACE)) {
            recognizer.consume();
        }
    }

    @Override
    public void reportError(Parser recognizer, RecognitionException e) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        if (e.getOffendingToken() != null && e.getOffendingToken().getType() == Token.EOF && unclosedBrace(recognizer)) {
            return;
        }
        if (e instanceof NoViableAltException n) {
            reportNoViableAlternative(recognizer, n);
        } else if (e instanceof InputMismatchException m) {
            reportInputMismatch(recognizer, m);
        } else {
            add(UNEXPECTED_TOKEN, e.getOffendingToken(), "unexpected " + describe(e.getOffendingToken()));
        }
    }
}
