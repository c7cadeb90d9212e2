package org.cairn.examples;

import static org.cairn.examples.RunCommandTest.cairn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn plot}: the curves hold the run's values, and come out as PNG or SVG. */
class PlotCommandTest {
    /** A 2 kg ball dropped from rest 100 m up, nothing below it; and a probe on its height. */
    private static final String FALL = """
            scene 1
            world gravity=(0, -9.81m/s^2, 0) dt=1s/60 substeps=4
            body ball at=(0, 100m, 0) mass=2kg { sphere r=0.1m }
            probe height body=ball record=(position, speed)
            """;

    private static SceneDef compile(String text) {
        return SceneCompiler.compile(SceneSyntax.parse("fall.scene", text).file()).scene();
    }

    /** Energy of a free fall against the closed form: K = ½m(gt)², U falls by as much, the total stays. */
    @Test
    void theEnergyCurvesOfAFreeFallAreTheClosedForm() {
        SceneDef def = compile(FALL);
        PlotSeries p = PlotSeries.run("fall", def, def.build(), 120, "energy", 0);
        double[] kinetic = p.series.get("kinetic"), potential = p.series.get("potential"), total = p.series.get("kinetic + potential");
        assertEquals(2 * 121, kinetic.length, "step 0 and 120 steps");
        double worst = 0;
        for (int i = 0; i < 121; i++) {
            double t = kinetic[2 * i], v = 9.81 * t;
            worst = Math.max(worst, Math.abs(kinetic[2 * i + 1] - 0.5 * 2 * v * v));
            assertEquals(2 * 9.81 * 100, total[2 * i + 1], 1e-9, "total at " + t + " s");
            assertEquals(2 * 9.81 * (100 - 0.5 * 9.81 * t * t), potential[2 * i + 1], 1e-9, "potential at " + t + " s");
        }
        assertTrue(worst < 1e-9, "kinetic energy off by " + worst + " J");
    }

    @Test
    void aProbesVectorIsPlottedByComponentAndAnUnknownQuantityIsNamed() {
        SceneDef def = compile(FALL);
        PlotSeries p = PlotSeries.run("fall", def, def.build(), 60, "height.position", 0);
        assertEquals(java.util.List.of("position x", "position y", "position z"), java.util.List.copyOf(p.series.keySet()));
        double[] y = p.series.get("position y");
        assertEquals(100 - 0.5 * 9.81, y[y.length - 1], 1e-9, "height after 1 s");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PlotSeries.run("fall", def, def.build(), 1, "height.velocity", 0));
        assertTrue(e.getMessage().contains("height.speed"), e.getMessage());
    }

    @Test
    void writesPngAndSvgAndRefusesBadRequests(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("fall.scene");
        Files.writeString(scene, FALL);
        Path png = dir.resolve("energy.png"), svg = dir.resolve("stages.svg");
        RunCommandTest.Outcome o = cairn("plot", scene.toString(), "--seconds", "1", "--out", png.toString(), "--width", "640",
                "--height", "400");
        assertEquals(0, o.code(), o.err());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(400, image.getHeight());
        o = cairn("plot", scene.toString(), "--quantity", "stages", "--seconds", "0.5", "--out", svg.toString());
        assertEquals(0, o.code(), o.err());
        String text = Files.readString(svg);
        assertTrue(text.contains("<svg") && text.contains("time per step by stage") && text.contains("whole step"), text.substring(0, 200));
        String[][] bad = {{"plot", scene.toString(), "--out", dir.resolve("x.jpg").toString()},
                {"plot", scene.toString(), "--out", png.toString(), "--quantity", "nothing"},
                {"plot", scene.toString(), "--out", png.toString(), "--seconds", "1e9"},
                {"plot", scene.toString(), "--out", png.toString(), "--from", "9"}};
        for (String[] args : bad) {
            o = cairn(args);
            assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
            assertFalse(o.err().contains("Exception"), o.err());
        }
    }
}
