package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.junit.jupiter.api.Test;

/**
 * Joints do no work: a jointed mechanism without motors or springs never gains energy, whatever
 * its joints' limits and however fast they make its bodies turn. (The generated-scene campaign
 * checks this per group after every step; these are the two mechanisms it found gaining.)
 */
class JointEnergyTest {
    private static final double LINK_VOLUME = 0.4 * 0.2 * 0.2;

    private static BodyId link(World world, double x, double y, double mass) {
        BodyId b = world.createBody(BodyDef.builder().position(x, y, 0).build());
        world.createShape(b, ShapeDef.builder().density(mass / LINK_VOLUME).build(), new Box(0.2, 0.1, 0.1));
        return b;
    }

    private static double energy(World world) {
        return world.kineticEnergy() + world.potentialEnergy();
    }

    /**
     * Two boxes on distance joints, the second hung off the end of the first, which it whips into
     * spinning (at up to 50 rad/s, 48° per step). Impulses through the inverse inertia of the
     * step's start, turned that far from the body's, took it 19.6 J above its start of 477 J, at 4
     * substeps as at 64. Measured now over 20 s: at most 0.255 J above the start (what the rod's
     * stretch gives back), 418.8 J at the end.
     */
    @Test
    void aBoxWhippedIntoSpinningByADistanceJointNeverGainsEnergy() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId post = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 4, 0).build());
        BodyId first = link(world, 0.6, 4, 5.017);
        world.createJoint(JointDef.builder(JointKind.DISTANCE, post, first).anchors(0.3, 4, 0, 0.6, 4, 0).build());
        BodyId second = world.createBody(BodyDef.builder().position(1.2, 4, 0).linearVelocity(0.057, 0.625, 0.0115).build());
        world.createShape(second, ShapeDef.builder().density(7.108 / LINK_VOLUME).build(), new Box(0.2, 0.1, 0.1));
        world.createJoint(JointDef.builder(JointKind.DISTANCE, first, second).anchors(0.9, 4, 0, 1.2, 4, 0).build());
        double start = energy(world), above = 0, fastest = 0;
        org.joml.Vector3d w = new org.joml.Vector3d();
        for (int s = 1; s <= 1200; s++) {
            world.step();
            double e = energy(world);
            above = Math.max(above, e - start);
            fastest = Math.max(fastest, world.angularVelocity(first, w).length());
        }
        System.out.printf("whip: start %.3f J, end %.3f J, at most %.3g J above the start, fastest spin %.1f rad/s%n", start,
                energy(world), above, fastest);
        assertTrue(fastest > 25, "the first box spins at up to " + fastest + " rad/s");
        assertTrue(above < 1, "the energy rose " + above + " J above its start");
    }

    /**
     * Four 1 kg boxes on ball joints held out sideways from a post by 20° cone limits: they fall
     * until the cones hold them, the first joints pushed past their limits by the links below.
     * Pushed back at the joints' full rate (7 rad/s for 4° past) the chain gained 470 J of 157
     * within 7 s. With the push capped it never rises above its start (measured: highest 156.960 J,
     * the start) and, from 5 s to 20 s, no cone is passed by more than 0.007° and the chain moves
     * with at most 0.0003 J: it rests on its cones. (With each cone solved joint by joint, pushing
     * with the mass of its own two links rather than the chain's articulated mass: 0.96°, and the
     * push the relax passes left flicked the last link off its limit now and then, with up to
     * 2.75 J.)
     */
    @Test
    void aChainHeldOutByItsConeLimitsNeverGainsEnergyAndStaysOnThem() {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId previous = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 4, 0).build());
        JointId[] joints = new JointId[4];
        for (int i = 0; i < 4; i++) {
            BodyId next = link(world, 0.6 * (i + 1), 4, 1);
            joints[i] = world.createJoint(JointDef.builder(JointKind.BALL, previous, next).anchor(0.6 * i + 0.3, 4, 0).axis(0, -1, 0)
                    .cone(Math.toRadians(20)).build());
            previous = next;
        }
        double start = energy(world), highest = start, worstPast = 0, liveliest = 0;
        for (int s = 1; s <= 1200; s++) {
            world.step();
            highest = Math.max(highest, energy(world));
            if (s > 300) {
                for (JointId j : joints) {
                    worstPast = Math.max(worstPast, world.joints().swing(j) - Math.toRadians(20));
                }
                liveliest = Math.max(liveliest, world.kineticEnergy());
            }
        }
        System.out.printf("cone chain: start %.3f J, highest %.3f J, end %.3f J; after 5 s at most %.3f° past a cone,"
                + " kinetic energy at most %.3g J%n", start, highest, energy(world), Math.toDegrees(worstPast), liveliest);
        assertTrue(highest - start < 0.05, "the energy rose " + (highest - start) + " J above its start");
        assertTrue(worstPast < Math.toRadians(0.03), "a cone was passed by " + Math.toDegrees(worstPast) + "°");
        assertTrue(liveliest < 0.002, "the chain moves with " + liveliest + " J");
    }
}
