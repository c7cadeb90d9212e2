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
import org.cairn.engine3d.internal.world.WorldState;
import org.junit.jupiter.api.Test;

/**
 * The normal block's four-point path ({@code NormalBlock.solveFour}) is the general path's
 * arithmetic in locals: on the constraints of a settling pyramid whose rows touch side by side
 * (loaded manifolds, manifolds without load, points that let go), a pass of each kind, biased or
 * relaxing, closing gaps or leaving them, gives the same velocities and impulses bit for bit with
 * the four-point path as without it.
 */
class FourPointBlockTest {
    @Test
    void theFourPointPathGivesTheGeneralPathsBits() throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().sleeping(false).gravity(0, -10, 0).build());
        java.lang.reflect.Field field = World.class.getDeclaredField("state");
        field.setAccessible(true);
        ContactSolver solver = ((WorldState) field.get(world)).solver;
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        ShapeDef def = ShapeDef.builder().density(100).friction(0.6).build();
        world.createShape(ground, def, new Box(50, 1, 50));
        int base = 12;
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                BodyId box = world.createBody(BodyDef.builder().position(0.5 * (row + 1) + i - base / 2.0, row + 0.5, 0)
                        .rotation(new org.joml.Quaterniond().rotateY(0.01 * ((row * 7 + i * 3) % 5))).build());
                world.createShape(box, def, new Box(0.5, 0.5, 0.5));
            }
        }
        int compared = 0;
        for (int step = 0; step < 40; step++) {
            world.step();
            if (step % 8 != 7) {
                continue;
            }
            ContactConstraints c = solver.constraints();
            SolverBodies bodies = solver.solverBodies();
            NormalBlock block = solver.normalBlock();
            for (int pass = 0; pass < 4; pass++) {
                boolean useBias = pass < 2, closesGaps = pass % 2 == 0;
                double[] state = bodies.state.clone(), impulse = c.normalImpulse.clone(),
                        approach = c.relativeVelocity.clone(), tangent = c.frictionImpulse.clone();
                int[] pushed = c.pushedPoints.clone();
                block.fourPointPath = true;
                solver.softPass().solve(0, c.count, useBias, closesGaps, solver.scratch());
                double[] fastState = bodies.state.clone(), fastImpulse = c.normalImpulse.clone(),
                        fastTangent = c.frictionImpulse.clone(), fastApproach = c.relativeVelocity.clone();
                int[] fastPushed = c.pushedPoints.clone();
                // The same pass again from the same start, through the general path.
                System.arraycopy(state, 0, bodies.state, 0, state.length);
                System.arraycopy(impulse, 0, c.normalImpulse, 0, impulse.length);
                System.arraycopy(approach, 0, c.relativeVelocity, 0, approach.length);
                System.arraycopy(tangent, 0, c.frictionImpulse, 0, tangent.length);
                System.arraycopy(pushed, 0, c.pushedPoints, 0, pushed.length);
                block.fourPointPath = false;
                solver.softPass().solve(0, c.count, useBias, closesGaps, solver.scratch());
                block.fourPointPath = true;
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
        assertEquals(20, compared);
        assertTrue(solver.constraints().count > 2 * base * (base + 1) / 2 - base, "side contacts are among them");
    }

    private static void assertBits(double[] expected, double[] actual, int n, String what) {
        for (int i = 0; i < n; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]),
                    what + " [" + i + "]: " + expected[i] + " vs " + actual[i]);
        }
    }
}
