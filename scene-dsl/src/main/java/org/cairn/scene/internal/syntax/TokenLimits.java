package org.cairn.scene.internal.syntax;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.SceneLimits;
import org.cairn.scene.SourceSpan;

/**
 * Checks a file's tokens against the limits that keep the parser and every later pass, which
 * recurse over the tree, within their stack, before any of them runs: names no longer than
 * {@link SceneLimits#MAX_NAME_LENGTH}, blocks and brackets nested at most
 * {@link SceneLimits#MAX_NESTING} deep, and no expression deeper than
 * {@link SceneLimits#MAX_EXPRESSION_DEPTH} (a flat product of a thousand factors is a tree a
 * thousand deep). One pass over the tokens, no recursion.
 */
public final class TokenLimits {
    /** The code of a diagnostic for input over one of these limits (a value or size out of its allowed range). */
    public static final String OVER_LIMIT = "E0309";

    private TokenLimits() {
    }

    /** The diagnostics for {@code tokens} (empty if none is over a limit), at most one per limit. */
    public static List<Diagnostic> check(String file, List<? extends Token> tokens) {
        List<Diagnostic> out = new ArrayList<>();
        boolean longName = false, deep = false, deepExpression = false;
        int braces = 0;
        // Per open bracket, the operators since the last comma at that level; their sum bounds the
        // depth of the expression tree at the current token.
        int[] operators = new int[SceneLimits.MAX_NESTING + 2];
        int brackets = 0;
        int sum = 0;
        for (Token t : tokens) {
            switch (t.getType()) {
                case SceneLexer.IDENT -> {
                    if (!longName && t.getText().length() > SceneLimits.MAX_NAME_LENGTH) {
                        longName = true;
                        out.add(error(file, t, "a name may be at most " + SceneLimits.MAX_NAME_LENGTH
                                + " characters long, this one is " + t.getText().length(), 1));
                    }
                }
                case SceneLexer.LBRACE -> {
                    braces++;
                    sum = 0;
                    brackets = 0;
                    operators[0] = 0;
                }
                case SceneLexer.RBRACE -> {
                    braces = Math.max(0, braces - 1);
                    sum = 0;
                    brackets = 0;
                    operators[0] = 0;
                }
                case SceneLexer.LPAREN, SceneLexer.LBRACK -> {
                    if (brackets < SceneLimits.MAX_NESTING) {
                        operators[++brackets] = 0;
                    } else if (!deep) {
                        deep = true;
                        out.add(error(file, t, "brackets may nest at most " + SceneLimits.MAX_NESTING + " deep", 1));
                    }
                }
                case SceneLexer.RPAREN, SceneLexer.RBRACK -> {
                    if (brackets > 0) {
                        sum -= operators[brackets--];
                    }
                }
                case SceneLexer.COMMA -> {
                    sum -= operators[brackets];
                    operators[brackets] = 0;
                }
                case SceneLexer.NL -> {
                    if (brackets == 0) {
                        sum = 0;
                        operators[0] = 0;
                    }
                }
                case SceneLexer.PLUS, SceneLexer.MINUS, SceneLexer.STAR, SceneLexer.SLASH, SceneLexer.CARET -> {
                    operators[brackets]++;
                    sum++;
                    if (!deepExpression && sum + brackets > SceneLimits.MAX_EXPRESSION_DEPTH) {
                        deepExpression = true;
                        out.add(error(file, t, "an expression may be at most " + SceneLimits.MAX_EXPRESSION_DEPTH
                                + " operators and brackets deep; split it with 'let'", 1));
                    }
                }
                default -> {
                }
            }
            if (braces > SceneLimits.MAX_NESTING && !deep) {
                deep = true;
                out.add(error(file, t, "blocks may nest at most " + SceneLimits.MAX_NESTING + " deep", 1));
            }
        }
        return out;
    }

    private static Diagnostic error(String file, Token t, String message, int length) {
        int column = t.getCharPositionInLine() + 1;
        return Diagnostic.error(OVER_LIMIT, new SourceSpan(file, t.getLine(), column, t.getLine(),
                column + Math.max(0, Math.min(t.getText().length(), 80) - 1)), message);
    }
}
