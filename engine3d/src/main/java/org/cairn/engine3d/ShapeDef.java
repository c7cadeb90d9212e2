package org.cairn.engine3d;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immutable material and placement of a shape attached with
 * {@link World#createShape(BodyId, ShapeDef, org.cairn.engine3d.geometry.Shape)}.
 */
public final class ShapeDef {
    /** Density 1000 kg/m³ (water), friction 0.6, restitution 0, no offset, no rotation. */
    public static final ShapeDef DEFAULTS = builder().build();

    private final double density;
    private final double friction;
    private final double restitution;
    private final double[] localPosition;
    private final double[] localRotation;
    private final double rollingResistance;
    private final boolean sensor;
    private final long categoryBits;
    private final long maskBits;
    private final int groupIndex;
    private final int material;

    private ShapeDef(Builder b) {
        material = b.material;
        rollingResistance = b.rollingResistance;
        sensor = b.sensor;
        categoryBits = b.categoryBits;
        maskBits = b.maskBits;
        groupIndex = b.groupIndex;
        density = b.density;
        friction = b.friction;
        restitution = b.restitution;
        localPosition = b.localPosition.clone();
        localRotation = b.localRotation.clone();
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** kg/m³; default 1000. Zero makes a massless shape (it still collides). */
    public double density() {
        return density;
    }

    /**
     * Material id, for per-pair overrides ({@link World#setMaterialPair}); default 0, no material.
     * Two shapes whose materials have a pair override use the override's friction and restitution
     * instead of mixing their own.
     */
    public int material() {
        return material;
    }

    /** Coulomb friction coefficient; default 0.6. */
    public double friction() {
        return friction;
    }

    /** Coefficient of restitution in [0, 1]; default 0. */
    public double restitution() {
        return restitution;
    }

    /** Offset of the shape's frame in the body frame, m; default zero. Returns a copy. */
    public Vector3d localPosition() {
        return new Vector3d(localPosition[0], localPosition[1], localPosition[2]);
    }

    /** Rotation of the shape's frame in the body frame; default identity. Returns a copy. */
    public Quaterniond localRotation() {
        return new Quaterniond(localRotation[0], localRotation[1], localRotation[2], localRotation[3]);
    }

    /**
     * Rolling resistance coefficient, dimensionless; default 0. A contact resists relative rotation
     * with an angular impulse of at most c·R·ΣPn, c the larger of the two shapes' coefficients times
     * its rolling radius R (the radius of a sphere or capsule, a quarter of a hull's inner radius).
     */
    public double rollingResistance() {
        return rollingResistance;
    }

    /** The collision categories the shape belongs to (bits); default 1. */
    public long categoryBits() {
        return categoryBits;
    }

    /** The categories the shape collides with (bits); default all. */
    public long maskBits() {
        return maskBits;
    }

    /**
     * Collision group; default 0 (none). Two shapes with the same non-zero group always collide if
     * it is positive and never if it is negative, whatever their categories and masks.
     */
    public int groupIndex() {
        return groupIndex;
    }

    /**
     * Whether the shape is a sensor; default false. A sensor has no contacts and pushes nothing:
     * it reports the shapes of other bodies that overlap it ({@link World#sensorEvents()}),
     * filtered by the same categories, masks and groups as contacts. Its density still counts in
     * its body's mass (give it density 0 to make it weightless).
     */
    public boolean isSensor() {
        return sensor;
    }

    /** Mutable builder of {@link ShapeDef}. */
    public static final class Builder {
        private double density = 1000.0;
        private double friction = 0.6;
        private double restitution = 0.0;
        private final double[] localPosition = new double[3];
        private final double[] localRotation = {0, 0, 0, 1};
        private double rollingResistance;
        private boolean sensor;
        private long categoryBits = 1L;
        private long maskBits = -1L;
        private int groupIndex;
        private int material;

        private Builder() {
        }

        /** Material id, non-negative (see {@link ShapeDef#material()}). */
        public Builder material(int id) {
            material = Check.atLeast("material", id, 0);
            return this;
        }

        /** Rolling resistance coefficient, non-negative. */
        public Builder rollingResistance(double coefficient) {
            rollingResistance = Check.nonNegative("rollingResistance", coefficient);
            return this;
        }

        /** Makes the shape a sensor (see {@link ShapeDef#isSensor()}). */
        public Builder sensor(boolean isSensor) {
            sensor = isSensor;
            return this;
        }

        /** Collision filter: categories (bits), the categories collided with (bits), and group. */
        public Builder filter(long categoryBits, long maskBits, int groupIndex) {
            this.categoryBits = categoryBits;
            this.maskBits = maskBits;
            this.groupIndex = groupIndex;
            return this;
        }

        /** kg/m³, non-negative. */
        public Builder density(double kilogramsPerCubicMeter) {
            density = Check.nonNegative("density", kilogramsPerCubicMeter);
            return this;
        }

        /** Non-negative. */
        public Builder friction(double coefficient) {
            friction = Check.nonNegative("friction", coefficient);
            return this;
        }

        /** In [0, 1]. */
        public Builder restitution(double coefficient) {
            restitution = Check.inRange("restitution", coefficient, 0.0, 1.0);
            return this;
        }

        /** Offset in the body frame, m. */
        public Builder localPosition(double x, double y, double z) {
            Check.finite3("localPosition", x, y, z);
            localPosition[0] = x;
            localPosition[1] = y;
            localPosition[2] = z;
            return this;
        }

        /** Offset in the body frame, m. */
        public Builder localPosition(Vector3dc value) {
            Check.notNull("localPosition", value);
            return localPosition(value.x(), value.y(), value.z());
        }

        /** Rotation in the body frame, a unit quaternion (normalised within 1e-6, else rejected). */
        public Builder localRotation(double x, double y, double z, double w) {
            Check.unitQuaternion("localRotation", x, y, z, w, localRotation);
            return this;
        }

        /** Rotation in the body frame; see {@link #localRotation(double, double, double, double)}. */
        public Builder localRotation(Quaterniondc value) {
            Check.notNull("localRotation", value);
            return localRotation(value.x(), value.y(), value.z(), value.w());
        }

        /** The immutable def. */
        public ShapeDef build() {
            return new ShapeDef(this);
        }
    }
}
