package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Deep overlaps are pushed apart gently: bodies created inside one another leave at about the
 * world's push-out speed however many of them share the spot (each contact pushing at the full
 * speed sent a box buried in 29 others off at many times it).
 */
class DeepOverlapTest {
    @Test
    void boxesMadeAtOneSpotSeparateAtAboutThePushOutSpeed() {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        List<BodyId> boxes = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            // A millimetre apart, so that the pile has a shape to open along.
            BodyId b = w.createBody(BodyDef.builder().position(0.001 * (i % 5), 0.001 * (i / 5), 0).build());
            w.createShape(b, ShapeDef.builder().build(), new Box(0.5, 0.5, 0.5));
            boxes.add(b);
        }
        double push = w.def().maxContactPushSpeed();
        assertTrue(push == 3.0, "the default push-out speed the bounds below assume: " + push);
        double fastest = 0;
        Vector3d v = new Vector3d();
        for (int s = 0; s < 120; s++) {
            w.step();
            for (BodyId b : boxes) {
                fastest = Math.max(fastest, w.linearVelocity(b, v).length());
            }
        }
        System.out.printf("30 boxes at one spot: fastest %.3f m/s, push-out speed %.1f m/s%n", fastest, push);
        // Measured 0.137 m/s (each contact's share is 3 m/s / 29); at the full speed per contact, a
        // pile of 50 such boxes averaged 16 m/s after ten steps.
        assertTrue(fastest <= 0.5, "fastest box: " + fastest + " m/s");
        assertTrue(fastest > 0.01, "the pile does open: " + fastest + " m/s");
    }
}
