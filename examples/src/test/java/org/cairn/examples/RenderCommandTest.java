package org.cairn.examples;

import static org.cairn.examples.RunCommandTest.cairn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.cairn.examples.render.Camera;
import org.cairn.examples.render.SceneRenderer;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.joml.Vector4d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cairn render}: pictures that show what the scene holds where it holds it. The places are
 * checked against a projection made independently of the renderer (JOML's look-at and
 * perspective matrices for the documented camera: 40° vertical field of view, y up).
 */
class RenderCommandTest {
    /** Ground, a box (the first dynamic body: red) and a sphere (the second: blue), resting apart. */
    private static final String SCENE = """
            scene 1
            world gravity=(0, -9.81m/s^2, 0) dt=1s/60 substeps=4
            body ground static { box half=(20m, 0.5m, 20m) at=(0, -0.5m, 0) }
            body crate at=(-1.5m, 0.5m, 0) { box half=(0.5m, 0.5m, 0.5m) }
            body ball at=(1.5m, 0.6m, 0) { sphere r=0.6m }
            """;

    /** Pixel (x right, y down) of a world point for a camera at eye looking at target. */
    private static double[] project(Vector3d eye, Vector3d target, int w, int h, Vector3d p) {
        Matrix4d m = new Matrix4d().perspective(Math.toRadians(40), (double) w / h, 0.05, 1000)
                .lookAt(eye, target, new Vector3d(0, 1, 0));
        Vector4d clip = m.transform(new Vector4d(p, 1));
        return new double[] {(clip.x / clip.w + 1) * 0.5 * w, (1 - clip.y / clip.w) * 0.5 * h};
    }

    private static int[] rgb(BufferedImage image, double[] pixel) {
        int c = image.getRGB((int) pixel[0], (int) pixel[1]);
        return new int[] {(c >> 16) & 255, (c >> 8) & 255, c & 255};
    }

    @Test
    void aStillShowsTheGroundTheRedBoxAndTheBlueSphereWhereTheyAre(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("still.scene");
        Files.writeString(scene, SCENE);
        Path png = dir.resolve("still.png");
        RunCommandTest.Outcome o = cairn("render", scene.toString(), "--out", png.toString(), "--width", "640", "--height",
                "480", "--camera", "eye=0,4,9", "target=0,0.5,0");
        assertEquals(0, o.code(), o.err());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(480, image.getHeight());
        Vector3d eye = new Vector3d(0, 4, 9), target = new Vector3d(0, 0.5, 0);
        int[] box = rgb(image, project(eye, target, 640, 480, new Vector3d(-1.5, 0.5, 0.5)));
        int[] sphere = rgb(image, project(eye, target, 640, 480, new Vector3d(1.5, 0.6, 0.6)));
        int[] ground = rgb(image, project(eye, target, 640, 480, new Vector3d(0, 0, 2.5)));
        int[] sky = rgb(image, new double[] {320, 5});
        // The box's face towards the camera: red (its palette colour, shaded).
        assertTrue(box[0] > 1.6 * box[1] && box[0] > 1.6 * box[2], "box pixel " + java.util.Arrays.toString(box));
        assertTrue(sphere[2] > 1.4 * sphere[0] && sphere[2] > 1.2 * sphere[1], "sphere pixel " + java.util.Arrays.toString(sphere));
        assertTrue(Math.abs(ground[0] - ground[2]) < 30 && Math.abs(ground[0] - ground[1]) < 30,
                "ground pixel " + java.util.Arrays.toString(ground));
        assertTrue(sky[2] > sky[0], "sky pixel " + java.util.Arrays.toString(sky));
        // Not blank: many colours (shading, outlines, the grid).
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < 480; y += 3) {
            for (int x = 0; x < 640; x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, colours.size() + " colours");
        assertEquals(SceneRenderer.PALETTE[0], SceneRenderer.colourOf(
                org.cairn.scene.SceneCompiler.compile(org.cairn.scene.SceneSyntax.parse("s.scene", SCENE).file()).scene(),
                "crate"));
    }

    /** The renderer's own projection agrees with the independent one (tools mark places with it). */
    @Test
    void theCameraProjectsAsAPinholeWithAFortyDegreeField() {
        Vector3d eye = new Vector3d(3, 5, 8), target = new Vector3d(0, 1, -1);
        Camera camera = new Camera(eye, target, 800, 600);
        for (Vector3d p : new Vector3d[] {new Vector3d(0, 0, 0), new Vector3d(2, 3, -4), new Vector3d(-1, 0.5, 2)}) {
            double[] expected = project(eye, target, 800, 600, p), actual = camera.pixel(p);
            assertEquals(expected[0], actual[0], 1e-9);
            assertEquals(expected[1], actual[1], 1e-9);
        }
        assertEquals(null, camera.pixel(new Vector3d(6, 9, 17)), "a point behind the eye has no pixel");
    }

    @Test
    void anAnimationHasItsFramesAndShowsTheMotion(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("drop.scene");
        Files.writeString(scene, SCENE.replace("at=(1.5m, 0.6m, 0)", "at=(1.5m, 3m, 0)"));
        Path gif = dir.resolve("drop.gif");
        RunCommandTest.Outcome o = cairn("render", scene.toString(), "--out", gif.toString(), "--seconds", "0.5", "--fps", "20");
        assertEquals(0, o.code(), o.err());
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(10, reader.getNumImages(true), "0.5 s at 20 frames per second");
            BufferedImage first = reader.read(0), last = reader.read(9);
            assertEquals(480, first.getWidth());
            boolean differs = false;
            for (int y = 0; y < first.getHeight() && !differs; y += 2) {
                for (int x = 0; x < first.getWidth() && !differs; x += 2) {
                    differs = first.getRGB(x, y) != last.getRGB(x, y);
                }
            }
            assertTrue(differs, "the falling sphere moved between the first and the last frame");
        }
    }

    @Test
    void badRequestsAreRefusedWithExitCode2(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("s.scene");
        Files.writeString(scene, SCENE);
        String s = scene.toString();
        String[][] bad = {{"render", s, "--out", dir.resolve("x.jpg").toString()},
                {"render", s, "--out", dir.resolve("x.png").toString(), "--camera", "eye=1,2"},
                {"render", s, "--out", dir.resolve("x.png").toString(), "--camera", "eye=0,1,0", "target=0,1,0"},
                {"render", s, "--out", dir.resolve("x.png").toString(), "--camera", "up=0,1,0"},
                {"render", s, "--out", dir.resolve("x.png").toString(), "--width", "100000"},
                {"render", s, "--out", dir.resolve("x.gif").toString(), "--seconds", "1000"},
                {"render", s, "--out", dir.resolve("x.png").toString(), "--at", "-1"}};
        for (String[] args : bad) {
            RunCommandTest.Outcome o = cairn(args);
            assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
            assertFalse(o.err().contains("Exception"), o.err());
        }
        assertNotEquals(0, cairn("render", dir.resolve("missing.scene").toString(), "--out", dir.resolve("m.png").toString()).code());
    }
}
