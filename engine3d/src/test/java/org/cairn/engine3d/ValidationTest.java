package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every public entry point rejects bad numbers and stale handles with an
 * IllegalArgumentException whose message starts with the parameter's name, and leaves the world as
 * it was.
 */
class ValidationTest {
    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private static void rejects(String parameter, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(parameter + " ") || e.getMessage().startsWith(parameter + "."),
                "message should start with '" + parameter + "': " + e.getMessage());
    }

    @Test
    void worldDefRejectsBadSettings() {
        rejects("gravity", () -> WorldDef.builder().gravity(0, NAN, 0));
        rejects("gravity", () -> WorldDef.builder().gravity(INF, 0, 0));
        rejects("timeStep", () -> WorldDef.builder().timeStep(0));
        rejects("timeStep", () -> WorldDef.builder().timeStep(-1.0 / 60));
        rejects("substeps", () -> WorldDef.builder().substeps(0));
        rejects("maxLinearSpeed", () -> WorldDef.builder().maxLinearSpeed(NAN));
        rejects("maxRotationPerStep", () -> WorldDef.builder().maxRotationPerStep(-1));
        rejects("maxFrameTime", () -> WorldDef.builder().maxFrameTime(0));
        rejects("relaxIterations", () -> WorldDef.builder().relaxIterations(0));
        rejects("contactCapacity", () -> WorldDef.builder().contactCapacity(-1));
        rejects("contactCapacity", () -> WorldDef.builder().contactCapacity(WorldDef.Builder.MAX_CONTACT_CAPACITY + 1));
        rejects("def", () -> new World(null));
    }

    @Test
    void bodyDefRejectsBadValues() {
        rejects("position", () -> BodyDef.builder().position(NAN, 0, 0));
        rejects("position", () -> BodyDef.builder().position(0, 0, INF));
        rejects("rotation", () -> BodyDef.builder().rotation(0, 0, 0, 0));
        rejects("rotation", () -> BodyDef.builder().rotation(0, 0, 0, 2));
        rejects("rotation", () -> BodyDef.builder().rotation(NAN, 0, 0, 1));
        rejects("linearVelocity", () -> BodyDef.builder().linearVelocity(0, NAN, 0));
        rejects("angularVelocity", () -> BodyDef.builder().angularVelocity(0, 0, -INF));
        rejects("linearDamping", () -> BodyDef.builder().linearDamping(-0.1));
        rejects("angularDamping", () -> BodyDef.builder().angularDamping(NAN));
        rejects("gravityScale", () -> BodyDef.builder().gravityScale(INF));
        rejects("type", () -> BodyDef.builder().type(null));
        rejects("name", () -> BodyDef.builder().name(null));
        rejects("linearVelocity", () -> BodyDef.builder().type(BodyType.STATIC).linearVelocity(1, 0, 0).build());
    }

    @Test
    void nearlyUnitQuaternionsAreNormalisedAndOthersRejected() {
        double s = 1 + 5e-7;
        Quaterniond q = BodyDef.builder().rotation(0, 0, 0, s).build().rotation();
        assertEquals(1.0, q.w, 0.0);
        rejects("rotation", () -> BodyDef.builder().rotation(0, 0, 0, 1 + 2e-6));
    }

    @Test
    void shapeDefRejectsBadMaterial() {
        rejects("density", () -> ShapeDef.builder().density(-1));
        rejects("density", () -> ShapeDef.builder().density(NAN));
        rejects("friction", () -> ShapeDef.builder().friction(-0.5));
        rejects("restitution", () -> ShapeDef.builder().restitution(1.5));
        rejects("restitution", () -> ShapeDef.builder().restitution(-0.1));
        rejects("restitution", () -> ShapeDef.builder().restitution(NAN));
        rejects("localPosition", () -> ShapeDef.builder().localPosition(NAN, 0, 0));
        rejects("localRotation", () -> ShapeDef.builder().localRotation(0, 0, 0, 0));
    }

    @Test
    void worldCallsRejectBadNumbersAndChangeNothing() {
        World world = new World();
        BodyId body = world.createBody(BodyDef.builder().position(1, 2, 3).build());
        Vector3d bad = new Vector3d(0, NAN, 0);
        rejects("force", () -> world.applyForce(body, bad));
        rejects("force", () -> world.applyForceAtPoint(body, bad, new Vector3d()));
        rejects("point", () -> world.applyForceAtPoint(body, new Vector3d(), bad));
        rejects("torque", () -> world.applyTorque(body, bad));
        rejects("impulse", () -> world.applyLinearImpulse(body, bad, new Vector3d()));
        rejects("point", () -> world.applyLinearImpulse(body, new Vector3d(), bad));
        rejects("impulse", () -> world.applyLinearImpulseToCenter(body, bad));
        rejects("impulse", () -> world.applyAngularImpulse(body, bad));
        rejects("velocity", () -> world.setLinearVelocity(body, bad));
        rejects("velocity", () -> world.setAngularVelocity(body, bad));
        rejects("position", () -> world.setTransform(body, bad, new Quaterniond()));
        rejects("rotation", () -> world.setTransform(body, new Vector3d(9, 9, 9), new Quaterniond(0, 0, 0, 0)));
        rejects("rotation", () -> world.setTransform(body, new Vector3d(9, 9, 9), new Quaterniond(1, 1, 0, 0)));
        rejects("linearDamping", () -> world.setLinearDamping(body, -1));
        rejects("angularDamping", () -> world.setAngularDamping(body, INF));
        rejects("gravityScale", () -> world.setGravityScale(body, NAN));
        rejects("dt", () -> world.step(0, 1));
        rejects("dt", () -> world.step(NAN, 1));
        rejects("substeps", () -> world.step(1.0 / 60, 0));
        rejects("frameSeconds", () -> world.advance(-1));
        rejects("alpha", () -> world.interpolatedPosition(body, 1.5, new Vector3d()));
        rejects("about", () -> world.angularMomentum(bad, new Vector3d()));
        rejects("bodyDef", () -> world.createBody(null));
        rejects("shape", () -> world.createShape(body, ShapeDef.DEFAULTS, null));
        rejects("shapeDef", () -> world.createShape(body, null, new Sphere(1)));
        // Nothing moved, nothing was added.
        assertEquals(new Vector3d(1, 2, 3), world.position(body, new Vector3d()));
        assertEquals(new Quaterniond(), world.rotation(body, new Quaterniond()));
        assertEquals(0.0, world.linearVelocity(body, new Vector3d()).length(), 0.0);
        assertEquals(0, world.shapeCount(body));
        assertEquals(0, world.stepCount());
        world.step();
        assertEquals(-9.81 / 60, world.linearVelocity(body, new Vector3d()).y, 1e-12, "no force was left behind");
    }

    @Test
    void staticBodiesCannotBeGivenVelocityOrMass() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        rejects("bodyId", () -> world.setLinearVelocity(ground, new Vector3d(1, 0, 0)));
        rejects("bodyId", () -> world.setAngularVelocity(ground, new Vector3d(1, 0, 0)));
        rejects("bodyId", () -> world.setMassProperties(ground, MassProperties.of(1, 0, 0, 0, 1, 1, 1, 0, 0, 0)));
        rejects("bodyId", () -> world.massProperties(ground));
    }

    @Test
    void destroyedHandlesAreRejectedEverywhere() {
        World world = new World();
        BodyId body = world.createBody(BodyDef.DEFAULTS);
        ShapeId shape = world.createShape(body, ShapeDef.DEFAULTS, new Sphere(1));
        world.destroyShape(shape);
        rejects("shapeId", () -> world.destroyShape(shape));
        rejects("shapeId", () -> world.geometry(shape));
        world.destroyBody(body);
        BodyId reused = world.createBody(BodyDef.DEFAULTS);
        assertEquals(body.index(), reused.index());
        rejects("bodyId", () -> world.position(body, new Vector3d()));
        rejects("bodyId", () -> world.destroyBody(body));
        rejects("bodyId", () -> world.applyForce(body, new Vector3d()));
        rejects("bodyId", () -> world.createShape(body, ShapeDef.DEFAULTS, new Sphere(1)));
        rejects("bodyId", () -> world.setLinearVelocity(body, new Vector3d()));
        rejects("bodyId", () -> world.interpolatedRotation(body, 0.5, new Quaterniond()));
        rejects("bodyId", () -> world.position(null, new Vector3d()));
        BodyId foreign = new World().createBody(BodyDef.builder().build());
        rejects("bodyId", () -> world.position(foreign, new Vector3d()));
        assertEquals(0, world.shapeCount(reused), "the old shapes did not follow the slot");
    }
}
