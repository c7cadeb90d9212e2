package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;
import org.cairn.engine3d.internal.joint.JointStore;

/**
 * Persistent islands (Box2D v3's): the dynamic bodies joined by touching contacts, kept from step to
 * step as linked lists of bodies. A contact that begins touching merges its bodies' islands (the
 * smaller into the larger, so a body is relabelled O(log n) times over its life); a contact that
 * stops touching only counts against its island, which is split, by a search over its own bodies'
 * contacts, when it is about to fall asleep. So a step costs nothing for islands that did not
 * change, and a sleeping island is never looked at until something wakes it.
 *
 * <p>Static and kinematic bodies belong to no island: they do not carry a touch from one body to
 * another. Every operation depends only on body and contact indices and the order of calls, so the
 * result is deterministic.
 */
public final class Islands {
    /** No island. */
    public static final int NONE = -1;
    /** The world's joints: acting joints between dynamic bodies hold an island together as touching contacts do. */
    JointStore joints;

    // Per body.
    private int[] islandOf = new int[0];
    private int[] next = new int[0];
    private int[] prev = new int[0];

    // Per island.
    private int[] head = new int[16];
    private int[] tail = new int[16];
    private int[] size = new int[16];
    private int[] removedContacts = new int[16];
    private boolean[] awake = new boolean[16];
    private int[] awakeIndex = new int[16];
    private int[] free = new int[16];
    private int freeCount;
    private int highWater;

    /** The islands that are awake, in an order that depends only on the history of calls. */
    private int[] awakeList = new int[16];
    private int awakeCount;

    // Scratch for splitting.
    private int[] parent = new int[0];
    private int[] order = new int[0];
    private int[] groupIsland = new int[0];
    private int[] parts = new int[16];
    private int partCount;

    /** Makes room for body indices below {@code capacity}. */
    void ensureBodies(int capacity) {
        if (islandOf.length >= capacity) {
            return;
        }
        int old = islandOf.length, c = Math.max(capacity, 2 * old);
        islandOf = Arrays.copyOf(islandOf, c);
        next = Arrays.copyOf(next, c);
        prev = Arrays.copyOf(prev, c);
        parent = Arrays.copyOf(parent, c);
        order = Arrays.copyOf(order, c);
        groupIsland = Arrays.copyOf(groupIsland, c);
        Arrays.fill(islandOf, old, c, NONE);
    }

    /** The island of body i, or {@link #NONE}. */
    public int islandOf(int i) {
        return i < islandOf.length ? islandOf[i] : NONE;
    }

    /** Number of islands, awake or asleep. */
    public int count() {
        return highWater - freeCount;
    }

    /** Number of awake islands. */
    public int awakeCount() {
        return awakeCount;
    }

    /** The k-th awake island, 0 ≤ k &lt; {@link #awakeCount()}. */
    int awakeIsland(int k) {
        return awakeList[k];
    }

    /** First body of island id, then {@link #next(int)} until {@link #NONE}. */
    int head(int id) {
        return head[id];
    }

    int next(int body) {
        return next[body];
    }

    int size(int id) {
        return size[id];
    }

    /** Contacts of island id that stopped touching since it was last built or split. */
    int removedContacts(int id) {
        return removedContacts[id];
    }

    /** A new dynamic body, awake, alone in a new island. */
    public void add(int body) {
        ensureBodies(body + 1);
        int id = newIsland();
        head[id] = body;
        tail[id] = body;
        size[id] = 1;
        islandOf[body] = id;
        next[body] = NONE;
        prev[body] = NONE;
        setAwake(id, true);
    }

    /**
     * Takes body i out of its island (it is being destroyed). Its contacts are gone, so what it
     * joined may now be apart: the island counts them as removed.
     */
    public void remove(int body) {
        int id = islandOf(body);
        if (id == NONE) {
            return;
        }
        if (prev[body] != NONE) {
            next[prev[body]] = next[body];
        } else {
            head[id] = next[body];
        }
        if (next[body] != NONE) {
            prev[next[body]] = prev[body];
        } else {
            tail[id] = prev[body];
        }
        islandOf[body] = NONE;
        size[id]--;
        removedContacts[id]++;
        if (size[id] == 0) {
            freeIsland(id);
        }
    }

    /** A contact between dynamic bodies a and b began touching: their islands become one. */
    public void link(int a, int b) {
        int ia = islandOf(a), ib = islandOf(b);
        if (ia == NONE || ib == NONE || ia == ib) {
            return;
        }
        // The larger absorbs the smaller; on a tie the lower id, so the result depends only on history.
        int keep = size[ia] > size[ib] || (size[ia] == size[ib] && ia < ib) ? ia : ib;
        int gone = keep == ia ? ib : ia;
        for (int body = head[gone]; body != NONE; body = next[body]) {
            islandOf[body] = keep;
        }
        next[tail[keep]] = head[gone];
        prev[head[gone]] = tail[keep];
        tail[keep] = tail[gone];
        size[keep] += size[gone];
        removedContacts[keep] += removedContacts[gone];
        if (awake[gone] && !awake[keep]) {
            setAwake(keep, true);
        }
        size[gone] = 0;
        freeIsland(gone);
    }

    /** A contact between dynamic bodies a and b stopped touching (or was destroyed while touching). */
    public void unlinked(int a, int b) {
        int ia = islandOf(a);
        if (ia != NONE && ia == islandOf(b)) {
            removedContacts[ia]++;
        }
    }

    /** Marks island id awake or asleep (its bodies' flags are the caller's). */
    void setAwake(int id, boolean value) {
        if (awake[id] == value) {
            return;
        }
        awake[id] = value;
        if (value) {
            if (awakeCount == awakeList.length) {
                awakeList = Arrays.copyOf(awakeList, 2 * awakeCount);
            }
            awakeIndex[id] = awakeCount;
            awakeList[awakeCount++] = id;
        } else {
            int k = awakeIndex[id], last = awakeList[--awakeCount];
            awakeList[k] = last;
            awakeIndex[last] = k;
        }
    }

    boolean isAwake(int id) {
        return awake[id];
    }

    /** Wakes every body of body i's island (or just i, if it has none). */
    public void wake(BodyStore b, int i) {
        int id = islandOf(i);
        if (id == NONE) {
            b.awake[i] = true;
            b.sleepTime[i] = 0.0;
            return;
        }
        if (awake[id]) {
            b.awake[i] = true;
            b.sleepTime[i] = 0.0;
            return;
        }
        for (int body = head[id]; body != NONE; body = next[body]) {
            b.awake[body] = true;
            b.sleepTime[body] = 0.0;
        }
        setAwake(id, true);
    }

    /**
     * Splits island id into the groups of its bodies that its touching contacts still join
     * (union–find over the contacts whose two bodies are both in it), in the order of its body
     * list. The first group keeps the id. Visits the island's bodies' contacts only.
     *
     * @return the number of islands it became; {@link #part(int)} names them
     */
    int split(int id, ContactStore cs) {
        int n = 0;
        for (int body = head[id]; body != NONE; body = next[body]) {
            parent[body] = body;
            groupIsland[body] = NONE;
            order[n++] = body;
        }
        // The island's contacts, through its bodies' contact lists (each contact is met from both
        // its bodies; joining twice changes nothing): the rest of the world is not visited.
        for (int k = 0; k < n; k++) {
            for (int e = cs.firstEdge(order[k]); e != ContactStore.NONE; e = cs.nextEdge(e)) {
                int c = e >> 1;
                if (!cs.touching[c]) {
                    continue;
                }
                int a = cs.bodyA[c], b = cs.bodyB[c];
                if (islandOf[a] == id && islandOf[b] == id) {
                    int ra = find(a), rb = find(b);
                    if (ra != rb) {
                        parent[Math.max(ra, rb)] = Math.min(ra, rb);
                    }
                }
            }
        }
        if (joints != null) {
            for (int k = 0; k < n; k++) {
                for (int e = joints.firstEdge(order[k]); e != JointStore.NONE; e = joints.nextEdge(e)) {
                    int j = e >> 1;
                    int a = joints.bodyA[j], b = joints.bodyB[j];
                    if (joints.acting(j) && islandOf(a) == id && islandOf(b) == id) {
                        int ra = find(a), rb = find(b);
                        if (ra != rb) {
                            parent[Math.max(ra, rb)] = Math.min(ra, rb);
                        }
                    }
                }
            }
        }
        boolean wasAwake = awake[id];
        partCount = 0;
        // Rebuild in list order: each group becomes an island when its first body comes up; the
        // group of the island's first body keeps the id.
        for (int k = 0; k < n; k++) {
            int body = order[k];
            int root = find(body);
            int target;
            if (groupIsland[root] == NONE) {
                target = k == 0 ? id : newIsland();
                groupIsland[root] = target;
                if (partCount == parts.length) {
                    parts = Arrays.copyOf(parts, 2 * partCount);
                }
                parts[partCount++] = target;
                head[target] = body;
                tail[target] = body;
                size[target] = 1;
                removedContacts[target] = 0;
                prev[body] = NONE;
                islandOf[body] = target;
                if (target != id) {
                    awake[target] = false;
                    setAwake(target, wasAwake);
                }
            } else {
                target = groupIsland[root];
                next[tail[target]] = body;
                prev[body] = tail[target];
                tail[target] = body;
                size[target]++;
                islandOf[body] = target;
            }
            next[body] = NONE;
        }
        return partCount;
    }

    /** The p-th island the last {@link #split} made. */
    int part(int p) {
        return parts[p];
    }

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private int newIsland() {
        int id;
        if (freeCount > 0) {
            id = free[--freeCount];
        } else {
            if (highWater == head.length) {
                int c = 2 * highWater;
                head = Arrays.copyOf(head, c);
                tail = Arrays.copyOf(tail, c);
                size = Arrays.copyOf(size, c);
                removedContacts = Arrays.copyOf(removedContacts, c);
                awake = Arrays.copyOf(awake, c);
                awakeIndex = Arrays.copyOf(awakeIndex, c);
                // Every island may be freed at once (a pile merging into one): room for them all
                // now, rather than as they merge.
                free = Arrays.copyOf(free, c);
            }
            id = highWater++;
        }
        head[id] = NONE;
        tail[id] = NONE;
        size[id] = 0;
        removedContacts[id] = 0;
        awake[id] = false;
        return id;
    }

    private void freeIsland(int id) {
        setAwake(id, false);
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, 2 * freeCount);
        }
        free[freeCount++] = id;
    }

    /**
     * Checks the structure against the bodies and contacts, for tests: every live, enabled dynamic body in
     * exactly one island, lists and sizes consistent, an island's bodies all awake or all asleep as
     * the island is, the awake list holding exactly the awake islands, and the two dynamic bodies of
     * every touching contact in one island.
     *
     * @return null when all holds, else what does not
     */
    String check(BodyStore b, ContactStore cs, int[] shapeBody) {
        int seen = 0;
        for (int id = 0; id < highWater; id++) {
            boolean free = false;
            for (int f = 0; f < freeCount; f++) {
                free |= this.free[f] == id;
            }
            if (free) {
                continue;
            }
            int length = 0, last = NONE;
            for (int i = head[id]; i != NONE; i = next[i]) {
                if (islandOf[i] != id || prev[i] != last || !b.alive[i] || b.type[i] != BodyStore.DYNAMIC) {
                    return "island " + id + ": body " + i + " is listed but labelled " + islandOf[i];
                }
                if (b.awake[i] != awake[id]) {
                    return "island " + id + " is " + (awake[id] ? "awake" : "asleep") + " but body " + i + " is not";
                }
                last = i;
                length++;
            }
            if (length != size[id] || tail[id] != last || length == 0) {
                return "island " + id + ": size " + size[id] + ", listed " + length;
            }
            if (awake[id] && (awakeList[awakeIndex[id]] != id || awakeIndex[id] >= awakeCount)) {
                return "island " + id + " is awake but not in the awake list";
            }
            seen += length;
        }
        int dynamic = 0;
        for (int i = 0; i < b.highWater; i++) {
            // A disabled body is in no island (World.setEnabled takes it out of the step).
            if (b.alive[i] && b.type[i] == BodyStore.DYNAMIC && !b.disabled[i]) {
                dynamic++;
            } else if (islandOf(i) != NONE) {
                return "body " + i + " is not a live, enabled dynamic body but is in island " + islandOf(i);
            }
        }
        if (dynamic != seen) {
            return dynamic + " dynamic bodies, " + seen + " in islands";
        }
        for (int k = 0; k < awakeCount; k++) {
            if (!awake[awakeList[k]]) {
                return "island " + awakeList[k] + " is in the awake list but asleep";
            }
        }
        for (int c = 0; c < cs.count; c++) {
            int a = shapeBody[cs.shapeA[c]], d = shapeBody[cs.shapeB[c]];
            if (cs.touching[c] && b.type[a] == BodyStore.DYNAMIC && b.type[d] == BodyStore.DYNAMIC
                    && islandOf[a] != islandOf[d]) {
                return "bodies " + a + " and " + d + " touch but are in islands " + islandOf[a] + " and " + islandOf[d];
            }
        }
        return null;
    }
}
