package org.cairn.examples.api;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyMoveEvents;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ContactEvents;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;

/** Events after each step: a ball bounces on the ground; touches, hits and moved bodies are printed. */
public final class ContactEventsExample {
    private ContactEventsExample() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the example, printing to {@code out}. */
    public static void run(PrintStream out) {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 2, 0).build());
        world.createShape(ball, ShapeDef.builder().restitution(0.5).build(), new Sphere(0.25));
        world.setUserData(ball, "ball");
        Vector3d point = new Vector3d();
        int moved = 0;
        for (int step = 1; step <= 240; step++) {
            world.step();
            ContactEvents events = world.contactEvents();
            for (int i = 0; i < events.hitCount(); i++) {
                events.hitPoint(i, point);
                out.printf(Locale.ROOT, "step %d: %s hit the ground at %.2f m/s, at (%.2f, %.2f, %.2f)%n", step,
                        world.userData(events.hitBodyB(i)), events.hitApproachSpeed(i), point.x, point.y, point.z);
            }
            for (int i = 0; i < events.endCount(); i++) {
                out.printf(Locale.ROOT, "step %d: %s left the ground%n", step, world.userData(events.endBodyB(i)));
            }
            BodyMoveEvents moves = world.bodyMoveEvents();
            moved += moves.count();
            for (int i = 0; i < moves.count(); i++) {
                if (moves.fellAsleep(i)) {
                    out.printf(Locale.ROOT, "step %d: %s fell asleep%n", step, world.userData(moves.body(i)));
                }
            }
        }
        out.printf(Locale.ROOT, "bodies moved: %d times in 240 steps%n", moved);
    }
}
