package org.cairn.engine3d;

import org.cairn.engine3d.internal.check.Check;

/**
 * Immutable description of a joint to create with {@link World#createJoint(JointDef)}. Build one
 * with {@link #builder(JointKind, BodyId, BodyId)}; every setter checks its argument and names it
 * in the exception.
 *
 * <p>Anchors and the axis are given in the world frame, at the bodies' poses when the joint is
 * created (as one builds a scene: "the hinge is here, about this axis"); the world turns them into
 * each body's frame then, and measures angles and offsets from that pose, so a hinge's angle and
 * a slider's offset are 0 when the joint is made. A distance joint has an anchor on each body
 * ({@link Builder#anchors}); every other kind has one point shared by both.
 *
 * <p>Units: m, rad, m/s and rad/s for motor speeds, N or N·m for motor and break limits (force
 * for linear rows: slider, distance; torque for angular: hinge), Hz and damping ratios for
 * springs and softness.
 */
public final class JointDef {
    /** Box2D v3's joint stiffness: 60 Hz, capped at a quarter of the substep rate (stiffer joints shook a heavy chain apart). */
    public static final double DEFAULT_CONSTRAINT_HERTZ = 60.0;
    /**
     * Damping ratio 1, where Box2D v3 uses 2: the damper works on the joint's small stretching
     * motion, and at 2 a pendulum released at 90° lost 1.5 % of its energy in 60 s (at 1: 0.7 %);
     * a hanging chain's stretch does not depend on it.
     */
    public static final double DEFAULT_CONSTRAINT_DAMPING_RATIO = 1.0;

    final JointKind kind;
    final BodyId bodyA, bodyB;
    final double[] anchorA, anchorB, axis, spinAxis;
    final double steerAngle;
    final double[] linearOffset;
    final double angularOffset, maxForce, maxTorque, correction;
    final boolean collideConnected;
    final boolean enableLimit, enableMotor, enableSpring, enableCone;
    final double coneAngle, frictionTorque;
    final double lower, upper, motorSpeed, maxMotorForce, springHertz, springDampingRatio, springTarget;
    final double length;
    final double linearHertz, linearDampingRatio, angularHertz, angularDampingRatio;
    final double constraintHertz, constraintDampingRatio;
    final double breakForce, breakTorque;
    final String name;

    private JointDef(Builder b) {
        kind = b.kind;
        bodyA = b.bodyA;
        bodyB = b.bodyB;
        anchorA = b.anchorA.clone();
        anchorB = b.anchorB.clone();
        axis = b.axis.clone();
        spinAxis = b.spinAxis.clone();
        steerAngle = b.steerAngle;
        linearOffset = b.linearOffset.clone();
        angularOffset = b.angularOffset;
        maxForce = b.maxForce;
        maxTorque = b.maxTorque;
        correction = b.correction;
        collideConnected = b.collideConnected;
        enableLimit = b.enableLimit;
        enableMotor = b.enableMotor;
        enableSpring = b.enableSpring;
        enableCone = b.enableCone;
        coneAngle = b.coneAngle;
        frictionTorque = b.frictionTorque;
        lower = b.lower;
        upper = b.upper;
        motorSpeed = b.motorSpeed;
        maxMotorForce = b.maxMotorForce;
        springHertz = b.springHertz;
        springDampingRatio = b.springDampingRatio;
        springTarget = b.springTarget;
        length = b.length;
        linearHertz = b.linearHertz;
        linearDampingRatio = b.linearDampingRatio;
        angularHertz = b.angularHertz;
        angularDampingRatio = b.angularDampingRatio;
        constraintHertz = b.constraintHertz;
        constraintDampingRatio = b.constraintDampingRatio;
        breakForce = b.breakForce;
        breakTorque = b.breakTorque;
        name = b.name;
    }

    /** A builder for a joint of {@code kind} between {@code bodyA} and {@code bodyB}, anchored at the world origin. */
    public static Builder builder(JointKind kind, BodyId bodyA, BodyId bodyB) {
        return new Builder(kind, bodyA, bodyB);
    }

    /** The kind of joint. */
    public JointKind kind() {
        return kind;
    }

    /** Body A. */
    public BodyId bodyA() {
        return bodyA;
    }

    /** Body B. */
    public BodyId bodyB() {
        return bodyB;
    }

    /** The joint's name (null if unnamed). */
    public String name() {
        return name;
    }

    /** Fills in a {@link JointDef}; setters check their arguments. */
    public static final class Builder {
        private final JointKind kind;
        private final BodyId bodyA, bodyB;
        private final double[] anchorA = new double[3];
        private final double[] anchorB = new double[3];
        private final double[] axis = {1, 0, 0};
        private final double[] spinAxis = {0, 0, 1};
        private double steerAngle;
        private final double[] linearOffset = new double[3];
        private double angularOffset, maxForce = 1000, maxTorque = 1000, correction = 0.3;
        private boolean collideConnected;
        private boolean enableLimit, enableMotor, enableSpring, enableCone;
        private double coneAngle, frictionTorque;
        private double lower, upper, motorSpeed, maxMotorForce, springHertz, springDampingRatio, springTarget;
        private double length = Double.NaN;
        private double linearHertz, linearDampingRatio, angularHertz, angularDampingRatio;
        private double constraintHertz = DEFAULT_CONSTRAINT_HERTZ;
        private double constraintDampingRatio = DEFAULT_CONSTRAINT_DAMPING_RATIO;
        private double breakForce = Double.POSITIVE_INFINITY, breakTorque = Double.POSITIVE_INFINITY;
        private String name;

        private Builder(JointKind kind, BodyId bodyA, BodyId bodyB) {
            this.kind = Check.notNull("kind", kind);
            this.bodyA = Check.notNull("bodyA", bodyA);
            this.bodyB = Check.notNull("bodyB", bodyB);
            if (bodyA.equals(bodyB)) {
                throw new IllegalArgumentException("bodyA and bodyB must differ, got " + bodyA + " twice");
            }
        }

        /** The point both anchors start at, world frame (m). */
        public Builder anchor(double x, double y, double z) {
            Check.finite3("anchor", x, y, z);
            set(anchorA, x, y, z);
            set(anchorB, x, y, z);
            return this;
        }

        /** Separate anchors on A and B, world frame (m): a distance joint's two ends. */
        public Builder anchors(double ax, double ay, double az, double bx, double by, double bz) {
            Check.finite3("anchorA", ax, ay, az);
            Check.finite3("anchorB", bx, by, bz);
            set(anchorA, ax, ay, az);
            set(anchorB, bx, by, bz);
            return this;
        }

        /** The axis a hinge turns about or a slider slides along, world frame; normalised. Default (1, 0, 0). */
        public Builder axis(double x, double y, double z) {
            unit("axis", x, y, z, axis);
            return this;
        }

        /**
         * A wheel's spin axis, world frame, normalised (default (0, 0, 1)); it must not be parallel
         * to the suspension {@link #axis}.
         */
        public Builder spinAxis(double x, double y, double z) {
            unit("spinAxis", x, y, z, spinAxis);
            return this;
        }

        /** A wheel's steering angle about the suspension axis (rad, within ±π/2; default 0). */
        public Builder steer(double angle) {
            steerAngle = Check.inRange("steer angle", angle, -0.5 * Math.PI, 0.5 * Math.PI);
            return this;
        }

        /** A motor joint's target for B's anchor relative to A's, in A's frame (m; default 0: as created). */
        public Builder linearOffset(double x, double y, double z) {
            Check.finite3("linearOffset", x, y, z);
            set(linearOffset, x, y, z);
            return this;
        }

        /** A motor joint's target turn of B about the axis from its pose at creation (rad; default 0). */
        public Builder angularOffset(double angle) {
            angularOffset = Check.finite("angularOffset", angle);
            return this;
        }

        /** A motor joint's most force (N, default 1000) and torque (N·m, default 1000). */
        public Builder maxForceAndTorque(double force, double torque) {
            maxForce = Check.nonNegative("maxForce", force);
            maxTorque = Check.nonNegative("maxTorque", torque);
            return this;
        }

        /**
         * The fraction of a motor joint's error it corrects per substep, in [0, 1] (default 0.3, Box2D's):
         * higher follows the target faster and rings more.
         */
        public Builder correction(double factor) {
            correction = Check.inRange("correction", factor, 0.0, 1.0);
            return this;
        }

        /** Whether the two bodies' shapes still collide with each other (default false). */
        public Builder collideConnected(boolean collide) {
            collideConnected = collide;
            return this;
        }

        /**
         * Limits on the joint's coordinate: the hinge angle (rad, within [−π, π]), the slider offset
         * along the axis (m), the distance between the anchors (m, lower ≥ 0; a rope is (0, length)),
         * a ball joint's twist about its axis (rad, within [−π, π]).
         */
        public Builder limits(double lower, double upper) {
            Check.finite("lower", lower);
            Check.finite("upper", upper);
            if (lower > upper) {
                throw new IllegalArgumentException("lower must not exceed upper, got (" + lower + ", " + upper + ")");
            }
            this.lower = lower;
            this.upper = upper;
            enableLimit = true;
            return this;
        }

        /**
         * A ball joint's cone: the angle between A's axis and B's (the axis as both bodies carried it
         * from the joint's creation) stays at most {@code maxAngle} (rad, in (0, π)). With
         * {@link #limits} on the twist about the axis, a shoulder or a hip.
         */
        public Builder cone(double maxAngle) {
            Check.finite("cone maxAngle", maxAngle);
            if (!(maxAngle > 0 && maxAngle < Math.PI)) {
                throw new IllegalArgumentException("cone maxAngle must be in (0, π), got " + maxAngle);
            }
            coneAngle = maxAngle;
            enableCone = true;
            return this;
        }

        /**
         * A ball joint's friction: the relative turn of the two bodies about each of the joint's
         * three axes (the axis and two perpendiculars, carried by A) is resisted with up to
         * {@code torque} (N·m, at least 0; 0: none), so a swinging limb comes to rest, as a
         * ragdoll's joints need (Jolt's swing-twist friction torque). A hinge's or a slider's
         * friction is its {@link #motor} at speed 0.
         */
        public Builder friction(double torque) {
            frictionTorque = Check.nonNegative("friction torque", torque);
            return this;
        }

        /**
         * A motor driving the joint's coordinate at {@code speed} (rad/s or m/s) with at most
         * {@code maxForce} (N·m for a hinge, N for a slider or distance joint).
         */
        public Builder motor(double speed, double maxForce) {
            motorSpeed = Check.finite("motor speed", speed);
            maxMotorForce = Check.nonNegative("motor maxForce", maxForce);
            enableMotor = true;
            return this;
        }

        /**
         * A spring pulling the coordinate towards {@code target} (rad for a hinge, m for a slider;
         * a distance joint pulls towards its {@link #length}) at {@code hertz} with damping ratio
         * {@code dampingRatio}.
         */
        public Builder spring(double hertz, double dampingRatio, double target) {
            springHertz = Check.positive("spring hertz", hertz);
            springDampingRatio = Check.nonNegative("spring dampingRatio", dampingRatio);
            springTarget = Check.finite("spring target", target);
            enableSpring = true;
            return this;
        }

        /** A distance joint's rest length (m); default: the anchors' distance when the joint is made. */
        public Builder length(double meters) {
            length = Check.nonNegative("length", meters);
            return this;
        }

        /**
         * A fixed joint's linear softness (Hz, damping ratio; 0 Hz is rigid, the default). The
         * hertz is capped at a quarter of the substep rate in the soft step, as the joint's
         * stiffness is ({@link #constraintSoftness}): stiffer springs are not held stably.
         */
        public Builder linearSoftness(double hertz, double dampingRatio) {
            linearHertz = Check.nonNegative("linear hertz", hertz);
            linearDampingRatio = Check.nonNegative("linear dampingRatio", dampingRatio);
            return this;
        }

        /** A fixed joint's angular softness (Hz, damping ratio; 0 Hz is rigid, the default), capped as {@link #linearSoftness} is. */
        public Builder angularSoftness(double hertz, double dampingRatio) {
            angularHertz = Check.nonNegative("angular hertz", hertz);
            angularDampingRatio = Check.nonNegative("angular dampingRatio", dampingRatio);
            return this;
        }

        /**
         * How stiffly the joint's rigid part is held in the soft step (Hz, capped at a quarter of
         * the substep rate, and damping ratio); default 60 Hz, 1.
         */
        public Builder constraintSoftness(double hertz, double dampingRatio) {
            constraintHertz = Check.positive("constraint hertz", hertz);
            constraintDampingRatio = Check.nonNegative("constraint dampingRatio", dampingRatio);
            return this;
        }

        /** The joint breaks when its reaction force exceeds {@code newtons} (default: never). */
        public Builder breakForce(double newtons) {
            breakForce = Check.positive("breakForce", newtons);
            return this;
        }

        /** The joint breaks when its reaction torque exceeds {@code newtonMeters} (default: never). */
        public Builder breakTorque(double newtonMeters) {
            breakTorque = Check.positive("breakTorque", newtonMeters);
            return this;
        }

        /** A name, for diagnostics and outputs. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** The definition. */
        public JointDef build() {
            return new JointDef(this);
        }

        /** (x, y, z) normalised into d, or an exception naming {@code name} if it has no direction. */
        private static void unit(String name, double x, double y, double z, double[] d) {
            Check.finite3(name, x, y, z);
            double n = Math.sqrt(x * x + y * y + z * z);
            if (!(n > 1e-12) || !Double.isFinite(n)) {
                throw new IllegalArgumentException(name + " must have a finite, non-zero length, got (" + x + ", " + y
                        + ", " + z + ")");
            }
            set(d, x / n, y / n, z / n);
        }

        private static void set(double[] d, double x, double y, double z) {
            d[0] = x;
            d[1] = y;
            d[2] = z;
        }
    }
}
