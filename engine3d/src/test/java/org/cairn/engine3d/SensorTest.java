package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Sensor shapes report what overlaps them and push nothing. */
class SensorTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    private static ShapeId trigger(World world, double y, ShapeDef.Builder def) {
        BodyId zone = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, y, 0).build());
        return world.createShape(zone, def.sensor(true).build(), new Box(1, 0.25, 1));
    }

    @Test
    void aBallFallsThroughATriggerUnslowedAndIsReportedEnteringAndLeavingWhenFreeFallSaysSo() {
        World world = new World();
        ShapeId sensor = trigger(world, 2.0, ShapeDef.builder());
        double radius = 0.1, y0 = 4.0;
        BodyId ball = world.createBody(BodyDef.builder().position(0, y0, 0).build());
        ShapeId shape = world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(radius));
        int entered = -1, left = -1;
        for (int step = 1; step <= 60; step++) {
            world.step();
            SensorEvents events = world.sensorEvents();
            if (events.beginCount() > 0) {
                assertEquals(-1, entered, "one begin");
                entered = step;
                assertEquals(sensor, events.beginSensor(0));
                assertEquals(shape, events.beginVisitor(0));
                assertEquals(ball, events.beginVisitorBody(0));
            }
            if (events.endCount() > 0) {
                assertEquals(-1, left, "one end");
                left = step;
                assertEquals(shape, events.endVisitor(0));
            }
            assertEquals(0, world.contacts().count(), "a sensor has no contacts");
        }
        // Free fall: the ball's bottom reaches the zone's top (2.25 m) after sqrt(2·1.65/g) = 0.580 s,
        // its top leaves the zone's bottom (1.75 m) after sqrt(2·2.35/g) = 0.692 s: steps 35 and 42.
        assertEquals(Math.ceil(Math.sqrt(2 * (y0 - radius - 2.25) / G) / DT), entered, 1);
        assertEquals(Math.ceil(Math.sqrt(2 * (y0 + radius - 1.75) / G) / DT), left, 1);
        // Nothing slowed it: after 1 s of semi-implicit Euler, v = −g·t exactly as in an empty world.
        assertEquals(-G * 60 * DT, world.linearVelocity(ball, new Vector3d()).y, 1e-9);
    }

    @Test
    void aSensorSeesOnlyWhatItsFilterAllows() {
        World world = new World();
        trigger(world, 0.0, ShapeDef.builder().filter(2L, 2L, 0));
        BodyId seen = world.createBody(BodyDef.builder().position(0.5, 0, 0).gravityScale(0).build());
        world.createShape(seen, ShapeDef.builder().filter(2L, -1L, 0).build(), new Sphere(0.1));
        BodyId unseen = world.createBody(BodyDef.builder().position(-0.5, 0, 0).gravityScale(0).build());
        world.createShape(unseen, ShapeDef.builder().filter(4L, -1L, 0).build(), new Sphere(0.1));
        world.step();
        assertEquals(1, world.sensorEvents().beginCount());
        assertEquals(seen, world.sensorEvents().beginVisitorBody(0));
    }

    @Test
    void aVisitorDestroyedInsideLeavesWithItsOwnId() {
        World world = new World();
        ShapeId sensor = trigger(world, 0.0, ShapeDef.builder());
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0, 0).gravityScale(0).build());
        ShapeId inside = world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.1, 0.1, 0.1));
        world.step();
        assertEquals(1, world.sensorEvents().beginCount());
        world.destroyBody(crate);
        world.step();
        SensorEvents events = world.sensorEvents();
        assertEquals(1, events.endCount());
        assertEquals(sensor, events.endSensor(0));
        assertEquals(inside, events.endVisitor(0));
        assertFalse(world.isValid(events.endVisitor(0)));
        world.step();
        assertEquals(0, world.sensorEvents().endCount(), "reported once");
    }

    @Test
    void aSensorOnAMovingBodySweepsOverRestingBoxesOneByOne() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int k = 0; k < 5; k++) {
            BodyId crate = world.createBody(BodyDef.builder().position(2.0 * k, 0.25, 0).build());
            world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.25, 0.25, 0.25));
        }
        BodyId scanner = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).position(-2, 0.55, 0)
                .linearVelocity(4, 0, 0).build());
        world.createShape(scanner, ShapeDef.builder().sensor(true).build(), new Box(0.2, 0.5, 1));
        int begins = 0, ends = 0, maxInside = 0, inside = 0;
        for (int step = 0; step < 180; step++) {
            world.step();
            begins += world.sensorEvents().beginCount();
            ends += world.sensorEvents().endCount();
            inside += world.sensorEvents().beginCount() - world.sensorEvents().endCount();
            maxInside = Math.max(maxInside, inside);
            for (int i = 0; i < world.sensorEvents().beginCount(); i++) {
                assertTrue(world.sensorEvents().beginVisitorBody(i) != ground, "the ground is not in the scanner's box");
            }
        }
        assertEquals(5, begins, "each crate entered once");
        assertEquals(5, ends, "and left once");
        assertEquals(1, maxInside, "one crate at a time (they are 2 m apart, the scanner 0.4 m wide)");
    }
}
