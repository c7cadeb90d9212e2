package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cairn.verification.property.PropertyRunner;
import org.cairn.verification.property.SceneGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * The property suite catches the seeds' two pitfalls, switched on in every generated scene: it
 * fails, shrinks the failure, and the counterexample it writes replays through {@code cairn run
 * --check-invariants} (exit 1, the same invariant); with the switch taken out the same scene passes.

 */
class PitfallCounterexampleTest {
    @ParameterizedTest
    @CsvSource({"clamped-increments, experimental_clamp_increments=on",
        "restitution-without-threshold, experimental_restitution_without_threshold=on"})
    void theSuiteCatchesThePitfallAndItsCounterexampleReplays(String name, String setting) throws IOException {
        PropertyRunner.Report report = PropertyRunner.run("pitfall-" + name, new SceneGenerator("soft", setting), 1000, 200,
                Path.of("target", "counterexamples"));
        System.out.print("[" + name + " switched on: this failure is expected]\n" + report.summary());
        PropertyRunner.Failure failure = report.failure();
        assertNotNull(failure, "the pitfall went unnoticed over " + report.scenes() + " scenes");
        String text = Files.readString(failure.file());
        assertTrue(text.contains(setting.split(" ")[0]), "the counterexample keeps the switch");

        String[] replay = replayArguments(failure, failure.file());
        Result withPitfall = cairn(replay);
        assertEquals(1, withPitfall.code, withPitfall.err);
        assertTrue(withPitfall.err.contains(failure.shrunk().invariant() + ":"), withPitfall.err);

        Path fixed = failure.file().resolveSibling("pitfall-" + name + "-switched-off.scene");
        Files.writeString(fixed, text.replace(" " + setting.split(" ")[0], ""));
        Result without = cairn(replayArguments(failure, fixed));
        assertEquals(0, without.code, without.err);
    }

    private static String[] replayArguments(PropertyRunner.Failure failure, Path file) {
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--steps", String.valueOf(failure.steps()),
                "--check-invariants", "--quiet"));
        if (failure.settleBySeconds() > 0) {
            args.add("--settle-by");
            args.add(String.valueOf(failure.settleBySeconds()));
        }
        return args.toArray(String[]::new);
    }

    private record Result(int code, String err) {
    }

    private static Result cairn(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = new CommandLine(new Cairn()).execute(args);
            return new Result(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
    }
}
