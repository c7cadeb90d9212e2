package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.world.WorldStates;
import org.junit.jupiter.api.Test;

/**
 * The normal block's closed-form paths for four points and for two ({@code NormalBlock.solveFour},
 * {@code solveTwo}) are the general path's arithmetic in locals: on the constraints of a settling
 * pyramid whose rows touch side by side (loaded manifolds, manifolds without load, points that let
 * go, one at a time, until the rest push, with and without points a relax leaves out) and of a heap of tumbling boxes (edges on faces, edges
 * side by side, one point of two letting go), a pass of each kind, biased or relaxing, closing gaps or leaving them, gives the
 * same velocities and impulses bit for bit with the closed forms as without them.
 */
class ClosedFormBlockTest {
    private static final ShapeDef DEF = ShapeDef.builder().density(100).friction(0.6).build();

    private static ContactSolver solverOf(World world) throws ReflectiveOperationException {
        return WorldStates.of(world).solver;
    }

    /** Four-point blocks of the compared closed-form passes that let points go (solveFour's active set). */
    private long fourPointReleases;
    /** Of those, the blocks with points left out (a relax that leaves open gaps alone). */
    private long fourPointsLeftOut;

    private static World withGround() {
        World world = new World(WorldDef.builder().sleeping(false).gravity(0, -10, 0).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        world.createShape(ground, DEF, new Box(50, 1, 50));
        return world;
    }

    @Test
    void theFourPointPathGivesTheGeneralPathsBits() throws ReflectiveOperationException {
        World world = withGround();
        int base = 12;
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                BodyId box = world.createBody(BodyDef.builder().position(0.5 * (row + 1) + i - base / 2.0, row + 0.5, 0)
                        .rotation(new org.joml.Quaterniond().rotateY(0.01 * ((row * 7 + i * 3) % 5))).build());
                world.createShape(box, DEF, new Box(0.5, 0.5, 0.5));
            }
        }
        int compared = compareEvery(world, 8, 40, 0);
        assertEquals(20, compared);
        assertTrue(fourPointReleases > 0, "four-point manifolds letting points go are among them: " + fourPointReleases);
        assertTrue(fourPointsLeftOut > 0, "and with points a relax leaves out: " + fourPointsLeftOut);
        assertTrue(solverOf(world).constraints().count > 2 * base * (base + 1) / 2 - base, "side contacts are among them");
    }

    @Test
    void theTwoPointPathGivesTheGeneralPathsBits() throws ReflectiveOperationException {
        World world = withGround();
        // Three layers of 4 × 4 boxes, each turned differently, dropped into one heap.
        for (int layer = 0; layer < 3; layer++) {
            for (int i = 0; i < 4; i++) {
                for (int k = 0; k < 4; k++) {
                    BodyId box = world.createBody(BodyDef.builder().position(1.1 * i - 1.6 + 0.3 * layer, 1.2 * layer + 0.8,
                            1.1 * k - 1.6 - 0.2 * layer).rotation(new org.joml.Quaterniond().rotateXYZ(0.12 * i + 0.3 * layer,
                            0.19 * k, 0.23 * layer + 0.05 * i)).build());
                    world.createShape(box, DEF, new Box(0.5, 0.5, 0.5));
                }
            }
        }
        int twoPoint = 0;
        int compared = 0;
        for (int round = 0; round < 8; round++) {
            compared += compareEvery(world, 10, 10, 1.0);
            ContactConstraints c = solverOf(world).constraints();
            for (int k = 0; k < c.count; k++) {
                twoPoint += c.pointCount[k] == 2 ? 1 : 0;
            }
        }
        assertEquals(32, compared);
        assertTrue(twoPoint > 40, "two-point manifolds are among them: " + twoPoint);
    }

    /**
     * Steps the world {@code steps} times, and after every {@code every}-th step runs each kind of
     * pass twice from the same start, with and without the closed forms, comparing the bits. With
     * {@code kick} > 0 the moving bodies' velocities are first jolted by up to that much (m/s,
     * rad/s), so held points separate (both of a pair may let go) and idle ones approach. Returns how
     * many passes were compared.
     */
    private int compareEvery(World world, int every, int steps, double kick) throws ReflectiveOperationException {
        java.util.Random random = new java.util.Random(5);
        ContactSolver solver = solverOf(world);
        int compared = 0;
        for (int step = 0; step < steps; step++) {
            world.step();
            if (step % every != every - 1) {
                continue;
            }
            ContactConstraints c = solver.constraints();
            SolverBodies bodies = solver.solverBodies();
            NormalBlock block = solver.normalBlock();
            for (int e = 1; e < bodies.count && kick > 0; e++) {
                for (int i = 0; i < 6; i++) {
                    bodies.state[SolverBodies.STRIDE * e + i] += kick * (2 * random.nextDouble() - 1);
                }
            }
            for (int pass = 0; pass < 4; pass++) {
                boolean useBias = pass < 2, closesGaps = pass % 2 == 0;
                double[] state = bodies.state.clone(), impulse = c.normalImpulse.clone(),
                        approach = c.relativeVelocity.clone(), tangent = c.frictionImpulse.clone();
                int[] pushed = c.pushedPoints.clone();
                block.closedFormPaths = true;
                long releases = solver.count(SolverScratch.FOUR_RELEASED), leftOut = solver.count(SolverScratch.FOUR_FROZEN);
                solver.softPass().solve(0, c.count, useBias, closesGaps, solver.scratch());
                fourPointReleases += solver.count(SolverScratch.FOUR_RELEASED) - releases;
                fourPointsLeftOut += solver.count(SolverScratch.FOUR_FROZEN) - leftOut;
                double[] fastState = bodies.state.clone(), fastImpulse = c.normalImpulse.clone(),
                        fastTangent = c.frictionImpulse.clone(), fastApproach = c.relativeVelocity.clone();
                int[] fastPushed = c.pushedPoints.clone();
                // The same pass again from the same start, through the general path.
                System.arraycopy(state, 0, bodies.state, 0, state.length);
                System.arraycopy(impulse, 0, c.normalImpulse, 0, impulse.length);
                System.arraycopy(approach, 0, c.relativeVelocity, 0, approach.length);
                System.arraycopy(tangent, 0, c.frictionImpulse, 0, tangent.length);
                System.arraycopy(pushed, 0, c.pushedPoints, 0, pushed.length);
                block.closedFormPaths = false;
                solver.softPass().solve(0, c.count, useBias, closesGaps, solver.scratch());
                block.closedFormPaths = true;
                assertBits(fastState, bodies.state, SolverBodies.STRIDE * bodies.count, "velocities, pass " + pass);
                assertBits(fastImpulse, c.normalImpulse, ContactConstraints.P * c.count, "normal impulses, pass " + pass);
                assertBits(fastTangent, c.frictionImpulse, 3 * c.count, "friction, pass " + pass);
                assertBits(fastApproach, c.relativeVelocity, ContactConstraints.P * c.count, "approach, pass " + pass);
                for (int k = 0; k < c.count; k++) {
                    assertEquals(fastPushed[k], c.pushedPoints[k], "points that pushed, constraint " + k + ", pass " + pass);
                }
                compared++;
            }
        }
        return compared;
    }

    private static void assertBits(double[] expected, double[] actual, int n, String what) {
        for (int i = 0; i < n; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]),
                    what + " [" + i + "]: " + expected[i] + " vs " + actual[i]);
        }
    }
}
