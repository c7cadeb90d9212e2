package org.cairn.examples.api;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.QueryFilter;
import org.cairn.engine3d.QueryHit;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A kinematic capsule walks over a step and up a slope with shape casts (not a character
 * controller, just what one is built from): each frame it casts down to find the ground and
 * stands on it, and casts forward to stop at walls too steep or tall to climb.
 */
public final class CharacterExample {
    /** The capsule's radius, m. */
    public static final double RADIUS = 0.3;
    /** Half the capsule's segment, m. */
    public static final double HALF_HEIGHT = 0.5;
    /** How high a step it climbs, m. */
    public static final double STEP_HEIGHT = 0.35;

    private CharacterExample() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the example, printing to {@code out}; returns where the capsule's feet ended. */
    public static Vector3d run(PrintStream out) {
        World world = new World();
        BodyId level = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        // Flat ground, a 0.25 m step at x = 3, a 20° ramp from x = 6 up to a plateau at x = 10, a wall at x = 13.5.
        world.createShape(level, ShapeDef.builder().localPosition(0, -0.5, 0).build(), new Box(20, 0.5, 5));
        world.createShape(level, ShapeDef.builder().localPosition(6, 0.125, 0).build(), new Box(3, 0.125, 5));
        double slope = Math.toRadians(20), rampLength = 4 / Math.cos(slope);
        world.createShape(level, ShapeDef.builder().localPosition(8 + 0.0, 0.25 + 2 * Math.tan(slope) - 0.1 / Math.cos(slope), 0)
                .localRotation(new Quaterniond().rotateZ(slope)).build(), new Box(rampLength / 2, 0.1, 5));
        double top = 0.25 + 4 * Math.tan(slope);
        world.createShape(level, ShapeDef.builder().localPosition(11.75, top - 0.85, 0).build(), new Box(1.75, 0.85, 5));
        world.createShape(level, ShapeDef.builder().localPosition(14, 2, 0).build(), new Box(0.5, 2, 5));
        Capsule body = new Capsule(HALF_HEIGHT, RADIUS);
        Quaterniond upright = new Quaterniond();
        double feetToCentre = HALF_HEIGHT + RADIUS;
        Vector3d centre = new Vector3d(0, feetToCentre + 0.01, 0);
        QueryHit hit = new QueryHit();
        double speed = 2.0, dt = 1.0 / 60;
        for (int frame = 1; frame <= 600; frame++) {
            // Forward, lifted by the step height so low steps pass under the capsule's round bottom.
            Vector3d lifted = new Vector3d(centre).add(0, STEP_HEIGHT, 0);
            Vector3d move = new Vector3d(speed * dt, 0, 0);
            if (world.castShapeClosest(body, lifted, upright, move, QueryFilter.ALL, hit)) {
                move.mul(Math.max(0, hit.fraction - 1e-3));
            }
            lifted.add(move);
            // Down onto what is below, at most twice the lift (so it keeps to the ground going down a
            // ramp): never into it.
            Vector3d down = new Vector3d(0, -2 * STEP_HEIGHT, 0);
            boolean below = world.castShapeClosest(body, lifted, upright, down, QueryFilter.ALL, hit);
            centre.set(lifted.x, lifted.y + (below ? hit.fraction : 1) * down.y, lifted.z);
            if (frame % 60 == 0) {
                out.printf(Locale.ROOT, "t = %4.1f s: feet at x = %5.2f m, y = %4.2f m%n", frame * dt, centre.x,
                        centre.y - feetToCentre);
            }
        }
        return new Vector3d(centre.x, centre.y - feetToCentre, centre.z);
    }
}
