package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A call that throws leaves the world exactly as it was. The oracle is a twin: two worlds built
 * alike, one of which is also handed the rejected calls; stepped together, they must stay
 * bit-identical, and the ground must still hold what falls on it after the body that was handed
 * the rejected calls is destroyed.
 */
class RejectedCallsLeaveNoTraceTest {
    /** A ground box and a dynamic box above it; the twin's bodies, in creation order. */
    private static final class Twin {
        final World world = new World();
        final List<BodyId> bodies = new ArrayList<>();
        final List<ShapeId> shapes = new ArrayList<>();

        Twin() {
            BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).name("ground").build());
            shapes.add(world.createShape(ground, ShapeDef.builder().build(), new Box(10, 0.5, 10)));
            bodies.add(ground);
            BodyId box = world.createBody(BodyDef.builder().position(0, 2, 0).angularVelocity(0.3, 0, 0.2).build());
            shapes.add(world.createShape(box, ShapeDef.builder().build(), new Box(0.5, 0.5, 0.5)));
            bodies.add(box);
        }

        double[] state() {
            double[] s = new double[13 * bodies.size() + 2];
            Vector3d v = new Vector3d();
            Quaterniond q = new Quaterniond();
            int o = 0;
            for (BodyId b : bodies) {
                world.position(b, v);
                s[o++] = v.x;
                s[o++] = v.y;
                s[o++] = v.z;
                world.rotation(b, q);
                s[o++] = q.x;
                s[o++] = q.y;
                s[o++] = q.z;
                s[o++] = q.w;
                world.linearVelocity(b, v);
                s[o++] = v.x;
                s[o++] = v.y;
                s[o++] = v.z;
                world.angularVelocity(b, v);
                s[o++] = v.x;
                s[o++] = v.y;
                s[o++] = v.z;
            }
            s[o++] = world.bodyCount();
            s[o] = world.shapeCount(bodies.get(1));
            return s;
        }
    }

    /** Hands {@code calls} to one twin (each must throw IllegalArgumentException), then steps both. */
    private static void rejectedCallsChangeNothing(Consumer<Twin> calls) {
        Twin clean = new Twin();
        Twin touched = new Twin();
        for (int i = 0; i < 30; i++) {
            clean.world.step();
            touched.world.step();
        }
        calls.accept(touched);
        assertArrayEquals(clean.state(), touched.state(), "right after the rejected calls");
        for (int i = 0; i < 90; i++) {
            clean.world.step();
            touched.world.step();
        }
        assertArrayEquals(clean.state(), touched.state(), "90 steps after the rejected calls");
        for (Twin t : List.of(clean, touched)) {
            // The body that was handed the calls goes; a new one dropped on the ground must rest on it.
            t.world.destroyBody(t.bodies.remove(1));
            BodyId drop = t.world.createBody(BodyDef.builder().position(1, 1.5, -1).build());
            t.world.createShape(drop, ShapeDef.builder().build(), new Sphere(0.25));
            t.bodies.add(drop);
            for (int i = 0; i < 120; i++) {
                t.world.step();
            }
            double y = t.world.position(drop, new Vector3d()).y;
            assertEquals(0.75, y, 0.01, "a sphere dropped on the ground rests on it (centre at 0.75 m)");
        }
        assertArrayEquals(clean.state(), touched.state(), "after destroying the body and dropping another");
    }

    private static void rejected(Runnable call) {
        assertThrows(IllegalArgumentException.class, call::run);
    }

    @Test
    void aShapeWhoseMassCannotBeUsedIsNotAttached() {
        rejectedCallsChangeNothing(t -> {
            BodyId box = t.bodies.get(1);
            rejected(() -> t.world.createShape(box, ShapeDef.builder().build(), new Sphere(1e-60)));
            rejected(() -> t.world.createShape(box, ShapeDef.builder().build(), new Sphere(1e300)));
            rejected(() -> t.world.createShape(box, ShapeDef.builder().density(1e-300).build(), new Box(1e-30, 1, 1)));
            rejected(() -> t.world.createShape(box, ShapeDef.builder().build(), new Capsule(1, 1e300)));
        });
    }

    @Test
    void aKinematicBodysRejectedShapeLeavesTheBroadphaseWhole() {
        // A kinematic body's centre comes from its shapes' mass properties too: a box 1e-200 m thin
        // has none, and was attached without a proxy; destroying the body then corrupted the tree,
        // and a later insertion looped for ever (found by the scene fuzzer).
        World w = new World();
        BodyId ground = w.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        w.createShape(ground, ShapeDef.builder().build(), new Box(10, 0.5, 10));
        BodyId mover = w.createBody(BodyDef.builder().type(BodyType.KINEMATIC).position(0, 3, 0).build());
        w.createShape(mover, ShapeDef.builder().build(), new Sphere(0.4));
        rejected(() -> w.createShape(mover, ShapeDef.builder().build(), new Box(0.7, 1e-200, 0.5)));
        assertEquals(1, w.shapeCount(mover));
        w.destroyBody(mover);
        List<BodyId> dropped = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            BodyId b = w.createBody(BodyDef.builder().position(-5 + 0.5 * k, 1 + 0.1 * k, 0).build());
            w.createShape(b, ShapeDef.builder().build(), new Sphere(0.2));
            dropped.add(b);
        }
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        for (BodyId b : dropped) {
            assertEquals(0.7, w.position(b, new Vector3d()).y, 0.01, "each sphere rests on the ground");
        }
    }

    @Test
    void aRejectedMassOverrideLeavesTheShapesMass() {
        rejectedCallsChangeNothing(t -> {
            BodyId box = t.bodies.get(1);
            // 1e-320 kg is positive, but a subnormal whose inverse is infinite.
            rejected(() -> t.world.setMassProperties(box,
                    MassProperties.of(1e-320, 0, 0, 0, 1, 1, 1, 0, 0, 0)));
            rejected(() -> t.world.setMassProperties(t.bodies.get(0),
                    MassProperties.of(1, 0, 0, 0, 1, 1, 1, 0, 0, 0)));
        });
    }

    @Test
    void everyMutatingCallWithABadArgumentLeavesTheWorldAsItWas() {
        rejectedCallsChangeNothing(t -> {
            World w = t.world;
            BodyId box = t.bodies.get(1);
            Vector3d nan = new Vector3d(Double.NaN, 0, 0);
            Vector3d inf = new Vector3d(0, Double.POSITIVE_INFINITY, 0);
            rejected(() -> w.setTransform(box, nan, new Quaterniond()));
            rejected(() -> w.setTransform(box, new Vector3d(), new Quaterniond(0, 0, 0, 0)));
            rejected(() -> w.setLinearVelocity(box, inf));
            rejected(() -> w.setAngularVelocity(box, nan));
            rejected(() -> w.setLinearDamping(box, -1));
            rejected(() -> w.setAngularDamping(box, Double.NaN));
            rejected(() -> w.setGravityScale(box, Double.POSITIVE_INFINITY));
            rejected(() -> w.applyForce(box, nan));
            rejected(() -> w.applyForceAtPoint(box, new Vector3d(1, 0, 0), inf));
            rejected(() -> w.applyTorque(box, inf));
            rejected(() -> w.applyLinearImpulse(box, nan, new Vector3d()));
            rejected(() -> w.applyLinearImpulseToCenter(box, inf));
            rejected(() -> w.applyAngularImpulse(box, nan));
            rejected(() -> w.setMaterialPair(-1, 0, 0.5, 0));
            rejected(() -> w.setMaterialPair(0, 1, Double.NaN, 0));
            rejected(() -> w.createShape(box, ShapeDef.builder().build(), null));
            rejected(() -> w.createShape(box, null, new Sphere(1)));
            rejected(() -> w.createShape(box, ShapeDef.builder().build(),
                    ConvexHull.of(List.of(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0)))));
            // A handle that no longer names anything.
            BodyId gone = w.createBody(BodyDef.builder().position(5, 5, 5).build());
            w.destroyBody(gone);
            rejected(() -> w.destroyBody(gone));
            rejected(() -> w.setLinearVelocity(gone, new Vector3d()));
            rejected(() -> w.createShape(gone, ShapeDef.builder().build(), new Sphere(1)));
            assertTrue(w.isValid(box));
        });
    }
}
