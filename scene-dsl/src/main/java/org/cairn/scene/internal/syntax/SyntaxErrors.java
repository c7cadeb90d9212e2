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

    /** Tokens that start a value; when all may come, the message says "a value". */
    private static final int[] VALUE_START = {SceneLexer.NUMBER, SceneLexer.QUANTITY, SceneLexer.IDENT, SceneLexer.LPAREN,
        SceneLexer.MINUS, SceneLexer.STRING};
    /** Tokens that start a statement; when all may come, the message says "a statement". */
    private static final int[] STATEMENT_START = {SceneLexer.SCENE, SceneLexer.LET, SceneLexer.REPEAT, SceneLexer.INCLUDE,
        SceneLexer.STATE, SceneLexer.IDENT};

    static String describe(IntervalSet expected) {
        List<String> names = new ArrayList<>();
        IntervalSet rest = new IntervalSet(expected);
        // Grouped in words a scene author knows, before the token kinds that are left.
        if (java.util.Arrays.stream(STATEMENT_START).allMatch(expected::contains)) {
            names.add("a statement");
            java.util.Arrays.stream(STATEMENT_START).forEach(rest::remove);
        }
        if (expected.contains(Token.EOF) && expected.contains(SceneLexer.NL)) {
            // The end of the file ends a line too.
            names.add("the end of the line");
            rest.remove(Token.EOF);
            rest.remove(SceneLexer.NL);
        }
        if (java.util.Arrays.stream(VALUE_START).allMatch(expected::contains)) {
            names.add("a value (a number, a name or a tuple)");
            java.util.Arrays.stream(VALUE_START).forEach(rest::remove);
        }
        for (int type : rest.toList()) {
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
        // One error per line: after the first, recovery's guesses at the rest of the line would
        // report what follows from it, not what is wrong.
        SourceSpan span = span(token);
        if (!diagnostics.isEmpty() && diagnostics.get(diagnostics.size() - 1).span().startLine() == span.startLine()) {
            return;
        }
        if (token.getType() == SceneLexer.ERRCHAR) {
            diagnostics.add(Diagnostic.error(UNEXPECTED_CHARACTER, span, "unexpected character " + describe(token)));
            return;
        }
        diagnostics.add(Diagnostic.error(code, span, message));
    }

    /**
     * Two mistakes the grammar can only describe in its own terms, said in a scene author's:
     * {@code r 1m} (a key and its value without '=') and {@code r=15 meters} (a unit written
     * apart from its number, or unknown). Returns whether it reported the error.
     */
    private boolean friendlier(Parser recognizer, Token offending) {
        if (offending == null || offending.getType() == SceneLexer.EQ || offending.getType() == SceneLexer.DOT
                || !(recognizer.getInputStream() instanceof org.antlr.v4.runtime.BufferedTokenStream tokens)) {
            return false;
        }
        Token word = previous(tokens, offending.getTokenIndex());
        Token before = word == null ? null : previous(tokens, word.getTokenIndex());
        if (word == null || before == null || word.getType() != SceneLexer.IDENT || word.getLine() != offending.getLine()) {
            return false;
        }
        boolean afterValueOrWord = before.getType() == SceneLexer.NUMBER || before.getType() == SceneLexer.QUANTITY
                || before.getType() == SceneLexer.IDENT || before.getType() == SceneLexer.RPAREN
                || before.getType() == SceneLexer.STRING;
        boolean afterNumber = before.getType() == SceneLexer.NUMBER || before.getType() == SceneLexer.QUANTITY;
        if (afterValueOrWord && startsValue(offending.getType())) {
            report(new Diagnostic(MISSING_TOKEN, Diagnostic.Severity.ERROR, span(offending), "expected '=' between '"
                    + word.getText() + "' and its value", List.of("did you mean '" + word.getText() + "=" + offending.getText() + "'?")));
            return true;
        }
        if (afterNumber) {
            String unit = org.cairn.scene.internal.eval.Units.suggest(word.getText());
            String hint = before.getType() == SceneLexer.QUANTITY ? "an operator such as '*' goes between two values"
                    : unit == null ? "a unit is written against its number, as in " + before.getText() + "m"
                    : "did you mean '" + before.getText() + unit + "'?";
            report(new Diagnostic(UNEXPECTED_TOKEN, Diagnostic.Severity.ERROR, span(word), "expected a unit or an operator after '"
                    + before.getText() + "', found " + describe(word), List.of(hint)));
            return true;
        }
        return false;
    }

    /** Adds {@code d} unless the line already has an error (see {@link #add}). */
    private void report(Diagnostic d) {
        if (diagnostics.isEmpty() || diagnostics.get(diagnostics.size() - 1).span().startLine() != d.span().startLine()) {
            diagnostics.add(d);
        }
    }

    private static boolean startsValue(int type) {
        return type == SceneLexer.NUMBER || type == SceneLexer.QUANTITY || type == SceneLexer.LPAREN || type == SceneLexer.STRING
                || type == SceneLexer.MINUS;
    }

    /** The token on the default channel before {@code index}, or null. */
    private static Token previous(org.antlr.v4.runtime.BufferedTokenStream tokens, int index) {
        for (int k = index - 1; k >= 0; k--) {
            Token t = tokens.get(k);
            if (t.getChannel() == Token.DEFAULT_CHANNEL) {
                return t;
            }
        }
        return null;
    }

    @Override
    protected void reportNoViableAlternative(Parser recognizer, NoViableAltException e) {
        if (friendlier(recognizer, e.getOffendingToken())) {
            return;
        }
        // Inside '(' ... the choice is between a group and a tuple, so what was missing is a ',' or a ')'.
        boolean inParentheses = e.getStartToken() != null && e.getStartToken().getType() == SceneLexer.LPAREN
                && e.getStartToken() != e.getOffendingToken();
        add(UNEXPECTED_TOKEN, e.getOffendingToken(), "unexpected " + describe(e.getOffendingToken())
                + (inParentheses ? "; expected ',' or ')'" : ""));
    }

    @Override
    protected void reportInputMismatch(Parser recognizer, InputMismatchException e) {
        if (friendlier(recognizer, e.getOffendingToken())) {
            return;
        }
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
        if (t.getType() == Token.EOF && unclosedBrace(recognizer) || friendlier(recognizer, t)) {
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
        if (t.getType() == Token.EOF && unclosedBrace(recognizer) || friendlier(recognizer, t)) {
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
