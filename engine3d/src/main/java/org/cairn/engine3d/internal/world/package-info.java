/**
 * The world's internal machinery: shape storage, mass updates and the step pipeline. May depend on
 * every other internal package and on {@code geometry}; nothing internal depends on it.
 */
package org.cairn.engine3d.internal.world;
