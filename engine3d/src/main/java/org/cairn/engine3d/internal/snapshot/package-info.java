/** Snapshots of a world's state as bytes, restored in place (internal). */
package org.cairn.engine3d.internal.snapshot;
