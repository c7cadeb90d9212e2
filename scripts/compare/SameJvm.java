import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds in one JVM, each in its own class loader, their worlds alternating (A B, B A, A B, ...):
 * the machine's slow and fast moments fall on both, which separate JVMs cannot promise (this
 * project's machines drift by tens of percent within minutes). Round 0 warms both up and is not
 * counted. Prints the median of each build's ms per step and per stage.
 *
 * <p>Arguments: SCENE FROM TO ROUNDS RUNNER_DIR_A JAR_A RUNNER_DIR_B JAR_B (compare-jars.sh passes them).
 */
public final class SameJvm {
    private SameJvm() {
    }

    public static void main(String[] args) throws Exception {
        String scene = args[0];
        int from = Integer.parseInt(args[1]), to = Integer.parseInt(args[2]), rounds = Integer.parseInt(args[3]);
        Method[] run = new Method[2];
        String[] stages = null;
        for (int b = 0; b < 2; b++) {
            URL[] path = {Path.of(args[4 + 2 * b]).toUri().toURL(), Path.of(args[5 + 2 * b]).toUri().toURL()};
            ClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader());
            Class<?> runner = loader.loadClass("StageRunner");
            run[b] = runner.getMethod("run", String.class, int.class, int.class);
            stages = (String[]) runner.getMethod("stages").invoke(null);
        }
        List<List<double[]>> results = List.of(new ArrayList<>(), new ArrayList<>());
        for (int r = 0; r <= rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int b = r % 2 == 0 ? k : 1 - k;
                double[] v = (double[]) run[b].invoke(null, scene, from, to);
                System.err.printf("round %d, %s: %.3f ms per step%n", r, b == 0 ? "A" : "B", v[0]);
                if (r > 0) {
                    results.get(b).add(v);
                }
            }
        }
        System.out.printf("%-22s %10s %10s %7s%n", "ms per step (median)", "A", "B", "B/A");
        for (int i = 0; i <= stages.length; i++) {
            double a = median(results.get(0), i), b = median(results.get(1), i);
            System.out.printf("%-22s %10.3f %10.3f %7.3f%n", i == 0 ? "step" : stages[i - 1], a, b, a > 0 ? b / a : Double.NaN);
        }
    }

    private static double median(List<double[]> runs, int i) {
        double[] v = runs.stream().mapToDouble(x -> x[i]).toArray();
        Arrays.sort(v);
        return v.length == 0 ? Double.NaN : v[v.length / 2];
    }
}
