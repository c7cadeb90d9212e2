package org.cairn.verification.bench;

import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;

/**
 * What sleeping bodies cost: 10 000 unit boxes resting apart on one ground slab, settled for 2 s,
 * then the median whole-step time asleep against the same world kept awake. Asleep, a body is not
 * visited by any stage (only the awake islands' bodies are listed), nor is its contact (the step
 * finds contacts through its awake bodies' contact lists).
 *
 * <p>Run: {@code mvn -B -ntp -q install -DskipTests && mvn -B -ntp -q -pl verification exec:java
 * -Dexec.mainClass=org.cairn.verification.bench.SleepBenchmark}
 */
public final class SleepBenchmark {
    private static final int SIDE = 100;

    private SleepBenchmark() {
    }

    private static World settled(boolean sleeping) {
        World world = new World(WorldDef.builder().sleeping(sleeping).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(200, 0.5, 200));
        for (int i = 0; i < SIDE; i++) {
            for (int j = 0; j < SIDE; j++) {
                BodyId box = world.createBody(BodyDef.builder().position(-150 + 3 * i, 0.5, -150 + 3 * j).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        return world;
    }

    public static void main(String[] args) {
        World asleep = settled(true);
        Bench.Timing sleeping = Bench.time(() -> {
            asleep.step();
            return asleep.stepCount();
        }, 30, 300);
        World awake = settled(false);
        Bench.Timing working = Bench.time(() -> {
            awake.step();
            return awake.stepCount();
        }, 5, 40);
        System.out.printf(Locale.ROOT, "%d boxes resting apart: asleep %s, awake %s per step: asleep costs %.2f %%%n",
                SIDE * SIDE, sleeping, working, 100 * sleeping.medianMs() / working.medianMs());
    }
}
