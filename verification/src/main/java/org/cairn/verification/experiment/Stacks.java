package org.cairn.verification.experiment;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;

/**
 * The experiments' stacks (pyramids and towers of unit boxes, Box3D's large_pyramid), built into a
 * world: one place, so experiments and tests build the same ones.
 */
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

    /**
     * Box3D's benchmark large_pyramid (its shared/benchmarks.c): 5050 cubes of half extent 0.5 m,
     * density 100 kg/m³, friction 0.6, base 100 in the plane z = 0, rows touching, on a static box of
     * half extents (400, 1, 400) whose top face is y = 0. Box3D runs it under g = 10 m/s².
     */
    public static List<BodyId> box3dLargePyramid(World world) {
        return box3dPyramid(world, 100);
    }

    /** {@link #box3dLargePyramid} with {@code base} cubes in its bottom row. */
    public static List<BodyId> box3dPyramid(World world, int base) {
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).name("ground").position(0, -1, 0).build());
        world.createShape(ground, ShapeDef.builder().friction(0.6).build(), new Box(400, 1, 400));
        ShapeDef cube = ShapeDef.builder().density(100).friction(0.6).build();
        List<BodyId> boxes = new ArrayList<>();
        for (int row = 0; row < base; row++) {
            for (int i = 0; i < base - row; i++) {
                BodyId box = world.createBody(BodyDef.builder().name("box[" + row + "," + i + "]")
                        .position(0.5 * (row + 1) + i - 0.5 * base, row + 0.5, 0).build());
                world.createShape(box, cube, new Box(0.5, 0.5, 0.5));
                boxes.add(box);
            }
        }
        return boxes;
    }

}
