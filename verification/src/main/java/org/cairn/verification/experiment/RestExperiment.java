package org.cairn.verification.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.joml.Vector3d;

/**
 * Do resting stacks stay put? Towers of 12, 20 and 30 unit boxes, pyramids of 55, 210 and 820, and
 * Box3D's large_pyramid of 5050 cubes, sleeping off (so nothing hides a slow drift or a sudden kick),
 * default soft step, 60 Hz: the furthest any box gets from where it was after the settling time,
 * and when; the same for the top box; and, once a second, how far the box furthest from its place
 * is from it then (the displacement against time). The settling time is 2 s, and 10 s for
 * large_pyramid, whose load takes that long to build up through a hundred rows of soft contacts
 * (its top cube rocks about ±10 cm along the rows until then).
 */
public final class RestExperiment {
    /**
     * One stack's result: distances from each box's place at the settling time, m; the top box's
     * drop below where it was built (the contacts' compliance: Box3D's own pyramid sags 0.69 m);
     * and {@code furthestBySecond[k]}, the furthest any box was from its place k + 1 seconds after
     * the settling time.
     */
    public record Result(String structure, int boxes, double settleSeconds, double furthestMeters, double atSeconds,
                         double topFurthestMeters, double topSagMeters, double[] furthestBySecond) {
    }

    /** The stacks, in the order they run. */
    public static final List<String> STRUCTURES = List.of("tower (12)", "tower (20)", "tower (30)", "pyramid (55)",
            "pyramid (210)", "pyramid (820)", "large_pyramid (5050)");

    private RestExperiment() {
    }

    /** Runs every stack for {@code seconds}, each measured from its {@link #settleSeconds}; {@code progress} hears of each. */
    public static List<Result> run(double seconds, Consumer<String> progress) {
        List<Result> results = new ArrayList<>();
        for (String name : STRUCTURES) {
            progress.accept(name);
            results.add(run(name, seconds, settleSeconds(name)));
        }
        return results;
    }

    /** When the structure has settled, s: 2, and 10 for large_pyramid. */
    public static double settleSeconds(String structure) {
        return structure.startsWith("large_pyramid") ? 10 : 2;
    }

    /** Runs one of {@link #STRUCTURES}. */
    public static Result run(String structure, double seconds, double settleSeconds) {
        // Threads change nothing but time (bit-identical for any count), so the big pyramid takes them all.
        int workers = Math.min(4, Runtime.getRuntime().availableProcessors());
        World w;
        List<BodyId> boxes;
        if (structure.startsWith("large_pyramid")) {
            w = new World(WorldDef.builder().sleeping(false).gravity(0, -10, 0).workerCount(workers).build());
            boxes = Stacks.box3dLargePyramid(w);
        } else {
            w = new World(WorldDef.builder().sleeping(false).workerCount(workers).build());
            Stacks.ground(w);
            int size = Integer.parseInt(structure.replaceAll("\\D", ""));
            boxes = structure.startsWith("tower") ? Stacks.tower(w, size)
                    : Stacks.pyramid(w, (int) Math.round((Math.sqrt(8.0 * size + 1) - 1) / 2));
        }
        int top = 0;
        Vector3d p = new Vector3d();
        Vector3d[] built = new Vector3d[boxes.size()];
        for (int i = 0; i < boxes.size(); i++) {
            built[i] = w.position(boxes.get(i), new Vector3d());
            if (built[i].y > built[top].y) {
                top = i;
            }
        }
        double dt = w.def().timeStep();
        int settle = (int) Math.round(settleSeconds / dt);
        int steps = (int) Math.round(seconds / dt);
        int perSecond = (int) Math.round(1 / dt);
        Vector3d[] settled = new Vector3d[boxes.size()];
        double[] bySecond = new double[Math.max(0, (steps - settle) / perSecond)];
        double furthest = 0, topFurthest = 0;
        int when = 0;
        for (int s = 1; s <= steps; s++) {
            w.step();
            if (s == settle) {
                for (int i = 0; i < boxes.size(); i++) {
                    settled[i] = w.position(boxes.get(i), new Vector3d());
                }
            } else if (s > settle) {
                double now = 0;
                for (int i = 0; i < boxes.size(); i++) {
                    double d = w.position(boxes.get(i), p).distance(settled[i]);
                    now = Math.max(now, d);
                    if (i == top) {
                        topFurthest = Math.max(topFurthest, d);
                    }
                }
                if (now > furthest) {
                    furthest = now;
                    when = s;
                }
                if ((s - settle) % perSecond == 0 && (s - settle) / perSecond <= bySecond.length) {
                    bySecond[(s - settle) / perSecond - 1] = now;
                }
            }
        }
        double sag = built[top].y - w.position(boxes.get(top), p).y;
        return new Result(structure, boxes.size(), settleSeconds, furthest, when * dt, topFurthest, sag, bySecond);
    }

    /** The results as a Markdown table. */
    public static String markdown(List<Result> results, double seconds) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "| structure | settled at | furthest a box got from its place then, up to %.0f s | when | the top box | "
                        + "top box below where it was built, at the end |%n| --- | --- | --- | --- | --- | --- |%n", seconds));
        for (Result r : results) {
            s.append(String.format(Locale.ROOT, "| %s | %.0f s | %.1f mm | %s | %.1f mm | %.1f mm |%n", r.structure(),
                    r.settleSeconds(), 1000 * r.furthestMeters(),
                    r.furthestMeters() == 0 ? "never moved" : String.format(Locale.ROOT, "%.2f s", r.atSeconds()),
                    1000 * r.topFurthestMeters(), 1000 * r.topSagMeters()));
        }
        return s.toString();
    }

    /**
     * The displacement against time as CSV: a row per second from the first sample, a column per
     * stack, each the furthest any of its boxes was then from its place at the stack's settling
     * time, m (empty before it).
     */
    public static String csv(List<Result> results) {
        StringBuilder s = new StringBuilder("seconds");
        int first = Integer.MAX_VALUE, last = 0;
        for (Result r : results) {
            s.append(",\"").append(r.structure()).append('"');
            if (r.furthestBySecond().length > 0) {
                first = Math.min(first, (int) Math.round(r.settleSeconds()) + 1);
                last = Math.max(last, (int) Math.round(r.settleSeconds()) + r.furthestBySecond().length);
            }
        }
        s.append('\n');
        for (int t = first; t <= last; t++) {
            s.append(t);
            for (Result r : results) {
                s.append(',');
                int k = t - (int) Math.round(r.settleSeconds()) - 1;
                if (k >= 0 && k < r.furthestBySecond().length) {
                    s.append(String.format(Locale.ROOT, "%.6g", r.furthestBySecond()[k]));
                }
            }
            s.append('\n');
        }
        return s.toString();
    }
}
