package org.cairn.verification.fuzz;

import java.util.Random;

/**
 * Random scene texts that follow the language's grammar closely enough to reach the compiler and
 * the engine: world settings, materials, pairs, constants, loops, bodies of every shape, states,
 * probes and includes, with numbers drawn from ordinary values and from the edges (zero, negative,
 * subnormal, huge, overflowing literals, wrong units).
 */
final class SceneTextGenerator {
    private static final String[] TOKENS = {"scene 1\n", "{", "}", "(", ")", "[", "]", ",", "=", "\n", "..", "-", "*",
        "/", "^", "let ", "repeat i in 0..3 {\n", "body ", "material ", "pair ", "state ", "probe ", "include ",
        "world ", "sphere r=", "box half=", "capsule ", "cylinder ", "convex points=", "1e309", "1e-320", "-0", "NaN",
        "sqrt(", "sin(", "deg", "m/s^2", "kg/m^3", "\"part.scene\"", "\"../x.scene\"", "static", "kinematic", "\t", "#"};
    private static final String[] LENGTH_UNITS = {"m", "cm", "mm", "km", "", "s", "deg", "kg"};

    private SceneTextGenerator() {
    }

    /** One token or fragment of the language, for mutations. */
    static String token(Random r) {
        return TOKENS[r.nextInt(TOKENS.length)];
    }

    /** A random scene. */
    static String scene(Random r) {
        StringBuilder s = new StringBuilder();
        if (r.nextInt(20) > 0) {
            s.append("scene 1\n");
        }
        if (r.nextBoolean()) {
            s.append("world gravity=(0, ").append(number(r, "m/s^2", -10)).append(", 0) dt=1s/")
                    .append(pick(r, "60", "30", "240", "0", "1e-9", "0.001")).append(" substeps=")
                    .append(pick(r, "4", "1", "8", "0", "300", "1e10", "2.5")).append(' ')
                    .append(pick(r, "solver=soft", "solver=si iterations=8", "sleep=off", "relax_iterations=3",
                            "contact_damping=1e308", "max_speed=1e300m/s", "workers=2", "block_normals=off",
                            "contact_capacity=4096", "contact_capacity=65537", ""))
                    .append('\n');
        }
        if (r.nextBoolean()) {
            s.append("material wood density=").append(number(r, "kg/m^3", 700)).append(" friction=")
                    .append(number(r, "", 0.5)).append(" restitution=").append(number(r, "", 0.1)).append('\n');
            if (r.nextBoolean()) {
                s.append("material ice friction=0.05\npair wood ice friction=").append(number(r, "", 0.1)).append('\n');
            }
        }
        if (r.nextInt(4) == 0) {
            s.append("include \"part.scene\"").append(r.nextBoolean() ? " as left" : "").append('\n');
        }
        if (r.nextInt(3) == 0) {
            s.append("body ground static { box half=(").append(number(r, "m", 20)).append(", 0.5m, 20m) at=(0, -0.5m, 0) }\n");
        }
        if (r.nextBoolean()) {
            s.append("let n = ").append(pick(r, "3", "0", "-2", "1e6", "2.5", "1e309")).append('\n');
            s.append("repeat i in 0..n {\n  ");
            body(r, s, "stack[i]", "(0, 0.5m + i, 0)");
            s.append("}\n");
        }
        int bodies = r.nextInt(4);
        for (int b = 0; b < bodies; b++) {
            body(r, s, "b" + b, "(" + number(r, "m", b) + ", " + number(r, "m", 2 + b) + ", 0)");
        }
        if (bodies >= 2 && r.nextInt(3) == 0) {
            joint(r, s);
        }
        if (r.nextInt(4) == 0) {
            s.append("state moved {\n  b0.at = (1m, 3m, 0)\n  b0.v = (").append(number(r, "m/s", 1)).append(", 0, 0)\n}\n");
        }
        if (r.nextInt(4) == 0) {
            s.append("probe p body=b0 record=position every=").append(pick(r, "1", "10", "0", "1e309", "-1")).append('\n');
        }
        return s.toString();
    }

    /** A joint between b0 and b1, of a random kind, with its limits, cone, friction, motor or spring at ordinary values or at the edges. */
    private static void joint(Random r, StringBuilder s) {
        String kind = pick(r, "ball", "hinge", "slider", "fixed", "distance", "wheel", "motor", "rope");
        s.append("joint ").append(kind).append(" j a=b0 b=b1 at=(").append(number(r, "m", 0.5)).append(", ")
                .append(number(r, "m", 2)).append(", 0)");
        if (r.nextBoolean()) {
            s.append(" axis=(").append(number(r, "", 1)).append(", ").append(pick(r, "0", "1", "-1", "1e-300")).append(", 0)");
        }
        switch (kind) {
            case "ball" -> s.append(" cone=").append(number(r, "deg", 30)).append(" limits=(-").append(number(r, "deg", 20))
                    .append(", ").append(number(r, "deg", 20)).append(") friction=").append(number(r, "N*m", 1));
            case "hinge" -> s.append(" limits=(-").append(number(r, "deg", 45)).append(", ").append(number(r, "deg", 45))
                    .append(") motor=(").append(number(r, "rad/s", 1)).append(", ").append(number(r, "N*m", 10)).append(')');
            case "slider" -> s.append(" limits=(-").append(number(r, "m", 0.2)).append(", ").append(number(r, "m", 0.2))
                    .append(") spring=(").append(number(r, "Hz", 2)).append(", ").append(number(r, "", 0.5)).append(", 0)");
            case "distance" -> s.append(" at_b=(").append(number(r, "m", 1)).append(", 2m, 0) length=").append(number(r, "m", 1));
            default -> s.append(" break_force=").append(number(r, "N", 100));
        }
        s.append('\n');
    }

    private static void body(Random r, StringBuilder s, String name, String at) {
        s.append("body ").append(name).append(' ').append(pick(r, "", "", "static", "kinematic", "dynamic"))
                .append(" at=").append(at);
        if (r.nextInt(3) == 0) {
            s.append(" v=(").append(number(r, "m/s", 1)).append(", 0, 0) w=(0, ").append(number(r, "deg/s", 90))
                    .append(", 0)");
        }
        if (r.nextInt(5) == 0) {
            s.append(" mass=").append(number(r, "kg", 2));
        }
        if (r.nextInt(4) == 0) {
            s.append(" rot=(0, ").append(number(r, "deg", 30)).append(", 0)");
        }
        if (r.nextInt(6) == 0) {
            s.append(" bullet=").append(pick(r, "on", "off"));
        }
        s.append(" {\n");
        int shapes = 1 + r.nextInt(2);
        for (int k = 0; k < shapes; k++) {
            s.append("    ");
            switch (r.nextInt(5)) {
                case 0 -> s.append("sphere r=").append(number(r, "m", 0.5));
                case 1 -> s.append("box half=(").append(number(r, "m", 0.5)).append(", ").append(number(r, "m", 0.5))
                        .append(", 0.5m)");
                case 2 -> s.append("capsule r=").append(number(r, "m", 0.3)).append(" half_height=")
                        .append(number(r, "m", 0.5));
                case 3 -> s.append("cylinder r=").append(number(r, "m", 0.4)).append(" half_height=")
                        .append(number(r, "m", 0.3));
                default -> s.append("convex points=((0, 0, 0), (").append(number(r, "m", 1))
                        .append(", 0, 0), (0, 1m, 0), (0, 0, ").append(number(r, "m", 1)).append("))");
            }
            if (r.nextInt(3) == 0) {
                s.append(" at=(0, ").append(number(r, "m", 0.2)).append(", 0)");
            }
            if (r.nextInt(4) == 0) {
                s.append(" density=").append(number(r, "kg/m^3", 1000));
            }
            if (r.nextInt(5) == 0) {
                s.append(" friction=").append(number(r, "", 0.6));
            }
            s.append('\n');
        }
        s.append("}\n");
    }

    /** A number with a unit: usually an ordinary value near {@code typical}, sometimes one at the edges. */
    private static String number(Random r, String unit, double typical) {
        if (r.nextInt(6) > 0) {
            double v = typical * (0.5 + r.nextDouble());
            return (Math.rint(v * 1000) / 1000) + unit;
        }
        String edge = pick(r, "0", "-1", "1e-320", "1e-200", "1e200", "1e308", "1e309", "4.9e-324", "1e6", "-1e6",
                "123456789012345678901234567890", "(1/0)", "sqrt(-1)");
        String u = r.nextInt(8) == 0 ? LENGTH_UNITS[r.nextInt(LENGTH_UNITS.length)] : unit;
        return edge.startsWith("(") || edge.startsWith("s") ? edge : edge + u;
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }
}
