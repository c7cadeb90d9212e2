package org.cairn.engine3d.internal.joint;

import java.util.Arrays;
import org.cairn.engine3d.internal.container.BodyEdges;

/**
 * The world's joints, one slot each (freed slots are reused, their generation counting up), with
 * what defines them (kind, bodies, anchors and axis in the bodies' frames, limits, motor, spring,
 * softness, breaking thresholds) and what the solver carries from step to step (accumulated
 * impulses for the warm start, the reaction of the last step).
 *
 * <p>Each body's joints form a doubly linked list of edges, as its contacts do: edge 2j is joint j
 * seen from body A, 2j + 1 from body B. Islands follow them, and so does the pair filter that
 * keeps jointed bodies from colliding.
 */
public final class JointStore {
    /** Point to point: the anchors coincide, rotation is free. */
    public static final int BALL = 0;
    /** The anchors coincide and B turns about A's axis only. */
    public static final int HINGE = 1;
    /** B slides along A's axis and does not turn. */
    public static final int SLIDER = 2;
    /** Nothing moves: the anchors coincide and the relative rotation stays as it was made. */
    public static final int FIXED = 3;
    /** The anchors keep their distance (a rod), stay within a range (a rope) or are pulled by a spring. */
    public static final int DISTANCE = 4;

    /**
     * A wheel on a chassis (A): it slides along A's axis (the suspension, sprung and limited),
     * spins about its own axis (driven by the motor) and is steered about the suspension axis.
     */
    public static final int WHEEL = 5;

    /**
     * Drives B's pose relative to A towards a target (a linear offset in A's frame and a turn
     * about A's axis) with at most a force and a torque, Box2D's motor joint.
     */
    public static final int MOTOR_JOINT = 6;

    /** Accumulated impulses per joint: point or perpendicular linear (3), angular (3), lower, upper, motor, spring. */
    public static final int IMPULSES = 10;
    public static final int LOWER = 6;
    public static final int UPPER = 7;
    public static final int MOTOR = 8;
    public static final int SPRING = 9;
    /** No edge. */
    public static final int NONE = BodyEdges.NONE;

    private int capacity;
    /** Slots ever used: live joints have indices below it. */
    public int highWater;
    private int[] freeList = new int[16];
    private int freeCount;

    public int[] generation = new int[0];
    public boolean[] alive = new boolean[0];
    public String[] name = new String[0];
    public int[] kind = new int[0];
    public int[] bodyA = new int[0];
    public int[] bodyB = new int[0];
    /** Anchors in the bodies' frames, relative to their origins, m. */
    public double[] localAnchorA = new double[0];
    public double[] localAnchorB = new double[0];
    /** The joint's axis in A's frame (unit), and two unit vectors perpendicular to it and each other. */
    public double[] localAxisA = new double[0];
    public double[] localPerpA = new double[0];
    /** A wheel's spin axis in its own (B's) frame. */
    public double[] localAxisB = new double[0];
    /** A motor joint's targets: B's anchor relative to A's in A's frame (m), and B's turn about A's axis (rad). */
    public double[] linearOffset = new double[0];
    public double[] angularOffset = new double[0];
    /** A motor joint's most torque (N·m) and the fraction of its error it closes per second, times the substep rate. */
    public double[] maxTorque = new double[0];
    public double[] correction = new double[0];
    /** A wheel's steering angle (rad) about the suspension axis, held by the joint. */
    public double[] steerAngle = new double[0];
    /** B's orientation in A's frame when the joint was made, qA⁻¹·qB: angles are measured from it. */
    public double[] referenceRotation = new double[0];
    public boolean[] collideConnected = new boolean[0];
    public boolean[] enabled = new boolean[0];
    public boolean[] broken = new boolean[0];
    public boolean[] enableLimit = new boolean[0];
    public boolean[] enableMotor = new boolean[0];
    public boolean[] enableSpring = new boolean[0];
    /** Ball joints: whether the swing (the angle between A's axis and B's) is limited, and to what (rad). */
    public boolean[] enableCone = new boolean[0];
    public double[] coneAngle = new double[0];
    /** Ball joints: the most torque (N·m) the joint's friction resists turning with about each of its three axes; 0: none. */
    public double[] frictionTorque = new double[0];
    /** Limits: rad (hinge; a ball joint's twist about its axis), m (slider, distance). */
    public double[] lower = new double[0];
    public double[] upper = new double[0];
    /** Motor target speed (rad/s or m/s) and the most it may push (N·m or N). */
    public double[] motorSpeed = new double[0];
    public double[] maxMotorForce = new double[0];
    /** Spring stiffness (Hz), damping ratio, and the angle (rad) or offset/length (m) it pulls towards. */
    public double[] springHertz = new double[0];
    public double[] springDamping = new double[0];
    public double[] springTarget = new double[0];
    /** Distance joints: the rest length, m. */
    public double[] length = new double[0];
    /** Fixed joints: linear and angular softness (Hz, damping ratio; 0 Hz is rigid). */
    public double[] linearHertz = new double[0];
    public double[] linearDamping = new double[0];
    public double[] angularHertz = new double[0];
    public double[] angularDamping = new double[0];
    /** How stiffly the rigid parts are held (Hz, damping ratio), Box2D v3's joint softness. */
    public double[] constraintHertz = new double[0];
    public double[] constraintDamping = new double[0];
    /** Reaction force (N) and torque (N·m) above which the joint breaks; infinite: never. */
    public double[] breakForce = new double[0];
    public double[] breakTorque = new double[0];
    /** {@link #IMPULSES} accumulated impulses per joint (one substep's worth), kept for the warm start. */
    public double[] impulse = new double[0];
    /** The constraint force (N) and torque (N·m) on body B over the last step, world frame. */
    public double[] reactionForce = new double[0];
    public double[] reactionTorque = new double[0];

    private final BodyEdges edges = new BodyEdges(0);

    /** Takes a free slot for a joint between bodies a and b and links it into both bodies' lists. */
    public int allocate(int a, int b) {
        int j;
        if (freeCount > 0) {
            j = freeList[--freeCount];
        } else {
            if (highWater == capacity) {
                grow(Math.max(16, 2 * capacity));
            }
            j = highWater++;
        }
        alive[j] = true;
        bodyA[j] = a;
        bodyB[j] = b;
        Arrays.fill(impulse, IMPULSES * j, IMPULSES * j + IMPULSES, 0.0);
        Arrays.fill(reactionForce, 3 * j, 3 * j + 3, 0.0);
        Arrays.fill(reactionTorque, 3 * j, 3 * j + 3, 0.0);
        broken[j] = false;
        enabled[j] = true;
        edges.link(2 * j, a);
        edges.link(2 * j + 1, b);
        return j;
    }

    /** Unlinks joint j from its bodies and frees its slot. */
    public void free(int j) {
        edges.unlink(2 * j, bodyA[j]);
        edges.unlink(2 * j + 1, bodyB[j]);
        alive[j] = false;
        name[j] = null;
        generation[j]++;
        if (freeCount == freeList.length) {
            freeList = Arrays.copyOf(freeList, 2 * freeCount);
        }
        freeList[freeCount++] = j;
    }

    /** Body i's first joint edge, or {@link #NONE}. */
    public int firstEdge(int i) {
        return edges.first(i);
    }

    /** The edge after e on its body's list, or {@link #NONE}. */
    public int nextEdge(int e) {
        return edges.next(e);
    }

    /** The body at the other end of edge e. */
    public int other(int e) {
        int j = e >> 1;
        return (e & 1) == 0 ? bodyB[j] : bodyA[j];
    }

    /** Whether a live, enabled joint joins bodies a and b and keeps their shapes from colliding. */
    public boolean preventsCollision(int a, int b) {
        for (int e = firstEdge(a); e != NONE; e = edges.next(e)) {
            int j = e >> 1;
            if (other(e) == b && !collideConnected[j] && enabled[j] && !broken[j]) {
                return true;
            }
        }
        return false;
    }

    /** Whether joint j acts: alive, enabled and not broken. */
    public boolean acting(int j) {
        return alive[j] && enabled[j] && !broken[j];
    }

    private void grow(int c) {
        capacity = c;
        generation = Arrays.copyOf(generation, c);
        alive = Arrays.copyOf(alive, c);
        name = Arrays.copyOf(name, c);
        kind = Arrays.copyOf(kind, c);
        bodyA = Arrays.copyOf(bodyA, c);
        bodyB = Arrays.copyOf(bodyB, c);
        localAnchorA = Arrays.copyOf(localAnchorA, 3 * c);
        localAnchorB = Arrays.copyOf(localAnchorB, 3 * c);
        localAxisA = Arrays.copyOf(localAxisA, 3 * c);
        localPerpA = Arrays.copyOf(localPerpA, 6 * c);
        localAxisB = Arrays.copyOf(localAxisB, 3 * c);
        steerAngle = Arrays.copyOf(steerAngle, c);
        linearOffset = Arrays.copyOf(linearOffset, 3 * c);
        angularOffset = Arrays.copyOf(angularOffset, c);
        maxTorque = Arrays.copyOf(maxTorque, c);
        correction = Arrays.copyOf(correction, c);
        referenceRotation = Arrays.copyOf(referenceRotation, 4 * c);
        collideConnected = Arrays.copyOf(collideConnected, c);
        enabled = Arrays.copyOf(enabled, c);
        broken = Arrays.copyOf(broken, c);
        enableLimit = Arrays.copyOf(enableLimit, c);
        enableMotor = Arrays.copyOf(enableMotor, c);
        enableSpring = Arrays.copyOf(enableSpring, c);
        enableCone = Arrays.copyOf(enableCone, c);
        coneAngle = Arrays.copyOf(coneAngle, c);
        frictionTorque = Arrays.copyOf(frictionTorque, c);
        lower = Arrays.copyOf(lower, c);
        upper = Arrays.copyOf(upper, c);
        motorSpeed = Arrays.copyOf(motorSpeed, c);
        maxMotorForce = Arrays.copyOf(maxMotorForce, c);
        springHertz = Arrays.copyOf(springHertz, c);
        springDamping = Arrays.copyOf(springDamping, c);
        springTarget = Arrays.copyOf(springTarget, c);
        length = Arrays.copyOf(length, c);
        linearHertz = Arrays.copyOf(linearHertz, c);
        linearDamping = Arrays.copyOf(linearDamping, c);
        angularHertz = Arrays.copyOf(angularHertz, c);
        angularDamping = Arrays.copyOf(angularDamping, c);
        constraintHertz = Arrays.copyOf(constraintHertz, c);
        constraintDamping = Arrays.copyOf(constraintDamping, c);
        breakForce = Arrays.copyOf(breakForce, c);
        breakTorque = Arrays.copyOf(breakTorque, c);
        impulse = Arrays.copyOf(impulse, IMPULSES * c);
        reactionForce = Arrays.copyOf(reactionForce, 3 * c);
        reactionTorque = Arrays.copyOf(reactionTorque, 3 * c);
        edges.ensureItems(c);
    }
}
