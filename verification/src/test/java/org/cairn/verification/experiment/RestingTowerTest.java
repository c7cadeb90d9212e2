package org.cairn.verification.experiment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A resting tower stays where it settled. Towers of 12, 20 and 30 unit boxes, sleeping off, 60 s
 * at 60 Hz: no box ever more than 1 cm from its place after 2 s. Two equal boxes stacked flush have
 * corners exactly on each other's faces; when rounding moved such a corner across the face's edge,
 * the manifold's feature ids changed, its warm start was lost, and a tower of 20 took a sideways
 * kick after 9 s (3.3 cm; a tower of 30 fell over). Measured now: 0.0, 0.0 and 0.2 mm.
 */
class RestingTowerTest {
    @ParameterizedTest
    @ValueSource(ints = {12, 20, 30})
    void aTowerStaysWithinOneCentimetreOfWhereItSettledForAMinute(int height) {
        World w = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = w.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        w.createShape(ground, ShapeDef.builder().friction(0.6).build(), new Box(50, 0.5, 50));
        List<BodyId> boxes = new ArrayList<>();
        for (int i = 0; i < height; i++) {
            BodyId b = w.createBody(BodyDef.builder().position(0, 0.5 + i, 0).build());
            w.createShape(b, ShapeDef.builder().friction(0.6).build(), new Box(0.5, 0.5, 0.5));
            boxes.add(b);
        }
        Vector3d[] settled = new Vector3d[height];
        Vector3d p = new Vector3d();
        double worst = 0;
        for (int step = 1; step <= 3600; step++) {
            w.step();
            if (step == 120) {
                for (int i = 0; i < height; i++) {
                    settled[i] = w.position(boxes.get(i), new Vector3d());
                }
            } else if (step > 120) {
                for (int i = 0; i < height; i++) {
                    worst = Math.max(worst, w.position(boxes.get(i), p).distance(settled[i]));
                }
            }
        }
        assertTrue(worst < 0.01, "tower of " + height + ": a box moved " + worst + " m from where it was at 2 s");
    }
}
