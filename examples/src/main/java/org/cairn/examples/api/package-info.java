/**
 * Small programs that use the engine's API as an integrator would, one feature each; docs/api.md
 * walks through them, and tests run every one.
 */
package org.cairn.examples.api;
