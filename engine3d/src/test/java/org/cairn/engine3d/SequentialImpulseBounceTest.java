package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sequential impulses bounce a ball as high as restitution allows and no higher: dropped from h, it
 * rises to e²·h (Newton's law of restitution at the impact, then free flight), bounce after bounce,
 * at one substep and at four.
 */
class SequentialImpulseBounceTest {
    private static final double G = 9.81, R = 0.1, H = 2.0;

    /** Tops of the first {@code bounces} rebounds, m above the ground. */
    private static double[] tops(double e, int substeps, int bounces) {
        World world = new World(WorldDef.builder().solver(SolverKind.SEQUENTIAL_IMPULSE).substeps(substeps)
                .gravity(0, -G, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().restitution(e).friction(0).build(), new Box(5, 0.5, 5));
        BodyId ball = world.createBody(BodyDef.builder().position(0, R + H, 0).build());
        world.createShape(ball, ShapeDef.builder().restitution(e).friction(0).build(), new Sphere(R));
        double[] tops = new double[bounces];
        Vector3d p = new Vector3d(), v = new Vector3d();
        int found = 0;
        double previous = 0;
        boolean rising = false;
        for (int step = 0; step < 60 * 30 && found < bounces; step++) {
            world.step();
            world.linearVelocity(ball, v);
            if (v.y > 0) {
                rising = true;
            } else if (rising && previous > 0) {
                tops[found++] = world.position(ball, p).y - R;
                rising = false;
            }
            previous = v.y;
        }
        return tops;
    }

    @ParameterizedTest(name = "e = {0}, {1} substeps")
    @CsvSource({"1.0, 1", "1.0, 4", "0.95, 1", "0.95, 4", "0.8, 4", "0.5, 1", "0.5, 4", "0.2, 4"})
    void aDroppedBallRisesToRestitutionSquaredTimesItsHeight(double e, int substeps) {
        double[] tops = tops(e, substeps, 3);
        double expected = e * e * H;
        System.out.printf("SI, e = %.2f, %d substeps: tops %.4f %.4f %.4f m, first expected %.4f m%n", e, substeps, tops[0],
                tops[1], tops[2], expected);
        // Measured: every first top within 1.9 mm of e²·h (a top is read at the end of a step, a
        // little below the true apex); before, 4 substeps rose 3.8 % (e = 1) to 24 % (e = 0.2)
        // above it, and one substep 4.6 % at e = 0.5.
        assertTrue(Math.abs(tops[0] - expected) < 0.006, "first top " + tops[0] + " m, expected " + expected);
        // Later bounces follow e² of the one before, never more (plus the read-out's few mm).
        for (int k = 1; k < tops.length; k++) {
            assertTrue(tops[k] <= e * e * tops[k - 1] + 0.003, "bounce " + k + " rose to " + tops[k] + " m after "
                    + tops[k - 1]);
        }
    }

    /**
     * A tetrahedron thrown sideways onto a bouncy ground lands on a vertex, and friction there
     * reverses its spin while the bounce acts: aiming at Newton's target in every iteration gave it
     * 0.24 J more than its 10.54 J start within 48 steps (Kane's paradox; the property suite's
     * seed 2420). Under Poisson's cap its energy never rises above the start but by rounding
     * (measured: 1.8e-15 J over 300 steps; the bound, 1e-12 J, is the rounding of a 10 J sum).
     */
    @Test
    void aTumblingTetrahedronOnABouncyGroundGainsNoEnergy() {
        World world = new World(WorldDef.builder().solver(SolverKind.SEQUENTIAL_IMPULSE).substeps(1).iterations(10)
                .gravity(0, -G, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.03424263000488281)
                .restitution(0.9405765533447266).build(), new Box(20, 0.5, 20));
        BodyId body = world.createBody(BodyDef.builder().position(-3, 0.8689685821533203, -3)
                .linearVelocity(2.2929153442382812, 0, 0).build());
        // A tetrahedron of 1/60 m³ at 60 kg/m³: 1 kg.
        world.createShape(body, ShapeDef.builder().density(60).friction(0.7628927230834961).restitution(0).build(),
                ConvexHull.of(0.3, 0, 0, -0.2, 0.25, 0, -0.2, -0.25, 0.2, -0.2, -0.25, -0.2));
        double start = world.kineticEnergy() + world.potentialEnergy();
        double worst = Double.NEGATIVE_INFINITY;
        for (int step = 1; step <= 300; step++) {
            world.step();
            worst = Math.max(worst, world.kineticEnergy() + world.potentialEnergy() - start);
        }
        System.out.printf("SI, tumbling tetrahedron on e = 0.94: largest energy rise %.3e J of %.3f J%n", worst, start);
        assertTrue(worst < 1e-12, "energy rose " + worst + " J above its start " + start + " J");
    }
}
