/**
 * Shape construction that runs once per shape, never in the step: quickhull and exact polyhedron
 * mass integrals. Depends on {@code internal.check} and {@code internal.math} only.
 */
package org.cairn.engine3d.internal.shape;
