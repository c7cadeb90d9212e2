package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.MassProperties;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A torque-free rigid body: the intermediate-axis flip (Dzhanibekov effect) at the rate the
 * linearised Euler equations predict, conservation of angular momentum, energy that never rises,
 * stable spin about the major axis, and unit quaternions.
 */
class TorqueFreeRotationTest {
    private static final double DT = 1.0 / 60.0;
    /** Principal moments I₁ < I₂ < I₃, kg·m². */
    private static final double I1 = 1.0, I2 = 2.0, I3 = 3.0;
    private static final double SPIN = 2.0;
    private static final double PERTURBATION = 1e-3;

    private static BodyId tumbler(World w, double wx, double wy, double wz) {
        BodyId body = w.createBody(BodyDef.builder().angularVelocity(wx, wy, wz).build());
        w.setMassProperties(body, MassProperties.of(1.0, 0, 0, 0, I1, I2, I3, 0, 0, 0));
        return body;
    }

    /** Cosine between the body's y axis and the angular momentum. */
    private static double alignment(World w, BodyId body, Vector3d momentum) {
        Quaterniond q = w.rotation(body, new Quaterniond());
        Vector3d axis = q.transform(new Vector3d(0, 1, 0));
        return axis.dot(momentum) / momentum.length();
    }

    @Test
    void intermediateAxisFlipsWhenTheLinearisedGrowthPredicts() {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId body = tumbler(w, PERTURBATION * SPIN, SPIN, PERTURBATION * SPIN);
        Vector3d l0 = w.angularMomentum(new Vector3d(), new Vector3d());
        // Linearising Euler's equations about spin Ω on axis 2 gives perturbations growing as e^(λt),
        // λ = Ω·√((I₂ − I₁)(I₃ − I₂)/(I₁·I₃)). The axis turns over once the perturbation has grown
        // from ε to order one: after ln(k/ε)/λ for some k of order one; we accept k in [1, 10].
        double lambda = SPIN * Math.sqrt((I2 - I1) * (I3 - I2) / (I1 * I3));
        double earliest = Math.log(1 / PERTURBATION) / lambda;
        double latest = Math.log(10 / PERTURBATION) / lambda;
        double flipTime = Double.NaN;
        for (int step = 1; step <= 60 * 20 && Double.isNaN(flipTime); step++) {
            w.step(DT, 1);
            if (alignment(w, body, l0) < 0) {
                flipTime = step * DT;
            }
        }
        System.out.printf("flip at %.3f s; linearised window [%.3f, %.3f] s%n", flipTime, earliest, latest);
        assertTrue(flipTime >= earliest && flipTime <= latest,
                "flip at " + flipTime + " s, expected within [" + earliest + ", " + latest + "] s");
    }

    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 4})
    void angularMomentumIsConservedAndEnergyNeverRises(int substeps) {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId body = tumbler(w, PERTURBATION * SPIN, SPIN, PERTURBATION * SPIN);
        Vector3d l0 = w.angularMomentum(new Vector3d(), new Vector3d());
        double e0 = w.kineticEnergy();
        double previous = e0;
        double worstDrift = 0;
        int flips = 0;
        boolean upright = true;
        Vector3d l = new Vector3d();
        for (int step = 1; step <= 10_000; step++) {
            w.step(DT, substeps);
            w.angularMomentum(new Vector3d(), l);
            worstDrift = Math.max(worstDrift, Math.abs(l.length() - l0.length()) / l0.length());
            double e = w.kineticEnergy();
            assertTrue(e <= previous * (1 + 1e-13), "energy rose at step " + step + ": " + previous + " -> " + e);
            previous = e;
            // A flip is the axis swinging from mostly along L to mostly against it (or back).
            double a = alignment(w, body, l0);
            if (upright ? a < -0.5 : a > 0.5) {
                flips++;
                upright = !upright;
            }
        }
        System.out.printf("%d substeps, 10^4 steps: |L| drift %.3e, L direction change %.3e, energy %.6f -> %.6f J, %d flips%n",
                substeps, worstDrift, l.angle(l0), e0, previous, flips);
        assertTrue(worstDrift < 1e-6, "|L| drifted by " + worstDrift);
        assertTrue(l.angle(l0) < 1e-6, "L turned by " + l.angle(l0) + " rad");
        assertTrue(flips >= 4, "the body keeps tumbling: " + flips + " flips");
    }

    @Test
    void spinAboutTheMajorAxisStaysInASmallCone() {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId body = tumbler(w, PERTURBATION * SPIN, PERTURBATION * SPIN, SPIN);
        Vector3d l0 = w.angularMomentum(new Vector3d(), new Vector3d());
        double widest = 0;
        for (int step = 1; step <= 10_000; step++) {
            w.step(DT, 1);
            Vector3d axis = w.rotation(body, new Quaterniond()).transform(new Vector3d(0, 0, 1));
            widest = Math.max(widest, axis.angle(l0));
        }
        System.out.printf("major-axis spin: widest cone %.3e rad%n", widest);
        assertTrue(widest < 10 * PERTURBATION, "cone half-angle " + widest);
    }

    @Test
    void withoutGyroscopicTorqueTheAngularVelocityStaysFixed() {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId body = tumbler(w, PERTURBATION * SPIN, SPIN, PERTURBATION * SPIN);
        w.setGyroscopic(body, false);
        Vector3d w0 = w.angularVelocity(body, new Vector3d());
        for (int step = 0; step < 600; step++) {
            w.step(DT, 1);
        }
        assertEquals(w0, w.angularVelocity(body, new Vector3d()));
    }

    @Test
    void quaternionStaysUnitThroughLongTumbling() {
        World w = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId body = tumbler(w, 3.1, 7.3, -5.2);
        Quaterniond q = new Quaterniond();
        double worst = 0;
        for (int step = 0; step < 100_000; step++) {
            w.step(DT, 1);
            w.rotation(body, q);
            worst = Math.max(worst, Math.abs(Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w) - 1));
        }
        assertTrue(worst < 1e-12, "norm off by " + worst);
    }
}
