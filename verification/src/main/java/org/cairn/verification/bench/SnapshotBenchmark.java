package org.cairn.verification.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.cairn.engine3d.World;
import org.cairn.scene.Scenes;

/**
 * What {@link World#snapshot()} and {@link World#restore(byte[])} cost: the pyramid of 55 boxes
 * after 100 steps and the rain's pile of 1000 boxes after 300 (the example scenes), each snapshot
 * restored into the world it came from. Prints the snapshot's size and the median times.
 *
 * <p>Run from the repository root: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl
 * verification exec:java -Dexec.mainClass=org.cairn.verification.bench.SnapshotBenchmark}
 */
public final class SnapshotBenchmark {
    private SnapshotBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println("Cairn snapshot benchmark (" + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ")");
        measure("examples/scenes/pyramid.scene", 100, 400);
        measure("examples/scenes/rain.scene", 300, 40);
        System.out.println("(sink " + Bench.sink() + ")");
    }

    private static void measure(String scene, int steps, int samples) throws IOException {
        Scenes.Loaded loaded = Scenes.load(Path.of(scene));
        if (!loaded.ok()) {
            throw new IllegalStateException(loaded.render());
        }
        World world = loaded.build().world();
        for (int s = 0; s < steps; s++) {
            world.step();
        }
        byte[][] last = {world.snapshot()};
        Bench.Timing snapshot = Bench.time(() -> {
            last[0] = world.snapshot();
            return last[0].length;
        }, samples / 4, samples);
        Bench.Timing restore = Bench.time(() -> {
            world.restore(last[0]);
            return world.bodyCount();
        }, samples / 4, samples);
        System.out.printf("%s after %d steps: %d bodies, %d contacts, %.1f KB%n  snapshot %s%n  restore  %s%n", scene,
                steps, world.bodyCount(), world.contacts().count(), last[0].length / 1024.0, snapshot, restore);
    }
}
