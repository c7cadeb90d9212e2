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

    /** Longest excerpt of a source line a diagnostic shows, in characters. */
    private static final int EXCERPT_LENGTH = 120;
    /** How much of the line before the span an excerpt keeps. */
    private static final int EXCERPT_BEFORE = 40;

    /** The line with tabs as spaces and other control characters (NUL, CR, ESC...) as '?', one for one. */
    private static String printable(String line) {
        StringBuilder b = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            b.append(c == '\t' ? ' ' : Character.isISOControl(c) ? '?' : c);
        }
        return b.toString();
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
                .append('[').append(code).append("]: ").append(printable(message)).append('\n');
        String[] lines = source.split("\r?\n", -1);
        if (span.startLine() >= 1 && span.startLine() <= lines.length) {
            String line = printable(lines[span.startLine() - 1]);
            String gutter = String.valueOf(span.startLine());
            int from = Math.max(1, Math.min(span.startColumn(), line.length() + 1));
            int to = span.endLine() == span.startLine() ? Math.max(from, Math.min(span.endColumn(), line.length())) : line.length();
            // A long line is shown as an excerpt around the span, so no diagnostic quotes a whole file.
            int first = Math.max(0, Math.min(from - 1 - EXCERPT_BEFORE, line.length() - EXCERPT_LENGTH));
            int last = Math.min(line.length(), first + EXCERPT_LENGTH);
            String lead = first > 0 ? "..." : "";
            out.append(' ').append(gutter).append(" | ").append(lead).append(line, first, last)
                    .append(last < line.length() ? "..." : "").append('\n');
            int caret = from - 1 - first + lead.length();
            int width = Math.max(0, Math.min(to, last) - from);
            out.append(' ').append(" ".repeat(gutter.length())).append(" | ").append(" ".repeat(caret)).append('^')
                    .append("~".repeat(width)).append('\n');
        }
        for (String hint : hints) {
            out.append(hint.startsWith(PROVENANCE_PREFIX) ? "  = note: " : "  = help: ").append(printable(hint)).append('\n');
        }
        return out.toString();
    }
}
