package org.cairn.engine3d.internal.container;

import java.util.Arrays;

/**
 * Each body's list of the things that join it to another body (contacts, joints), as doubly
 * linked edges (Box2D v3's contact and joint edges): edge 2k is item k seen from its first body,
 * 2k + 1 from its second. Walking a body's edges visits its items without looking at anyone
 * else's, so a sleeping body's items cost nothing.
 */
public final class BodyEdges {
    /** No edge. */
    public static final int NONE = -1;

    private int[] next;
    private int[] prev;
    private int[] head = new int[16];

    /** Lists for items below {@code items}. */
    public BodyEdges(int items) {
        next = new int[2 * items];
        prev = new int[2 * items];
        Arrays.fill(head, NONE);
    }

    /** Makes room for items below {@code items}. */
    public void ensureItems(int items) {
        if (next.length < 2 * items) {
            next = Arrays.copyOf(next, 2 * items);
            prev = Arrays.copyOf(prev, 2 * items);
        }
    }

    /** Body i's first edge, or {@link #NONE}. */
    public int first(int i) {
        return i < head.length ? head[i] : NONE;
    }

    /** The edge after e on its body's list, or {@link #NONE}. */
    public int next(int e) {
        return next[e];
    }

    /** The edge before e on its body's list, or {@link #NONE} (for consistency checks). */
    public int previous(int e) {
        return prev[e];
    }

    /** Makes room for the lists of bodies 0..bodies−1. */
    public void ensureBodies(int bodies) {
        if (bodies > head.length) {
            int old = head.length;
            head = Arrays.copyOf(head, Math.max(2 * old, bodies));
            Arrays.fill(head, old, head.length, NONE);
        }
    }

    /** Puts edge e at the front of {@code body}'s list. */
    public void link(int e, int body) {
        ensureBodies(body + 1);
        int h = head[body];
        prev[e] = NONE;
        next[e] = h;
        if (h != NONE) {
            prev[h] = e;
        }
        head[body] = e;
    }

    /** Takes edge e out of {@code body}'s list. */
    public void unlink(int e, int body) {
        int p = prev[e], n = next[e];
        if (p != NONE) {
            next[p] = n;
        } else {
            head[body] = n;
        }
        if (n != NONE) {
            prev[n] = p;
        }
    }

    /** Edge {@code from} becomes edge {@code to} (its item moved), its neighbours pointing at the new place. */
    public void move(int from, int to, int body) {
        int p = prev[from], n = next[from];
        prev[to] = p;
        next[to] = n;
        if (p != NONE) {
            next[p] = to;
        } else {
            head[body] = to;
        }
        if (n != NONE) {
            prev[n] = to;
        }
    }
}
