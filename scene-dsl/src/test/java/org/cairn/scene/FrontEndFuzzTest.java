package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The whole front end (parse, evaluate, compile, render) answers any text with diagnostics and
 * never with an exception: 10⁴ random and mutated inputs per run, from a fixed seed so a failure
 * reproduces.
 */
class FrontEndFuzzTest {
    private static final int INPUTS = Integer.getInteger("fuzz.n", 10_000);
    private static final String ALPHABET = "abz019 ._-+*/^()[]{},=\"#\n\t$@kgms°";
    private static final String[] FRAGMENTS = {"scene 1\n", "{", "}", "(", ")", "\n", "repeat i in 0..3 {\n", "let n = ",
        "body b ", "box half=(1m, 1m, 1m)", "sphere r=", "1m", "-0", "30deg", "/0", "m/s^2", "..", "[i]", ",", "=",
        "material ", "world dt=", "1s/60", "sqrt(", "sin(", "1e308*1e308", "\"", "#", "static", "rot=(0, 90deg, 0)"};

    static List<String> seeds() throws IOException {
        List<String> seeds = new ArrayList<>(List.of(SceneSyntaxTest.SAMPLE, """
                scene 1
                world gravity=(0, -9.81m/s^2, 0) dt=1s/60 substeps=4 solver=soft sleep=on
                material wood density=700kg/m^3 friction=0.5 restitution=0.1
                let base = 4
                body ground static { box half=(50m, 0.5m, 50m) at=(0, -0.5m, 0) }
                repeat row in 0..base {
                  repeat i in 0..base-row {
                    body box[row,i] at=(i - (base - row - 1) / 2, 0.5m + row, 0) rot=(0, 0, 5deg) {
                      box half=(0.5m, 0.5m, 0.5m) material=wood
                      sphere r=0.2m at=(0, 0.6m, 0)
                    }
                  }
                }
                body pill at=(3m, 2m, 0) v=(1m/s, 0, 0) w=(0, 90deg/s, 0) { capsule r=0.2m half_height=0.5m }
                body can at=(-3m, 2m, 0) { cylinder r=0.3m half_height=0.4m density=2kg/m^3 }
                body gem at=(0, 5m, 2m) { convex points=((0,0,0), (1m,0,0), (0,1m,0), (0,0,1m)) }
                """));
        for (var path : DiagnosticGoldenTest.inputs()) {
            if (path.getFileName().toString().contains("huge-loop")) {
                continue; // a second per mutant to reach the expansion cap: checked once by its golden test
            }
            seeds.add(Files.readString(path, StandardCharsets.UTF_8));
        }
        return seeds;
    }

    @Test
    void anyInputGetsDiagnosticsNeverAnException() throws IOException {
        List<String> seeds = seeds();
        Random random = new Random(20261129);
        int broken = 0;
        int compiled = 0;
        for (int i = 0; i < INPUTS; i++) {
            String text = switch (i % 4) {
                case 0 -> randomText(random);
                case 1 -> mutateCharacters(seeds.get(random.nextInt(seeds.size())), random);
                case 2 -> mutateFragments(seeds.get(random.nextInt(seeds.size())), random);
                default -> shuffleLines(seeds.get(random.nextInt(seeds.size())), random);
            };
            try {
                SceneSyntax.Result parsed = SceneSyntax.parse("fuzz.scene", text);
                List<Diagnostic> diagnostics = parsed.diagnostics();
                if (parsed.ok()) {
                    SceneCompiler.Result result = SceneCompiler.compile(parsed.file());
                    diagnostics = result.diagnostics();
                    if (result.ok()) {
                        compiled++;
                    }
                }
                if (!diagnostics.isEmpty()) {
                    broken++;
                }
                for (Diagnostic d : diagnostics) {
                    d.render(text);
                }
            } catch (RuntimeException | StackOverflowError e) {
                fail("input " + i + " threw " + e + " on:\n" + text, e);
            }
        }
        assertTrue(broken > INPUTS / 2, "the fuzzer produced broken inputs: " + broken);
        assertTrue(compiled > 100, "some mutants still compile, so the compiler's later stages are reached: " + compiled);
    }

    /** One random mutation of any kind (for other generators of scenes). */
    static String mutate(String seed, Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> mutateCharacters(seed, random);
            case 1 -> mutateFragments(seed, random);
            default -> shuffleLines(seed, random);
        };
    }

    private static String randomText(Random random) {
        StringBuilder text = new StringBuilder(random.nextBoolean() ? "scene 1\n" : "");
        int length = random.nextInt(300);
        for (int k = 0; k < length; k++) {
            if (random.nextInt(4) == 0) {
                text.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
            } else {
                text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return text.toString();
    }

    private static String mutateCharacters(String seed, Random random) {
        StringBuilder text = new StringBuilder(seed);
        for (int m = 0; m < 1 + random.nextInt(4); m++) {
            if (text.isEmpty()) {
                break;
            }
            int at = random.nextInt(text.length());
            switch (random.nextInt(3)) {
                case 0 -> text.deleteCharAt(at);
                case 1 -> text.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                default -> text.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return text.toString();
    }

    private static String mutateFragments(String seed, Random random) {
        StringBuilder text = new StringBuilder(seed);
        for (int m = 0; m < 1 + random.nextInt(3); m++) {
            int at = text.isEmpty() ? 0 : random.nextInt(text.length());
            text.insert(at, FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
        }
        return text.toString();
    }

    private static String shuffleLines(String seed, Random random) {
        List<String> lines = new ArrayList<>(List.of(seed.split("\n", -1)));
        int a = random.nextInt(lines.size());
        int b = random.nextInt(lines.size());
        switch (random.nextInt(3)) {
            case 0 -> lines.remove(a);
            case 1 -> lines.add(b, lines.get(a));
            default -> {
                String t = lines.get(a);
                lines.set(a, lines.get(b));
                lines.set(b, t);
            }
        }
        return String.join(random.nextInt(5) == 0 ? "\r\n" : "\n", lines);
    }
}
