import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;

/**
 * Times one scene the way Box3D's benchmark app does, with only the API every build since the
 * solver's rework has (so that one source compiles against an old build and a new one): R fresh
 * worlds one after another in this JVM, step 0 untimed, the mean of steps 1..N-1 per world, and
 * the median over the worlds printed (the later worlds run on warmed-up code).
 *
 * <p>Arguments: SCENE STEPS REPEATS [sleep-off|as-written [each]]. Used by compare-builds.sh. With
 * {@code each}, every world's figure is printed, first to last, instead of the median: how a
 * JVM's first worlds, run while the JIT still compiles, compare with its later ones.
 */
public final class StepTimer {
    public static void main(String[] args) throws Exception {
        String path = args[0];
        int steps = Integer.parseInt(args[1]), repeats = Integer.parseInt(args[2]);
        boolean sleepOff = args.length > 3 && args[3].equals("sleep-off");
        boolean each = args.length > 4 && args[4].equals("each");
        SceneSyntax.Result parsed = SceneSyntax.parse(path, Files.readString(Path.of(path)));
        SceneDef def = SceneCompiler.compile(parsed.file(), null).scene();
        if (sleepOff) {
            def = def.withWorld(def.world().toBuilder().sleeping(false).build());
        }
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            World world = def.build().world();
            world.step();
            long t0 = System.nanoTime();
            for (int s = 1; s < steps; s++) {
                world.step();
            }
            ms[r] = (System.nanoTime() - t0) * 1e-6 / (steps - 1);
        }
        if (each) {
            StringBuilder line = new StringBuilder();
            for (double m : ms) {
                line.append(String.format("%.3f ", m));
            }
            System.out.println(line.toString().trim());
            return;
        }
        Arrays.sort(ms);
        System.out.println(ms[repeats / 2]);
    }
}
