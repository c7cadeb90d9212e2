package org.cairn.verification.property;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.cairn.verification.invariant.SceneCheck;
import org.cairn.verification.invariant.Violation;

/**
 * Runs the invariant property over generated scenes: scene n of a campaign uses seed base + n, so
 * a failure replays alone with {@code -Dcairn.seed=SEED -Dcairn.tries=1}. A failure is shrunk
 * (same invariant broken) and written as a {@code .scene} file that {@code ./cairn run FILE
 * --steps N --check-invariants} reproduces. A campaign stops at its first failure, or with
 * {@code -Dcairn.failures=N} at its Nth, so that a long campaign reports every failure in its
 * range in one run. The report counts what was generated.
 */
public final class PropertyRunner {
    /** Attempts the shrinker may make: {@code -Dcairn.shrink=N}, default 600. */
    public static final int SHRINK_BUDGET = Integer.getInteger("cairn.shrink", 600);
    /** The failure a campaign stops at: {@code -Dcairn.failures=N}, default 1 (the first). */
    public static final int FAILURES = Math.max(1, Integer.getInteger("cairn.failures", 1));

    private PropertyRunner() {
    }

    /** A shrunk failure. */
    public record Failure(long seed, Violation original, Violation shrunk, String text, int steps, double settleBySeconds,
                          Path file, int shrinkAttempts) {
        /** The command that replays the counterexample, from the repository root (the file by its absolute path). */
        public String replayCommand() {
            return "./cairn run " + file.toAbsolutePath().normalize() + " --steps " + steps + " --check-invariants"
                    + (settleBySeconds > 0 ? " --settle-by " + SceneGenerator.num(settleBySeconds) : "");
        }
    }

    /** What a campaign did: its failures in seed order (none if every scene held). */
    public record Report(String name, int scenes, long steps, long points, Map<String, Integer> tags, double worstEnergyRise,
                         List<Failure> failures, double seconds) {
        public Report {
            failures = List.copyOf(failures);
        }

        /** The campaign's first failure, or null if every scene held. */
        public Failure failure() {
            return failures.isEmpty() ? null : failures.get(0);
        }

        /** Statistics for people: scenes, steps, points and how many scenes had each tag, then each failure. */
        public String summary() {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                    "%s: %d scenes, %d steps, %d contact points checked in %.1f s; worst energy rise %.3g J%n", name, scenes,
                    steps, points, seconds, worstEnergyRise));
            tags.forEach((tag, count) -> out.append(String.format(Locale.ROOT, "  %-22s %4d scenes%n", tag, count)));
            for (Failure failure : failures) {
                out.append("  FAILED: seed ").append(failure.seed()).append(": ").append(failure.original().describe())
                        .append("\n  shrunk in ").append(failure.shrinkAttempts()).append(" attempts to: ")
                        .append(failure.shrunk().describe()).append("\n  counterexample: ").append(failure.file())
                        .append("\n  replay: ").append(failure.replayCommand()).append('\n');
            }
            if (failures.size() > 1) {
                out.append(String.format(Locale.ROOT, "  %d failures in %d scenes%n", failures.size(), scenes));
            }
            return out.toString();
        }
    }

    /** Seed of the first scene: {@code -Dcairn.seed}, else {@code fallback}. */
    public static long baseSeed(long fallback) {
        return Long.getLong("cairn.seed", fallback);
    }

    /** Scenes per campaign: {@code -Dcairn.tries}, else {@code fallback}. */
    public static int tries(int fallback) {
        return Integer.getInteger("cairn.tries", fallback);
    }

    /**
     * Generates and checks {@code tries} scenes from {@code baseSeed}; stops at the {@link #FAILURES}th
     * failure, shrinking each and writing it to {@code counterexamples/NAME-SEED.scene}.
     */
    public static Report run(String name, SceneGenerator generator, long baseSeed, int tries, Path counterexamples) {
        return run(name, generator, baseSeed, tries, counterexamples, FAILURES);
    }

    /** As {@link #run(String, SceneGenerator, long, int, Path)}, stopping at the {@code stopAt}th failure. */
    public static Report run(String name, SceneGenerator generator, long baseSeed, int tries, Path counterexamples,
                             int stopAt) {
        long start = System.nanoTime();
        Map<String, Integer> tags = new TreeMap<>();
        long steps = 0, points = 0;
        double worst = Double.NEGATIVE_INFINITY;
        int scenes = 0;
        List<Failure> failures = new ArrayList<>();
        for (int n = 0; n < tries && failures.size() < stopAt; n++) {
            long seed = baseSeed + n;
            Choices choices = Choices.fromSeed(seed);
            GeneratedScene scene = generator.generate(choices);
            SceneCheck.Outcome outcome = SceneCheck.run(name + "-" + seed, scene.text(), scene.steps(), scene.settleBySeconds());
            scenes++;
            steps += outcome.steps();
            points += outcome.points();
            worst = Math.max(worst, outcome.worstEnergyRiseJoules());
            for (String tag : scene.tags()) {
                tags.merge(tag, 1, Integer::sum);
            }
            tags.merge(outcome.massRatio() < 10 ? "mass ratio < 10" : "mass ratio ≥ 10", 1, Integer::sum);
            tags.merge(outcome.points() == 0 ? "no contacts" : "contacts", 1, Integer::sum);
            if (outcome.violation() != null) {
                failures.add(shrink(name, generator, seed, choices.sequence(), outcome.violation(), counterexamples));
            }
        }
        return new Report(name, scenes, steps, points, tags, worst, failures, (System.nanoTime() - start) * 1e-9);
    }

    private static Failure shrink(String name, SceneGenerator generator, long seed, long[] sequence, Violation original,
                                  Path counterexamples) {
        String invariant = original.invariant();
        Shrinker shrinker = new Shrinker(candidate -> {
            GeneratedScene scene = generator.generate(Choices.replay(candidate));
            Violation v = SceneCheck.run(name, scene.text(), scene.steps(), scene.settleBySeconds()).violation();
            return v != null && v.invariant().equals(invariant);
        }, SHRINK_BUDGET);
        long[] smallest = shrinker.shrink(sequence);
        GeneratedScene scene = generator.generate(Choices.replay(smallest));
        SceneCheck.Outcome outcome = SceneCheck.run(name, scene.text(), scene.steps(), scene.settleBySeconds());
        Violation shrunk = outcome.violation() != null ? outcome.violation() : original;
        Path file = counterexamples.resolve(name + "-" + seed + ".scene");
        String text = scene.text();
        int firstLine = text.indexOf('\n') + 1;
        String header = "# Counterexample of the property suite: " + name + ", seed " + seed + " (replay the campaign "
                + "with -Dcairn.seed=" + seed + " -Dcairn.tries=1)\n# " + shrunk.describe().replace('\n', ' ') + "\n";
        Failure failure = new Failure(seed, original, shrunk, text.substring(0, firstLine) + header + text.substring(firstLine),
                outcome.steps(), scene.settleBySeconds(), file, shrinker.attempts());
        try {
            Files.createDirectories(counterexamples);
            Files.writeString(file, failure.text().replaceFirst("\n# ", "\n# " + failure.replayCommand() + "\n# "));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return failure;
    }
}
