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
import org.cairn.engine3d.internal.world.WorldStates;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A contact whose manifold was recycled (same anchors, same normal) between bodies whose inverse
 * mass and inertia cannot have changed (cubes and spheres, whose world inertia is their local one,
 * or static bodies) takes its points' normal masses and its block's K and K⁺ from the last time it
 * was prepared. That is exactly what preparing again computes: a world that reuses them and one
 * that does not stay identical bit for bit, through a mass change, a teleport and bodies that are
 * not cubes.
 */
class MassDataReuseTest {
    private static ContactSolver solver(World world) throws ReflectiveOperationException {
        return WorldStates.of(world).solver;
    }

    /** A pyramid of cubes (base 6), a box that is not a cube on top of it, a cube beside it. */
    private static World scene(List<BodyId> bodies) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        ground(world, 20);
        int base = 6;
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                bodies.add(cube(world, i - (base - row - 1) / 2.0, 0.5 + row, 0));
            }
        }
        BodyId slab = world.createBody(BodyDef.builder().position(0, base + 0.2, 0).build());
        world.createShape(slab, ShapeDef.DEFAULTS, new Box(0.5, 0.2, 0.4));
        bodies.add(slab);
        bodies.add(cube(world, 5, 0.5, 0));
        return world;
    }

    /** A static ground whose top face is y = 0, half as wide as given, m. */
    private static void ground(World world, double half) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(half, 0.5, half));
    }

    /** A unit cube centred at (x, y, z). */
    private static BodyId cube(World world, double x, double y, double z) {
        BodyId cube = world.createBody(BodyDef.builder().position(x, y, z).build());
        world.createShape(cube, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        return cube;
    }

    @Test
    void reusingTheMassDataChangesNoBit() throws ReflectiveOperationException {
        List<BodyId> a = new ArrayList<>(), b = new ArrayList<>();
        World reusing = scene(a), computing = scene(b);
        solver(computing).preparation().reuseMassData = false;
        for (int step = 0; step < 150; step++) {
            if (step == 40) {
                // The cube beside the pyramid gains a shape: its centre of mass and inertia change.
                for (World w : new World[] {reusing, computing}) {
                    List<BodyId> ids = w == reusing ? a : b;
                    w.createShape(ids.get(ids.size() - 1), ShapeDef.DEFAULTS, new Sphere(0.3));
                }
            }
            if (step == 80) {
                // The top cube put back 3 cm to the side (beyond the recycling distance): its
                // manifolds are computed afresh.
                for (World w : new World[] {reusing, computing}) {
                    List<BodyId> ids = w == reusing ? a : b;
                    BodyId top = ids.get(ids.size() - 3);
                    Vector3d p = w.position(top, new Vector3d()).add(0.03, 0, 0);
                    w.setTransform(top, p, w.rotation(top, new Quaterniond()));
                }
            }
            if (step == 100) {
                // A cube set down on the ground far from the rest: its constraint takes a place in
                // the first colour, and every constraint laid out after it moves up one slot, its
                // kept data copied into the new slot.
                for (World w : new World[] {reusing, computing}) {
                    List<BodyId> ids = w == reusing ? a : b;
                    BodyId cube = w.createBody(BodyDef.builder().position(-5, 0.5, 0).build());
                    w.createShape(cube, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
                    ids.add(cube);
                }
            }
            reusing.step();
            computing.step();
            assertSameBodies(reusing, a, computing, b, step);
        }
        long reused = solver(reusing).count(SolverScratch.REUSED_MASS_DATA), inPlace = solver(reusing).count(SolverScratch.MASS_DATA_IN_PLACE);
        System.out.printf("kept mass data: %d constraints reused them, %d found them in their slot%n", reused, inPlace);
        // Measured: 7 794 of the 150 steps' constraints took their kept mass data, and 7 756 of
        // those found them in the slot they had the step before (the 38 the new cube moved up a
        // slot copied them in).
        assertTrue(reused > 5000, "reused " + reused);
        assertTrue(inPlace > 5000 && inPlace < reused, "in place " + inPlace);
        assertEquals(0, solver(computing).count(SolverScratch.REUSED_MASS_DATA));
    }

    /**
     * A stack of three cubes falls asleep while a cube beside it is kept sliding: the slider's
     * constraint is then the only one and takes the first slot, where the stack's first constraint
     * had its kept data. Woken, the stack's constraints return to their old slots with their kept
     * data still valid, and must copy them in again where the slider's overwrote them: every body
     * equals, bit for bit, a world's that never reuses.
     */
    @Test
    void aStackThatWakesCopiesItsKeptDataBackIntoSlotsOthersUsedMeanwhile() throws ReflectiveOperationException {
        List<BodyId> a = new ArrayList<>(), b = new ArrayList<>();
        World reusing = sleepingStack(a), computing = sleepingStack(b);
        solver(computing).preparation().reuseMassData = false;
        boolean slept = false, woken = false;
        for (int step = 0; step < 340; step++) {
            for (World w : new World[] {reusing, computing}) {
                List<BodyId> ids = w == reusing ? a : b;
                w.setLinearVelocity(ids.get(3), new Vector3d(1, w.linearVelocity(ids.get(3), new Vector3d()).y, 0));
                if (step == 300) {
                    w.setAwake(ids.get(2), true);
                }
            }
            slept |= !reusing.isAwake(a.get(0));
            woken |= step >= 300 && reusing.isAwake(a.get(0));
            reusing.step();
            computing.step();
            assertSameBodies(reusing, a, computing, b, step);
        }
        assertTrue(slept, "the stack fell asleep");
        assertTrue(woken, "and was woken");
        assertTrue(solver(reusing).count(SolverScratch.MASS_DATA_IN_PLACE) < solver(reusing).count(SolverScratch.REUSED_MASS_DATA), "some kept data copied in");
    }

    /** Every body of the reusing world has, bit for bit, the pose and velocity of its twin in the computing one. */
    private static void assertSameBodies(World reusing, List<BodyId> a, World computing, List<BodyId> b, int step) {
        for (int i = 0; i < a.size(); i++) {
            Vector3d pa = reusing.position(a.get(i), new Vector3d()), pb = computing.position(b.get(i), new Vector3d());
            Vector3d va = reusing.linearVelocity(a.get(i), new Vector3d()), vb = computing.linearVelocity(b.get(i), new Vector3d());
            Quaterniond qa = reusing.rotation(a.get(i), new Quaterniond()), qb = computing.rotation(b.get(i), new Quaterniond());
            assertEquals(pb, pa, "step " + step + ", body " + i + ": position");
            assertEquals(vb, va, "step " + step + ", body " + i + ": velocity");
            assertEquals(qb, qa, "step " + step + ", body " + i + ": rotation");
        }
    }

    /** Three cubes stacked on the ground (a[0..2], bottom first), then a cube beside them (a[3]). */
    private static World sleepingStack(List<BodyId> bodies) {
        World world = new World(WorldDef.builder().build());
        ground(world, 50);
        for (int i = 0; i < 3; i++) {
            bodies.add(cube(world, 0, 0.5 + i, 0));
        }
        bodies.add(cube(world, 3, 0.5, 0));
        return world;
    }

    /**
     * Three cubes on the ground, one constraint each, laid out in that order. The middle one is
     * lifted 3 cm (beyond the speculative distance: its constraint goes) and the last one moved
     * 3 cm aside at the same time (its manifold and kept data computed afresh, in the middle slot).
     * When the middle one lands again the last one returns to its old slot, which still holds its
     * data from before the move: it must copy its kept data in, not take the stale ones. Every
     * body equals, bit for bit, a world's that never reuses.
     */
    @Test
    void aConstraintBackInAnOldSlotTakesItsNewKeptDataNotTheSlotsOldOnes() throws ReflectiveOperationException {
        List<BodyId> a = new ArrayList<>(), b = new ArrayList<>();
        World reusing = threeCubes(a), computing = threeCubes(b);
        solver(computing).preparation().reuseMassData = false;
        int fewer = 0;
        for (int step = 0; step < 120; step++) {
            if (step == 60) {
                for (World w : new World[] {reusing, computing}) {
                    List<BodyId> ids = w == reusing ? a : b;
                    Vector3d p = w.position(ids.get(1), new Vector3d()).add(0, 0.03, 0);
                    w.setTransform(ids.get(1), p, w.rotation(ids.get(1), new Quaterniond()));
                    Vector3d q = w.position(ids.get(2), new Vector3d()).add(0.03, 0, 0);
                    w.setTransform(ids.get(2), q, w.rotation(ids.get(2), new Quaterniond()));
                }
            }
            reusing.step();
            computing.step();
            if (solver(reusing).constraints().count == 2) {
                fewer++;
            }
            assertSameBodies(reusing, a, computing, b, step);
        }
        assertTrue(fewer > 0, "the lifted cube's constraint went for a while");
        assertEquals(3, solver(reusing).constraints().count, "and came back");
    }

    private static World threeCubes(List<BodyId> bodies) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        ground(world, 20);
        for (int i = 0; i < 3; i++) {
            bodies.add(cube(world, 3 * i, 0.5, 0));
        }
        return world;
    }

    /**
     * A cube hovering 1 cm above the ground, then lifted 1.2 cm and tilted 0.5° (its manifold is
     * recycled: it moved less than 2 cm): two of its speculative points are now beyond the
     * speculative distance, where their friction weights fall below 1 and the friction centre moves.
     * Its friction data must be computed afresh, its block's kept: the constraint's arrays equal a
     * world's that never reuses, bit for bit.
     */
    @Test
    void aKeptManifoldWhoseFrictionWeightsChangeTakesItsFrictionAfresh() throws ReflectiveOperationException {
        World reusing = hovering(), computing = hovering();
        solver(computing).preparation().reuseMassData = false;
        reusing.step();
        computing.step();
        long before = solver(reusing).count(SolverScratch.REUSED_MASS_DATA);
        for (World w : new World[] {reusing, computing}) {
            BodyId cube = w.contacts().bodyB(0);
            w.setTransform(cube, new Vector3d(0, 0.5 + 0.01 + 0.012, 0), new Quaterniond().rotateX(Math.toRadians(0.5)));
            w.setLinearVelocity(cube, new Vector3d());
            w.setAngularVelocity(cube, new Vector3d());
        }
        reusing.step();
        computing.step();
        assertEquals(1, solver(reusing).count(SolverScratch.REUSED_MASS_DATA) - before, "the block's data kept");
        ContactConstraints a = solver(reusing).constraints(), b = solver(computing).constraints();
        assertEquals(1, a.count);
        assertEquals(4, a.pointCount[0]);
        boolean beyond = false;
        for (int j = 0; j < 4; j++) {
            beyond |= a.baseSeparation[j] > org.cairn.engine3d.internal.collision.narrowphase.CollisionConstants.SPECULATIVE_DISTANCE_METERS;
        }
        assertTrue(beyond, "a point beyond the speculative distance");
        for (int i = 0; i < 3; i++) {
            assertEquals(Double.doubleToRawLongBits(b.frictionAnchor[i]), Double.doubleToRawLongBits(a.frictionAnchor[i]), "centre " + i);
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(Double.doubleToRawLongBits(b.frictionMass[i]), Double.doubleToRawLongBits(a.frictionMass[i]), "friction mass " + i);
            assertEquals(Double.doubleToRawLongBits(b.twistLever[i]), Double.doubleToRawLongBits(a.twistLever[i]), "twist lever " + i);
            assertEquals(Double.doubleToRawLongBits(b.normalMass[i]), Double.doubleToRawLongBits(a.normalMass[i]), "normal mass " + i);
        }
        for (int i = 0; i < 16; i++) {
            assertEquals(Double.doubleToRawLongBits(b.blockMass[i]), Double.doubleToRawLongBits(a.blockMass[i]), "K+ " + i);
        }
    }

    private static World hovering() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId cube = world.createBody(BodyDef.builder().position(0, 0.51, 0).build());
        world.createShape(cube, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        return world;
    }

    @Test
    void bodiesThatAreNotCubesNeverReuse() throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int i = 0; i < 3; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(0, 0.2 + 0.4 * i, 0).build());
            world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.2, 0.3));
        }
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        assertEquals(3, world.contacts().count(), "a resting stack of three");
        assertEquals(0, solver(world).count(SolverScratch.REUSED_MASS_DATA), "their world inertia turns with them");
    }
}
