package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A dynamic body's mass comes from its shapes or is set: a massless one is refused, not quietly given 1 kg. */
class MassRulesTest {
    @Test
    void aDensityZeroShapeCannotBeADynamicBodysOnlyMass() {
        World world = new World();
        BodyId body = world.createBody(BodyDef.builder().build());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> world.createShape(body, ShapeDef.builder().density(0).build(), new Sphere(0.5)));
        assertTrue(e.getMessage().startsWith("shapeDef.density: a shape of density 0.0"), e.getMessage());
        assertEquals(0, world.shapeCount(body), "the refused shape left no trace");
        // After a shape with mass, or with the mass set, a weightless shape (a sensor, say) is fine.
        world.createShape(body, ShapeDef.builder().density(1000).build(), new Box(0.5, 0.5, 0.5));
        world.createShape(body, ShapeDef.builder().density(0).sensor(true).build(), new Sphere(2));
        assertEquals(1000, world.mass(body), 1e-9);
        BodyId set = world.createBody(BodyDef.builder().build());
        world.setMassProperties(set, MassProperties.of(3, new Vector3d(), new Matrix3d().scaling(0.1)));
        world.createShape(set, ShapeDef.builder().density(0).build(), new Sphere(0.5));
        assertEquals(3, world.mass(set), 0);
        // Static and kinematic bodies have no mass to lose.
        BodyId still = world.createBody(BodyDef.builder().type(BodyType.KINEMATIC).build());
        world.createShape(still, ShapeDef.builder().density(0).build(), new Sphere(0.5));
    }

    @Test
    void capsulesAndCylindersCanBeMadeInTheSceneLanguagesOrder() {
        assertEquals(new Capsule(0.5, 0.1), Capsule.of(0.1, 0.5));
        assertEquals(new Cylinder(0.5, 0.1), Cylinder.of(0.1, 0.5));
        assertEquals(0.1, Capsule.of(0.1, 0.5).radius());
    }
}
