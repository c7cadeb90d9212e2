package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.cairn.examples.api.CharacterExample;
import org.cairn.examples.api.ContactEventsExample;
import org.cairn.examples.api.OneWayPlatformExample;
import org.cairn.examples.api.SensorExample;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The integrator's examples (docs/api.md) run and do what they say, checked against the geometry. */
class ApiExamplesTest {
    private static final double G = 9.81;

    private static String output(java.util.function.Consumer<PrintStream> example) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        example.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void contactEventsReportTheFirstHitAtTheFreeFallSpeed() {
        String out = output(ContactEventsExample::run);
        List<String> lines = out.lines().toList();
        // Dropped from 1.75 m above the ground: sqrt(2 g h) = 5.86 m/s.
        double first = Double.parseDouble(lines.get(0).replaceAll(".* at ([0-9.]+) m/s.*", "$1"));
        assertEquals(Math.sqrt(2 * G * 1.75), first, G / 60);
        assertTrue(out.contains("ball left the ground") && out.contains("ball fell asleep"), out);
    }

    @Test
    void everyBallEntersAndLeavesTheSensorOnce() {
        String out = output(SensorExample::run);
        for (int k = 1; k <= 3; k++) {
            String ball = "ball " + k + " ";
            assertEquals(1, out.lines().filter(l -> l.contains(ball) && l.endsWith("entered the zone")).count(), out);
        }
        assertEquals(3, out.lines().filter(l -> l.endsWith("entered the zone")).count(), out);
        assertEquals(3, out.lines().filter(l -> l.endsWith("left the zone")).count(), out);
    }

    @Test
    void theCapsuleClimbsTheStepAndTheRampAndStopsAtTheWall() {
        Vector3d feet = CharacterExample.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        // The wall's face is at x = 13.5; the capsule's radius 0.3; the plateau's top 0.25 + 4·tan 20°.
        assertEquals(13.5 - CharacterExample.RADIUS, feet.x, 1e-3);
        assertEquals(0.25 + 4 * Math.tan(Math.toRadians(20)), feet.y, 1e-3);
    }

    @Test
    void aRollbackReplayEqualsTheWorldThatHadTheTrueInputAllAlong() {
        assertTrue(org.cairn.examples.api.SnapshotExample.run(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)));
    }

    @Test
    void theOneWayPlatformHoldsTheBallOnTop() {
        double y = OneWayPlatformExample.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        // On the platform's top (1.1 m) plus the ball's radius.
        assertEquals(1.3, y, 0.01);
    }
}
