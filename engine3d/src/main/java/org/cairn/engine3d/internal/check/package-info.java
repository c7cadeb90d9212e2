/**
 * Argument validation shared by the exported packages. Depends on nothing else in Cairn.
 */
package org.cairn.engine3d.internal.check;
