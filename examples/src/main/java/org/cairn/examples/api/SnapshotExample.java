package org.cairn.examples.api;

import java.io.PrintStream;
import java.util.Locale;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Vector3d;

/**
 * Rollback, as a networked game does it: the world is saved, a guessed input is played ahead,
 * the true input arrives, and the world is put back and played again with it. The replay from the
 * snapshot gives exactly the state a world that had the true input all along has.
 */
public final class SnapshotExample {
    private SnapshotExample() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    private static World level() {
        World world = new World();
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).position(0, -0.5, 0).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(10, 0.5, 10));
        for (int k = 0; k < 3; k++) {
            BodyId crate = world.createBody(BodyDef.builder().position(2, 0.5 + k, 0).build());
            world.createShape(crate, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        }
        BodyId ball = world.createBody(BodyDef.builder().position(-2, 0.3, 0).build());
        world.createShape(ball, ShapeDef.builder().density(5000).build(), new Sphere(0.3));
        return world;
    }

    private static void play(World world, BodyId ball, double push, int steps) {
        world.setLinearVelocity(ball, new Vector3d(push, 0, 0));
        for (int k = 0; k < steps; k++) {
            world.step();
        }
    }

    /** Runs the example, printing to {@code out}; returns whether the replay matched the reference exactly. */
    public static boolean run(PrintStream out) {
        World world = level();
        BodyId ball = world.bodies(new java.util.ArrayList<>()).get(4);
        for (int k = 0; k < 60; k++) {
            world.step();
        }
        byte[] saved = world.snapshot();
        play(world, ball, 1.0, 90);              // the guess: a gentle push
        Vector3d guessed = world.position(ball, new Vector3d());
        world.restore(saved);                    // the true input arrives: back to the saved step...
        play(world, ball, 6.0, 90);              // ...and play it again with a hard push
        Vector3d replayed = world.position(ball, new Vector3d());

        World reference = level();               // a world that had the true input all along
        BodyId referenceBall = reference.bodies(new java.util.ArrayList<>()).get(4);
        for (int k = 0; k < 60; k++) {
            reference.step();
        }
        play(reference, referenceBall, 6.0, 90);
        Vector3d truth = reference.position(referenceBall, new Vector3d());
        boolean same = replayed.equals(truth);
        out.printf(Locale.ROOT, "snapshot: %d bytes; the guess left the ball at x = %.3f m, the replay at %.3f m%n", saved.length,
                guessed.x, replayed.x);
        out.printf(Locale.ROOT, "the replay and the world that had the true input all along agree %s%n",
                same ? "to the last bit" : "NOT AT ALL");
        return same;
    }
}
