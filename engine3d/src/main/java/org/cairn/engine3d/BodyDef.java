package org.cairn.engine3d;

import org.cairn.engine3d.internal.check.Check;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immutable description of a body to create with {@link World#createBody(BodyDef)}. Build one with
 * {@link #builder()}; every setter checks its argument and names it in the exception.
 */
public final class BodyDef {
    /** A dynamic body at the origin with every default. */
    public static final BodyDef DEFAULTS = builder().build();

    private final BodyType type;
    private final double[] position;
    private final double[] rotation;
    private final double[] linearVelocity;
    private final double[] angularVelocity;
    private final double linearDamping;
    private final double angularDamping;
    private final double gravityScale;
    private final boolean allowSleep;
    private final boolean gyroscopic;
    private final boolean bullet;
    private final String name;

    private BodyDef(Builder b) {
        type = b.type;
        position = b.position.clone();
        rotation = b.rotation.clone();
        linearVelocity = b.linearVelocity.clone();
        angularVelocity = b.angularVelocity.clone();
        linearDamping = b.linearDamping;
        angularDamping = b.angularDamping;
        gravityScale = b.gravityScale;
        allowSleep = b.allowSleep;
        gyroscopic = b.gyroscopic;
        bullet = b.bullet;
        name = b.name;
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this definition's values, to make a changed copy. */
    public Builder toBuilder() {
        return new Builder().type(type).position(position[0], position[1], position[2])
                .rotation(rotation[0], rotation[1], rotation[2], rotation[3])
                .linearVelocity(linearVelocity[0], linearVelocity[1], linearVelocity[2])
                .angularVelocity(angularVelocity[0], angularVelocity[1], angularVelocity[2]).linearDamping(linearDamping)
                .angularDamping(angularDamping).gravityScale(gravityScale).allowSleep(allowSleep).gyroscopic(gyroscopic)
                .bullet(bullet).name(name);
    }

    /** Default {@link BodyType#DYNAMIC}. */
    public BodyType type() {
        return type;
    }

    /** Origin of the body frame, m; default (0, 0, 0). Returns a copy. */
    public Vector3d position() {
        return new Vector3d(position[0], position[1], position[2]);
    }

    /** Orientation, a unit quaternion; default identity. Returns a copy. */
    public Quaterniond rotation() {
        return new Quaterniond(rotation[0], rotation[1], rotation[2], rotation[3]);
    }

    /** Velocity of the centre of mass, m/s; default zero. Returns a copy. */
    public Vector3d linearVelocity() {
        return new Vector3d(linearVelocity[0], linearVelocity[1], linearVelocity[2]);
    }

    /** Angular velocity, rad/s, world frame; default zero. Returns a copy. */
    public Vector3d angularVelocity() {
        return new Vector3d(angularVelocity[0], angularVelocity[1], angularVelocity[2]);
    }

    /** Linear damping, 1/s; default 0. */
    public double linearDamping() {
        return linearDamping;
    }

    /** Angular damping, 1/s; default 0. */
    public double angularDamping() {
        return angularDamping;
    }

    /** Multiplier of the world's gravity; default 1. */
    public double gravityScale() {
        return gravityScale;
    }

    /** Whether the body may fall asleep when at rest; default true. */
    public boolean allowSleep() {
        return allowSleep;
    }

    /** Whether gyroscopic torque is integrated; default true. */
    public boolean gyroscopic() {
        return gyroscopic;
    }

    /** Whether the body is a bullet ({@link Builder#bullet}); default false. */
    public boolean bullet() {
        return bullet;
    }

    /** A name for people and tools; default "". */
    public String name() {
        return name;
    }

    /** Mutable builder of {@link BodyDef}. */
    public static final class Builder {
        private BodyType type = BodyType.DYNAMIC;
        private final double[] position = new double[3];
        private final double[] rotation = {0, 0, 0, 1};
        private final double[] linearVelocity = new double[3];
        private final double[] angularVelocity = new double[3];
        private double linearDamping;
        private double angularDamping;
        private double gravityScale = 1.0;
        private boolean allowSleep = true;
        private boolean gyroscopic = true;
        private boolean bullet;
        private String name = "";

        private Builder() {
        }

        /** Static, kinematic or dynamic; default dynamic. */
        public Builder type(BodyType value) {
            type = Check.notNull("type", value);
            return this;
        }

        /** Origin, m. */
        public Builder position(double x, double y, double z) {
            Check.finite3("position", x, y, z);
            position[0] = x;
            position[1] = y;
            position[2] = z;
            return this;
        }

        /** Origin, m. */
        public Builder position(Vector3dc value) {
            Check.notNull("position", value);
            return position(value.x(), value.y(), value.z());
        }

        /**
         * Orientation as a unit quaternion (x, y, z, w); a norm within 1e-6 of 1 is normalised,
         * anything else is rejected.
         */
        public Builder rotation(double x, double y, double z, double w) {
            Check.unitQuaternion("rotation", x, y, z, w, rotation);
            return this;
        }

        /** Orientation; see {@link #rotation(double, double, double, double)}. */
        public Builder rotation(Quaterniondc value) {
            Check.notNull("rotation", value);
            return rotation(value.x(), value.y(), value.z(), value.w());
        }

        /** Velocity of the centre of mass, m/s. */
        public Builder linearVelocity(double x, double y, double z) {
            Check.finite3("linearVelocity", x, y, z);
            linearVelocity[0] = x;
            linearVelocity[1] = y;
            linearVelocity[2] = z;
            return this;
        }

        /** Velocity of the centre of mass, m/s. */
        public Builder linearVelocity(Vector3dc value) {
            Check.notNull("linearVelocity", value);
            return linearVelocity(value.x(), value.y(), value.z());
        }

        /** Angular velocity, rad/s, world frame. */
        public Builder angularVelocity(double x, double y, double z) {
            Check.finite3("angularVelocity", x, y, z);
            angularVelocity[0] = x;
            angularVelocity[1] = y;
            angularVelocity[2] = z;
            return this;
        }

        /** Angular velocity, rad/s, world frame. */
        public Builder angularVelocity(Vector3dc value) {
            Check.notNull("angularVelocity", value);
            return angularVelocity(value.x(), value.y(), value.z());
        }

        /** Linear damping, 1/s, non-negative. */
        public Builder linearDamping(double perSecond) {
            linearDamping = Check.nonNegative("linearDamping", perSecond);
            return this;
        }

        /** Angular damping, 1/s, non-negative. */
        public Builder angularDamping(double perSecond) {
            angularDamping = Check.nonNegative("angularDamping", perSecond);
            return this;
        }

        /** Gravity multiplier, finite (may be zero or negative). */
        public Builder gravityScale(double scale) {
            gravityScale = Check.finite("gravityScale", scale);
            return this;
        }

        /**
         * Whether a dynamic body is a bullet (default false; other types ignore it): when it moves
         * far enough in a step to pass through a thin shape, it is swept against every other
         * body's shapes as the step left them, not only against static shapes, and stopped at the
         * first it would strike (Box2D's bullets: a projectile and a thin dynamic plank). Bullets
         * are not swept against each other.
         */
        public Builder bullet(boolean value) {
            bullet = value;
            return this;
        }

        /** Whether the body may fall asleep when at rest; default true. */
        public Builder allowSleep(boolean value) {
            allowSleep = value;
            return this;
        }

        /** Whether gyroscopic torque is integrated (implicitly, conserving |L|); default true. */
        public Builder gyroscopic(boolean value) {
            gyroscopic = value;
            return this;
        }

        /** A name for people and tools, not null; need not be unique. */
        public Builder name(String value) {
            name = Check.notNull("name", value);
            return this;
        }

        /**
         * The immutable def.
         *
         * @throws IllegalArgumentException if a static body is given a velocity (it could never
         *                                  move with it, so the velocity is a mistake)
         */
        public BodyDef build() {
            if (type == BodyType.STATIC) {
                for (int k = 0; k < 3; k++) {
                    if (linearVelocity[k] != 0.0 || angularVelocity[k] != 0.0) {
                        throw new IllegalArgumentException("linearVelocity and angularVelocity must be zero for a "
                                + "STATIC body, got linearVelocity " + linearVelocity() + " and angularVelocity "
                                + angularVelocity());
                    }
                }
            }
            return new BodyDef(this);
        }

        private Vector3d linearVelocity() {
            return new Vector3d(linearVelocity[0], linearVelocity[1], linearVelocity[2]);
        }

        private Vector3d angularVelocity() {
            return new Vector3d(angularVelocity[0], angularVelocity[1], angularVelocity[2]);
        }
    }
}
