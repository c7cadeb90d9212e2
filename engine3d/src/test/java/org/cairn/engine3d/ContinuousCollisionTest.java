package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fast bodies do not tunnel through thin static walls. (There is no contact solver yet, so the
 * body is stopped by continuous collision alone: it is pulled back to its time of impact every
 * step and creeps towards the wall without ever crossing it.)
 */
class ContinuousCollisionTest {
    /** The wall: 5 cm thick, its near face at x = 10. */
    private static World worldWithWall() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(10.025, 0, 0).build());
        world.createShape(wall, ShapeDef.DEFAULTS, new Box(0.025, 5, 5));
        return world;
    }

    private static double furthestAdvance(Shape shape, Quaterniond rotation, double speed, Vector3d spin) {
        World world = worldWithWall();
        BodyId bullet = world.createBody(BodyDef.builder().position(0, 0.3, -0.2).rotation(rotation)
                .linearVelocity(speed, 0, 0).angularVelocity(spin).build());
        world.createShape(bullet, ShapeDef.DEFAULTS, shape);
        double furthest = -Double.MAX_VALUE;
        Vector3d c = new Vector3d();
        for (int step = 0; step < 120; step++) {
            world.step();
            world.centerOfMass(bullet, c);
            // Only while the centre is in front of the wall's face: a body that slid off its edge
            // (5 m out) went round it, not through it.
            if (Math.abs(c.y) <= 5 && Math.abs(c.z) <= 5) {
                furthest = Math.max(furthest, c.x);
            }
        }
        return furthest;
    }

    @ParameterizedTest(name = "radius {0} m")
    @ValueSource(doubles = {0.05, 0.1})
    void aSmallFastSphereStopsAtAThinWall(double radius) {
        double furthest = furthestAdvance(new Sphere(radius), new Quaterniond(), 100, new Vector3d());
        assertTrue(furthest <= 10 - radius + 1e-9, "centre reached " + furthest);
        assertTrue(furthest > 10 - radius - 0.05, "it did get to the wall: " + furthest);
    }

    @ParameterizedTest(name = "speed {0} m/s")
    @ValueSource(doubles = {50, 100, 200, 300, 400})
    void aThinFastBoxStopsAtAThinWall(double speed) {
        // 2 cm thick, flying flat face first.
        double furthest = furthestAdvance(new Box(0.01, 0.4, 0.4), new Quaterniond(), speed, new Vector3d());
        assertTrue(furthest <= 10 - 0.01 + 1e-9, "centre reached " + furthest);
    }

    /**
     * Tumbling too: its first impact turns it and drives it corner-first into the wall, so it starts
     * the next step overlapping; its centre is still swept, and stops short of the wall.
     */
    @ParameterizedTest(name = "speed {0} m/s")
    @ValueSource(doubles = {50, 100, 200, 400})
    void aThinFastTumblingBoxStopsAtAThinWall(double speed) {
        double tumbling = furthestAdvance(new Box(0.01, 0.4, 0.4), new Quaterniond().rotateY(0.3), speed,
                new Vector3d(0, 20, 5));
        assertTrue(tumbling <= 10, "tumbling box centre reached " + tumbling);
    }

    @ParameterizedTest(name = "speed {0} m/s")
    @ValueSource(doubles = {100, 400})
    void fastCapsulesAndHullsStopAtAThinWall(double speed) {
        double capsule = furthestAdvance(new Capsule(0.2, 0.05), new Quaterniond().rotateZ(Math.PI / 2), speed,
                new Vector3d(0, 3, 0));
        assertTrue(capsule < 10, "capsule centre reached " + capsule);
        double hull = furthestAdvance(ConvexHull.of(0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1), new Quaterniond(), speed,
                new Vector3d(4, 0, 1));
        assertTrue(hull < 10, "hull centre reached " + hull);
    }

    @ParameterizedTest(name = "speed {0} m/s")
    @ValueSource(doubles = {1, 5})
    void slowBodiesAreLeftAlone(double speed) {
        World world = worldWithWall();
        BodyId ball = world.createBody(BodyDef.builder().position(0, 0, 0).linearVelocity(speed, 0, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.5));
        for (int step = 0; step < 30; step++) {
            world.step();
        }
        assertEquals(speed * 0.5, world.position(ball, new Vector3d()).x, 1e-12);
    }
    /**
     * The sweeps run on the workers: 600 bodies of mixed shapes (enough for the stage to be split
     * among the workers) shot at the wall at 100–340 m/s, tumbling, stop in front of it with the
     * same poses and velocities, bit for bit, on 1, 2 and 3 workers.
     */
    @Test
    void sweepsOnSeveralWorkersGiveTheSameResultsAsOne() {
        double[][] states = new double[3][];
        for (int workers = 1; workers <= 3; workers++) {
            World world = new World(WorldDef.builder().gravity(0, 0, 0).workerCount(workers).build());
            BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(10.025, 0, 0).build());
            world.createShape(wall, ShapeDef.DEFAULTS, new Box(0.025, 5, 5));
            BodyId[] bullets = new BodyId[600];
            for (int i = 0; i < bullets.length; i++) {
                Shape shape = i % 3 == 0 ? new Sphere(0.05) : i % 3 == 1 ? new Box(0.01, 0.1, 0.1) : new Capsule(0.1, 0.03);
                bullets[i] = world.createBody(BodyDef.builder().position(0, -4.6 + 0.4 * (i % 24), -4.6 + 0.4 * (i / 24))
                        .linearVelocity(100 + 0.4 * i, 0, 0).angularVelocity(i % 7, 3 - i % 5, 1).build());
                world.createShape(bullets[i], ShapeDef.DEFAULTS, shape);
            }
            for (int step = 0; step < 20; step++) {
                world.step();
            }
            double[] state = new double[9 * bullets.length];
            Vector3d v = new Vector3d();
            Quaterniond q = new Quaterniond();
            for (int i = 0; i < bullets.length; i++) {
                world.position(bullets[i], v);
                state[9 * i] = v.x;
                state[9 * i + 1] = v.y;
                state[9 * i + 2] = v.z;
                assertTrue(world.centerOfMass(bullets[i], new Vector3d()).x <= 10, "bullet " + i + " went through");
                world.rotation(bullets[i], q);
                state[9 * i + 3] = q.x;
                state[9 * i + 4] = q.y;
                state[9 * i + 5] = q.z;
                world.linearVelocity(bullets[i], v);
                state[9 * i + 6] = v.x;
                state[9 * i + 7] = v.y;
                state[9 * i + 8] = v.z;
            }
            states[workers - 1] = state;
        }
        for (int w = 1; w < 3; w++) {
            for (int k = 0; k < states[0].length; k++) {
                assertEquals(Double.doubleToRawLongBits(states[0][k]), Double.doubleToRawLongBits(states[w][k]),
                        (w + 1) + " workers, number " + k);
            }
        }
    }

    /**
     * A 1 kg box 0.1 m above the ground falling at 7 m/s, a 36 kg box on a ball joint above it:
     * in its first step the light box would pass the ground's surface, and the sweep stops it.
     * Stopped alone, it left the heavy box going on and the joint 23.4 mm apart; the two are put
     * back together, each along its own motion, and the joint stays closed. Measured over 2 s:
     * anchors at most 0.14 mm apart, the light box at most 0.31 mm into the ground (1.47 mm alone).
     */
    @Test
    void aJointedPairStoppedByItsLowerBodyIsPutBackTogether() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        BodyId light = world.createBody(BodyDef.builder().position(0, 0.3, 0).linearVelocity(0, -7, 0).build());
        world.createShape(light, ShapeDef.builder().density(1 / 0.064).build(), new Box(0.2, 0.2, 0.2));
        BodyId heavy = world.createBody(BodyDef.builder().position(0, 0.9, 0).linearVelocity(0, -7, 0).build());
        world.createShape(heavy, ShapeDef.builder().density(36 / 0.064).build(), new Box(0.2, 0.2, 0.2));
        JointId joint = world.createJoint(JointDef.builder(JointKind.BALL, light, heavy).anchor(0, 0.6, 0).build());
        double apart = 0, into = 0;
        Vector3d a = new Vector3d(), b = new Vector3d();
        for (int step = 0; step < 120; step++) {
            world.step();
            apart = Math.max(apart, world.joints().anchorA(joint, a).distance(world.joints().anchorB(joint, b)));
            into = Math.max(into, 0.2 - world.position(light, a).y);
        }
        System.out.printf("jointed pair landing at 7 m/s: joint at most %.3f mm apart, light box %.3f mm into the ground%n",
                1000 * apart, 1000 * into);
        assertTrue(apart < 0.001, "the joint came " + apart + " m apart");
        assertTrue(into < 0.001, "the light box went " + into + " m into the ground");
    }

    /**
     * Which joints hold their bodies together when a sweep stops one: the same light box striking
     * the ground under a heavy box, joined by a ball joint, then by a wheel joint (a suspension,
     * whose travel takes the blow): after the first step the heavy box is put back with the light
     * one on the ball joint (measured 23.0 mm above where it would be falling alone), and on the
     * wheel joint is not (0.34 mm below it: what the joint itself did to it in the step).
     */
    @Test
    void aWheelJointsBodiesAreStoppedAloneAndABallJointsTogether() {
        double alone = heavyBoxAfterOneStep(null), ball = heavyBoxAfterOneStep(JointKind.BALL),
                wheel = heavyBoxAfterOneStep(JointKind.WHEEL);
        System.out.printf("heavy box after one step: alone %.6f m, on a ball joint %.6f m, on a wheel joint %.6f m%n", alone,
                ball, wheel);
        assertTrue(ball > alone + 0.015, "on a ball joint it was not put back: " + ball + " against " + alone);
        assertEquals(alone, wheel, 0.002, "on a wheel joint it was put back");
    }

    /** The height of the 36 kg box of {@link #aJointedPairStoppedByItsLowerBodyIsPutBackTogether} after one step, joined by {@code kind} (none: no light box). */
    private static double heavyBoxAfterOneStep(JointKind kind) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        BodyId heavy = world.createBody(BodyDef.builder().position(0, 0.9, 0).linearVelocity(0, -7, 0).build());
        world.createShape(heavy, ShapeDef.builder().density(36 / 0.064).build(), new Box(0.2, 0.2, 0.2));
        if (kind != null) {
            BodyId light = world.createBody(BodyDef.builder().position(0, 0.3, 0).linearVelocity(0, -7, 0).build());
            world.createShape(light, ShapeDef.builder().density(1 / 0.064).build(), new Box(0.2, 0.2, 0.2));
            JointDef.Builder joint = JointDef.builder(kind, heavy, light).anchor(0, 0.6, 0);
            if (kind == JointKind.WHEEL) {
                joint.axis(0, 1, 0).spinAxis(0, 0, 1);
            }
            world.createJoint(joint.build());
        }
        world.step();
        return world.position(heavy, new Vector3d()).y;
    }

    /**
     * Chains of three boxes on ball joints shot at the wall at 100–200 m/s, tumbling, on 1, 2 and 3
     * workers (the sweeps on the workers, the chains put back together after them on one thread):
     * the same poses, bit for bit, none through the wall, and every joint of every chain together
     * (measured: at most 3.8 mm apart after 20 steps; 4.2 mm with each body stopped alone).
     */
    @Test
    void jointedChainsShotAtAWallAreStoppedTogetherOnAnyNumberOfWorkers() {
        double[][] states = new double[3][];
        double apart = 0;
        for (int workers = 1; workers <= 3; workers++) {
            World world = new World(WorldDef.builder().gravity(0, 0, 0).workerCount(workers).build());
            BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(10.025, 0, 0).build());
            world.createShape(wall, ShapeDef.DEFAULTS, new Box(0.025, 5, 5));
            java.util.List<BodyId> bodies = new java.util.ArrayList<>();
            java.util.List<JointId> joints = new java.util.ArrayList<>();
            for (int c = 0; c < 200; c++) {
                double y = -4.6 + 0.4 * (c % 24), z = -4.6 + 0.4 * (c / 24), speed = 100 + 0.5 * c;
                BodyId previous = null;
                for (int k = 0; k < 3; k++) {
                    BodyId box = world.createBody(BodyDef.builder().position(-0.3 * k, y, z).linearVelocity(speed, 0, 0)
                            .angularVelocity(0, 0, c % 5).build());
                    world.createShape(box, ShapeDef.DEFAULTS, new Box(0.1, 0.05, 0.05));
                    if (previous != null) {
                        joints.add(world.createJoint(JointDef.builder(JointKind.BALL, previous, box).anchor(-0.3 * k + 0.15, y, z)
                                .build()));
                    }
                    bodies.add(box);
                    previous = box;
                }
            }
            for (int step = 0; step < 20; step++) {
                world.step();
            }
            double[] state = new double[6 * bodies.size()];
            Vector3d v = new Vector3d(), a = new Vector3d(), b = new Vector3d();
            for (int i = 0; i < bodies.size(); i++) {
                world.position(bodies.get(i), v);
                assertTrue(world.centerOfMass(bodies.get(i), new Vector3d()).x <= 10, "box " + i + " went through");
                state[6 * i] = v.x;
                state[6 * i + 1] = v.y;
                state[6 * i + 2] = v.z;
                world.linearVelocity(bodies.get(i), v);
                state[6 * i + 3] = v.x;
                state[6 * i + 4] = v.y;
                state[6 * i + 5] = v.z;
            }
            for (JointId j : joints) {
                apart = Math.max(apart, world.joints().anchorA(j, a).distance(world.joints().anchorB(j, b)));
            }
            states[workers - 1] = state;
        }
        System.out.printf("jointed chains shot at a wall: joints at most %.3f mm apart%n", 1000 * apart);
        for (int w = 1; w < 3; w++) {
            for (int k = 0; k < states[0].length; k++) {
                assertEquals(Double.doubleToRawLongBits(states[0][k]), Double.doubleToRawLongBits(states[w][k]),
                        (w + 1) + " workers, number " + k);
            }
        }
        assertTrue(apart < 0.01, "a joint came " + apart + " m apart");
    }
}
