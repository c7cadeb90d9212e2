package org.cairn.scene;

import java.util.List;

/**
 * One problem found in a scene file: a stable code (documented in docs/scene-language.md), a
 * severity, where, a message for people, and hints (such as "did you mean ...").
 *
 * @param code     stable identifier, such as {@code E0101}
 * @param severity error or warning
 * @param span     where
 * @param message  what is wrong, in one sentence without a trailing period
 * @param hints    further lines, each shown as "help: ..."; those that say where the error came
 *                 from (starting with {@value #PROVENANCE_PREFIX}) are shown as "note: ..."
 */
public record Diagnostic(String code, Severity severity, SourceSpan span, String message, List<String> hints) {
    /** How bad a diagnostic is. */
    public enum Severity {
        /** The scene cannot be used. */
        ERROR,
        /** The scene runs, but probably not as meant. */
        WARNING
    }

    /** Hints starting with this tell where an error was reached from (a loop iteration, an include). */
    public static final String PROVENANCE_PREFIX = "in ";

    /** Copies the hints so the record stays immutable. */
    public Diagnostic {
        hints = List.copyOf(hints);
    }

    /** An error without hints. */
    public static Diagnostic error(String code, SourceSpan span, String message) {
        return new Diagnostic(code, Severity.ERROR, span, message, List.of());
    }

    /**
     * The human form: {@code file:line:col: error[CODE]: message}, then the source line and a
     * caret span under the offending text, then the hints.
     *
     * @param source the text of the file the span points into
     */
    public String render(String source) {
        StringBuilder out = new StringBuilder();
        out.append(span.location()).append(": ").append(severity == Severity.ERROR ? "error" : "warning")
                .append('[').append(code).append("]: ").append(message).append('\n');
        String[] lines = source.split("\r?\n", -1);
        if (span.startLine() >= 1 && span.startLine() <= lines.length) {
            String line = lines[span.startLine() - 1].replace('\t', ' ');
            String gutter = String.valueOf(span.startLine());
            out.append(' ').append(gutter).append(" | ").append(line).append('\n');
            int from = Math.max(1, Math.min(span.startColumn(), line.length() + 1));
            int to = span.endLine() == span.startLine() ? Math.max(from, Math.min(span.endColumn(), line.length())) : line.length();
            out.append(' ').append(" ".repeat(gutter.length())).append(" | ").append(" ".repeat(from - 1)).append('^')
                    .append("~".repeat(Math.max(0, to - from))).append('\n');
        }
        for (String hint : hints) {
            out.append(hint.startsWith(PROVENANCE_PREFIX) ? "  = note: " : "  = help: ").append(hint).append('\n');
        }
        return out.toString();
    }
}
