package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

/** The world hands a drawer its shapes, boxes, contacts, joints and centres, as its own reads give them. */
class DebugDrawTest {
    @Test
    void aCrateOnTheGroundWithAJointIsDrawnAsTheWorldHoldsIt() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId crate = world.createBody(BodyDef.builder().position(0, 0.5, 0).build());
        world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        BodyId ball = world.createBody(BodyDef.builder().position(2, 0.5, 0).build());
        world.createShape(ball, ShapeDef.DEFAULTS, new Sphere(0.5));
        world.createJoint(JointDef.builder(JointKind.DISTANCE, crate, ball).anchors(0.5, 0.5, 0, 1.5, 0.5, 0).build());
        world.step();
        List<String> shapes = new ArrayList<>();
        List<Double> impulses = new ArrayList<>();
        List<Vector3d> centres = new ArrayList<>();
        double[] jointLength = new double[1];
        Aabb crateBox = new Aabb();
        world.draw(new DebugDraw() {
            @Override
            public void shape(ShapeId shape, Shape geometry, Vector3dc position, Quaterniondc rotation, boolean awake) {
                shapes.add(geometry.getClass().getSimpleName() + (awake ? " awake" : " still"));
            }

            @Override
            public void bounds(ShapeId shape, Aabb box) {
                if (world.body(shape).equals(crate)) {
                    crateBox.set(box);
                }
            }

            @Override
            public void contactPoint(ShapeId a, ShapeId b, Vector3dc point, Vector3dc normal, double normalImpulse,
                                     double separation) {
                assertEquals(ground, world.body(a), "the ground is shape A of both contacts");
                impulses.add(normalImpulse);
            }

            @Override
            public void joint(JointId joint, JointKind kind, Vector3dc anchorA, Vector3dc anchorB) {
                assertEquals(JointKind.DISTANCE, kind);
                jointLength[0] = anchorA.distance(anchorB);
            }

            @Override
            public void centerOfMass(BodyId body, Vector3dc center) {
                centres.add(new Vector3d(center));
            }
        }, DebugDraw.ALL);
        assertEquals(List.of("Box still", "Box awake", "Sphere awake"), shapes);
        assertEquals(2, centres.size(), "the two dynamic bodies");
        assertEquals(world.centerOfMass(crate, new Vector3d()), centres.get(0));
        assertTrue(crateBox.maxY > 0.99 && crateBox.maxY < 1.01, "the crate's box top: " + crateBox.maxY);
        // The crate's four points carry its weight, m·g·dt over the step: 1000 kg · 9.81 / 60 = 163.5 N·s.
        assertEquals(4 + 1, impulses.size(), "the crate's four points and the ball's one");
        assertEquals(1000 * 9.81 / 60, impulses.subList(0, 4).stream().mapToDouble(Double::doubleValue).sum(), 16);
        assertEquals(1.0, jointLength[0], 0.01, "a rod 1 m long");
        // Drawing is reading: a drawer that changes the world is refused.
        assertThrows(IllegalStateException.class, () -> world.draw(new DebugDraw() {
            @Override
            public void centerOfMass(BodyId body, Vector3dc center) {
                world.destroyBody(body);
            }
        }, DebugDraw.CENTERS));
    }
}
