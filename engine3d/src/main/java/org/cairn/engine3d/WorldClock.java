package org.cairn.engine3d;

/**
 * A world's time: the steps taken, the simulated seconds (a compensated sum of the steps, so 120
 * steps of 1/60 s read 2.0 s, not 1.9999999999999978) and the real time the fixed-step
 * accumulator holds. An object of its own so a snapshot carries it with the rest of the state.
 */
final class WorldClock {
    long steps;
    double time;
    /** The low-order part {@link #time} lost in its last addition, s. */
    double compensation;
    /** Real time fed to {@link World#advance} not yet stepped, s. */
    double accumulator;

    /** One step of {@code dt} seconds was taken (Kahan summation). */
    void stepped(double dt) {
        steps++;
        double y = dt - compensation;
        double t = time + y;
        compensation = (t - time) - y;
        time = t;
    }
}
