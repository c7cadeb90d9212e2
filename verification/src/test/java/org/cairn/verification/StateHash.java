package org.cairn.verification;

import java.util.List;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** A hash of bodies' positions, rotations and velocities, bit for bit: two states that differ in any bit of them almost surely hash apart. */
final class StateHash {
    private StateHash() {
    }

    static long of(World world, List<BodyId> bodies) {
        long h = 17;
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (BodyId body : bodies) {
            world.position(body, v);
            h = 31 * h + Double.hashCode(v.x) + 7 * Double.hashCode(v.y) + 13 * Double.hashCode(v.z);
            world.rotation(body, q);
            h = 31 * h + Double.hashCode(q.x) + 7 * Double.hashCode(q.w);
            world.linearVelocity(body, v);
            h = 31 * h + Double.hashCode(v.x) + 7 * Double.hashCode(v.y);
        }
        return h;
    }
}
