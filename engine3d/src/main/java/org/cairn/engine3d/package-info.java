/**
 * Cairn's public API: a {@link org.cairn.engine3d.World} made from a
 * {@link org.cairn.engine3d.WorldDef}, bodies made from {@link org.cairn.engine3d.BodyDef}s, shapes
 * attached with {@link org.cairn.engine3d.ShapeDef}s, and generation-checked handles. SI units
 * throughout (m, kg, s, rad); y is up.
 *
 * <p>Package dependencies run one way, enforced by {@code LayeringTest}:
 * internal.check, internal.math → internal.shape → geometry → internal.body → internal.world →
 * this package. Only this package and {@code geometry} are exported by the module.
 */
package org.cairn.engine3d;
