import java.nio.file.Files;
import java.nio.file.Path;
import org.cairn.engine3d.StepProfile;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;

/**
 * One fresh world of a scene, stepped untimed to step {@code from}, then timed to {@code to}: the
 * mean ms per step and per stage ({@link StepProfile}). Compiled against each build that
 * compare-jars.sh compares, and loaded in its own class loader by {@code SameJvm}.
 */
public final class StageRunner {
    private StageRunner() {
    }

    /** [ms per step, then each stage's ms per step in {@link StepProfile.Stage} order]. */
    public static double[] run(String scene, int from, int to) throws Exception {
        SceneDef def = SceneCompiler.compile(SceneSyntax.parse(scene, Files.readString(Path.of(scene))).file(), null).scene();
        World world = def.build().world();
        for (int s = 0; s < from; s++) {
            world.step();
        }
        StepProfile sum = new StepProfile(), one = new StepProfile();
        long t0 = System.nanoTime();
        for (int s = from; s < to; s++) {
            world.step();
            sum.add(world.profile(one));
        }
        StepProfile.Stage[] stages = StepProfile.Stage.values();
        double[] out = new double[1 + stages.length];
        out[0] = (System.nanoTime() - t0) * 1e-6 / (to - from);
        for (int i = 0; i < stages.length; i++) {
            out[1 + i] = sum.millis(stages[i]) / (to - from);
        }
        return out;
    }

    /** The stage names, in the order {@link #run} reports them. */
    public static String[] stages() {
        StepProfile.Stage[] stages = StepProfile.Stage.values();
        String[] names = new String[stages.length];
        for (int i = 0; i < stages.length; i++) {
            names[i] = stages[i].name().toLowerCase(java.util.Locale.ROOT);
        }
        return names;
    }
}
