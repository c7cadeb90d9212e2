package org.cairn.verification.property;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.Contacts;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.cairn.verification.invariant.SceneCheck;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Metamorphic relations on generated scenes: moving the whole scene 100 m away, turning it about
 * the gravity axis, or creating its bodies in another order must not change what happens beyond
 * rounding. Compared body by body (by name) after {@link #STEPS} steps (0.5 s), with the transform
 * undone; the largest position difference of each scene is one sample.
 *
 * <p>Rounding does not always stay small. A scene can sit on one of the step's decisions (a
 * contact found or not, a point of a manifold let go or not) closely enough for rounding to tip
 * it, and then the two runs part. Over the default 40 scenes none does; over thousands a few do (a
 * few in a thousand). So each relation asks that all but 1 % of the scenes stay within
 * {@link #ROUNDING} (none of 40 may exceed it) and that none goes beyond a physical bound.
 *
 * <p>The order of creation is the order the passes meet the contacts in, and where bodies push on
 * each other a Gauss–Seidel pass shares a multi-body impact by that order (docs/solver.md, "a
 * column that lands bounces"). So creation order is held to rounding only in scenes where no two
 * dynamic bodies pushed on each other; the others are held to {@link #ORDERED_IMPACTS}.
 */
class MetamorphicTest {
    static final int STEPS = 30;
    private static final int SCENES = Integer.getInteger("cairn.tries", 40);
    /**
     * Differences of rounding, m: over 3000 scenes (seeds 2000, 5000 and 9000, 1000 each) the 99th
     * percentile was at most 2.1e-12 m moved and 4.3e-12 m turned, and every scene of the default 40
     * stays below 1e-11 m.
     */
    private static final double ROUNDING = 1e-10;
    /**
     * A tipped decision, m: over the same 3000 scenes the largest difference was 3.0e-6 m moved and
     * 0.27 mm turned, each in one scene.
     */
    private static final double TIPPED = 1e-3;
    /**
     * Scenes where bodies pushed on each other, in another order, m: over the same 3000 scenes of
     * each kind at most 0.10 m where bodies were dropped, stacked or bounced, and 1.24 m where they
     * were thrown, slid or flew without gravity (about a quarter of the way one can travel in 0.5 s).
     */
    private static final double ORDERED_IMPACTS = 3.0;

    private static final String[] GENTLE = {"dropped", "stacked", "bouncing"};
    private static final String[] COLLIDING = {"thrown", "sliding", "weightless"};

    /** Each scene's largest difference, and whether two dynamic bodies pushed on each other in it. */
    private record Sample(double difference, boolean bodiesPushed) {
    }

    private static List<Sample> compare(String[] families, LongFunction<SceneGenerator> transformed, double yaw,
                                        Vector3d offset) {
        long base = PropertyRunner.baseSeed(2000);
        List<Sample> samples = new ArrayList<>();
        Quaterniond back = new Quaterniond().rotateY(-yaw);
        for (int n = 0; n < SCENES; n++) {
            long seed = base + n;
            GeneratedScene plain = new SceneGenerator("soft", "").only(families).generate(Choices.fromSeed(seed));
            GeneratedScene moved = transformed.apply(seed).only(families).generate(Choices.fromSeed(seed));
            SceneDef.Built a = SceneCheck.build("plain", plain.text()), b = SceneCheck.build("moved", moved.text());
            boolean pushed = false;
            for (int s = 0; s < STEPS; s++) {
                a.world().step();
                b.world().step();
                pushed |= bodiesPushed(a.world());
            }
            double worst = 0;
            for (Map.Entry<String, BodyId> e : a.bodies().entrySet()) {
                Vector3d pa = a.world().position(e.getValue(), new Vector3d());
                Vector3d pb = back.transform(b.world().position(b.bodies().get(e.getKey()), new Vector3d()).sub(offset));
                worst = Math.max(worst, pa.distance(pb));
            }
            samples.add(new Sample(worst, pushed));
        }
        return samples;
    }

    /** Whether a contact between two dynamic bodies pushed in the last step. */
    private static boolean bodiesPushed(World world) {
        Contacts contacts = world.contacts();
        for (int i = 0; i < contacts.count(); i++) {
            if (world.type(contacts.bodyA(i)) != BodyType.DYNAMIC || world.type(contacts.bodyB(i)) != BodyType.DYNAMIC) {
                continue;
            }
            for (int k = 0; k < contacts.pointCount(i); k++) {
                if (contacts.normalImpulse(i, k) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The differences, ascending. */
    private static List<Double> differences(List<Sample> samples) {
        List<Double> d = new ArrayList<>();
        samples.forEach(s -> d.add(s.difference()));
        Collections.sort(d);
        return d;
    }

    /**
     * All but 1 % of the differences (none of fewer than 100) within {@code rounding}, and all within
     * {@code bound}; prints how they fall.
     */
    private static void assertRounding(String relation, List<Double> d, double rounding, double bound) {
        long beyond = d.stream().filter(x -> x > rounding).count();
        double largest = d.isEmpty() ? 0 : d.get(d.size() - 1);
        System.out.printf(Locale.ROOT, "%s: %d scenes, %d beyond %.0e m, largest difference after %d steps %.3g m%n",
                relation, d.size(), beyond, rounding, STEPS, largest);
        assertTrue(beyond <= d.size() / 100, relation + ": " + beyond + " of " + d.size() + " scenes beyond rounding");
        assertTrue(largest <= bound, relation + ": a scene ended " + largest + " m away");
    }

    /** 100 m away along (1, 1, 1)/√3·100: coordinates 100 times larger round differently, and no more. */
    @Test
    void movingTheSceneFarAwayChangesNothingBeyondRounding() {
        Vector3d offset = new Vector3d(57.735, 57.735, 57.735);
        List<Sample> samples = compare(GENTLE,
                seed -> new SceneGenerator("soft", "").transformed(offset.x, offset.y, offset.z, 0), 0, offset);
        assertRounding("translated by 100 m", differences(samples), ROUNDING, TIPPED);
    }

    /** Turned by 1 rad about y (gravity): the same motion turned. */
    @Test
    void turningTheSceneAboutGravityTurnsTheMotion() {
        List<Sample> samples = compare(GENTLE, seed -> new SceneGenerator("soft", "").transformed(0, 0, 0, 1.0), 1.0,
                new Vector3d());
        assertRounding("turned by 1 rad", differences(samples), ROUNDING, TIPPED);
    }

    /**
     * Bodies created in a shuffled order, dropped, stacked and bouncing: where no two bodies pushed
     * on each other, the same motion to rounding; where they did, within {@link #ORDERED_IMPACTS}.
     */
    @Test
    void creationOrderChangesOnlyHowBodiesThatMeetShareTheirPushes() {
        assertOrder("dropped, stacked, bouncing", GENTLE);
    }

    /** The same for thrown, sliding and weightless bodies, which hit each other far more often. */
    @Test
    void creationOrderChangesOnlyHowThrownBodiesThatMeetShareTheirPushes() {
        assertOrder("thrown, sliding, weightless", COLLIDING);
    }

    private static void assertOrder(String families, String[] names) {
        List<Sample> samples = compare(names, seed -> new SceneGenerator("soft", "").permuted(seed), 0, new Vector3d());
        List<Sample> apart = new ArrayList<>(), met = new ArrayList<>();
        samples.forEach(s -> (s.bodiesPushed() ? met : apart).add(s));
        assertTrue(!apart.isEmpty() && !met.isEmpty(), "both kinds of scene among " + samples.size());
        assertRounding(families + ", shuffled, bodies apart", differences(apart), ROUNDING, TIPPED);
        List<Double> d = differences(met);
        double largest = d.get(d.size() - 1), median = d.get(d.size() / 2);
        System.out.printf(Locale.ROOT, "%s, shuffled, bodies met: %d scenes, median %.3g m, largest %.3g m%n", families,
                d.size(), median, largest);
        assertTrue(largest <= ORDERED_IMPACTS, "a shuffled scene ended " + largest + " m away");
    }
}
