package org.cairn.examples.api;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.SensorEvents;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;

/** A trigger volume: three balls fall through a sensor box, which reports each coming in and going out. */
public final class SensorExample {
    private SensorExample() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the example, printing to {@code out}. */
    public static void run(PrintStream out) {
        World world = new World();
        BodyId zone = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 2, 0).build());
        world.createShape(zone, ShapeDef.builder().sensor(true).build(), new Box(3, 0.25, 3));
        for (int k = 0; k < 3; k++) {
            BodyId ball = world.createBody(BodyDef.builder().position(2.0 * k - 2, 4 + k, 0).build());
            world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.1));
            world.setUserData(ball, "ball " + (k + 1));
        }
        for (int step = 1; step <= 90; step++) {
            world.step();
            SensorEvents events = world.sensorEvents();
            for (int i = 0; i < events.beginCount(); i++) {
                out.printf(Locale.ROOT, "step %d: %s entered the zone%n", step, world.userData(events.beginVisitorBody(i)));
            }
            for (int i = 0; i < events.endCount(); i++) {
                out.printf(Locale.ROOT, "step %d: %s left the zone%n", step, world.userData(events.endVisitorBody(i)));
            }
        }
    }
}
