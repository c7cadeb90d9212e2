package org.cairn.engine3d.internal.solver;

import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** Random solver-body entries ({@link SolverBodies} layout) and vectors for the tests of single solver updates. */
final class RandomSolverBodies {
    private RandomSolverBodies() {
    }

    /**
     * A dynamic body at entry o of {@code s}: velocities and spin uniform in ±{@code speed}, the
     * inverse of {@code mass}, and a world inertia R·diag·Rᵀ (principal moments mass × [0.05, 1),
     * R a random rotation) written into {@code inertia}; returns the inverse inertia, which the
     * entry holds (row-major).
     */
    static Matrix3d dynamic(SplittableRandom random, double[] s, int o, double mass, double speed, Matrix3d inertia) {
        for (int i = 0; i < 6; i++) {
            s[o + i] = random.nextDouble(-speed, speed);
        }
        s[o + SolverBodies.INVERSE_MASS] = 1 / mass;
        Matrix3d rotation = new Matrix3d().rotation(new Quaterniond(random.nextDouble(-1, 1), random.nextDouble(-1, 1),
                random.nextDouble(-1, 1), random.nextDouble(-1, 1)).normalize());
        Matrix3d principal = new Matrix3d().scaling(mass * random.nextDouble(0.05, 1), mass * random.nextDouble(0.05, 1),
                mass * random.nextDouble(0.05, 1));
        inertia.set(rotation).mul(principal).mul(new Matrix3d(rotation).transpose());
        Matrix3d inverse = new Matrix3d(inertia).invert();
        for (int r = 0; r < 3; r++) {
            for (int col = 0; col < 3; col++) {
                s[o + SolverBodies.INVERSE_INERTIA + 3 * r + col] = inverse.get(col, r);
            }
        }
        return inverse;
    }

    /** A vector with coordinates uniform in ±size. */
    static Vector3d vector(SplittableRandom random, double size) {
        return new Vector3d(random.nextDouble(-size, size), random.nextDouble(-size, size), random.nextDouble(-size, size));
    }

    /** Writes v into array[o..o+3). */
    static void put(double[] array, int o, Vector3d v) {
        array[o] = v.x;
        array[o + 1] = v.y;
        array[o + 2] = v.z;
    }

    /** The velocity change at lever s of a body (inverse inertia, inverse mass) from an impulse j at lever r: m⁻¹·j + (I⁻¹·(r × j)) × s. */
    static Vector3d velocityChange(Matrix3d inverseInertia, double inverseMass, Vector3d r, Vector3d j, Vector3d s) {
        Vector3d dw = inverseInertia.transform(new Vector3d(r).cross(j));
        return dw.cross(s).add(new Vector3d(j).mul(inverseMass));
    }
}
