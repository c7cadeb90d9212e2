package org.cairn.engine3d.internal.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.junit.jupiter.api.Test;

/** Persistent islands: merged by touches, split only on demand, woken as a whole. */
class IslandsTest {
    private static List<Integer> members(Islands islands, int id) {
        List<Integer> out = new ArrayList<>();
        for (int i = islands.head(id); i != Islands.NONE; i = islands.next(i)) {
            out.add(i);
        }
        return out;
    }

    @Test
    void touchesMergeTheSmallerIslandIntoTheLarger() {
        Islands islands = new Islands();
        for (int i = 0; i < 5; i++) {
            islands.add(i);
        }
        assertEquals(5, islands.count());
        islands.link(0, 1);
        islands.link(1, 2);
        islands.link(3, 4);
        assertEquals(2, islands.count());
        islands.link(4, 2);
        assertEquals(1, islands.count());
        int id = islands.islandOf(0);
        for (int i = 0; i < 5; i++) {
            assertEquals(id, islands.islandOf(i));
        }
        assertEquals(List.of(0, 1, 2, 3, 4), members(islands, id), "the larger list first, the smaller appended");
        assertEquals(5, islands.size(id));
        assertEquals(1, islands.awakeCount());
    }

    @Test
    void anIslandSplitsIntoWhatItsContactsStillJoin() {
        Islands islands = new Islands();
        ContactStore cs = new ContactStore();
        int[] shapeBody = {0, 1, 2, 3};
        for (int i = 0; i < 4; i++) {
            islands.add(i);
        }
        // 0–1 and 2–3 touch; 1–2 touched once and no longer does.
        touching(cs, 0, 1);
        touching(cs, 2, 3);
        islands.link(0, 1);
        islands.link(2, 3);
        islands.link(1, 2);
        islands.unlinked(1, 2);
        int id = islands.islandOf(0);
        assertEquals(1, islands.removedContacts(id));
        int parts = islands.split(id, cs, shapeBody);
        assertEquals(2, parts);
        assertEquals(id, islands.part(0), "the first group keeps the id");
        assertEquals(List.of(0, 1), members(islands, islands.part(0)));
        assertEquals(List.of(2, 3), members(islands, islands.part(1)));
        assertEquals(0, islands.removedContacts(islands.part(0)));
        assertEquals(2, islands.awakeCount(), "both parts stay awake");
    }

    @Test
    void wakingOneBodyWakesItsWholeIslandAndNothingElse() {
        Islands islands = new Islands();
        BodyStore b = new BodyStore(4);
        for (int i = 0; i < 3; i++) {
            int body = b.allocate();
            islands.add(body);
        }
        islands.link(0, 1);
        int joined = islands.islandOf(0), alone = islands.islandOf(2);
        assertNotEquals(joined, alone);
        for (int i = 0; i < 3; i++) {
            b.awake[i] = false;
        }
        islands.setAwake(joined, false);
        islands.setAwake(alone, false);
        assertEquals(0, islands.awakeCount());
        islands.wake(b, 1);
        assertTrue(b.awake[0] && b.awake[1]);
        assertFalse(b.awake[2]);
        assertTrue(islands.isAwake(joined));
        assertEquals(1, islands.awakeCount());
    }

    @Test
    void removingABodyUnlinksItAndCountsItsContactsAsGone() {
        Islands islands = new Islands();
        for (int i = 0; i < 3; i++) {
            islands.add(i);
        }
        islands.link(0, 1);
        islands.link(1, 2);
        int id = islands.islandOf(0);
        islands.remove(1);
        assertEquals(Islands.NONE, islands.islandOf(1));
        assertEquals(List.of(0, 2), members(islands, id));
        assertEquals(1, islands.removedContacts(id));
        islands.remove(0);
        islands.remove(2);
        assertEquals(0, islands.count(), "an emptied island is freed");
        assertEquals(0, islands.awakeCount());
    }

    private static void touching(ContactStore cs, int shapeA, int shapeB) {
        int c = cs.create(shapeA, shapeB, 0.5, 0, 0);
        Manifold m = new Manifold();
        m.normal(0, 1, 0);
        m.add(0, 0, 0, 0, 1);
        cs.update(c, m, 0, 0, 0, 0, 0, 0);
        assertTrue(cs.touching[c]);
    }
}
