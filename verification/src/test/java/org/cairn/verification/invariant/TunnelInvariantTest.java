package org.cairn.verification.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.MassProperties;
import org.junit.jupiter.api.Test;

/**
 * The checker's "tunnel" invariant: a dynamic body's centre never crosses the surface of a static
 * shape. A light box under one 10^18 times heavier, pressed into the ground, is flagged (by this
 * invariant or by the overlap one, whichever comes first; before, none did); a centre moved through
 * the ground is a tunnel; a box that falls onto the ground and rests is not.
 */
class TunnelInvariantTest {
    private static World groundWorld() {
        World w = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = w.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        w.createShape(ground, ShapeDef.builder().build(), new Box(10, 0.5, 10));
        return w;
    }

    private static BodyId box(World w, double y) {
        BodyId b = w.createBody(BodyDef.builder().position(0, y, 0).build());
        w.createShape(b, ShapeDef.builder().build(), new Box(0.5, 0.5, 0.5));
        return b;
    }

    private static Violation run(World w, List<BodyId> bodies, int steps) {
        InvariantChecker checker = new InvariantChecker(w, bodies, Map.of());
        for (int s = 0; s < steps; s++) {
            w.step();
            Violation v = checker.afterStep();
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    @Test
    void aBodyPressedThroughTheGroundIsFlagged() {
        World w = groundWorld();
        BodyId light = box(w, 0.5);
        BodyId heavy = box(w, 1.5);
        w.setMassProperties(light, MassProperties.of(1, 0, 0, 0, 1.0 / 6, 1.0 / 6, 1.0 / 6, 0, 0, 0));
        w.setMassProperties(heavy, MassProperties.of(1e18, 0, 0, 0, 1e18 / 6, 1e18 / 6, 1e18 / 6, 0, 0, 0));
        Violation v = run(w, List.of(light, heavy), 300);
        assertNotNull(v, "the light box is pressed into the ground");
        assertTrue(List.of("tunnel", "penetration").contains(v.invariant()), v.toString());
    }

    @Test
    void aCentreThatCrossesTheGroundBetweenTwoStepsIsFlaggedAsATunnel() {
        World w = groundWorld();
        BodyId b = box(w, 0.5);
        InvariantChecker checker = new InvariantChecker(w, List.of(b), Map.of(b, "crate"));
        w.step();
        assertNull(checker.afterStep());
        // Straight through the ground's top face, as a body pressed through it would go.
        w.setTransform(b, new org.joml.Vector3d(0, -3, 0), new org.joml.Quaterniond());
        w.step();
        Violation v = checker.afterStep();
        assertNotNull(v);
        assertEquals("tunnel", v.invariant());
        assertTrue(v.message().startsWith("the centre of body crate crossed the surface of static body"), v.message());
    }

    @Test
    void aBoxThatFallsOntoTheGroundAndRestsIsNot() {
        World w = groundWorld();
        BodyId b = box(w, 3);
        assertNull(run(w, List.of(b), 240));
    }
}
