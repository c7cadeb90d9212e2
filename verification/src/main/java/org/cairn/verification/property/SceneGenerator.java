package org.cairn.verification.property;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Random scenes for the property suite, drawn from {@link Choices} so that they shrink. Six
 * families (the first draw; shrinking moves towards the first): bodies dropped onto the ground,
 * stacked in columns, thrown, bouncing balls, boxes sliding, and weightless bodies thrown at each
 * other with no ground (where momentum must be conserved). Boxes, spheres, capsules and convex
 * hulls; friction in [0, 1), restitution in [0, 1], masses from 1 to 100 kg (or as asked): mass
 * ratios up to 100.
 * Nothing starts overlapping: bodies sit on a 1.5 m grid and each fits in a 0.7 m ball (columns
 * are stacked with 1 mm gaps). Dropped boxes and stacks have friction of at least 0.3 everywhere
 * and must come to rest within 3 s; round and rolling shapes are not asked to.
 */
public final class SceneGenerator {
    /** The families, in shrinking order. */
    public static final String[] FAMILIES = {"dropped", "stacked", "thrown", "bouncing", "sliding", "weightless"};
    private static final int MAX_BODIES = 24;

    private final String solver;
    private final String extraWorldSettings;
    private final double massRatio;
    private boolean requireRest = true;

    /**
     * A generator for {@code solver} ({@code soft} or {@code si}); {@code extraWorldSettings} is
     * appended to every scene's world line (for instance an experimental switch), may be empty;
     * masses from 1 kg to {@code massRatio} kg (log-uniform), so no two differ by more than that.
     */
    public SceneGenerator(String solver, String extraWorldSettings, double massRatio) {
        if (!(massRatio >= 1)) {
            throw new IllegalArgumentException("massRatio must be at least 1, got " + massRatio);
        }
        this.solver = solver;
        this.extraWorldSettings = extraWorldSettings;
        this.massRatio = massRatio;
    }

    /** Stop asking dropped boxes and stacks to come to rest (for solvers known not to let them); returns this. */
    public SceneGenerator withoutRest() {
        requireRest = false;
        return this;
    }

    /** A generator with mass ratios up to 100. */
    public SceneGenerator(String solver, String extraWorldSettings) {
        this(solver, extraWorldSettings, 100);
    }

    /** Draws one scene. */
    public GeneratedScene generate(Choices c) {
        int family = c.below(FAMILIES.length);
        String name = FAMILIES[family];
        TreeSet<String> tags = new TreeSet<>();
        tags.add(name);
        StringBuilder out = new StringBuilder();
        boolean weightless = name.equals("weightless");
        out.append("scene 1\n");
        out.append("world gravity=(0, ").append(weightless ? "0" : "-9.81m/s^2").append(", 0) dt=1s/60 solver=").append(solver)
                .append(solver.equals("soft") ? " substeps=4" : " substeps=1 iterations=10");
        if (!extraWorldSettings.isEmpty()) {
            out.append(' ').append(extraWorldSettings);
        }
        out.append('\n');
        if (!weightless) {
            double groundFriction = name.equals("dropped") || name.equals("stacked") ? 0.3 + 0.7 * c.unit() : c.unit();
            out.append("body ground static { box half=(20m, 0.5m, 20m) at=(0, -0.5m, 0) friction=").append(num(groundFriction))
                    .append(" restitution=").append(num(name.equals("bouncing") ? c.between(0.5, 1) : c.unit())).append(" }\n");
        }
        int count = 1 + c.below(MAX_BODIES);
        double columnTop = 0;
        boolean settles = name.equals("dropped") || name.equals("stacked");
        int columnHeight = name.equals("stacked") ? 1 + c.below(5) : 1;
        for (int i = 0; i < count; i++) {
            int cell = i / columnHeight, level = i % columnHeight;
            double x = -3 + 1.5 * (cell % 5), z = -3 + 1.5 * ((cell / 5) % 5);
            double mass = Math.pow(massRatio, c.unit());
            double friction = settles ? 0.3 + 0.7 * c.unit() : c.unit();
            double restitution = name.equals("bouncing") ? c.between(0.5, 1) : c.unit() * c.unit();
            String shape;
            double y;
            String rotation = "";
            String velocity = "";
            if (name.equals("stacked")) {
                // Columns of boxes with the same footprint, 1 mm apart.
                double hx = 0.2 + 0.15 * c.unit(), hy = 0.1 + 0.2 * c.unit();
                shape = "box half=(" + num(hx) + "m, " + num(hy) + "m, " + num(hx) + "m)";
                if (level == 0) {
                    columnTop = 0;
                }
                y = columnTop + 0.001 + hy;
                columnTop = y + hy;
            } else {
                int kind = name.equals("bouncing") ? 1 : c.below(4);
                switch (kind) {
                    case 0 -> {
                        double hx = 0.15 + 0.25 * c.unit(), hy = 0.15 + 0.25 * c.unit(), hz = 0.15 + 0.25 * c.unit();
                        shape = "box half=(" + num(hx) + "m, " + num(hy) + "m, " + num(hz) + "m)";
                        tags.add("box");
                    }
                    case 1 -> {
                        double r = 0.2 + 0.3 * c.unit();
                        shape = "sphere r=" + num(r) + "m";
                        settles = false;
                        tags.add("sphere");
                    }
                    case 2 -> {
                        double r = 0.1 + 0.3 * c.unit(), half = 0.1 + 0.2 * c.unit();
                        shape = "capsule r=" + num(r) + "m half_height=" + num(half) + "m";
                        settles = false;
                        tags.add("capsule");
                    }
                    default -> {
                        StringBuilder points = new StringBuilder("convex points=(");
                        // A base tetrahedron keeps the hull solid whatever the other points are.
                        points.append("(0.3m, 0, 0), (-0.2m, 0.25m, 0), (-0.2m, -0.25m, 0.2m), (-0.2m, -0.25m, -0.2m)");
                        int extra = c.below(7);
                        for (int k = 0; k < extra; k++) {
                            points.append(", (").append(num(c.signed(0.4))).append("m, ").append(num(c.signed(0.4)))
                                    .append("m, ").append(num(c.signed(0.4))).append("m)");
                        }
                        shape = points.append(')').toString();
                        settles = false;
                        tags.add("hull");
                    }
                }
                y = weightless ? 1.5 * (i / 25) : 0.7 + (name.equals("bouncing") ? 1 + 2 * c.unit() : 0.3 * c.unit())
                        + 1.5 * (i / 25);
                if (!name.equals("bouncing") && c.below(2) == 1) {
                    rotation = " quat=(" + num(c.signed(1)) + ", " + num(c.signed(1)) + ", " + num(c.signed(1)) + ", 1)";
                }
                double speed = switch (name) {
                    case "thrown" -> 6;
                    case "weightless" -> 4;
                    default -> 0;
                };
                if (speed > 0) {
                    double vx = weightless ? -x + c.signed(1) : c.signed(speed), vy = weightless ? c.signed(1) : c.unit() * 3,
                            vz = weightless ? -z + c.signed(1) : c.signed(speed);
                    velocity = " v=(" + num(vx) + "m/s, " + num(vy) + "m/s, " + num(vz) + "m/s) w=(" + num(c.signed(3))
                            + "rad/s, " + num(c.signed(3)) + "rad/s, " + num(c.signed(3)) + "rad/s)";
                } else if (name.equals("sliding")) {
                    velocity = " v=(" + num(c.signed(6)) + "m/s, 0, " + num(c.signed(6)) + "m/s)";
                    tags.add("sliding");
                }
                if (name.equals("bouncing")) {
                    tags.add("bouncing");
                }
            }
            out.append("body b").append(i).append(" at=(").append(num(x)).append("m, ").append(num(y)).append("m, ")
                    .append(num(z)).append("m)").append(rotation).append(velocity).append(" mass=").append(num(mass))
                    .append("kg { ").append(shape).append(" friction=").append(num(friction))
                    .append(" restitution=").append(num(restitution)).append(" }\n");
        }
        if (columnHeight > 1) {
            tags.add("stack of " + columnHeight);
        }
        int steps = weightless ? 120 : 240;
        return new GeneratedScene(out.toString(), name, tags, steps, settles && requireRest ? 3.0 : 0.0, count);
    }

    /** The shortest decimal that reads back as the same double, without an exponent. */
    static String num(double value) {
        if (value == 0) {
            return "0";
        }
        String plain = new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        return plain.toLowerCase(Locale.ROOT);
    }
}
