package org.cairn.examples;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Sphere;

/**
 * A few bodies thrown upward with spin onto a ground slab: ballistic flight, gyroscopic tumbling,
 * landing, sliding and rolling to rest, and falling asleep.
 */
public final class FallingBodies {
    /** The world and the bodies in it, by name. */
    public record Scene(World world, List<BodyId> bodies) {
    }

    private FallingBodies() {
    }

    /** Builds the scene: a crate, a capsule, a cylinder, a ball and a stone (a convex hull), over a ground slab at y = −1 m. */
    public static Scene build() {
        World world = new World(WorldDef.builder().gravity(0, -9.81, 0).timeStep(1.0 / 60.0).substeps(4).build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).name("ground").position(0, -1.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(30, 0.5, 30));
        List<BodyId> bodies = new ArrayList<>();
        bodies.add(body(world, "crate", -4, 0, 4, 3, 2, 5, 1));
        world.createShape(bodies.get(0), ShapeDef.builder().density(500).build(), new Box(0.5, 0.3, 0.2));
        bodies.add(body(world, "capsule", -2, 0, 2, 6, 0, 0, 8));
        world.createShape(bodies.get(1), ShapeDef.DEFAULTS, new Capsule(0.4, 0.15));
        bodies.add(body(world, "drum", 0, 0, 0, 8, 0, 4, 0));
        world.createShape(bodies.get(2), ShapeDef.builder().density(800).build(), new Cylinder(0.3, 0.4));
        bodies.add(body(world, "ball", 2, 0, -1, 7, 1, 0, 0));
        world.createShape(bodies.get(3), ShapeDef.DEFAULTS, new Sphere(0.25));
        bodies.add(body(world, "stone", 4, 0, -3, 5, 0.5, 0.1, 3));
        world.createShape(bodies.get(4), ShapeDef.builder().density(2600).build(),
                ConvexHull.of(0, 0, 0, 0.6, 0.1, 0, 0.2, 0.5, 0.1, 0.1, 0.2, 0.4, 0.5, 0.4, 0.3, 0.3, -0.1, 0.35));
        return new Scene(world, bodies);
    }

    private static BodyId body(World world, String name, double x, double y, double vx, double vy,
                               double wx, double wy, double wz) {
        return world.createBody(BodyDef.builder().name(name).position(x, y, 0).linearVelocity(vx, vy, 0)
                .angularVelocity(wx, wy, wz).build());
    }
}
