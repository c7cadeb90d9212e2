package org.cairn.verification.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.QueryHit;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.Contacts;
import org.cairn.engine3d.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Checks the physical invariants of a world after every step (docs/verification.md):
 * <ul>
 * <li>{@code finite}: every body's position, orientation and velocities are finite;</li>
 * <li>{@code unit-quaternion}: |q| within {@link #QUATERNION_TOLERANCE} of 1;</li>
 * <li>{@code normal-impulse}: every contact point's normal impulse Pn ≥ 0;</li>
 * <li>{@code friction-cone}: its friction impulse |Pt| ≤ μ·Pn·(1 + {@link #FRICTION_RELATIVE_SLACK});</li>
 * <li>{@code energy}: with no kinematic bodies (nothing else here does work), kinetic plus
 * potential energy never exceeds its value at the start by more than lifting every dynamic body
 * {@link #ENERGY_LIFT_METERS} under the soft step, {@link #BAUMGARTE_ENERGY_LIFT_METERS} under
 * sequential impulses (plus 0.1 % of the starting kinetic energy, for weightless scenes); under the
 * soft step the same holds for every group of bodies that have touched each other, with the
 * group's share of the bound, so one body's gain is not hidden by another's loss;</li>
 * <li>{@code kick}: a body at rest does not suddenly move while nothing it touches, directly or
 * through other bodies, moved or began touching ({@link #KICK_REST_SPEED});</li>
 * <li>{@code momentum}: with no gravity and only dynamic bodies, linear momentum stays at its
 * start within {@link #MOMENTUM_RELATIVE_TOLERANCE} of the scene's momentum scale Σ m·|v|, and
 * angular momentum about the origin within {@link #ANGULAR_MOMENTUM_RELATIVE_TOLERANCE} of Σ |L_i|;</li>
 * <li>{@code penetration}: once a contact's bodies have settled (asleep, or slower than 5 cm/s and
 * 0.5 rad/s for the last 0.5 s), no point overlaps deeper than {@link #SETTLED_PENETRATION_METERS}.</li>
 * <li>{@code rest} (only when asked for, {@link #settleBy(double)}): from that time on, every
 * dynamic body is asleep or slower than 5 cm/s and 0.5 rad/s. A scene that nothing drives comes to
 * rest; a contact that bounces at any approach speed never lets it.</li>
 * </ul>
 * Create it before the first step; call {@link #afterStep()} after each.
 */
public final class InvariantChecker {
    /** Largest |‖q‖ − 1| accepted. */
    public static final double QUATERNION_TOLERANCE = 1e-9;
    /** Relative slack on the friction cone (rounding in the clamp). */
    public static final double FRICTION_RELATIVE_SLACK = 1e-9;
    /**
     * Energy bound, as the height every dynamic body may be lifted: soft contacts pushing out the
     * small overlaps of a settling scene may add this much; semi-implicit Euler otherwise only loses
     * energy under gravity.
     */
    public static final double ENERGY_LIFT_METERS = 0.001;
    /**
     * The energy bound under sequential impulses: Baumgarte's bias pushes overlap beyond the slop
     * out with real velocity, so a body may gain the energy of being lifted out of as much overlap
     * as is accepted at all, {@link #SETTLED_PENETRATION_METERS} (measured: a 89 kg box on a 3 kg
     * one gained the equivalent of 1.1 cm).
     */
    public static final double BAUMGARTE_ENERGY_LIFT_METERS = 0.02;
    /**
     * The extra lift allowed a body held by a joint, m: a soft joint stretches by F/(m·ω²) under
     * load and gives it back, and the stretch's energy is not counted. Measured: a 1 m pendulum
     * released at 90° rose 1.6 mm above its start at most, a chain released sideways 1.1 mm.
     */
    public static final double JOINT_ENERGY_LIFT_METERS = 0.01;
    /** Linear momentum drift bound, relative to Σ m·|v| at the start: contact impulses are equal and opposite. */
    public static final double MOMENTUM_RELATIVE_TOLERANCE = 1e-8;
    /**
     * Angular momentum drift bound, relative to Σ |L_i| at the start. Contact lever arms are fixed
     * when a step begins, so once the bodies move during the substeps the equal and opposite
     * impulses no longer act on one line, and each step leaves a torque of about the impulse times
     * the bodies' relative motion in it: about |J|·|v|·dt, a few 0.1 % of the scale for bodies
     * colliding at 4 m/s (measured: 0.14 % for two bouncing hulls, e = 1, μ = 1).
     */
    public static final double ANGULAR_MOMENTUM_RELATIVE_TOLERANCE = 1e-2;
    /** Deepest overlap accepted at a contact whose bodies are at rest: four linear slops. */
    public static final double SETTLED_PENETRATION_METERS = 0.02;
    private static final double REST_SPEED = 0.05;

    private final World world;
    private final List<BodyId> bodies = new ArrayList<>();
    private final Map<BodyId, Integer> order = new java.util.HashMap<>();
    private double[] restSeconds;
    private static final double SETTLE_SECONDS = 0.5;
    private final Map<BodyId, String> names;
    private final boolean checkEnergy;
    /**
     * Whether each group's energy is checked, not only the total: under the soft step, and under
     * sequential impulses that correct overlap in positions ({@code positionIterations > 0}). With
     * Baumgarte's velocity bias instead, a stack whose weight the iterations cannot carry down sinks
     * and is pushed out at the bias velocity, summed along the chain: it jumps, a limit cycle the
     * bias feeds (the property suite's seed 1199, {@code BaumgartePumpTest}: five boxes gain 2.58 J
     * against a bound of 2.43 J while the scene's total stays within its own); there the total is
     * checked. (Its bounces no longer gain: seeds 1006 and 2420, Newton's restitution with Coulomb
     * friction at an off-centre contact, hold since the two-phase bounce under Poisson's cap.)
     */
    private final boolean checkGroupEnergy;
    private final boolean checkMomentum;
    private final double energyStart;
    private final double energyTolerance;
    private final Vector3d linearStart = new Vector3d();
    private final Vector3d angularStart = new Vector3d();
    private final double linearScale;
    private final double angularScale;
    private final Vector3d v = new Vector3d();
    private final Vector3d w = new Vector3d();
    private final Vector3d p = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private static final double REST_ANGULAR_SPEED = 0.5;
    private double settleBySeconds = Double.POSITIVE_INFINITY;
    private double worstEnergyRiseJoules = Double.NEGATIVE_INFINITY;
    private long pointsChecked;
    /**
     * Energy per group of bodies that have touched (union–find over the run: groups merge when two
     * movable bodies touch, and never split): each body's energy and share of the bound at the
     * start, and its group's root.
     */
    private final double[] bodyEnergyStart;
    private final double[] bodyTolerance;
    private final int[] group;
    /** Per body, whether a joint holds it this step (its kicks are the joint's work, not the solver's fault). */
    private final boolean[] jointed;
    private final double[] groupEnergy, groupStart, groupTolerance;
    /** Each body's kinetic energy after the previous step, and whether it was awake then (the kick check). */
    private final double[] lastKinetic;
    private final boolean[] lastAwake;
    /**
     * Per body, how far its centre of mass went in the step just checked, and whether it stayed
     * still through the previous step ({@link #KICK_REST_SPEED} times the step at most): a body is at
     * rest for the kick check only if it was slow at the step's end and did not move during it. A
     * box struck from above by one 20 times heavier was pressed 11.5 mm into the box below within
     * one step, and ended it at maximum compression at 1.0 mm/s; the push out of that overlap in
     * the next step was flagged as a kick of a resting body (property campaign, soft step, seed
     * 7014316).
     */
    private final double[] travel;
    private final boolean[] stillBefore;
    private final boolean[] beganTouching;
    /** This step's contact components (union–find, rebuilt every step) and whether anything in each moved or began touching. */
    private final int[] stepGroup;
    private final boolean[] stepStirred;
    private final org.joml.Matrix3d inertia = new org.joml.Matrix3d();
    /**
     * A body at rest (below {@link #KICK_REST_SPEED} m/s and rad/s) that gains more kinetic energy in
     * one step than falling from rest for two steps gives (plus 5 cm/s), while nothing it touches,
     * directly or through other bodies, moved or began touching, was kicked: the resting-stack
     * fault (a tower at rest for seconds suddenly took a sideways friction impulse) that no other
     * invariant saw.
     */
    public static final double KICK_REST_SPEED = 1e-3;
    public static final double KICK_SLACK_SPEED = 0.05;
    /** Each body's centre of mass after the previous step, to find centres that crossed static surfaces. */
    private final double[] lastCenters;
    private final Vector3d from = new Vector3d();
    private final Vector3d path = new Vector3d();
    private final QueryHit crossing = new QueryHit();
    private boolean crossed;

    /**
     * A checker for {@code world} in its present state (the start); {@code names} gives bodies
     * their names in messages (bodies without one are called by their index).
     */
    public InvariantChecker(World world, List<BodyId> allBodies, Map<BodyId, String> names) {
        this.world = world;
        this.names = names;
        this.bodies.addAll(allBodies);
        for (int i = 0; i < bodies.size(); i++) {
            order.put(bodies.get(i), i);
        }
        restSeconds = new double[bodies.size()];
        lastCenters = new double[3 * bodies.size()];
        for (int i = 0; i < bodies.size(); i++) {
            world.centerOfMass(bodies.get(i), p);
            lastCenters[3 * i] = p.x;
            lastCenters[3 * i + 1] = p.y;
            lastCenters[3 * i + 2] = p.z;
        }
        boolean kinematic = false, immovable = false;
        double dynamicMass = 0, kineticStart = world.kineticEnergy(), linearSum = 0, angularSum = 0;
        for (BodyId body : bodies) {
            BodyType type = world.type(body);
            kinematic |= type == BodyType.KINEMATIC;
            immovable |= type != BodyType.DYNAMIC;
            if (type == BodyType.DYNAMIC) {
                double m = world.mass(body);
                dynamicMass += m;
                linearSum += m * world.linearVelocity(body, v).length();
            }
        }
        Vector3d g = world.def().gravity();
        // A motor puts energy in (docs/joints.md): energy is bounded with motors off.
        boolean motors = false;
        java.util.Set<BodyId> jointedAtStart = new java.util.HashSet<>();
        for (int k = 0; k < world.joints().count(); k++) {
            org.cairn.engine3d.JointId joint = world.joints().get(k);
            motors |= world.joints().isMotorEnabled(joint);
            jointedAtStart.add(world.joints().bodyA(joint));
            jointedAtStart.add(world.joints().bodyB(joint));
        }
        checkEnergy = !kinematic && !motors;
        checkGroupEnergy = world.def().solver() == org.cairn.engine3d.SolverKind.SOFT_STEP || world.def().positionIterations() > 0;
        checkMomentum = g.lengthSquared() == 0 && !immovable && !bodies.isEmpty();
        energyStart = world.kineticEnergy() + world.potentialEnergy();
        double lift = world.def().solver() == org.cairn.engine3d.SolverKind.SEQUENTIAL_IMPULSE ? BAUMGARTE_ENERGY_LIFT_METERS
                : ENERGY_LIFT_METERS;
        double jointedMass = 0;
        for (BodyId body : jointedAtStart) {
            if (world.type(body) == BodyType.DYNAMIC) {
                jointedMass += world.mass(body);
            }
        }
        energyTolerance = dynamicMass * g.length() * lift + jointedMass * g.length() * JOINT_ENERGY_LIFT_METERS
                + 1e-3 * kineticStart + 1e-9;
        world.linearMomentum(linearStart);
        world.angularMomentum(new Vector3d(), angularStart);
        for (BodyId body : bodies) {
            if (world.type(body) == BodyType.DYNAMIC) {
                // |L_i| about the origin: orbital plus spin, bounded by the two magnitudes.
                double m = world.mass(body);
                angularSum += m * world.centerOfMass(body, p).length() * world.linearVelocity(body, v).length()
                        + spinScale(body);
            }
        }
        linearScale = linearSum;
        angularScale = angularSum;
        int n = bodies.size();
        bodyEnergyStart = new double[n];
        bodyTolerance = new double[n];
        group = new int[n];
        jointed = new boolean[n];
        groupEnergy = new double[n];
        groupStart = new double[n];
        groupTolerance = new double[n];
        lastKinetic = new double[n];
        lastAwake = new boolean[n];
        travel = new double[n];
        stillBefore = new boolean[n];
        java.util.Arrays.fill(stillBefore, true);
        beganTouching = new boolean[n];
        stepGroup = new int[n];
        stepStirred = new boolean[n];
        for (int i = 0; i < n; i++) {
            BodyId body = bodies.get(i);
            group[i] = i;
            if (world.type(body) != BodyType.DYNAMIC) {
                continue;
            }
            double kinetic = kineticEnergy(body);
            bodyEnergyStart[i] = kinetic + potentialEnergy(body, g);
            bodyTolerance[i] = world.mass(body) * g.length() * (lift + (jointedAtStart.contains(body)
                    ? JOINT_ENERGY_LIFT_METERS : 0)) + 1e-3 * kinetic + 1e-9;
            lastKinetic[i] = kinetic;
            lastAwake[i] = world.isAwake(body);
        }
    }

    /** ½·m·v² + ½·ω·I·ω of one body, J. */
    private double kineticEnergy(BodyId body) {
        double m = world.mass(body);
        world.linearVelocity(body, v);
        world.angularVelocity(body, w);
        world.worldInverseInertia(body, inertia);
        double spin = 0;
        if (inertia.determinant() != 0) {
            inertia.invert();
            Vector3d iw = inertia.transform(new Vector3d(w));
            spin = 0.5 * w.dot(iw);
        }
        return 0.5 * m * v.lengthSquared() + spin;
    }

    /** −m·g·c of one body, J. */
    private double potentialEnergy(BodyId body, Vector3d g) {
        return -world.mass(body) * g.dot(world.centerOfMass(body, p));
    }

    private int root(int i) {
        return root(group, i);
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private double spinScale(BodyId body) {
        // |I·ω| ≤ λmax(I)·|ω|, and λmax(I) ≤ 1 / λmin(I⁻¹) — bounded here by trace(I) from I⁻¹'s diagonal.
        org.joml.Matrix3d inv = world.worldInverseInertia(body, new org.joml.Matrix3d());
        double trace = 0;
        for (double d : new double[] {inv.m00, inv.m11, inv.m22}) {
            trace += d > 0 ? 1 / d : 0;
        }
        return trace * world.angularVelocity(body, w).length();
    }

    /** Also require that every dynamic body is at rest from {@code seconds} of simulated time on; returns this. */
    public InvariantChecker settleBy(double seconds) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("seconds must be positive, got " + seconds);
        }
        settleBySeconds = seconds;
        return this;
    }

    /** The largest energy rise seen so far, J (negative while energy only fell). */
    public double worstEnergyRiseJoules() {
        return worstEnergyRiseJoules;
    }

    /** Contact points checked so far. */
    public long pointsChecked() {
        return pointsChecked;
    }

    /** Whether the energy bound applies to this world (no kinematic bodies). */
    public boolean checksEnergy() {
        return checkEnergy;
    }

    /** Whether momentum conservation applies (no gravity, every body dynamic). */
    public boolean checksMomentum() {
        return checkMomentum;
    }

    /** Whether an acting joint joins bodies a and b and keeps their shapes from colliding. */
    private boolean jointedWithoutContact(BodyId a, BodyId b) {
        org.cairn.engine3d.Joints joints = world.joints();
        for (int k = 0; k < joints.count(); k++) {
            org.cairn.engine3d.JointId j = joints.get(k);
            BodyId ja = joints.bodyA(j), jb = joints.bodyB(j);
            if ((ja.equals(a) && jb.equals(b) || ja.equals(b) && jb.equals(a)) && !joints.collideConnected(j)
                    && joints.isEnabled(j) && !joints.isBroken(j)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A dynamic body's centre of mass never crosses the surface of a static shape: a body resting
     * on the ground keeps its centre half its size above it, so a centre that crossed went into or
     * through the ground (a stack with a 1:1e18 mass ratio pressed boxes 100 m down through it).
     */
    private Violation crossedStatic(long step, int i, BodyId body) {
        world.centerOfMass(body, p);
        from.set(lastCenters[3 * i], lastCenters[3 * i + 1], lastCenters[3 * i + 2]);
        travel[i] = p.distance(from);
        lastCenters[3 * i] = p.x;
        lastCenters[3 * i + 1] = p.y;
        lastCenters[3 * i + 2] = p.z;
        if (world.type(body) != BodyType.DYNAMIC) {
            return null;
        }
        p.sub(from, path);
        if (!(path.lengthSquared() > 1e-24) || !Double.isFinite(path.lengthSquared())) {
            return null;
        }
        crossed = false;
        world.castRay(from, path, org.cairn.engine3d.QueryFilter.ALL, hit -> {
            // A joint that keeps the two from colliding lets the body pass through (a pendulum swinging through its post).
            if (world.type(hit.body()) != BodyType.STATIC || jointedWithoutContact(body, hit.body())) {
                return -1;
            }
            crossing.set(hit);
            crossed = true;
            return 0;
        });
        if (!crossed) {
            return null;
        }
        return new Violation(step, "tunnel", String.format(Locale.ROOT,
                "the centre of body %s crossed the surface of static body %s at %s, moving from %s to %s", name(body),
                name(crossing.body()), crossing.point, from, p));
    }

    private String name(BodyId body) {
        String n = names.get(body);
        return n != null ? n : "body #" + body.index();
    }

    /** Checks every invariant after the step just taken; the first one broken, or null. */
    public Violation afterStep() {
        long step = world.stepCount();
        double dt = world.def().timeStep();
        for (int i = 0; i < bodies.size(); i++) {
            BodyId body = bodies.get(i);
            world.position(body, p);
            world.rotation(body, q);
            world.linearVelocity(body, v);
            world.angularVelocity(body, w);
            if (!p.isFinite() || !Double.isFinite(q.x + q.y + q.z + q.w) || !v.isFinite() || !w.isFinite()) {
                return new Violation(step, "finite", "body " + name(body) + " has position " + p + ", orientation " + q
                        + ", velocity " + v + ", angular velocity " + w);
            }
            double norm = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
            if (Math.abs(norm - 1) > QUATERNION_TOLERANCE) {
                return new Violation(step, "unit-quaternion", "body " + name(body) + " has |q| = " + norm);
            }
            restSeconds[i] = v.length() < REST_SPEED && w.length() < REST_ANGULAR_SPEED ? restSeconds[i] + dt : 0;
            Violation tunnel = crossedStatic(step, i, body);
            if (tunnel != null) {
                return tunnel;
            }
        }
        Contacts contacts = world.contacts();
        for (int i = 0; i < contacts.count(); i++) {
            double mu = contacts.friction(i);
            for (int k = 0; k < contacts.pointCount(i); k++) {
                pointsChecked++;
                double pn = contacts.normalImpulse(i, k);
                double pt = Math.hypot(contacts.tangentImpulse(i, k, 0), contacts.tangentImpulse(i, k, 1));
                if (!(pn >= 0)) {
                    return new Violation(step, "normal-impulse", String.format(Locale.ROOT, "Pn = %.17g N·s < 0 %s", pn,
                            where(contacts, i, k)));
                }
                if (!(pt <= mu * pn * (1 + FRICTION_RELATIVE_SLACK) + 1e-15)) {
                    return new Violation(step, "friction-cone", String.format(Locale.ROOT,
                            "|Pt| = %.17g N·s > μ·Pn = %.17g·%.17g = %.17g N·s %s", pt, mu, pn, mu * pn, where(contacts, i, k)));
                }
                if (contacts.separation(i, k) < -SETTLED_PENETRATION_METERS && settled(contacts.bodyA(i))
                        && settled(contacts.bodyB(i))) {
                    return new Violation(step, "penetration", String.format(Locale.ROOT,
                            "settled bodies overlap by %.6f m > %.3f m %s", -contacts.separation(i, k),
                            SETTLED_PENETRATION_METERS, where(contacts, i, k)));
                }
            }
        }
        Violation perBody = groupsAndKicks(step, contacts);
        if (perBody != null) {
            return perBody;
        }
        if (checkEnergy) {
            double rise = world.kineticEnergy() + world.potentialEnergy() - energyStart;
            worstEnergyRiseJoules = Math.max(worstEnergyRiseJoules, rise);
            if (rise > energyTolerance) {
                return new Violation(step, "energy", String.format(Locale.ROOT,
                        "kinetic + potential energy rose by %.6g J above its start (%.6g J); the bound is %.6g J", rise,
                        energyStart, energyTolerance));
            }
        }
        if (world.time() >= settleBySeconds - 1e-9) {
            for (BodyId body : bodies) {
                if (world.type(body) == BodyType.DYNAMIC && world.isAwake(body)) {
                    double speed = world.linearVelocity(body, v).length(), spin = world.angularVelocity(body, w).length();
                    if (speed >= REST_SPEED || spin >= REST_ANGULAR_SPEED) {
                        return new Violation(step, "rest", String.format(Locale.ROOT,
                                "body %s still moves at %.6f m/s and %.6f rad/s after %.2f s (at rest: below %.2f m/s "
                                        + "and %.2f rad/s, or asleep)", name(body), speed, spin, world.time(), REST_SPEED,
                                REST_ANGULAR_SPEED));
                    }
                }
            }
        }
        if (checkMomentum) {
            world.linearMomentum(v);
            double drift = v.distance(linearStart);
            if (drift > MOMENTUM_RELATIVE_TOLERANCE * Math.max(linearScale, 1e-12)) {
                return new Violation(step, "momentum", String.format(Locale.ROOT,
                        "linear momentum %s drifted by %.6g kg·m/s from %s (scale %.6g)", v, drift, linearStart, linearScale));
            }
            world.angularMomentum(new Vector3d(), w);
            drift = w.distance(angularStart);
            if (drift > ANGULAR_MOMENTUM_RELATIVE_TOLERANCE * Math.max(angularScale, 1e-12)) {
                return new Violation(step, "momentum", String.format(Locale.ROOT,
                        "angular momentum %s drifted by %.6g kg·m²/s from %s (scale %.6g)", w, drift, angularStart,
                        angularScale));
            }
        }
        return null;
    }

    /**
     * The energy of every group of bodies that have touched each other stays within the group's
     * share of the bound (one body's gain is not hidden by another's loss: an e = 1 ball gaining
     * height among lossy ones passed the total), and no resting body is kicked.
     */
    private Violation groupsAndKicks(long step, Contacts contacts) {
        int n = bodies.size();
        java.util.Arrays.fill(beganTouching, false);
        org.cairn.engine3d.ContactEvents events = world.contactEvents();
        for (int e = 0; e < events.beginCount(); e++) {
            mark(world.body(events.beginShapeA(e)));
            mark(world.body(events.beginShapeB(e)));
        }
        for (int i = 0; i < n; i++) {
            stepGroup[i] = i;
            stepStirred[i] = false;
        }
        for (int i = 0; i < contacts.count(); i++) {
            Integer a = order.get(contacts.bodyA(i)), b = order.get(contacts.bodyB(i));
            if (a != null && b != null && world.type(contacts.bodyA(i)) != BodyType.STATIC
                    && world.type(contacts.bodyB(i)) != BodyType.STATIC) {
                int ra = root(a), rb = root(b);
                if (ra != rb) {
                    group[Math.max(ra, rb)] = Math.min(ra, rb);
                }
                ra = root(stepGroup, a);
                rb = root(stepGroup, b);
                if (ra != rb) {
                    stepGroup[Math.max(ra, rb)] = Math.min(ra, rb);
                }
            }
        }
        // Joints hold groups together as contacts do, and their forces do work on a body at rest (a
        // chain released sideways whips its links faster than free fall): a jointed body is not
        // judged for kicks, and its group's energy is checked as a whole.
        java.util.Arrays.fill(jointed, false);
        org.cairn.engine3d.Joints joints = world.joints();
        for (int k = 0; k < joints.count(); k++) {
            org.cairn.engine3d.JointId joint = joints.get(k);
            Integer a = order.get(joints.bodyA(joint)), b = order.get(joints.bodyB(joint));
            if (a != null) {
                jointed[a] = true;
            }
            if (b != null) {
                jointed[b] = true;
            }
            if (a != null && b != null && world.type(joints.bodyA(joint)) != BodyType.STATIC
                    && world.type(joints.bodyB(joint)) != BodyType.STATIC && !joints.isBroken(joint)) {
                int ra = root(a), rb = root(b);
                if (ra != rb) {
                    group[Math.max(ra, rb)] = Math.min(ra, rb);
                }
                ra = root(stepGroup, a);
                rb = root(stepGroup, b);
                if (ra != rb) {
                    stepGroup[Math.max(ra, rb)] = Math.min(ra, rb);
                }
            }
        }
        // A blow passes through touching bodies within a step (impacts run down a chain): a body is
        // kicked only if nothing it is connected to by contacts moved or began touching.
        for (int i = 0; i < n; i++) {
            BodyId body = bodies.get(i);
            boolean moved = world.type(body) == BodyType.KINEMATIC
                    || lastKinetic[i] >= 0.5 * world.mass(body) * KICK_REST_SPEED * KICK_REST_SPEED || !stillBefore[i];
            if (moved || beganTouching[i] || !lastAwake[i]) {
                stepStirred[root(stepGroup, i)] = true;
            }
        }
        Vector3d g = world.def().gravity();
        java.util.Arrays.fill(groupEnergy, 0);
        java.util.Arrays.fill(groupStart, 0);
        java.util.Arrays.fill(groupTolerance, 0);
        double dt = world.def().timeStep();
        double kickSpeed = 2 * g.length() * dt + KICK_SLACK_SPEED;
        for (int i = 0; i < n; i++) {
            BodyId body = bodies.get(i);
            if (world.type(body) != BodyType.DYNAMIC) {
                continue;
            }
            double kinetic = kineticEnergy(body);
            boolean awake = world.isAwake(body);
            double m = world.mass(body);
            if (lastAwake[i] && awake && !stepStirred[root(stepGroup, i)] && !jointed[i] && stillBefore[i]
                    && lastKinetic[i] < 0.5 * m * KICK_REST_SPEED * KICK_REST_SPEED
                    && kinetic > 0.5 * m * kickSpeed * kickSpeed) {
                return new Violation(step, "kick", String.format(Locale.ROOT,
                        "body %s was at rest and gained %.6g J in one step (more than %.6g J) with no new contact", name(body),
                        kinetic - lastKinetic[i], 0.5 * m * kickSpeed * kickSpeed));
            }
            lastKinetic[i] = kinetic;
            lastAwake[i] = awake;
            stillBefore[i] = travel[i] <= KICK_REST_SPEED * dt;
            int r = root(i);
            groupEnergy[r] += kinetic + potentialEnergy(body, g);
            groupStart[r] += bodyEnergyStart[i];
            groupTolerance[r] += bodyTolerance[i];
        }
        if (!checkEnergy || !checkGroupEnergy) {
            return null;
        }
        for (int r = 0; r < n; r++) {
            if (group[r] != r || world.type(bodies.get(r)) != BodyType.DYNAMIC && groupStart[r] == 0) {
                continue;
            }
            double rise = groupEnergy[r] - groupStart[r];
            if (rise > groupTolerance[r]) {
                StringBuilder members = new StringBuilder();
                int count = 0;
                for (int i = 0; i < n && count < 5; i++) {
                    if (root(i) == r && world.type(bodies.get(i)) == BodyType.DYNAMIC) {
                        members.append(count++ == 0 ? "" : ", ").append(name(bodies.get(i)));
                    }
                }
                return new Violation(step, "energy", String.format(Locale.ROOT,
                        "kinetic + potential energy of %s rose by %.6g J above its start (%.6g J); the bound is %.6g J",
                        count == 1 ? "body " + members : "the group of " + members, rise, groupStart[r], groupTolerance[r]));
            }
        }
        return null;
    }

    private void mark(BodyId body) {
        Integer i = order.get(body);
        if (i != null) {
            beganTouching[i] = true;
        }
    }

    private boolean settled(BodyId body) {
        Integer i = order.get(body);
        return world.type(body) != BodyType.DYNAMIC || !world.isAwake(body) || i != null && restSeconds[i] >= SETTLE_SECONDS;
    }

    private String where(Contacts contacts, int i, int k) {
        contacts.point(i, k, p);
        return String.format(Locale.ROOT, "at contact %s–%s point %d (%.6f, %.6f, %.6f), separation %.6f m",
                name(contacts.bodyA(i)), name(contacts.bodyB(i)), k, p.x, p.y, p.z, contacts.separation(i, k));
    }
}
