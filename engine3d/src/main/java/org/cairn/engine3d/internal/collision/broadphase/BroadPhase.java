package org.cairn.engine3d.internal.collision.broadphase;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.container.LongArray;
import org.cairn.engine3d.internal.container.LongHashSet;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * Finds pairs of shapes whose fat boxes overlap. Static shapes live in their own tree, so the many
 * shapes of level geometry are never re-inserted or queried against each other; moving shapes live
 * in the dynamic tree.
 *
 * <p>Only proxies that moved (entered the move buffer) are queried, each against the dynamic tree
 * and, if it is not static itself, the static tree. New pairs are collected, sorted by their key
 * (lower shape index in the high 32 bits), and checked against the set of existing pairs, so the
 * order in which pairs appear depends only on shape indices, never on hashing or tree shape.
 *
 * <p>A proxy key is {@code 2·proxyId + tree} with tree 0 for static and 1 for dynamic.
 */
public final class BroadPhase {
    /** Decides whether two shapes may collide at all (bodies, filters, exclusions). */
    public interface PairFilter {
        /** True if shapes a and b should get a contact; called with a &lt; b. */
        boolean shouldCollide(int shapeA, int shapeB);

        /**
         * True only if {@link #shouldCollide} is false for this shape and every other: a moved
         * proxy of such a shape is not queried at all (its overlaps could make no pair).
         */
        default boolean pairsWithNothing(int shape) {
            return false;
        }
    }

    /** Static tree index in a proxy key. */
    public static final int STATIC = 0;
    /** Dynamic tree index in a proxy key. */
    public static final int DYNAMIC = 1;

    private final DynamicTree[] trees = {new DynamicTree(), new DynamicTree()};
    private int[] moveBuffer = new int[64];
    private int moveCount;
    private final LongHashSet moved = new LongHashSet(64);
    private final LongHashSet pairs = new LongHashSet(256);
    private final LongArray candidates = new LongArray(256);

    private PairFilter filter;

    /** Packs a pair of shape indices into a key, lower index first. */
    public static long pairKey(int shapeA, int shapeB) {
        int lo = Math.min(shapeA, shapeB), hi = Math.max(shapeA, shapeB);
        return ((long) lo << 32) | (hi & 0xffffffffL);
    }

    /** Lower shape index of a pair key. */
    public static int shapeA(long pairKey) {
        return (int) (pairKey >>> 32);
    }

    /** Higher shape index of a pair key. */
    public static int shapeB(long pairKey) {
        return (int) pairKey;
    }

    /** The tree of a proxy key. */
    public DynamicTree tree(int proxyKey) {
        return trees[proxyKey & 1];
    }

    /** Adds a shape's proxy with the given fat box; it is queued for pair finding. */
    public int createProxy(Aabb fatBox, int shape, boolean isStatic) {
        int tree = isStatic ? STATIC : DYNAMIC;
        int key = 2 * trees[tree].createProxy(fatBox, shape) + tree;
        bufferMove(key);
        return key;
    }

    /** Removes a proxy. Pairs that involve its shape must be removed by the caller. */
    public void destroyProxy(int proxyKey) {
        unbufferMove(proxyKey);
        tree(proxyKey).destroyProxy(proxyKey >> 1);
    }

    /** Moves a proxy to a new fat box and queues it for pair finding. */
    public void moveProxy(int proxyKey, Aabb fatBox) {
        tree(proxyKey).moveProxy(proxyKey >> 1, fatBox);
        bufferMove(proxyKey);
    }

    /**
     * Gives a proxy a new fat box and queues it for pair finding, without moving it in its tree
     * (the dynamic tree's enlarged part is rebuilt once the pairs are found, see
     * {@link DynamicTree#enlargeProxy}); a static proxy is moved.
     */
    public void enlargeProxy(int proxyKey, Aabb fatBox) {
        if ((proxyKey & 1) == STATIC) {
            moveProxy(proxyKey, fatBox);
            return;
        }
        trees[DYNAMIC].enlargeProxy(proxyKey >> 1, fatBox);
        bufferMove(proxyKey);
    }

    /** True if the proxy's fat box still contains the shape's tight box. */
    public boolean fatBoxContains(int proxyKey, Aabb tight) {
        return tree(proxyKey).fatBoxContains(proxyKey >> 1, tight);
    }

    /** Writes the proxy's fat box into dest. */
    public Aabb fatBox(int proxyKey, Aabb dest) {
        return tree(proxyKey).fatBox(proxyKey >> 1, dest);
    }

    /** True if two proxies' fat boxes overlap. */
    public boolean overlaps(int proxyKeyA, int proxyKeyB) {
        return tree(proxyKeyA).overlaps(proxyKeyA >> 1, tree(proxyKeyB), proxyKeyB >> 1);
    }

    /** Makes room for n pairs in the set of known pairs. */
    public void reservePairs(int n) {
        pairs.reserve(n);
    }

    /** Number of pairs currently known. */
    public int pairCount() {
        return pairs.size();
    }

    /** Forgets a pair (when its fat boxes separate or a shape goes away). */
    public void removePair(int shapeA, int shapeB) {
        pairs.remove(pairKey(shapeA, shapeB));
    }

    private void bufferMove(int key) {
        if (!moved.add(key)) {
            return;
        }
        if (moveCount == moveBuffer.length) {
            moveBuffer = Arrays.copyOf(moveBuffer, 2 * moveCount);
        }
        moveBuffer[moveCount++] = key;
    }

    private void unbufferMove(int key) {
        if (!moved.remove(key)) {
            return;
        }
        for (int i = 0; i < moveCount; i++) {
            if (moveBuffer[i] == key) {
                // Keep the order of the others: the buffer is processed in order.
                System.arraycopy(moveBuffer, i + 1, moveBuffer, i, moveCount - i - 1);
                moveCount--;
                return;
            }
        }
    }

    /**
     * Finds the pairs that the moved proxies begin, adds them to the pair set and appends their
     * keys to {@code newPairs} in ascending key order; then empties the move buffer. On this thread;
     * {@link #beginPairSearch}, {@link #findPairs} and {@link #endPairSearch} do the same with the
     * moved proxies' queries shared among workers.
     */
    public void updatePairs(PairFilter pairFilter, LongArray newPairs) {
        int moved = beginPairSearch(pairFilter, 1, null);
        findPairs(0, moved, 0);
        endPairSearch(newPairs);
    }

    /**
     * The first part of {@link #updatePairs}: the nodes the moved proxies loosened are rebuilt, so
     * the queries walk a tight tree (Box2D v3 rebuilds after them, beside the narrowphase on
     * another thread; the tree's shape changes no pair, as they are sorted). Returns how many
     * proxies moved: {@link #findPairs} then queries them, split in any way among {@code workers}
     * workers (the filter is then asked on each of them). A large rebuild runs its two halves on
     * two of {@code pool}'s workers (null: this thread alone), with the same tree.
     */
    public int beginPairSearch(PairFilter pairFilter, int workers, WorkerPool pool) {
        filter = pairFilter;
        if (finders.length < workers) {
            PairFinder[] grown = Arrays.copyOf(finders, workers);
            for (int w = finders.length; w < workers; w++) {
                grown[w] = new PairFinder();
            }
            finders = grown;
        }
        for (PairFinder f : finders) {
            f.found.clear();
        }
        trees[DYNAMIC].rebuild(pool);
        return moveCount;
    }

    /** Queries the moved proxies [from, to) of the move buffer, with worker {@code worker}'s stack and list. */
    public void findPairs(int from, int to, int worker) {
        PairFinder f = finders[worker];
        for (int i = from; i < to; i++) {
            f.query(this, moveBuffer[i]);
        }
    }

    /** The last part of {@link #updatePairs}: every worker's finds, sorted, those not yet known made pairs. */
    public void endPairSearch(LongArray newPairs) {
        candidates.clear();
        for (PairFinder f : finders) {
            for (int i = 0; i < f.found.size(); i++) {
                candidates.add(f.found.get(i));
            }
        }
        candidates.sort();
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < candidates.size(); i++) {
            long key = candidates.get(i);
            if (key != previous && pairs.add(key)) {
                newPairs.add(key);
            }
            previous = key;
        }
        for (int i = 0; i < moveCount; i++) {
            moved.remove(moveBuffer[i]);
        }
        moveCount = 0;
        filter = null;
    }

    private PairFinder[] finders = {new PairFinder()};

    /**
     * One worker's part of the pair search: its traversal stack (the trees are only read), the
     * moved proxy it is querying, and the pairs it found that the pair set does not hold yet.
     */
    private static final class PairFinder {
        private final DynamicTree.QueryStack stack = new DynamicTree.QueryStack();
        private final LongArray found = new LongArray(64);
        private final Aabb queryBox = new Aabb();
        /** The broadphase being searched, while a query runs. */
        private BroadPhase of;
        private int queryKey;
        private int queryShape;
        private final DynamicTree.QueryCallback dynamicHits = proxyId -> consider(2 * proxyId + DYNAMIC);
        private final DynamicTree.QueryCallback staticHits = proxyId -> consider(2 * proxyId + STATIC);

        /** The pairs moved proxy {@code key} may begin: a dynamic proxy against both trees, a static one against the dynamic tree. */
        void query(BroadPhase broadPhase, int key) {
            of = broadPhase;
            queryKey = key;
            DynamicTree own = broadPhase.tree(key);
            queryShape = own.userData(key >> 1);
            if (!broadPhase.filter.pairsWithNothing(queryShape)) {
                own.fatBox(key >> 1, queryBox);
                broadPhase.trees[DYNAMIC].query(queryBox, dynamicHits, stack);
                if ((key & 1) == DYNAMIC) {
                    broadPhase.trees[STATIC].query(queryBox, staticHits, stack);
                }
            }
            of = null;
        }

        /** One overlap found while querying for the moved proxy {@link #queryKey}. */
        private boolean consider(int otherKey) {
            if (otherKey == queryKey) {
                return true;
            }
            // Two moved proxies find each other twice; the sort and the pair set drop the repeat.
            int other = of.tree(otherKey).userData(otherKey >> 1);
            if (other == queryShape) {
                return true;
            }
            int a = Math.min(other, queryShape), b = Math.max(other, queryShape);
            long key = pairKey(a, b);
            if (!of.pairs.contains(key) && of.filter.shouldCollide(a, b)) {
                found.add(key);
            }
            return true;
        }
    }

    /** Checks both trees' invariants; for tests and validation. */
    public void validate() {
        trees[STATIC].validate();
        trees[DYNAMIC].validate();
    }

    /** Receives proxy keys from {@link #rayCast} and {@link #query}. */
    public interface KeyCallback {
        /** For ray casts: return the new maximum fraction (negative stops); for queries: 1 to go on, 0 to stop. */
        double report(int proxyKey, double maxFraction);
    }

    private KeyCallback keyCallback;
    private boolean stopped;
    private double rayLimit;
    private final DynamicTree.RayCallback staticRay = (proxy, max) -> forwardRay(2 * proxy + STATIC, max);
    private final DynamicTree.RayCallback dynamicRay = (proxy, max) -> forwardRay(2 * proxy + DYNAMIC, max);
    private final DynamicTree.QueryCallback staticQuery = proxy -> forwardQuery(2 * proxy + STATIC);
    private final DynamicTree.QueryCallback dynamicQuery = proxy -> forwardQuery(2 * proxy + DYNAMIC);

    private double forwardRay(int key, double max) {
        double value = keyCallback.report(key, Math.min(max, rayLimit));
        if (value < 0) {
            stopped = true;
            return -1;
        }
        rayLimit = Math.min(rayLimit, value);
        return rayLimit;
    }

    private boolean forwardQuery(int key) {
        if (keyCallback.report(key, 1) <= 0) {
            stopped = true;
            return false;
        }
        return true;
    }

    /**
     * Casts the segment origin + t·translation, t in [0, maxFraction], through the static and then
     * the dynamic tree; a clip from one tree carries over to the other.
     */
    public void rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                        KeyCallback callback) {
        keyCallback = callback;
        stopped = false;
        rayLimit = maxFraction;
        trees[STATIC].rayCast(ox, oy, oz, dx, dy, dz, maxFraction, staticRay);
        if (!stopped) {
            trees[DYNAMIC].rayCast(ox, oy, oz, dx, dy, dz, rayLimit, dynamicRay);
        }
        keyCallback = null;
    }

    /** Reports every proxy whose fat box overlaps the box, static tree first. */
    public void query(Aabb box, KeyCallback callback) {
        keyCallback = callback;
        stopped = false;
        trees[STATIC].query(box, staticQuery);
        if (!stopped) {
            trees[DYNAMIC].query(box, dynamicQuery);
        }
        keyCallback = null;
    }

    /** Reports every static proxy whose box overlaps {@code box}. */
    public void queryStatic(Aabb box, KeyCallback callback) {
        keyCallback = callback;
        stopped = false;
        trees[STATIC].query(box, staticQuery);
        keyCallback = null;
    }

    /**
     * The static shapes' proxies whose boxes overlap {@code box}, reported by proxy id of the
     * static tree, with the caller's traversal stack: threads may query at once while no proxy
     * changes (the continuous stage's sweeps on the workers).
     */
    public void queryStatic(Aabb box, DynamicTree.QueryCallback callback, DynamicTree.QueryStack own) {
        trees[STATIC].query(box, callback, own);
    }

    /** The user data of static proxy {@code proxyId} (its shape). */
    public int staticShape(int proxyId) {
        return trees[STATIC].userData(proxyId);
    }

    /** As {@link #queryStatic(Aabb, DynamicTree.QueryCallback, DynamicTree.QueryStack)}, for the proxies of the bodies that move (dynamic and kinematic). */
    public void queryMoving(Aabb box, DynamicTree.QueryCallback callback, DynamicTree.QueryStack own) {
        trees[DYNAMIC].query(box, callback, own);
    }

    /** The user data of moving proxy {@code proxyId} (its shape). */
    public int movingShape(int proxyId) {
        return trees[DYNAMIC].userData(proxyId);
    }
}
