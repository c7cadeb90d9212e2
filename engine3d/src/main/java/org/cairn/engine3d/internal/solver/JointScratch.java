package org.cairn.engine3d.internal.solver;

/** One worker's scratch for solving a joint ({@link JointSolver}): nothing shared, nothing allocated per joint. */
final class JointScratch {
    /** The joint being solved: r_A, r_B, d = p_B − p_A, error quaternion, axis, two perpendiculars, A's slider lever. */
    final double[] g = new double[26];
    final double[] k = new double[9];
    final double[] kInv = new double[9];
    final double[] k6 = new double[36];
    final double[] rhs6 = new double[6];
    final double[] t = new double[3];
    final double[] rowOut = new double[2];
    /** Per unit of a hinge's axial impulse, the linear impulse at the anchors that keeps them together, and the row's inverse mass. */
    final double[] pivot = new double[4];
    /** A wheel's spin axis and camber direction, world frame. */
    final double[] wheel = new double[6];
    /** A ball joint's swing quaternion (x, y, z, w). */
    final double[] swing = new double[4];
    /** A joint's accumulated impulses as the linear and angular impulse on B. */
    final double[] linear = new double[3];
    final double[] angular = new double[3];
    /** The axial rows being solved: angular or linear, and A's lever (an offset into g). */
    boolean axialAngular;
    int axialLever;
    /** A tree's block being factored, and a row's worth of impulses ({@link JointTree}). */
    final double[] treeBlock = new double[JointTree.MAX_ROWS * JointTree.MAX_ROWS];
    final double[] treeWork = new double[JointTree.MAX_ROWS];
    /** Padding, so two workers' scratch never shares a cache line. */
    final long[] pad = new long[8];
}
