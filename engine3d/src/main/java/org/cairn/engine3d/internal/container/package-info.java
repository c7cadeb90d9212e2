/**
 * Primitive containers for the step (hash set of pair keys, growable arrays). Depends on nothing
 * else in Cairn.
 */
package org.cairn.engine3d.internal.container;
