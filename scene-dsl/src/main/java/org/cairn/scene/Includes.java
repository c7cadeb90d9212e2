package org.cairn.scene;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How {@code include "PATH"} finds a file: given the name of the including file and the path as
 * written, the included file's name (as diagnostics will show it) and text.
 */
@FunctionalInterface
public interface Includes {
    /** An included file: the name diagnostics show, and its text. */
    record Source(String name, String text) {
    }

    /** Reads {@code path}, relative to the directory of {@code fromFile} unless absolute. */
    Source read(String fromFile, String path) throws IOException;

    /** Files on disk, each path relative to the including file's directory. */
    static Includes files() {
        return (fromFile, path) -> {
            Path parent = Path.of(fromFile).getParent();
            Path file = (parent == null ? Path.of(path) : parent.resolve(path)).normalize();
            return new Source(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        };
    }
}
