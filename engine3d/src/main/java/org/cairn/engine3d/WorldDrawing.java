package org.cairn.engine3d;

import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.internal.body.BodyStore;
import org.cairn.engine3d.internal.world.ShapeStore;
import org.cairn.engine3d.internal.world.WorldState;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** {@link World#draw}: walks the world's stores and views and hands each thing to the drawer, with reused arguments. */
final class WorldDrawing {
    private final World world;
    private final WorldState state;
    private final Vector3d drawA = new Vector3d(), drawB = new Vector3d();
    private final Quaterniond drawQ = new Quaterniond();
    private final Aabb drawBox = new Aabb();
    private final double[] drawPose = new double[7];

    WorldDrawing(World world, WorldState state) {
        this.world = world;
        this.state = state;
    }

    void draw(DebugDraw draw, int what, Contacts contactView, Joints jointView) {
        BodyStore bodies = state.bodies;
        ShapeStore shapes = state.shapes;
        for (int i = 0; i < bodies.highWater; i++) {
            if (!bodies.alive[i]) {
                continue;
            }
            boolean awake = bodies.awake[i] && bodies.type[i] != BodyStore.STATIC;
            for (int s = bodies.firstShape[i]; s >= 0; s = shapes.nextInBody[s]) {
                if ((what & (DebugDraw.SHAPES | DebugDraw.BOUNDS)) != 0) {
                    state.shapePose(s, drawPose, 0);
                }
                if ((what & DebugDraw.SHAPES) != 0) {
                    drawA.set(drawPose[0], drawPose[1], drawPose[2]);
                    drawQ.set(drawPose[3], drawPose[4], drawPose[5], drawPose[6]);
                    draw.shape(world.shapeIdAt(s), shapes.geometry[s], drawA, drawQ, awake);
                }
                if ((what & DebugDraw.BOUNDS) != 0) {
                    shapes.geometry[s].bounds(drawPose[0], drawPose[1], drawPose[2], drawPose[3], drawPose[4], drawPose[5],
                            drawPose[6], drawBox);
                    draw.bounds(world.shapeIdAt(s), drawBox);
                }
            }
            if ((what & DebugDraw.CENTERS) != 0 && bodies.type[i] == BodyStore.DYNAMIC) {
                drawA.set(bodies.center[3 * i], bodies.center[3 * i + 1], bodies.center[3 * i + 2]);
                draw.centerOfMass(world.bodyIdOf(i), drawA);
            }
        }
        if ((what & DebugDraw.CONTACTS) != 0) {
            for (int c = 0; c < contactView.count(); c++) {
                contactView.normal(c, drawB);
                for (int k = 0; k < contactView.pointCount(c); k++) {
                    draw.contactPoint(contactView.shapeA(c), contactView.shapeB(c), contactView.point(c, k, drawA), drawB,
                            contactView.normalImpulse(c, k), contactView.separation(c, k));
                }
            }
        }
        if ((what & DebugDraw.JOINTS) != 0) {
            for (int j = 0; j < jointView.count(); j++) {
                JointId id = jointView.get(j);
                draw.joint(id, jointView.kind(id), jointView.anchorA(id, drawA), jointView.anchorB(id, drawB));
            }
        }
    }
}
