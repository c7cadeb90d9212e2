package org.cairn.examples.lsp;

import org.cairn.scene.SourceSpan;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Places between the scene front end (lines and columns from 1, the last column inclusive) and
 * the protocol (lines and characters from 0, the end exclusive).
 */
final class Ranges {
    private Ranges() {
    }

    static Range of(SourceSpan span) {
        int endColumn = span.endLine() == span.startLine() ? Math.max(span.endColumn(), span.startColumn()) : span.endColumn();
        return new Range(new Position(span.startLine() - 1, span.startColumn() - 1), new Position(span.endLine() - 1, endColumn));
    }

    /** The 1-based line of a protocol position. */
    static int line(Position p) {
        return p.getLine() + 1;
    }

    /** The 1-based column of the character after the cursor. */
    static int column(Position p) {
        return p.getCharacter() + 1;
    }

    /** The whole of a text, for an edit that replaces it. */
    static Range whole(String text) {
        String[] lines = text.split("\n", -1);
        return new Range(new Position(0, 0), new Position(lines.length - 1, lines[lines.length - 1].length()));
    }
}
