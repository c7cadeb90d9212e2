package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ballistic motion matches the semi-implicit Euler recurrence exactly, and the continuous parabola
 * within the method's known error ½·g·h·t.
 */
class FreeFallTest {
    private static final double DT = 1.0 / 60.0;

    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4, 8})
    void freeFallFollowsTheRecurrence(int substeps) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).build());
        BodyId ball = world.createBody(BodyDef.builder().position(0, 100, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.25));
        double y = 100, v = 0, h = DT / substeps;
        Vector3d p = new Vector3d(), vel = new Vector3d();
        for (int step = 1; step <= 120; step++) {
            world.step(DT, substeps);
            for (int k = 0; k < substeps; k++) {
                v += h * -9.81;
                y += h * v;
            }
            world.position(ball, p);
            world.linearVelocity(ball, vel);
            assertEquals(y, p.y, 1e-12, "y at step " + step);
            assertEquals(v, vel.y, 1e-12, "v at step " + step);
            assertEquals(0.0, p.x, 0.0);
            double t = step * DT;
            // Discrete minus continuous is exactly −½·g·h·t for this recurrence.
            double continuous = 100 - 0.5 * 9.81 * t * t;
            assertTrue(Math.abs(p.y - continuous) <= 0.5 * 9.81 * h * t * (1 + 1e-9),
                    "within g·h·t/2 of the parabola at t = " + t);
        }
    }

    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 4})
    void thrownProjectileFollowsTheRecurrence(int substeps) {
        double gx = 0, gy = -9.81, gz = 0;
        World world = new World(WorldDef.builder().gravity(gx, gy, gz).build());
        BodyId stone = world.createBody(BodyDef.builder().position(1, 2, 3).linearVelocity(12, 9, -4).build());
        world.createShape(stone, ShapeDef.DEFAULTS, new Sphere(0.1));
        double[] x = {1, 2, 3}, v = {12, 9, -4}, g = {gx, gy, gz};
        double h = DT / substeps;
        Vector3d p = new Vector3d();
        for (int step = 1; step <= 90; step++) {
            world.step(DT, substeps);
            for (int k = 0; k < substeps; k++) {
                for (int a = 0; a < 3; a++) {
                    v[a] += h * g[a];
                    x[a] += h * v[a];
                }
            }
            world.position(stone, p);
            assertEquals(x[0], p.x, 1e-12);
            assertEquals(x[1], p.y, 1e-12);
            assertEquals(x[2], p.z, 1e-12);
            double t = step * DT;
            assertEquals(1 + 12 * t, p.x, 1e-12, "no horizontal acceleration");
            double continuous = 2 + 9 * t - 0.5 * 9.81 * t * t;
            assertTrue(Math.abs(p.y - continuous) <= 0.5 * 9.81 * h * t * (1 + 1e-9));
        }
    }
}
