package org.cairn.engine3d.internal.collision.broadphase;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * A bounding volume hierarchy of axis-aligned boxes whose leaves are proxies (Box2D's dynamic
 * tree). Leaves are inserted where they add the least surface area (the descent of Box2D v2.4,
 * which approximates the surface area heuristic), and on the way back up each node may swap a
 * child with a grandchild when that shrinks a box (Box2D v3's surface-area rotations), so the tree
 * stays tight as proxies come, go and move. A proxy that moves as a body steps is enlarged in place
 * instead ({@link #enlargeProxy}), and the nodes it loosened are rebuilt together ({@link #rebuild}),
 * as Box2D v3 does: the walk up and one partial rebuild cost less than a removal and an insertion
 * per moved proxy.
 *
 * <p>Nodes live in parallel primitive arrays indexed by node id; freed nodes are chained through
 * {@link #parent}. Nothing is allocated after the arrays have grown to the scene's size.
 */
public final class DynamicTree {
    /** The null node id. */
    public static final int NULL = -1;

    /** Called for each leaf a query finds; return false to stop the query. */
    public interface QueryCallback {
        /** Reports a proxy whose box overlaps the query box. */
        boolean report(int proxyId);
    }

    /** Called for each leaf whose box a ray crosses. */
    public interface RayCallback {
        /**
         * Reports a proxy whose box the ray crosses before {@code maxFraction}; returns the new
         * maximum fraction (to clip the ray), or a negative number to stop.
         */
        double report(int proxyId, double maxFraction);
    }

    // Package-private for TreeRebuild, which rebuilds the enlarged part in place.
    double[] box;
    int[] parent;
    int[] child1;
    int[] child2;
    private int[] height;
    /** Internal nodes an enlarged leaf passed on its way up ({@link #enlargeProxy}), rebuilt by {@link #rebuild}. */
    boolean[] enlarged;
    /** Whether any node is marked enlarged. */
    private boolean anyEnlarged;
    private final TreeRebuild rebuilder = new TreeRebuild();
    private int[] userData;
    private int root = NULL;
    private int nodeCount;
    private int capacity;
    private int freeList;
    private int proxyCount;
    private int[] stack = new int[64];

    public DynamicTree() {
        capacity = 16;
        box = new double[6 * capacity];
        parent = new int[capacity];
        child1 = new int[capacity];
        child2 = new int[capacity];
        height = new int[capacity];
        userData = new int[capacity];
        enlarged = new boolean[capacity];
        linkFreeNodes(0);
    }

    private void linkFreeNodes(int from) {
        for (int i = from; i < capacity - 1; i++) {
            parent[i] = i + 1;
            height[i] = -1;
        }
        parent[capacity - 1] = NULL;
        height[capacity - 1] = -1;
        freeList = from;
    }

    int allocateNode() {
        if (freeList == NULL) {
            int old = capacity;
            capacity *= 2;
            box = Arrays.copyOf(box, 6 * capacity);
            parent = Arrays.copyOf(parent, capacity);
            child1 = Arrays.copyOf(child1, capacity);
            child2 = Arrays.copyOf(child2, capacity);
            height = Arrays.copyOf(height, capacity);
            userData = Arrays.copyOf(userData, capacity);
            enlarged = Arrays.copyOf(enlarged, capacity);
            rebuilder.ensureNodes(capacity);
            linkFreeNodes(old);
        }
        int node = freeList;
        freeList = parent[node];
        parent[node] = NULL;
        child1[node] = NULL;
        child2[node] = NULL;
        height[node] = 0;
        userData[node] = -1;
        enlarged[node] = false;
        nodeCount++;
        return node;
    }

    void freeNode(int node) {
        parent[node] = freeList;
        height[node] = -1;
        freeList = node;
        nodeCount--;
    }

    /** Adds a leaf with the given (already fattened) box; returns its proxy id. */
    public int createProxy(Aabb fatBox, int data) {
        rebuild();
        int leaf = allocateNode();
        setBox(leaf, fatBox.minX, fatBox.minY, fatBox.minZ, fatBox.maxX, fatBox.maxY, fatBox.maxZ);
        userData[leaf] = data;
        insertLeaf(leaf);
        proxyCount++;
        return leaf;
    }

    /** Removes a leaf. */
    public void destroyProxy(int proxyId) {
        rebuild();
        removeLeaf(proxyId);
        freeNode(proxyId);
        proxyCount--;
    }

    /**
     * Moves a leaf to a new fat box (remove and reinsert). The caller decides when: typically only
     * when the shape's tight box has left the old fat box.
     */
    public void moveProxy(int proxyId, Aabb fatBox) {
        rebuild();
        removeLeaf(proxyId);
        setBox(proxyId, fatBox.minX, fatBox.minY, fatBox.minZ, fatBox.maxX, fatBox.maxY, fatBox.maxZ);
        insertLeaf(proxyId);
    }

    /**
     * Gives a leaf a new fat box without moving it in the tree (Box2D v3's b2DynamicTree_EnlargeProxy):
     * its ancestors grow to hold the new box too, and are marked for {@link #rebuild}, which
     * tightens them. Until then queries see a looser but valid tree. A moved leaf costs a walk up
     * instead of a removal and an insertion with its rotations.
     */
    public void enlargeProxy(int proxyId, Aabb fatBox) {
        setBox(proxyId, fatBox.minX, fatBox.minY, fatBox.minZ, fatBox.maxX, fatBox.maxY, fatBox.maxZ);
        int o = 6 * proxyId;
        int node = parent[proxyId];
        boolean growing = true;
        // Every ancestor is marked, so the rebuild's walk from the root reaches each enlarged node;
        // above the first marked one that need not grow, the marks are already there.
        while (node != NULL && (growing || !enlarged[node])) {
            if (growing) {
                int q = 6 * node;
                growing = box[q] > box[o] || box[q + 1] > box[o + 1] || box[q + 2] > box[o + 2]
                        || box[q + 3] < box[o + 3] || box[q + 4] < box[o + 4] || box[q + 5] < box[o + 5];
                if (growing) {
                    setBox(node, Math.min(box[q], box[o]), Math.min(box[q + 1], box[o + 1]), Math.min(box[q + 2], box[o + 2]),
                            Math.max(box[q + 3], box[o + 3]), Math.max(box[q + 4], box[o + 4]), Math.max(box[q + 5], box[o + 5]));
                }
            }
            enlarged[node] = true;
            node = parent[node];
        }
        anyEnlarged |= parent[proxyId] != NULL;
    }

    /**
     * Rebuilds the nodes enlarged leaves have loosened since the last rebuild ({@link TreeRebuild});
     * nothing when none were. The tree's shape changes, its leaves and their boxes do not.
     */
    public void rebuild() {
        rebuild(null);
    }

    /**
     * As {@link #rebuild()}, a large rebuild's two halves on two of the pool's workers (null: on
     * this thread); the same tree either way ({@link TreeRebuild}).
     */
    public void rebuild(WorkerPool pool) {
        if (!anyEnlarged) {
            return;
        }
        anyEnlarged = false;
        root = rebuilder.rebuild(this, root, pool);
    }

    /** An internal node's box and height from its two children's. */
    void refreshFromChildren(int node) {
        int c1 = child1[node], c2 = child2[node];
        setUnion(node, c1, c2);
        height[node] = 1 + Math.max(height[c1], height[c2]);
    }

    /** True if the leaf's fat box contains the given box. */
    public boolean fatBoxContains(int proxyId, Aabb tight) {
        int o = 6 * proxyId;
        return box[o] <= tight.minX && box[o + 1] <= tight.minY && box[o + 2] <= tight.minZ
                && tight.maxX <= box[o + 3] && tight.maxY <= box[o + 4] && tight.maxZ <= box[o + 5];
    }

    /** Writes the leaf's fat box into {@code dest}. */
    public Aabb fatBox(int proxyId, Aabb dest) {
        int o = 6 * proxyId;
        return dest.set(box[o], box[o + 1], box[o + 2], box[o + 3], box[o + 4], box[o + 5]);
    }

    /** The user data stored with a leaf. */
    public int userData(int proxyId) {
        return userData[proxyId];
    }

    /** Number of leaves. */
    public int proxyCount() {
        return proxyCount;
    }

    /** Height of the tree (0 for a single leaf, -1 when empty). */
    /** The root node ({@link #NULL} when empty); for tests. */
    int root() {
        return root;
    }

    /** Node slots allocated so far, live and free; for tests. */
    int nodeCapacity() {
        return capacity;
    }

    /** A node's height (−1: a free slot); for tests. */
    int nodeHeight(int node) {
        return height[node];
    }

    public int height() {
        return root == NULL ? -1 : height[root];
    }

    /** True if the two leaves' fat boxes overlap. */
    public boolean overlaps(int proxyA, DynamicTree other, int proxyB) {
        int a = 6 * proxyA, b = 6 * proxyB;
        double[] ob = other.box;
        return box[a] <= ob[b + 3] && ob[b] <= box[a + 3] && box[a + 1] <= ob[b + 4] && ob[b + 1] <= box[a + 4]
                && box[a + 2] <= ob[b + 5] && ob[b + 2] <= box[a + 5];
    }

    /** Reports every leaf whose fat box overlaps {@code query}, depth first, children in order. */
    public void query(Aabb query, QueryCallback callback) {
        query(query.minX, query.minY, query.minZ, query.maxX, query.maxY, query.maxZ, callback);
    }

    /**
     * The traversal stack of a query that may run while other threads query the same tree (a
     * static mesh's tree, read by the narrowphase on every worker): one per thread, grown as needed.
     */
    public static final class QueryStack {
        int[] items = new int[64];
    }

    /**
     * As {@link #query(Aabb, QueryCallback)}, with the caller's own traversal stack, so threads may
     * query one tree at once (the tree must not change meanwhile).
     */
    public void query(Aabb query, QueryCallback callback, QueryStack own) {
        query(query.minX, query.minY, query.minZ, query.maxX, query.maxY, query.maxZ, callback, own);
    }

    /** As {@link #query(Aabb, QueryCallback)} with the box given by its corners. */
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      QueryCallback callback) {
        query(minX, minY, minZ, maxX, maxY, maxZ, callback, queryStack);
    }

    private void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                       QueryCallback callback, QueryStack own) {
        if (root == NULL) {
            return;
        }
        int[] stack = own.items;
        int top = 0;
        stack[top++] = root;
        while (top > 0) {
            int node = stack[--top];
            int o = 6 * node;
            if (box[o] > maxX || minX > box[o + 3] || box[o + 1] > maxY || minY > box[o + 4] || box[o + 2] > maxZ
                    || minZ > box[o + 5]) {
                continue;
            }
            if (child1[node] == NULL) {
                if (!callback.report(node)) {
                    return;
                }
            } else {
                if (top + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, 2 * stack.length);
                    own.items = stack;
                }
                stack[top++] = child2[node];
                stack[top++] = child1[node];
            }
        }
    }

    /** The stack of the queries made without one of their own (one thread at a time). */
    private final QueryStack queryStack = new QueryStack();

    /**
     * Casts the segment from (ox, oy, oz) to (ox, oy, oz) + maxFraction·(dx, dy, dz) through the
     * tree, reporting leaves whose boxes it crosses; each report may shorten the segment.
     */
    public void rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                        RayCallback callback) {
        if (root == NULL) {
            return;
        }
        double invX = 1.0 / dx, invY = 1.0 / dy, invZ = 1.0 / dz;
        double limit = maxFraction;
        int top = 0;
        stack[top++] = root;
        while (top > 0) {
            int node = stack[--top];
            if (!rayHitsBox(node, ox, oy, oz, invX, invY, invZ, limit)) {
                continue;
            }
            if (child1[node] == NULL) {
                double value = callback.report(node, limit);
                if (value < 0) {
                    return;
                }
                limit = Math.min(limit, value);
            } else {
                if (top + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, 2 * stack.length);
                }
                stack[top++] = child2[node];
                stack[top++] = child1[node];
            }
        }
    }

    /** Slab test: does the ray enter the node's box at a fraction in [0, limit]? */
    private boolean rayHitsBox(int node, double ox, double oy, double oz, double invX, double invY, double invZ,
                               double limit) {
        int o = 6 * node;
        double t0 = 0.0, t1 = limit;
        double a = (box[o] - ox) * invX, b = (box[o + 3] - ox) * invX;
        // 0·∞ is NaN only for a ray parallel to the slab lying in one of its boundary planes: then
        // it runs inside the (closed) slab, and the slab clips nothing. Off the planes the infinite
        // quotients clip to all or nothing by themselves.
        if (!(Double.isNaN(a) || Double.isNaN(b))) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        a = (box[o + 1] - oy) * invY;
        b = (box[o + 4] - oy) * invY;
        if (!(Double.isNaN(a) || Double.isNaN(b))) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        a = (box[o + 2] - oz) * invZ;
        b = (box[o + 5] - oz) * invZ;
        if (!(Double.isNaN(a) || Double.isNaN(b))) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        return t0 <= t1;
    }

    private void setBox(int node, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = 6 * node;
        box[o] = minX;
        box[o + 1] = minY;
        box[o + 2] = minZ;
        box[o + 3] = maxX;
        box[o + 4] = maxY;
        box[o + 5] = maxZ;
    }

    private double area(int node) {
        int o = 6 * node;
        double dx = box[o + 3] - box[o], dy = box[o + 4] - box[o + 1], dz = box[o + 5] - box[o + 2];
        return 2.0 * (dx * dy + dy * dz + dz * dx);
    }

    /** Surface area of the union of two nodes' boxes. */
    private double unionArea(int a, int b) {
        int p = 6 * a, q = 6 * b;
        double dx = Math.max(box[p + 3], box[q + 3]) - Math.min(box[p], box[q]);
        double dy = Math.max(box[p + 4], box[q + 4]) - Math.min(box[p + 1], box[q + 1]);
        double dz = Math.max(box[p + 5], box[q + 5]) - Math.min(box[p + 2], box[q + 2]);
        return 2.0 * (dx * dy + dy * dz + dz * dx);
    }

    private void setUnion(int node, int a, int b) {
        int p = 6 * a, q = 6 * b;
        setBox(node, Math.min(box[p], box[q]), Math.min(box[p + 1], box[q + 1]), Math.min(box[p + 2], box[q + 2]),
                Math.max(box[p + 3], box[q + 3]), Math.max(box[p + 4], box[q + 4]), Math.max(box[p + 5], box[q + 5]));
    }

    private void insertLeaf(int leaf) {
        if (root == NULL) {
            root = leaf;
            parent[leaf] = NULL;
            return;
        }
        // Descend to the sibling that makes the cheapest tree: creating a parent at a node costs
        // twice the union area, and every ancestor grows by its area increase.
        int index = root;
        while (child1[index] != NULL) {
            int c1 = child1[index], c2 = child2[index];
            double area = area(index);
            double combined = unionArea(index, leaf);
            double cost = 2.0 * combined;
            double inheritance = 2.0 * (combined - area);
            double cost1 = childCost(c1, leaf) + inheritance;
            double cost2 = childCost(c2, leaf) + inheritance;
            if (cost < cost1 && cost < cost2) {
                break;
            }
            index = cost1 <= cost2 ? c1 : c2;
        }
        int sibling = index;
        int oldParent = parent[sibling];
        int newParent = allocateNode();
        parent[newParent] = oldParent;
        setUnion(newParent, sibling, leaf);
        height[newParent] = height[sibling] + 1;
        if (oldParent != NULL) {
            if (child1[oldParent] == sibling) {
                child1[oldParent] = newParent;
            } else {
                child2[oldParent] = newParent;
            }
        } else {
            root = newParent;
        }
        child1[newParent] = sibling;
        child2[newParent] = leaf;
        parent[sibling] = newParent;
        parent[leaf] = newParent;
        refit(parent[leaf]);
    }

    private double childCost(int child, int leaf) {
        double union = unionArea(child, leaf);
        return child1[child] == NULL ? union : union - area(child);
    }

    /** Walks up from {@code index}, rebalancing and refreshing heights and boxes. */
    private void refit(int index) {
        while (index != NULL) {
            index = balance(index);
            int c1 = child1[index], c2 = child2[index];
            height[index] = 1 + Math.max(height[c1], height[c2]);
            setUnion(index, c1, c2);
            index = parent[index];
        }
    }

    private void removeLeaf(int leaf) {
        if (leaf == root) {
            root = NULL;
            return;
        }
        int p = parent[leaf];
        int grandParent = parent[p];
        int sibling = child1[p] == leaf ? child2[p] : child1[p];
        if (grandParent != NULL) {
            if (child1[grandParent] == p) {
                child1[grandParent] = sibling;
            } else {
                child2[grandParent] = sibling;
            }
            parent[sibling] = grandParent;
            freeNode(p);
            // Boxes and heights only, no rotations (as Box2D v3's b2RemoveLeaf): a moved leaf is
            // reinserted at once, and the insertion's rotations tidy the path it goes down.
            for (int index = grandParent; index != NULL; index = parent[index]) {
                int c1 = child1[index], c2 = child2[index];
                height[index] = 1 + Math.max(height[c1], height[c2]);
                setUnion(index, c1, c2);
            }
        } else {
            root = sibling;
            parent[sibling] = NULL;
            freeNode(p);
        }
    }

    /**
     * Tree rotation by surface area (Kopta et al., "Fast, Effective BVH Updates for Animated
     * Scenes", 2012; Box2D v3's {@code b2RotateNodes}): at node a with children b and c, swapping
     * b with a grandchild under c (or c with one under b) changes only the box of the middle node.
     * The swap that shrinks that box the most is made, if any does. Unlike AVL rotations this
     * keeps boxes tight, which is what queries pay for. Returns a (the node stays in place).
     */
    private int balance(int a) {
        int b = child1[a], c = child2[a];
        if (b == NULL || height[a] < 2) {
            return a;
        }
        double bestGain = 0;
        int choice = 0;
        if (child1[c] != NULL) {
            int f = child1[c], g = child2[c];
            double areaC = area(c);
            double gainBF = areaC - unionArea(b, g);
            double gainBG = areaC - unionArea(b, f);
            if (gainBF > bestGain) {
                bestGain = gainBF;
                choice = 1;
            }
            if (gainBG > bestGain) {
                bestGain = gainBG;
                choice = 2;
            }
        }
        if (child1[b] != NULL) {
            int d = child1[b], e = child2[b];
            double areaB = area(b);
            double gainCD = areaB - unionArea(c, e);
            double gainCE = areaB - unionArea(c, d);
            if (gainCD > bestGain) {
                bestGain = gainCD;
                choice = 3;
            }
            if (gainCE > bestGain) {
                choice = 4;
            }
        }
        switch (choice) {
            case 1 -> swapChildIntoGrandchild(a, b, c, child1[c], true);
            case 2 -> swapChildIntoGrandchild(a, b, c, child2[c], true);
            case 3 -> swapChildIntoGrandchild(a, c, b, child1[b], false);
            case 4 -> swapChildIntoGrandchild(a, c, b, child2[b], false);
            default -> {
            }
        }
        return a;
    }

    /**
     * Swaps a's child {@code x} with {@code y}, a child of a's other child {@code m}; refreshes m's
     * box and height. {@code xIsChild1} says which slot of a holds x.
     */
    private void swapChildIntoGrandchild(int a, int x, int m, int y, boolean xIsChild1) {
        if (xIsChild1) {
            child1[a] = y;
        } else {
            child2[a] = y;
        }
        parent[y] = a;
        if (child1[m] == y) {
            child1[m] = x;
        } else {
            child2[m] = x;
        }
        parent[x] = m;
        setUnion(m, child1[m], child2[m]);
        height[m] = 1 + Math.max(height[child1[m]], height[child2[m]]);
    }

    /**
     * Checks every structural invariant (parents, heights, boxes enclosing children, node count); throws IllegalStateException at the first violation. For tests and validation.
     */
    public void validate() {
        if (root == NULL) {
            if (proxyCount != 0) {
                throw new IllegalStateException("empty tree with " + proxyCount + " proxies");
            }
            return;
        }
        if (parent[root] != NULL) {
            throw new IllegalStateException("root has a parent");
        }
        int[] counts = new int[2];
        validate(root, counts);
        if (counts[0] != proxyCount || counts[0] + counts[1] != nodeCount) {
            throw new IllegalStateException("node counts " + Arrays.toString(counts) + " vs " + proxyCount + "/" + nodeCount);
        }
    }

    private void validate(int node, int[] counts) {
        if (child1[node] == NULL) {
            if (child2[node] != NULL || height[node] != 0) {
                throw new IllegalStateException("bad leaf " + node);
            }
            counts[0]++;
            return;
        }
        counts[1]++;
        int c1 = child1[node], c2 = child2[node];
        if (parent[c1] != node || parent[c2] != node) {
            throw new IllegalStateException("bad parent link at " + node);
        }
        if (height[node] != 1 + Math.max(height[c1], height[c2])) {
            throw new IllegalStateException("bad height at " + node);
        }
        for (int child : new int[] {c1, c2}) {
            for (int k = 0; k < 3; k++) {
                if (box[6 * child + k] < box[6 * node + k] || box[6 * child + 3 + k] > box[6 * node + 3 + k]) {
                    throw new IllegalStateException("box of " + node + " does not enclose child " + child);
                }
            }
        }
        validate(c1, counts);
        validate(c2, counts);
    }
}
