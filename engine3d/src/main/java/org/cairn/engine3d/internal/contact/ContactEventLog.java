package org.cairn.engine3d.internal.contact;

import java.util.Arrays;
import org.cairn.engine3d.internal.container.LongArray;

/**
 * One kind of contact event of a step (begin touch, end touch, or hit), each with the two shapes'
 * and bodies' slots and their generations at the moment it happened: an end event of a shape
 * destroyed since still names that shape (an id the world no longer accepts), never its slot's
 * next occupant. A hit also keeps a point, a normal and the approach speed. Cleared, not freed,
 * at each step.
 */
public final class ContactEventLog {
    /** The generation of a shape's or a body's slot now. */
    public interface Generations {
        /** Of shape slot {@code s}. */
        int shape(int s);

        /** Of body slot {@code b}. */
        int body(int b);
    }

    /** For a contact store used without a world: every generation 0. */
    public static final Generations NONE = new Generations() {
        @Override
        public int shape(int s) {
            return 0;
        }

        @Override
        public int body(int b) {
            return 0;
        }
    };

    private final LongArray shapes = new LongArray(16);
    private final LongArray shapeGenerations = new LongArray(16);
    private final LongArray bodies = new LongArray(16);
    private final LongArray bodyGenerations = new LongArray(16);
    /** Per hit: point x, y, z (m), normal x, y, z, approach speed (m/s). */
    private double[] hit = new double[7 * 16];

    /** Records an event between shapes {@code a} and {@code b} of bodies {@code bodyA} and {@code bodyB}. */
    public void add(int a, int b, int bodyA, int bodyB, Generations g) {
        shapes.add(pack(a, b));
        shapeGenerations.add(pack(g.shape(a), g.shape(b)));
        bodies.add(pack(bodyA, bodyB));
        bodyGenerations.add(pack(g.body(bodyA), g.body(bodyB)));
    }

    /** Records an event with the generations given (those of shapes and bodies destroyed since). */
    public void add(int a, int b, int bodyA, int bodyB, int shapeGenerationA, int shapeGenerationB, int bodyGenerationA,
                    int bodyGenerationB) {
        shapes.add(pack(a, b));
        shapeGenerations.add(pack(shapeGenerationA, shapeGenerationB));
        bodies.add(pack(bodyA, bodyB));
        bodyGenerations.add(pack(bodyGenerationA, bodyGenerationB));
    }

    /** Makes room for n events (and their hits), so that recording up to n allocates nothing. */
    public void reserve(int n) {
        shapes.reserve(n);
        shapeGenerations.reserve(n);
        bodies.reserve(n);
        bodyGenerations.reserve(n);
    }

    /** Makes room for n hits beside their events. */
    public void reserveHits(int n) {
        reserve(n);
        if (hit.length < 7 * n) {
            hit = Arrays.copyOf(hit, 7 * n);
        }
    }

    /** Records a hit: the event, and where, along which normal and how fast the shapes met. */
    public void addHit(int a, int b, int bodyA, int bodyB, Generations g, double px, double py, double pz, double nx,
                       double ny, double nz, double approachSpeed) {
        int i = size();
        add(a, b, bodyA, bodyB, g);
        if (hit.length < 7 * (i + 1)) {
            hit = Arrays.copyOf(hit, 2 * hit.length);
        }
        hit[7 * i] = px;
        hit[7 * i + 1] = py;
        hit[7 * i + 2] = pz;
        hit[7 * i + 3] = nx;
        hit[7 * i + 4] = ny;
        hit[7 * i + 5] = nz;
        hit[7 * i + 6] = approachSpeed;
    }

    private static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xffffffffL);
    }

    /** Number of events. */
    public int size() {
        return shapes.size();
    }

    /** Slot of shape A ({@code side} 0) or B (1) of event i. */
    public int shape(int i, int side) {
        return half(shapes.get(i), side);
    }

    /** Generation of shape A or B of event i when it happened. */
    public int shapeGeneration(int i, int side) {
        return half(shapeGenerations.get(i), side);
    }

    /** Slot of body A or B of event i. */
    public int body(int i, int side) {
        return half(bodies.get(i), side);
    }

    /** Generation of body A or B of event i when it happened. */
    public int bodyGeneration(int i, int side) {
        return half(bodyGenerations.get(i), side);
    }

    /** Component {@code c} of hit i: 0–2 the point, 3–5 the normal, 6 the approach speed. */
    public double hit(int i, int c) {
        return hit[7 * i + c];
    }

    private static int half(long packed, int side) {
        return side == 0 ? (int) (packed >>> 32) : (int) packed;
    }

    /** Forgets the first {@code n} events (no hits among them), keeping the later ones and the storage. */
    public void removeFirst(int n) {
        shapes.removeFirst(n);
        shapeGenerations.removeFirst(n);
        bodies.removeFirst(n);
        bodyGenerations.removeFirst(n);
    }

    /** Forgets every event, keeping the storage. */
    public void clear() {
        shapes.clear();
        shapeGenerations.clear();
        bodies.clear();
        bodyGenerations.clear();
    }
}
