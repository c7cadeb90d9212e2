/** Queries against single shapes (ray casts). Depends on {@code geometry}. */
package org.cairn.engine3d.internal.collision.query;
