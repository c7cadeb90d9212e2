package org.cairn.engine3d.internal.world;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;

/**
 * Islands and sleeping. Each step, dynamic bodies joined by touching contacts form islands
 * (union–find, recomputed from the contacts each step rather than kept incrementally). A body whose
 * speed, and whose rotation speed times its reach, stay below the sleep speed accumulates sleep
 * time. An island all of whose awake bodies have slept for {@link #TIME_TO_SLEEP_SECONDS} falls
 * asleep: velocities zeroed, and from then on its bodies are not integrated, its contacts are not
 * collided or solved, and its proxies do not move. An island with any awake body, or touching a
 * moving kinematic body, is awake as a whole, so a ball landing on a sleeping pyramid wakes it.
 *
 * <p>Iteration is over body and contact indices; the result depends only on them.
 */
public final class Sleep {
    /** How long an island must rest before it sleeps, s (Box2D/Box3D: 0.5). */
    public static final double TIME_TO_SLEEP_SECONDS = 0.5;

    private int[] parent = new int[64];
    private boolean[] rootAwake = new boolean[64];
    private boolean[] rootKeep = new boolean[64];
    private double[] rootRest = new double[64];

    /** Whether sleeping is on, and the speed under which a body counts as resting, m/s. */
    public boolean enabled = true;
    public double sleepSpeed = 0.05;

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private void union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra != rb) {
            // The lower index becomes the root, so the structure depends only on indices.
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** Stage SLEEP: timers, islands, and the island-wide sleep and wake decisions. */
    public void update(BodyStore b, ContactStore cs, int[] shapeBody, double dt) {
        int n = b.highWater;
        if (parent.length < n) {
            int c = Math.max(n, 2 * parent.length);
            parent = new int[c];
            rootAwake = new boolean[c];
            rootKeep = new boolean[c];
            rootRest = new double[c];
        }
        double limit2 = sleepSpeed * sleepSpeed;
        for (int i = 0; i < n; i++) {
            parent[i] = i;
            rootAwake[i] = false;
            rootKeep[i] = false;
            rootRest[i] = Double.MAX_VALUE;
            if (!b.alive[i] || b.type[i] != BodyStore.DYNAMIC || !b.awake[i]) {
                continue;
            }
            double v2 = sq(b.linearVelocity, i);
            double w2 = sq(b.angularVelocity, i) * b.maxExtent[i] * b.maxExtent[i];
            if (!enabled || !b.allowSleep[i] || v2 > limit2 || w2 > limit2) {
                b.sleepTime[i] = 0.0;
            } else {
                b.sleepTime[i] += dt;
            }
        }
        for (int c = 0; c < cs.count; c++) {
            if (!cs.touching[c]) {
                continue;
            }
            int ia = shapeBody[cs.shapeA[c]], ib = shapeBody[cs.shapeB[c]];
            boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
            if (dynamicA && dynamicB) {
                union(ia, ib);
            } else if (dynamicA && movingKinematic(b, ib)) {
                rootKeep[ia] = true;
            } else if (dynamicB && movingKinematic(b, ia)) {
                rootKeep[ib] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (!b.alive[i] || b.type[i] != BodyStore.DYNAMIC) {
                continue;
            }
            int r = find(i);
            if (rootKeep[i]) {
                rootKeep[r] = true;
            }
            if (b.awake[i]) {
                rootAwake[r] = true;
                rootRest[r] = Math.min(rootRest[r], b.sleepTime[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            if (!b.alive[i] || b.type[i] != BodyStore.DYNAMIC) {
                continue;
            }
            int r = find(i);
            if (!rootAwake[r]) {
                continue;
            }
            if (enabled && !rootKeep[r] && rootRest[r] >= TIME_TO_SLEEP_SECONDS) {
                b.awake[i] = false;
                for (int k = 0; k < 3; k++) {
                    b.linearVelocity[3 * i + k] = 0.0;
                    b.angularVelocity[3 * i + k] = 0.0;
                }
            } else if (!b.awake[i]) {
                // Part of an awake island: wake with it.
                b.awake[i] = true;
                b.sleepTime[i] = 0.0;
            }
        }
    }

    private static boolean movingKinematic(BodyStore b, int i) {
        return b.type[i] == BodyStore.KINEMATIC && (sq(b.linearVelocity, i) > 0 || sq(b.angularVelocity, i) > 0);
    }

    private static double sq(double[] v, int i) {
        return v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2];
    }
}
