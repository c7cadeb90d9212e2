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

    /** Measured: 2.8 mm at most from its start, asleep after 0.57 s. */
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

    /** The tower of 30 the README shows: measured 55.2 mm at most from its start, asleep after 1.37 s. */
    @Test
    void softStepHoldsTheTowerOfThirty() {
        StabilityExperiment.Result r = StabilityExperiment.run("tower", Stacks::tower, 30, SOFT_4, 10);
        assertTrue(r.furthestMeters() < 0.1, "furthest " + r.furthestMeters());
        assertTrue(r.sleepSeconds() < 3, "asleep after " + r.sleepSeconds() + " s");
    }

    /**
     * Twenty sequential-impulse iterations hold both, swaying: measured 4.8 mm (pyramid) and 67.5 mm
     * (tower of 12) at most from the start ("fell over" is a metre, which says too little).
     */
    @Test
    void twentySequentialImpulseIterationsHoldBoth() {
        StabilityExperiment.Config si20 = new StabilityExperiment.Config("sequential impulses, 20 iterations",
                SolverKind.SEQUENTIAL_IMPULSE, 1, 20, true);
        StabilityExperiment.Result pyramid = StabilityExperiment.run("pyramid", Stacks::pyramid, 10, si20, 10);
        StabilityExperiment.Result tower = StabilityExperiment.run("tower", Stacks::tower, 12, si20, 10);
        assertTrue(pyramid.furthestMeters() < 0.015, "pyramid: furthest " + pyramid.furthestMeters());
        assertTrue(tower.furthestMeters() < 0.2, "tower: furthest " + tower.furthestMeters());
    }
}
