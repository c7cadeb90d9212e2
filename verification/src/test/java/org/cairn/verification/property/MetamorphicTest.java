package org.cairn.verification.property;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.cairn.verification.invariant.SceneCheck;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Metamorphic relations on generated scenes: moving the whole scene 100 m away, turning it about
 * the gravity axis, or creating its bodies in another order must not change what happens, beyond
 * rounding that contacts then amplify. Compared body by body (by name) after {@link #STEPS} steps
 * (0.5 s), with the transform undone: the largest position difference must stay under 1 mm.
 *
 * <p>The scenes are the dropped, stacked and bouncing families, where bodies meet the ground and
 * rest on each other. Where moving bodies hit each other (thrown, sliding, weightless), the
 * outcome of near-simultaneous impacts depends on the order the solver visits the contacts (as in
 * every sequential-impulse solver, Gauss–Seidel is not symmetric), so a turned or reordered scene
 * may end up centimetres away; {@link #collidingScenesDivergeByOrder()} measures that, for the record.
 */
class MetamorphicTest {
    static final int STEPS = 30;
    private static final int SCENES = Integer.getInteger("cairn.tries", 40);

    /** Largest position difference over the scenes, between the plain and the transformed generator. */
    private static final String[] GENTLE = {"dropped", "stacked", "bouncing"};

    private static double largestDifference(LongFunction<SceneGenerator> transformed, double yaw, Vector3d offset) {
        return largestDifference(GENTLE, transformed, yaw, offset);
    }

    private static double largestDifference(String[] families, LongFunction<SceneGenerator> transformed, double yaw,
                                            Vector3d offset) {
        long base = PropertyRunner.baseSeed(2000);
        double worst = 0;
        for (int n = 0; n < SCENES; n++) {
            long seed = base + n;
            GeneratedScene plain = new SceneGenerator("soft", "").only(families).generate(Choices.fromSeed(seed));
            GeneratedScene moved = transformed.apply(seed).only(families).generate(Choices.fromSeed(seed));
            SceneDef.Built a = SceneCheck.build("plain", plain.text()), b = SceneCheck.build("moved", moved.text());
            for (int s = 0; s < STEPS; s++) {
                a.world().step();
                b.world().step();
            }
            Quaterniond back = new Quaterniond().rotateY(-yaw);
            for (Map.Entry<String, BodyId> e : a.bodies().entrySet()) {
                Vector3d pa = a.world().position(e.getValue(), new Vector3d());
                Vector3d pb = back.transform(b.world().position(b.bodies().get(e.getKey()), new Vector3d()).sub(offset));
                worst = Math.max(worst, pa.distance(pb));
            }
        }
        return worst;
    }

    /**
     * 100 m away along (1, 1, 1)/√3·100: rounding of coordinates 100 times larger; within 0.25 mm
     * after 0.5 s (measured over the default 40 scenes: 0.068 mm).
     */
    @Test
    void movingTheSceneFarAwayChangesNothingBeyondRounding() {
        Vector3d offset = new Vector3d(57.735, 57.735, 57.735);
        double d = largestDifference(seed -> new SceneGenerator("soft", "").transformed(offset.x, offset.y, offset.z, 0), 0,
                offset);
        System.out.printf(Locale.ROOT, "translated by 100 m: largest difference after %d steps %.3g m over %d scenes%n", STEPS,
                d, SCENES);
        assertTrue(d < 2.5e-4, "difference " + d);
    }

    /** Turned by 1 rad about y (gravity): the same motion turned; within 15 µm after 0.5 s (measured: 3.8 µm). */
    @Test
    void turningTheSceneAboutGravityTurnsTheMotion() {
        double d = largestDifference(seed -> new SceneGenerator("soft", "").transformed(0, 0, 0, 1.0), 1.0, new Vector3d());
        System.out.printf(Locale.ROOT, "turned by 1 rad: largest difference after %d steps %.3g m over %d scenes%n", STEPS, d,
                SCENES);
        assertTrue(d < 1.5e-5, "difference " + d);
    }

    /** Bodies created in a shuffled order: the same motion; within 0.25 mm after 0.5 s (measured: 0.079 mm). */
    @Test
    void creationOrderDoesNotMatter() {
        double d = largestDifference(seed -> new SceneGenerator("soft", "").permuted(seed), 0, new Vector3d());
        System.out.printf(Locale.ROOT, "bodies shuffled: largest difference after %d steps %.3g m over %d scenes%n", STEPS, d,
                SCENES);
        assertTrue(d < 2.5e-4, "difference " + d);
    }

    /**
     * Thrown, sliding and weightless scenes with their bodies shuffled: centimetres apart, not metres
     * (see the class comment; measured: 8.6 cm).
     */
    @Test
    void collidingScenesDivergeByOrder() {
        double d = largestDifference(new String[] {"thrown", "sliding", "weightless"},
                seed -> new SceneGenerator("soft", "").permuted(seed), 0, new Vector3d());
        System.out.printf(Locale.ROOT, "colliding scenes, bodies shuffled: largest difference after %d steps %.3g m%n", STEPS, d);
        assertTrue(d < 0.3, "same physics in another order: centimetres, not metres: " + d);
    }
}
