package org.cairn.verification.property;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneExpander;
import org.cairn.scene.SceneFormatter;
import org.cairn.verification.invariant.SceneCheck;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The scene language's round trip on the suite's generated scenes: formatting is idempotent, and
 * the formatted and the expanded text build worlds that move bit for bit like the original's.
 */
class GeneratedSceneRoundTripTest {
    @Test
    void formattedAndExpandedScenesMoveBitForBitAlike() {
        long base = PropertyRunner.baseSeed(4000);
        int scenes = PropertyRunner.tries(60);
        for (int n = 0; n < scenes; n++) {
            String text = new SceneGenerator("soft", "").generate(Choices.fromSeed(base + n)).text();
            String formatted = SceneFormatter.format("g.scene", text).text();
            assertEquals(formatted, SceneFormatter.format("g.scene", formatted).text(), "idempotent, seed " + (base + n));
            String expanded = SceneExpander.expand("g.scene", text).text();
            String reference = trajectory(text);
            assertEquals(reference, trajectory(formatted), "formatted, seed " + (base + n));
            assertEquals(reference, trajectory(expanded), "expanded, seed " + (base + n));
        }
    }

    /** Every body's pose bits after 60 steps. */
    private static String trajectory(String text) {
        SceneDef.Built built = SceneCheck.build("g.scene", text);
        for (int i = 0; i < 60; i++) {
            built.world().step();
        }
        StringBuilder out = new StringBuilder();
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (Map.Entry<String, BodyId> e : new java.util.TreeMap<>(built.bodies()).entrySet()) {
            built.world().position(e.getValue(), p);
            built.world().rotation(e.getValue(), q);
            for (double d : new double[] {p.x, p.y, p.z, q.x, q.y, q.z, q.w}) {
                out.append(Long.toHexString(Double.doubleToLongBits(d))).append(' ');
            }
            out.append(e.getKey()).append('\n');
        }
        return out.toString();
    }
}
