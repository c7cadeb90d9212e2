package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.junit.jupiter.api.Test;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Inputs at the edge of what doubles carry: what cannot be simulated is refused at the API with
 * the parameter named; what is accepted stays finite, and the speed limits hold from the first
 * step; a body the step would make non-finite is left where it was, at rest, and reported.
 */
class ExtremeInputTest {
    private static BodyId box(World w, BodyDef.Builder def) {
        BodyId b = w.createBody(def.build());
        w.createShape(b, ShapeDef.builder().build(), new Box(0.5, 0.5, 0.5));
        return b;
    }

    @Test
    void aSpeedWhoseSquareOverflowsIsClampedNotZeroed() {
        World w = new World(WorldDef.builder().gravity(0, -1e160, 0).build());
        BodyId b = box(w, BodyDef.builder().position(0, 100, 0));
        w.step();
        double speed = w.linearVelocity(b, new Vector3d()).length();
        // Before: |v|² = ∞, max/√∞ = 0, and the box hung in the air.
        assertEquals(w.def().maxLinearSpeed(), speed, 1e-9 * speed);
    }

    @Test
    void aBodyGivenMoreThanTheSpeedLimitMovesAtTheLimitFromTheFirstStep() {
        World w = new World();
        BodyId b = box(w, BodyDef.builder().linearVelocity(1e6, 0, 0));
        w.step();
        double moved = w.position(b, new Vector3d()).x;
        double limit = w.def().maxLinearSpeed() * w.def().timeStep();
        // Measured: 6.667 m (400 m/s for 1/60 s); before, 2 089 m.
        assertTrue(moved <= limit * (1 + 1e-12), "moved " + moved + " m, the limit allows " + limit + " m");
    }

    @Test
    void valuesWhoseEffectCannotBeCarriedAreRefusedByName() {
        World w = new World();
        BodyId b = box(w, BodyDef.builder());
        w.applyForce(b, new Vector3d(1e308, 0, 0));
        IllegalArgumentException force = assertThrows(IllegalArgumentException.class,
                () -> w.applyForce(b, new Vector3d(1e308, 0, 0)));
        assertTrue(force.getMessage().startsWith("force "), force.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> w.applyForceAtPoint(b, new Vector3d(0, 1e308, 0), new Vector3d(1e300, 0, 0)));
        IllegalArgumentException dt = assertThrows(IllegalArgumentException.class, () -> w.step(Double.MAX_VALUE, 1));
        assertTrue(dt.getMessage().startsWith("dt must be at most 1.0 s"), dt.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WorldDef.builder().contactDampingRatio(1e308));
        assertThrows(IllegalArgumentException.class, () -> WorldDef.builder().timeStep(10));
        for (Vector3d t : new Vector3d[] {new Vector3d(Double.MIN_VALUE, 0, 0), new Vector3d(-Double.MAX_VALUE, 0, 0),
                new Vector3d()}) {
            IllegalArgumentException ray = assertThrows(IllegalArgumentException.class,
                    () -> w.castRayAny(new Vector3d(0, 5, 0), t, QueryFilter.ALL));
            assertTrue(ray.getMessage().startsWith("translation "), ray.getMessage());
        }
        // The first force was accepted and the refused ones left no trace: the step is finite.
        w.step();
        assertTrue(Double.isFinite(w.position(b, new Vector3d()).x));
    }

    @Test
    void aBodyTheStepWouldMakeNonFiniteStaysWhereItWasAndIsReported() {
        World w = new World();
        // Not a cube: a cube has no gyroscopic torque, and its 1e300 rad/s is merely clamped to
        // the speed limit (below); this box's gyroscopic update overflows.
        BodyId b = w.createBody(BodyDef.builder().position(1, 3, 2).rotation(0, 0.6, 0, 0.8).build());
        w.createShape(b, ShapeDef.builder().build(), new Box(0.5, 0.3, 0.4));
        w.step();
        assertEquals(0, w.nonFiniteBodyCount());
        assertEquals(null, w.firstNonFiniteBody());
        Vector3d before = w.position(b, new Vector3d());
        Quaterniond turned = w.rotation(b, new Quaterniond());
        // Finite, but nothing downstream of it is: an angular speed of 1e300 rad/s.
        w.setAngularVelocity(b, new Vector3d(1e300, 1e300, -1e300));
        w.step();
        assertEquals(1, w.nonFiniteBodyCount());
        assertEquals(b, w.firstNonFiniteBody());
        assertEquals(before, w.position(b, new Vector3d()));
        assertEquals(turned, w.rotation(b, new Quaterniond()));
        assertEquals(0, w.angularVelocity(b, new Vector3d()).length());
        assertTrue(Double.isFinite(w.kineticEnergy()));
        w.step();
        assertEquals(0, w.nonFiniteBodyCount(), "it falls again as any body would");
        assertTrue(w.position(b, new Vector3d()).y < before.y);
        // The cube: nothing non-finite, its spin clamped to the world's limit.
        BodyId cube = box(w, BodyDef.builder().position(5, 3, 2));
        w.setAngularVelocity(cube, new Vector3d(1e300, 1e300, -1e300));
        w.step();
        assertEquals(0, w.nonFiniteBodyCount());
        double limit = WorldDef.DEFAULTS.maxRotationPerStep() / WorldDef.DEFAULTS.timeStep();
        assertTrue(w.angularVelocity(cube, new Vector3d()).length() <= limit * (1 + 1e-12));
    }
}
