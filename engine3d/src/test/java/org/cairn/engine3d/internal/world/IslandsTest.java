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
        int parts = islands.split(id, cs);
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

    /**
     * Islands stay consistent through a busy world: boxes dropped in a pile, and every few steps one
     * destroyed, one created, one pushed, one disabled or enabled and one made kinematic or dynamic,
     * for 900 steps; checked after every step, and whenever nothing sleeps, the contacts a step
     * takes as active (all of them) are those the active bodies' contact edges give.
     */
    @Test
    void islandsStayConsistentWhileBodiesComeGoAndSleep() throws ReflectiveOperationException {
        org.cairn.engine3d.World world = new org.cairn.engine3d.World();
        WorldState state = WorldStates.of(world);
        org.cairn.engine3d.BodyId ground = world.createBody(org.cairn.engine3d.BodyDef.builder()
                .type(org.cairn.engine3d.BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, org.cairn.engine3d.ShapeDef.DEFAULTS, new org.cairn.engine3d.geometry.Box(20, 0.5, 20));
        java.util.Random random = new java.util.Random(3);
        List<org.cairn.engine3d.BodyId> boxes = new ArrayList<>();
        int slept = 0, awakeChecks = 0;
        for (int step = 0; step < 900; step++) {
            if (step % 15 == 0 && step < 600) {
                org.cairn.engine3d.BodyId box = world.createBody(org.cairn.engine3d.BodyDef.builder()
                        .position(random.nextDouble() * 2, 0.5 + 2 * random.nextDouble(), random.nextDouble() * 2).build());
                world.createShape(box, org.cairn.engine3d.ShapeDef.DEFAULTS,
                        new org.cairn.engine3d.geometry.Box(0.3, 0.3, 0.3));
                boxes.add(box);
            }
            if (step % 45 == 30 && boxes.size() > 3) {
                world.destroyBody(boxes.remove(random.nextInt(boxes.size())));
            }
            if (step % 60 == 50 && !boxes.isEmpty()) {
                world.applyLinearImpulseToCenter(boxes.get(random.nextInt(boxes.size())),
                        new org.joml.Vector3d(0, 0, 50 * random.nextDouble()));
            }
            if (step % 70 == 20 && boxes.size() > 4) {
                org.cairn.engine3d.BodyId box = boxes.get(random.nextInt(boxes.size()));
                world.setEnabled(box, !world.isEnabled(box));
            }
            if (step % 90 == 40 && boxes.size() > 4) {
                org.cairn.engine3d.BodyId box = boxes.get(random.nextInt(boxes.size()));
                if (world.isEnabled(box)) {
                    world.setType(box, step % 180 == 40 ? org.cairn.engine3d.BodyType.KINEMATIC
                            : org.cairn.engine3d.BodyType.DYNAMIC);
                }
            }
            world.step();
            if (state.islands.awakeCount() == state.islands.count()) {
                int active = state.collectActiveBodies();
                int[] all = java.util.Arrays.copyOf(state.contactList, state.gatherActiveContacts(active));
                int[] walked = java.util.Arrays.copyOf(state.contactList, state.gatherByEdges(state.activeBodies, active));
                assertEquals(state.contacts.count, all.length);
                assertEquals(java.util.Arrays.toString(walked), java.util.Arrays.toString(all),
                        "with nothing asleep, every contact is an active body's, after step " + step);
                awakeChecks++;
            }
            String broken = state.islands.check(state.bodies, state.contacts, state.shapes.body);
            assertEquals(null, broken, "after step " + step);
            assertEquals(null, state.contacts.checkEdges(state.bodies.highWater), "contact lists after step " + step);
            slept += state.islands.awakeCount() < state.islands.count() ? 1 : 0;
        }
        assertTrue(slept > 100, "some islands slept: " + slept + " steps with one asleep");
        assertTrue(awakeChecks > 100, "steps with nothing asleep: " + awakeChecks);
    }

    /**
     * Sleeping costs nothing per contact: once 400 boxes resting apart on a slab (400 contacts)
     * are asleep, a step visits none of their contacts; awake, a step visits each of them twice
     * (collide, then the solver's choice of constraints).
     */
    @Test
    void aStepOfASleepingWorldVisitsNoContact() throws Exception {
        org.cairn.engine3d.World world = new org.cairn.engine3d.World();
        org.cairn.engine3d.BodyId ground = world.createBody(org.cairn.engine3d.BodyDef.builder()
                .type(org.cairn.engine3d.BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, org.cairn.engine3d.ShapeDef.DEFAULTS, new org.cairn.engine3d.geometry.Box(50, 0.5, 50));
        for (int i = 0; i < 400; i++) {
            org.cairn.engine3d.BodyId box = world.createBody(org.cairn.engine3d.BodyDef.builder()
                    .position(-40 + 4 * (i % 20), 0.5, -40 + 4 * (i / 20)).build());
            world.createShape(box, org.cairn.engine3d.ShapeDef.DEFAULTS, new org.cairn.engine3d.geometry.Box(0.5, 0.5, 0.5));
        }
        WorldState state = WorldStates.of(world);
        world.step();
        long before = state.contactsVisited;
        world.step();
        assertEquals(400, state.contacts.count);
        assertEquals(800, state.contactsVisited - before, "awake: every contact, in collide and in the solver");
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        assertEquals(0, world.awakeBodyCount(), "asleep");
        before = state.contactsVisited;
        world.step();
        assertEquals(0, state.contactsVisited - before, "asleep: no contact visited");
        assertEquals(400, state.contacts.count, "the sleeping contacts are kept");
    }

    private static void touching(ContactStore cs, int shapeA, int shapeB) {
        // Shape i is on body i.
        int c = cs.create(shapeA, shapeB, shapeA, shapeB, 0.5, 0, 0);
        Manifold m = new Manifold();
        m.normal(0, 1, 0);
        m.add(0, 0, 0, 0, 1);
        cs.update(c, m, 0, 0, 0, 0, 0, 0);
        assertTrue(cs.touching[c]);
    }
}
