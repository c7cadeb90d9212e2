package org.cairn.verification.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;

/**
 * Energy and momentum drift over long runs of scenes whose conserved quantities are known: a
 * tumbling box with no gravity (energy and |L| conserved exactly), a projectile for 5 s (energy
 * conserved in the exact solution; semi-implicit Euler loses ½·g²·h² per unit mass per substep), a ball
 * bouncing with e = 1 on the ground (energy conserved by the exact solution), and two spheres
 * colliding head-on with no gravity (momentum conserved; energy too, elastic). Each at 60 Hz with
 * 1, 2 and 4 substeps. Prints a markdown table.
 */
public final class ConservationExperiment {
    private ConservationExperiment() {
    }

    /** One row: a scene at a substep count, and its drifts relative to the start. */
    public record Row(String scene, int substeps, int steps, double energyDrift, double momentumDrift,
                      double angularMomentumDrift) {
    }

    private interface Scene {
        List<BodyId> build(World world);
    }

    /** Runs every scene for {@code steps} steps at 1, 2 and 4 substeps. */
    public static List<Row> run(int steps) {
        List<Row> rows = new ArrayList<>();
        Object[][] scenes = {
            {"tumbling box, no gravity", false, (Scene) ConservationExperiment::tumbler},
            {"projectile, first 5 s", true, (Scene) ConservationExperiment::projectile},
            {"ball bouncing, e = 1", true, (Scene) ConservationExperiment::bouncer},
            {"head-on spheres, e = 1, no gravity", false, (Scene) ConservationExperiment::headOn},
        };
        for (Object[] scene : scenes) {
            for (int substeps : new int[] {1, 2, 4}) {
                // The projectile falls for ever: after 40 s it would reach the 400 m/s speed cap.
                int n = ((String) scene[0]).startsWith("projectile") ? Math.min(steps, 300) : steps;
                rows.add(measure((String) scene[0], (Boolean) scene[1], (Scene) scene[2], substeps, n));
            }
        }
        return rows;
    }

    private static Row measure(String name, boolean gravity, Scene scene, int substeps, int steps) {
        World world = new World(WorldDef.builder().gravity(0, gravity ? -9.81 : 0, 0).substeps(substeps).sleeping(false)
                .build());
        scene.build(world);
        double e0 = world.kineticEnergy() + world.potentialEnergy();
        Vector3d p0 = world.linearMomentum(new Vector3d());
        Vector3d l0 = world.angularMomentum(new Vector3d(), new Vector3d());
        double worstE = 0, worstP = 0, worstL = 0;
        Vector3d p = new Vector3d(), l = new Vector3d();
        for (int i = 0; i < steps; i++) {
            world.step();
            double e = world.kineticEnergy() + world.potentialEnergy();
            worstE = Math.max(worstE, Math.abs(e - e0) / Math.abs(e0));
            if (!gravity) {
                worstP = Math.max(worstP, world.linearMomentum(p).distance(p0) / Math.max(p0.length(), 1e-300));
                worstL = Math.max(worstL, world.angularMomentum(new Vector3d(), l).distance(l0) / Math.max(l0.length(), 1e-300));
            }
        }
        return new Row(name, substeps, steps, worstE, gravity ? Double.NaN : worstP, gravity ? Double.NaN : worstL);
    }

    private static List<BodyId> tumbler(World world) {
        BodyId box = world.createBody(BodyDef.builder().position(0, 5, 0).angularVelocity(0.3, 2.0, 0.1).build());
        world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.3, 0.1));
        return List.of(box);
    }

    private static List<BodyId> projectile(World world) {
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0, 0).linearVelocity(3, 20, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.1));
        return List.of(ball);
    }

    private static List<BodyId> bouncer(World world) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().restitution(1).build(), new Box(20, 0.5, 20));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 2, 0).build());
        world.createShape(ball, ShapeDef.builder().restitution(1).build(), new Sphere(0.25));
        return List.of(ball);
    }

    private static List<BodyId> headOn(World world) {
        BodyId a = world.createBody(BodyDef.builder().position(-2, 0, 0).linearVelocity(3, 0, 0).build());
        world.createShape(a, ShapeDef.builder().restitution(1).friction(0).build(), new Sphere(0.5));
        BodyId b = world.createBody(BodyDef.builder().position(2, 0, 0).linearVelocity(-0.5, 0, 0).build());
        world.createShape(b, ShapeDef.builder().restitution(1).friction(0).density(3000).build(), new Sphere(0.5));
        return List.of(a, b);
    }

    /** The rows as a markdown table. */
    public static String markdown(List<Row> rows) {
        StringBuilder out = new StringBuilder("| scene | substeps | steps | largest energy drift | largest momentum drift "
                + "| largest angular momentum drift |\n| --- | --- | --- | --- | --- | --- |\n");
        for (Row r : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %d | %.3g | %s | %s |%n", r.scene(), r.substeps(), r.steps(),
                    r.energyDrift(), Double.isNaN(r.momentumDrift()) ? "–" : String.format(Locale.ROOT, "%.3g",
                            r.momentumDrift()), Double.isNaN(r.angularMomentumDrift()) ? "–"
                            : String.format(Locale.ROOT, "%.3g", r.angularMomentumDrift())));
        }
        return out.toString();
    }

    /** Prints the table for 10 000 steps (about 2.8 minutes of simulated time). */
    public static void main(String[] args) {
        System.out.print(markdown(run(args.length > 0 ? Integer.parseInt(args[0]) : 10_000)));
    }
}
