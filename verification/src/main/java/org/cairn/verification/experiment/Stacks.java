package org.cairn.verification.experiment;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;

/** The stability experiment's stacks (a pyramid of 55 boxes, towers of 12 and 30), built into a world: one place, so experiments and tests build the same ones. */
public final class Stacks {
    private Stacks() {
    }

    /** A static ground slab whose top is y = 0. */
    public static void ground(World world) {
        ground(world, 0);
    }

    /** A static ground slab whose top is y = 0, of the given restitution (contacts take the larger). */
    public static void ground(World world, double restitution) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).name("ground").position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.builder().restitution(restitution).build(), new Box(50, 0.5, 50));
    }

    /** A pyramid of unit boxes (1 m, 1000 kg/m³), {@code base} in its bottom row, rows touching. */
    public static List<BodyId> pyramid(World world, int base) {
        List<BodyId> boxes = new ArrayList<>();
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                double x = -0.5 * (base - row - 1) + i;
                BodyId box = world.createBody(BodyDef.builder().name("box[" + row + "," + i + "]")
                        .position(x, 0.5 + row, 0).build());
                world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
                boxes.add(box);
            }
        }
        return boxes;
    }

    /** A tower of {@code height} unit boxes. */
    public static List<BodyId> tower(World world, int height) {
        List<BodyId> boxes = new ArrayList<>();
        for (int i = 0; i < height; i++) {
            BodyId box = world.createBody(BodyDef.builder().name("box[" + i + "]").position(0, 0.5 + i, 0).build());
            world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
            boxes.add(box);
        }
        return boxes;
    }
}
