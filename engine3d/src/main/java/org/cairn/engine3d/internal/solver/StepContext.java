package org.cairn.engine3d.internal.solver;

/**
 * What every pass of one step reads and none changes: the substep, the two softnesses, gravity and
 * the world's solver settings. Made when the step's length or substep count changes (so not per
 * step in a steady simulation) and handed to the passes.
 */
final class StepContext {
    /**
     * Contact stiffness is capped so that ω·h ≤ 2, i.e. at 1/π of the substep rate (Box2D v3.0: a
     * quarter, ω·h ≤ π/2; Box3D: an eighth): at 4 substeps of 60 Hz, 76 Hz. Measured with points
     * solved together and two relax passes: at 75 Hz the tower of 12 settles 6.4 mm low (60 Hz:
     * 9.9 mm, Box3D's 30 Hz: 36 mm) and the 5050-cube pyramid sags 0.27 m after 200 steps (60 Hz:
     * 0.40 m); see docs/experiments.md.
     */
    static final double CONTACT_HERTZ_CLAMP_FRACTION = 1.0 / Math.PI;

    final double dt;
    final int substeps;
    /** The substep, s, and its inverse. */
    final double h;
    final double invH;
    final Softness contactSoftness;
    /**
     * Static contacts are stiffer (Box2D, Box3D), under the same cap: at twice 60 Hz, half the
     * substep rate, a heavy box on a light one rang on the ground for seconds (property suite). At
     * the default settings the cap binds, so static contacts are as stiff as the others.
     */
    final Softness staticSoftness;
    /** The world's gravity, m/s², and |g|·dt: the most gravity can add to an approach within a step. */
    final double gravityX, gravityY, gravityZ, gravitySpeedPerStep;
    // The settings, copied for the passes' hot loops.
    final double contactHertz, contactDampingRatio, maxPushSpeed, restitutionThreshold, baumgarte;
    final boolean warmStarting, blockNormals, clampIncrements, restitutionWithoutThreshold;
    final int positionIterations;

    StepContext(SolverSettings s, double dt, int substeps, double gx, double gy, double gz) {
        this.dt = dt;
        this.substeps = substeps;
        h = dt / substeps;
        invH = 1.0 / h;
        double hertz = Math.min(s.contactHertz(), CONTACT_HERTZ_CLAMP_FRACTION * invH);
        contactSoftness = new Softness(hertz, s.contactDampingRatio(), h);
        staticSoftness = new Softness(Math.min(2.0 * s.contactHertz(), CONTACT_HERTZ_CLAMP_FRACTION * invH),
                s.contactDampingRatio(), h);
        gravityX = gx;
        gravityY = gy;
        gravityZ = gz;
        gravitySpeedPerStep = Math.sqrt(gx * gx + gy * gy + gz * gz) * dt;
        contactHertz = s.contactHertz();
        contactDampingRatio = s.contactDampingRatio();
        maxPushSpeed = s.maxPushSpeed();
        restitutionThreshold = s.restitutionThreshold();
        baumgarte = s.baumgarte();
        warmStarting = s.warmStarting();
        blockNormals = s.blockNormals();
        clampIncrements = s.clampIncrements();
        restitutionWithoutThreshold = s.restitutionWithoutThreshold();
        positionIterations = s.positionIterations();
    }

    /** Whether this context is the one for a step of dt seconds in {@code substeps} under gravity g. */
    boolean matches(double dt, int substeps, double gx, double gy, double gz) {
        return this.dt == dt && this.substeps == substeps && gravityX == gx && gravityY == gy && gravityZ == gz;
    }
}
