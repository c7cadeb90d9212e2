package org.cairn.examples;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import org.cairn.engine3d.World;
import org.cairn.examples.render.Camera;
import org.cairn.examples.render.GifWriter;
import org.cairn.examples.render.SceneRenderer;
import org.cairn.scene.SceneDef;
import org.joml.Vector3d;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cairn render SCENE --out FILE.png|FILE.gif}: a picture of a scene at a moment, or an
 * animation of it, drawn headless in pure Java ({@link SceneRenderer}); docs/viewer.md.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Draws a scene: a still (PNG) at a moment, or an animation (GIF).")
final class RenderCommand implements Callable<Integer> {
    /** The most frames an animation may have (a minute at 30 frames per second). */
    static final int MAX_FRAMES = 1800;
    /** The largest picture side, pixels. */
    static final int MAX_SIDE = 4096;

    @picocli.CommandLine.Mixin
    SceneArguments arguments = new SceneArguments();


    @Option(names = "--out", required = true, paramLabel = "FILE", description = "FILE.png for a still, FILE.gif for an animation.")
    String out;

    @Option(names = "--at", paramLabel = "S", description = "A still at S simulated seconds (default 0, the scene as written).")
    double at;

    @Option(names = "--seconds", paramLabel = "S", description = "An animation's length in simulated seconds (default 2).")
    double seconds = 2;

    @Option(names = "--fps", paramLabel = "F", description = "An animation's frames per simulated second (default 30).")
    double fps = 30;

    @Option(names = "--width", paramLabel = "PX", description = "Width in pixels (default 800 for a still, 480 for a GIF).")
    Integer width;

    @Option(names = "--height", paramLabel = "PX", description = "Height in pixels (default 600 for a still, 360 for a GIF).")
    Integer height;

    @Option(names = "--camera", arity = "1..2", paramLabel = "KEY=X,Y,Z",
            description = "eye=X,Y,Z and target=X,Y,Z: where the camera is and what it looks at, m (default: framing the "
                    + "dynamic bodies).")
    Map<String, String> camera;


    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        boolean gif = out.endsWith(".gif");
        if (!gif && !out.endsWith(".png")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--out must name a .png or .gif file, got " + out);
        }
        int w = width != null ? width : gif ? 480 : 800, h = height != null ? height : gif ? 360 : 600;
        if (w < 16 || h < 16 || w > MAX_SIDE || h > MAX_SIDE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--width and --height must be within 16.."
                    + MAX_SIDE + " pixels, got " + w + " x " + h);
        }
        if (!(at >= 0) || Double.isInfinite(at)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--at must be >= 0 and finite, got " + at);
        }
        if (!(seconds > 0) || !(fps > 0) || seconds * fps > MAX_FRAMES) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--seconds and --fps must be positive with at most %d frames in all, got %s s at %s fps", MAX_FRAMES,
                    seconds, fps));
        }
        SceneDef def = arguments.load(err, false);
        if (def == null) {
            return 2;
        }
        SceneDef.Built built = def.build();
        World world = built.world();
        SceneRenderer renderer = new SceneRenderer(def, built);
        int frames = Math.max(1, (int) Math.round(seconds * fps));
        try {
            if (!gif) {
                stepTo(world, at);
                Camera view = camera == null ? renderer.autoCamera(w, h) : givenCamera(renderer, w, h);
                ImageIO.write(renderer.render(view), "png", Path.of(out).toFile());
                err.printf(Locale.ROOT, "cairn: wrote %s (%d x %d, t = %.3f s)%n", out, w, h, world.time());
                return 0;
            }
            Camera view;
            if (camera == null) {
                // Framed on what the frames will show: a first run finds where the bodies go.
                double[] bounds = SceneRenderer.emptyBounds();
                for (int f = 0; f < frames; f++) {
                    stepTo(world, f / fps);
                    renderer.addBounds(bounds);
                }
                view = SceneRenderer.framing(bounds, w, h);
                built = def.build();
                world = built.world();
                renderer = new SceneRenderer(def, built);
            } else {
                view = givenCamera(renderer, w, h);
            }
            try (GifWriter writer = new GifWriter(Path.of(out), (int) Math.round(100 / fps))) {
                for (int f = 0; f < frames; f++) {
                    stepTo(world, f / fps);
                    writer.add(renderer.render(view));
                    if (System.console() != null) {
                        err.print("\rcairn: frame " + (f + 1) + "/" + frames);
                    }
                }
            }
            if (System.console() != null) {
                err.println();
            }
            err.printf(Locale.ROOT, "cairn: wrote %s (%d frames, %d x %d, %.3f s simulated)%n", out, frames, w, h, world.time());
            return 0;
        } catch (IOException e) {
            err.println("cairn: cannot write " + out + ": " + e.getMessage());
            return 2;
        }
    }

    /** Steps until the world's time is within half a step of {@code time}. */
    private static void stepTo(World world, double time) {
        double dt = world.def().timeStep();
        while (world.time() + 0.5 * dt < time) {
            world.step();
        }
    }

    private Camera givenCamera(SceneRenderer renderer, int w, int h) {
        Camera auto = renderer.autoCamera(w, h);
        try {
            Vector3d eye = camera.containsKey("eye") ? vector("eye", camera.get("eye")) : auto.eye();
            Vector3d target = camera.containsKey("target") ? vector("target", camera.get("target")) : auto.target();
            for (String key : camera.keySet()) {
                if (!key.equals("eye") && !key.equals("target")) {
                    throw new IllegalArgumentException("--camera takes eye= and target=, not " + key + "=");
                }
            }
            return new Camera(eye, target, w, h);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static Vector3d vector(String name, String text) {
        String[] parts = text.split(",");
        if (parts.length != 3) {
            throw new IllegalArgumentException("--camera " + name + "= takes three numbers x,y,z in m, got " + text);
        }
        double[] v = new double[3];
        for (int i = 0; i < 3; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--camera " + name + "= takes three numbers x,y,z in m, got " + text);
            }
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException("--camera " + name + "= must be finite, got " + text);
            }
        }
        return new Vector3d(v[0], v[1], v[2]);
    }
}
