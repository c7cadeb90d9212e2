package org.cairn.engine3d;

/** Which contact solver a world uses. */
public enum SolverKind {
    /**
     * Box2D v3 / Box3D's soft step (the default): per substep, soft contacts with a biased pass and
     * a relax pass; restitution once at the end of the step.
     */
    SOFT_STEP,
    /**
     * Classic sequential impulses with Baumgarte position correction, for comparison:
     * {@link WorldDef#iterations()} iterations per substep, restitution folded into the bias.
     */
    SEQUENTIAL_IMPULSE
}
