package org.cairn.engine3d.geometry;

import java.util.Arrays;
import org.cairn.engine3d.internal.check.Check;
import org.cairn.engine3d.internal.math.Mat3;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Mass (kg), centre of mass (m) and inertia tensor about the centre of mass (kg·m²), all in one
 * frame. Immutable.
 *
 * <p>The inertia tensor is the symmetric matrix with diagonal ∫(y² + z²) dm, ... and off-diagonal
 * entries −∫x·y dm, ... (the tensor's entries, not the "products of inertia" with the opposite
 * sign). It must be positive definite.
 */
public final class MassProperties {
    private final double mass;
    private final double cx, cy, cz;
    private final double[] inertia;

    private MassProperties(double mass, double cx, double cy, double cz, double[] inertia) {
        this.mass = mass;
        this.cx = cx;
        this.cy = cy;
        this.cz = cz;
        this.inertia = inertia;
    }

    /**
     * Creates mass properties from the inertia tensor entries about the centre of mass.
     *
     * @param mass mass in kg, positive
     * @param cx   centre of mass x in m (and likewise cy, cz)
     * @param ixx  tensor entry I_xx in kg·m² (likewise iyy, izz, and the off-diagonal ixy, ixz, iyz)
     * @throws IllegalArgumentException if a value is not finite, the mass is not positive or the
     *                                  tensor is not positive definite
     */
    public static MassProperties of(double mass, double cx, double cy, double cz,
                                    double ixx, double iyy, double izz, double ixy, double ixz, double iyz) {
        Check.positive("mass", mass);
        Check.finite3("center", cx, cy, cz);
        Check.finite("inertia.xx", ixx);
        Check.finite("inertia.yy", iyy);
        Check.finite("inertia.zz", izz);
        Check.finite("inertia.xy", ixy);
        Check.finite("inertia.xz", ixz);
        Check.finite("inertia.yz", iyz);
        double[] t = {ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz};
        if (!Mat3.isPositiveDefinite(t, 0)) {
            throw new IllegalArgumentException("inertia must be a positive definite tensor, got "
                    + Arrays.toString(t));
        }
        return new MassProperties(mass, cx, cy, cz, t);
    }

    /**
     * Creates mass properties from a centre of mass and an inertia tensor about it.
     *
     * @param mass    mass in kg, positive
     * @param center  centre of mass in m
     * @param inertia symmetric positive definite inertia tensor about the centre, kg·m²
     */
    public static MassProperties of(double mass, Vector3dc center, Matrix3d inertia) {
        Check.notNull("center", center);
        Check.notNull("inertia", inertia);
        if (Math.abs(inertia.m01 - inertia.m10) > 1e-9 * Math.abs(inertia.m00 + inertia.m11 + inertia.m22)
                || Math.abs(inertia.m02 - inertia.m20) > 1e-9 * Math.abs(inertia.m00 + inertia.m11 + inertia.m22)
                || Math.abs(inertia.m12 - inertia.m21) > 1e-9 * Math.abs(inertia.m00 + inertia.m11 + inertia.m22)) {
            throw new IllegalArgumentException("inertia must be symmetric, got " + inertia);
        }
        return of(mass, center.x(), center.y(), center.z(), inertia.m00, inertia.m11, inertia.m22,
                inertia.m01, inertia.m02, inertia.m12);
    }

    /** Internal factory from a row-major tensor already known to be valid. */
    static MassProperties ofTrusted(double mass, double cx, double cy, double cz, double[] inertia9) {
        return new MassProperties(mass, cx, cy, cz, inertia9.clone());
    }

    /** Mass in kg. */
    public double mass() {
        return mass;
    }

    /** Writes the centre of mass (m) into {@code dest} and returns it. */
    public Vector3d center(Vector3d dest) {
        return dest.set(cx, cy, cz);
    }

    /** Writes the inertia tensor about the centre of mass (kg·m²) into {@code dest} and returns it. */
    public Matrix3d inertia(Matrix3d dest) {
        // Symmetric, so row- and column-major agree.
        return dest.set(inertia[0], inertia[1], inertia[2], inertia[3], inertia[4], inertia[5],
                inertia[6], inertia[7], inertia[8]);
    }

    /** Copies the row-major inertia tensor into {@code dest[offset .. offset+9)}. */
    public void inertia(double[] dest, int offset) {
        System.arraycopy(inertia, 0, dest, offset, 9);
    }

    /** Inertia tensor entry (row, column), 0-based, in kg·m². */
    public double inertia(int row, int column) {
        return inertia[3 * row + column];
    }

    /**
     * The same body seen from a frame in which its frame is rotated by {@code rotation} and then
     * moved by {@code translation}: the centre becomes R·c + t and the tensor R·I·Rᵀ.
     */
    public MassProperties transformed(Quaterniondc rotation, Vector3dc translation) {
        double[] r = new double[9];
        Mat3.fromQuaternion(rotation.x(), rotation.y(), rotation.z(), rotation.w(), r, 0);
        double[] t = new double[9];
        Mat3.rotateTensor(r, 0, inertia, 0, t, 0);
        return new MassProperties(mass,
                Mat3.mulRow(r, 0, 0, cx, cy, cz) + translation.x(),
                Mat3.mulRow(r, 0, 1, cx, cy, cz) + translation.y(),
                Mat3.mulRow(r, 0, 2, cx, cy, cz) + translation.z(), t);
    }

    /**
     * The union of this body and {@code other} (both in the same frame): masses add, the centre is
     * the mass-weighted mean, and each tensor is moved to the new centre by the parallel-axis
     * theorem I + m·(|d|²·E − d·dᵀ), d being the offset of the part's centre from the new one.
     */
    public MassProperties plus(MassProperties other) {
        double m = mass + other.mass;
        double nx = (mass * cx + other.mass * other.cx) / m;
        double ny = (mass * cy + other.mass * other.cy) / m;
        double nz = (mass * cz + other.mass * other.cz) / m;
        double[] t = new double[9];
        shiftInto(this, nx, ny, nz, t);
        shiftInto(other, nx, ny, nz, t);
        return new MassProperties(m, nx, ny, nz, t);
    }

    private static void shiftInto(MassProperties p, double ox, double oy, double oz, double[] t) {
        double dx = p.cx - ox, dy = p.cy - oy, dz = p.cz - oz;
        double d2 = dx * dx + dy * dy + dz * dz;
        double[] d = {dx, dy, dz};
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                t[3 * r + c] += p.inertia[3 * r + c] + p.mass * ((r == c ? d2 : 0.0) - d[r] * d[c]);
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MassProperties other && mass == other.mass && cx == other.cx && cy == other.cy
                && cz == other.cz && Arrays.equals(inertia, other.inertia);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(new double[] {mass, cx, cy, cz}) + Arrays.hashCode(inertia);
    }

    @Override
    public String toString() {
        return "MassProperties[mass=" + mass + " kg, center=(" + cx + ", " + cy + ", " + cz + ") m, inertia="
                + Arrays.toString(inertia) + " kg·m²]";
    }
}
