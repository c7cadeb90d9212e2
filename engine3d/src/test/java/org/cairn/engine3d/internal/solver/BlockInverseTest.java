package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.math.SquareMatrices.largest;
import static org.cairn.engine3d.internal.math.SquareMatrices.multiply;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.world.WorldStates;
import org.junit.jupiter.api.Test;

/**
 * The block inverses the solver prepares are the pseudo-inverses of the blocks: in a settled stack
 * with boxes turned against each other, every manifold's K⁺ meets the Moore–Penrose conditions
 * against its K, and they come from the factored form, not the Jacobi fallback.
 */
class BlockInverseTest {
    @Test
    void preparedBlockInversesArePseudoInversesFromTheFactoredForm() throws ReflectiveOperationException {
        World world = new World();
        ContactSolver solver = WorldStates.of(world).solver;
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        for (int i = 0; i < 6; i++) {
            BodyId box = world.createBody(BodyDef.builder().position(0.05 * i, 0.3 + 0.6 * i, 0)
                    .rotation(new org.joml.Quaterniond().rotateY(0.3 * i)).build());
            world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5 - 0.05 * i, 0.3, 0.4));
        }
        int checked = 0;
        for (int step = 0; step < 60; step++) {
            world.step();
            ContactConstraints constraints = solver.constraints();
            for (int k = 0; k < constraints.count; k++) {
                int n = constraints.pointCount[k];
                if (n < 3) {
                    continue;
                }
                checked++;
                int o = ContactConstraints.P * ContactConstraints.P * k;
                double[] kk = new double[n * n], inv = new double[n * n];
                System.arraycopy(constraints.blockMatrix, o, kk, 0, n * n);
                System.arraycopy(constraints.blockMass, o, inv, 0, n * n);
                double[] kik = multiply(multiply(kk, inv, n), kk, n), iki = multiply(multiply(inv, kk, n), inv, n);
                double scaleK = largest(kk), scaleI = largest(inv);
                for (int i = 0; i < n * n; i++) {
                    assertEquals(kk[i], kik[i], 1e-10 * scaleK, "K·K⁺·K = K, manifold " + k);
                    assertEquals(inv[i], iki[i], 1e-10 * scaleI, "K⁺·K·K⁺ = K⁺, manifold " + k);
                }
                double[] ki = multiply(kk, inv, n);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        assertEquals(ki[i * n + j], ki[j * n + i], 1e-10, "K·K⁺ symmetric, manifold " + k);
                        assertEquals(inv[i * n + j], inv[j * n + i], 1e-12 * scaleI, "K⁺ symmetric");
                    }
                }
            }
        }
        assertTrue(checked > 150, "manifolds checked: " + checked);
        assertEquals(checked, solver.count(SolverScratch.FACTORED_BLOCKS), "every block of three or four points from the factored form");
    }
}
