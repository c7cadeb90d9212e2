package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Newton's cradle: five equal touching balls (e = 1, no friction, no gravity), the first moving into
 * the others. Sequential impacts pass the striker's momentum down the chain: the striker stops, the
 * last ball leaves with its speed, and no energy is lost. At exactly the restitution threshold's
 * speed (1 m/s by default) the balls still bounce: the threshold is the slowest approach that does.
 */
class NewtonsCradleTest {
    @ParameterizedTest(name = "striker at {0} m/s, {1} workers")
    @CsvSource({"1.0, 1", "3.0, 1", "3.0, 2", "10.0, 1"})
    void theLastBallLeavesWithTheStrikersSpeed(double speed, int workers) {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).workerCount(workers).build());
        BodyId[] balls = new BodyId[5];
        for (int i = 0; i < balls.length; i++) {
            balls[i] = world.createBody(BodyDef.builder().position(0.2 * i, 0, 0).linearVelocity(i == 0 ? speed : 0, 0, 0)
                    .build());
            world.createShape(balls[i], ShapeDef.builder().restitution(1).friction(0).build(), new Sphere(0.1));
        }
        double energy = world.kineticEnergy();
        for (int step = 0; step < 60; step++) {
            world.step();
        }
        Vector3d v = new Vector3d();
        double last = world.linearVelocity(balls[4], v).x, striker = world.linearVelocity(balls[0], v).x;
        double lost = 1 - world.kineticEnergy() / energy;
        System.out.printf("cradle at %.1f m/s: striker %.3g m/s, last ball %.6f m/s, energy lost %.3g%n", speed, striker,
                last, lost);
        // Measured: the last ball leaves at the striker's speed to 1e-12 and no energy is lost (to
        // rounding); before the impacts were resolved in turn, 44 % of the energy was lost and the
        // last ball left at a third of the striker's speed.
        assertEquals(speed, last, 1e-9 * speed, "the last ball's speed");
        assertEquals(0, striker, 1e-9 * speed, "the striker stops");
        assertTrue(Math.abs(lost) < 1e-9, "energy lost: " + lost);
        for (int i = 1; i < 4; i++) {
            assertEquals(0, world.linearVelocity(balls[i], v).length(), 1e-9 * speed, "ball " + i + " stays");
        }
    }

    /**
     * The cradle as it hangs: five 4 kg steel balls on 1 m distance joints under gravity, the
     * striker swung back 30° and let go (e = 1, no friction, threshold 0.1 m/s). The outer balls
     * take turns: each arriving ball stops and the ball at the other end leaves. Before arrivals at
     * a chain were resolved as impacts, the ball that swung back in (its gap closed within a step,
     * not touching at the step's start) struck the four others into moving together (the first
     * return left them all at 0.2 m/s, from then on a swinging block). Measured: over the first
     * eight impacts (10 s) each leaving ball takes 0.97 to 1.00 of the arriving ball's speed (its
     * worst 0.974) and the balls in between never move faster than 1.2 % of it.
     */
    @org.junit.jupiter.api.Test
    void hangingOnDistanceJointsTheOuterBallsTakeTurns() {
        World world = new World(WorldDef.builder().sleeping(false).restitutionThreshold(0.1).build());
        BodyId bar = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, 2, 0).build());
        double r = 0.05, length = 1, swing = Math.toRadians(30);
        BodyId[] balls = new BodyId[5];
        for (int i = 0; i < 5; i++) {
            double x = 2 * r * (i - 2);
            double bx = i == 0 ? x - length * Math.sin(swing) : x, by = i == 0 ? 2 - length * Math.cos(swing) : 2 - length;
            balls[i] = world.createBody(BodyDef.builder().position(bx, by, 0).build());
            world.createShape(balls[i], ShapeDef.builder().density(7800).restitution(1).friction(0).build(), new Sphere(r));
            world.createJoint(JointDef.builder(JointKind.DISTANCE, bar, balls[i]).anchors(x, 2, 0, bx, by, 0).build());
        }
        Vector3d v = new Vector3d();
        double[] previous = new double[5];
        double worstTransfer = 1, liveliestMiddle = 0, into = 0;
        int impacts = 0, settleAt = -1, leaving = -1;
        for (int step = 0; step < 600 && impacts < 8; step++) {
            world.step();
            double[] now = new double[5];
            for (int i = 0; i < 5; i++) {
                now[i] = world.linearVelocity(balls[i], v).x;
            }
            // An impact: an end ball moving into the row has stopped. Over small gaps the blow
            // crosses the row ball by ball, a substep or two each, so the row is read 2 steps on.
            for (int end = 0; end < 5 && settleAt < 0; end += 4) {
                double speed = end == 0 ? previous[end] : -previous[end];
                if (speed > 0.5 && Math.abs(now[end]) < 0.1 * speed) {
                    into = speed;
                    leaving = 4 - end;
                    settleAt = step + 2;
                }
            }
            if (step == settleAt) {
                impacts++;
                settleAt = -1;
                worstTransfer = Math.min(worstTransfer, Math.abs(now[leaving]) / into);
                for (int i = 1; i < 4; i++) {
                    liveliestMiddle = Math.max(liveliestMiddle, Math.abs(now[i]) / into);
                }
            }
            previous = now;
        }
        System.out.printf("hanging cradle: %d impacts, worst transfer %.4f, middle balls at most %.4f of the arriving speed%n",
                impacts, worstTransfer, liveliestMiddle);
        assertEquals(8, impacts, "impacts in 10 s");
        assertTrue(worstTransfer > 0.95, "a leaving ball took " + worstTransfer + " of the arriving one's speed");
        assertTrue(liveliestMiddle < 0.05, "the middle balls moved at " + liveliestMiddle + " of the arriving speed");
    }
}
