package org.cairn.examples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.StepProfile;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.joml.Vector3d;

/**
 * The curves of one chart of a run ({@code cairn plot}): named series of (x, y) points, the axes'
 * labels and a title. Made by running a scene and reading one quantity after every step.
 */
final class PlotSeries {
    final String title;
    final String xLabel;
    final String yLabel;
    /** Series name → points as x, y pairs, in the order the legend shows them. */
    final Map<String, double[]> series = new LinkedHashMap<>();

    private PlotSeries(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** The quantities {@code cairn plot} knows besides a probe's ({@code PROBE.QUANTITY}). */
    static final List<String> QUANTITIES = List.of("energy", "displacement", "stages");

    /**
     * Runs {@code built} for {@code steps} steps and reads {@code quantity}: {@code energy}
     * (kinetic, potential, total, J), {@code displacement} (the largest distance, m, of any dynamic
     * body from where it was at {@code fromSeconds}), {@code stages} (ms per step of each stage of
     * the step, the whole step too), or a probe's {@code NAME.QUANTITY} (each component of a vector).
     *
     * @throws IllegalArgumentException naming the quantity if the scene has no such thing
     */
    static PlotSeries run(String sceneName, SceneDef def, SceneDef.Built built, int steps, String quantity,
                          double fromSeconds) {
        World world = built.world();
        switch (quantity) {
            case "energy" -> {
                PlotSeries p = new PlotSeries(sceneName + ": energy", "time (s)", "energy (J)");
                Points kinetic = new Points(), potential = new Points(), total = new Points();
                for (int s = 0; s <= steps; s++) {
                    if (s > 0) {
                        world.step();
                    }
                    double k = world.kineticEnergy(), u = world.potentialEnergy();
                    kinetic.add(world.time(), k);
                    potential.add(world.time(), u);
                    total.add(world.time(), k + u);
                }
                p.series.put("kinetic", kinetic.toArray());
                p.series.put("potential", potential.toArray());
                p.series.put("kinetic + potential", total.toArray());
                return p;
            }
            case "displacement" -> {
                PlotSeries p = new PlotSeries(String.format(java.util.Locale.ROOT,
                        "%s: largest displacement since %.2f s", sceneName, fromSeconds), "time (s)", "displacement (m)");
                List<BodyId> dynamic = new ArrayList<>();
                for (BodyId id : built.bodies().values()) {
                    if (world.type(id) == BodyType.DYNAMIC) {
                        dynamic.add(id);
                    }
                }
                double[] reference = null;
                Points largest = new Points();
                Vector3d v = new Vector3d();
                for (int s = 0; s <= steps; s++) {
                    if (s > 0) {
                        world.step();
                    }
                    if (reference == null && world.time() >= fromSeconds - 1e-9) {
                        reference = new double[3 * dynamic.size()];
                        for (int i = 0; i < dynamic.size(); i++) {
                            world.position(dynamic.get(i), v);
                            reference[3 * i] = v.x;
                            reference[3 * i + 1] = v.y;
                            reference[3 * i + 2] = v.z;
                        }
                    }
                    if (reference != null) {
                        double most = 0;
                        for (int i = 0; i < dynamic.size(); i++) {
                            world.position(dynamic.get(i), v);
                            most = Math.max(most, v.distance(reference[3 * i], reference[3 * i + 1], reference[3 * i + 2]));
                        }
                        largest.add(world.time(), most);
                    }
                }
                p.series.put("largest displacement", largest.toArray());
                return p;
            }
            case "stages" -> {
                PlotSeries p = new PlotSeries(sceneName + ": time per step by stage", "step", "ms per step");
                StepProfile profile = new StepProfile();
                Map<StepProfile.Stage, Points> stages = new LinkedHashMap<>();
                Points whole = new Points();
                for (StepProfile.Stage stage : StepProfile.Stage.values()) {
                    stages.put(stage, new Points());
                }
                for (int s = 1; s <= steps; s++) {
                    world.step();
                    world.profile(profile);
                    for (StepProfile.Stage stage : StepProfile.Stage.values()) {
                        stages.get(stage).add(s, profile.millis(stage));
                    }
                    whole.add(s, profile.totalMillis());
                }
                p.series.put("whole step", whole.toArray());
                // The stages that matter: each at least 2 % of the whole on average.
                double mean = whole.mean();
                stages.forEach((stage, points) -> {
                    if (points.mean() >= 0.02 * mean) {
                        p.series.put(stage.name().toLowerCase(java.util.Locale.ROOT), points.toArray());
                    }
                });
                return p;
            }
            default -> {
                return probe(sceneName, def, built, steps, quantity);
            }
        }
    }

    private static PlotSeries probe(String sceneName, SceneDef def, SceneDef.Built built, int steps, String quantity) {
        int dot = quantity.lastIndexOf('.');
        String name = dot < 0 ? quantity : quantity.substring(0, dot), what = dot < 0 ? null : quantity.substring(dot + 1);
        SceneDef.Probe probe = def.probes().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
        if (probe == null || what == null || !probe.quantities().contains(what)) {
            List<String> known = new ArrayList<>(QUANTITIES);
            for (SceneDef.Probe p : def.probes()) {
                for (String q : p.quantities()) {
                    known.add(p.name() + "." + q);
                }
            }
            throw new IllegalArgumentException("the scene has nothing to plot as '" + quantity + "'; it has " + known);
        }
        ProbeSampler sampler = new ProbeSampler(built, List.of(probe));
        sampler.sample();
        for (int s = 0; s < steps; s++) {
            built.world().step();
            sampler.sample();
        }
        PlotSeries p = new PlotSeries(sceneName + ": " + quantity, "time (s)", what.replace('_', ' '));
        List<Points> components = new ArrayList<>();
        for (ProbeSampler.Sample sample : sampler.samples()) {
            if (!sample.quantity().equals(what)) {
                continue;
            }
            while (components.size() < sample.values().length) {
                components.add(new Points());
            }
            for (int i = 0; i < sample.values().length; i++) {
                components.get(i).add(sample.time(), sample.values()[i]);
            }
        }
        String[] axes = components.size() == 4 ? new String[] {"x", "y", "z", "w"} : new String[] {"x", "y", "z"};
        for (int i = 0; i < components.size(); i++) {
            p.series.put(components.size() == 1 ? what.replace('_', ' ') : what.replace('_', ' ') + " " + axes[i],
                    components.get(i).toArray());
        }
        return p;
    }

    /** A growing list of (x, y) points. */
    private static final class Points {
        private double[] xy = new double[64];
        private int n;

        void add(double x, double y) {
            if (2 * n == xy.length) {
                xy = java.util.Arrays.copyOf(xy, 2 * xy.length);
            }
            xy[2 * n] = x;
            xy[2 * n + 1] = y;
            n++;
        }

        double mean() {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += xy[2 * i + 1];
            }
            return n == 0 ? 0 : sum / n;
        }

        double[] toArray() {
            return java.util.Arrays.copyOf(xy, 2 * n);
        }
    }
}
