package org.cairn.scene;

import java.util.TreeMap;

/**
 * The places of the errors reported so far, to tell whether one more would be shown at all: the
 * list keeps the first {@link SceneSyntax#MAX_ERRORS} by place (line, then column, then the order
 * reported), so an error that as many reported ones sort at or before is cut. Checks that cost
 * something per error (a did-you-mean over every name) skip such errors: 90 000 joints of a
 * repeat naming unknown bodies among 10 000 took 397 s in suggestions (found by the scene fuzzer).
 */
final class ShownErrors {
    private final TreeMap<Long, Integer> reported = new TreeMap<>();

    /** Records an error at {@code span}. */
    void add(SourceSpan span) {
        reported.merge(key(span), 1, Integer::sum);
    }

    /** Whether an error at {@code span} would be cut from the list shown. */
    boolean cut(SourceSpan span) {
        int before = 0;
        for (int n : reported.headMap(key(span), true).values()) {
            before += n;
            if (before >= SceneSyntax.MAX_ERRORS) {
                return true;
            }
        }
        return false;
    }

    private static long key(SourceSpan span) {
        return (long) span.startLine() << 32 | span.startColumn();
    }
}
