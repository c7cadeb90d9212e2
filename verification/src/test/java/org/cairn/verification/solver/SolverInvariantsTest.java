package org.cairn.verification.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.Contacts;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Random scenes (boxes, spheres, capsules and hulls dropped, stacked and thrown; random friction,
 * restitution and densities with mass ratios up to 100), checked after every step: Pn ≥ 0 on every
 * point; the friction impulse within μ·Pn (1e-9 relative); finite state; unit quaternions; and
 * mechanical energy never above its start by more than the energy of lifting the whole scene by
 * {@link #ENERGY_TOLERANCE_METERS}. A failure names its seed, which {@code -Dcairn.seed=N} replays.
 *
 * <p>Nothing here does work (restitution ≤ 1, no kinematic bodies), and semi-implicit Euler under
 * gravity loses ½·g²·h² per unit mass per step, so energy should only fall. The bound, 1 mm of
 * lift, leaves room for soft contacts pushing out small overlaps; measured: energy never rose above
 * its start in any step of these scenes (60 scenes of each solver with {@code -Dcairn.tries=60}).
 * This test found a real fault: continuous collision that put a touching, spinning body back to
 * its start pose every step while gravity kept adding speed (the scene's energy grew without
 * bound); a time of impact of zero is now never taken.
 */
class SolverInvariantsTest {
    static final double ENERGY_TOLERANCE_METERS = 0.001;
    private static final int SCENES = Integer.getInteger("cairn.tries", 12);
    private static final int STEPS = 240;

    record Scene(World world, Map<Integer, Double> frictionByBody, List<BodyId> bodies) {
    }

    static Scene generate(long seed, SolverKind kind) {
        return generate(seed, kind, b -> b);
    }

    static Scene generate(long seed, SolverKind kind, java.util.function.UnaryOperator<WorldDef.Builder> tweak) {
        Random random = new Random(seed);
        World world = new World(tweak.apply(WorldDef.builder().solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1))
                .build());
        Map<Integer, Double> friction = new HashMap<>();
        double groundFriction = random.nextDouble();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(groundFriction).restitution(random.nextDouble()).build(),
                new Box(20, 0.5, 20));
        friction.put(ground.index(), groundFriction);
        List<BodyId> bodies = new ArrayList<>();
        int count = 5 + random.nextInt(20);
        for (int i = 0; i < count; i++) {
            // On a 1.5 m grid, several layers up; every shape fits in a 0.7 m ball, so nothing starts
            // overlapping (a start in overlap would be pushed out, which is work done).
            double x = -3 + 1.5 * (i % 5), z = -3 + 1.5 * ((i / 5) % 5), y = 0.8 + 1.5 * (i / 25) + random.nextDouble();
            boolean thrown = random.nextInt(4) == 0;
            BodyId body = world.createBody(BodyDef.builder().position(x, y, z)
                    .rotation(new Quaterniond().rotateXYZ(random.nextDouble(), random.nextDouble(), random.nextDouble()))
                    .linearVelocity(thrown ? random.nextGaussian() * 4 : 0, thrown ? random.nextDouble() * 3 : 0,
                            thrown ? random.nextGaussian() * 4 : 0)
                    .angularVelocity(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()).build());
            double mu = random.nextDouble();
            // Densities spread over a factor of 100.
            double density = 100 * Math.pow(100, random.nextDouble());
            world.createShape(body, ShapeDef.builder().friction(mu).restitution(random.nextDouble()).density(density).build(),
                    randomShape(random));
            friction.put(body.index(), mu);
            bodies.add(body);
        }
        return new Scene(world, friction, bodies);
    }

    private static Shape randomShape(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> new Box(0.15 + 0.25 * random.nextDouble(), 0.15 + 0.25 * random.nextDouble(),
                    0.15 + 0.25 * random.nextDouble());
            case 1 -> new Sphere(0.2 + 0.3 * random.nextDouble());
            case 2 -> new Capsule(0.1 + 0.3 * random.nextDouble(), 0.1 + 0.2 * random.nextDouble());
            default -> {
                double[] xyz = new double[3 * 10];
                for (int k = 0; k < xyz.length; k++) {
                    xyz[k] = Math.max(-0.4, Math.min(0.4, random.nextGaussian() * 0.3));
                }
                yield ConvexHull.of(xyz);
            }
        };
    }

    /** Counters of one checked run. */
    static final class Tally {
        int points;
        double worstRise = -Double.MAX_VALUE;
    }

    /** Steps the scene, checking every invariant after every step; returns the first violation, or null. */
    static String firstViolation(Scene scene, String label, Tally tally) {
        World world = scene.world();
        double e0 = world.kineticEnergy() + world.potentialEnergy();
        double totalMass = 0;
        for (BodyId body : scene.bodies()) {
            totalMass += world.mass(body);
        }
        // Energy rise measured as the height the whole scene's mass would have to be lifted.
        double scale = totalMass * 9.81;
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int step = 1; step <= STEPS; step++) {
            world.step();
            String where = label + " step " + step;
            Contacts contacts = world.contacts();
            for (int i = 0; i < contacts.count(); i++) {
                double mu = Math.sqrt(scene.frictionByBody().get(contacts.bodyA(i).index())
                        * scene.frictionByBody().get(contacts.bodyB(i).index()));
                for (int k = 0; k < contacts.pointCount(i); k++) {
                    double pn = contacts.normalImpulse(i, k);
                    double t1 = contacts.tangentImpulse(i, k, 0), t2 = contacts.tangentImpulse(i, k, 1);
                    if (!(pn >= 0)) {
                        return "Pn = " + pn + " < 0 at " + where + ", contact " + i + " point " + k;
                    }
                    double pt = Math.hypot(t1, t2);
                    if (pt > mu * pn * (1 + 1e-9) + 1e-12) {
                        return "|Pt| = " + pt + " > μ·Pn = " + mu * pn + " at " + where + ", contact " + i + " point " + k;
                    }
                    tally.points++;
                }
            }
            for (BodyId body : scene.bodies()) {
                if (!world.position(body, v).isFinite()) {
                    return "non-finite position at " + where;
                }
                world.rotation(body, q);
                double norm = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
                if (Math.abs(norm - 1) > 1e-9) {
                    return "quaternion norm " + norm + " at " + where;
                }
            }
            double rise = (world.kineticEnergy() + world.potentialEnergy() - e0) / scale;
            tally.worstRise = Math.max(tally.worstRise, rise);
            if (rise > ENERGY_TOLERANCE_METERS) {
                return "energy rose by the equivalent of lifting the scene " + rise + " m at " + where;
            }
        }
        return null;
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void invariantsHoldAfterEveryStep(SolverKind kind) {
        long base = Long.getLong("cairn.seed", 1000L);
        Tally tally = new Tally();
        for (int n = 0; n < SCENES; n++) {
            long seed = base + n;
            String violation = firstViolation(generate(seed, kind), kind + " seed " + seed, tally);
            if (violation != null) {
                fail(violation + " (replay with -Dcairn.seed=" + seed + " -Dcairn.tries=1)");
            }
        }
        System.out.printf("%s: %d scenes × %d steps, %d contact points checked, worst energy rise %.2e m of lift%n", kind,
                SCENES, STEPS, tally.points, tally.worstRise);
    }

    /**
     * The checks catch a real fault: with seed 000's pitfall switched on (clamping each increment
     * instead of the accumulated impulse, so no contact can take back a push), a generated scene
     * gains energy. (The other pitfall, restitution at any approach speed, makes resting bouncy
     * bodies jitter without gaining energy; catching it needs a rest-stays-at-rest check, not yet
     * here.)
     */
    @org.junit.jupiter.api.Test
    void theChecksCatchClampedIncrements() {
        String found = null;
        for (long seed = 1000; seed < 1000 + 3 * SCENES && found == null; seed++) {
            found = firstViolation(generate(seed, SolverKind.SOFT_STEP, b -> b.experimentalClampIncrements(true)),
                    "clamped increments, seed " + seed, new Tally());
        }
        System.out.println("clamped increments: " + found);
        assertTrue(found != null, "clamped increments went unnoticed");
    }
}
