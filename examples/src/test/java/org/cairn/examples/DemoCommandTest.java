package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The demo prints a readable trace; bad flags are invalid input (exit 2). */
class DemoCommandTest {
    @Test
    void demoPrintsATraceOfEveryBody() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DemoCommand.trace(FallingBodies.build(), 0.5, 0.25, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        for (String name : new String[] {"crate", "capsule", "drum", "ball", "stone"}) {
            assertEquals(3, text.split("\n  " + name + " ").length - 1, name + " appears at t = 0, 0.25, 0.5");
        }
        assertTrue(text.contains("t = 0.500 s"), text);
    }

    @Test
    void badFlagsExitWithTwo() {
        PrintStream err = System.err;
        try {
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertEquals(2, Cairn.run("demo", "--seconds", "banana"));
            assertEquals(2, Cairn.run("demo", "--seconds", "-1"));
            assertEquals(2, Cairn.run("no-such-command"));
        } finally {
            System.setErr(err);
        }
    }

    @Test
    void helpAndVersionSucceed() {
        PrintStream out = System.out;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertEquals(0, Cairn.run("--version"));
            assertEquals(0, Cairn.run("demo", "--help"));
        } finally {
            System.setOut(out);
        }
    }
}
