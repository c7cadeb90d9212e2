package org.cairn.verification.property;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

/**
 * The invariants of {@link org.cairn.verification.invariant.InvariantChecker} hold after every step
 * of generated scenes (dropped, stacked, thrown, bouncing, sliding, weightless), for both solvers.
 * {@code -Dcairn.tries=N} scales the campaign, {@code -Dcairn.seed=N} replays one; a failure is
 * shrunk and written to {@code target/counterexamples/}.
 */
class PhysicsPropertiesTest {
    static final Path COUNTEREXAMPLES = Path.of("target", "counterexamples");

    /** The soft step, with mass ratios up to 100. */
    @org.junit.jupiter.api.Test
    void invariantsHoldAfterEveryStepOfGeneratedScenes() {
        holds("invariants-soft", new SceneGenerator("soft", ""), 1000, 300);
    }

    /**
     * Sequential impulses with Baumgarte, the comparison solver, with mass ratios up to 10 only:
     * with heavier boxes on lighter ones its bias pumps energy into the stack (the stability experiment; found
     * here: a 89 kg box on a 3 kg one bounces for ever, 2.8 cm of lift gained). Nor is it
     * asked to bring stacks to rest: it does not (the stability experiment: its towers never sleep).
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldUnderSequentialImpulsesAtModerateMassRatios() {
        holds("invariants-si", new SceneGenerator("si", "", 10).withoutRest(), 1000, 100);
    }

    /**
     * Sequential impulses with the overlap corrected in positions after the velocities
     * ({@code position_iterations=2}) instead of by Baumgarte's velocity bias: with no bias velocity
     * nothing pumps, and each touching group's energy is checked as under the soft step.
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldPerGroupUnderSequentialImpulsesWithPositionCorrection() {
        holds("invariants-si-positions", new SceneGenerator("si", "position_iterations=2", 10).withoutRest(), 1000, 100);
    }

    /**
     * Chains on ball, hinge, slider, fixed and distance joints (no motors), half of them with limits
     * or cones, soft step, mass ratios up to 100: energy per group and every other invariant after
     * every step. Before limits pushed back at a capped speed, seed 3005 (five links held out by
     * their limits) gained 529 J of 1986 in 129 steps; before jointed bodies' inertia followed
     * their turn within the step, seed 4819 (two boxes on distance joints) gained 2.6 J. Measured:
     * 3000 scenes from seed 3000 hold (worst energy rise 2.43 J, within each group's bound).
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldAfterEveryStepOfGeneratedJointedScenes() {
        holds("invariants-jointed", new SceneGenerator("soft", "").only(SceneGenerator.JOINTED), 3000, 100);
    }

    /**
     * Small bullets fired at 50 to 300 m/s into standing planks and boxes, soft step: every
     * invariant after every step. Measured: 30 000 scenes from seed 21 000 000 hold (89 s).
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldAfterEveryStepOfGeneratedShotsIntoTargets() {
        holds("invariants-shot", new SceneGenerator("soft", "").only(SceneGenerator.SHOT), 5000, 100);
    }

    /**
     * A campaign of {@code tries} scenes from {@code seed} (unless {@code -Dcairn.tries} and
     * {@code -Dcairn.seed} say otherwise): its summary printed, and no scene breaks an invariant.
     */
    private static void holds(String name, SceneGenerator generator, long seed, int tries) {
        PropertyRunner.Report report = PropertyRunner.run(name, generator, PropertyRunner.baseSeed(seed),
                PropertyRunner.tries(tries), COUNTEREXAMPLES);
        System.out.print(report.summary());
        assertNull(report.failure(), () -> report.summary());
    }
}
