/**
 * Shapes and their mass properties, usable without a world: {@link org.cairn.engine3d.geometry.Sphere},
 * {@link org.cairn.engine3d.geometry.Box}, {@link org.cairn.engine3d.geometry.Capsule},
 * {@link org.cairn.engine3d.geometry.Cylinder} and {@link org.cairn.engine3d.geometry.ConvexHull}.
 * All lengths in m, densities in kg/m³, masses in kg, inertia in kg·m².
 *
 * <p>Depends on {@code internal.check}, {@code internal.math} and {@code internal.shape} only; knows
 * nothing of bodies or worlds.
 */
package org.cairn.engine3d.geometry;
