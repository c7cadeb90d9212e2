package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A bullet is swept against every other body's shapes, not only static ones: a projectile strikes
 * a thin dynamic plank instead of passing through it, and the plank takes its momentum.
 */
class BulletTest {
    /** A steel sphere of 5 cm radius fired at 300 m/s (5 m a step) at a 2 cm plank 1 m away, in zero gravity. */
    private static World shot(boolean bullet, List<BodyId> out) {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId plank = world.createBody(BodyDef.builder().position(1, 0, 0).build());
        world.createShape(plank, ShapeDef.builder().density(100).build(), new Box(0.01, 0.5, 0.5));
        BodyId ball = world.createBody(BodyDef.builder().bullet(bullet).linearVelocity(300, 0, 0).build());
        world.createShape(ball, ShapeDef.builder().density(7800).build(), new Sphere(0.05));
        out.add(plank);
        out.add(ball);
        return world;
    }

    /**
     * Without the flag the sphere passes the plank between two steps (continuous collision sweeps
     * only against static shapes); as a bullet it stops at the plank's face and pushes it, and
     * the momentum m·v is kept: head on and without restitution, both end at the common speed
     * m_ball·v/(m_ball + m_plank). Measured: the plank untouched and the sphere past it without
     * the flag; with it, the sphere never into the plank, the momentum exact, both at
     * 201.3818125606 m/s after 0.5 s, the closed form to all ten decimals.
     */
    @Test
    void aBulletStrikesAThinDynamicPlankThatAnOrdinaryBodyPassesThrough() {
        List<BodyId> bodies = new ArrayList<>();
        World plain = shot(false, bodies);
        for (int i = 0; i < 2; i++) {
            plain.step();
        }
        assertTrue(plain.position(bodies.get(1), new Vector3d()).x > 2, "an ordinary body passed the plank");
        assertEquals(0, plain.linearVelocity(bodies.get(0), new Vector3d()).length(), "and left it alone");

        bodies.clear();
        World world = shot(true, bodies);
        BodyId plank = bodies.get(0), ball = bodies.get(1);
        assertTrue(world.isBullet(ball));
        double mBall = world.mass(ball), mPlank = world.mass(plank), momentum = mBall * 300;
        double deepest = 0;
        for (int i = 0; i < 30; i++) {
            world.step();
            double face = world.position(plank, new Vector3d()).x - 0.01;
            deepest = Math.max(deepest, world.position(ball, new Vector3d()).x + 0.05 - face);
        }
        double vBall = world.linearVelocity(ball, new Vector3d()).x, vPlank = world.linearVelocity(plank, new Vector3d()).x;
        double common = momentum / (mBall + mPlank);
        System.out.printf("bullet into a plank: at most %.3g mm into it; ball %.10f m/s, plank %.10f m/s, closed form %.10f;"
                + " momentum off by %.2e%n", 1000 * deepest, vBall, vPlank, common,
                Math.abs(mBall * vBall + mPlank * vPlank - momentum) / momentum);
        assertTrue(deepest < 1e-4, "the sphere went " + deepest + " m into the plank");
        assertEquals(momentum, mBall * vBall + mPlank * vPlank, 1e-12 * momentum, "momentum kept");
        assertEquals(common, vPlank, 1e-9 * common, "the plank at the common speed");
        assertEquals(common, vBall, 1e-9 * common, "the sphere at the common speed");
    }

    /**
     * A bullet at the end of a ball joint (two steel spheres 0.3 m apart at 200 m/s, the leading
     * one a bullet) strikes the plank, and its partner is put back with it, so the joint holds
     * through the blow. Measured: the plank then at 160.77 m/s with the pair, the joint at most
     * 18.1 mm apart (in the step of the impact, the soft joint taking the partner's momentum).
     */
    @Test
    void aBulletOnAJointIsPutBackWithItsPartner() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).sleeping(false).build());
        BodyId plank = world.createBody(BodyDef.builder().position(2, 0, 0).build());
        world.createShape(plank, ShapeDef.builder().density(100).build(), new Box(0.01, 0.5, 0.5));
        BodyId head = world.createBody(BodyDef.builder().bullet(true).linearVelocity(200, 0, 0).build());
        BodyId tail = world.createBody(BodyDef.builder().position(-0.3, 0, 0).linearVelocity(200, 0, 0).build());
        world.createShape(head, ShapeDef.builder().density(7800).build(), new Sphere(0.05));
        world.createShape(tail, ShapeDef.builder().density(7800).build(), new Sphere(0.05));
        JointId joint = world.createJoint(JointDef.builder(JointKind.BALL, tail, head).anchor(-0.15, 0, 0).build());
        Vector3d a = new Vector3d(), b = new Vector3d();
        double apart = 0;
        for (int i = 0; i < 30; i++) {
            world.step();
            apart = Math.max(apart, world.joints().anchorA(joint, a).distance(world.joints().anchorB(joint, b)));
            double face = world.position(plank, new Vector3d()).x - 0.01;
            assertTrue(world.position(head, new Vector3d()).x + 0.05 < face + 1e-4, "the bullet passed the plank's face");
        }
        double speed = world.linearVelocity(plank, new Vector3d()).x;
        System.out.printf("bullet on a joint: plank at %.2f m/s, the joint at most %.2f mm apart%n", speed, 1000 * apart);
        assertTrue(speed > 100, "the plank was struck: " + speed + " m/s");
        assertTrue(apart < 0.05, "the joint came " + apart + " m apart");
    }

    /** Bullets are not swept against each other: two fired head on at 300 m/s each pass as ordinary bodies would. */
    @Test
    void bulletsAreNotSweptAgainstEachOther() {
        World world = new World(WorldDef.builder().gravity(0, 0, 0).build());
        BodyId a = world.createBody(BodyDef.builder().bullet(true).position(-2, 0, 0).linearVelocity(300, 0, 0).build());
        BodyId b = world.createBody(BodyDef.builder().bullet(true).position(2, 0, 0).linearVelocity(-300, 0, 0).build());
        world.createShape(a, ShapeDef.DEFAULTS, new Sphere(0.05));
        world.createShape(b, ShapeDef.DEFAULTS, new Sphere(0.05));
        world.step();
        assertEquals(3, world.position(a, new Vector3d()).x, 1e-9, "a moved its full 5 m");
        assertEquals(-3, world.position(b, new Vector3d()).x, 1e-9, "b moved its full 5 m");
    }
}
