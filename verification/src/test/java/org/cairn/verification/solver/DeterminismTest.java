package org.cairn.verification.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.verification.experiment.Stacks;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The same scene gives bit-identical poses after 1000 steps, run after run. */
class DeterminismTest {
    private static long run(SolverKind kind) {
        World world = new World(WorldDef.builder().solver(kind).substeps(kind == SolverKind.SOFT_STEP ? 4 : 1).build());
        Stacks.ground(world);
        List<BodyId> boxes = Stacks.pyramid(world, 6);
        for (int i = 0; i < 5; i++) {
            BodyId ball = world.createBody(BodyDef.builder().position(-6 + i, 2 + 0.5 * i, 0.3 * i)
                    .linearVelocity(8, 0, -0.5 * i).build());
            world.createShape(ball, ShapeDef.builder().density(3000).restitution(0.3).build(), new Sphere(0.3));
            boxes.add(ball);
        }
        for (int step = 0; step < 1000; step++) {
            world.step();
        }
        long hash = 17;
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (BodyId body : boxes) {
            world.position(body, p);
            world.rotation(body, q);
            for (double d : new double[] {p.x, p.y, p.z, q.x, q.y, q.z, q.w}) {
                hash = 31 * hash + Double.doubleToLongBits(d);
            }
        }
        return hash;
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void twoRunsAreBitIdentical(SolverKind kind) {
        assertEquals(run(kind), run(kind));
    }
}
