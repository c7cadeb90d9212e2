package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Step times in bounded memory: exact up to a million steps, an evenly spaced sample beyond. */
class StepTimesTest {
    @Test
    void theMedianIsExactUpToTheKeptStepsAndTheMeanAlways() {
        StepTimes t = new StepTimes();
        for (int i = 0; i < 1001; i++) {
            t.add(1000 - i);
        }
        assertEquals(500, t.median());
        assertEquals(500, t.mean(), 1e-12);
        assertEquals(1001, t.count());
    }

    /** Three million steps timed 0, 1, 2, ... ms: the sample is every fourth step, its median within 2 of the true one. */
    @Test
    void beyondTheKeptStepsTheMedianIsAnEvenSample() {
        StepTimes t = new StepTimes();
        int n = 3_000_000;
        for (int i = 0; i < n; i++) {
            t.add(i);
        }
        assertEquals((n - 1) / 2.0, t.median(), 2.0);
        assertEquals((n - 1) / 2.0, t.mean(), 1e-6);
        assertEquals(n, t.count());
    }
}
