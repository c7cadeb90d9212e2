package org.cairn.engine3d;

import java.util.Arrays;
import org.cairn.engine3d.internal.contact.ContactEventLog;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * The world's sensor shapes and what overlaps each: after every step each sensor, in slot order,
 * is tested against the shapes its box touches, and the shapes that came in or went out since
 * the last step become begin and end events (Box2D v3's sensor events, computed at the end of the
 * step). A shape destroyed since counts as gone, with its own id.
 */
final class Sensors {
    /** Ints per visitor: shape slot, shape generation, body slot, body generation. */
    private static final int V = 4;

    private final WorldState state;
    private final WorldQueries queries;
    /** Sensor shape slots, ascending. */
    private int[] list = new int[8];
    private int count;
    /** Per shape slot (sensors only): the visitors of the last update, by ascending shape slot. */
    private int[][] visitors = new int[64][];
    private int[] visitorCount = new int[64];
    private int[] found = new int[16];
    private int foundCount;
    private int[] next = new int[16 * V];
    final ContactEventLog begins = new ContactEventLog();
    final ContactEventLog ends = new ContactEventLog();
    /** How many end events the last update reported; those after it came from destroying since. */
    private int endsReported;

    Sensors(WorldState state, WorldQueries queries) {
        this.state = state;
        this.queries = queries;
    }

    void add(int s) {
        if (count == list.length) {
            list = Arrays.copyOf(list, 2 * count);
        }
        int at = count;
        while (at > 0 && list[at - 1] > s) {
            list[at] = list[at - 1];
            at--;
        }
        list[at] = s;
        count++;
        if (visitors.length <= s) {
            visitors = Arrays.copyOf(visitors, Math.max(2 * visitors.length, s + 1));
            visitorCount = Arrays.copyOf(visitorCount, visitors.length);
        }
        visitors[s] = new int[4 * V];
        visitorCount[s] = 0;
    }

    /** Sensor shape s is being destroyed (still alive): its visitors leave it now. */
    void remove(int s) {
        int at = Arrays.binarySearch(list, 0, count, s);
        if (at < 0) {
            return;
        }
        System.arraycopy(list, at + 1, list, at, count - at - 1);
        count--;
        int[] v = visitors[s];
        for (int k = 0; k < visitorCount[s]; k++) {
            end(s, v, k);
        }
        visitors[s] = null;
        visitorCount[s] = 0;
    }

    private void end(int s, int[] v, int k) {
        int body = state.shapes.body[s];
        ends.add(s, v[V * k], body, v[V * k + 2], state.shapes.generation[s], v[V * k + 1], state.bodies.generation[body],
                v[V * k + 3]);
    }

    private void begin(int s, int t) {
        int body = state.shapes.body[s], other = state.shapes.body[t];
        begins.add(s, t, body, other, state.shapes.generation[s], state.shapes.generation[t], state.bodies.generation[body],
                state.bodies.generation[other]);
    }

    private void found(int t) {
        if (foundCount == found.length) {
            found = Arrays.copyOf(found, 2 * foundCount);
        }
        found[foundCount++] = t;
    }

    private final java.util.function.IntConsumer collect = this::found;

    /** After a step: each sensor's visitors now, and the events since the last update. */
    void update() {
        begins.clear();
        ends.removeFirst(endsReported);
        for (int i = 0; i < count; i++) {
            int s = list[i];
            foundCount = 0;
            if (!state.bodies.disabled[state.shapes.body[s]]) {
                queries.overlapsOfSensor(s, collect);
            }
            org.cairn.engine3d.internal.container.PrimitiveSort.sort(found, 0, foundCount);
            int[] old = visitors[s];
            int oldCount = visitorCount[s];
            if (next.length < V * foundCount) {
                next = new int[V * Math.max(foundCount, 2 * next.length / V)];
            }
            // A merge of the two sorted lists: slots only in the old one left (or were destroyed,
            // their slot perhaps reused: a generation that changed is a different shape).
            int a = 0, n = 0;
            for (int b = 0; b <= foundCount; b++) {
                int t = b < foundCount ? found[b] : Integer.MAX_VALUE;
                if (b > 0 && b < foundCount && t == found[b - 1]) {
                    continue;
                }
                while (a < oldCount && (old[V * a] < t || b == foundCount)) {
                    end(s, old, a++);
                }
                if (b == foundCount) {
                    break;
                }
                boolean stayed = a < oldCount && old[V * a] == t && old[V * a + 1] == state.shapes.generation[t];
                if (a < oldCount && old[V * a] == t) {
                    if (!stayed) {
                        end(s, old, a);
                    }
                    a++;
                }
                if (!stayed) {
                    begin(s, t);
                }
                int body = state.shapes.body[t];
                next[V * n] = t;
                next[V * n + 1] = state.shapes.generation[t];
                next[V * n + 2] = body;
                next[V * n + 3] = state.bodies.generation[body];
                n++;
            }
            if (old.length < V * n) {
                old = new int[V * Math.max(n, 2 * old.length / V)];
                visitors[s] = old;
            }
            System.arraycopy(next, 0, old, 0, V * n);
            visitorCount[s] = n;
        }
        endsReported = ends.size();
    }

    /** The shapes overlapping sensor slot s at the last update: their count. */
    int visitorCount(int s) {
        return visitorCount[s];
    }

    /** Shape slot and generation of visitor k of sensor slot s. */
    int visitor(int s, int k, int part) {
        return visitors[s][V * k + part];
    }
}
