package org.cairn.scene;

/**
 * The limits on what a scene file may ask for, each checked before the work it would cause (a
 * scene file is untrusted input: it must never crash, hang or exhaust the tools that read it).
 * Going over one is an error at the offending place in the file, never a stack trace. The engine's
 * own limits (substeps, iterations, workers) apply too. docs/limits.md lists them
 * all with what happens at each.
 */
public final class SceneLimits {
    /** Longest scene file, included files too, in bytes (4 MiB): a longer one is refused unread. */
    public static final int MAX_FILE_BYTES = 4 * 1024 * 1024;
    /** Most files a scene may include, counting every include statement of every file reached. */
    public static final int MAX_INCLUDES = 256;
    /** Most statements a scene may expand to: loop bodies run and included files' statements, all counted. */
    public static final long MAX_EXPANDED_STATEMENTS = 1_000_000;
    /** Most bodies in a scene; a larger world is better built by a program through the Java API. */
    public static final int MAX_BODIES = 100_000;
    /** Most joints in a scene. */
    public static final int MAX_JOINTS = 200_000;
    /** Most shapes in a scene, over all its bodies. */
    public static final int MAX_SHAPES = 200_000;
    /**
     * Most contacts a scene may ask its world to have room for from the start ({@code world
     * contact_capacity}): some 3.8 KB each (the contact store and the solver's arrays sized with
     * it), about 250 MB at the limit (the API allows 64 times more, for a program that means it).
     */
    public static final int MAX_CONTACT_CAPACITY = 65_536;
    /** Most times one {@code repeat} may run its body. */
    public static final long MAX_REPEAT = 100_000;
    /** Longest name (of a body, material, constant, layer, state), in characters. */
    public static final int MAX_NAME_LENGTH = 256;
    /** Most numbers one value may hold, counted through nested tuples. */
    public static final int MAX_TUPLE_NUMBERS = 1_000_000;
    /** Deepest nesting of brackets and blocks in a file. */
    public static final int MAX_NESTING = 64;
    /**
     * Deepest expression: operators and brackets on the way from its top to its innermost number
     * (a product of 300 factors is 300 deep). Longer sums are split with {@code let}.
     */
    public static final int MAX_EXPRESSION_DEPTH = 256;

    private SceneLimits() {
    }
}
