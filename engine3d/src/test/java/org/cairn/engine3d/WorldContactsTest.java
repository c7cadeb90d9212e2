package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Contacts inside a world: creation, persistence of feature ids, touch events and filtering. */
class WorldContactsTest {
    private static World zeroGravity() {
        return new World(WorldDef.builder().gravity(0, 0, 0).build());
    }

    private static BodyId ground(World world) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).name("ground").build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        return ground;
    }

    private static Set<Integer> ids(Contacts contacts, int i) {
        Set<Integer> ids = new TreeSet<>();
        for (int k = 0; k < contacts.pointCount(i); k++) {
            ids.add(contacts.featureId(i, k));
        }
        return ids;
    }

    @Test
    void aRestingBoxHasFourPointsWhoseIdsSurviveJitter() {
        World world = zeroGravity();
        BodyId ground = ground(world);
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.995, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        Contacts contacts = world.contacts();
        assertEquals(1, contacts.count());
        assertEquals(ground, contacts.bodyA(0));
        assertEquals(crate, contacts.bodyB(0));
        assertEquals(4, contacts.pointCount(0));
        assertEquals(new Vector3d(0, 1, 0), contacts.normal(0, new Vector3d()));
        for (int k = 0; k < 4; k++) {
            assertEquals(-0.005, contacts.separation(0, k), 1e-9);
        }
        Set<Integer> first = ids(contacts, 0);
        Random random = new Random(1);
        for (int step = 0; step < 600; step++) {
            world.setTransform(crate, new Vector3d(random.nextGaussian() * 1e-3, 0.995 + random.nextGaussian() * 5e-4,
                    random.nextGaussian() * 1e-3), new Quaterniond().rotateXYZ(random.nextGaussian() * 2e-3,
                    random.nextGaussian() * 1e-2, random.nextGaussian() * 2e-3));
            world.step();
            assertEquals(1, contacts.count());
            assertEquals(4, contacts.pointCount(0), "step " + step);
            assertEquals(first, ids(contacts, 0), "step " + step);
        }
    }

    @Test
    void touchBeginsWhenABallLandsAndEndsWhenItLeaves() {
        World world = zeroGravity();
        ground(world);
        BodyId ball = world.createBody(BodyDef.builder().position(0, 2, 0).linearVelocity(0, -6, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.25));
        int begins = 0, ends = 0;
        int firstBegin = -1, firstEnd = -1;
        for (int step = 1; step <= 80; step++) {
            if (step == 40) {
                world.setLinearVelocity(ball, new Vector3d(0, 6, 0));
            }
            world.step();
            ContactEvents events = world.contactEvents();
            if (events.beginCount() > 0 && firstBegin < 0) {
                firstBegin = step;
            }
            if (events.endCount() > 0 && firstEnd < 0) {
                firstEnd = step;
                // The end event names the same pair of shapes and bodies as the begin event did.
                assertEquals(world.body(events.endShapeB(0)), ball);
                assertEquals(ball, events.endBodyB(0));
                assertEquals(0, events.endShapeA(0).index(), "the ground's shape");
            }
            begins += events.beginCount();
            ends += events.endCount();
        }
        assertEquals(1, begins);
        assertEquals(1, ends);
        // The ball's bottom, 1.75 m above the slab at 6 m/s, comes within the speculative distance
        // after about 12 steps; sent back up at step 40, it leaves within a step or two.
        assertTrue(firstBegin >= 10 && firstBegin <= 14, "begin at step " + firstBegin);
        assertTrue(firstEnd >= 40 && firstEnd <= 42, "end at step " + firstEnd);
    }

    @Test
    void filtersDecideWhichPairsCollide() {
        World world = zeroGravity();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(ground, ShapeDef.builder().filter(0b01, -1L, 0).build(), new Box(5, 0.5, 5));
        BodyId ignoresGround = box(world, -3, ShapeDef.builder().filter(0b10, 0b10, 0).build());
        BodyId hitsGround = box(world, 0, ShapeDef.builder().filter(0b10, 0b01, 0).build());
        world.step();
        assertEquals(1, world.contacts().count());
        assertEquals(hitsGround, world.contacts().bodyB(0));

        // A shared negative group never collides; a shared positive group always does.
        World grouped = zeroGravity();
        BodyId a = box(grouped, 0, ShapeDef.builder().filter(1, 1, -7).build());
        BodyId b = grouped.createBody(BodyDef.builder().position(0.9, 0.995, 0).build());
        grouped.createShape(b, ShapeDef.builder().filter(1, 1, -7).build(), new Box(0.5, 0.5, 0.5));
        grouped.step();
        assertEquals(0, grouped.contacts().count(), "negative group");
        World friends = zeroGravity();
        box(friends, 0, ShapeDef.builder().filter(1, 0, 3).build());
        BodyId d = friends.createBody(BodyDef.builder().position(0.9, 0.995, 0).build());
        friends.createShape(d, ShapeDef.builder().filter(2, 0, 3).build(), new Box(0.5, 0.5, 0.5));
        friends.step();
        assertEquals(1, friends.contacts().count(), "positive group overrides the masks");
        assertTrue(world.isValid(ignoresGround) && grouped.isValid(a));
    }

    private static BodyId box(World world, double x, ShapeDef def) {
        BodyId body = world.createBody(BodyDef.builder().position(x, 0.995, 0).build());
        world.createShape(body, def, new Box(0.5, 0.5, 0.5));
        return body;
    }

    @Test
    void shapesOfOneBodyAndPairsOfNonDynamicBodiesNeverCollide() {
        World world = zeroGravity();
        BodyId compound = world.createBody(BodyDef.DEFAULTS);
        world.createShape(compound, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.createShape(compound, ShapeDef.builder().localPosition(0.5, 0, 0).build(), new Sphere(0.5));
        BodyId platform = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).position(0, -5, 0).build());
        world.createShape(platform, ShapeDef.DEFAULTS, new Box(2, 0.5, 2));
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -5.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(2, 0.5, 2));
        world.step();
        assertEquals(0, world.contacts().count());
    }

    @Test
    void excludingAPairEndsItsContact() {
        World world = zeroGravity();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        ShapeId slab = world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.995, 0).build());
        ShapeId cube = world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        assertEquals(1, world.contacts().count());
        world.setPairExcluded(cube, slab, true);
        world.step();
        assertEquals(0, world.contacts().count());
        world.setPairExcluded(slab, cube, false);
        world.setTransform(crate, new Vector3d(0, 0.995, 0), new Quaterniond());
        world.step();
        assertEquals(1, world.contacts().count(), "allowed again once the pair is found anew");
    }

    @Test
    void destroyingABodyEndsItsContacts() {
        World world = zeroGravity();
        ground(world);
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.995, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        world.step();
        assertEquals(1, world.contacts().count());
        world.destroyBody(crate);
        assertEquals(0, world.contacts().count());
        world.step();
        assertEquals(0, world.contacts().count());
    }
}
