package org.cairn.engine3d.internal.solver;

import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.task.RangeTask;
import org.cairn.engine3d.internal.task.WorkerPool;

/**
 * The contact solver's passes one block at a time, when the step's constraints lie in independent
 * blocks ({@link SolverBlocks}, laid out by {@link ConstraintColouring}): the step takes each block
 * through preparation and all the substeps before the next. Each method does for one block what
 * the solver's pass of the same name does for all the constraints, colour by colour within the
 * block, so each body meets the same operations in the same order.
 */
public final class BlockPasses {
    private final ContactSolver solver;
    private final ConstraintColouring colouring;
    private final ContactConstraints c;
    private final SolverBodies solverBodies;
    private final SoftContactPass soft;
    private final ContactPreparation preparation;
    private final ContactImpacts impacts;
    /** The bodies of this step: set by the solver's prepare. */
    BodyStore bodies;
    /** Per block, one past its last solver entry (its entries follow the previous block's: the first block's from 1). */
    private int[] entryEnd = new int[16];
    /** The pass {@link #eachBlock} runs. */
    private RangeTask pass;
    private final RangeTask blockTask = (from, to, w) -> {
        for (int blk = from; blk < to; blk++) {
            eachSegment(pass, blk, w);
        }
    };

    BlockPasses(ContactSolver solver, ConstraintColouring colouring, ContactConstraints c, SolverBodies solverBodies,
                SoftContactPass soft, ContactPreparation preparation, ContactImpacts impacts) {
        this.solver = solver;
        this.colouring = colouring;
        this.c = c;
        this.solverBodies = solverBodies;
        this.soft = soft;
        this.preparation = preparation;
        this.impacts = impacts;
    }

    /** Blocks of this step's constraints: 1 when they are solved colour by colour over the whole world. */
    public int count() {
        return colouring.blockCount;
    }

    /** The world bodies of the solver entries ({@link #firstEntry} .. {@link #entryEnd} of a block). */
    public int[] entryBodies() {
        return solverBodies.body;
    }

    /** Block blk's first solver entry. */
    public int firstEntry(int blk) {
        return blk == 0 ? 1 : entryEnd[blk - 1];
    }

    /** One past block blk's last solver entry. */
    public int entryEnd(int blk) {
        return entryEnd[blk];
    }

    /**
     * Each block's solver entries, once they are made: entries are made in constraint order and
     * no moving body is in two blocks, so a block's entries follow the previous block's.
     */
    void entries() {
        int blocks = colouring.blockCount;
        if (entryEnd.length < blocks) {
            entryEnd = new int[Math.max(blocks, 2 * entryEnd.length)];
        }
        if (blocks == 1) {
            // One block holds every entry (each is a body of one of its constraints); the walk over
            // the constraints below would find just that, and one block is never run as blocks.
            entryEnd[0] = solverBodies.count;
            return;
        }
        int[] entry = solverBodies.entry;
        for (int blk = 0; blk < blocks; blk++) {
            int end = blk == 0 ? 1 : entryEnd[blk - 1];
            for (int k = colouring.blockStart(blk); k < colouring.blockEnd(blk); k++) {
                end = Math.max(end, Math.max(entry[c.bodyA[k]], entry[c.bodyB[k]]) + 1);
            }
            entryEnd[blk] = end;
        }
    }

    /** Runs {@code task} over every block (the blocks shared among the workers), each block's colours in turn, then its overflow. */
    void eachBlock(WorkerPool pool, RangeTask task) {
        pass = task;
        pool.run(blockTask, colouring.blockCount, 1);
        pass = null;
    }

    private void eachSegment(RangeTask task, int blk, int w) {
        int[] start = colouring.segmentStart;
        for (int s = blk * ConstraintColouring.SEGMENTS_PER_BLOCK; s < (blk + 1) * ConstraintColouring.SEGMENTS_PER_BLOCK; s++) {
            if (start[s + 1] > start[s]) {
                task.run(start[s], start[s + 1], w);
            }
        }
    }

    /** Block blk's share of the solver's prepare, on worker w: its bodies' mass, inertia and velocities, then its constraints, in their own order. */
    public void prepare(int blk, int w) {
        solverBodies.load(bodies, firstEntry(blk), entryEnd(blk));
        int from = colouring.blockStart(blk), to = colouring.blockEnd(blk);
        SolverScratch scratch = solver.scratch(w);
        for (int k = from; k < to; k++) {
            preparation.prepare(k, scratch);
        }
        // No body has moved since its pose was recorded: each point's separation is still the manifold's.
        System.arraycopy(c.baseSeparation, ContactConstraints.P * from, c.currentSeparation, ContactConstraints.P * from,
                ContactConstraints.P * (to - from));
    }

    /**
     * Block blk's share of a substep's start, on worker w: its velocities in, its impacts resolved
     * pass after pass until one applies nothing (a block that applies nothing is left as it was,
     * so passes over the others change nothing in it), then its warm start.
     */
    public void warmStart(int blk, boolean laterSubstep, int w) {
        solverBodies.loadVelocities(bodies, firstEntry(blk), entryEnd(blk));
        int[] start = colouring.segmentStart;
        if (solver.bouncy()) {
            SolverScratch scratch = solver.scratch(w);
            boolean any = true;
            for (int passes = 0; any && passes < ContactImpacts.MAX_PASSES; passes++) {
                any = false;
                for (int s = blk * ConstraintColouring.SEGMENTS_PER_BLOCK; s < (blk + 1) * ConstraintColouring.SEGMENTS_PER_BLOCK; s++) {
                    if (start[s + 1] > start[s]) {
                        any |= impacts.apply(start[s], start[s + 1], scratch);
                    }
                }
            }
        }
        for (int s = blk * ConstraintColouring.SEGMENTS_PER_BLOCK; s < (blk + 1) * ConstraintColouring.SEGMENTS_PER_BLOCK; s++) {
            solver.warmStart(start[s], start[s + 1], laterSubstep);
        }
    }

    /** Block blk's share of a soft pass, on worker w. */
    public void solveSoft(int blk, boolean useBias, boolean closeGaps, int w) {
        int[] start = colouring.segmentStart;
        SolverScratch scratch = solver.scratch(w);
        for (int s = blk * ConstraintColouring.SEGMENTS_PER_BLOCK; s < (blk + 1) * ConstraintColouring.SEGMENTS_PER_BLOCK; s++) {
            if (start[s + 1] > start[s]) {
                soft.solve(start[s], start[s + 1], useBias, closeGaps, scratch);
            }
        }
    }

    /** Block blk's velocities back to its bodies. */
    public void storeVelocities(int blk) {
        solverBodies.storeVelocities(bodies, firstEntry(blk), entryEnd(blk));
    }

    /** After a position update: block blk's bodies' rotations since prepare, then its points' separations, on worker w. */
    public void updateDeltaRotations(int blk, int w) {
        int[] body = solverBodies.body;
        for (int e = firstEntry(blk); e < entryEnd(blk); e++) {
            c.updateDeltaRotation(bodies, body[e]);
        }
        c.updateSeparations(bodies, colouring.blockStart(blk), colouring.blockEnd(blk));
    }
}
