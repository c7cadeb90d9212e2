package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.JointDef;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.world.WorldStates;
import org.junit.jupiter.api.Test;

/**
 * Which joints {@link JointTree} solves: ball joints, hinges, sliders, rods (distance joints
 * without spring or limits) and rigid welds whose dynamic bodies form a tree with at most one
 * joint to a body that does not move; loops, a chain held at both ends, soft welds, springy or
 * limited distance joints and the other kinds stay joint by joint.
 */
class JointTreeLayoutTest {
    private final World world = new World(WorldDef.builder().sleeping(false).gravity(0, 0, 0).build());
    private final List<JointId> created = new ArrayList<>();

    private BodyId anchor(double x) {
        return world.createBody(BodyDef.builder().type(BodyType.STATIC).position(x, 0, 0).build());
    }

    private BodyId link(double x) {
        BodyId b = world.createBody(BodyDef.builder().position(x, 0, 0).build());
        world.createShape(b, ShapeDef.builder().density(100).build(), new Box(0.2, 0.1, 0.1));
        return b;
    }

    private void join(JointKind kind, BodyId a, BodyId b, double x) {
        created.add(world.createJoint(JointDef.builder(kind, a, b).anchor(x, 0, 0).build()));
    }

    /** Per created joint, in creation order: whether the tree solved it in the last step. */
    private String solvedByTree() throws ReflectiveOperationException {
        JointSolver joints = WorldStates.of(world).solver.jointSolver();
        world.step();
        StringBuilder out = new StringBuilder();
        for (JointId id : created) {
            int slot = -1;
            for (int n = 0; n < joints.count(); n++) {
                if (joints.activeJoint(n) == id.index()) {
                    slot = n;
                }
            }
            out.append(slot >= 0 && joints.tree.inTree[slot] ? 'T' : '-');
        }
        return out.toString();
    }

    @Test
    void aChainFromOneAnchorIsATree() throws ReflectiveOperationException {
        BodyId previous = anchor(0);
        for (int i = 0; i < 5; i++) {
            BodyId next = link(0.5 * i + 0.25);
            join(i % 2 == 0 ? JointKind.BALL : JointKind.HINGE, previous, next, 0.5 * i);
            previous = next;
        }
        assertEquals("TTTTT", solvedByTree());
    }

    @Test
    void aChainHeldAtBothEndsAndALoopAreNot() throws ReflectiveOperationException {
        BodyId left = anchor(0), right = anchor(2);
        BodyId a = link(0.5), b = link(1.5);
        join(JointKind.BALL, left, a, 0.25);
        join(JointKind.BALL, a, b, 1.0);
        join(JointKind.BALL, b, right, 1.75);
        BodyId p = link(5), q = link(6), r = link(7);
        join(JointKind.BALL, p, q, 5.5);
        join(JointKind.BALL, q, r, 6.5);
        join(JointKind.BALL, r, p, 6);
        assertEquals("------", solvedByTree());
    }

    @Test
    void otherKindsAndSoftWeldsSplitATree() throws ReflectiveOperationException {
        BodyId previous = anchor(0);
        BodyId a = link(0.25), b = link(0.75), c = link(1.25), d = link(1.75);
        join(JointKind.FIXED, previous, a, 0);
        created.add(world.createJoint(JointDef.builder(JointKind.DISTANCE, a, b).anchor(0.5, 0, 0)
                .spring(5, 1, 0.5).build()));
        join(JointKind.BALL, b, c, 1.0);
        created.add(world.createJoint(JointDef.builder(JointKind.FIXED, c, d).anchor(1.5, 0, 0)
                .angularSoftness(10, 1).build()));
        // The weld to the wall is a tree of one; the ball joint's bodies hang on the springy
        // distance joint and the soft weld, which the tree does not solve: a tree of one too.
        assertEquals("T-T-", solvedByTree());
    }

    /**
     * Limited chains are admitted to trees in joint order while the world's budget for their
     * limits' responses lasts (limit rows × nodes, {@link JointTree#MAX_LIMIT_RESPONSE_TOTAL}): 30
     * chains of 40 ball joints with cone and twist limits take 120 rows × 80 nodes each, so 27 fit
     * and the last 3 keep their limited joints joint by joint.
     */
    @Test
    void slidersAndRodsJoinATree() throws ReflectiveOperationException {
        BodyId previous = anchor(0);
        BodyId a = link(0.25), b = link(0.75), c = link(1.25);
        join(JointKind.SLIDER, previous, a, 0);
        join(JointKind.DISTANCE, a, b, 0.5);
        join(JointKind.HINGE, b, c, 1.0);
        assertEquals("TTT", solvedByTree());
    }

    @Test
    void limitedChainsBeyondTheBudgetKeepTheirLimitsJointByJoint() throws ReflectiveOperationException {
        int chains = 30, links = 40;
        for (int c = 0; c < chains; c++) {
            BodyId previous = anchor(0);
            for (int i = 0; i < links; i++) {
                BodyId next = world.createBody(BodyDef.builder().position(0.5 * i + 0.25, 0, 2.0 * c).build());
                world.createShape(next, ShapeDef.builder().density(100).filter(1, -1L, -1).build(), new Box(0.2, 0.1, 0.1));
                created.add(world.createJoint(JointDef.builder(JointKind.BALL, previous, next).anchor(0.5 * i, 0, 2.0 * c)
                        .axis(1, 0, 0).cone(0.5).limits(-0.3, 0.3).build()));
                previous = next;
            }
        }
        int fit = JointTree.MAX_LIMIT_RESPONSE_TOTAL / (3 * links * 2 * links);
        assertEquals(27, fit);
        assertEquals("T".repeat(fit * links) + "-".repeat((chains - fit) * links), solvedByTree());
    }
}
