package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A ball (e = 1, no friction) dropped onto an equal ball resting on the ground: the two-impact
 * solution (the upper ball stops the lower against the ground and takes back all of its speed;
 * for equal masses and e = 1 the lower ball stays put) sends the upper ball back to the height it
 * fell from and leaves the lower one where it was.
 */
class BallOnBallDropTest {
    @Test
    void theUpperBallRisesToItsDropHeightAndTheLowerStaysPut() {
        double r = 0.1, drop = 1.0, g = 9.81;
        World world = new World(WorldDef.builder().gravity(0, -g, 0).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().restitution(1).friction(0).build(), new Box(5, 0.5, 5));
        BodyId lower = world.createBody(BodyDef.builder().position(0, r, 0).build());
        world.createShape(lower, ShapeDef.builder().restitution(1).friction(0).build(), new Sphere(r));
        double start = 3 * r + drop;
        BodyId upper = world.createBody(BodyDef.builder().position(0, start, 0).build());
        world.createShape(upper, ShapeDef.builder().restitution(1).friction(0).build(), new Sphere(r));
        double highest = 0, lowerHighest = 0;
        boolean falling = true;
        Vector3d p = new Vector3d();
        for (int step = 0; step < 120; step++) {
            world.step();
            double y = world.position(upper, p).y;
            double vy = world.linearVelocity(upper, new Vector3d()).y;
            if (falling && vy > 0) {
                falling = false;
            }
            if (!falling) {
                highest = Math.max(highest, y);
                lowerHighest = Math.max(lowerHighest, world.position(lower, p).y - r);
            }
        }
        double rise = (highest - 3 * r) / drop;
        System.out.printf("ball on ball: the upper ball rises to %.4f of its drop height, the lower %.4f m%n", rise,
                lowerHighest);
        // Measured: 0.9993 of the drop, the lower ball not lifted (0.0000 m): the upper ball, arriving
        // at a ball that rests on the ground, is let through to touching and the two impacts are
        // resolved in turn. With the end-of-step bounce and its settling passes: 0.9963, the lower
        // ball lifted 1.6 cm; before those passes 0.318 and 21 cm.
        assertTrue(rise > 0.98 && rise < 1.005, "upper ball's rise over its drop: " + rise);
        assertTrue(lowerHighest < 0.005 * drop, "the lower ball rose " + lowerHighest + " m");
    }
}
