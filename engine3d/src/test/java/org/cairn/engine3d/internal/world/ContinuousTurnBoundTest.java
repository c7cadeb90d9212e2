package org.cairn.engine3d.internal.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Continuous collision passes over a slow body from an upper bound on its turn before computing
 * the turn itself: the bound must never be below the exact angle 2·acos(d), or a body that turned
 * fast enough to be swept would be passed over.
 */
class ContinuousTurnBoundTest {
    @Test
    void theTurnBoundIsNeverBelowTheExactTurn() {
        Random random = new Random(5);
        double tightest = Double.MAX_VALUE;
        for (int trial = 0; trial < 200_000; trial++) {
            // Dot products across [0, 1], most of them close to 1 (small turns, where bodies mostly are).
            double d = trial % 2 == 0 ? random.nextDouble() : 1 - Math.pow(10, -16 * random.nextDouble());
            double exact = 2 * Math.acos(d);
            double bound = Continuous.turnUpperBound(d);
            assertTrue(bound >= exact, "d = " + d + ": bound " + bound + " below the turn " + exact);
            if (exact > 0) {
                tightest = Math.min(tightest, bound / exact);
            }
        }
        assertTrue(Continuous.turnUpperBound(1.0) == 0.0 && Continuous.turnUpperBound(0.0) >= Math.PI);
        // Not so loose that every body would be swept: for small turns the bound is π/2 times the angle.
        assertTrue(tightest < 1.6, "tightest ratio " + tightest);
    }
}
