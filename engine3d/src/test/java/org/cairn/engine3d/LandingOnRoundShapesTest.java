package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * A body falling onto a static shape finds its contact a step ahead, whatever the shapes: it moves
 * 10 cm a step when it lands from 2 m, so a contact that looked only the fixed speculative distance
 * (2 cm) ahead was found once the body was already up to 7 cm inside, and pushing it out then can
 * give it energy. A ball and an upright capsule (no restitution) land on the top of a slab, a
 * large ball, a capsule lying down and a standing cylinder; each must stop on the surface.
 */
class LandingOnRoundShapesTest {
    @ParameterizedTest(name = "a {0} landing on a {1}")
    @CsvSource({"ball, slab", "ball, ball", "ball, capsule", "ball, cylinder",
            "capsule, slab", "capsule, ball", "capsule, capsule", "capsule, cylinder"})
    void aFallingBodyStopsOnTheSurfaceOfAStaticRoundShape(String faller, String ground) {
        World world = new World(WorldDef.builder().sleeping(false).build());
        BodyId base = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        ShapeDef dead = ShapeDef.builder().restitution(0).build();
        double top;
        switch (ground) {
            case "slab" -> {
                world.createShape(base, dead, new Box(3, 0.5, 3));
                top = 0.5;
            }
            case "ball" -> {
                world.createShape(base, dead, new Sphere(2));
                top = 2;
            }
            case "capsule" -> {
                // Lying along x.
                world.createShape(base, ShapeDef.builder().restitution(0)
                        .localRotation(new Quaterniond().rotationZ(Math.PI / 2)).build(), new Capsule(2, 0.5));
                top = 0.5;
            }
            default -> {
                world.createShape(base, dead, new Cylinder(0.5, 2));
                top = 0.5;
            }
        }
        Shape shape = faller.equals("ball") ? new Sphere(0.25) : new Capsule(0.3, 0.25);
        double below = faller.equals("ball") ? 0.25 : 0.55, drop = 2.0;
        BodyId body = world.createBody(BodyDef.builder().position(0, top + below + drop, 0).build());
        world.createShape(body, dead, shape);
        Vector3d p = new Vector3d(), v = new Vector3d();
        double deepest = 0, fastestUp = 0;
        boolean landed = false;
        for (int step = 0; step < 120; step++) {
            world.step();
            double overlap = top + below - world.position(body, p).y;
            deepest = Math.max(deepest, overlap);
            landed |= overlap > -1e-3;
            if (landed) {
                fastestUp = Math.max(fastestUp, world.linearVelocity(body, v).y);
            }
        }
        System.out.printf("%s on a %s: deepest %.2e m, fastest up after landing %.2e m/s%n", faller, ground, deepest,
                fastestUp);
        // Measured: at most 4.3e-5 m deep (the contacts' soft overlap at rest) and never moving up.
        // Before the round pairs looked ahead: 7.2 cm into the ball and into the lying capsule.
        assertTrue(landed, "it landed");
        assertTrue(deepest < 2e-4, "deepest overlap " + deepest + " m");
        assertTrue(fastestUp < 1e-3, "moving up after landing at " + fastestUp + " m/s");
    }
}
