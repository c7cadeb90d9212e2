package org.cairn.verification.fuzz;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.Includes;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Feeds the whole pipeline (parse, compile, build, step) scene files a hostile author might write:
 * grammar-aware random scenes with values at the edges, and byte-level mutations of a corpus (the
 * example scenes and the fuzzer's own accepted inputs). For every input it checks what a scene file
 * is promised: no exception escapes, no input takes longer than its time budget or allocates more
 * than its memory budget, every rejection points at a file, line and column, and every accepted
 * scene builds and steps with finite state. Deterministic for a seed.
 */
public final class SceneFuzzer {
    /** Wall-clock budget of one input, front end to the last step, ns: a scene at the body limit takes about 3 s. */
    public static final long TIME_BUDGET_NANOS = 10_000_000_000L;
    /**
     * Bytes one input may allocate on the fuzzing thread, all told (not at once): a scene at the
     * body limit allocates about 1 GiB on its way through the compiler, the scratch world and the
     * built world.
     */
    public static final long MEMORY_BUDGET_BYTES = 4L << 30;
    /** Accepted scenes with at most this many bodies are stepped; larger ones are only built. */
    private static final int STEPPED_BODIES = 400;
    private static final int STEPS = 8;
    /** Includes resolve to these texts only: a fuzzer must not read the disk it runs on. */
    private static final Map<String, String> INCLUDABLE = Map.of("part.scene",
            "scene 1\nmaterial m density=500kg/m^3\nbody p at=(0, 1m, 0) { sphere r=0.5m material=m }\n");

    /** What a campaign found. */
    public record Report(int inputs, int rejected, int accepted, int stepped, long slowestNanos, List<String> failures) {
    }

    private final Random random;
    private final List<String> corpus;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * A further check of each stepped scene, by a caller that owns an output format (the command
     * line's JSON): a failure message, or null.
     */
    private final java.util.function.Function<SceneDef.Built, String> outputCheck;

    /** A fuzzer from {@code seed}, mutating {@code seeds} (example scenes) and what it accepts. */
    public SceneFuzzer(long seed, List<String> seeds) {
        this(seed, seeds, built -> null);
    }

    /** A fuzzer that also hands every stepped scene to {@code outputCheck} (a failure message, or null). */
    public SceneFuzzer(long seed, List<String> seeds, java.util.function.Function<SceneDef.Built, String> outputCheck) {
        this.random = new Random(seed);
        this.corpus = new ArrayList<>(seeds);
        this.outputCheck = outputCheck;
    }

    /** Runs {@code inputs} inputs; stops early after 10 failures. */
    public Report run(int inputs) {
        int rejected = 0, accepted = 0, stepped = 0;
        long slowest = 0;
        List<String> failures = new ArrayList<>();
        for (int n = 0; n < inputs && failures.size() < 10; n++) {
            String text = next(n);
            if (TRACE != null) {
                trace(text);
            }
            long allocated0 = threads.getCurrentThreadAllocatedBytes();
            long t0 = System.nanoTime();
            String failure;
            int outcome;
            try {
                outcome = check(text);
                failure = outcome == BAD_OUTPUT ? lastOutputFailure : null;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                outcome = -1;
                failure = "threw " + e;
            }
            long nanos = System.nanoTime() - t0;
            long bytes = threads.getCurrentThreadAllocatedBytes() - allocated0;
            slowest = Math.max(slowest, nanos);
            if (failure == null && outcome == NON_FINITE) {
                failure = "an accepted scene stepped to a non-finite state";
            }
            if (failure == null && outcome == BAD_DIAGNOSTIC) {
                failure = "a diagnostic without file:line:col";
            }
            if (failure == null && nanos > TIME_BUDGET_NANOS) {
                failure = "took " + nanos / 1_000_000 + " ms";
            }
            if (failure == null && bytes > MEMORY_BUDGET_BYTES) {
                failure = "allocated " + (bytes >> 20) + " MiB";
            }
            if (failure != null) {
                failures.add("input " + n + ": " + failure + "\n" + excerpt(text));
                continue;
            }
            if (outcome == REJECTED) {
                rejected++;
            } else {
                accepted++;
                stepped += outcome == STEPPED ? 1 : 0;
                if (corpus.size() < 2000 && text.length() < 4000) {
                    corpus.add(text);
                }
            }
        }
        return new Report(inputs, rejected, accepted, stepped, slowest, failures);
    }

    private static final int REJECTED = 0, BUILT = 1, STEPPED = 2, BAD_DIAGNOSTIC = 3, NON_FINITE = 4, BAD_OUTPUT = 5;
    /** What the output check said of the last input that failed it. */
    private String lastOutputFailure;

    /** One input through the pipeline; what happened to it. */
    private int check(String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse("fuzz.scene", text);
        List<Diagnostic> diagnostics = parsed.diagnostics();
        SceneCompiler.Result compiled = null;
        if (parsed.ok()) {
            compiled = SceneCompiler.compile(parsed.file(), null, (from, path) -> {
                String included = INCLUDABLE.get(path);
                if (included == null) {
                    throw new java.nio.file.NoSuchFileException(path);
                }
                return new Includes.Source(path, included);
            });
            diagnostics = compiled.diagnostics();
        }
        for (Diagnostic d : diagnostics) {
            if (d.span().file() == null || d.span().startLine() < 1 || d.span().startColumn() < 1) {
                return BAD_DIAGNOSTIC;
            }
            d.render(compiled == null ? text : compiled.textOf(d, text));
        }
        if (compiled == null || !compiled.ok()) {
            return REJECTED;
        }
        SceneDef.Built built = compiled.scene().build();
        World world = built.world();
        if (built.bodies().size() > STEPPED_BODIES) {
            return BUILT;
        }
        for (int s = 0; s < STEPS; s++) {
            world.step();
        }
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (BodyId id : built.bodies().values()) {
            world.position(id, p);
            world.rotation(id, q);
            if (!p.isFinite() || !Double.isFinite(q.x + q.y + q.z + q.w)
                    || !world.linearVelocity(id, p).isFinite()) {
                return NON_FINITE;
            }
        }
        // The energy may still overflow (10^100 kg at 10^105 m/s has finite state and infinite energy).
        lastOutputFailure = outputCheck.apply(built);
        return lastOutputFailure == null ? STEPPED : BAD_OUTPUT;
    }

    private String next(int n) {
        if (n % 2 == 0 || corpus.isEmpty()) {
            return SceneTextGenerator.scene(random);
        }
        return mutate(corpus.get(random.nextInt(corpus.size())));
    }

    /** A byte-level mutation: flips, inserts, deletes, duplicates and splices of the text. */
    private String mutate(String seed) {
        StringBuilder text = new StringBuilder(seed);
        int edits = 1 + random.nextInt(6);
        for (int e = 0; e < edits; e++) {
            int at = text.isEmpty() ? 0 : random.nextInt(text.length() + 1);
            switch (random.nextInt(7)) {
                case 0 -> {
                    if (at < text.length()) {
                        text.deleteCharAt(at);
                    }
                }
                case 1 -> text.insert(at, (char) random.nextInt(128));
                case 2 -> {
                    if (at < text.length()) {
                        text.setCharAt(at, (char) (text.charAt(at) ^ (1 << random.nextInt(7))));
                    }
                }
                case 3 -> text.insert(at, SceneTextGenerator.token(random));
                case 4 -> {
                    int end = Math.min(text.length(), at + random.nextInt(80));
                    text.insert(at, text.substring(at, end));
                }
                case 5 -> {
                    String other = corpus.get(random.nextInt(corpus.size()));
                    int from = random.nextInt(other.length() + 1);
                    text.insert(at, other, from, Math.min(other.length(), from + random.nextInt(200)));
                }
                default -> {
                    int end = Math.min(text.length(), at + random.nextInt(40));
                    text.delete(at, end);
                }
            }
        }
        return text.toString();
    }

    /**
     * {@code -Dcairn.fuzz.trace=FILE}: each input is written there before it runs, so the input a
     * hung or crashed JVM was on can be read afterwards.
     */
    private static final String TRACE = System.getProperty("cairn.fuzz.trace");

    private static void trace(String text) {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(TRACE), text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String excerpt(String text) {
        return text.length() <= 2000 ? text : text.substring(0, 2000) + "\n... (" + text.length() + " characters)";
    }
}
