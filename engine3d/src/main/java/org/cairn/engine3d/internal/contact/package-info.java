/**
 * Persistent contacts between shapes: manifolds, anchors, accumulated impulses matched by feature
 * id, and touch events. Depends on {@code internal.collision} and {@code internal.container}.
 */
package org.cairn.engine3d.internal.contact;
