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
 * Do resting stacks stay put? Towers of 12, 20 and 30 unit boxes and pyramids of 55, 210 and 820,
 * sleeping off (so nothing hides a slow drift or a sudden kick), default soft step, 60 Hz: the
 * furthest any box gets from where it was after the settling time, and when.
 */
public final class RestExperiment {
    /** One stack's result. */
    public record Result(String structure, int boxes, double furthestMeters, double atSeconds) {
    }

    private RestExperiment() {
    }

    /** Runs every stack for {@code seconds}, measuring from {@code settleSeconds}; {@code progress} hears of each. */
    public static List<Result> run(double seconds, double settleSeconds, Consumer<String> progress) {
        List<Result> results = new ArrayList<>();
        for (String kind : new String[] {"tower", "pyramid"}) {
            for (int size : kind.equals("tower") ? new int[] {12, 20, 30} : new int[] {10, 20, 40}) {
                String name = kind.equals("tower") ? "tower (" + size + ")" : "pyramid (" + size * (size + 1) / 2 + ")";
                progress.accept(name);
                World w = new World(WorldDef.builder().sleeping(false).build());
                Stacks.ground(w);
                List<BodyId> boxes = kind.equals("tower") ? Stacks.tower(w, size) : Stacks.pyramid(w, size);
                int settle = (int) Math.round(settleSeconds / w.def().timeStep());
                int steps = (int) Math.round(seconds / w.def().timeStep());
                Vector3d[] settled = new Vector3d[boxes.size()];
                Vector3d p = new Vector3d();
                double furthest = 0;
                int when = 0;
                for (int s = 1; s <= steps; s++) {
                    w.step();
                    if (s == settle) {
                        for (int i = 0; i < boxes.size(); i++) {
                            settled[i] = w.position(boxes.get(i), new Vector3d());
                        }
                    } else if (s > settle) {
                        for (int i = 0; i < boxes.size(); i++) {
                            double d = w.position(boxes.get(i), p).distance(settled[i]);
                            if (d > furthest) {
                                furthest = d;
                                when = s;
                            }
                        }
                    }
                }
                results.add(new Result(name, boxes.size(), furthest, when * w.def().timeStep()));
            }
        }
        return results;
    }

    /** The results as a Markdown table. */
    public static String markdown(List<Result> results, double seconds, double settleSeconds) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "| structure | furthest a box got from its place at %.0f s, over %.0f s | when |%n| --- | --- | --- |%n",
                settleSeconds, seconds));
        for (Result r : results) {
            s.append(String.format(Locale.ROOT, "| %s | %.1f mm | %s |%n", r.structure(), 1000 * r.furthestMeters(),
                    r.furthestMeters() == 0 ? "never moved" : String.format(Locale.ROOT, "%.2f s", r.atSeconds())));
        }
        return s.toString();
    }
}
