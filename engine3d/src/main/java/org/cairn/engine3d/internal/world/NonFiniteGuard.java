package org.cairn.engine3d.internal.world;

import org.cairn.engine3d.internal.body.BodyStore;

/**
 * The last stage before the broadphase sees the new poses: a body whose pose or velocity the step
 * made non-finite (forces or a scene beyond what double precision can carry) is put back where
 * the step found it, at rest, and counted, so that no NaN or infinity ever leaves a step and
 * spreads through the contacts to its neighbours.
 */
public final class NonFiniteGuard {
    private NonFiniteGuard() {
    }

    /**
     * Repairs the non-finite ones among {@code active[0 .. count)}; returns how many there were and
     * writes the first one's index into {@code first[0]} (unchanged if none).
     */
    public static int repair(BodyStore b, int[] active, int count, double[] scratch9, int[] first) {
        int repaired = 0;
        for (int a = 0; a < count; a++) {
            int i = active[a];
            if (finite(b, i)) {
                continue;
            }
            if (repaired++ == 0) {
                first[0] = i;
            }
            System.arraycopy(b.previousPosition, 3 * i, b.position, 3 * i, 3);
            System.arraycopy(b.previousRotation, 4 * i, b.rotation, 4 * i, 4);
            b.updateCenterFromOrigin(i);
            for (int k = 0; k < 3; k++) {
                b.linearVelocity[3 * i + k] = 0.0;
                b.angularVelocity[3 * i + k] = 0.0;
                b.force[3 * i + k] = 0.0;
                b.torque[3 * i + k] = 0.0;
            }
            if (b.type[i] == BodyStore.DYNAMIC) {
                b.updateWorldInverseInertia(i, scratch9);
            }
        }
        return repaired;
    }

    private static boolean finite(BodyStore b, int i) {
        double sum = 0;
        for (int k = 0; k < 3; k++) {
            sum += b.position[3 * i + k] + b.center[3 * i + k] + b.linearVelocity[3 * i + k]
                    + b.angularVelocity[3 * i + k];
        }
        for (int k = 0; k < 4; k++) {
            sum += b.rotation[4 * i + k];
        }
        // One sum: any NaN or infinity makes it non-finite (and finite values summing to an overflow
        // are a body some 1e308 m away, which is as lost).
        return Double.isFinite(sum);
    }
}
