package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A body that touches nothing follows the exact parabola at any substep count: free bodies move by
 * the mean of their velocities before and after each substep's gravity (the trapezoidal rule),
 * which is exact for constant acceleration.
 */
class FreeFallTest {
    private static final double DT = 1.0 / 60.0;

    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4, 8})
    void freeFallFollowsTheParabola(int substeps) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).build());
        BodyId ball = world.createBody(BodyDef.builder().position(0, 100, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.25));
        Vector3d p = new Vector3d(), vel = new Vector3d();
        for (int step = 1; step <= 120; step++) {
            world.step(DT, substeps);
            world.position(ball, p);
            world.linearVelocity(ball, vel);
            double t = step * DT;
            assertEquals(100 - 0.5 * 9.81 * t * t, p.y, 1e-11, "y at step " + step);
            assertEquals(-9.81 * t, vel.y, 1e-12, "v at step " + step);
            assertEquals(0.0, p.x, 0.0);
        }
    }

    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 4})
    void thrownProjectileFollowsTheParabolaAndKeepsItsEnergy(int substeps) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).build());
        BodyId stone = world.createBody(BodyDef.builder().position(1, 2, 3).linearVelocity(12, 9, -4).build());
        world.createShape(stone, ShapeDef.DEFAULTS, new Sphere(0.1));
        double energy0 = 0.5 * (12 * 12 + 9 * 9 + 4 * 4) + 9.81 * 2;
        Vector3d p = new Vector3d(), v = new Vector3d();
        for (int step = 1; step <= 90; step++) {
            world.step(DT, substeps);
            world.position(stone, p);
            world.linearVelocity(stone, v);
            double t = step * DT;
            assertEquals(1 + 12 * t, p.x, 1e-12, "no horizontal acceleration");
            assertEquals(2 + 9 * t - 0.5 * 9.81 * t * t, p.y, 1e-12);
            assertEquals(3 - 4 * t, p.z, 1e-12);
            assertEquals(energy0, 0.5 * v.lengthSquared() + 9.81 * p.y, 1e-10, "energy per kg at step " + step);
        }
    }
}
