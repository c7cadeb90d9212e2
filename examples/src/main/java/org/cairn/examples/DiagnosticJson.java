package org.cairn.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.cairn.scene.Diagnostic;

/**
 * A diagnostic as JSON (docs/cli.md, {@code cairn check --json}): where (file, line and column of
 * its start and end, 1-based), severity, code, message, and its help and notes apart.
 */
final class DiagnosticJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private DiagnosticJson() {
    }

    static ObjectNode of(Diagnostic d) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("file", d.span().file());
        o.put("line", d.span().startLine());
        o.put("column", d.span().startColumn());
        o.put("endLine", d.span().endLine());
        o.put("endColumn", d.span().endColumn());
        o.put("severity", d.severity().name().toLowerCase(Locale.ROOT));
        o.put("code", d.code());
        o.put("message", d.message());
        ArrayNode help = o.putArray("help"), notes = o.putArray("notes");
        for (String hint : d.hints()) {
            if (hint.startsWith(Diagnostic.PROVENANCE_PREFIX)) {
                notes.add(hint);
            } else {
                help.add(hint);
            }
        }
        return o;
    }

    /** A file's outcome: {@code {"file", "ok", "diagnostics": [...]}}, or with {@code "error"} when it could not be read. */
    static ObjectNode file(String file, Iterable<Diagnostic> diagnostics, String unreadable) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("file", file);
        ArrayNode list = o.putArray("diagnostics");
        boolean ok = unreadable == null;
        if (diagnostics != null) {
            for (Diagnostic d : diagnostics) {
                list.add(of(d));
                ok &= d.severity() != Diagnostic.Severity.ERROR;
            }
        }
        if (unreadable != null) {
            o.put("error", unreadable);
        }
        o.put("ok", ok);
        return o;
    }
}
