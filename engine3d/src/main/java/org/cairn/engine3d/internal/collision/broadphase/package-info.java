/**
 * The broadphase: a dynamic bounding volume tree per body kind and the pair finding over moved
 * proxies. Depends on {@code geometry} (for {@code Aabb}) and {@code internal.container}.
 */
package org.cairn.engine3d.internal.collision.broadphase;
