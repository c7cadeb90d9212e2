package org.cairn.scene;

import java.util.Comparator;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.internal.syntax.AstBuilder;
import org.cairn.scene.internal.syntax.SceneLexer;
import org.cairn.scene.internal.syntax.SceneParser;
import org.cairn.scene.internal.syntax.SyntaxErrors;
import org.cairn.scene.internal.syntax.TokenLimits;
import org.cairn.scene.internal.syntax.UnitTokens;

/**
 * The first stage of the .scene front end: text to AST, with every syntax error of the file
 * reported (up to {@link #MAX_ERRORS}) in source order. Never throws on any input.
 */
public final class SceneSyntax {
    /** The code of the error for a file that is not a scene at all. */
    public static final String NOT_A_SCENE = "E0004";
    /** Diagnostics beyond this many are dropped. */
    public static final int MAX_ERRORS = 50;

    /**
     * The result of parsing.
     *
     * @param file        the AST (statements broken by syntax errors left out)
     * @param diagnostics the syntax errors, in source order
     */
    public record Result(SceneFile file, List<Diagnostic> diagnostics) {
        /** True if there is no error. */
        public boolean ok() {
            return diagnostics.stream().noneMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
        }
    }

    private SceneSyntax() {
    }

    /** The first token that is not a comment, a space or a line end, or null. */
    private static Token firstToken(List<Token> tokens) {
        for (Token t : tokens) {
            if (t.getChannel() == Token.DEFAULT_CHANNEL && t.getType() != SceneLexer.NL && t.getType() != Token.EOF) {
                return t;
            }
        }
        return null;
    }

    /** Parses {@code text}, reporting positions in {@code fileName}. */
    public static Result parse(String fileName, String text) {
        SyntaxErrors errors = new SyntaxErrors(fileName);
        SceneLexer lexer = new SceneLexer(CharStreams.fromString(text, fileName));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors.quietListener());
        CommonTokenStream tokens = new CommonTokenStream(new UnitTokens(lexer));
        tokens.fill();
        List<Diagnostic> overLimit = TokenLimits.check(fileName, tokens.getTokens());
        if (!overLimit.isEmpty()) {
            // The parser and the passes after it recurse over the tree: over these limits none of them runs.
            return new Result(new SceneFile(List.of(), new SourceSpan(fileName, 1, 1, 1, 1)), overLimit);
        }
        SceneParser parser = new SceneParser(tokens);
        parser.removeErrorListeners();
        parser.setErrorHandler(errors);
        SceneFile file = new AstBuilder(fileName).file(parser.file());
        Token first = firstToken(tokens.getTokens());
        if (!errors.diagnostics().isEmpty() && first != null && first.getType() != SceneLexer.SCENE) {
            // Not a scene with mistakes but some other file (a README, a JSON report): one error
            // says so, instead of one per line of it.
            Diagnostic d = errors.diagnostics().get(0);
            SourceSpan at = new SourceSpan(fileName, first.getLine(), first.getCharPositionInLine() + 1, first.getLine(),
                    first.getCharPositionInLine() + Math.max(1, Math.min(first.getText().length(), 40)));
            return new Result(new SceneFile(List.of(), at), List.of(new Diagnostic(NOT_A_SCENE, Diagnostic.Severity.ERROR, at,
                    "this is not a scene file: it does not start with 'scene 1'", List.of("a scene file's first line is 'scene 1'; this file also has "
                            + errors.diagnostics().size() + " syntax error" + (errors.diagnostics().size() == 1 ? "" : "s")
                            + ", the first at line " + d.span().startLine()))));
        }
        List<Diagnostic> sorted = errors.diagnostics().stream()
                .sorted(Comparator.comparingInt((Diagnostic d) -> d.span().startLine()).thenComparingInt(d -> d.span().startColumn()))
                .limit(MAX_ERRORS).toList();
        return new Result(file, sorted);
    }
}
