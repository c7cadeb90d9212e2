package org.cairn.engine3d.internal.solver;

import org.cairn.engine3d.internal.joint.JointStore;

/**
 * The components a step's joints make of their dynamic bodies, for {@link JointTree}: union–find
 * over the joints a tree may take, with per component its bodies and joints, the limit rows its
 * joints may bring, whether it has a cycle, how many joints hold it to bodies that do not move,
 * and whether a joint solved joint by joint also holds it; per body its joints as an edge list.
 */
final class JointComponents {
    private int[] unionParent = new int[16];
    /** Per component root: whether it has a cycle, and how many joints hold it to bodies that do not move. */
    boolean[] cyclic = new boolean[16];
    int[] fixedCount = new int[16];
    /** Per entry, its first joint (2·joint + side) and per joint side the next: each body's joints. */
    int[] edgeHead = new int[16];
    int[] edgeNext = new int[32];
    /** Per component root, its nodes (bodies and joints) and the limit rows its joints may bring. */
    private int[] componentNodes = new int[16];
    private int[] componentLimits = new int[16];
    /** Per component root, whether a joint that is solved joint by joint also holds one of its bodies. */
    private boolean[] mixed = new boolean[16];
    /** Per component root, whether its limits may be solved in its tree (0: not decided yet). */
    private byte[] admission = new byte[16];
    private static final byte ADMITTED = 1, REFUSED = 2;
    /** Per active joint, whether it is kept out of the trees ({@link #excludeLargeLimitedComponents}). */
    private boolean[] excluded = new boolean[16];

    /** Room for {@code entries} solver entries and {@code count} active joints; clears the joints' exclusions. */
    void ensure(int entries, int count) {
        if (unionParent.length < entries) {
            int n = Math.max(entries, 2 * unionParent.length);
            unionParent = new int[n];
            cyclic = new boolean[n];
            fixedCount = new int[n];
            edgeHead = new int[n];
            componentNodes = new int[n];
            componentLimits = new int[n];
            mixed = new boolean[n];
            admission = new byte[n];
        }
        if (edgeNext.length < 2 * count) {
            edgeNext = new int[Math.max(2 * count, 2 * edgeNext.length)];
        }
        if (excluded.length < count) {
            excluded = new boolean[Math.max(count, 2 * excluded.length)];
        }
        java.util.Arrays.fill(excluded, 0, count, false);
    }

    /**
     * The components of the candidate joints: union–find over their dynamic bodies (each with its
     * body, joint and limit row count), cycles, joints to bodies that do not move, and each body's
     * joints as an edge list. Whether there is any candidate.
     */
    boolean join(JointStore js, int[] active, int count, int[] stateA, int[] stateB, double[] s, int entries) {
        for (int e = 0; e < entries; e++) {
            unionParent[e] = e;
            cyclic[e] = false;
            fixedCount[e] = 0;
            edgeHead[e] = -1;
            componentNodes[e] = 1;
            componentLimits[e] = 0;
            mixed[e] = false;
            admission[e] = 0;
        }
        boolean any = false;
        for (int n = 0; n < count; n++) {
            if (!candidate(js, n, active[n], stateA[n], stateB[n], s)) {
                continue;
            }
            int a = entry(stateA[n], s), b = entry(stateB[n], s);
            any = true;
            int root;
            if (a >= 0 && b >= 0) {
                int ra = find(a), rb = find(b);
                if (ra == rb) {
                    cyclic[ra] = true;
                } else {
                    unionParent[ra] = rb;
                    cyclic[rb] |= cyclic[ra];
                    fixedCount[rb] += fixedCount[ra];
                    componentNodes[rb] += componentNodes[ra];
                    componentLimits[rb] += componentLimits[ra];
                }
                root = rb;
            } else {
                root = find(a >= 0 ? a : b);
                fixedCount[root]++;
            }
            componentNodes[find(root)]++;
            componentLimits[find(root)] += TreeLimits.bound(js, active[n]);
            if (a >= 0) {
                edgeNext[2 * n] = edgeHead[a];
                edgeHead[a] = 2 * n;
            }
            if (b >= 0) {
                edgeNext[2 * n + 1] = edgeHead[b];
                edgeHead[b] = 2 * n + 1;
            }
        }
        return any;
    }

    /**
     * Leaves out of the trees the joints with limits of every component too large to solve its
     * limits here (limit rows × nodes above {@link JointTree#MAX_LIMIT_RESPONSE}), beyond the
     * world's budget for them ({@link JointTree#MAX_LIMIT_RESPONSE_TOTAL}) or also held by a joint
     * solved joint by joint: they are solved joint by joint, as before limits were solved in
     * trees, and split their components. Whether any was.
     */
    boolean excludeLargeLimitedComponents(JointStore js, int[] active, int count, int[] stateA, int[] stateB,
                                          double[] s) {
        // A component that a joint solved joint by joint also holds (a slider, a distance joint, a
        // soft weld) keeps its limits out of the tree too: its limits' articulated masses would
        // leave out what that joint carries. A 1 kg link on a hinge with limits, a 3.9 kg box on a
        // locked slider below it: the limit stopped the link dead, the slider and the hinge came
        // 28 mm apart and threw the pair back up, 84 J above its start in a larger such chain.
        for (int n = 0; n < count; n++) {
            if (JointTree.rigidRowCount(js, active[n]) > 0) {
                continue;
            }
            int a = entry(stateA[n], s), b = entry(stateB[n], s);
            if (a >= 0) {
                mixed[find(a)] = true;
            }
            if (b >= 0) {
                mixed[find(b)] = true;
            }
        }
        // Components are admitted in joint order while the world's budget lasts, so that no count
        // of limited chains a scene may hold makes the limits' responses take more than some
        // 13 MB; the others keep their limits joint by joint.
        boolean any = false;
        long budget = 0;
        for (int n = 0; n < count; n++) {
            if (TreeLimits.bound(js, active[n]) == 0 || !candidate(js, n, active[n], stateA[n], stateB[n], s)) {
                continue;
            }
            int a = entry(stateA[n], s), b = entry(stateB[n], s);
            int root = find(a >= 0 ? a : b);
            if (cyclic[root] || fixedCount[root] > 1) {
                // Never a tree.
                continue;
            }
            if (admission[root] == 0) {
                long size = (long) componentLimits[root] * componentNodes[root];
                boolean admitted = !mixed[root] && size <= JointTree.MAX_LIMIT_RESPONSE
                        && budget + size <= JointTree.MAX_LIMIT_RESPONSE_TOTAL;
                admission[root] = admitted ? ADMITTED : REFUSED;
                budget += admitted ? size : 0;
            }
            if (admission[root] == REFUSED) {
                excluded[n] = true;
                any = true;
            }
        }
        return any;
    }

    /**
     * Whether some component of the candidate joints (a root among the first {@code entries}) has
     * no cycle and at most one joint to a body that does not move: if none has, there is no tree,
     * and the passes over the joints that would look for one are skipped (a grid has one component
     * with cycles, and those passes were two thirds of its search).
     */
    boolean anyTreeLike(int entries) {
        for (int e = 0; e < entries; e++) {
            if (unionParent[e] == e && edgeHead[e] >= 0 && !cyclic[e] && fixedCount[e] <= 1) {
                return true;
            }
        }
        return false;
    }

    /** Whether joint j, its bodies' entries at offsets oa and ob, is one a tree may take: rigid rows, a body that moves. */
    boolean candidate(JointStore js, int n, int j, int oa, int ob, double[] s) {
        return !excluded[n] && JointTree.rigidRowCount(js, j) > 0 && (entry(oa, s) >= 0 || entry(ob, s) >= 0);
    }

    /** The solver entry at offset o, or −1 for a body the solver does not move (no inverse mass). */
    static int entry(int o, double[] s) {
        return s[o + SolverBodies.INVERSE_MASS] > 0 ? o / SolverBodies.STRIDE : -1;
    }

    /** The root of entry e's component. */
    int find(int e) {
        while (unionParent[e] != e) {
            unionParent[e] = unionParent[unionParent[e]];
            e = unionParent[e];
        }
        return e;
    }
}
