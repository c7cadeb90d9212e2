package org.cairn.scene;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code include "PATH"} finds a file: given the name of the including file and the path as
 * written, the included file's name (as diagnostics will show it) and text.
 *
 * <p>A scene file is untrusted input, so {@link #files()} reads only what a scene may include: a
 * regular file named {@code *.scene}, at most {@link SceneLimits#MAX_FILE_BYTES} long, inside the
 * including file's folder or one of its subfolders (after following links), or inside a folder
 * the user allowed ({@link #files(List)}). Anything else is refused with an
 * {@link IOException} whose message says why and quotes nothing of the file.
 */
@FunctionalInterface
public interface Includes {
    /** An included file: the name diagnostics show, and its text. */
    record Source(String name, String text) {
    }

    /** Reads {@code path}, relative to the directory of {@code fromFile} unless absolute. */
    Source read(String fromFile, String path) throws IOException;

    /** Files on disk inside the including file's folder tree. */
    static Includes files() {
        return files(List.of());
    }

    /** Files on disk inside the including file's folder tree or one of {@code allowedRoots}. */
    static Includes files(List<Path> allowedRoots) {
        List<Path> roots = List.copyOf(allowedRoots);
        return (fromFile, path) -> {
            if (!path.endsWith(".scene")) {
                throw new IOException("only .scene files can be included");
            }
            Path parent = Path.of(fromFile).toAbsolutePath().getParent();
            Path file = parent.resolve(path).normalize();
            List<Path> allowed = new ArrayList<>();
            allowed.add(parent);
            for (Path root : roots) {
                allowed.add(root.toAbsolutePath().normalize());
            }
            // As written first (so nothing outside is even looked at), then after following links.
            if (allowed.stream().noneMatch(file::startsWith)) {
                throw outside();
            }
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new java.nio.file.NoSuchFileException(path);
            }
            Path real = file.toRealPath();
            List<Path> realAllowed = new ArrayList<>();
            for (Path root : allowed) {
                if (Files.isDirectory(root)) {
                    realAllowed.add(root.toRealPath());
                }
            }
            if (realAllowed.stream().noneMatch(real::startsWith)) {
                throw outside();
            }
            if (!Files.isRegularFile(real)) {
                throw new IOException("it is not a regular file");
            }
            Path shown = Path.of(fromFile).getParent() == null ? Path.of(path).normalize()
                    : Path.of(fromFile).getParent().resolve(path).normalize();
            return new Source(shown.toString(), readText(real));
        };
    }

    private static IOException outside() {
        return new IOException("it is outside the folder of the including file (a scene includes files from its own"
                + " folder and below; more folders can be allowed with --include-root)");
    }

    /**
     * The UTF-8 text of a scene file, reading no more than {@link SceneLimits#MAX_FILE_BYTES} (so a
     * device or an endless stream cannot exhaust memory); a UTF-8 byte-order mark is dropped.
     *
     * @throws IOException if it cannot be read, is longer than the limit, or is not UTF-8
     */
    static String readText(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return readText(in);
        }
    }

    /**
     * {@link #readText(Path)} from a stream (standard input, say), which is read no further than
     * the limit and not closed.
     */
    static String readText(InputStream stream) throws IOException {
        byte[] bytes = stream.readNBytes(SceneLimits.MAX_FILE_BYTES + 1);
        if (bytes.length > SceneLimits.MAX_FILE_BYTES) {
            throw new IOException("it is longer than " + SceneLimits.MAX_FILE_BYTES + " bytes, the limit for a scene file");
        }
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, start, bytes.length - start);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CoderResult result = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(in, out, true);
        if (result.isError()) {
            // Where, in the terms an editor shows: line and column of the first byte that is not UTF-8.
            int at = in.position();
            int line = 1, column = 1;
            for (int k = start; k < at; k++) {
                if (bytes[k] == '\n') {
                    line++;
                    column = 1;
                } else if ((bytes[k] & 0xc0) != 0x80) {
                    column++;
                }
            }
            throw new IOException(String.format("line %d, column %d: byte 0x%02x is not UTF-8 text"
                    + " (save the file as UTF-8)", line, column, bytes[at] & 0xff));
        }
        return out.flip().toString();
    }
}
