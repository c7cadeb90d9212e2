package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Events after a step: begin, end and hit with the shapes and bodies they concern, and the moved bodies. */
class ContactEventsTest {
    private static final double G = 9.81;

    private static World world(double hitThreshold) {
        World world = new World(WorldDef.builder().hitEventThreshold(hitThreshold).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        return world;
    }

    @Test
    void aBallDroppedFromTwoMetresHitsAtTheFreeFallSpeedWhereItLands() {
        World world = world(1.0);
        double radius = 0.25, drop = 2.0;
        BodyId ball = world.createBody(BodyDef.builder().position(0.3, radius + drop, -0.2).build());
        ShapeId shape = world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(radius));
        int hits = 0, begins = 0;
        double speed = 0;
        Vector3d point = new Vector3d(), normal = new Vector3d();
        for (int step = 0; step < 120; step++) {
            world.step();
            ContactEvents events = world.contactEvents();
            begins += events.beginCount();
            if (events.beginCount() > 0) {
                assertEquals(shape, events.beginShapeB(0));
                assertEquals(ball, events.beginBodyB(0));
            }
            for (int i = 0; i < events.hitCount(); i++) {
                hits++;
                speed = events.hitApproachSpeed(i);
                events.hitPoint(i, point);
                events.hitNormal(i, normal);
                assertEquals(ball, events.hitBodyB(i));
                assertEquals(shape, events.hitShapeB(i));
            }
        }
        assertEquals(1, begins);
        assertEquals(1, hits, "one landing, no bounce (restitution 0)");
        // Closed form: v = sqrt(2 g h) = 6.264 m/s; the step before touching adds at most g·dt = 0.16 m/s.
        double expected = Math.sqrt(2 * G * drop);
        assertEquals(expected, speed, G / 60, "approach speed " + speed + " against " + expected);
        assertEquals(0.3, point.x, 1e-6);
        assertEquals(-0.2, point.z, 1e-6);
        // Midway between the surfaces as the step began, when they were at most v·dt apart (measured: 1.6 cm).
        assertTrue(point.y >= 0 && point.y <= 0.5 * speed / 60, "at the ground's surface: " + point);
        assertEquals(1, normal.y, 1e-12, "from the ground (A) up to the ball (B)");
    }

    @Test
    void aThresholdAboveTheImpactSpeedReportsNoHit() {
        World world = world(7.0);
        BodyId ball = world.createBody(BodyDef.builder().position(0, 2.25, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.25));
        for (int step = 0; step < 120; step++) {
            world.step();
            assertEquals(0, world.contactEvents().hitCount());
        }
    }

    @Test
    void destroyingATouchingShapeEndsItsContactWithItsOwnIdNotTheNextShapes() {
        World world = world(1.0);
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        ShapeId shape = world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        for (int step = 0; step < 10; step++) {
            world.step();
        }
        world.destroyShape(shape);
        // The slot is used again at once, by a shape of another body far away.
        BodyId other = world.createBody(BodyDef.builder().position(20, 5, 0).build());
        ShapeId next = world.createShape(other, ShapeDef.DEFAULTS, new Sphere(0.1));
        assertEquals(shape.index(), next.index());
        world.step();
        ContactEvents events = world.contactEvents();
        assertEquals(1, events.endCount(), "the end reported after the next step");
        assertEquals(shape, events.endShapeB(0));
        assertFalse(world.isValid(events.endShapeB(0)));
        assertEquals(crate, events.endBodyB(0));
        world.step();
        assertEquals(0, world.contactEvents().endCount(), "reported once");
    }

    @Test
    void moveEventsListTheBodiesTheStepMovedAndFlagTheOnesThatFellAsleep() {
        World world = world(1.0);
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        BodyMoveEvents moves = world.bodyMoveEvents();
        assertEquals(1, moves.count(), "the crate moved; the ground never does");
        assertEquals(crate, moves.body(0));
        boolean fellAsleep = false;
        int step = 1;
        for (; step < 600 && !fellAsleep; step++) {
            world.step();
            fellAsleep = moves.count() == 1 && moves.fellAsleep(0);
        }
        assertTrue(fellAsleep, "the resting crate falls asleep");
        assertFalse(world.isAwake(crate));
        world.step();
        assertEquals(0, moves.count(), "a sleeping world moves nothing");
    }
}
