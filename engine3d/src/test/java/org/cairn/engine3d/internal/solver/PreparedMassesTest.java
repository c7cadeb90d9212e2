package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.world.WorldState;
import org.cairn.engine3d.internal.world.WorldStates;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * What a prepared constraint holds, against the mechanics of its two bodies as they were when the
 * step began: impulses applied to rigid bodies written out with JOML (Δv = m⁻¹·J, Δω = I⁻¹·(r × J)),
 * and the velocity change they cause measured at the anchors. Boxes of unequal sides (their world
 * inertia turns with them), dropped turned onto each other and onto the ground, 90 steps, every
 * constraint of every step:
 * <ul>
 * <li>the tangents are orthonormal and normal to n;</li>
 * <li>each point's normal mass is the inverse of the normal velocity a unit normal impulse there
 * causes between the anchors (rA = r + DA on A, rB = r + DB on B);</li>
 * <li>the manifold's block K holds, in row i and column j, the normal velocity at point i from a
 * unit normal impulse at point j, and its stored inverse is K's Moore–Penrose pseudo-inverse;</li>
 * <li>the friction block at the friction centre inverts the tangent velocities a unit tangent
 * impulse there causes, the sliding mass is 2/tr of them, and the twist mass inverts the spin about
 * n a unit torque about n causes;</li>
 * <li>the approach kept for restitution is no slower than the anchors' normal velocity at the step's
 * start (the solve keeps the fastest approach met before the point pushes).</li>
 * </ul>
 */
class PreparedMassesTest {
    @Test
    void preparedMassesAreTheBodiesResponseToUnitImpulses() throws ReflectiveOperationException {
        World world = new World(WorldDef.builder().sleeping(false).build());
        WorldState state = WorldStates.of(world);
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(20, 0.5, 20));
        SplittableRandom random = new SplittableRandom(515);
        for (int i = 0; i < 12; i++) {
            double x = 3 * (i % 4) - 4.5, z = 3 * (i / 4) - 3;
            for (int level = 0; level < 2; level++) {
                Quaterniond turn = new Quaterniond().rotateXYZ(random.nextDouble(-0.3, 0.3), random.nextDouble(-3, 3),
                        random.nextDouble(-0.3, 0.3));
                BodyId box = world.createBody(BodyDef.builder().position(x + 0.1 * level, 0.6 + 1.3 * level, z)
                        .rotation(turn).angularVelocity(random.nextDouble(-1, 1), random.nextDouble(-1, 1), 0).build());
                world.createShape(box, ShapeDef.builder().density(random.nextDouble(200, 3000)).build(),
                        new Box(random.nextDouble(0.2, 0.6), random.nextDouble(0.15, 0.4), random.nextDouble(0.2, 0.7)));
            }
        }
        BodyStore b = state.bodies;
        ContactConstraints c = state.solver.constraints();
        int checked = 0, blocks = 0;
        double worst = 0;
        for (int step = 0; step < 90; step++) {
            // The bodies as the step begins: what prepare reads.
            double[] inverseMass = b.inverseMass.clone(), inverseInertia = b.worldInverseInertia.clone();
            double[] v = b.linearVelocity.clone(), w = b.angularVelocity.clone();
            byte[] type = b.type.clone();
            world.step();
            for (int k = 0; k < c.count; k++) {
                String what = "step " + step + ", constraint " + k;
                Body a = new Body(c.bodyA[k], type, inverseMass, inverseInertia, v, w);
                Body d = new Body(c.bodyB[k], type, inverseMass, inverseInertia, v, w);
                Vector3d n = vector(c.normal, 3 * k), t1 = vector(c.tangent, 6 * k), t2 = vector(c.tangent, 6 * k + 3);
                assertEquals(1.0, n.length(), 1e-12, what);
                assertEquals(1.0, t1.length(), 1e-12, what);
                assertEquals(1.0, t2.length(), 1e-12, what);
                assertEquals(0.0, t1.dot(n), 1e-12, what);
                assertEquals(0.0, t2.dot(n), 1e-12, what);
                assertEquals(0.0, t1.dot(t2), 1e-12, what);
                Vector3d da = vector(c.anchorOffset, 6 * k), db = vector(c.anchorOffset, 6 * k + 3);
                int points = c.pointCount[k];
                double[][] blockK = new double[points][points];
                for (int i = 0; i < points; i++) {
                    Vector3d r = vector(c.anchor, 3 * (P * k + i));
                    Vector3d rai = new Vector3d(r).add(da), rbi = new Vector3d(r).add(db);
                    for (int j = 0; j < points; j++) {
                        Vector3d rj = vector(c.anchor, 3 * (P * k + j));
                        blockK[i][j] = response(a, d, new Vector3d(rj).add(da), new Vector3d(rj).add(db), n, rai, rbi, n);
                    }
                    double kn = blockK[i][i];
                    assertEquals(1 / kn, c.normalMass[P * k + i], 1e-9 / kn, what + ", point " + i + ": normal mass");
                    double approach = n.dot(d.velocityAt(rbi).sub(a.velocityAt(rai)));
                    // Kept for restitution: the approach at the start, or a faster one met before the point pushed.
                    assertTrue(c.relativeVelocity[P * k + i] <= approach + 1e-9 * (1 + Math.abs(approach)), what + ": approach "
                            + c.relativeVelocity[P * k + i] + " slower than at the start, " + approach);
                }
                if (points >= 2) {
                    blocks++;
                    double scale = 0;
                    for (int i = 0; i < points; i++) {
                        for (int j = 0; j < points; j++) {
                            scale = Math.max(scale, Math.abs(blockK[i][j]));
                            assertEquals(blockK[i][j], c.blockMatrix[P * P * k + points * i + j], 1e-9 * (1 + Math.abs(blockK[i][j])),
                                    what + ": K[" + i + "][" + j + "]");
                        }
                    }
                    worst = Math.max(worst, assertPseudoInverse(blockK, c.blockMass, P * P * k, points, scale, what));
                }
                // Friction at the centre.
                Vector3d centre = vector(c.frictionAnchor, 3 * k);
                Vector3d ca = new Vector3d(centre).add(da), cb = new Vector3d(centre).add(db);
                double k11 = response(a, d, ca, cb, t1, ca, cb, t1), k12 = response(a, d, ca, cb, t2, ca, cb, t1);
                double k22 = response(a, d, ca, cb, t2, ca, cb, t2);
                double det = k11 * k22 - k12 * k12;
                double tolerance = 1e-9 / Math.min(k11, k22);
                assertEquals(k22 / det, c.frictionMass[4 * k], tolerance, what + ": friction block");
                assertEquals(-k12 / det, c.frictionMass[4 * k + 1], tolerance, what + ": friction block");
                assertEquals(k11 / det, c.frictionMass[4 * k + 2], tolerance, what + ": friction block");
                assertEquals(2 / (k11 + k22), c.frictionMass[4 * k + 3], tolerance, what + ": sliding mass");
                double kt = n.dot(a.inverseInertia.transform(new Vector3d(n))) + n.dot(d.inverseInertia.transform(new Vector3d(n)));
                assertEquals(1 / kt, c.twistMass[k], 1e-9 / kt, what + ": twist mass");
                checked++;
            }
        }
        assertTrue(checked > 1500 && blocks > 1000, checked + " constraints checked, " + blocks + " with a block");
        System.out.printf("prepared masses: %d constraints, %d blocks, worst |K·K⁺·K − K| %.2e of K's largest entry%n", checked,
                blocks, worst);
    }

    /**
     * K⁺ of the n×n matrix k, stored row-major at o: K·K⁺·K = K, K⁺·K·K⁺ = K⁺, both products
     * symmetric, to 5·10⁻⁸ of the largest entry: a block kept whole may be conditioned up to 10⁸
     * (smaller eigenvalues are dropped), so its inverse is good to about 10⁸ roundings (measured:
     * 1.2·10⁻⁸ of K's largest entry at worst).
     */
    private static double assertPseudoInverse(double[][] k, double[] stored, int o, int n, double scale, String what) {
        double worst = 0;
        double[][] x = new double[n][n];
        double inverseScale = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x[i][j] = stored[o + n * i + j];
                inverseScale = Math.max(inverseScale, Math.abs(x[i][j]));
            }
        }
        double[][] kx = multiply(k, x), xk = multiply(x, k), kxk = multiply(kx, k), xkx = multiply(xk, x);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(k[i][j], kxk[i][j], 5e-8 * scale, what + ": K·K⁺·K = K");
                assertEquals(x[i][j], xkx[i][j], 5e-8 * inverseScale, what + ": K⁺·K·K⁺ = K⁺");
                assertEquals(kx[i][j], kx[j][i], 5e-8, what + ": K·K⁺ symmetric");
                assertEquals(xk[i][j], xk[j][i], 5e-8, what + ": K⁺·K symmetric");
                worst = Math.max(worst, Math.abs(k[i][j] - kxk[i][j]) / scale);
            }
        }
        return worst;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int m = 0; m < n; m++) {
                    c[i][j] += a[i][m] * b[m][j];
                }
            }
        }
        return c;
    }

    /**
     * The change of the relative velocity along {@code along}, between B's point at sb and A's at
     * sa, that a unit impulse {@code direction} on B at rb (and its opposite on A at ra) causes.
     */
    private static double response(Body a, Body d, Vector3d ra, Vector3d rb, Vector3d direction, Vector3d sa, Vector3d sb,
                                   Vector3d along) {
        Vector3d changeB = d.velocityChange(rb, direction, sb), changeA = a.velocityChange(ra, new Vector3d(direction).negate(), sa);
        return along.dot(changeB.sub(changeA));
    }

    /** A body as the step began: static bodies as an immovable one. */
    private static final class Body {
        final double inverseMass;
        final Matrix3d inverseInertia = new Matrix3d().zero();
        final Vector3d velocity, spin;

        Body(int i, byte[] type, double[] inverseMass, double[] inverseInertia, double[] v, double[] w) {
            boolean dynamic = type[i] == BodyStore.DYNAMIC;
            this.inverseMass = dynamic ? inverseMass[i] : 0;
            if (dynamic) {
                for (int r = 0; r < 3; r++) {
                    for (int col = 0; col < 3; col++) {
                        this.inverseInertia.set(col, r, inverseInertia[9 * i + 3 * r + col]);
                    }
                }
            }
            velocity = new Vector3d(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
            spin = new Vector3d(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
        }

        /** The velocity change at lever s from an impulse j at lever r. */
        Vector3d velocityChange(Vector3d r, Vector3d j, Vector3d s) {
            Vector3d dv = new Vector3d(j).mul(inverseMass);
            Vector3d dw = inverseInertia.transform(new Vector3d(r).cross(j));
            return dw.cross(s).add(dv);
        }

        Vector3d velocityAt(Vector3d r) {
            return new Vector3d(spin).cross(r).add(velocity);
        }
    }

    private static Vector3d vector(double[] array, int o) {
        return new Vector3d(array[o], array[o + 1], array[o + 2]);
    }
}
