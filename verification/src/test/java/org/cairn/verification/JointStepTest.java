package org.cairn.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.JointDef;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Joints in a world with contacts: every kind (hinges with motors and limits, sliders with
 * springs, welds, ropes, ball chains, chains held by their limits and ball joints' friction,
 * chains of sliders and rods)
 * swinging into a pile of boxes. The step allocates nothing,
 * and the result is bit-identical for every worker count.
 */
class JointStepTest {
    static World scene(int workers, SolverKind solver, java.util.List<BodyId> bodies) {
        World world = new World(WorldDef.builder().workerCount(workers).solver(solver).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int i = 0; i < 60; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(-3 + (i % 6), 0.5 + (i / 36), -3 + (i / 6) % 6).build());
            world.createShape(box, ShapeDef.DEFAULTS, new Box(0.45, 0.45, 0.45));
            bodies.add(box);
        }
        JointKind[] kinds = JointKind.values();
        for (int c = 0; c < 8; c++) {
            double x = -4 + c, top = 6;
            BodyId previous = ground;
            for (int i = 0; i < 4; i++) {
                BodyId link = world.createBody(BodyDef.builder().position(x + 0.5 * (i + 1), top, 0).build());
                world.createShape(link, ShapeDef.DEFAULTS, i % 2 == 0 ? new Box(0.2, 0.1, 0.1) : new Sphere(0.15));
                bodies.add(link);
                JointDef.Builder j = JointDef.builder(kinds[(c + i) % kinds.length], previous, link)
                        .anchor(x + 0.5 * i + 0.25, top, 0).axis(0, 0, 1);
                switch (kinds[(c + i) % kinds.length]) {
                    case HINGE -> j.limits(-1, 1).motor(0.5 * (c - 4), 20);
                    case SLIDER -> j.axis(1, 0, 0).spring(2, 0.3, 0.1).limits(-0.2, 0.2);
                    case DISTANCE -> j.anchors(x + 0.5 * i, top, 0, x + 0.5 * (i + 1), top, 0).limits(0, 0.6);
                    case WHEEL -> j.axis(0, 1, 0).spinAxis(0, 0, 1).spring(4, 0.7, 0).limits(-0.1, 0.1).motor(3, 10);
                    case BALL -> j.axis(1, 0, 0).cone(Math.toRadians(60)).limits(-0.5, 0.5).friction(2);
                    case FIXED -> { }
                    case MOTOR -> j.linearOffset(0.1, -0.2, 0).angularOffset(0.5).maxForceAndTorque(50, 5);
                    default -> throw new IllegalStateException("a kind this test does not set up: " + kinds[(c + i) % kinds.length]);
                }
                world.createJoint(j.build());
                previous = link;
            }
        }
        // Chains without limits (ball joints and hinges, a weld at the end): trees, solved
        // together (JointTree), six of them side by side for the workers to share.
        for (int c = 0; c < 6; c++) {
            double z = 3 + 1.5 * c, top = 8;
            BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, top, z).build());
            for (int i = 0; i < 5; i++) {
                BodyId link = world.createBody(BodyDef.builder().position(0.5 * i + 0.25, top, z).build());
                world.createShape(link, ShapeDef.DEFAULTS, new Box(0.25, 0.05, 0.05));
                bodies.add(link);
                JointKind kind = i == 4 ? JointKind.FIXED : (i + c) % 2 == 0 ? JointKind.BALL : JointKind.HINGE;
                world.createJoint(JointDef.builder(kind, previous, link).anchor(0.5 * i, top, z).axis(0, 0, 1).build());
                previous = link;
            }
        }
        // Chains with limits (ball joints with cones, twist limits and friction, hinges with
        // limits, a heavy last link): trees whose limits are solved with their articulated masses (TreeLimits),
        // swinging into the pile.
        for (int c = 0; c < 4; c++) {
            double z = -3 - 1.5 * c, top = 7;
            BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(-3, top, z).build());
            for (int i = 0; i < 5; i++) {
                BodyId link = world.createBody(BodyDef.builder().position(-3 + 0.5 * i + 0.25, top, z).build());
                world.createShape(link, ShapeDef.builder().density(i == 4 ? 20000 : 1000).build(), new Box(0.25, 0.05, 0.05));
                bodies.add(link);
                JointDef.Builder j = JointDef.builder((i + c) % 2 == 0 ? JointKind.BALL : JointKind.HINGE, previous, link)
                        .anchor(-3 + 0.5 * i, top, z);
                if ((i + c) % 2 == 0) {
                    j.axis(1, 0, 0).cone(Math.toRadians(30)).limits(-0.3, 0.3).friction(0.5);
                } else {
                    j.axis(0, 0, 1).limits(-0.6, 0.6);
                }
                world.createJoint(j.build());
                previous = link;
            }
        }
        // Chains of a slider, a rod (a distance joint without spring or limits) and a ball joint:
        // trees too, swinging into the pile.
        for (int c = 0; c < 2; c++) {
            double z = 2 - 1.5 * c, top = 5;
            BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(4, top, z).build());
            for (int i = 0; i < 3; i++) {
                double x = 4 + 0.5 * i + 0.25;
                BodyId link = world.createBody(BodyDef.builder().position(x, top, z).build());
                world.createShape(link, ShapeDef.DEFAULTS, i == 1 ? new Sphere(0.15) : new Box(0.2, 0.1, 0.1));
                bodies.add(link);
                JointDef.Builder j = switch (i) {
                    case 0 -> JointDef.builder(JointKind.SLIDER, previous, link).anchor(x - 0.25, top, z).axis(1, 0, c);
                    case 1 -> JointDef.builder(JointKind.DISTANCE, previous, link).anchors(x - 0.5, top, z, x, top, z);
                    default -> JointDef.builder(JointKind.BALL, previous, link).anchor(x - 0.25, top, z);
                };
                world.createJoint(j.build());
                previous = link;
            }
        }
        return world;
    }

    static long hash(int workers, SolverKind solver, int steps) {
        java.util.List<BodyId> bodies = new java.util.ArrayList<>();
        World world = scene(workers, solver, bodies);
        for (int i = 0; i < steps; i++) {
            world.step();
        }
        return StateHash.of(world, bodies);
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void everyWorkerCountGivesBitIdenticalStates(SolverKind solver) {
        long one = hash(1, solver, 300);
        for (int workers = 2; workers <= 4; workers++) {
            assertEquals(one, hash(workers, solver, 300), workers + " workers");
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void aSteadyStepWithJointsAllocatesNothing(int workers) {
        World world = scene(workers, SolverKind.SOFT_STEP, new java.util.ArrayList<>());
        for (int i = 0; i < 300; i++) {
            world.step();
        }
        long[] allocated = StepThreads.perWindow(world, 3, 100, () -> { });
        assertTrue(java.util.Arrays.stream(allocated).filter(bytes -> bytes == 0).count() >= 2,
                "bytes allocated by 100 steps, per window: " + java.util.Arrays.toString(allocated));
    }
}
