package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Shape casts stop where the swept shape first touches, as the geometry says. */
class ShapeCastTest {
    private static final Quaterniond IDENTITY = new Quaterniond();

    private static World ground() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(10, 0.5, 10));
        return world;
    }

    @Test
    void aSphereCastDownStopsWithItsBottomOnTheGround() {
        World world = ground();
        QueryHit hit = new QueryHit();
        assertTrue(world.castShapeClosest(new Sphere(0.5), new Vector3d(1, 5, 2), IDENTITY, new Vector3d(0, -10, 0),
                QueryFilter.ALL, hit));
        // Closed form: the bottom (4.5 m up) meets the top face at y = 0 after 4.5 of the 10 m.
        assertEquals(0.45, hit.fraction, 1e-6);
        assertEquals(1, hit.normal.y, 1e-9);
        assertEquals(1, hit.point.x, 1e-6);
        assertEquals(0, hit.point.y, 1e-6);
        assertEquals(2, hit.point.z, 1e-6);
    }

    @Test
    void aBoxOnItsEdgeLeadsWithTheEdge() {
        World world = ground();
        QueryHit hit = new QueryHit();
        Quaterniond tilted = new Quaterniond().rotateZ(Math.PI / 4);
        assertTrue(world.castShapeClosest(new Box(0.5, 0.5, 0.5), new Vector3d(0, 3, 0), tilted, new Vector3d(0, -6, 0),
                QueryFilter.ALL, hit));
        // The lowest edge is 0.5·√2 below the centre.
        assertEquals((3 - 0.5 * Math.sqrt(2)) / 6, hit.fraction, 1e-6);
        assertEquals(1, hit.normal.y, 1e-9);
    }

    @Test
    void aCapsuleSweptSidewaysStopsAtTheWallAndANearerBoxWins() {
        World world = new World();
        BodyId walls = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(walls, ShapeDef.builder().localPosition(5, 0, 0).build(), new Box(0.5, 3, 3));
        world.createShape(walls, ShapeDef.builder().localPosition(3, 0, 0).build(), new Box(0.1, 0.1, 0.1));
        QueryHit hit = new QueryHit();
        // A capsule along y, radius 0.25: it clears the little box (0.1 tall) only if cast above it.
        assertTrue(world.castShapeClosest(new Capsule(0.5, 0.25), new Vector3d(0, 1.0, 0), IDENTITY, new Vector3d(10, 0, 0),
                QueryFilter.ALL, hit));
        assertEquals((4.5 - 0.25) / 10, hit.fraction, 1e-6);
        assertEquals(-1, hit.normal.x, 1e-9);
        assertTrue(world.castShapeClosest(new Capsule(0.5, 0.25), new Vector3d(0, 0, 0), IDENTITY, new Vector3d(10, 0, 0),
                QueryFilter.ALL, hit));
        assertEquals((2.9 - 0.25) / 10, hit.fraction, 1e-6, "the nearer box");
    }

    @Test
    void aCastThatPassesEverythingFindsNothingAndOneThatStartsInsideStopsAtOnce() {
        World world = ground();
        QueryHit hit = new QueryHit();
        assertFalse(world.castShapeClosest(new Sphere(0.5), new Vector3d(0, 2, 0), IDENTITY, new Vector3d(5, 0, 0),
                QueryFilter.ALL, hit));
        assertFalse(world.castShapeClosest(new Sphere(0.5), new Vector3d(0, 2, 0), IDENTITY, new Vector3d(0, 1, 0),
                QueryFilter.ALL, hit), "moving away");
        assertTrue(world.castShapeClosest(new Sphere(0.5), new Vector3d(0, 0.2, 0), IDENTITY, new Vector3d(3, 0, 0),
                QueryFilter.ALL, hit));
        assertEquals(0, hit.fraction);
        assertEquals(1, hit.normal.y, 1e-12, "out of the ground at the closest point");
    }

    @Test
    void aSphereCastOntoATriangleMeshStopsOnTheTriangle() {
        World world = new World();
        BodyId floor = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        // Two triangles making a ramp rising along x: y = 0.5·x.
        world.createShape(floor, ShapeDef.DEFAULTS, TriangleMesh.of(new double[] {-4, -2, -4, 4, 2, -4, 4, 2, 4, -4, -2, 4},
                new int[] {0, 2, 1, 0, 3, 2}));
        QueryHit hit = new QueryHit();
        assertTrue(world.castShapeClosest(new Sphere(0.5), new Vector3d(0, 4, 0), IDENTITY, new Vector3d(0, -8, 0),
                QueryFilter.ALL, hit));
        // The ramp's normal is (−1, 2, 0)/√5; the sphere's centre stops 0.5 from the plane y = x/2 on
        // the line x = 0: at y = 0.5·√5/2 = 0.559 m, so it travelled 4 − 0.559 of 8 m.
        assertEquals((4 - 0.25 * Math.sqrt(5)) / 8, hit.fraction, 1e-6);
        assertEquals(2 / Math.sqrt(5), hit.normal.y, 1e-6);
        assertEquals(-1 / Math.sqrt(5), hit.normal.x, 1e-6);
    }

    @Test
    void aShapeTouchingAWallSlidesAlongItAndIsStoppedOnlyMovingIntoIt() {
        World world = new World();
        BodyId wall = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(1, 0, 0).build());
        world.createShape(wall, ShapeDef.DEFAULTS, new Box(0.5, 5, 5));
        QueryHit hit = new QueryHit();
        // The sphere's surface 0.5 µm from the wall's face at x = 0.5.
        Vector3d touching = new Vector3d(0.5 - 0.25 - 5e-7, 0, 0);
        assertFalse(world.castShapeClosest(new Sphere(0.25), touching, IDENTITY, new Vector3d(0, -2, 0), QueryFilter.ALL, hit),
                "sliding down the wall");
        assertFalse(world.castShapeClosest(new Sphere(0.25), touching, IDENTITY, new Vector3d(-2, 0, 0), QueryFilter.ALL, hit),
                "moving away");
        assertTrue(world.castShapeClosest(new Sphere(0.25), touching, IDENTITY, new Vector3d(2, 0, 0), QueryFilter.ALL, hit));
        assertEquals(0, hit.fraction, 1e-6, "moving into it");
    }
}
