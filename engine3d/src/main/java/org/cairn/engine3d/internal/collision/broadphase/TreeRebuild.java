package org.cairn.engine3d.internal.collision.broadphase;

import java.util.Arrays;

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
    /** The build's stack: per level, its node, the range [start, end) of pieces, the split, and how many children it has. */
    private int[] node = new int[16];
    private int[] start = new int[16];
    private int[] split = new int[16];
    private int[] end = new int[16];
    private int[] children = new int[16];

    /**
     * Room to gather every node of a tree of this capacity, made when the tree grows: what a
     * rebuild gathers grows as more proxies move, and would otherwise reallocate in the steps.
     */
    void ensureNodes(int capacity) {
        if (pieces.length < capacity) {
            pieces = new int[capacity];
            centres = new double[3 * capacity];
        }
    }

    /** Rebuilds the enlarged part of the tree; returns the new root. */
    int rebuild(DynamicTree tree, int root) {
        int count = gather(tree, root);
        if (count == 1) {
            tree.parent[pieces[0]] = DynamicTree.NULL;
            return pieces[0];
        }
        int top = 0;
        push(tree, top, 0, count);
        while (true) {
            children[top]++;
            if (children[top] == 2) {
                int n = node[top];
                tree.refreshFromChildren(n);
                if (top == 0) {
                    return n;
                }
                top--;
                attach(tree, node[top], n, children[top] == 0);
            } else {
                int from = children[top] == 0 ? start[top] : split[top];
                int to = children[top] == 0 ? split[top] : end[top];
                if (to - from == 1) {
                    attach(tree, node[top], pieces[from], children[top] == 0);
                } else {
                    top++;
                    push(tree, top, from, to);
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

    /** A new internal node at build level {@code level} over pieces [from, to). */
    private void push(DynamicTree tree, int level, int from, int to) {
        if (level == node.length) {
            int grown = 2 * level;
            node = Arrays.copyOf(node, grown);
            start = Arrays.copyOf(start, grown);
            split = Arrays.copyOf(split, grown);
            end = Arrays.copyOf(end, grown);
            children = Arrays.copyOf(children, grown);
        }
        node[level] = tree.allocateNode();
        start[level] = from;
        end[level] = to;
        split[level] = partition(from, to);
        children[level] = -1;
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
