package org.cairn.examples.api;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.ShapeId;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;

/** A pre-solve callback makes a one-way platform: a ball thrown up passes through it and lands on it. */
public final class OneWayPlatformExample {
    private OneWayPlatformExample() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the example, printing to {@code out}; returns the ball's final height, m. */
    public static double run(PrintStream out) {
        World world = new World();
        BodyId platformBody = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 1, 0).build());
        ShapeId platform = world.createShape(platformBody, ShapeDef.DEFAULTS, new Box(2, 0.1, 2));
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0, 0).linearVelocity(0, 7, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.2));
        Vector3d v = new Vector3d();
        world.setPreSolve((a, b, normal, separation) -> {
            if (!a.equals(platform) && !b.equals(platform)) {
                return true;
            }
            // The normal points from a to b: up from the platform when it is a.
            double up = a.equals(platform) ? normal.y() : -normal.y();
            world.linearVelocity(ball, v);
            return up > 0.5 && separation > -0.05 && v.y <= 0.5;
        });
        double highest = 0;
        for (int step = 0; step < 180; step++) {
            world.step();
            highest = Math.max(highest, world.position(ball, v).y);
        }
        double y = world.position(ball, v).y;
        out.printf(Locale.ROOT, "the ball rose to %.2f m, through the platform, and rests on it at %.2f m%n", highest, y);
        return y;
    }
}
