/**
 * Worker threads for the step: a pool that runs one range task at a time over all its threads,
 * allocation-free. Depends on nothing else in Cairn.
 */
package org.cairn.engine3d.internal.task;
