/**
 * Allocation-free math on primitive arrays (3×3 matrices, quaternions) for the step's hot loops.
 * Depends on nothing else in Cairn.
 */
package org.cairn.engine3d.internal.math;
