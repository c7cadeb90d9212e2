package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.math.Mat3;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Recomputes a body's mass, centre of mass and inertia from its shapes (or its override), after a
 * shape is attached or removed or the override changes. Runs at API calls, never in the step.
 */
public final class MassUpdate {
    /** Mass (kg) and inertia (kg·m² about each axis) of a dynamic body without any massive shape. */
    public static final double DEFAULT_MASS_KG = 1.0;

    private MassUpdate() {
    }

    /** The combined mass properties of body i's shapes in the body frame, or null if none has mass. */
    public static MassProperties fromShapes(BodyStore bodies, ShapeStore shapes, int i) {
        MassProperties total = null;
        Quaterniond rotation = new Quaterniond();
        Vector3d offset = new Vector3d();
        for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
            if (shapes.density[s] == 0.0 || shapes.geometry[s].volume() == 0.0) {
                // Massless by choice, or a surface (a triangle mesh, only ever on static bodies).
                continue;
            }
            rotation.set(shapes.localRotation[4 * s], shapes.localRotation[4 * s + 1],
                    shapes.localRotation[4 * s + 2], shapes.localRotation[4 * s + 3]);
            offset.set(shapes.localPosition[3 * s], shapes.localPosition[3 * s + 1], shapes.localPosition[3 * s + 2]);
            MassProperties part = shapes.geometry[s].massProperties(shapes.density[s]).transformed(rotation, offset);
            total = total == null ? part : total.plus(part);
        }
        return total;
    }

    /**
     * Throws IllegalArgumentException unless {@code props} can be applied to a dynamic body: a
     * positive, finite mass and an inertia whose inverse is finite (a tensor of 1e-297 kg·m² is
     * positive definite on paper, but its inverse overflows).
     */
    public static void requireUsable(MassProperties props, double[] scratch9) {
        if (!(props.mass() > 0) || !Double.isFinite(1.0 / props.mass())) {
            throw new IllegalArgumentException("mass " + props.mass() + " kg has no finite inverse");
        }
        double[] inertia = new double[9];
        props.inertia(inertia, 0);
        if (!Mat3.invertSymmetric(inertia, 0, scratch9, 0)) {
            throw new IllegalArgumentException("inertia " + Arrays.toString(inertia) + " kg·m² is not invertible");
        }
        for (double v : scratch9) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("inertia " + Arrays.toString(inertia) + " kg·m² has no finite inverse");
            }
        }
    }

    /** Whether the tensor t[o..o+9) is c·I exactly (equal diagonal, zero off the diagonal). */
    static boolean isotropic(double[] t, int o) {
        return t[o] == t[o + 4] && t[o] == t[o + 8] && t[o + 1] == 0 && t[o + 2] == 0 && t[o + 3] == 0
                && t[o + 5] == 0 && t[o + 6] == 0 && t[o + 7] == 0;
    }

    /**
     * Applies mass properties to body i. Static and kinematic bodies get zero inverse mass and
     * inertia (infinite mass for everything that touches them) but keep their centre. The origin
     * stays where it is; the velocity of the centre changes by ω × Δc so that every material point
     * keeps its velocity.
     */
    public static void apply(BodyStore b, int i, MassProperties props, double[] scratch) {
        double oldX = b.center[3 * i], oldY = b.center[3 * i + 1], oldZ = b.center[3 * i + 2];
        b.massEpoch[i]++;
        if (props != null) {
            Vector3d c = props.center(new Vector3d());
            b.localCenter[3 * i] = c.x;
            b.localCenter[3 * i + 1] = c.y;
            b.localCenter[3 * i + 2] = c.z;
        } else {
            b.localCenter[3 * i] = 0.0;
            b.localCenter[3 * i + 1] = 0.0;
            b.localCenter[3 * i + 2] = 0.0;
        }
        b.updateCenterFromOrigin(i);
        b.isotropic[i] = false;
        if (b.type[i] != BodyStore.DYNAMIC) {
            b.mass[i] = 0.0;
            b.inverseMass[i] = 0.0;
            Arrays.fill(b.localInertia, 9 * i, 9 * i + 9, 0.0);
            Arrays.fill(b.localInverseInertia, 9 * i, 9 * i + 9, 0.0);
            Arrays.fill(b.worldInverseInertia, 9 * i, 9 * i + 9, 0.0);
            return;
        }
        if (props == null) {
            b.mass[i] = DEFAULT_MASS_KG;
            Mat3.identity(b.localInertia, 9 * i);
        } else {
            b.mass[i] = props.mass();
            props.inertia(b.localInertia, 9 * i);
        }
        b.inverseMass[i] = 1.0 / b.mass[i];
        if (!Mat3.invertSymmetric(b.localInertia, 9 * i, b.localInverseInertia, 9 * i)) {
            throw new IllegalStateException("inertia of body " + i + " is not invertible");
        }
        b.isotropic[i] = isotropic(b.localInertia, 9 * i);
        b.updateWorldInverseInertia(i, scratch);
        // Keep the material velocity: v_newCenter = v_oldCenter + ω × (c_new − c_old).
        double dx = b.center[3 * i] - oldX, dy = b.center[3 * i + 1] - oldY, dz = b.center[3 * i + 2] - oldZ;
        double wx = b.angularVelocity[3 * i], wy = b.angularVelocity[3 * i + 1], wz = b.angularVelocity[3 * i + 2];
        b.linearVelocity[3 * i] += wy * dz - wz * dy;
        b.linearVelocity[3 * i + 1] += wz * dx - wx * dz;
        b.linearVelocity[3 * i + 2] += wx * dy - wy * dx;
    }
}
