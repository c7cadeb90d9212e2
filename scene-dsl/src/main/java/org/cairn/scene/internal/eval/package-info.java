/**
 * Units, dimensions and expression evaluation for the .scene language, with "did you mean"
 * suggestions. Bare numbers are SI except for angles, which always need a unit.
 */
package org.cairn.scene.internal.eval;
