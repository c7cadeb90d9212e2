package org.cairn.engine3d.internal.collision.broadphase;

import java.util.Arrays;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * Rebuilds the part of a {@link DynamicTree} that enlarged leaves made loose (Box2D v3's partial
 * rebuild): every internal node marked enlarged is freed, and what hangs below the freed nodes
 * (leaves, and whole subtrees no enlarged leaf passed through) is built into a new top, top down,
 * each range of pieces split at the middle of their centres along the axis where the centres
 * spread the most. A tree in which nothing moved costs nothing; one in which a few leaves moved
 * rebuilds only the paths from them to the root.
 *
 * <p>The pieces are gathered in a fixed order and split by a fixed rule, so the same tree and
 * moves give the same new tree. Nothing is allocated once the scratch has grown to the tree's size.
 */
final class TreeRebuild {
    /** The pieces the new top is built over: node ids, then their boxes' centres (x, y, z each). */
    private int[] pieces = new int[16];
    private double[] centres = new double[48];
    /** The walk's stack of nodes still to visit. */
    private int[] walk = new int[32];
    /**
     * The new top's internal nodes, taken from the tree before the build, in the order a build top
     * down takes them (preorder: a range's node, then its first part's, then its second's), so a
     * part built on its own takes the same nodes as when the whole is built in one go.
     */
    private int[] slots = new int[16];
    /** The stacks of the two halves' builds (the first also builds the whole on one thread). */
    private final Builder[] builders = {new Builder(), new Builder()};
    /** Pieces from which the two halves of the new top are built on two workers at once. */
    static final int PARALLEL_PIECES = 1024;
    private DynamicTree halfTree;
    private int halfSplit, halfCount;
    private final int[] halfRoot = new int[2];
    private final RangeTask halves = (from, to, w) -> {
        for (int h = from; h < to; h++) {
            halfRoot[h] = h == 0 ? part(builders[0], halfTree, 0, halfSplit, 1)
                    : part(builders[1], halfTree, halfSplit, halfCount, halfSplit);
        }
    };

    /** One build's stack: per level, its node, the range [start, end) of pieces, the split, and how many children it has. */
    private static final class Builder {
        int[] node = new int[16];
        int[] start = new int[16];
        int[] split = new int[16];
        int[] end = new int[16];
        int[] children = new int[16];
        /** The next of the build's slots. */
        int next;
    }

    /**
     * Room to gather every node of a tree of this capacity, made when the tree grows: what a
     * rebuild gathers grows as more proxies move, and would otherwise reallocate in the steps.
     */
    void ensureNodes(int capacity) {
        if (pieces.length < capacity) {
            pieces = new int[capacity];
            centres = new double[3 * capacity];
            slots = new int[capacity];
        }
    }

    /**
     * Rebuilds the enlarged part of the tree; returns the new root. With a pool of two workers or
     * more (null: this thread alone) and at least {@link #PARALLEL_PIECES} pieces, the new top's
     * first split is made here and its two halves are built on two workers: the halves touch
     * disjoint pieces and nodes, and each takes the nodes the one-thread build would give it, so
     * the tree is the same node for node.
     */
    int rebuild(DynamicTree tree, int root, WorkerPool pool) {
        int count = gather(tree, root);
        if (count == 1) {
            tree.parent[pieces[0]] = DynamicTree.NULL;
            return pieces[0];
        }
        if (slots.length < count - 1) {
            slots = new int[Math.max(count - 1, 2 * slots.length)];
        }
        for (int i = 0; i < count - 1; i++) {
            slots[i] = tree.allocateNode();
        }
        if (pool == null || pool.workerCount() < 2 || count < PARALLEL_PIECES) {
            return build(builders[0], tree, 0, count, 0);
        }
        int top = slots[0];
        int split = partition(0, count);
        halfTree = tree;
        halfSplit = split;
        halfCount = count;
        pool.run(halves, 2, 1);
        halfTree = null;
        attach(tree, top, halfRoot[0], true);
        attach(tree, top, halfRoot[1], false);
        tree.refreshFromChildren(top);
        return top;
    }

    /** The subtree over pieces [from, to) (the piece itself when it is one), its nodes from slots[slot..]. */
    private int part(Builder b, DynamicTree tree, int from, int to, int slot) {
        return to - from == 1 ? pieces[from] : build(b, tree, from, to, slot);
    }

    /** Builds the subtree over pieces [from, to), at least two, top down, its nodes from slots[slot..]; returns its root. */
    private int build(Builder b, DynamicTree tree, int from, int to, int slot) {
        b.next = slot;
        int top = 0;
        push(b, top, from, to);
        while (true) {
            b.children[top]++;
            if (b.children[top] == 2) {
                int n = b.node[top];
                tree.refreshFromChildren(n);
                if (top == 0) {
                    return n;
                }
                top--;
                attach(tree, b.node[top], n, b.children[top] == 0);
            } else {
                int first = b.children[top] == 0 ? b.start[top] : b.split[top];
                int last = b.children[top] == 0 ? b.split[top] : b.end[top];
                if (last - first == 1) {
                    attach(tree, b.node[top], pieces[first], b.children[top] == 0);
                } else {
                    top++;
                    push(b, top, first, last);
                }
            }
        }
    }

    /**
     * Frees the enlarged internal nodes, depth first from the root, and lists what hangs below them
     * (detached from their parents) with their centres; returns how many.
     */
    private int gather(DynamicTree tree, int root) {
        int count = 0, top = 0;
        walk[top++] = root;
        while (top > 0) {
            int n = walk[--top];
            if (tree.child1[n] == DynamicTree.NULL || !tree.enlarged[n]) {
                if (count == pieces.length) {
                    pieces = Arrays.copyOf(pieces, 2 * count);
                    centres = Arrays.copyOf(centres, 6 * count);
                }
                pieces[count] = n;
                int o = 6 * n;
                double[] box = tree.box;
                centres[3 * count] = 0.5 * (box[o] + box[o + 3]);
                centres[3 * count + 1] = 0.5 * (box[o + 1] + box[o + 4]);
                centres[3 * count + 2] = 0.5 * (box[o + 2] + box[o + 5]);
                tree.parent[n] = DynamicTree.NULL;
                count++;
            } else {
                if (top + 2 > walk.length) {
                    walk = Arrays.copyOf(walk, 2 * walk.length);
                }
                walk[top++] = tree.child2[n];
                walk[top++] = tree.child1[n];
                tree.enlarged[n] = false;
                tree.freeNode(n);
            }
        }
        return count;
    }

    /** A new internal node at build level {@code level} over pieces [from, to): the build's next slot. */
    private void push(Builder b, int level, int from, int to) {
        if (level == b.node.length) {
            int grown = 2 * level;
            b.node = Arrays.copyOf(b.node, grown);
            b.start = Arrays.copyOf(b.start, grown);
            b.split = Arrays.copyOf(b.split, grown);
            b.end = Arrays.copyOf(b.end, grown);
            b.children = Arrays.copyOf(b.children, grown);
        }
        b.node[level] = slots[b.next++];
        b.start[level] = from;
        b.end[level] = to;
        b.split[level] = partition(from, to);
        b.children[level] = -1;
    }

    private static void attach(DynamicTree tree, int parent, int child, boolean first) {
        if (first) {
            tree.child1[parent] = child;
        } else {
            tree.child2[parent] = child;
        }
        tree.parent[child] = parent;
    }

    /**
     * Reorders pieces [from, to) so that those whose centre lies below the middle of the centres'
     * spread, along the axis of the largest spread, come first; returns where the others begin
     * (the middle of the range when all fall on one side, as equal centres do).
     */
    private int partition(int from, int to) {
        int count = to - from;
        if (count <= 2) {
            return from + count / 2;
        }
        double minX = Double.MAX_VALUE, minY = Double.MAX_VALUE, minZ = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE, maxY = -Double.MAX_VALUE, maxZ = -Double.MAX_VALUE;
        for (int i = from; i < to; i++) {
            minX = Math.min(minX, centres[3 * i]);
            minY = Math.min(minY, centres[3 * i + 1]);
            minZ = Math.min(minZ, centres[3 * i + 2]);
            maxX = Math.max(maxX, centres[3 * i]);
            maxY = Math.max(maxY, centres[3 * i + 1]);
            maxZ = Math.max(maxZ, centres[3 * i + 2]);
        }
        double dx = maxX - minX, dy = maxY - minY, dz = maxZ - minZ;
        int axis = dx >= dy && dx >= dz ? 0 : dy >= dz ? 1 : 2;
        double pivot = axis == 0 ? 0.5 * (minX + maxX) : axis == 1 ? 0.5 * (minY + maxY) : 0.5 * (minZ + maxZ);
        int lo = from, hi = to;
        while (lo < hi) {
            while (lo < hi && centres[3 * lo + axis] < pivot) {
                lo++;
            }
            while (lo < hi && centres[3 * (hi - 1) + axis] >= pivot) {
                hi--;
            }
            if (lo < hi) {
                swap(lo, hi - 1);
                lo++;
                hi--;
            }
        }
        return lo > from && lo < to ? lo : from + count / 2;
    }

    private void swap(int i, int j) {
        int p = pieces[i];
        pieces[i] = pieces[j];
        pieces[j] = p;
        for (int k = 0; k < 3; k++) {
            double c = centres[3 * i + k];
            centres[3 * i + k] = centres[3 * j + k];
            centres[3 * j + k] = c;
        }
    }
}
