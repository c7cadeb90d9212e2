package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.JointDef;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.joint.JointStore;
import org.cairn.engine3d.internal.world.WorldState;
import org.cairn.engine3d.internal.world.WorldStates;
import org.junit.jupiter.api.Test;

/**
 * The joints' colours, checked after every step of a world of chains (ball joints and hinges),
 * a star of joints on one hub (more joints on a body than there are colours: an overflow) and
 * a chain on a static anchor, one chain falling asleep: no colour moves a dynamic body twice, each
 * colour keeps its joints in joint order, and every acting joint with an awake dynamic body is
 * solved exactly once, the others not at all.
 */
class JointColouringTest {
    @Test
    void noColourMovesABodyTwiceAndEveryActingJointIsSolvedOnce() throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().build());
        WorldState state = WorldStates.of(world);
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(30, 0.5, 30));
        // Chains of 8 links hanging from static anchors, two of ball joints, one of hinges.
        for (int chain = 0; chain < 3; chain++) {
            BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(-6 + 6 * chain, 10, 0).build());
            for (int i = 0; i < 8; i++) {
                BodyId link = world.createBody(BodyDef.builder().position(-6 + 6 * chain + 0.5 * (i + 1), 10, 0).build());
                world.createShape(link, ShapeDef.DEFAULTS, new Box(0.2, 0.05, 0.05));
                JointKind kind = chain == 2 ? JointKind.HINGE : JointKind.BALL;
                world.createJoint(JointDef.builder(kind, previous, link).anchor(-6 + 6 * chain + 0.5 * i + 0.25, 10, 0).build());
                previous = link;
            }
        }
        // A hub with 30 spokes: more joints on one body than there are colours.
        BodyId hub = world.createBody(BodyDef.builder().position(0, 4, 5).build());
        world.createShape(hub, ShapeDef.DEFAULTS, new Box(0.3, 0.3, 0.3));
        for (int i = 0; i < 30; i++) {
            double angle = 2 * Math.PI * i / 30;
            BodyId spoke = world.createBody(BodyDef.builder().position(Math.cos(angle), 4, 5 + Math.sin(angle)).build());
            world.createShape(spoke, ShapeDef.DEFAULTS, new Box(0.1, 0.1, 0.1));
            world.createJoint(JointDef.builder(JointKind.BALL, hub, spoke).anchor(0.6 * Math.cos(angle), 4, 5 + 0.6 * Math.sin(angle))
                    .build());
        }
        int mostColours = 0, mostOverflow = 0, checked = 0, withSleepers = 0;
        for (int step = 0; step < 400; step++) {
            // Who is awake as the step begins decides which joints it solves.
            boolean[] awakeBefore = state.bodies.awake.clone();
            world.step();
            JointSolver joints = state.solver.jointSolver();
            BodyStore b = state.bodies;
            JointStore js = state.joints;
            int colours = joints.colourCount();
            mostColours = Math.max(mostColours, colours);
            for (int colour = 0; colour < colours; colour++) {
                Set<Integer> moved = new HashSet<>();
                int last = -1;
                for (int n = joints.colourStart(colour); n < joints.colourStart(colour + 1); n++) {
                    int j = joints.activeJoint(n);
                    for (int body : new int[] {js.bodyA[j], js.bodyB[j]}) {
                        if (b.type[body] == BodyStore.DYNAMIC) {
                            assertTrue(moved.add(body), "step " + step + ": colour " + colour + " moves body " + body + " twice");
                        }
                    }
                    assertTrue(j > last, "step " + step + ": joint order within colour " + colour);
                    last = j;
                }
            }
            mostOverflow = Math.max(mostOverflow, joints.count() - joints.colourStart(colours));
            Set<Integer> solved = new HashSet<>();
            for (int n = 0; n < joints.count(); n++) {
                assertTrue(solved.add(joints.activeJoint(n)), "step " + step + ": joint solved twice");
            }
            int expected = 0;
            boolean sleepers = false;
            for (int j = 0; j < js.highWater; j++) {
                if (!js.acting(j)) {
                    continue;
                }
                int a = js.bodyA[j], d = js.bodyB[j];
                boolean awake = b.type[a] == BodyStore.DYNAMIC && awakeBefore[a] || b.type[d] == BodyStore.DYNAMIC && awakeBefore[d];
                if (awake) {
                    expected++;
                    assertTrue(solved.contains(j), "step " + step + ": acting joint " + j + " not solved");
                } else {
                    sleepers = true;
                    assertTrue(!solved.contains(j), "step " + step + ": sleeping joint " + j + " solved");
                }
            }
            withSleepers += sleepers ? 1 : 0;
            assertEquals(expected, joints.count(), "step " + step);
            checked++;
        }
        assertEquals(400, checked);
        assertTrue(mostColours >= 2 && mostColours <= ConstraintColouring.MAX_COLOURS, "colours: " + mostColours);
        // 30 spokes on one hub, 24 colours: six go to the overflow.
        assertEquals(30 - ConstraintColouring.MAX_COLOURS, mostOverflow, "overflow");
        assertTrue(withSleepers > 0, "some joints fell asleep with their bodies");
    }
}
