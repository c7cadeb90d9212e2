package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn experiment stability}: the table on stdout, a CSV and its chart only where --csv says (here 0.25 s runs). */
class StabilityExperimentCommandTest {
    @Test
    void writesTheTableAndTheCsvWhereAsked(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("out/stability.csv");
        RunCommandTest.Outcome run = RunCommandTest.cairn("experiment", "stability", "--seconds", "0.25", "--csv",
                csv.toString());
        assertEquals(0, run.code(), run.err());
        long rows = run.out().lines().filter(line -> line.startsWith("| pyramid (55)") || line.startsWith("| tower")).count();
        List<String> lines = Files.readAllLines(csv);
        assertEquals(rows + 1, lines.size(), "a header and a line per table row");
        assertTrue(rows >= 48, rows + " rows");
        // The chart beside the table, as PNG and SVG, a bar per row.
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(dir.resolve("out/stability.png").toFile());
        assertEquals(900, png.getWidth());
        assertEquals(120 + 22 * rows, png.getHeight());
        String svg = Files.readString(dir.resolve("out/stability.svg"));
        assertTrue(svg.contains("Stability: furthest a box moved") && svg.contains("tower (30)"), svg.substring(0, 200));
    }

    @Test
    void writesNoFileUnlessAsked() {
        Path here = Path.of("stability.csv");
        boolean before = Files.exists(here);
        RunCommandTest.Outcome run = RunCommandTest.cairn("experiment", "stability", "--seconds", "0.05");
        assertEquals(0, run.code(), run.err());
        assertEquals(before, Files.exists(here), "nothing written to the working directory");
        assertTrue(run.err().lines().noneMatch(line -> line.contains("wrote")), run.err());
    }
}
