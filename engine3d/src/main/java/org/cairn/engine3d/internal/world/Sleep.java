package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;

/**
 * Sleeping, over the persistent {@link Islands}. Each step, the bodies of every awake island update
 * their sleep timers: a body whose speed, and whose rotation speed times its reach, stay below the
 * sleep speed accumulates sleep time. An island all of whose bodies have rested for
 * {@link #TIME_TO_SLEEP_SECONDS}, and that touches no moving kinematic body, falls asleep:
 * velocities zeroed, and from then on its bodies are not integrated, its contacts are not collided
 * or solved, its proxies do not move, and this stage does not visit it. An island that lost
 * contacts since it was built is split as soon as one of its bodies is ready to sleep (one island
 * per step, Box2D's rule; the others wait a step), so a resting piece is not kept awake by a moving
 * one it no longer touches, and waking one piece later does not wake the others.
 *
 * <p>Islands wake as a whole: when a contact begins between one of their bodies and an awake body,
 * when an API call moves or pushes one of their bodies, when a body they touch is destroyed, and
 * when a moving kinematic body touches them.
 */
public final class Sleep {
    /** How long an island must rest before it sleeps, s (Box2D/Box3D: 0.5). */
    public static final double TIME_TO_SLEEP_SECONDS = 0.5;

    /** Whether sleeping is on, and the speed under which a body counts as resting, m/s. */
    public boolean enabled = true;
    public double sleepSpeed = 0.05;

    /** Per body, the step in which it last touched a moving kinematic body. */
    private long[] kinematicTouch = new long[64];
    private long step = 1;

    /** Body i touches a moving kinematic body in this step: its island stays awake. */
    void touchedMovingKinematic(int i) {
        if (kinematicTouch.length <= i) {
            kinematicTouch = Arrays.copyOf(kinematicTouch, Math.max(i + 1, 2 * kinematicTouch.length));
        }
        kinematicTouch[i] = step;
    }

    /** Stage SLEEP: timers of the awake islands' bodies, and the island-wide sleep decisions. */
    public void update(BodyStore b, Islands islands, ContactStore cs, int[] shapeBody, double dt) {
        double limit2 = sleepSpeed * sleepSpeed;
        boolean splitDone = false;
        // Downwards, so an island put to sleep (swapped out of the awake list) never moves one not yet visited.
        for (int k = islands.awakeCount() - 1; k >= 0; k--) {
            int id = islands.awakeIsland(k);
            double sleepiest = 0;
            for (int i = islands.head(id); i != Islands.NONE; i = islands.next(i)) {
                double v2 = sq(b.linearVelocity, i);
                double w2 = sq(b.angularVelocity, i) * b.maxExtent[i] * b.maxExtent[i];
                if (!enabled || !b.allowSleep[i] || v2 > limit2 || w2 > limit2) {
                    b.sleepTime[i] = 0.0;
                } else {
                    b.sleepTime[i] += dt;
                }
                sleepiest = Math.max(sleepiest, b.sleepTime[i]);
            }
            if (!enabled || sleepiest < TIME_TO_SLEEP_SECONDS) {
                continue;
            }
            if (islands.removedContacts(id) == 0) {
                sleepIfRested(b, islands, id);
            } else if (!splitDone) {
                // Some body is ready to sleep, but the island lost contacts: it may be in pieces, and
                // a resting piece must not be kept awake by a moving one it no longer touches.
                splitDone = true;
                int n = islands.split(id, cs);
                for (int p = 0; p < n; p++) {
                    sleepIfRested(b, islands, islands.part(p));
                }
            }
        }
        step++;
    }

    /** Puts island id to sleep if every body has rested long enough and none touches a moving kinematic body. */
    private void sleepIfRested(BodyStore b, Islands islands, int id) {
        for (int i = islands.head(id); i != Islands.NONE; i = islands.next(i)) {
            if (b.sleepTime[i] < TIME_TO_SLEEP_SECONDS || (i < kinematicTouch.length && kinematicTouch[i] == step)) {
                return;
            }
        }
        fallAsleep(b, islands, id);
    }

    /** Puts island id to sleep now, whatever its bodies' rest times (the API's request). */
    public static void putToSleep(BodyStore b, Islands islands, int id) {
        fallAsleep(b, islands, id);
    }

    private static void fallAsleep(BodyStore b, Islands islands, int id) {
        for (int i = islands.head(id); i != Islands.NONE; i = islands.next(i)) {
            b.awake[i] = false;
            for (int k = 0; k < 3; k++) {
                b.linearVelocity[3 * i + k] = 0.0;
                b.angularVelocity[3 * i + k] = 0.0;
            }
        }
        islands.setAwake(id, false);
    }

    private static double sq(double[] v, int i) {
        return v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2];
    }
}
