/**
 * Body state as structure-of-arrays and the integrator stages that advance it (semi-implicit
 * Euler, exact quaternion exponential, implicit gyroscopic torque). Depends on
 * {@code internal.math} only.
 */
package org.cairn.engine3d.internal.body;
