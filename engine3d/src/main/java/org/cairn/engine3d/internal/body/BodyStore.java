package org.cairn.engine3d.internal.body;

import java.util.Arrays;
import org.cairn.engine3d.internal.math.Mat3;

/**
 * Every body's state as structure-of-arrays, indexed by body index. Vectors are interleaved
 * ({@code linearVelocity[3i + k]}), quaternions are (x, y, z, w), 3×3 tensors are row-major
 * blocks of nine. Arrays grow by doubling and are never shrunk, so the step never allocates.
 *
 * <p>Slots of destroyed bodies go on a LIFO free list and their generation is bumped, which is
 * what lets a stale {@code BodyId} be recognised. Stages walk indices 0..{@link #highWater} in
 * order and skip dead slots, so the iteration order, and with it the result, depends only on the
 * sequence of API calls.
 */
public final class BodyStore {
    public static final byte STATIC = 0;
    public static final byte KINEMATIC = 1;
    public static final byte DYNAMIC = 2;

    /** Number of slots ever used; live bodies have indices below it. */
    public int highWater;
    public int liveCount;
    private int[] freeList = new int[16];
    private int freeCount;

    public int[] generation;
    public boolean[] alive;
    public byte[] type;
    public String[] name;

    /** Body origin (m), world frame. */
    public double[] position;
    /** Orientation, unit quaternion (x, y, z, w). */
    public double[] rotation;
    /** Centre of mass (m), world frame; the integrator moves this, the origin follows. */
    public double[] center;
    /** Centre of mass (m), body frame. */
    public double[] localCenter;
    /** Origin and orientation before the last step, for render interpolation. */
    public double[] previousPosition;
    public double[] previousRotation;

    /** Velocity of the centre of mass (m/s) and angular velocity (rad/s), world frame. */
    public double[] linearVelocity;
    public double[] angularVelocity;
    /** Accumulated force (N) at the centre of mass and torque (N·m), world frame; cleared each step. */
    public double[] force;
    public double[] torque;

    public double[] mass;
    public double[] inverseMass;
    /** Inertia about the centre of mass (kg·m²) and its inverse, body frame. */
    public double[] localInertia;
    public double[] localInverseInertia;
    /** R·I⁻¹·Rᵀ, refreshed from the orientation once per step and whenever mass or pose is set. */
    public double[] worldInverseInertia;

    /** Padé damping coefficients (1/s). */
    public double[] linearDamping;
    public double[] angularDamping;
    public double[] gravityScale;
    public boolean[] gyroscopic;
    /**
     * Whether the body's inertia is the same about every axis (c·I exactly: a uniform sphere or
     * cube). Such a body has no gyroscopic torque, ω × (c·ω) = 0, and its world inverse inertia is
     * its local one whatever its rotation; set with the mass properties.
     */
    public boolean[] isotropic;
    public boolean[] allowSleep;
    /** Whether a dynamic body is swept against the other bodies' shapes too when it moves fast (Box2D's bullets). */
    public boolean[] bullet;
    public boolean[] awake;
    public boolean[] massOverridden;
    /** Bodies taken out of the simulation (no proxies, no island, not stepped) until enabled again. */
    public boolean[] disabled;
    /** Seconds the body has been slow enough to sleep. */
    public double[] sleepTime;
    /** Whether the body is in a contact constraint this step (set when the solver prepares). */
    public boolean[] constrained;
    /**
     * A free body's velocity change from forces and gravity in the current substep, m/s (zero for
     * constrained bodies): the position stage moves free bodies by the mean of the old and new
     * velocities.
     */
    public double[] velocityChange;
    /**
     * Per body, what the position stage adds to ω for this substep's turn, rad/s (world frame):
     * the energy-conserving gyroscopic update of a body in no contact turns it by h·ω̄, not h·ω
     * ({@link Gyroscopic#integrateConserving}); zero otherwise.
     */
    public double[] turnCorrection;

    /** Head of the body's shape list in the shape store, or -1. */
    public int[] firstShape;
    /** Smallest inner extent of the body's shapes, m: how far it may move in a step without continuous collision. */
    public double[] minExtent;
    /** Farthest any of the body's shapes reaches from its centre of mass, m. */
    public double[] maxExtent;
    /**
     * Counts changes of the body's centre of mass within it (shapes or mass properties set): a
     * contact manifold recorded before a change no longer fits the body (its anchors are from the
     * old centre), so it is not recycled.
     */
    public int[] massEpoch;

    public BodyStore(int initialCapacity) {
        allocateArrays(Math.max(4, initialCapacity));
    }

    private void allocateArrays(int capacity) {
        generation = new int[capacity];
        alive = new boolean[capacity];
        type = new byte[capacity];
        name = new String[capacity];
        position = new double[3 * capacity];
        rotation = new double[4 * capacity];
        center = new double[3 * capacity];
        localCenter = new double[3 * capacity];
        previousPosition = new double[3 * capacity];
        previousRotation = new double[4 * capacity];
        linearVelocity = new double[3 * capacity];
        angularVelocity = new double[3 * capacity];
        force = new double[3 * capacity];
        torque = new double[3 * capacity];
        mass = new double[capacity];
        inverseMass = new double[capacity];
        localInertia = new double[9 * capacity];
        localInverseInertia = new double[9 * capacity];
        worldInverseInertia = new double[9 * capacity];
        linearDamping = new double[capacity];
        angularDamping = new double[capacity];
        gravityScale = new double[capacity];
        gyroscopic = new boolean[capacity];
        isotropic = new boolean[capacity];
        allowSleep = new boolean[capacity];
        bullet = new boolean[capacity];
        awake = new boolean[capacity];
        massOverridden = new boolean[capacity];
        disabled = new boolean[capacity];
        sleepTime = new double[capacity];
        constrained = new boolean[capacity];
        velocityChange = new double[3 * capacity];
        turnCorrection = new double[3 * capacity];
        firstShape = new int[capacity];
        minExtent = new double[capacity];
        massEpoch = new int[capacity];
        maxExtent = new double[capacity];
    }

    public int capacity() {
        return alive.length;
    }

    private void grow() {
        int c = 2 * capacity();
        generation = Arrays.copyOf(generation, c);
        alive = Arrays.copyOf(alive, c);
        type = Arrays.copyOf(type, c);
        name = Arrays.copyOf(name, c);
        position = Arrays.copyOf(position, 3 * c);
        rotation = Arrays.copyOf(rotation, 4 * c);
        center = Arrays.copyOf(center, 3 * c);
        localCenter = Arrays.copyOf(localCenter, 3 * c);
        previousPosition = Arrays.copyOf(previousPosition, 3 * c);
        previousRotation = Arrays.copyOf(previousRotation, 4 * c);
        linearVelocity = Arrays.copyOf(linearVelocity, 3 * c);
        angularVelocity = Arrays.copyOf(angularVelocity, 3 * c);
        force = Arrays.copyOf(force, 3 * c);
        torque = Arrays.copyOf(torque, 3 * c);
        mass = Arrays.copyOf(mass, c);
        inverseMass = Arrays.copyOf(inverseMass, c);
        localInertia = Arrays.copyOf(localInertia, 9 * c);
        localInverseInertia = Arrays.copyOf(localInverseInertia, 9 * c);
        worldInverseInertia = Arrays.copyOf(worldInverseInertia, 9 * c);
        linearDamping = Arrays.copyOf(linearDamping, c);
        angularDamping = Arrays.copyOf(angularDamping, c);
        gravityScale = Arrays.copyOf(gravityScale, c);
        gyroscopic = Arrays.copyOf(gyroscopic, c);
        isotropic = Arrays.copyOf(isotropic, c);
        allowSleep = Arrays.copyOf(allowSleep, c);
        bullet = Arrays.copyOf(bullet, c);
        awake = Arrays.copyOf(awake, c);
        massOverridden = Arrays.copyOf(massOverridden, c);
        disabled = Arrays.copyOf(disabled, c);
        sleepTime = Arrays.copyOf(sleepTime, c);
        constrained = Arrays.copyOf(constrained, c);
        velocityChange = Arrays.copyOf(velocityChange, 3 * c);
        turnCorrection = Arrays.copyOf(turnCorrection, 3 * c);
        firstShape = Arrays.copyOf(firstShape, c);
        minExtent = Arrays.copyOf(minExtent, c);
        massEpoch = Arrays.copyOf(massEpoch, c);
        maxExtent = Arrays.copyOf(maxExtent, c);
    }

    /**
     * Takes a slot (the most recently freed one, else a new one), marks it alive with zeroed
     * motion state and identity orientation, and returns its index. The caller fills the rest.
     */
    public int allocate() {
        int i;
        if (freeCount > 0) {
            i = freeList[--freeCount];
        } else {
            if (highWater == capacity()) {
                grow();
            }
            i = highWater++;
        }
        alive[i] = true;
        liveCount++;
        Arrays.fill(position, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(rotation, 4 * i, 4 * i + 4, 0.0);
        rotation[4 * i + 3] = 1.0;
        Arrays.fill(center, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(localCenter, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(linearVelocity, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(angularVelocity, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(force, 3 * i, 3 * i + 3, 0.0);
        Arrays.fill(torque, 3 * i, 3 * i + 3, 0.0);
        firstShape[i] = -1;
        minExtent[i] = 0.0;
        maxExtent[i] = 0.0;
        massEpoch[i]++;
        sleepTime[i] = 0.0;
        massOverridden[i] = false;
        disabled[i] = false;
        awake[i] = true;
        return i;
    }

    /** Frees slot i; its generation moves on, so old handles to it are recognised as stale. */
    public void free(int i) {
        alive[i] = false;
        generation[i]++;
        name[i] = null;
        liveCount--;
        if (freeCount == freeList.length) {
            freeList = Arrays.copyOf(freeList, 2 * freeCount);
        }
        freeList[freeCount++] = i;
    }

    /** True if the handle (index, generation) names a live body. */
    public boolean isValid(int index, int gen) {
        return index >= 0 && index < highWater && alive[index] && generation[index] == gen;
    }

    /**
     * Recomputes body i's world centre from its origin and orientation (the origin is what the
     * user places; the centre is what the integrator moves).
     */
    public void updateCenterFromOrigin(int i) {
        double qx = rotation[4 * i], qy = rotation[4 * i + 1], qz = rotation[4 * i + 2], qw = rotation[4 * i + 3];
        double lx = localCenter[3 * i], ly = localCenter[3 * i + 1], lz = localCenter[3 * i + 2];
        rotate(qx, qy, qz, qw, lx, ly, lz, center, 3 * i);
        center[3 * i] += position[3 * i];
        center[3 * i + 1] += position[3 * i + 1];
        center[3 * i + 2] += position[3 * i + 2];
    }

    /** Recomputes body i's origin from its centre and orientation. */
    public void updateOriginFromCenter(int i) {
        double qx = rotation[4 * i], qy = rotation[4 * i + 1], qz = rotation[4 * i + 2], qw = rotation[4 * i + 3];
        double lx = localCenter[3 * i], ly = localCenter[3 * i + 1], lz = localCenter[3 * i + 2];
        rotate(qx, qy, qz, qw, lx, ly, lz, position, 3 * i);
        position[3 * i] = center[3 * i] - position[3 * i];
        position[3 * i + 1] = center[3 * i + 1] - position[3 * i + 1];
        position[3 * i + 2] = center[3 * i + 2] - position[3 * i + 2];
    }

    /**
     * Refreshes R·I⁻¹·Rᵀ of body i from its current orientation. Uses {@code scratch[0..9)}.
     */
    public void updateWorldInverseInertia(int i, double[] scratch) {
        if (isotropic[i]) {
            // R·(c·I)·Rᵀ = c·I: exactly, where the product would leave rounding off the diagonal.
            System.arraycopy(localInverseInertia, 9 * i, worldInverseInertia, 9 * i, 9);
            return;
        }
        Mat3.fromQuaternion(rotation[4 * i], rotation[4 * i + 1], rotation[4 * i + 2], rotation[4 * i + 3], scratch, 0);
        Mat3.rotateTensor(scratch, 0, localInverseInertia, 9 * i, worldInverseInertia, 9 * i);
    }

    /** Writes q·v·q⁻¹ into d[o..o+3). */
    public static void rotate(double qx, double qy, double qz, double qw, double vx, double vy, double vz,
                              double[] d, int o) {
        // v' = v + 2w(u×v) + 2u×(u×v), u the vector part.
        double tx = 2.0 * (qy * vz - qz * vy);
        double ty = 2.0 * (qz * vx - qx * vz);
        double tz = 2.0 * (qx * vy - qy * vx);
        d[o] = vx + qw * tx + (qy * tz - qz * ty);
        d[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
        d[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
    }
}
