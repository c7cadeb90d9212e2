package org.cairn.scene.ast;

import java.util.List;
import org.cairn.scene.SourceSpan;

/**
 * A parsed scene file: its statements in source order.
 *
 * @param statements the top-level statements
 * @param span       the whole file
 */
public record SceneFile(List<Statement> statements, SourceSpan span) {
    /** Copies the list so the record stays immutable. */
    public SceneFile {
        statements = List.copyOf(statements);
    }
}
