package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants;
import org.cairn.engine3d.internal.math.Quat;

/**
 * Non-linear Gauss–Seidel position correction for sequential impulses (Box2D v2.4, Jolt): after the
 * positions moved, each point's remaining overlap beyond the slop is removed a fraction β at a time
 * by moving and turning the bodies directly, so the correction adds no velocity and no energy.
 */
final class PositionCorrection {
    /** Largest position correction per iteration, m (Box2D v2: 0.2). */
    static final double MAX_POSITION_CORRECTION_METERS = 0.2;
    private final ContactConstraints cons;
    /** This step's context: set by the solver before the step's first pass. */
    StepContext x;

    PositionCorrection(ContactConstraints cons) {
        this.cons = cons;
    }

    /**
     * Non-linear Gauss–Seidel position correction (Box2D v2.4, Jolt): after the positions moved,
     * each point's remaining overlap beyond the slop is removed a fraction β at a time by moving and
     * turning the bodies directly, so the correction adds no velocity and no energy.
     */
    void solve(BodyStore b, SolverScratch w) {
        double slop = CollisionConstants.LINEAR_SLOP_METERS;
        for (int iteration = 0; iteration < x.positionIterations; iteration++) {
            for (int k = 0; k < cons.count; k++) {
                int ia = cons.bodyA[k], ib = cons.bodyB[k];
                double nx = cons.normal[3 * k], ny = cons.normal[3 * k + 1], nz = cons.normal[3 * k + 2];
                for (int j = 0; j < cons.pointCount[k]; j++) {
                    int p = P * k + j;
                    double s = cons.separation(b, k, ia, ib, p, w);
                    double correction = Math.max(-MAX_POSITION_CORRECTION_METERS, Math.min(0.0, x.baumgarte * (s + slop)));
                    if (correction == 0) {
                        continue;
                    }
                    double impulse = -cons.normalMass[p] * correction;
                    double rx = cons.anchor[3 * p], ry = cons.anchor[3 * p + 1], rz = cons.anchor[3 * p + 2];
                    double[] o = cons.anchorOffset;
                    moveBody(b, ia, rx + o[6 * k], ry + o[6 * k + 1], rz + o[6 * k + 2],
                            -impulse * nx, -impulse * ny, -impulse * nz);
                    moveBody(b, ib, rx + o[6 * k + 3], ry + o[6 * k + 4], rz + o[6 * k + 5],
                            impulse * nx, impulse * ny, impulse * nz);
                }
            }
        }
    }

    /** Moves dynamic body i by a positional impulse (x, y, z) at anchor (rx, ry, rz), and refreshes its Δq. */
    private void moveBody(BodyStore b, int i, double rx, double ry, double rz, double x, double y, double z) {
        if (b.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double m = b.inverseMass[i];
        b.center[3 * i] += m * x;
        b.center[3 * i + 1] += m * y;
        b.center[3 * i + 2] += m * z;
        double cx = ry * z - rz * y, cy = rz * x - rx * z, cz = rx * y - ry * x;
        int o = 9 * i;
        double[] inv = b.worldInverseInertia;
        double ax = inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        double ay = inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        double az = inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
        Quat.integrate(b.rotation, 4 * i, ax, ay, az, 1.0);
        cons.updateDeltaRotation(b, i);
    }
}
