package org.cairn.scene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Scenes from Java in one call: a {@code .scene} file or text to a scene (or every diagnostic),
 * and a scene's text in the canonical form. What the {@code cairn} command line itself uses.
 *
 * <pre>{@code
 * Scenes.Loaded scene = Scenes.load(Path.of("examples/scenes/pyramid.scene"));
 * if (!scene.ok()) {
 *     System.err.print(scene.render());
 *     return;
 * }
 * World world = scene.build().world();
 * }</pre>
 */
public final class Scenes {
    private Scenes() {
    }

    /**
     * A scene as loaded: every diagnostic in source order (at most {@link SceneSyntax#MAX_ERRORS}
     * errors), and the compiled scene when none is an error.
     *
     * @param scene       the compiled scene, null when there is an error
     * @param diagnostics every diagnostic, in source order
     * @param name        the file name the diagnostics give
     * @param text        the scene's text
     * @param sources     the texts of the files it included, by name (for rendering their diagnostics)
     */
    public record Loaded(SceneDef scene, List<Diagnostic> diagnostics, String name, String text, Map<String, String> sources) {
        /** Copies the lists so the record stays immutable. */
        public Loaded {
            diagnostics = List.copyOf(diagnostics);
            sources = Map.copyOf(sources);
        }

        /** True when the scene compiled (no diagnostic is an error). */
        public boolean ok() {
            return scene != null;
        }

        /**
         * The diagnostics as people read them ({@code file:line:col: error[CODE]: message}, the line
         * with a caret under the offending text, help and notes), then the count of errors; empty
         * when there are none.
         */
        public String render() {
            StringBuilder out = new StringBuilder();
            int errors = 0;
            for (Diagnostic d : diagnostics) {
                String source = d.span().file().equals(name) ? text : sources.getOrDefault(d.span().file(), text);
                out.append(d.render(source));
                errors += d.severity() == Diagnostic.Severity.ERROR ? 1 : 0;
            }
            if (errors > 0) {
                out.append(errors).append(errors == 1 ? " error" : " errors").append(System.lineSeparator());
            }
            return out.toString();
        }

        /**
         * A new world built from the scene, with its bodies and joints by name.
         *
         * @throws IllegalStateException if the scene did not compile ({@link #render()} says why)
         */
        public SceneDef.Built build() {
            if (scene == null) {
                throw new IllegalStateException("the scene " + name + " has errors:" + System.lineSeparator() + render());
            }
            return scene.build();
        }
    }

    /**
     * Loads a scene file as written, its includes read from its own folder and below.
     *
     * @throws IOException if the file cannot be read
     */
    public static Loaded load(Path file) throws IOException {
        return load(file, null, Includes.files());
    }

    /**
     * Loads a scene file in its named initial state ({@code null}: as written), reading includes
     * through {@code includes} ({@link Includes#files(List)} to allow more folders).
     *
     * @throws IOException if the file cannot be read
     */
    public static Loaded load(Path file, String state, Includes includes) throws IOException {
        return compile(file.toString(), Includes.readText(file), state, includes);
    }

    /**
     * Compiles scene text as written; {@code name} is the file name its diagnostics give. Includes
     * are read relative to {@code name}'s folder.
     */
    public static Loaded parse(String name, String text) {
        return compile(name, text, null, Includes.files());
    }

    /**
     * Compiles scene text (read from standard input, say) in the named initial state (null: as
     * written); {@code name} is the file name its diagnostics give, and includes are read through
     * {@code includes} relative to {@code name}'s folder.
     */
    public static Loaded parse(String name, String text, String state, Includes includes) {
        return compile(name, text, state, includes);
    }

    private static Loaded compile(String name, String text, String state, Includes includes) {
        SceneSyntax.Result parsed = SceneSyntax.parse(name, text);
        if (!parsed.ok()) {
            return new Loaded(null, parsed.diagnostics(), name, text, Map.of());
        }
        SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file(), state, includes);
        return new Loaded(compiled.scene(), compiled.diagnostics(), name, text, compiled.sources());
    }

    /**
     * The text in the canonical form (docs/scene-language.md, "Formatting"), comments kept.
     *
     * @throws IllegalArgumentException with the rendered syntax errors if the text does not parse
     */
    public static String format(String name, String text) {
        SceneFormatter.Result r = SceneFormatter.format(name, text);
        if (r.text() == null) {
            throw new IllegalArgumentException(new Loaded(null, r.diagnostics(), name, text, Map.of()).render());
        }
        return r.text();
    }
}
