package org.cairn.scene.internal.eval;

/**
 * A physical dimension as exponents of length, mass, time and angle. Angles are a dimension of
 * their own here (they are dimensionless in SI) so that a bare number can never be taken for an
 * angle by accident: {@code rot=(30, 0, 0)} is an error, {@code rot=(30deg, 0, 0)} is not.
 *
 * @param length exponent of m
 * @param mass   exponent of kg
 * @param time   exponent of s
 * @param angle  exponent of rad
 */
public record Dimension(int length, int mass, int time, int angle) {
    public static final Dimension NONE = new Dimension(0, 0, 0, 0);
    public static final Dimension LENGTH = new Dimension(1, 0, 0, 0);
    public static final Dimension MASS = new Dimension(0, 1, 0, 0);
    public static final Dimension TIME = new Dimension(0, 0, 1, 0);
    public static final Dimension ANGLE = new Dimension(0, 0, 0, 1);
    public static final Dimension SPEED = new Dimension(1, 0, -1, 0);
    public static final Dimension ACCELERATION = new Dimension(1, 0, -2, 0);
    public static final Dimension ANGULAR_SPEED = new Dimension(0, 0, -1, 1);
    public static final Dimension DENSITY = new Dimension(-3, 1, 0, 0);
    public static final Dimension FREQUENCY = new Dimension(0, 0, -1, 0);

    /**
     * The largest power of a base unit a value may carry. Powers this small cannot overflow an
     * int however two of them are combined (64·64 and 64 + 64 are far from 2³¹), so checking each
     * result keeps every dimension exact.
     */
    public static final int MAX_POWER = 64;

    /** Whether every base unit's power is within ±limit. */
    public boolean powersWithin(int limit) {
        return Math.abs(length) <= limit && Math.abs(mass) <= limit && Math.abs(time) <= limit
                && Math.abs(angle) <= limit;
    }

    /** The dimension of a product. */
    public Dimension times(Dimension other) {
        return new Dimension(length + other.length, mass + other.mass, time + other.time, angle + other.angle);
    }

    /** The dimension of a quotient. */
    public Dimension over(Dimension other) {
        return new Dimension(length - other.length, mass - other.mass, time - other.time, angle - other.angle);
    }

    /** The dimension raised to an integer power. */
    public Dimension power(int n) {
        return new Dimension(length * n, mass * n, time * n, angle * n);
    }

    /** A name people recognise ("length", "speed", ...) or the SI unit form ("m·s^-3"). */
    public String describe() {
        if (equals(NONE)) {
            return "a plain number";
        }
        if (equals(LENGTH)) {
            return "a length";
        }
        if (equals(MASS)) {
            return "a mass";
        }
        if (equals(TIME)) {
            return "a time";
        }
        if (equals(ANGLE)) {
            return "an angle";
        }
        if (equals(SPEED)) {
            return "a speed";
        }
        if (equals(ACCELERATION)) {
            return "an acceleration";
        }
        if (equals(ANGULAR_SPEED)) {
            return "an angular speed";
        }
        if (equals(DENSITY)) {
            return "a density";
        }
        if (equals(FREQUENCY)) {
            return "a frequency";
        }
        StringBuilder out = new StringBuilder();
        append(out, "m", length);
        append(out, "kg", mass);
        append(out, "s", time);
        append(out, "rad", angle);
        return "a quantity in " + out;
    }

    private static void append(StringBuilder out, String unit, int exponent) {
        if (exponent == 0) {
            return;
        }
        if (out.length() > 0) {
            out.append('·');
        }
        out.append(unit);
        if (exponent != 1) {
            out.append('^').append(exponent);
        }
    }
}
