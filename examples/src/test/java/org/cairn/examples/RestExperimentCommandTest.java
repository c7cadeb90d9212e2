package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code cairn experiment rest}: a row per stack, the towers standing still (here over 4 s), and
 * with {@code --csv} the displacement against time as CSV and a chart beside it.
 */
class RestExperimentCommandTest {
    @Test
    void everyStackGetsARowAndTheTowersStandStill(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path csv = dir.resolve("rest.csv");
        RunCommandTest.Outcome run = RunCommandTest.cairn("experiment", "rest", "--seconds", "4", "--csv", csv.toString());
        assertEquals(0, run.code(), run.err());
        for (String structure : new String[] {"tower (12)", "tower (20)", "tower (30)", "pyramid (55)", "pyramid (210)",
            "pyramid (820)", "large_pyramid (5050)"}) {
            assertTrue(run.out().contains("| " + structure + " | "), run.out());
        }
        for (String line : run.out().split("\n")) {
            if (line.startsWith("| tower")) {
                double mm = Double.parseDouble(line.split("\\|")[3].trim().replace(" mm", ""));
                assertTrue(mm < 10, line);
            }
        }
        // Rows from 3 s (a second after the stacks settle at 2 s) to 4 s; large_pyramid settles at 10 s, so it has none.
        java.util.List<String> lines = java.nio.file.Files.readAllLines(csv);
        assertEquals("seconds,\"tower (12)\",\"tower (20)\",\"tower (30)\",\"pyramid (55)\",\"pyramid (210)\",\"pyramid (820)\","
                + "\"large_pyramid (5050)\"", lines.get(0));
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).startsWith("3,") && lines.get(2).startsWith("4,") && lines.get(2).endsWith(","), lines.get(2));
        for (String ext : new String[] {"rest.png", "rest.svg"}) {
            assertTrue(java.nio.file.Files.size(dir.resolve(ext)) > 1000, ext);
        }
    }
}
