package org.cairn.verification.bench;

import java.util.Locale;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.verification.experiment.Stacks;

/**
 * Whole-step time of Box2D's large pyramid (base 40, 820 boxes) while it is awake, with each
 * solver: the median over 200 steps after 60 warm-up steps, sleeping off so every step does the
 * full work.
 *
 * <p>Run: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl verification exec:java
 * -Dexec.mainClass=org.cairn.verification.bench.SolverBenchmark}
 */
public final class SolverBenchmark {
    private SolverBenchmark() {
    }

    public static void main(String[] args) {
        for (SolverKind kind : SolverKind.values()) {
            World world = new World(WorldDef.builder().solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1)
                    .iterations(10).sleeping(false).build());
            Stacks.ground(world);
            Stacks.pyramid(world, 40);
            Bench.Timing timing = Bench.time(() -> {
                world.step();
                return world.contacts().count();
            }, 60, 200);
            System.out.printf(Locale.ROOT, "large pyramid (820 boxes, %d contacts), %s: %s per step%n",
                    world.contacts().count(), kind, timing);
        }
    }
}
