package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Forces, impulses, damping, body types and mass updates against their closed forms. */
class DynamicsTest {
    private static final double DT = 1.0 / 60.0;

    private static World zeroG() {
        return new World(WorldDef.builder().gravity(0, 0, 0).build());
    }

    @Test
    void constantForceGivesConstantAcceleration() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        world.createShape(body, ShapeDef.builder().density(2.0).build(), new Box(0.5, 0.5, 0.5));
        double m = world.mass(body);
        assertEquals(2.0, m, 1e-15);
        double v = 0, x = 0;
        for (int i = 0; i < 30; i++) {
            world.applyForce(body, new Vector3d(3, 0, 0));
            world.step(DT, 1);
            v += DT * 3 / m;
        }
        // A free body moves by the mean of its old and new velocity: x = ½·a·t², exactly.
        x = 0.5 * 3 / m * (30 * DT) * (30 * DT);
        assertEquals(v, world.linearVelocity(body, new Vector3d()).x, 1e-12);
        assertEquals(x, world.position(body, new Vector3d()).x, 1e-12);
        world.step(DT, 1);
        assertEquals(v, world.linearVelocity(body, new Vector3d()).x, 1e-12, "forces are cleared after a step");
    }

    @Test
    void torqueOnASphereGivesAngularAcceleration() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        double inertia = world.massProperties(body).inertia(1, 1);
        world.applyTorque(body, new Vector3d(0, 2, 0));
        world.step(DT, 1);
        assertEquals(DT * 2 / inertia, world.angularVelocity(body, new Vector3d()).y, 1e-12);
    }

    @Test
    void impulseAtAPointChangesLinearAndAngularVelocity() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.builder().position(1, 0, 0).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        MassProperties mp = world.massProperties(body);
        world.applyLinearImpulse(body, new Vector3d(0, 0, 4), new Vector3d(1, 0.5, 0));
        Vector3d v = world.linearVelocity(body, new Vector3d());
        Vector3d w = world.angularVelocity(body, new Vector3d());
        assertEquals(4 / mp.mass(), v.z, 1e-12);
        // r = (0, 0.5, 0), r × J = (2, 0, 0).
        assertEquals(2 / mp.inertia(0, 0), w.x, 1e-12);
        world.applyAngularImpulse(body, new Vector3d(0, 1, 0));
        assertEquals(1 / mp.inertia(1, 1), world.angularVelocity(body, new Vector3d()).y, 1e-12);
        world.applyLinearImpulseToCenter(body, new Vector3d(1, 0, 0));
        assertEquals(1 / mp.mass(), world.linearVelocity(body, new Vector3d()).x, 1e-12);
    }

    @Test
    void forceAtAPointAddsTheMomentOfTheForce() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        MassProperties mp = world.massProperties(body);
        world.applyForceAtPoint(body, new Vector3d(0, 10, 0), new Vector3d(0.5, 0, 0));
        world.step(DT, 1);
        assertEquals(DT * 10 / mp.mass(), world.linearVelocity(body, new Vector3d()).y, 1e-12);
        assertEquals(DT * 5 / mp.inertia(2, 2), world.angularVelocity(body, new Vector3d()).z, 1e-12);
    }

    @Test
    void dampingIsThePadeFormAndNeverReversesVelocity() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.builder().linearVelocity(5, 0, 0).angularVelocity(0, 0, 3)
                .linearDamping(0.5).angularDamping(1000).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        world.step(DT, 1);
        assertEquals(5 / (1 + DT * 0.5), world.linearVelocity(body, new Vector3d()).x, 1e-12);
        double w = world.angularVelocity(body, new Vector3d()).z;
        assertEquals(3 / (1 + DT * 1000), w, 1e-12);
        assertTrue(w > 0, "h·c ≫ 1 shrinks but does not flip");
    }

    @Test
    void gravityScaleMultipliesGravity() {
        World world = new World();
        BodyId half = world.createBody(BodyDef.builder().gravityScale(0.5).build());
        BodyId none = world.createBody(BodyDef.builder().gravityScale(0).build());
        world.step(DT, 1);
        assertEquals(-0.5 * 9.81 * DT, world.linearVelocity(half, new Vector3d()).y, 1e-15);
        assertEquals(0.0, world.linearVelocity(none, new Vector3d()).y, 0.0);
    }

    @Test
    void kinematicBodiesMoveWithTheirVelocityAndIgnoreGravityAndForces() {
        World world = new World();
        BodyId platform = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).linearVelocity(1, 0, 0)
                .angularVelocity(0, 2, 0).build());
        world.createShape(platform, ShapeDef.DEFAULTS, new Box(1, 0.1, 1));
        world.applyForce(platform, new Vector3d(0, 1000, 0));
        world.applyLinearImpulseToCenter(platform, new Vector3d(0, 1000, 0));
        for (int i = 0; i < 60; i++) {
            world.step(DT, 4);
        }
        assertEquals(1.0, world.position(platform, new Vector3d()).x, 1e-12);
        assertEquals(0.0, world.position(platform, new Vector3d()).y, 0.0);
        Quaterniond q = world.rotation(platform, new Quaterniond());
        assertEquals(Math.cos(1.0), q.w, 1e-12, "turned by 2 rad about y");
        assertEquals(0.0, world.mass(platform), 0.0, "infinite mass is reported as 0");
        assertEquals(0.0, world.worldInverseInertia(platform, new Matrix3d()).m00, 0.0);
    }

    @Test
    void staticBodiesNeverMove() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -1, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(10, 1, 10));
        world.applyForce(ground, new Vector3d(1, 1, 1));
        world.step();
        assertEquals(new Vector3d(0, -1, 0), world.position(ground, new Vector3d()));
    }

    @Test
    void bodyRotatesAboutItsCenterOfMassNotItsOrigin() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        // A single sphere 1 m off the origin: the centre of mass is (1, 0, 0) in the body frame.
        world.createShape(body, ShapeDef.builder().localPosition(1, 0, 0).build(), new Sphere(0.2));
        world.setAngularVelocity(body, new Vector3d(0, 0, 1));
        Vector3d c0 = world.centerOfMass(body, new Vector3d());
        assertEquals(new Vector3d(1, 0, 0), c0);
        for (int i = 0; i < 45; i++) {
            world.step(DT, 2);
        }
        Vector3d c = world.centerOfMass(body, new Vector3d());
        assertEquals(1.0, c.x, 1e-12, "the centre stays put");
        assertEquals(0.0, c.y, 1e-12);
        // The origin swings around the centre: after 0.75 rad it is at c − R·(1, 0, 0).
        Vector3d p = world.position(body, new Vector3d());
        assertEquals(1 - Math.cos(0.75), p.x, 1e-12);
        assertEquals(-Math.sin(0.75), p.y, 1e-12);
    }

    @Test
    void addingAnOffsetShapeKeepsTheMaterialVelocity() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.builder().angularVelocity(0, 0, 2).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        assertEquals(0.0, world.linearVelocity(body, new Vector3d()).length(), 0.0);
        world.createShape(body, ShapeDef.builder().localPosition(2, 0, 0).build(), new Sphere(0.5));
        // Centre moved to (1, 0, 0); a point there rotating about the origin moves at ω × r = (0, 2, 0).
        assertEquals(new Vector3d(1, 0, 0), world.centerOfMass(body, new Vector3d()));
        assertEquals(2.0, world.linearVelocity(body, new Vector3d()).y, 1e-12);
    }

    @Test
    void aBodyCreatedAwayFromTheOriginKeepsTheVelocityItWasGiven() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.builder().position(-4, 2, 1).linearVelocity(4, 3, 0)
                .angularVelocity(2, 5, 1).build());
        assertEquals(new Vector3d(4, 3, 0), world.linearVelocity(body, new Vector3d()));
        world.createShape(body, ShapeDef.DEFAULTS, new Box(0.5, 0.3, 0.2));
        assertEquals(new Vector3d(4, 3, 0), world.linearVelocity(body, new Vector3d()));
        assertEquals(new Vector3d(-4, 2, 1), world.centerOfMass(body, new Vector3d()));
    }

    @Test
    void massOverrideReplacesShapeMassUntilReset() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        assertEquals(1.0, world.mass(body), 0.0, "a bare dynamic body weighs 1 kg");
        world.createShape(body, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        assertEquals(1000.0, world.mass(body), 1e-9);
        MassProperties custom = MassProperties.of(5.0, 0.1, 0, 0, 1, 2, 3, 0, 0, 0);
        world.setMassProperties(body, custom);
        assertEquals(custom, world.massProperties(body));
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(1));
        assertEquals(5.0, world.mass(body), 0.0, "the override survives shape changes");
        world.resetMassProperties(body);
        assertEquals(1000.0 + 1000.0 * 4.0 / 3.0 * Math.PI, world.mass(body), 1e-9);
    }

    @Test
    void worldInverseInertiaFollowsTheOrientation() {
        World world = zeroG();
        BodyId body = world.createBody(BodyDef.builder().angularVelocity(0, 0, Math.PI / 2).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Box(1, 2, 3));
        MassProperties mp = world.massProperties(body);
        world.setGyroscopic(body, false);
        for (int i = 0; i < 60; i++) {
            world.step(DT, 1);
        }
        // A quarter turn about z swaps the x and y axes.
        Matrix3d inv = world.worldInverseInertia(body, new Matrix3d());
        assertEquals(1 / mp.inertia(1, 1), inv.m00, 1e-9 / mp.inertia(1, 1));
        assertEquals(1 / mp.inertia(0, 0), inv.m11, 1e-9 / mp.inertia(0, 0));
        assertEquals(1 / mp.inertia(2, 2), inv.m22, 1e-12);
    }

    @Test
    void speedsAreClamped() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).maxLinearSpeed(400).build());
        BodyId body = world.createBody(BodyDef.builder().linearVelocity(1000, 0, 0).angularVelocity(0, 500, 0).build());
        world.createShape(body, ShapeDef.DEFAULTS, new Sphere(0.5));
        world.step(DT, 4);
        assertEquals(400.0, world.linearVelocity(body, new Vector3d()).length(), 1e-9);
        assertEquals(0.25 * Math.PI / DT, world.angularVelocity(body, new Vector3d()).length(), 1e-9);
    }

    @Test
    void destroyedIdsAreRejectedAndSlotsReused() {
        World world = new World();
        BodyId a = world.createBody(BodyDef.builder().name("a").build());
        ShapeId s = world.createShape(a, ShapeDef.DEFAULTS, new Sphere(1));
        world.destroyBody(a);
        assertTrue(!world.isValid(a) && !world.isValid(s));
        BodyId b = world.createBody(BodyDef.builder().name("b").build());
        assertEquals(a.index(), b.index(), "the slot is reused");
        assertTrue(b.generation() > a.generation());
        assertEquals("b", world.name(b));
        assertEquals(0, world.shapeCount(b));
        assertEquals(1, world.bodyCount());
    }
}
