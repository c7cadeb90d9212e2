package org.cairn.engine3d.internal.solver;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;

/**
 * The step's solver bodies (Box2D v3's body states): one dense, interleaved entry per non-static
 * body in a constraint this step, holding all that the velocity passes read and write, so that a
 * contact's two bodies are two short runs of memory instead of scattered loads from five per-world
 * arrays. Entry 0 is the static body: zero velocity, zero inverse mass and inertia, never written,
 * so a contact with the ground needs no branch to read it.
 *
 * <p>Layout per entry ({@link #STRIDE} doubles): linear velocity (3), angular velocity (3), inverse
 * mass (1), world inverse inertia (9, row-major). Mass and inertia are copied once per step (they
 * do not change until the step's end); velocities are copied in after each velocity integration
 * and back before the positions move and at the end of each substep's passes.
 */
final class SolverBodies {
    static final int STRIDE = 16;
    static final int INVERSE_MASS = 6;
    static final int INVERSE_INERTIA = 7;

    /** Entries: {@link #STRIDE} doubles each, entry 0 the static body. */
    double[] state = new double[STRIDE * 64];
    /** Per world body, its entry this step (0: static, or in no constraint). */
    int[] entry = new int[64];
    /** Per entry from 1, the world body it stands for. */
    int[] body = new int[64];
    /** Entries in use, the static one included. */
    int count = 1;
    /** Per entry, how many of this step's constraints press it out of an overlap (see {@link ContactConstraints#pushCap}). */
    int[] overlaps = new int[64];
    /**
     * Per entry, how many of this step's contact constraints it is in: a body in two is a link in
     * a chain that an arriving body may strike ({@link ContactImpacts}).
     */
    int[] links = new int[64];

    /**
     * Makes an entry for each of the constrained bodies that is not static, in the order given
     * (constraint order, so the layout does not depend on the workers), with its mass and inertia.
     * Velocities are loaded separately ({@link #loadVelocities}).
     */
    void assign(BodyStore b, int[] bodies, int n) {
        if (entry.length < b.capacity()) {
            entry = new int[b.capacity()];
        }
        // Sized for every body the store holds (an entry for the shared static one first), not
        // for this step's constrained ones: a pile forming adds constrained bodies step after step,
        // and would otherwise reallocate these as it does.
        int entries = Math.max(n, b.capacity()) + 1;
        if (body.length < entries) {
            body = new int[entries];
        }
        if (state.length < STRIDE * entries) {
            state = new double[STRIDE * entries];
        }
        Arrays.fill(state, 0, STRIDE, 0.0);
        if (overlaps.length < entries) {
            overlaps = new int[entries];
            links = new int[entries];
        }
        Arrays.fill(overlaps, 0, n + 1, 0);
        Arrays.fill(links, 0, n + 1, 0);
        int next = 1;
        for (int a = 0; a < n; a++) {
            int i = bodies[a];
            if (b.type[i] == BodyStore.STATIC) {
                entry[i] = 0;
                continue;
            }
            entry[i] = next;
            body[next++] = i;
        }
        count = next;
    }

    /** Mass, inertia and velocities of entries [from, to) from the bodies (once per step). */
    void load(BodyStore b, int from, int to) {
        double[] s = state;
        for (int e = Math.max(from, 1); e < to; e++) {
            int i = body[e];
            int o = STRIDE * e;
            s[o + INVERSE_MASS] = b.type[i] == BodyStore.DYNAMIC ? b.inverseMass[i] : 0.0;
            System.arraycopy(b.worldInverseInertia, 9 * i, s, o + INVERSE_INERTIA, 9);
            copyIn(b, i, s, o);
        }
    }

    /** Velocities of the dynamic entries [from, to) from the bodies (after a velocity integration). */
    void loadVelocities(BodyStore b, int from, int to) {
        double[] s = state;
        for (int e = Math.max(from, 1); e < to; e++) {
            int o = STRIDE * e;
            if (s[o + INVERSE_MASS] > 0) {
                copyIn(b, body[e], s, o);
            }
        }
    }

    /** Velocities of the dynamic entries [from, to) back to the bodies. */
    void storeVelocities(BodyStore b, int from, int to) {
        double[] s = state, v = b.linearVelocity, w = b.angularVelocity;
        for (int e = Math.max(from, 1); e < to; e++) {
            int o = STRIDE * e;
            if (s[o + INVERSE_MASS] > 0) {
                int i = 3 * body[e];
                v[i] = s[o];
                v[i + 1] = s[o + 1];
                v[i + 2] = s[o + 2];
                w[i] = s[o + 3];
                w[i + 1] = s[o + 4];
                w[i + 2] = s[o + 5];
            }
        }
    }

    private static void copyIn(BodyStore b, int i, double[] s, int o) {
        double[] v = b.linearVelocity, w = b.angularVelocity;
        s[o] = v[3 * i];
        s[o + 1] = v[3 * i + 1];
        s[o + 2] = v[3 * i + 2];
        s[o + 3] = w[3 * i];
        s[o + 4] = w[3 * i + 1];
        s[o + 5] = w[3 * i + 2];
    }
}
