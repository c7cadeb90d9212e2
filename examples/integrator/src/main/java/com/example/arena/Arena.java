package com.example.arena;

import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ContactEvents;
import org.cairn.engine3d.QueryFilter;
import org.cairn.engine3d.QueryHit;
import org.cairn.engine3d.SensorEvents;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.ShapeId;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A small game round as an integrator writes it against the engine's API alone: balls are
 * thrown into an arena with a goal zone (a sensor); hits on the walls are counted from the
 * events; a shape cast aims each throw so it clears the low wall; and the round is saved before
 * the last throw and replayed from the snapshot, which must end exactly where the first play did.
 */
public final class Arena {
    private Arena() {
    }

    public static void main(String[] args) {
        System.out.println(play());
    }

    /** Plays the round; returns its summary line. */
    public static String play() {
        World world = new World();
        BodyId arena = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(arena, ShapeDef.builder().localPosition(0, -0.5, 0).build(), new Box(10, 0.5, 10));
        ShapeId wall = world.createShape(arena, ShapeDef.builder().localPosition(4, 0.5, 0).build(), new Box(0.2, 0.5, 0.5));
        ShapeId goal = world.createShape(arena, ShapeDef.builder().sensor(true).localPosition(7, 0.5, 0).build(),
                new Box(1.5, 0.5, 3));
        QueryHit hit = new QueryHit();
        Sphere ballShape = new Sphere(0.2);
        int goals = 0, wallHits = 0;
        byte[] beforeLastThrow = null;
        Vector3d end = new Vector3d(), lastFrom = new Vector3d(), lastVelocity = new Vector3d();
        for (int ballNumber = 0; ballNumber < 3; ballNumber++) {
            if (ballNumber == 2) {
                beforeLastThrow = world.snapshot();
            }
            // Aim: cast the ball's shape along a flat throw; if the wall is in the way, lob it instead.
            Vector3d from = new Vector3d(0, 0.3, ballNumber - 1.0);
            boolean blocked = world.castShapeClosest(ballShape, from, new Quaterniond(), new Vector3d(8, 0, 0),
                    QueryFilter.ALL, hit) && hit.shape().equals(wall);
            Vector3d velocity = blocked ? new Vector3d(4, 7, 0) : new Vector3d(6, 0, 0);
            lastFrom.set(from);
            lastVelocity.set(velocity);
            BodyId ball = world.createBody(BodyDef.builder().position(from.x, from.y, from.z)
                    .linearVelocity(velocity.x, velocity.y, velocity.z).build());
            world.createShape(ball, ShapeDef.builder().restitution(0.3).build(), ballShape);
            for (int step = 0; step < 120; step++) {
                world.step();
                ContactEvents events = world.contactEvents();
                for (int i = 0; i < events.hitCount(); i++) {
                    if (events.hitShapeA(i).equals(wall) || events.hitShapeB(i).equals(wall)) {
                        wallHits++;
                    }
                }
                SensorEvents sensed = world.sensorEvents();
                for (int i = 0; i < sensed.beginCount(); i++) {
                    if (sensed.beginSensor(i).equals(goal)) {
                        goals++;
                    }
                }
            }
            world.position(ball, end);
        }
        // Replay the last throw from the snapshot: the same world, the same throw, the same end.
        Vector3d firstPlay = new Vector3d(end);
        world.restore(beforeLastThrow);
        BodyId again = world.createBody(BodyDef.builder().position(lastFrom.x, lastFrom.y, lastFrom.z)
                .linearVelocity(lastVelocity.x, lastVelocity.y, lastVelocity.z).build());
        world.createShape(again, ShapeDef.builder().restitution(0.3).build(), ballShape);
        for (int step = 0; step < 120; step++) {
            world.step();
        }
        Vector3d replay = world.position(again, new Vector3d());
        return String.format(Locale.ROOT, "goals %d of 3, wall hits %d, replay %s", goals, wallHits,
                replay.equals(firstPlay) ? "identical" : "different: " + replay + " vs " + firstPlay);
    }
}
