package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

/** The small arrays one worker needs to prepare or solve one constraint; one per worker. */
final class SolverScratch {
    final double[] blockK = new double[P * P];
    final double[] blockInverse = new double[P * P];
    final double[] blockScratch = new double[Math.max(2 * P * P + P, 45)];
    final double[] factorPhi = new double[3 * P];
    final double[] factorG = new double[9];
    final double[] blockRhs = new double[P];
    final double[] blockScale = new double[P];
    final double[] blockLeak = new double[P];
    final double[] blockDelta = new double[P];
    final double[] subRhs = new double[P];
    final double[] subSolution = new double[P];
    final boolean[] frozen = new boolean[P];
    final int[] activePoints = new int[P];
    final boolean[] active = new boolean[P];
    final double[] tmp = new double[6];
    /** Per point of the constraint being prepared: r_A × n, I_A⁻¹(r_A × n), r_B × n, I_B⁻¹(r_B × n). */
    final double[] lever = new double[12 * P];
    final double[] scratch9 = new double[9];
    final double[] scratch9b = new double[9];
    /** Whether this worker applied an impact in the current pass (ContactSolver.resolveImpacts). */
    boolean impactApplied;
    /** Whether this worker's restitution pass bounced a point, or its settling pass still changed one. */
    boolean restitutionActive;
    /** Whether a sequential-impulse iteration on this worker met a bouncing point. */
    boolean bouncing;
    /** Whether the last {@link NormalBlock#bounceBlock} applied an impulse (not held at its cap). */
    boolean blockBounced;
    /** What this worker counted since the solver was made, by counter (for tests: {@link ContactSolver#count}). */
    final long[] counts = new long[COUNTERS];
    /** Counter: block inverses taken from the factored form. */
    static final int FACTORED_BLOCKS = 0;
    /** Counter: four-point blocks solved by letting points go, in locals. */
    static final int FOUR_RELEASED = 1;
    /** Counter: of {@link #FOUR_RELEASED}, the blocks with points a relax left out (open gaps it does not close). */
    static final int FOUR_FROZEN = 2;
    /** Counter: constraints built with a contact's kept mass data. */
    static final int REUSED_MASS_DATA = 3;
    /** Counter: of {@link #REUSED_MASS_DATA}, the constraints whose kept data were already in their slot (not copied). */
    static final int MASS_DATA_IN_PLACE = 4;
    private static final int COUNTERS = 5;
}
