package org.cairn.engine3d.internal.solver;

import static org.cairn.engine3d.internal.solver.ContactConstraints.P;

import java.util.Arrays;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.contact.ContactStore;

/**
 * Colours of the constraint graph (Box2D v3): constraints of one colour share no dynamic body, so
 * a colour's constraints can be solved in any order, on any worker, with the same result.
 */
final class ConstraintColouring {
    /**
     * Colours of the constraint graph (Box2D v3): constraints of one colour share no dynamic body,
     * so a colour's constraints can be solved in any order, on any worker, with the same result.
     * Constraints are stored colour by colour, so every pass, serial or parallel, visits them in
     * the same order: results do not depend on the worker count. A constraint that finds every
     * colour taken by one of its bodies goes to the overflow, solved on one thread after the
     * colours.
     */
    static final int MAX_COLOURS = 24;
    /** colourStart[c] .. colourStart[c + 1]: colour c's constraints; colourStart[colourCount] .. count: the overflow. */
    final int[] colourStart = new int[MAX_COLOURS + 2];
    int colourCount;
    /**
     * Per body, a bit per colour: whether one of the colour's constraints moves it. A body's colours
     * are one word, so the first colour free for both of a constraint's bodies is one lookup each
     * and a count of trailing zeros, not a search through a bitset per colour.
     */
    private int[] bodyColours = new int[64];
    private int[] candidates = new int[16];
    private byte[] candidateColour = new byte[16];
    private final int[] colourFill = new int[MAX_COLOURS + 1];
    /** Segments per block: its colours, then its overflow. */
    static final int SEGMENTS_PER_BLOCK = MAX_COLOURS + 1;
    /**
     * Blocks of this step ({@link SolverBlocks}): 1 when the constraints are laid out colour by
     * colour, else each block's constraints lie together, colour by colour within it.
     */
    int blockCount = 1;
    /** segmentStart[s] .. segmentStart[s + 1]: segment s = block·{@link #SEGMENTS_PER_BLOCK} + colour (the overflow as {@link #MAX_COLOURS}). */
    int[] segmentStart = new int[SEGMENTS_PER_BLOCK + 1];
    private int[] fill = new int[SEGMENTS_PER_BLOCK + 1];
    private final SolverBlocks solverBlocks = new SolverBlocks();

    private final ContactConstraints cons;

    ConstraintColouring(ContactConstraints cons) {
        this.cons = cons;
    }

    /** The contact of this step's constraint i in contact order (i &lt; the constraint count). */
    int contactInOrder(int i) {
        return candidates[i];
    }

    /**
     * Chooses this step's constraints among the candidate contacts (those of the awake bodies, in
     * contact order): the touching ones with an awake dynamic body. Gives each the first colour
     * neither of its dynamic bodies is in yet (static and kinematic bodies are never written by the
     * solver, so they block no colour), and lays the constraints out colour by colour; or, where
     * {@code blocksAllowed} and the constraints fall into independent blocks ({@link SolverBlocks})
     * none of which holds much more than one of the {@code workers}' share, block by block, colour
     * by colour within each.
     */
    void colour(BodyStore b, ContactStore cs, int[] contacts, int contactCount, boolean blocksAllowed, int workers) {
        // Each of its loops is a method of its own: the JIT compiles a small method once where it
        // compiled this one whole at each of its loops' entries, seconds of a JVM's first worlds.
        reserve(b, cs);
        int n = choose(b, cs, contacts, contactCount);
        // Blocks need every constrained dynamic body awake (a sleeping one is not integrated).
        boolean blocks = blocksAllowed && allAwake;
        if (blocks) {
            solverBlocks.find(b, cs, candidates, n);
            // On several workers, only if no block holds much more than a worker's share.
            blocks = solverBlocks.blockCount >= 2 && (long) solverBlocks.largest * workers * 4 <= 5L * n;
        }
        blockCount = blocks ? solverBlocks.blockCount : 1;
        colourCount = 0;
        for (int k = 0; k < MAX_COLOURS; k++) {
            if (colourFill[k] > 0) {
                colourCount = k + 1;
            }
        }
        int segments = blockCount * SEGMENTS_PER_BLOCK;
        countSegments(n, blocks, segments);
        layOut(cs, n, blocks, segments);
        cons.count = n;
    }

    private void reserve(BodyStore b, ContactStore cs) {
        if (bodyColours.length < b.capacity()) {
            bodyColours = new int[b.capacity()];
        }
        if (candidates.length < cs.capacity()) {
            candidates = new int[cs.shapeA.length];
            candidateColour = new byte[cs.shapeA.length];
        }
    }

    /**
     * The lowest colour neither body is in yet, marked as theirs (only a dynamic body's colours
     * count: the solver never writes the others); {@link #MAX_COLOURS}, the overflow, when every
     * colour is taken. {@code bodyColours} holds a word of colours per body, cleared by the caller
     * once the step's colours are laid out.
     */
    static int takeColour(int[] bodyColours, int a, boolean dynamicA, int b, boolean dynamicB) {
        int taken = (dynamicA ? bodyColours[a] : 0) | (dynamicB ? bodyColours[b] : 0);
        int colour = Math.min(MAX_COLOURS, Integer.numberOfTrailingZeros(~taken));
        if (colour < MAX_COLOURS) {
            if (dynamicA) {
                bodyColours[a] |= 1 << colour;
            }
            if (dynamicB) {
                bodyColours[b] |= 1 << colour;
            }
        }
        return colour;
    }

    /** Whether every dynamic body of the constraints {@link #choose} took is awake. */
    private boolean allAwake;

    /**
     * The candidates that become constraints, in contact order, each given the first colour
     * neither of its dynamic bodies is in yet: into {@link #candidates} and {@link #candidateColour}.
     *
     * @return how many
     */
    private int choose(BodyStore b, ContactStore cs, int[] contacts, int contactCount) {
        Arrays.fill(colourFill, 0);
        int n = 0;
        boolean awake = true;
        for (int i = 0; i < contactCount; i++) {
            int c = contacts[i];
            if (!cs.touching[c]) {
                continue;
            }
            int ia = cs.bodyA[c], ib = cs.bodyB[c];
            boolean dynamicA = b.type[ia] == BodyStore.DYNAMIC, dynamicB = b.type[ib] == BodyStore.DYNAMIC;
            if (!(dynamicA && b.awake[ia]) && !(dynamicB && b.awake[ib])) {
                continue;
            }
            awake &= (!dynamicA || b.awake[ia]) && (!dynamicB || b.awake[ib]);
            int colour = takeColour(bodyColours, ia, dynamicA, ib, dynamicB);
            candidates[n] = c;
            candidateColour[n] = (byte) colour;
            colourFill[colour]++;
            n++;
        }
        allAwake = awake;
        return n;
    }

    /**
     * Segment (block, colour), the overflow as colour MAX_COLOURS, laid out block by block and
     * colour by colour within a block; one block is the colour-by-colour layout.
     */
    private void countSegments(int n, boolean blocks, int segments) {
        if (segmentStart.length < segments + 1) {
            segmentStart = new int[Math.max(segments + 1, 2 * segmentStart.length)];
        }
        Arrays.fill(segmentStart, 0, segments + 1, 0);
        for (int i = 0; i < n; i++) {
            segmentStart[segment(i, blocks) + 1]++;
        }
        for (int s = 0; s < segments; s++) {
            segmentStart[s + 1] += segmentStart[s];
        }
        if (!blocks) {
            for (int k = 0; k < colourCount; k++) {
                colourStart[k] = segmentStart[k];
            }
            colourStart[colourCount] = segmentStart[MAX_COLOURS];
            colourStart[colourCount + 1] = n;
        }
    }

    /**
     * Each candidate's constraint slot. Within a colour the constraints are laid out by their
     * number of points (in contact order for each number): the order within a colour changes no
     * result, and a pass that meets manifolds of one kind in a row takes the same branches in a
     * row (with one-, two- and four-point manifolds mixed, as in a pile, the passes mispredicted
     * which path to take). The overflow keeps contact order: its constraints share bodies.
     */
    private void layOut(ContactStore cs, int n, boolean blocks, int segments) {
        int buckets = segments * P;
        if (fill.length < buckets) {
            fill = new int[Math.max(buckets, 2 * fill.length)];
        }
        Arrays.fill(fill, 0, buckets, 0);
        for (int i = 0; i < n; i++) {
            fill[bucket(i, blocks, cs)]++;
        }
        for (int s = 0; s < segments; s++) {
            int at = segmentStart[s];
            for (int q = 0; q < P; q++) {
                int count = fill[s * P + q];
                fill[s * P + q] = at;
                at += count;
            }
        }
        for (int i = 0; i < n; i++) {
            int c = candidates[i];
            int k = fill[bucket(i, blocks, cs)]++;
            cons.contact[k] = c;
            cons.bodyA[k] = cs.bodyA[c];
            cons.bodyB[k] = cs.bodyB[c];
            // Clear the colour bits for the next step: only the bodies' set here, so a step costs
            // nothing per body of the world.
            bodyColours[cons.bodyA[k]] = 0;
            bodyColours[cons.bodyB[k]] = 0;
        }
    }

    /** Candidate i's place in the layout: its segment's run of constraints with its number of points (the overflow's one run). */
    private int bucket(int i, boolean blocks, ContactStore cs) {
        int points = Math.max(1, Math.min(P, cs.pointCount[candidates[i]]));
        return segment(i, blocks) * P + (candidateColour[i] == MAX_COLOURS ? 0 : points - 1);
    }

    private int segment(int i, boolean blocks) {
        return (blocks ? solverBlocks.blockOf[i] * SEGMENTS_PER_BLOCK : 0) + candidateColour[i];
    }

    /** Block blk's constraints: the first. */
    int blockStart(int blk) {
        return segmentStart[blk * SEGMENTS_PER_BLOCK];
    }

    /** Block blk's constraints: one past the last. */
    int blockEnd(int blk) {
        return segmentStart[(blk + 1) * SEGMENTS_PER_BLOCK];
    }

    /** Colours in use this step (for tests and the profile). */
    int colourCount() {
        return colourCount;
    }

    /** Constraints in the overflow this step (solved on one thread). */
    int overflowCount() {
        int overflow = 0;
        for (int blk = 0; blk < blockCount; blk++) {
            int s = blk * SEGMENTS_PER_BLOCK + MAX_COLOURS;
            overflow += segmentStart[s + 1] - segmentStart[s];
        }
        return overflow;
    }
}
