package org.cairn.engine3d.internal.solver;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;

/**
 * The step's constraints in independent blocks: whole connected components of the constraint
 * graph (static bodies join nothing; a kinematic body joins what it touches, as it moves through
 * the substeps with the block that holds it), consecutive components merged until a block holds at least
 * {@link #TARGET_CONSTRAINTS}. No moving body is in two blocks, so a block can be taken through
 * all of a step's substeps before the next one starts, its bodies and constraints still in the
 * cache (as Box2D v2 and ODE solved island after island), and blocks on different workers need no
 * barrier between colours. Every body still meets its constraints in colour order, so the results
 * are those of the colour-by-colour passes, bit for bit.
 */
final class SolverBlocks {
    /**
     * Constraints a block gathers before it closes: a few hundred constraints and their bodies fit a
     * core's own cache (about 1 kB a constraint), and fewer, larger blocks cost less to hand out.
     */
    static final int TARGET_CONSTRAINTS = 256;

    /** Blocks found by the last {@link #find}. */
    int blockCount;
    /** Constraints in the largest block. */
    int largest;
    /** Per chosen constraint (in the order given), its block. */
    int[] blockOf = new int[16];

    // Union-find over body indices; an entry is valid only where seen[i] == epoch, so a step
    // touches only its own bodies.
    private int[] parent = new int[64];
    private int[] seen = new int[64];
    private int[] componentSize = new int[64];
    private int[] componentBlock = new int[64];
    private int epoch;

    /**
     * Splits the n chosen contacts (cs indices, in the order the constraints will be chosen) into
     * blocks, components in order of first appearance.
     */
    void find(BodyStore b, ContactStore cs, int[] chosen, int n) {
        if (parent.length < b.capacity()) {
            int size = Math.max(b.capacity(), 2 * parent.length);
            parent = new int[size];
            seen = new int[size];
            componentSize = new int[size];
            componentBlock = new int[size];
        }
        if (blockOf.length < Math.max(n, cs.capacity())) {
            blockOf = new int[Math.max(n, cs.capacity())];
        }
        if (++epoch == 0) {
            java.util.Arrays.fill(seen, 0);
            epoch = 1;
        }
        for (int i = 0; i < n; i++) {
            int c = chosen[i];
            int ia = cs.bodyA[c], ib = cs.bodyB[c];
            boolean movingA = b.type[ia] != BodyStore.STATIC, movingB = b.type[ib] != BodyStore.STATIC;
            if (movingA && movingB) {
                int ra = root(ia), rb = root(ib);
                if (ra != rb) {
                    // The smaller index as the root: the same links give the same roots.
                    parent[Math.max(ra, rb)] = Math.min(ra, rb);
                }
            } else {
                root(movingA ? ia : ib);
            }
        }
        for (int i = 0; i < n; i++) {
            int r = componentRoot(b, cs, chosen[i]);
            componentSize[r] = 0;
            componentBlock[r] = -1;
        }
        for (int i = 0; i < n; i++) {
            componentSize[componentRoot(b, cs, chosen[i])]++;
        }
        blockCount = 0;
        largest = 0;
        int open = -1, openSize = 0;
        for (int i = 0; i < n; i++) {
            int r = componentRoot(b, cs, chosen[i]);
            if (componentBlock[r] < 0) {
                if (open < 0 || openSize >= TARGET_CONSTRAINTS) {
                    open = blockCount++;
                    openSize = 0;
                }
                componentBlock[r] = open;
                openSize += componentSize[r];
                largest = Math.max(largest, openSize);
            }
            blockOf[i] = componentBlock[r];
        }
    }

    private int componentRoot(BodyStore b, ContactStore cs, int c) {
        int ia = cs.bodyA[c];
        return root(b.type[ia] != BodyStore.STATIC ? ia : cs.bodyB[c]);
    }

    private int root(int i) {
        if (seen[i] != epoch) {
            seen[i] = epoch;
            parent[i] = i;
            return i;
        }
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
