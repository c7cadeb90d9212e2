package org.cairn.engine3d.internal.solver;

/**
 * The contact solver's settings, fixed for a world's life (copied from its WorldDef).
 *
 * @param kind the solver: the soft step or sequential impulses
 * @param contactHertz stiffness of soft contacts, Hz, before the cap ω·h ≤ 2
 * @param contactDampingRatio damping ratio of soft contacts
 * @param maxPushSpeed fastest a soft contact pushes overlapping shapes apart, m/s
 * @param restitutionThreshold slower approaches do not bounce, m/s
 * @param baumgarte position-error feedback of sequential impulses
 * @param warmStarting whether a step starts from the last step's impulses
 * @param blockNormals whether a manifold's normal points are solved together (soft step)
 * @param positionIterations position iterations per substep of sequential impulses
 * @param clampIncrements seed pitfall, for experiments: clamp each increment, not the accumulated impulse
 * @param restitutionWithoutThreshold seed pitfall, for experiments: bounce at any approach speed
 */
public record SolverSettings(Kind kind, double contactHertz, double contactDampingRatio, double maxPushSpeed,
                             double restitutionThreshold, double baumgarte, boolean warmStarting, boolean blockNormals,
                             int positionIterations, boolean clampIncrements, boolean restitutionWithoutThreshold) {
    /** The contact solvers. */
    public enum Kind {
        /** Soft contacts, substeps, relax passes, restitution at the end (Box2D v3, Box3D). */
        SOFT_STEP,
        /** Sequential impulses with Baumgarte bias (Box2D v2). */
        SEQUENTIAL_IMPULSE
    }

    /** The defaults of a new world. */
    public static final SolverSettings DEFAULTS = new SolverSettings(Kind.SOFT_STEP, 75.0, 10.0, 3.0, 1.0, 0.2, true, true,
            0, false, false);
}
