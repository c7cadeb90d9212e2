package org.cairn.verification.experiment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.SolverKind;
import org.junit.jupiter.api.Test;

/**
 * The classic stacks (a pyramid of 55, a tower of 12) hold with the soft step at 4 substeps and warm starting, and with sequential
 * impulses at 20 iterations; the full table is produced by {@link StabilityExperiment}.
 */
class StabilityExperimentTest {
    private static final StabilityExperiment.Config SOFT_4 =
            new StabilityExperiment.Config("soft step, 4 substeps", SolverKind.SOFT_STEP, 4, 1, true);

    @Test
    void softStepHoldsThePyramidWithinACentimetre() {
        StabilityExperiment.Result r = StabilityExperiment.run("pyramid", Stacks::pyramid, 10, SOFT_4, 10);
        assertTrue(r.furthestMeters() < 0.01, "furthest " + r.furthestMeters());
        assertTrue(r.sleepSeconds() < 2, "asleep after " + r.sleepSeconds() + " s");
    }

    /**
     * The tower stands within a centimetre and does not lean; its top settles 6.4 mm lower, the
     * static deflection of twelve soft contacts in series (each compresses by its load /
     * (m_eff·ω²), ω = 2π·75 Hz), and with two relax passes per substep it does not dip further on
     * the way there from a cold start.
     */
    @Test
    void softStepHoldsTheTower() {
        StabilityExperiment.Result r = StabilityExperiment.run("tower", Stacks::tower, 12, SOFT_4, 10);
        assertTrue(r.furthestMeters() < 0.01, "furthest " + r.furthestMeters());
        assertTrue(r.sleepSeconds() < 2, "asleep after " + r.sleepSeconds() + " s");
    }

    @Test
    void twentySequentialImpulseIterationsHoldBoth() {
        StabilityExperiment.Config si20 = new StabilityExperiment.Config("sequential impulses, 20 iterations",
                SolverKind.SEQUENTIAL_IMPULSE, 1, 20, true);
        assertTrue(!StabilityExperiment.run("pyramid", Stacks::pyramid, 10, si20, 10).fellOver());
        assertTrue(!StabilityExperiment.run("tower", Stacks::tower, 12, si20, 10).fellOver());
    }
}
