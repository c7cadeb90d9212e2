package org.cairn.engine3d.internal.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.junit.jupiter.api.Test;

/**
 * The broadphase skips the query of a moved proxy whose shape pairs with nothing. That is exact
 * only if such a shape's filter refuses every other shape: this checks it against the filter
 * itself, pair by pair, over shapes with random layers, groups and sensor flags, and checks that
 * such shapes in a stepping world get no contact while the others do.
 */
class PairsWithNothingTest {

    /** Bits from a small set, so that empty masks and categories and matching ones all occur. */
    private static long bits(Random random) {
        long[] choices = {0L, 1L, 2L, 3L, 0xFFFFFFFFFFFFFFFFL};
        return choices[random.nextInt(choices.length)];
    }

    @Test
    void aShapeThatPairsWithNothingIsRefusedByTheFilterForEveryOtherShape() throws ReflectiveOperationException {
        Random random = new Random(41);
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        int shapes = 120;
        for (int i = 0; i < shapes; i++) {
            BodyId body = world.createBody(BodyDef.builder().type(i % 7 == 0 ? BodyType.STATIC : BodyType.DYNAMIC)
                    .position(3.0 * i, 0, 0).build());
            int group = random.nextInt(5) - 2;
            world.createShape(body, ShapeDef.builder().sensor(random.nextInt(8) == 0)
                    .filter(bits(random), bits(random), group).build(), new Box(0.5, 0.5, 0.5));
        }
        WorldState state = WorldStates.of(world);
        int nothing = 0, refusedByFilterOnly = 0;
        for (int a = 0; a < shapes; a++) {
            boolean skipped = state.pairsWithNothing(a);
            nothing += skipped ? 1 : 0;
            boolean pairsWithSome = false;
            for (int b = 0; b < shapes; b++) {
                if (a != b && state.shouldCollide(Math.min(a, b), Math.max(a, b))) {
                    pairsWithSome = true;
                    assertFalse(skipped, "shape " + a + " is skipped but pairs with shape " + b);
                }
            }
            refusedByFilterOnly += !skipped && !pairsWithSome ? 1 : 0;
        }
        // The generator gives both kinds, so the check above is not empty.
        assertTrue(nothing > 10 && nothing < shapes - 10, nothing + " of " + shapes + " pair with nothing");
        System.out.printf("pairs with nothing: %d of %d shapes (%d more refused by every pair without the shortcut)%n",
                nothing, shapes, refusedByFilterOnly);
    }

    @Test
    void boxesOnALayerThatCollidesWithNothingGetNoContactsWhileTheOthersStack() throws ReflectiveOperationException {
        // A falling column of boxes: those with an empty mask fall through the others and the
        // ground without a contact (their proxies are never queried, and the others' queries find
        // them only to be refused by the filter); the rest stack on the ground.
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        world.createShape(ground, ShapeDef.builder().build(), new Box(10, 1, 10));
        for (int i = 0; i < 20; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(0.3 * (i % 2), 0.6 + 0.9 * i, 0).build());
            ShapeDef def = i % 2 == 0 ? ShapeDef.builder().build() : ShapeDef.builder().filter(1L, 0L, 0).build();
            world.createShape(box, def, new Box(0.5, 0.5, 0.5));
        }
        WorldState state = WorldStates.of(world);
        for (int step = 0; step < 120; step++) {
            world.step();
            for (int c = 0; c < state.contacts.count; c++) {
                int a = state.contacts.shapeA[c], b = state.contacts.shapeB[c];
                assertFalse(state.pairsWithNothing(a) || state.pairsWithNothing(b),
                        "step " + step + ": a contact of shape " + a + " and shape " + b);
            }
        }
        assertEquals(10, countTouchingGround(state), "each of the ten colliding boxes is in some contact");
    }

    /** Shapes of the colliding boxes (even bodies) that are in a touching contact. */
    private static int countTouchingGround(WorldState state) {
        boolean[] touching = new boolean[64];
        for (int c = 0; c < state.contacts.count; c++) {
            if (state.contacts.touching[c]) {
                touching[state.contacts.shapeA[c]] = true;
                touching[state.contacts.shapeB[c]] = true;
            }
        }
        int n = 0;
        for (int s = 1; s < 21; s++) {
            n += touching[s] && !state.pairsWithNothing(s) ? 1 : 0;
        }
        return n;
    }
}
