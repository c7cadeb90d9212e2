package org.cairn.examples;

import java.util.ArrayList;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.World;
import org.joml.Vector3d;

/**
 * What a scene that blew up leaves: dynamic bodies moving at the world's speed limit (within 1 %)
 * or with a state that is not finite. Box3D's washer once exploded at its step 257 and its cubes
 * flew at the limit to the end, while its timings and summaries went on unremarked; {@code cairn
 * bench} and {@code cairn run} now say so. A scene that throws bodies that fast on purpose is
 * counted too.
 */
final class Runaways {
    private Runaways() {
    }

    /** The dynamic bodies of {@code world} at the speed limit or not finite, now. */
    static int count(World world) {
        double limit = 0.99 * world.def().maxLinearSpeed();
        Vector3d v = new Vector3d();
        int count = world.nonFiniteBodyCount();
        for (BodyId body : world.bodies(new ArrayList<>())) {
            if (world.type(body) == BodyType.DYNAMIC && world.linearVelocity(body, v).isFinite() && v.length() >= limit) {
                count++;
            }
        }
        return count;
    }
}
