package org.cairn.scene;

import java.util.Comparator;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.internal.syntax.AstBuilder;
import org.cairn.scene.internal.syntax.SceneLexer;
import org.cairn.scene.internal.syntax.SceneParser;
import org.cairn.scene.internal.syntax.SyntaxErrors;
import org.cairn.scene.internal.syntax.TokenLimits;

/**
 * The first stage of the .scene front end: text to AST, with every syntax error of the file
 * reported (up to {@link #MAX_ERRORS}) in source order. Never throws on any input.
 */
public final class SceneSyntax {
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

    /** Parses {@code text}, reporting positions in {@code fileName}. */
    public static Result parse(String fileName, String text) {
        SyntaxErrors errors = new SyntaxErrors(fileName);
        SceneLexer lexer = new SceneLexer(CharStreams.fromString(text, fileName));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors.quietListener());
        CommonTokenStream tokens = new CommonTokenStream(lexer);
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
        List<Diagnostic> sorted = errors.diagnostics().stream()
                .sorted(Comparator.comparingInt((Diagnostic d) -> d.span().startLine()).thenComparingInt(d -> d.span().startColumn()))
                .limit(MAX_ERRORS).toList();
        return new Result(file, sorted);
    }
}
