package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code cairn experiment rest}: a row per stack, the towers standing still (here over 4 s). */
class RestExperimentCommandTest {
    @Test
    void everyStackGetsARowAndTheTowersStandStill() {
        RunCommandTest.Outcome run = RunCommandTest.cairn("experiment", "rest", "--seconds", "4");
        assertEquals(0, run.code(), run.err());
        for (String structure : new String[] {"tower (12)", "tower (20)", "tower (30)", "pyramid (55)", "pyramid (210)",
            "pyramid (820)"}) {
            assertTrue(run.out().contains("| " + structure + " | "), run.out());
        }
        for (String line : run.out().split("\n")) {
            if (line.startsWith("| tower")) {
                double mm = Double.parseDouble(line.split("\\|")[2].trim().replace(" mm", ""));
                assertTrue(mm < 10, line);
            }
        }
    }
}
