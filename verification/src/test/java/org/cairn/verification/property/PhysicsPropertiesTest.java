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
        PropertyRunner.Report report = PropertyRunner.run("invariants-soft", new SceneGenerator("soft", ""),
                PropertyRunner.baseSeed(1000), PropertyRunner.tries(300), COUNTEREXAMPLES);
        System.out.print(report.summary());
        assertNull(report.failure(), () -> report.summary());
    }

    /**
     * Sequential impulses with Baumgarte, the comparison solver, with mass ratios up to 10 only:
     * with heavier boxes on lighter ones its bias pumps energy into the stack (the stability experiment; found
     * here: a 89 kg box on a 3 kg one bounces for ever, 2.8 cm of lift gained). Nor is it
     * asked to bring stacks to rest: it does not (the stability experiment: its towers never sleep).
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldUnderSequentialImpulsesAtModerateMassRatios() {
        PropertyRunner.Report report = PropertyRunner.run("invariants-si", new SceneGenerator("si", "", 10).withoutRest(),
                PropertyRunner.baseSeed(1000), PropertyRunner.tries(100), COUNTEREXAMPLES);
        System.out.print(report.summary());
        assertNull(report.failure(), () -> report.summary());
    }

    /**
     * Chains on ball, hinge, slider, fixed and distance joints (no motors), soft step, mass ratios
     * up to 100: energy per group and every other invariant after every step. Without limits:
     * with them the suite finds chains whose energy grows (seed 3005: five links held out by their
     * limits gain 529 J of 1986 in 129 steps; seed 3023), which is open work (docs/joints.md).
     */
    @org.junit.jupiter.api.Test
    void invariantsHoldAfterEveryStepOfGeneratedJointedScenesWithoutLimits() {
        PropertyRunner.Report report = PropertyRunner.run("invariants-jointed",
                new SceneGenerator("soft", "").only(SceneGenerator.JOINTED).withoutJointLimits(), PropertyRunner.baseSeed(3000),
                PropertyRunner.tries(100), COUNTEREXAMPLES);
        System.out.print(report.summary());
        assertNull(report.failure(), () -> report.summary());
    }
}
