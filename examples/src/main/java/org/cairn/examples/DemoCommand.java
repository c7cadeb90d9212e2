package org.cairn.examples;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cairn demo}: the falling-bodies example with a readable trace. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Throws a few bodies into the air and prints where they are as they fall and tumble.")
final class DemoCommand implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--seconds", defaultValue = "4.0", description = "Simulated time in s (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--every", defaultValue = "0.5", description = "Trace interval in s (default ${DEFAULT-VALUE}).")
    double every;

    @Override
    public Integer call() {
        if (!(seconds >= 0) || !(every > 0) || Double.isInfinite(seconds)) {
            System.err.println("cairn demo: --seconds must be >= 0 and --every > 0, got " + seconds + " and " + every);
            return 2;
        }
        trace(FallingBodies.build(), seconds, every, System.out);
        return 0;
    }

    static void trace(FallingBodies.Scene scene, double seconds, double every, PrintStream out) {
        World world = scene.world();
        double dt = world.def().timeStep();
        int steps = (int) Math.round(seconds / dt);
        int interval = Math.max(1, (int) Math.round(every / dt));
        out.printf(Locale.ROOT, "Falling bodies: %d bodies, g = %s m/s², %.0f Hz, %d substeps, %d steps%n",
                world.bodyCount(), fmt(world.def().gravity()), 1 / dt, world.def().substeps(), steps);
        long start = System.nanoTime();
        for (int step = 0; step <= steps; step++) {
            if (step % interval == 0 || step == steps) {
                out.printf(Locale.ROOT, "%nt = %.3f s   energy %.1f J   contacts %d%n", world.time(),
                        world.kineticEnergy() + world.potentialEnergy(), world.contacts().count());
                out.printf(Locale.ROOT, "  %-8s %-26s %-24s %10s %10s %7s%n", "body", "position (m)", "velocity (m/s)",
                        "spin rad/s", "tilt (deg)", "state");
                for (BodyId id : scene.bodies()) {
                    Vector3d p = world.position(id, new Vector3d());
                    Vector3d v = world.linearVelocity(id, new Vector3d());
                    double spin = world.angularVelocity(id, new Vector3d()).length();
                    Vector3d up = world.rotation(id, new Quaterniond()).transform(new Vector3d(0, 1, 0));
                    double tilt = Math.toDegrees(Math.acos(Math.max(-1, Math.min(1, up.y))));
                    out.printf(Locale.ROOT, "  %-8s %-26s %-24s %10.3f %10.1f %7s%n", world.name(id), fmt(p), fmt(v), spin, tilt,
                            world.isAwake(id) ? "awake" : "asleep");
                }
            }
            if (step < steps) {
                world.step();
            }
        }
        double ms = (System.nanoTime() - start) * 1e-6 / Math.max(1, steps);
        out.printf(Locale.ROOT, "%n%d steps, %.4f ms per step (including the trace)%n", steps, ms);
    }

    private static String fmt(Vector3d v) {
        return String.format(Locale.ROOT, "(%.3f, %.3f, %.3f)", v.x, v.y, v.z);
    }
}
