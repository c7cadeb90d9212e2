package org.cairn.examples;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.Includes;
import org.cairn.scene.SceneDef;
import org.cairn.scene.Scenes;

/** Reads, parses and compiles a scene file for the commands, printing diagnostics for people. */
final class SceneFiles {
    private SceneFiles() {
    }

    /** The argument that names standard input instead of a file. */
    static final String STDIN = "-";
    /** The name diagnostics give a scene read from standard input; its includes are relative to the working folder. */
    static final String STDIN_NAME = "<stdin>";
    /** Standard input, read once (a command given "-" twice sees the same text). */
    private static String stdin;

    private static synchronized String stdin() throws IOException {
        if (stdin == null) {
            stdin = Includes.readText(System.in);
        }
        return stdin;
    }

    /** Forgets standard input as read, so the next "-" reads it again (for tests that set it). */
    static synchronized void forgetStandardInput() {
        stdin = null;
    }

    /** The name a scene argument's diagnostics give: the path, or {@value #STDIN_NAME} for "-". */
    static String displayName(String path) {
        return STDIN.equals(path) ? STDIN_NAME : path;
    }

    /** The text of a file ("-": standard input), or null after printing why not to {@code err}. */
    static String read(String path, PrintStream err) {
        try {
            return STDIN.equals(path) ? stdin() : Includes.readText(Path.of(path));
        } catch (NoSuchFileException missing) {
            err.println("cairn: no such file: " + path);
        } catch (IOException | java.io.UncheckedIOException | java.nio.file.InvalidPathException unreadable) {
            err.println("cairn: cannot read " + path + ": " + unreadable.getMessage());
        } catch (RuntimeException bug) {
            err.println("cairn: " + internalError(path, bug));
        }
        return null;
    }

    /** The compiled scene, or null after printing why not to {@code err}. */
    static SceneDef load(String path, PrintStream err) {
        return load(path, err, null, Includes.files());
    }

    /** The compiled scene in the named initial state (null: as written), or null after printing why not. */
    static SceneDef load(String path, PrintStream err, String state, Includes includes) {
        return load(path, err, state, includes, false);
    }

    /**
     * The compiled scene, or null after reporting why not: for people on {@code err}, or with
     * {@code json} as one JSON object on stdout ({@code {"file", "ok", "diagnostics", ["error"]}},
     * docs/cli.md) for the commands' {@code --json}.
     */
    static SceneDef load(String path, PrintStream err, String state, Includes includes, boolean json) {
        Scenes.Loaded loaded = loaded(path, err, state, includes, json);
        return loaded == null ? null : loaded.scene();
    }

    /**
     * {@link #load(String, PrintStream, String, Includes, boolean)}, giving the whole outcome: the
     * scene and its warnings (printed for people on {@code err}; with {@code json} left to the caller).
     */
    static Scenes.Loaded loaded(String path, PrintStream err, String state, Includes includes, boolean json) {
        Scenes.Loaded loaded;
        String unreadable = null;
        try {
            loaded = STDIN.equals(path) ? Scenes.parse(STDIN_NAME, stdin(), state, includes)
                    : Scenes.load(Path.of(path), state, includes);
        } catch (NoSuchFileException missing) {
            loaded = null;
            unreadable = "no such file: " + path;
        } catch (IOException | java.io.UncheckedIOException | java.nio.file.InvalidPathException e) {
            loaded = null;
            unreadable = "cannot read " + path + ": " + e.getMessage();
        } catch (RuntimeException bug) {
            // A scene file must never do this; if one does, say so rather than blame the file.
            loaded = null;
            unreadable = internalError(path, bug);
        }
        if (loaded != null && loaded.ok()) {
            if (!json) {
                err.print(loaded.render());
            }
            return loaded;
        }
        if (json) {
            System.out.println(DiagnosticJson.file(path, loaded == null ? null : loaded.diagnostics(), unreadable));
        } else if (unreadable != null) {
            err.println("cairn: " + unreadable);
        } else {
            err.print(loaded.render());
        }
        return null;
    }

    /** The message for a scene that made Cairn itself fail: not the file's fault, and worth a report. */
    static String internalError(String path, RuntimeException bug) {
        return "internal error while reading " + path + " (" + bug + "); please report it with the file";
    }

    static void print(Iterable<Diagnostic> diagnostics, String text, PrintStream err) {
        int errors = 0;
        for (Diagnostic d : diagnostics) {
            err.print(d.render(text));
            if (d.severity() == Diagnostic.Severity.ERROR) {
                errors++;
            }
        }
        err.println(errors + (errors == 1 ? " error" : " errors"));
    }
}
