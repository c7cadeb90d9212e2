package org.cairn.verification.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The API fuzzer: 1 000 random call sequences of 60 calls by default, {@code -Dcairn.fuzz.api=N}
 * sequences for a campaign (see {@link ApiFuzzer} for what is checked).
 */
class ApiFuzzTest {
    private static final int SEQUENCES = Integer.getInteger("cairn.fuzz.api", 1_000);
    private static final long SEED = Long.getLong("cairn.fuzz.seed", 20261130L);

    @Test
    void everyCallWorksOrIsRefusedWithoutATraceAndEveryStepStaysFinite() {
        ApiFuzzer.Report report = new ApiFuzzer(SEED).run(SEQUENCES, 60);
        System.out.printf("API fuzzer: %d sequences (seed %d): %d calls, %d refused, %d steps%n", report.sequences(),
                SEED, report.calls(), report.rejected(), report.steps());
        assertEquals(List.of(), report.failures());
        assertTrue(report.rejected() > report.calls() / 10, "hostile values reach the checks: " + report.rejected());
        assertTrue(report.steps() > report.calls() / 20, "the world is stepped between the calls: " + report.steps());
    }
}
