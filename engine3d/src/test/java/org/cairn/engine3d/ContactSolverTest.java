package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The contact solvers against closed forms: resting load, bounce heights, Coulomb friction. */
class ContactSolverTest {
    private static final double DT = 1.0 / 60.0;

    private static World world(SolverKind kind, double g) {
        return new World(WorldDef.builder().gravity(0, -g, 0).solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1)
                .iterations(10).build());
    }

    private static BodyId ground(World world, double friction, double restitution) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(friction).restitution(restitution).build(), new Box(50, 0.5, 50));
        return ground;
    }

    /**
     * A bouncy box never gains energy, with either solver (the property suite's seed 1061: under
     * sequential impulses a 1 kg box on a ground of e = 0.955 left each bounce from where it began
     * the step, at a speed gravity had not yet slowed, and rose 2 cm above its start in 4 s). It
     * rebounds to e² of its 0.55 m drop (0.502 m) within 1 %.
     */
    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void aBouncingBoxNeverGainsEnergy(SolverKind kind) {
        double g = 9.81;
        World world = new World(WorldDef.builder().solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1)
                .gravity(0, -g, 0).build());
        ground(world, 0, 0.955);
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.7, 0).build());
        world.createShape(box, ShapeDef.builder().friction(0).density(1 / 0.027).build(), new Box(0.15, 0.15, 0.15));
        Vector3d p = new Vector3d(), v = new Vector3d();
        double start = g * 0.7, worst = Double.NEGATIVE_INFINITY, secondApex = 0;
        boolean bounced = false;
        for (int step = 0; step < 300; step++) {
            world.step();
            world.position(box, p);
            world.linearVelocity(box, v);
            double energy = 0.5 * v.lengthSquared() + 0.5 * world.angularVelocity(box, new Vector3d()).lengthSquared()
                    * (1.0 / 6 * 0.09) + g * p.y;
            worst = Math.max(worst, energy - start);
            bounced |= v.y > 0.5;
            if (bounced && step < 60) {
                secondApex = Math.max(secondApex, p.y);
            }
        }
        System.out.printf("%s: bouncing box, largest energy rise %.3g J/kg, first rebound to %.3f m%n", kind, worst,
                secondApex - 0.15);
        assertTrue(worst < 1e-3 * g, "energy rose by " + worst + " J/kg");
        assertEquals(0.955 * 0.955 * 0.55, secondApex - 0.15, 0.01 * 0.955 * 0.955 * 0.55, "rebound");
    }

    /**
     * A ball falling 9 cm per step onto the ground finds it before it arrives: its contact looks a
     * step of motion ahead, so it never sinks in, and bouncing on a ground of e ≈ 1 for 10 s it never
     * gains energy (the property suite's seed 3604: with Box2D's fixed 2 cm the ball found the
     * ground 7 cm inside it, and being pushed out gave it 0.15 J per bounce).
     */
    @Test
    void aFastBallFindsTheGroundBeforeItArrives() {
        double g = 9.81, r = 0.2;
        World world = new World(WorldDef.builder().gravity(0, -g, 0).build());
        ground(world, 0, 0.998);
        BodyId ball = world.createBody(BodyDef.builder().position(0, 1.7, 0).build());
        world.createShape(ball, ShapeDef.builder().friction(0).restitution(0.5).build(), new Sphere(r));
        double m = world.mass(ball), start = m * g * 1.7, deepest = 0, rise = Double.NEGATIVE_INFINITY;
        Vector3d p = new Vector3d(), v = new Vector3d();
        for (int step = 0; step < 600; step++) {
            world.step();
            world.position(ball, p);
            world.linearVelocity(ball, v);
            deepest = Math.min(deepest, p.y - r);
            rise = Math.max(rise, 0.5 * m * v.lengthSquared() + m * g * p.y - start);
        }
        System.out.printf("fast ball: deepest %.2e m, largest energy rise %.2e J%n", deepest, rise);
        assertTrue(deepest > -1e-4, "sank " + deepest);
        assertTrue(rise < 1e-9 * start, "energy rose by " + rise);
    }

    /**
     * A box dropped flat bounces straight up, wherever it is: its four corners land within a
     * rounding error of each other, and the solver keeps them together (the last relax counts gaps
     * under 1 µm as closed; restitution solves the corners as one block). Far from the origin the
     * rounding is a hundred times larger; it still does not tip the box.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.3, 57.735})
    void aBoxDroppedFlatBouncesStraightUp(double offset) {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(offset, -0.5, offset).build());
        world.createShape(ground, ShapeDef.builder().restitution(0.5).build(), new Box(50, 0.5, 50));
        BodyId box = world.createBody(BodyDef.builder().position(offset, 0.8, offset).build());
        world.createShape(box, ShapeDef.builder().restitution(0.5).build(), new Box(0.4, 0.3, 0.2));
        Vector3d v = new Vector3d(), w = new Vector3d();
        double tilt = 0, sideways = 0, rise = 0;
        for (int step = 0; step < 50; step++) {
            world.step();
            world.linearVelocity(box, v);
            world.angularVelocity(box, w);
            tilt = Math.max(tilt, w.length());
            sideways = Math.max(sideways, Math.hypot(v.x, v.z));
            rise = Math.max(rise, v.y);
        }
        System.out.printf("flat box at %.3f: rose at %.3f m/s, spin %.2e rad/s, sideways %.2e m/s%n", offset, rise, tilt,
                sideways);
        assertTrue(rise > 0.5 * 0.5 * Math.sqrt(2 * 9.81 * 0.5), "it bounced: " + rise);
        assertTrue(tilt < 1e-6, "spin " + tilt);
        assertTrue(sideways < 1e-6, "sideways " + sideways);
    }

    /** The resting-contact check: a 1 kg box at rest carries Σ Pn = m·g·dt per step. */
    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void aRestingBoxCarriesItsWeight(SolverKind kind) {
        World world = world(kind, 10);
        ground(world, 0.6, 0);
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box, ShapeDef.builder().density(1).build(), new Box(0.5, 0.5, 0.5));
        assertEquals(1.0, world.mass(box), 1e-12);
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        for (int i = 0; i < 60; i++) {
            world.step();
            Contacts contacts = world.contacts();
            assertEquals(1, contacts.count());
            double sum = 0;
            for (int k = 0; k < contacts.pointCount(0); k++) {
                sum += contacts.normalImpulse(0, k);
            }
            assertEquals(10.0 * DT, sum, 0.01 * 10.0 * DT, "Σ Pn at step " + i);
            assertTrue(world.linearVelocity(box, new Vector3d()).length() < 1e-3, "speed");
        }
        System.out.printf("%s: resting box Σ Pn = %.6f N·s per step (m·g·dt = %.6f), y = %.5f m%n", kind,
                sumNormal(world), 10.0 * DT, world.position(box, new Vector3d()).y);
    }

    private static double sumNormal(World world) {
        double sum = 0;
        for (int k = 0; k < world.contacts().pointCount(0); k++) {
            sum += world.contacts().normalImpulse(0, k);
        }
        return sum;
    }

    /**
     * A ball dropped from 1 m leaves the ground at e times the speed the fall gives it, e·√(2·g·1 m)
     * (measured: 1.7e-4 relative below it; within 5e-4), and rises to e²·1 m (measured: 0.8 %, 0.4 %
     * and 0.2 % low at e = 0.3, 0.5, 0.8; within 2 %). (Bouncing from a faster reading of the
     * approach put some of the loss back, and a ball with e near 1 then gained energy; the property
     * suite found it.)
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.3, 0.5, 0.8})
    void aBallReboundsAtETimesItsImpactSpeed(double e) {
        World world = world(SolverKind.SOFT_STEP, 9.81);
        ground(world, 0.6, e);
        double r = 0.1;
        BodyId ball = world.createBody(BodyDef.builder().position(0, 1 + r, 0).build());
        world.createShape(ball, ShapeDef.builder().restitution(e).build(), new Sphere(r));
        double apex = 0;
        boolean bounced = false;
        Vector3d v = new Vector3d();
        double v0 = 0, s0 = 1;
        for (int i = 0; i < 240; i++) {
            world.step();
            world.linearVelocity(ball, v);
            if (v.y > 0 && !bounced) {
                bounced = true;
                // The oracle is the fall, not the code's formula: from 1 m the ball meets the ground
                // at √(2·g·1 m), and leaves it at e times that.
                double impact = Math.sqrt(2 * 9.81 * 1.0);
                assertEquals(e * impact, v.y, 5e-4 * e * impact, "rebound speed");
            }
            if (!bounced) {
                v0 = v.y;
                s0 = world.position(ball, new Vector3d()).y - r;
            } else {
                apex = Math.max(apex, world.position(ball, new Vector3d()).y - r);
                if (v.y < 0) {
                    break;
                }
            }
        }
        System.out.printf("restitution %.1f: rebound %.4f m, e² = %.4f m%n", e, apex, e * e);
        assertTrue(bounced);
        assertEquals(e * e, apex, 0.02 * e * e);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0})
    void aBallWithoutRestitutionDoesNotBounce(double e) {
        World world = world(SolverKind.SOFT_STEP, 9.81);
        ground(world, 0.6, e);
        BodyId ball = world.createBody(BodyDef.builder().position(0, 1.1, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.1));
        // Continuous collision parks the falling ball a slop above the ground on the step it
        // arrives; from then on it must only settle, never move up.
        boolean landed = false;
        double fastestUp = 0;
        for (int i = 0; i < 180; i++) {
            world.step();
            if (world.contacts().count() > 0) {
                landed = true;
            }
            if (landed) {
                fastestUp = Math.max(fastestUp, world.linearVelocity(ball, new Vector3d()).y);
            }
        }
        assertTrue(landed && fastestUp < 0.01, "moved up at " + fastestUp + " m/s");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.9})
    void aBouncyBallAtRestStaysAtRest(double e) {
        World world = world(SolverKind.SOFT_STEP, 9.81);
        ground(world, 0.6, e);
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0.1, 0).build());
        world.createShape(ball, ShapeDef.builder().restitution(e).build(), new Sphere(0.1));
        for (int i = 0; i < 300; i++) {
            world.step();
            assertTrue(Math.abs(world.position(ball, new Vector3d()).y - 0.1) < 0.005, "step " + i);
        }
    }

    /** Coulomb friction on a 30° incline, at several yaw angles of the incline. */
    @ParameterizedTest(name = "yaw {0}°")
    @CsvSource({"0", "35", "120"})
    void boxesStickOrSlideOnAnIncline(double yawDegrees) {
        double theta = Math.toRadians(30), g = 9.81;
        double stick = Math.tan(theta) + 0.05, slip = Math.tan(theta) - 0.05;
        Quaterniond incline = new Quaterniond().rotateY(Math.toRadians(yawDegrees)).rotateZ(theta);
        for (double mu : new double[] {stick, slip}) {
            World world = world(SolverKind.SOFT_STEP, g);
            BodyId ramp = world.createBody(BodyDef.builder().type(BodyType.STATIC).rotation(incline).build());
            world.createShape(ramp, ShapeDef.builder().friction(mu).build(), new Box(20, 0.5, 20));
            Vector3d up = incline.transform(new Vector3d(0, 1, 0));
            BodyId box = world.createBody(BodyDef.builder().position(new Vector3d(up).mul(1.0)).rotation(incline).build());
            world.createShape(box, ShapeDef.builder().friction(mu).build(), new Box(0.5, 0.5, 0.5));
            for (int i = 0; i < 30; i++) {
                world.step();
            }
            Vector3d p0 = world.position(box, new Vector3d());
            Vector3d v0 = world.linearVelocity(box, new Vector3d());
            for (int i = 0; i < 120; i++) {
                world.step();
            }
            Vector3d p1 = world.position(box, new Vector3d());
            Vector3d v1 = world.linearVelocity(box, new Vector3d());
            if (mu == stick) {
                assertTrue(p1.distance(p0) < 0.001, "stuck box moved " + p1.distance(p0));
            } else {
                double expected = g * (Math.sin(theta) - mu * Math.cos(theta));
                double measured = v1.sub(v0, new Vector3d()).length() / (120 * DT);
                System.out.printf("incline yaw %.0f°: a = %.4f m/s², expected %.4f%n", yawDegrees, measured, expected);
                assertEquals(expected, measured, 0.02 * expected);
            }
        }
    }

    /** A box sliding at 5 m/s on flat ground stops after v²/(2μg). */
    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void aSlidingBoxStopsAfterTheCoulombDistance(SolverKind kind) {
        double mu = 0.4, g = 9.81, v = 5;
        World world = world(kind, g);
        ground(world, mu, 0);
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box, ShapeDef.builder().friction(mu).build(), new Box(0.5, 0.5, 0.5));
        for (int i = 0; i < 30; i++) {
            world.step();
        }
        double x0 = world.position(box, new Vector3d()).x;
        world.setLinearVelocity(box, new Vector3d(v, 0, 0));
        for (int i = 0; i < 240; i++) {
            world.step();
        }
        double distance = world.position(box, new Vector3d()).x - x0;
        double expected = v * v / (2 * mu * g);
        System.out.printf("%s: sliding stop %.4f m, expected %.4f m%n", kind, distance, expected);
        assertEquals(expected, distance, 0.02 * expected);
    }

    /**
     * The world's mixing rule decides the contact's friction: with MINIMUM a slippery box slides as
     * if on ice. The mixed coefficient of μ = 0.1 on μ = 0.9 is written out: √0.09 = 0.3, 0.1, 0.5.
     */
    @ParameterizedTest
    @CsvSource({"GEOMETRIC_MEAN, 0.3", "MINIMUM, 0.1", "AVERAGE, 0.5"})
    void frictionMixingRulesAreHonoured(MixingRule rule, double mu) {
        double g = 9.81, v = 4, boxMu = 0.1, groundMu = 0.9;
        World world = new World(WorldDef.builder().gravity(0, -g, 0).frictionMixing(rule).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(groundMu).build(), new Box(50, 0.5, 50));
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(box, ShapeDef.builder().friction(boxMu).build(), new Box(0.5, 0.5, 0.5));
        for (int i = 0; i < 20; i++) {
            world.step();
        }
        double x0 = world.position(box, new Vector3d()).x;
        world.setLinearVelocity(box, new Vector3d(v, 0, 0));
        for (int i = 0; i < 600; i++) {
            world.step();
        }
        double expected = v * v / (2 * mu * g);
        assertEquals(expected, world.position(box, new Vector3d()).x - x0, 0.02 * expected, rule.toString());
    }

    /**
     * Rolling resistance: a ball rolling without slipping under a resisting torque c·R·N
     * decelerates at a = c·g / (1 + I/(m·R²)) = 5/7·c·g, so from v₀ it stops after v₀²/(2a),
     * with either solver.
     */
    @ParameterizedTest
    @CsvSource({"SOFT_STEP, 0.02", "SOFT_STEP, 0.05", "SEQUENTIAL_IMPULSE, 0.02", "SEQUENTIAL_IMPULSE, 0.05"})
    void aRollingBallStopsAfterTheRollingResistanceDistance(SolverKind kind, double c) {
        double g = 9.81, r = 0.2, v0 = 2;
        World world = new World(WorldDef.builder().solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1)
                .gravity(0, -g, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.8).build(), new Box(50, 0.5, 50));
        BodyId ball = world.createBody(BodyDef.builder().position(0, r, 0).build());
        world.createShape(ball, ShapeDef.builder().friction(0.8).rollingResistance(c).build(), new Sphere(r));
        for (int i = 0; i < 10; i++) {
            world.step();
        }
        double x0 = world.position(ball, new Vector3d()).x;
        world.setLinearVelocity(ball, new Vector3d(v0, 0, 0));
        world.setAngularVelocity(ball, new Vector3d(0, 0, -v0 / r));
        for (int i = 0; i < 60 * 20; i++) {
            world.step();
        }
        double expected = v0 * v0 / (2 * 5.0 / 7.0 * c * g);
        double travelled = world.position(ball, new Vector3d()).x - x0;
        System.out.printf("%s, rolling resistance %.2f: stopped after %.3f m, expected %.3f m%n", kind, c, travelled,
                expected);
        assertEquals(expected, travelled, 0.03 * expected);
    }

    /**
     * Rolling resistance on a body whose inertia is not the same about every axis, at a heading
     * off the world's axes (so its world inverse inertia has off-diagonal terms): a capsule lying
     * with its axis at 35° yaw, rolled square to its axis, decelerates at a = c·g/(1 + I/(m·R²))
     * with I its inertia about its axis (body frame, y), stops after v₀²/(2a), and rolls straight (no drift along
     * its axis). Measured: 6.016 m against 6.030 m (−0.2 %), 0.18 mm off its line.
     */
    @Test
    void aRollingCapsuleAtAHeadingStopsAfterItsRollingResistanceDistanceAndKeepsItsLine() {
        double g = 9.81, r = 0.2, v0 = 2, c = 0.05, yaw = Math.toRadians(35);
        World world = new World(WorldDef.builder().gravity(0, -g, 0).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.8).build(), new Box(50, 0.5, 50));
        // The capsule's axis (local y) laid along (cos yaw, 0, −sin yaw).
        Quaterniond lying = new Quaterniond().rotateY(yaw).rotateZ(-Math.PI / 2);
        BodyId capsule = world.createBody(BodyDef.builder().position(0, r, 0).rotation(lying).build());
        world.createShape(capsule, ShapeDef.builder().friction(0.8).rollingResistance(c).build(), new Capsule(0.5, r));
        for (int i = 0; i < 10; i++) {
            world.step();
        }
        Vector3d axis = lying.transform(new Vector3d(0, 1, 0));
        Vector3d heading = new Vector3d(0, 1, 0).cross(axis).normalize();
        Vector3d start = world.position(capsule, new Vector3d());
        world.setLinearVelocity(capsule, new Vector3d(heading).mul(v0));
        // Rolling without slip: the contact point, R below the centre, at rest: ω = (ŷ × v)/R.
        world.setAngularVelocity(capsule, new Vector3d(0, 1, 0).cross(heading).mul(v0 / r));
        double inertia = world.massProperties(capsule).inertia(1, 1);
        double m = world.mass(capsule);
        double a = c * g / (1 + inertia / (m * r * r));
        for (int i = 0; i < 60 * 10; i++) {
            world.step();
        }
        Vector3d moved = world.position(capsule, new Vector3d()).sub(start);
        double travelled = moved.dot(heading), drift = Math.abs(moved.dot(axis));
        double expected = v0 * v0 / (2 * a);
        System.out.printf("rolling capsule at 35°: stopped after %.3f m, expected %.3f m, drift %.2e m%n", travelled, expected,
                drift);
        assertEquals(expected, travelled, 0.01 * expected);
        assertEquals(0, drift, 1e-4 * expected);
    }

    /** With position iterations, sequential impulses push a sunk box out by moving it, not by launching it. */
    @ParameterizedTest
    @ValueSource(ints = {0, 2})
    void positionIterationsRemoveOverlapWithoutAddingVelocity(int positionIterations) {
        World world = new World(WorldDef.builder().solver(SolverKind.SEQUENTIAL_IMPULSE).substeps(1).iterations(10)
                .positionIterations(positionIterations).gravity(0, -10, 0).build());
        ground(world, 0.6, 0);
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5 - 0.05, 0).build());
        world.createShape(box, ShapeDef.builder().density(1).build(), new Box(0.5, 0.5, 0.5));
        double fastestUp = 0;
        for (int i = 0; i < 120; i++) {
            world.step();
            fastestUp = Math.max(fastestUp, world.linearVelocity(box, new Vector3d()).y);
        }
        double y = world.position(box, new Vector3d()).y;
        System.out.printf("sequential impulses, %d position iterations: sunk 5 cm, pushed out at up to %.3f m/s, rests at %.4f m%n",
                positionIterations, fastestUp, y);
        assertEquals(0.5, y, 2 * 0.005, "rests within the slop");
        if (positionIterations > 0) {
            assertTrue(fastestUp < 0.01, "no launch: " + fastestUp);
        }
    }

    /**
     * A tower of twelve unit boxes, settled: each soft contact is a spring of stiffness
     * m_eff·(2π·hertz)² per point, so the top sinks by Σ load/(m_eff·ω²) over the eleven box–box
     * contacts (m_eff = m/8 at a cube's corner, 75 Hz) and the ground contact (m/4; static contacts
     * get twice the hertz, but no more than the cap ω·h ≤ 2: 240/π = 76.4 Hz here).
     * Solved together, the four points of each contact share the load exactly, and the tower does not
     * lean at all.
     */
    @Test
    void aTowerSinksByItsContactSpringsAndDoesNotLean() {
        double g = 9.81;
        World world = new World(WorldDef.builder().gravity(0, -g, 0).build());
        ground(world, 0.6, 0);
        BodyId[] boxes = new BodyId[12];
        for (int i = 0; i < boxes.length; i++) {
            boxes[i] = world.createBody(BodyDef.builder().position(0, 0.5 + i, 0).build());
            world.createShape(boxes[i], ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        }
        double sideways = 0;
        Vector3d p = new Vector3d();
        for (int step = 0; step < 180; step++) {
            world.step();
            for (BodyId box : boxes) {
                world.position(box, p);
                sideways = Math.max(sideways, Math.hypot(p.x, p.z));
            }
        }
        double omega = 2 * Math.PI * 75;
        double omegaStatic = 2.0 * 240;
        double expected = 0;
        for (int above = 1; above <= 11; above++) {
            expected += above * g / 4 / (omega * omega / 8);
        }
        expected += 12 * g / 4 / (omegaStatic * omegaStatic / 4);
        double sunk = 11.5 - world.position(boxes[11], p).y;
        System.out.printf("tower of 12: top sank %.3f mm (springs: %.3f mm), leaned at most %.2e m%n", sunk * 1000,
                expected * 1000, sideways);
        assertEquals(expected, sunk, 0.02 * expected);
        assertTrue(sideways < 1e-6, "lean " + sideways);
        assertTrue(!world.isAwake(boxes[11]), "asleep after 3 s");
    }

    /** A material pair override replaces the mixed coefficients: shapes of friction 0.9 slide as on 0.2. */
    @Test
    void aMaterialPairOverridesTheMixedFriction() {
        World world = world(SolverKind.SOFT_STEP, 10);
        world.setMaterialPair(2, 1, 0.2, 0.0);
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.9).material(1).build(), new Box(50, 0.5, 50));
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.5, 0).linearVelocity(4, 0, 0).build());
        world.createShape(box, ShapeDef.builder().friction(0.9).material(2).build(), new Box(0.5, 0.5, 0.5));
        for (int i = 0; i < 180; i++) {
            world.step();
        }
        double expected = 16 / (2 * 0.2 * 10);
        assertEquals(expected, world.position(box, new Vector3d()).x, 0.02 * expected);
        assertEquals(0.2, world.contacts().friction(0), 0.0);
        assertThrows(IllegalArgumentException.class, () -> world.setMaterialPair(0, 1, 0.5, 0));
        assertThrows(IllegalArgumentException.class, () -> world.setMaterialPair(1, 1, 0.5, 1.5));
    }

    /**
     * A manifold with one point 2.3 cm deep and two speculative ones (a tetrahedron wedged against a
     * box, found by the property suite): solved together, the speculative points' large gaps made
     * the deep point's first block impulse negative, and letting every such point go at once left
     * the overlap unpushed for ever. Points now let go one at a time, and a point left out must not
     * still need a push; the overlap is gone within 20 steps (the soft contact pushes it out gently).
     */
    @Test
    void aDeepPointBesideSpeculativeOnesIsPushedOut() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId box = world.createBody(BodyDef.builder().position(4.176, 0.3662, -1.232)
                .rotation(new Quaterniond(-7.034e-6, -8.001e-2, 7.207e-6, 9.968e-1).normalize()).build());
        world.createShape(box, ShapeDef.DEFAULTS, new Box(0.3473083019256592, 0.36629881858825686, 0.31750192642211916));
        BodyId tetrahedron = world.createBody(BodyDef.builder().position(4.226, 0.134, -0.8202)
                .rotation(new Quaterniond(-1.638e-2, 6.900e-2, -2.293e-1, 9.708e-1).normalize()).build());
        world.createShape(tetrahedron, ShapeDef.DEFAULTS,
                org.cairn.engine3d.geometry.ConvexHull.of(new double[] {0.3, 0, 0, -0.2, 0.25, 0, -0.2, -0.25, 0.2, -0.2, -0.25, -0.2}));
        world.step();
        double deepest = 0;
        for (int k = 0; k < world.contacts().pointCount(0); k++) {
            deepest = Math.min(deepest, world.contacts().separation(0, k));
        }
        assertTrue(deepest < -0.02, "the configuration overlaps: " + deepest);
        for (int i = 0; i < 20; i++) {
            world.step();
        }
        deepest = 0;
        for (int i = 0; i < world.contacts().count(); i++) {
            for (int k = 0; k < world.contacts().pointCount(i); k++) {
                deepest = Math.min(deepest, world.contacts().separation(i, k));
            }
        }
        assertTrue(deepest > -0.001, "still overlapping by " + -deepest + " m");
    }
}
