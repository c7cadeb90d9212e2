package org.cairn.engine3d;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.check.Check;
import org.cairn.engine3d.internal.joint.JointMeasure;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.math.Quat;
import org.cairn.engine3d.internal.world.WorldState;
import org.joml.Vector3d;

/**
 * The joints of a world ({@link World#joints()}): what they measure now (angle, offset, length and
 * their rates), the force and torque they exerted over the last step, the ones that broke, and
 * their motors, limits and springs, which can be changed between steps. Reading allocates
 * nothing; every method that takes a {@link JointId} rejects one of a destroyed joint or of
 * another world with an {@link IllegalArgumentException}.
 */
public final class Joints {
    private final World world;
    private final WorldState state;
    private final JointStore store;
    private final double[] scratch = new double[8];
    private JointId[] ids = new JointId[16];

    Joints(World world, WorldState state) {
        this.world = world;
        this.state = state;
        this.store = state.joints;
    }

    /** Creates the joint {@link World#createJoint} describes. */
    JointId create(JointDef def) {
        Check.notNull("def", def);
        int a = world.bodyIndex(def.bodyA), b = world.bodyIndex(def.bodyB);
        BodyStore bodies = state.bodies;
        if (bodies.type[a] != BodyStore.DYNAMIC && bodies.type[b] != BodyStore.DYNAMIC) {
            throw new IllegalArgumentException("a joint needs a DYNAMIC body, got bodyA " + def.bodyA + " ("
                    + world.type(def.bodyA) + ") and bodyB " + def.bodyB + " (" + world.type(def.bodyB) + ")");
        }
        if (def.kind == JointKind.WHEEL) {
            double along = def.spinAxis[0] * def.axis[0] + def.spinAxis[1] * def.axis[1] + def.spinAxis[2] * def.axis[2];
            if (Math.abs(along) > 0.999) {
                throw new IllegalArgumentException("a wheel's spinAxis must not be parallel to its suspension axis, got "
                        + java.util.Arrays.toString(def.spinAxis) + " and " + java.util.Arrays.toString(def.axis));
            }
        }
        if (def.enableCone && def.kind != JointKind.BALL) {
            throw new IllegalArgumentException("a cone limit is for BALL joints, got " + def.kind);
        }
        if (def.frictionTorque > 0 && def.kind != JointKind.BALL) {
            throw new IllegalArgumentException("joint friction is for BALL joints (a " + def.kind
                    + " joint's is its motor at speed 0), got friction " + def.frictionTorque);
        }
        if ((def.kind == JointKind.HINGE || def.kind == JointKind.BALL) && def.enableLimit) {
            Check.inRange("lower", def.lower, -Math.PI, Math.PI);
            Check.inRange("upper", def.upper, -Math.PI, Math.PI);
        }
        if (def.kind == JointKind.DISTANCE && def.enableLimit && def.lower < 0) {
            throw new IllegalArgumentException("a distance joint's lower limit must be at least 0, got " + def.lower);
        }
        JointStore js = store;
        int j = js.allocate(a, b);
        js.kind[j] = def.kind.ordinal();
        js.name[j] = def.name;
        double[] q = bodies.rotation, p = bodies.position;
        double ax = q[4 * a], ay = q[4 * a + 1], az = q[4 * a + 2], aw = q[4 * a + 3];
        double bx = q[4 * b], by = q[4 * b + 1], bz = q[4 * b + 2], bw = q[4 * b + 3];
        // World anchors into each body's frame (from its origin), the axis into A's.
        Quat.rotate(-ax, -ay, -az, aw, def.anchorA[0] - p[3 * a], def.anchorA[1] - p[3 * a + 1],
                def.anchorA[2] - p[3 * a + 2], js.localAnchorA, 3 * j);
        Quat.rotate(-bx, -by, -bz, bw, def.anchorB[0] - p[3 * b], def.anchorB[1] - p[3 * b + 1],
                def.anchorB[2] - p[3 * b + 2], js.localAnchorB, 3 * j);
        Quat.rotate(-ax, -ay, -az, aw, def.axis[0], def.axis[1], def.axis[2], js.localAxisA, 3 * j);
        JointMeasure.perpendiculars(js.localAxisA[3 * j], js.localAxisA[3 * j + 1], js.localAxisA[3 * j + 2],
                js.localPerpA, 6 * j);
        if (def.kind == JointKind.WHEEL) {
            // The spin axis, square to the suspension, is the first perpendicular (A's frame) and,
            // in B's frame, the axis the wheel spins about.
            double[] sAxis = def.axis, spin = def.spinAxis;
            double along = spin[0] * sAxis[0] + spin[1] * sAxis[1] + spin[2] * sAxis[2];
            double px = spin[0] - along * sAxis[0], py = spin[1] - along * sAxis[1], pz = spin[2] - along * sAxis[2];
            double length = Math.sqrt(px * px + py * py + pz * pz);
            px /= length;
            py /= length;
            pz /= length;
            Quat.rotate(-ax, -ay, -az, aw, px, py, pz, js.localPerpA, 6 * j);
            double[] axisA = js.localAxisA, perp = js.localPerpA;
            int o = 6 * j, i = 3 * j;
            perp[o + 3] = axisA[i + 1] * perp[o + 2] - axisA[i + 2] * perp[o + 1];
            perp[o + 4] = axisA[i + 2] * perp[o] - axisA[i] * perp[o + 2];
            perp[o + 5] = axisA[i] * perp[o + 1] - axisA[i + 1] * perp[o];
            Quat.rotate(-bx, -by, -bz, bw, px, py, pz, js.localAxisB, 3 * j);
            js.steerAngle[j] = def.steerAngle;
        }
        // q_A⁻¹·q_B.
        js.referenceRotation[4 * j] = aw * bx - ax * bw - ay * bz + az * by;
        js.referenceRotation[4 * j + 1] = aw * by + ax * bz - ay * bw - az * bx;
        js.referenceRotation[4 * j + 2] = aw * bz - ax * by + ay * bx - az * bw;
        js.referenceRotation[4 * j + 3] = aw * bw + ax * bx + ay * by + az * bz;
        js.collideConnected[j] = def.collideConnected;
        js.enableLimit[j] = def.enableLimit;
        js.enableMotor[j] = def.enableMotor;
        js.enableSpring[j] = def.enableSpring;
        js.enableCone[j] = def.enableCone;
        js.coneAngle[j] = def.coneAngle;
        js.frictionTorque[j] = def.frictionTorque;
        js.lower[j] = def.lower;
        js.upper[j] = def.upper;
        js.motorSpeed[j] = def.motorSpeed;
        js.maxMotorForce[j] = def.maxMotorForce;
        js.springHertz[j] = def.springHertz;
        js.springDamping[j] = def.springDampingRatio;
        js.springTarget[j] = def.springTarget;
        double dx = def.anchorB[0] - def.anchorA[0], dy = def.anchorB[1] - def.anchorA[1],
                dz = def.anchorB[2] - def.anchorA[2];
        js.length[j] = Double.isNaN(def.length) ? Math.sqrt(dx * dx + dy * dy + dz * dz) : def.length;
        js.linearHertz[j] = def.linearHertz;
        js.linearDamping[j] = def.linearDampingRatio;
        js.angularHertz[j] = def.angularHertz;
        js.angularDamping[j] = def.angularDampingRatio;
        js.constraintHertz[j] = def.constraintHertz;
        js.constraintDamping[j] = def.constraintDampingRatio;
        js.breakForce[j] = def.breakForce;
        if (def.kind == JointKind.MOTOR) {
            System.arraycopy(def.linearOffset, 0, js.linearOffset, 3 * j, 3);
            js.angularOffset[j] = def.angularOffset;
            js.maxMotorForce[j] = def.maxForce;
            js.maxTorque[j] = def.maxTorque;
            js.correction[j] = def.correction;
        }
        js.breakTorque[j] = def.breakTorque;
        state.jointLinked(a, b, !def.collideConnected);
        version++;
        return idOf(j);
    }

    /** Destroys a joint: its bodies wake and may fall into separate islands. */
    void destroy(JointId id) {
        int j = joint(id);
        boolean acting = store.acting(j);
        int a = store.bodyA[j], b = store.bodyB[j];
        store.free(j);
        version++;
        if (acting) {
            state.jointUnlinked(a, b);
        }
    }

    /** Destroys every joint of body i (it is being destroyed). */
    /** Whether body slot i has a joint. */
    boolean hasJoints(int i) {
        return store.firstEdge(i) != JointStore.NONE;
    }

    void destroyAll(int i) {
        for (int e = store.firstEdge(i); e != JointStore.NONE; ) {
            int next = store.nextEdge(e);
            int j = e >> 1;
            destroy(idOf(j));
            e = next;
        }
    }

    /** Number of live joints, broken ones included. */
    public int count() {
        refresh();
        return liveCount;
    }

    /** The i-th live joint, 0 ≤ i &lt; {@link #count()}, in the order of their slots (allocation-free once cached). */
    public JointId get(int i) {
        refresh();
        Check.inRange("i", i, 0, liveCount - 1);
        return idOf(live[i]);
    }

    private int[] live = new int[16];
    private int liveCount;
    private long liveVersion = -1;

    /** The live slots, rebuilt only after a joint was created or destroyed. */
    private void refresh() {
        if (liveVersion == version) {
            return;
        }
        if (live.length < store.highWater) {
            live = new int[Math.max(16, 2 * store.highWater)];
        }
        liveCount = 0;
        for (int j = 0; j < store.highWater; j++) {
            if (store.alive[j]) {
                live[liveCount++] = j;
            }
        }
        liveVersion = version;
    }

    /** Counts creations and destructions, so {@link #refresh} knows when the live list is stale. */
    private long version;

    /** The kind of a joint. */
    public JointKind kind(JointId id) {
        return JointKind.values()[store.kind[joint(id)]];
    }

    /** The joint's name (null if unnamed). */
    public String name(JointId id) {
        return store.name[joint(id)];
    }

    /** Body A of a joint. */
    public BodyId bodyA(JointId id) {
        return world.bodyIdOf(store.bodyA[joint(id)]);
    }

    /** Body B of a joint. */
    public BodyId bodyB(JointId id) {
        return world.bodyIdOf(store.bodyB[joint(id)]);
    }

    /** Writes where the joint holds body A (world, m) into {@code dest}. */
    public Vector3d anchorA(JointId id, Vector3d dest) {
        int j = joint(id);
        return anchor(store.bodyA[j], store.localAnchorA, j, dest);
    }

    /** Writes where the joint holds body B (world, m) into {@code dest}; it differs from A's by the joint's stretch. */
    public Vector3d anchorB(JointId id, Vector3d dest) {
        int j = joint(id);
        return anchor(store.bodyB[j], store.localAnchorB, j, dest);
    }

    private Vector3d anchor(int body, double[] local, int j, Vector3d dest) {
        BodyStore b = state.bodies;
        Quat.rotate(b.rotation[4 * body], b.rotation[4 * body + 1], b.rotation[4 * body + 2], b.rotation[4 * body + 3],
                local[3 * j], local[3 * j + 1], local[3 * j + 2], scratch, 0);
        return dest.set(b.position[3 * body] + scratch[0], b.position[3 * body + 1] + scratch[1],
                b.position[3 * body + 2] + scratch[2]);
    }

    /** The force (N) the joint exerted on body B over the last step, world frame (A felt the opposite). */
    public Vector3d reactionForce(JointId id, Vector3d dest) {
        int j = joint(id);
        return dest.set(store.reactionForce[3 * j], store.reactionForce[3 * j + 1], store.reactionForce[3 * j + 2]);
    }

    /**
     * The torque (N·m) the joint's angular rows exerted on body B over the last step, world frame;
     * the moment of the reaction force about B's centre of mass is not included.
     */
    public Vector3d reactionTorque(JointId id, Vector3d dest) {
        int j = joint(id);
        return dest.set(store.reactionTorque[3 * j], store.reactionTorque[3 * j + 1], store.reactionTorque[3 * j + 2]);
    }

    /**
     * The joint's coordinate now: a hinge's angle (rad, in [−π, π], 0 as created, positive turning
     * B about the axis by the right-hand rule), a slider's or a wheel's offset along its axis (m, 0 as created),
     * a distance joint's length (m); NaN for the other kinds.
     */
    public double coordinate(JointId id) {
        int j = joint(id);
        return switch (store.kind[j]) {
            case JointStore.HINGE -> JointMeasure.angle(store, state.bodies, j, scratch);
            case JointStore.SLIDER, JointStore.WHEEL -> JointMeasure.offset(store, state.bodies, j, scratch);
            case JointStore.DISTANCE -> JointMeasure.length(store, state.bodies, j, scratch);
            default -> Double.NaN;
        };
    }

    /** The angle between body A's axis and body B's (rad, [0, π]): 0 as created; a ball joint's cone limits it. */
    public double swing(JointId id) {
        return JointMeasure.swing(store, state.bodies, joint(id), scratch);
    }

    /** How far B has turned about A's axis, the swing left out (rad, [−π, π]): 0 as created; a ball joint's limits bound it. */
    public double twist(JointId id) {
        return JointMeasure.angle(store, state.bodies, joint(id), scratch);
    }

    /** The rate of {@link #coordinate} (rad/s or m/s); NaN where the coordinate is. */
    public double speed(JointId id) {
        int j = joint(id);
        BodyStore b = state.bodies;
        return switch (store.kind[j]) {
            case JointStore.HINGE -> JointMeasure.angularSpeed(store, b, j, scratch);
            case JointStore.SLIDER, JointStore.WHEEL -> JointMeasure.linearSpeed(store, b, j, scratch, true);
            case JointStore.DISTANCE -> JointMeasure.linearSpeed(store, b, j, scratch, false);
            default -> Double.NaN;
        };
    }

    /** Whether the joint broke (its reaction exceeded a break threshold); a broken joint holds nothing. */
    public boolean isBroken(JointId id) {
        return store.broken[joint(id)];
    }

    /** Whether the joint is enabled (a disabled joint holds nothing until enabled again). */
    public boolean isEnabled(JointId id) {
        return store.enabled[joint(id)];
    }

    /** Enables or disables a joint; enabling a broken joint mends it. Wakes its bodies. */
    public void setEnabled(JointId id, boolean enabled) {
        world.unlockedFor("setEnabled");
        int j = joint(id);
        boolean was = store.acting(j);
        store.enabled[j] = enabled;
        if (enabled) {
            store.broken[j] = false;
        }
        boolean now = store.acting(j);
        if (was != now) {
            if (now) {
                state.jointLinked(store.bodyA[j], store.bodyB[j], !store.collideConnected[j]);
            } else {
                state.jointUnlinked(store.bodyA[j], store.bodyB[j]);
            }
        }
    }

    /** Sets a motor's target speed (rad/s or m/s) and turns the motor on; wakes the bodies. */
    public void setMotorSpeed(JointId id, double speed) {
        world.unlockedFor("setMotorSpeed");
        int j = joint(id);
        store.motorSpeed[j] = Check.finite("speed", speed);
        store.enableMotor[j] = true;
        wake(j);
    }

    /** Sets the most a motor may push (N·m or N) and turns the motor on; wakes the bodies. */
    public void setMaxMotorForce(JointId id, double maxForce) {
        world.unlockedFor("setMaxMotorForce");
        int j = joint(id);
        store.maxMotorForce[j] = Check.nonNegative("maxForce", maxForce);
        store.enableMotor[j] = true;
        wake(j);
    }

    /** Sets a ball joint's friction torque (N·m, at least 0; as {@link JointDef.Builder#friction}); wakes the bodies. */
    public void setFriction(JointId id, double torque) {
        world.unlockedFor("setFriction");
        int j = joint(id);
        Check.nonNegative("torque", torque);
        if (store.kind[j] != JointStore.BALL) {
            throw new IllegalArgumentException("joint friction is for BALL joints, got " + kind(id) + " joint " + id);
        }
        store.frictionTorque[j] = torque;
        wake(j);
    }

    /** A ball joint's friction torque, N·m (0 for other kinds). */
    public double friction(JointId id) {
        return store.frictionTorque[joint(id)];
    }

    /** Whether the two bodies' shapes collide with each other while the joint acts. */
    public boolean collideConnected(JointId id) {
        return store.collideConnected[joint(id)];
    }

    /** Whether the joint's motor is on. */
    public boolean isMotorEnabled(JointId id) {
        return store.enableMotor[joint(id)];
    }

    /** Turns the motor off. */
    public void disableMotor(JointId id) {
        world.unlockedFor("disableMotor");
        int j = joint(id);
        store.enableMotor[j] = false;
        wake(j);
    }

    /** Sets limits (as {@link JointDef.Builder#limits}) and turns them on; wakes the bodies. */
    public void setLimits(JointId id, double lower, double upper) {
        world.unlockedFor("setLimits");
        int j = joint(id);
        Check.finite("lower", lower);
        Check.finite("upper", upper);
        if (lower > upper) {
            throw new IllegalArgumentException("lower must not exceed upper, got (" + lower + ", " + upper + ")");
        }
        if (store.kind[j] == JointStore.HINGE) {
            Check.inRange("lower", lower, -Math.PI, Math.PI);
            Check.inRange("upper", upper, -Math.PI, Math.PI);
        }
        store.lower[j] = lower;
        store.upper[j] = upper;
        store.enableLimit[j] = true;
        wake(j);
    }

    /** Sets a motor joint's targets: B's anchor relative to A's in A's frame (m) and B's turn about the axis (rad); wakes the bodies. */
    public void setMotorTarget(JointId id, double x, double y, double z, double angle) {
        world.unlockedFor("setMotorTarget");
        int j = joint(id);
        if (store.kind[j] != JointStore.MOTOR_JOINT) {
            throw new IllegalArgumentException("jointId " + id + " is a " + kind(id) + " joint; only a MOTOR joint has targets");
        }
        Check.finite3("offset", x, y, z);
        Check.finite("angle", angle);
        store.linearOffset[3 * j] = x;
        store.linearOffset[3 * j + 1] = y;
        store.linearOffset[3 * j + 2] = z;
        store.angularOffset[j] = angle;
        wake(j);
    }

    /** Sets a wheel's steering angle (rad, within ±π/2) about its suspension axis; wakes the bodies. */
    public void setSteerAngle(JointId id, double angle) {
        world.unlockedFor("setSteerAngle");
        int j = joint(id);
        if (store.kind[j] != JointStore.WHEEL) {
            throw new IllegalArgumentException("jointId " + id + " is a " + kind(id) + " joint; only a WHEEL steers");
        }
        store.steerAngle[j] = Check.inRange("angle", angle, -0.5 * Math.PI, 0.5 * Math.PI);
        wake(j);
    }

    /** Sets a spring's target (rad or m); wakes the bodies. */
    public void setSpringTarget(JointId id, double target) {
        world.unlockedFor("setSpringTarget");
        int j = joint(id);
        store.springTarget[j] = Check.finite("target", target);
        wake(j);
    }

    /** Number of joints that broke at the end of the last step. */
    public int brokenCount() {
        return state.brokenJointCount();
    }

    /** The i-th joint that broke at the end of the last step, 0 ≤ i &lt; {@link #brokenCount()}. */
    public JointId broken(int i) {
        Check.inRange("i", i, 0, state.brokenJointCount() - 1);
        return idOf(state.brokenJoint(i));
    }

    private void wake(int j) {
        state.wake(store.bodyA[j]);
        state.wake(store.bodyB[j]);
    }

    /** The id of the live joint in slot {@code j} (cached; no allocation after the first call). */
    JointId idOf(int j) {
        if (ids.length <= j) {
            ids = java.util.Arrays.copyOf(ids, Math.max(2 * ids.length, j + 1));
        }
        JointId id = ids[j];
        if (id == null || id.generation() != store.generation[j]) {
            id = new JointId(j, store.generation[j], world.serial());
            ids[j] = id;
        }
        return id;
    }

    /** The slot of a live joint of this world. */
    int joint(JointId id) {
        Check.notNull("jointId", id);
        if (id.world() != world.serial()) {
            throw new IllegalArgumentException("jointId " + id + " was made by another world");
        }
        int j = id.index();
        if (j >= store.highWater || !store.alive[j] || store.generation[j] != id.generation()) {
            throw new IllegalArgumentException("jointId " + id + " does not name a live joint of this world"
                    + " (it was destroyed, with its joint or one of its bodies, or never created here)");
        }
        return j;
    }

    /** True while {@code id} names a live joint of this world. */
    boolean isValid(JointId id) {
        if (id == null || id.world() != world.serial()) {
            return false;
        }
        int j = id.index();
        return j < store.highWater && store.alive[j] && store.generation[j] == id.generation();
    }
}
