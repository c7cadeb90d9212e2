package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.internal.world.WorldState;
import org.cairn.engine3d.internal.world.WorldStates;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A world whose constraints fall into independent blocks (five separate pyramids, a bouncy box and
 * ball falling onto two of them, a row of bouncy balls struck on the ground, bodies in free flight) is stepped block by block through the substeps: every body
 * ends each step exactly, bit for bit, where the colour-by-colour substeps over the whole world
 * leave it, on one worker and on three; so does a kinematic beam sweeping into two pyramids (it
 * joins them into one block, and moves through the substeps with it).
 */
class SolverBlocksTest {

    /** Five pyramids of base 12 in a row (three blocks, SolverBlocks.TARGET_CONSTRAINTS), a box dropped onto the second, a ball and a box in flight. */
    private static World scene(int workers, boolean kinematic, List<BodyId> bodies) {
        World world = new World(WorldDef.builder().sleeping(false).workerCount(workers).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(40, 0.5, 40));
        int base = 12;
        for (int p = 0; p < 5; p++) {
            for (int row = 0; row < base; row++) {
                for (int i = 0; i < base - row; i++) {
                    BodyId box = world.createBody(BodyDef.builder()
                            .position(16 * p + i - (base - row - 1) / 2.0 + 0.01 * row, 0.5 + row, 0.02 * p).build());
                    world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
                    bodies.add(box);
                }
            }
        }
        BodyId dropped = world.createBody(BodyDef.builder().position(16.3, 14, 0.1).angularVelocity(0.5, 1, 0.2).build());
        world.createShape(dropped, ShapeDef.builder().restitution(0.5).build(), new Box(0.4, 0.3, 0.5));
        bodies.add(dropped);
        // Bouncy balls: one dropped on the fourth pyramid, two in a row on the ground struck by a
        // third (impacts resolved pass after pass within their block).
        BodyId bouncing = world.createBody(BodyDef.builder().position(48.2, 16, 0.3).build());
        world.createShape(bouncing, ShapeDef.builder().restitution(0.8).build(), new Sphere(0.4));
        bodies.add(bouncing);
        for (int i = 0; i < 3; i++) {
            BodyId ball = world.createBody(BodyDef.builder().position(-8 + 0.6 * i - (i == 0 ? 1 : 0), 0.3, 6)
                    .linearVelocity(i == 0 ? 3 : 0, 0, 0).build());
            world.createShape(ball, ShapeDef.builder().restitution(1).friction(0).build(), new Sphere(0.3));
            bodies.add(ball);
        }
        BodyId ball = world.createBody(BodyDef.builder().position(-10, 20, 5).linearVelocity(1, 3, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.3));
        bodies.add(ball);
        BodyId flying = world.createBody(BodyDef.builder().position(30, 30, -5).angularVelocity(3, 1, -2).build());
        world.createShape(flying, ShapeDef.DEFAULTS, new Box(0.2, 0.5, 0.8));
        bodies.add(flying);
        if (kinematic) {
            // A beam between the second and third pyramids (in two blocks but for it), sweeping
            // into the feet of both.
            BodyId sweeper = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).position(24, 0.3, -1.5)
                    .linearVelocity(0, 0, 0.8).angularVelocity(0, 0.02, 0).build());
            world.createShape(sweeper, ShapeDef.DEFAULTS, new Box(4.5, 0.3, 0.3));
            bodies.add(sweeper);
        }
        return world;
    }

    @Test
    void blocksThroughTheSubstepsEndEveryStepWhereTheColourPassesDo() throws ReflectiveOperationException {
        for (int workers : new int[] {1, 3}) {
            List<BodyId> a = new ArrayList<>(), b = new ArrayList<>();
            World blocks = scene(workers, false, a), colours = scene(workers, false, b);
            WorldStates.of(colours).solver.solveInBlocks = false;
            int stepsInBlocks = 0;
            for (int step = 0; step < 240; step++) {
                blocks.step();
                colours.step();
                if (WorldStates.of(blocks).solver.blocks().count() > 1) {
                    stepsInBlocks++;
                }
                assertEquals(1, WorldStates.of(colours).solver.blocks().count());
                assertSame(blocks, a, colours, b, workers + " workers, step " + step);
            }
            // The dropped box joins the second pyramid's block; the pyramids stay apart throughout.
            assertEquals(240, stepsInBlocks, workers + " workers");
        }
    }

    @Test
    void aKinematicBodyMovesWithTheBlockItTouches() throws ReflectiveOperationException {
        List<BodyId> a = new ArrayList<>(), b = new ArrayList<>();
        World blocks = scene(1, true, a), colours = scene(1, true, b);
        WorldStates.of(colours).solver.solveInBlocks = false;
        int stepsTouching = 0;
        for (int step = 0; step < 150; step++) {
            blocks.step();
            colours.step();
            WorldState s = WorldStates.of(blocks);
            boolean touching = false;
            ContactConstraints c = s.solver.constraints();
            for (int k = 0; k < c.count; k++) {
                touching |= s.bodies.type[c.bodyA[k]] == org.cairn.engine3d.internal.body.BodyStore.KINEMATIC
                        || s.bodies.type[c.bodyB[k]] == org.cairn.engine3d.internal.body.BodyStore.KINEMATIC;
            }
            if (touching) {
                stepsTouching++;
                assertTrue(s.solver.blocks().count() > 1, "step " + step);
            }
            assertSame(blocks, a, colours, b, "step " + step);
        }
        assertTrue(stepsTouching > 50, "the kinematic box sweeps into the third pyramid: " + stepsTouching + " steps");
    }

    private static void assertSame(World x, List<BodyId> xs, World y, List<BodyId> ys, String what) {
        Vector3d p = new Vector3d(), q = new Vector3d();
        Quaterniond r = new Quaterniond(), t = new Quaterniond();
        for (int i = 0; i < xs.size(); i++) {
            assertEquals(y.position(ys.get(i), q), x.position(xs.get(i), p), what + ", body " + i + " position");
            assertEquals(y.rotation(ys.get(i), t), x.rotation(xs.get(i), r), what + ", body " + i + " rotation");
            assertEquals(y.linearVelocity(ys.get(i), q), x.linearVelocity(xs.get(i), p), what + ", body " + i + " velocity");
            assertEquals(y.angularVelocity(ys.get(i), q), x.angularVelocity(xs.get(i), p), what + ", body " + i + " spin");
        }
    }
}
