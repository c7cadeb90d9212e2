package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.junit.jupiter.api.Test;

/**
 * A ragdoll (head, torso, pelvis, arms and legs in two parts each; ball joints with cone and twist
 * limits at the neck, spine, shoulders and hips, hinges with limits at the elbows and knees)
 * dropped or thrown from 2 m onto the ground: it comes to rest with every limit respected and
 * falls asleep. Its ball joints have 1 N·m of friction, as examples/scenes/ragdoll.scene's do:
 * without it, a head now and then swings on along its neck's cone.
 */
class RagdollTest {
    private final List<JointId> joints = new ArrayList<>();
    /** Per joint, its limits as created: twist or angle lower and upper, cone (rad). */
    private final java.util.Map<JointId, double[]> limits = new java.util.HashMap<>();
    /** The ball joints' friction torque, N·m: the example scene's. */
    private double ballFriction = 1.0;

    private static BodyId part(World world, double x, double y, Shape shape, double vx, double vz) {
        BodyId b = world.createBody(BodyDef.builder().position(x, y, 0).linearVelocity(vx, 0, vz).build());
        world.createShape(b, ShapeDef.builder().density(1000).friction(0.8).build(), shape);
        return b;
    }

    private void ball(World world, BodyId a, BodyId b, double x, double y, double ax, double ay, double cone,
                      double twist) {
        JointId j = world.createJoint(JointDef.builder(JointKind.BALL, a, b).anchor(x, y, 0).axis(ax, ay, 0)
                .cone(Math.toRadians(cone)).limits(Math.toRadians(-twist), Math.toRadians(twist)).friction(ballFriction).build());
        joints.add(j);
        limits.put(j, new double[] {Math.toRadians(-twist), Math.toRadians(twist), Math.toRadians(cone)});
    }

    private void hinge(World world, BodyId a, BodyId b, double x, double y, double lower, double upper) {
        JointId j = world.createJoint(JointDef.builder(JointKind.HINGE, a, b).anchor(x, y, 0).axis(1, 0, 0)
                .limits(Math.toRadians(lower), Math.toRadians(upper)).build());
        joints.add(j);
        limits.put(j, new double[] {Math.toRadians(lower), Math.toRadians(upper), Double.NaN});
    }

    /** The ragdoll of examples/scenes/ragdoll.scene, 2 m above the ground, every part moving at (vx, 0, vz); its parts into {@code parts}. */
    private World ragdoll(double vx, double vz, List<BodyId> parts) {
        joints.clear();
        limits.clear();
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.8).build(), new Box(10, 0.5, 10));
        double h = 2.0;
        BodyId pelvis = part(world, 0, h + 1.0, new Box(0.15, 0.1, 0.1), vx, vz);
        BodyId torso = part(world, 0, h + 1.35, new Box(0.18, 0.2, 0.1), vx, vz);
        BodyId head = part(world, 0, h + 1.7, new Sphere(0.1), vx, vz);
        ball(world, pelvis, torso, 0, h + 1.12, 0, 1, 20, 20);
        ball(world, torso, head, 0, h + 1.57, 0, 1, 30, 40);
        parts.addAll(List.of(pelvis, torso, head));
        for (int side = -1; side <= 1; side += 2) {
            BodyId upperArm = part(world, 0.25 * side, h + 1.35, new Capsule(0.1, 0.05), vx, vz);
            BodyId lowerArm = part(world, 0.25 * side, h + 1.0, new Capsule(0.1, 0.045), vx, vz);
            BodyId thigh = part(world, 0.09 * side, h + 0.7, new Capsule(0.14, 0.06), vx, vz);
            BodyId shin = part(world, 0.09 * side, h + 0.3, new Capsule(0.14, 0.05), vx, vz);
            ball(world, torso, upperArm, 0.25 * side, h + 1.5, 0, -1, 80, 45);
            hinge(world, upperArm, lowerArm, 0.25 * side, h + 1.17, -140, 0);
            ball(world, pelvis, thigh, 0.09 * side, h + 0.9, 0, -1, 50, 30);
            hinge(world, thigh, shin, 0.09 * side, h + 0.5, 0, 130);
            parts.addAll(List.of(upperArm, lowerArm, thigh, shin));
        }
        return world;
    }

    /**
     * Dropped straight, the ragdoll lands on its feet with its knees straight against their limits
     * and the load along its legs, so nothing turns it, and it falls asleep standing. Measured: no
     * limit passed by 0.001°, asleep at step 70, with joint friction or without. (With each limit
     * solved joint by joint the knees gave, 2.34° past a hinge's limit, and it folded up, asleep
     * at step 223.)
     */
    @Test
    void aRagdollDroppedStraightLandsOnItsFeetWithinItsLimitsAndSleeps() {
        sleepsWithinItsLimits(0, 0, "dropped", 0.01);
    }

    /**
     * Thrown (every part at 1.5 m/s forwards and 0.4 m/s sideways, the example scene's throw), it
     * lands, trips and tumbles over. Measured: at most 0.44° past a limit while it tumbles (the
     * spine's cone, at step 63; limits push back at no more than 0.3 rad/s), 0.0000° at rest,
     * asleep after 153 steps (2.6 s). Without joint friction: 0.53° (the neck's cone) and 170
     * steps; 0.65° and 158 steps with its parts put back one by one by the sweeps (with the
     * trees swept to 1e-6 rad/s then). With each limit
     * solved joint by joint, pushing with the mass of its own two bodies: 6.58° (the neck's cone)
     * and 160 steps; with the ground's pushes on the ragdoll
     * solved with each part's own mass rather than the tree's, 1.86° and 179 steps. How far a limit
     * gives in one tumble depends on how the ragdoll happens to land (this one measured 0.98°
     * before the limits were swept until they settled, nothing else changed), so {@link
     * #thrownTwentyFourWaysRagdollsKeepTheirLimitsToAFewDegreesAndSleep} judges 24 together.
     */
    @Test
    void aThrownRagdollGivesALimitAFewDegreesAtMostComesToRestWithinThemAndSleeps() {
        sleepsWithinItsLimits(1.5, 0.4, "thrown", 3);
    }

    /**
     * The ragdoll launched at (vx, 0, vz) m/s: no limit passed by {@code worstDegrees} while it
     * moves, none by 0.001° at rest, no energy gained after it has landed (the most energy in its
     * last second no more than 1 mJ above the most in the second after 5 s), and asleep.
     */
    private void sleepsWithinItsLimits(double vx, double vz, String label, double worstDegrees) {
        List<BodyId> parts = new ArrayList<>();
        World world = ragdoll(vx, vz, parts);
        Tumble t = tumble(world, parts, label);
        assertTrue(t.worst() < Math.toRadians(worstDegrees), "a limit was passed by " + Math.toDegrees(t.worst()) + "°");
        assertTrue(t.atRest() < Math.toRadians(0.001), "at rest a limit is passed by " + Math.toDegrees(t.atRest()) + "°");
        assertTrue(t.gained() < 1e-3, label + ": energy rose " + t.gained() + " J after landing");
        assertTrue(t.asleepAt() > 0, "the ragdoll never fell asleep");
        for (BodyId part : parts) {
            assertFalse(world.isAwake(part));
        }
    }

    /**
     * Thrown 24 ways (every 15° around, at 0.6 to 1.95 m/s). How far a limit gives in a tumble, and
     * whether the ragdoll is still for good within 10 s, depend on how it happens to land, so the
     * throws are judged together. Measured, the most each tumble passes a limit: median 0.50°,
     * most 2.96°; all 24 asleep within 10 s; no energy in a last second above the most in the
     * second after 5 s (0.36°, 2.96°, 24 with the trees swept to 1e-6 rad/s). Six throws chosen earlier all fell asleep without joint friction; the 24
     * showed that about one in five did not ({@link #withoutJointFrictionAHeadSometimesSwingsOnAlongItsNecksCone}).
     */
    @Test
    void thrownTwentyFourWaysRagdollsKeepTheirLimitsToAFewDegreesAndSleep() {
        Throws t = throwTwentyFourWays();
        assertTrue(t.median() < Math.toRadians(1.5), "median " + Math.toDegrees(t.median()) + "° past a limit");
        assertTrue(t.most() < Math.toRadians(8), "most " + Math.toDegrees(t.most()) + "° past a limit");
        assertTrue(t.asleep() >= 22, t.asleep() + " of 24 asleep within 10 s");
        assertTrue(t.gained() < 0.01, "energy rose " + t.gained() + " J after landing");
    }

    /**
     * The same 24 throws with frictionless joints. Measured: median 0.86°, most 7.78° (the neck's
     * cone); 20 of the 24 asleep within 10 s: in the others the head swings on along its neck's
     * 30° cone, a frictionless joint's pendulum, nudged each swing by the cone's push back; no
     * energy in a last second above the most in the second after 5 s. With the trees swept to
     * 1e-6 rad/s: 1.03°, 7.53°, 19 asleep, 0.0072 J (a swinging head's); with the parts a sweep
     * stopped put back one by one rather than the whole ragdoll: 1.47°, 8.32°, 20, 0.0589 J.
     */
    @Test
    void withoutJointFrictionAHeadSometimesSwingsOnAlongItsNecksCone() {
        ballFriction = 0;
        Throws t = throwTwentyFourWays();
        assertTrue(t.median() < Math.toRadians(3), "median " + Math.toDegrees(t.median()) + "° past a limit");
        assertTrue(t.most() < Math.toRadians(15), "most " + Math.toDegrees(t.most()) + "° past a limit");
        assertTrue(t.asleep() >= 16, t.asleep() + " of 24 asleep within 10 s");
        assertTrue(t.gained() < 0.2, "energy rose " + t.gained() + " J after landing");
    }

    /** What 24 throws measured: the median and the most of each tumble's worst pass of a limit (rad), how many slept, the most energy gained (J). */
    private record Throws(double median, double most, int asleep, double gained) {
    }

    private Throws throwTwentyFourWays() {
        int throwsCount = 24, asleep = 0;
        double[] worst = new double[throwsCount];
        double gained = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < throwsCount; i++) {
            double angle = 2 * Math.PI * i / throwsCount, speed = 0.6 + 0.15 * (i % 10);
            List<BodyId> parts = new ArrayList<>();
            World world = ragdoll(speed * Math.cos(angle), speed * Math.sin(angle), parts);
            Tumble t = tumble(world, parts, String.format("thrown at %.2f m/s towards %.0f°", speed, Math.toDegrees(angle)));
            worst[i] = t.worst();
            gained = Math.max(gained, t.gained());
            asleep += t.asleepAt() > 0 ? 1 : 0;
        }
        java.util.Arrays.sort(worst);
        double median = (worst[throwsCount / 2 - 1] + worst[throwsCount / 2]) / 2, most = worst[throwsCount - 1];
        System.out.printf("ragdolls thrown %d ways, ball joint friction %s N·m: median %.2f°, most %.2f° past a limit; %d asleep within 10 s; "
                + "energy after landing rose %.3g J at most%n", throwsCount, ballFriction, Math.toDegrees(median), Math.toDegrees(most),
                asleep, gained);
        return new Throws(median, most, asleep, gained);
    }

    /**
     * What a tumble measured: the most any limit was passed and the most one is passed at the end
     * (rad), the most energy in the last second less the most in the second after 5 s (J), and the
     * step at which every part was asleep (−1: never).
     */
    private record Tumble(double worst, double atRest, double gained, int asleepAt) {
    }

    /** Steps the ragdoll 10 s and measures it ({@link Tumble}). */
    private Tumble tumble(World world, List<BodyId> parts, String label) {
        double worst = 0, atRest = 0, afterLanding = Double.NEGATIVE_INFINITY, atEnd = Double.NEGATIVE_INFINITY;
        String where = "";
        int asleepAt = -1;
        for (int step = 1; step <= 600; step++) {
            world.step();
            for (JointId j : joints) {
                double past;
                if (world.joints().kind(j) == JointKind.HINGE) {
                    double angle = world.joints().coordinate(j);
                    past = Math.max(lower(world, j) - angle, angle - upper(world, j));
                } else {
                    double twist = world.joints().twist(j);
                    past = Math.max(Math.max(lower(world, j) - twist, twist - upper(world, j)),
                            world.joints().swing(j) - cone(world, j));
                }
                if (step == 600) {
                    atRest = Math.max(atRest, past);
                }
                if (past > worst) {
                    worst = past;
                    where = world.joints().kind(j) + " " + joints.indexOf(j) + " at step " + step
                            + (world.joints().kind(j) == JointKind.BALL ? String.format(" (twist %.1f°, swing %.1f°)",
                            Math.toDegrees(world.joints().twist(j)), Math.toDegrees(world.joints().swing(j))) : "");
                }
            }
            // The most energy in the second after 5 s and in the last second (a swinging part trades
            // its kinetic and potential energy within a swing, so swings are compared by their peaks).
            double energy = world.kineticEnergy() + world.potentialEnergy();
            if (step > 300 && step <= 360) {
                afterLanding = Math.max(afterLanding, energy);
            } else if (step > 540) {
                atEnd = Math.max(atEnd, energy);
            }
            boolean allAsleep = parts.stream().noneMatch(world::isAwake);
            if (allAsleep && asleepAt < 0) {
                asleepAt = step;
            }
        }
        double gained = atEnd - afterLanding;
        System.out.printf("ragdoll %s: worst %.3f° past a limit (%s), at rest %.4f°, asleep at step %d, energy from 5 s to "
                + "10 s %+.3g J%n", label, Math.toDegrees(worst), where, Math.toDegrees(atRest), asleepAt, gained);
        return new Tumble(worst, atRest, gained, asleepAt);
    }

    private double lower(World world, JointId j) {
        return limitsOf(j)[0];
    }

    private double upper(World world, JointId j) {
        return limitsOf(j)[1];
    }

    private double cone(World world, JointId j) {
        return limitsOf(j)[2];
    }

    private double[] limitsOf(JointId j) {
        return limits.get(j);
    }
}
