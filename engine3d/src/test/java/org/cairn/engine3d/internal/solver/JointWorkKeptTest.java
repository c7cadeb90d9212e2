package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.JointDef;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.internal.world.WorldStates;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Three things the joint passes no longer redo change no bit: a ball joint without limits measures
 * only its anchors (nothing of it reads its rotation error or axes), it keeps them from one pass
 * to the next until a body moves, and a joint's point rows keep their K⁻¹ likewise. A world that
 * does all three and one that measures everything and computes K⁻¹ in every pass stay identical
 * bit for bit (under sequential impulses with and without position iterations, which move the
 * bodies between passes), through swinging
 * chains of ball joints and hinges (one with a motor, one ball joint with a cone), a ball joint's
 * twist limits turned on mid-run (its measuring then takes in the rotation error and axes), and a
 * body put elsewhere between two steps.
 */
class JointWorkKeptTest {
    private static JointSolver joints(World world) {
        return WorldStates.of(world).solver.jointSolver();
    }

    /** The scene's world, and its bodies in creation order and joints into the lists. */
    private static World scene(SolverKind solver, int positionIterations, List<BodyId> bodies, List<JointId> joints) {
        World world = new World(WorldDef.builder().sleeping(false).solver(solver).positionIterations(positionIterations)
                .build());
        BodyId pivot = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 6, 0).build());
        // A chain of slabs on ball joints, released sideways, so it swings and folds.
        BodyId previous = pivot;
        for (int i = 0; i < 6; i++) {
            BodyId link = world.createBody(BodyDef.builder().position(0.6 * (i + 1), 6, 0.05 * i).build());
            world.createShape(link, ShapeDef.DEFAULTS, new Box(0.3, 0.08, 0.12));
            bodies.add(link);
            joints.add(world.createJoint(JointDef.builder(JointKind.BALL, previous, link).anchor(0.6 * i + 0.3, 6, 0.05 * i)
                    .build()));
            previous = link;
        }
        // A chain of boxes on hinges about z, the first driven by a motor.
        previous = pivot;
        for (int i = 0; i < 4; i++) {
            BodyId link = world.createBody(BodyDef.builder().position(-0.5 * (i + 1), 6, 1).build());
            world.createShape(link, ShapeDef.DEFAULTS, new Box(0.25, 0.1, 0.1));
            bodies.add(link);
            JointDef.Builder hinge = JointDef.builder(JointKind.HINGE, previous, link).anchor(-0.5 * i - 0.25, 6, 1)
                    .axis(0, 0, 1);
            if (i == 0) {
                hinge.motor(1.5, 40);
            }
            joints.add(world.createJoint(hinge.build()));
            previous = link;
        }
        // Two spheres on a ball joint with a cone limit, hanging from the pivot by a third.
        BodyId upper = world.createBody(BodyDef.builder().position(1, 5, -1).build());
        world.createShape(upper, ShapeDef.DEFAULTS, new Sphere(0.2));
        BodyId lower = world.createBody(BodyDef.builder().position(1.6, 4.6, -1).build());
        world.createShape(lower, ShapeDef.DEFAULTS, new Sphere(0.15));
        bodies.add(upper);
        bodies.add(lower);
        joints.add(world.createJoint(JointDef.builder(JointKind.BALL, pivot, upper).anchor(0.5, 5.5, -1).build()));
        joints.add(world.createJoint(JointDef.builder(JointKind.BALL, upper, lower).anchor(1.3, 4.8, -1)
                .axis(1, 0, 0).cone(0.4).build()));
        return world;
    }

    @ParameterizedTest(name = "{0}, {1} position iterations")
    @org.junit.jupiter.params.provider.CsvSource({"SOFT_STEP, 0", "SEQUENTIAL_IMPULSE, 0", "SEQUENTIAL_IMPULSE, 2"})
    void keptJointWorkChangesNoBit(SolverKind solver, int positionIterations) {
        List<BodyId> keptBodies = new ArrayList<>(), freshBodies = new ArrayList<>();
        List<JointId> keptJoints = new ArrayList<>(), freshJoints = new ArrayList<>();
        World kept = scene(solver, positionIterations, keptBodies, keptJoints);
        World fresh = scene(solver, positionIterations, freshBodies, freshJoints);
        joints(fresh).keepPointMass = false;
        joints(fresh).measureAnchorsOnly = false;
        joints(fresh).keepAnchors = false;
        Vector3d p = new Vector3d(), q = new Vector3d();
        Quaterniond r = new Quaterniond(), s = new Quaterniond();
        double travelled = 0;
        for (int step = 1; step <= 240; step++) {
            if (step == 80) {
                // The chain's third ball joint gets twist limits: it measures everything from now on.
                kept.joints().setLimits(keptJoints.get(2), -0.3, 0.3);
                fresh.joints().setLimits(freshJoints.get(2), -0.3, 0.3);
            }
            if (step == 150) {
                // The hinge chain's last link put 10 cm higher and turned, between two steps.
                Quaterniond turn = new Quaterniond().rotateY(0.2);
                kept.setTransform(keptBodies.get(9), kept.position(keptBodies.get(9), new Vector3d()).add(0, 0.1, 0), turn);
                fresh.setTransform(freshBodies.get(9), fresh.position(freshBodies.get(9), new Vector3d()).add(0, 0.1, 0),
                        turn);
            }
            kept.step();
            fresh.step();
            for (int i = 0; i < keptBodies.size(); i++) {
                String at = "body " + i + " at step " + step;
                kept.position(keptBodies.get(i), p);
                fresh.position(freshBodies.get(i), q);
                assertBits(p, q, at + ", position");
                kept.rotation(keptBodies.get(i), r);
                fresh.rotation(freshBodies.get(i), s);
                assertEquals(Double.doubleToLongBits(r.x), Double.doubleToLongBits(s.x), at + ", rotation");
                assertEquals(Double.doubleToLongBits(r.y), Double.doubleToLongBits(s.y), at + ", rotation");
                assertEquals(Double.doubleToLongBits(r.z), Double.doubleToLongBits(s.z), at + ", rotation");
                assertEquals(Double.doubleToLongBits(r.w), Double.doubleToLongBits(s.w), at + ", rotation");
                assertBits(kept.linearVelocity(keptBodies.get(i), p), fresh.linearVelocity(freshBodies.get(i), q),
                        at + ", velocity");
                assertBits(kept.angularVelocity(keptBodies.get(i), p), fresh.angularVelocity(freshBodies.get(i), q),
                        at + ", angular velocity");
                travelled += kept.linearVelocity(keptBodies.get(i), p).length() / 60;
            }
        }
        // The scene moves: the comparison covers swinging chains, not bodies at rest.
        assertTrue(travelled > 20, "the bodies travelled " + travelled + " m in all");
    }

    private static void assertBits(Vector3d expected, Vector3d actual, String what) {
        assertEquals(Double.doubleToLongBits(expected.x), Double.doubleToLongBits(actual.x), what);
        assertEquals(Double.doubleToLongBits(expected.y), Double.doubleToLongBits(actual.y), what);
        assertEquals(Double.doubleToLongBits(expected.z), Double.doubleToLongBits(actual.z), what);
    }
}
