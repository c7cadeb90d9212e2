package org.cairn.engine3d.internal.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.world.WorldState;
import org.cairn.engine3d.internal.world.WorldStates;
import org.junit.jupiter.api.Test;

/**
 * The constraint graph's colours, checked after every step of a busy world (a pyramid of 210 boxes
 * on a ground that every box can touch, balls thrown into it): no colour moves a dynamic body
 * twice, every touching contact of an awake dynamic body is a constraint exactly once, each
 * colour keeps its contacts in contact order, and no dynamic body is in two blocks.
 */
class ConstraintColouringTest {
    @Test
    void noColourMovesABodyTwiceAndEveryTouchingContactIsSolvedOnce() throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().sleeping(false).build());
        WorldState state = WorldStates.of(world);
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(30, 0.5, 30));
        int base = 20;
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                BodyId box = world.createBody(BodyDef.builder().position(i - (base - row - 1) / 2.0, 0.5 + row, 0).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            }
        }
        for (int k = 0; k < 6; k++) {
            BodyId ball = world.createBody(BodyDef.builder().position(-12 + k, 3 + k, 0.2 * k).linearVelocity(9, 0, 0).build());
            world.createShape(ball, ShapeDef.builder().density(4000).build(), new Sphere(0.35));
        }
        int checkedSteps = 0, mostColours = 0, mostBlocks = 0, sizesInOneColour = 0;
        for (int step = 0; step < 150; step++) {
            world.step();
            ContactSolver solver = state.solver;
            ContactConstraints c = solver.constraints();
            ConstraintColouring colouring = colouringOf(solver);
            BodyStore b = state.bodies;
            int colours = colouring.colourCount;
            mostColours = Math.max(mostColours, colours);
            // Colour by colour over the whole world (a colour's constraints may lie in several
            // blocks, SolverBlocks); within each block's share, by number of points, and in
            // contact order for each number.
            int[] start = colouring.segmentStart;
            for (int colour = 0; colour < colours; colour++) {
                Set<Integer> moved = new HashSet<>();
                for (int blk = 0; blk < colouring.blockCount; blk++) {
                    int s = blk * ConstraintColouring.SEGMENTS_PER_BLOCK + colour;
                    int lastContact = -1, lastPoints = 0;
                    for (int k = start[s]; k < start[s + 1]; k++) {
                        int points = c.pointCount[k];
                        assertTrue(points >= lastPoints, "fewer points after more within a colour");
                        if (points > lastPoints) {
                            sizesInOneColour += lastPoints > 0 ? 1 : 0;
                            lastContact = -1;
                        }
                        lastPoints = points;
                        for (int body : new int[] {c.bodyA[k], c.bodyB[k]}) {
                            if (b.type[body] == BodyStore.DYNAMIC) {
                                assertTrue(moved.add(body), "step " + step + ": colour " + colour + " moves body " + body + " twice");
                            }
                        }
                        assertTrue(c.contact[k] > lastContact, "contact order among a colour's manifolds of one size");
                        lastContact = c.contact[k];
                    }
                }
            }
            // No dynamic body in two blocks.
            java.util.Map<Integer, Integer> blockOfBody = new java.util.HashMap<>();
            mostBlocks = Math.max(mostBlocks, colouring.blockCount);
            for (int blk = 0; blk < colouring.blockCount; blk++) {
                for (int k = colouring.blockStart(blk); k < colouring.blockEnd(blk); k++) {
                    for (int body : new int[] {c.bodyA[k], c.bodyB[k]}) {
                        if (b.type[body] == BodyStore.DYNAMIC) {
                            Integer previous = blockOfBody.putIfAbsent(body, blk);
                            assertTrue(previous == null || previous == blk, "step " + step + ": body " + body + " in two blocks");
                        }
                    }
                }
            }
            Set<Integer> solved = new HashSet<>();
            for (int k = 0; k < c.count; k++) {
                assertTrue(solved.add(c.contact[k]), "contact " + c.contact[k] + " solved twice");
            }
            int expected = 0;
            for (int contact = 0; contact < state.contacts.count; contact++) {
                int ia = state.contacts.bodyA[contact], ib = state.contacts.bodyB[contact];
                boolean awakeDynamic = b.type[ia] == BodyStore.DYNAMIC && b.awake[ia]
                        || b.type[ib] == BodyStore.DYNAMIC && b.awake[ib];
                if (state.contacts.touching[contact] && awakeDynamic) {
                    expected++;
                    assertTrue(solved.contains(contact), "step " + step + ": touching contact " + contact + " not solved");
                }
            }
            assertEquals(expected, c.count);
            assertEquals(0, colouring.overflowCount(), "step " + step + ": overflow");
            checkedSteps++;
        }
        assertEquals(150, checkedSteps);
        // A pyramid's box touches at most six others and the ground: a handful of colours, no overflow.
        assertTrue(mostColours >= 3 && mostColours <= ConstraintColouring.MAX_COLOURS, "colours: " + mostColours);
        // The balls in flight and the pyramid are apart for a while: the layout had blocks.
        assertTrue(mostBlocks >= 2, "blocks: " + mostBlocks);
        // The scene mixes balls (one point) and boxes (up to four): the order by size was tested
        // (96 changes of size within a colour in 150 steps).
        assertTrue(sizesInOneColour > 30, "manifolds of two sizes in one colour's share: " + sizesInOneColour);
    }

    private static ConstraintColouring colouringOf(ContactSolver solver) throws ReflectiveOperationException {
        java.lang.reflect.Field field = ContactSolver.class.getDeclaredField("colouring");
        field.setAccessible(true);
        return (ConstraintColouring) field.get(solver);
    }
}
