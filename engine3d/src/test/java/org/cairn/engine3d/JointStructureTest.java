package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Structures made of joints: a hanging chain, a welded cantilever, and how joints tie bodies into islands. */
class JointStructureTest {
    private static BodyId box(World world, double x, double y, double hx, double hy, double hz, double density) {
        BodyId b = world.createBody(BodyDef.builder().position(x, y, 0).build());
        world.createShape(b, ShapeDef.builder().density(density).build(), new Box(hx, hy, hz));
        return b;
    }

    /**
     * 30 links of 0.5 m (10 kg rods) on ball joints under a static anchor, a 300 kg block at the
     * end, 60 Hz and 4 substeps. The joints form a tree, solved exactly (JointTree): under uniform
     * gravity the soft step's steady state has no stretch but the top joint's g/ω² (7e-5 m at
     * ω = 2π·60 Hz), where one joint at a time each joint held the load below it like a spring of
     * its own light link's m·ω² (1.243 % of the length). Measured: 7.5e-5 m (0.0005 %) after 10 s
     * and after 60 s alike, the block still to 1e-40 m/s.
     */
    @Test
    void aChainOfThirtyLinksHoldsAThirtyTimesHeavierWeightWithoutStretchingAndStaysStill() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        double top = 20, link = 0.5;
        BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, top, 0).build());
        for (int i = 0; i < 30; i++) {
            BodyId next = box(world, 0, top - (i + 0.5) * link, 0.05, link / 2, 0.05, 2000);
            world.createJoint(JointDef.builder(JointKind.BALL, previous, next).anchor(0, top - i * link, 0).build());
            previous = next;
        }
        double linkMass = world.mass(previous);
        BodyId weight = box(world, 0, top - 30 * link - 0.25, 0.25, 0.25, 0.25, 30 * linkMass / 0.125);
        world.createJoint(JointDef.builder(JointKind.BALL, previous, weight).anchor(0, top - 30 * link, 0).build());
        Vector3d p = new Vector3d(), v = new Vector3d();
        double stretchAt10 = 0, fastest = 0;
        for (int s = 1; s <= 3600; s++) {
            world.step();
            if (s == 600) {
                stretchAt10 = top - (world.position(weight, p).y + 0.25) - 15;
            }
            fastest = Math.max(fastest, world.linearVelocity(weight, v).length());
        }
        double stretch = top - (world.position(weight, p).y + 0.25) - 15;
        double topJoint = 9.81 / Math.pow(2 * Math.PI * 60, 2);
        assertTrue(stretch > 0 && stretch < 3 * topJoint, "stretch " + stretch + " m, " + 100 * stretch / 15 + " % of the length");
        assertEquals(stretchAt10, stretch, 1e-9, "the stretch after 10 s and after 60 s");
        assertTrue(fastest < 1e-6, "the weight moved at up to " + fastest + " m/s");
        assertEquals(0, p.x, 1e-9);
    }

    /**
     * Ten 0.5 m boxes (10 kg each) welded end to end out of a wall: a tree of rigid welds, solved
     * exactly, holds the beam straight. Measured: the tip 0.07 mm low, still to 1e-40 m/s after
     * 10 s (one weld at a time, ten boxes sagged a metre and swung for seconds; five sagged 94 mm).
     */
    @Test
    void aWeldedCantileverOfTenBoxesHoldsStraightAndComesToRest() {
        Vector3d tip = new Vector3d();
        double speed = cantilever(0, 0, 600, tip);
        assertTrue(5 - tip.y < 3e-4, "the tip dropped " + (5 - tip.y) + " m");
        assertTrue(speed < 1e-6, "the tip still moves at " + speed + " m/s");
    }

    /**
     * The same beam with soft welds (60 Hz, damping ratio 20, linear and angular): a spring in
     * every weld, so the beam bends under its weight and settles bent. Measured: the tip 1.517 m
     * low after 30 s and moving at 2e-4 m/s; softer welds sag further (30 Hz: over 3 m).
     */
    @Test
    void aSoftlyWeldedCantileverOfTenBoxesBendsAndSettles() {
        Vector3d tip = new Vector3d();
        double speed = cantilever(60, 20, 1800, tip);
        double drop = 5 - tip.y;
        assertTrue(drop > 1.0 && drop < 2.0, "the tip dropped " + drop + " m");
        assertTrue(speed < 1e-3, "the tip still moves at " + speed + " m/s");
    }

    /**
     * Welds softened beyond what the step can hold (1000 Hz at 4 substeps of 60 Hz) are capped at
     * a quarter of the substep rate, as a joint's stiffness is, so the beam is the 60 Hz beam to
     * the bit and settles; uncapped it was shaken apart (at 240 Hz it moved at 196 m/s after 30 s).
     */
    @Test
    void weldsSoftenedBeyondWhatTheStepHoldsAreCappedNotShakenApart() {
        Vector3d stiff = new Vector3d(), capped = new Vector3d();
        double speed = cantilever(1000, 20, 1800, stiff);
        cantilever(60, 20, 1800, capped);
        assertEquals(capped, stiff, "the 1000 Hz beam is the 60 Hz beam");
        assertTrue(speed < 1e-3, "the tip still moves at " + speed + " m/s");
    }

    /** Ten welded boxes out of a wall at (0, 5, 0); after {@code steps}, the tip box's centre into tip, and its speed. */
    private static double cantilever(double hertz, double dampingRatio, int steps, Vector3d tip) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 5, 0).build());
        BodyId last = null;
        for (int i = 0; i < 10; i++) {
            last = box(world, 0.5 * i + 0.25, 5, 0.25, 0.1, 0.1, 500);
            world.createJoint(JointDef.builder(JointKind.FIXED, previous, last).anchor(0.5 * i, 5, 0)
                    .linearSoftness(hertz, dampingRatio).angularSoftness(hertz, dampingRatio).build());
            previous = last;
        }
        for (int s = 0; s < steps; s++) {
            world.step();
        }
        world.position(last, tip);
        return world.linearVelocity(last, new Vector3d()).length();
    }

    /** A chain falls asleep as one island, and touching its last link wakes the whole chain. */
    @Test
    void aChainSleepsAndWakesAsOne() {
        World world = new World();
        BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 10, 0).build());
        BodyId[] links = new BodyId[5];
        for (int i = 0; i < 5; i++) {
            links[i] = box(world, 0, 10 - (i + 0.5), 0.05, 0.5, 0.05, 1000);
            world.createJoint(JointDef.builder(JointKind.BALL, previous, links[i]).anchor(0, 10 - i, 0).build());
            previous = links[i];
        }
        for (int s = 0; s < 300; s++) {
            world.step();
        }
        for (BodyId link : links) {
            assertFalse(world.isAwake(link), "every link sleeps");
        }
        world.applyLinearImpulseToCenter(links[4], new Vector3d(1, 0, 0));
        world.step();
        for (BodyId link : links) {
            assertTrue(world.isAwake(link), "the push on the last link wakes the first");
        }
    }

    /** Two pendulums on one static pivot body are separate islands: one at rest sleeps while the other swings. */
    @Test
    void aJointToAStaticBodyJoinsNoIslands() {
        World world = new World();
        BodyId pivot = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 10, 0).build());
        BodyId still = box(world, 0, 9, 0.1, 0.1, 0.1, 1000);
        BodyId swinging = box(world, 3, 9, 0.1, 0.1, 0.1, 1000);
        world.createJoint(JointDef.builder(JointKind.DISTANCE, pivot, still).anchors(0, 10, 0, 0, 9, 0).build());
        world.createJoint(JointDef.builder(JointKind.DISTANCE, pivot, swinging).anchors(0, 10, 0, 3, 9, 0).build());
        for (int s = 0; s < 120; s++) {
            world.step();
        }
        assertFalse(world.isAwake(still), "the hanging one sleeps");
        assertTrue(world.isAwake(swinging), "the swinging one is awake");
    }

    /** Jointed bodies do not collide unless asked to; destroying a body destroys its joints. */
    @Test
    void jointedBodiesDoNotCollideAndDieWithTheirBodies() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId a = box(world, 0, 5, 0.5, 0.5, 0.5, 1000);
        BodyId b = box(world, 0.9, 5, 0.5, 0.5, 0.5, 1000);
        JointId joint = world.createJoint(JointDef.builder(JointKind.BALL, a, b).anchor(0.45, 5, 0).build());
        for (int s = 0; s < 10; s++) {
            world.step();
            assertEquals(0, world.contacts().count(), "overlapping jointed boxes make no contact");
        }
        world.destroyBody(b);
        assertFalse(world.isValid(joint));
        assertThrows(IllegalArgumentException.class, () -> world.joints().coordinate(joint));
    }

    /** Bad definitions are refused with the parameter named, and leave the world as it was. */
    @Test
    void badJointsAreRefusedByName() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        BodyId body = box(world, 0, 1, 0.5, 0.5, 0.5, 1000);
        assertMessage("a DYNAMIC body", () -> world.createJoint(JointDef.builder(JointKind.BALL, ground, wall).build()));
        assertMessage("must differ", () -> JointDef.builder(JointKind.BALL, body, body));
        assertMessage("lower must not exceed upper", () -> JointDef.builder(JointKind.HINGE, ground, body).limits(1, -1));
        assertMessage("lower must be in", () -> world.createJoint(JointDef.builder(JointKind.HINGE, ground, body)
                .limits(-4, 0).build()));
        assertMessage("axis must have", () -> JointDef.builder(JointKind.HINGE, ground, body).axis(0, 0, 0));
        assertMessage("spring hertz", () -> JointDef.builder(JointKind.HINGE, ground, body).spring(-1, 1, 0));
        assertEquals(0, world.joints().count(), "nothing was created");
        World other = new World();
        BodyId stranger = other.createBody(BodyDef.DEFAULTS);
        assertMessage("another world", () -> world.createJoint(JointDef.builder(JointKind.BALL, ground, stranger).build()));
        JointId id = other.createJoint(JointDef.builder(JointKind.BALL, other.createBody(BodyDef.builder()
                .type(BodyType.STATIC).build()), stranger).build());
        assertMessage("another world", () -> world.joints().isBroken(id));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
