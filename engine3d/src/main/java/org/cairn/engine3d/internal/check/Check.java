package org.cairn.engine3d.internal.check;

/**
 * Argument checks for the public API. Every failure is an {@link IllegalArgumentException} whose
 * message starts with the parameter's name and ends with the rejected value, so a user reading a
 * log line knows what to fix without a debugger.
 */
public final class Check {
    /** How far from 1 a quaternion's norm may be before it is rejected rather than normalised. */
    public static final double QUATERNION_NORM_TOLERANCE = 1e-6;

    private Check() {
    }

    public static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
        return value;
    }

    public static double positive(String name, double value) {
        if (!(value > 0.0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
        return value;
    }

    /**
     * A shape dimension (m): positive and at most {@link org.cairn.engine3d.geometry.Shape#MAX_LENGTH_METERS}.
     */
    public static double length(String name, double value) {
        positive(name, value);
        if (value > org.cairn.engine3d.geometry.Shape.MAX_LENGTH_METERS) {
            throw new IllegalArgumentException(name + " must be at most "
                    + org.cairn.engine3d.geometry.Shape.MAX_LENGTH_METERS + " m, got " + value);
        }
        return value;
    }

    /** A shape's point coordinate (m): finite and within ±{@link org.cairn.engine3d.geometry.Shape#MAX_LENGTH_METERS}. */
    public static double coordinate(String name, double value) {
        finite(name, value);
        if (Math.abs(value) > org.cairn.engine3d.geometry.Shape.MAX_LENGTH_METERS) {
            throw new IllegalArgumentException(name + " must be within ±"
                    + org.cairn.engine3d.geometry.Shape.MAX_LENGTH_METERS + " m, got " + value);
        }
        return value;
    }

    public static double nonNegative(String name, double value) {
        if (!(value >= 0.0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
        return value;
    }

    public static double inRange(String name, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    public static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
        return value;
    }

    public static int inRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    public static void finite3(String name, double x, double y, double z) {
        finite(name + ".x", x);
        finite(name + ".y", y);
        finite(name + ".z", z);
    }

    /**
     * Checks a quaternion and writes its normalised form into {@code dest[0..3]} (x, y, z, w).
     * A norm within {@link #QUATERNION_NORM_TOLERANCE} of 1 is normalised; anything further away,
     * or a zero or non-finite quaternion, is rejected: such an input is a bug in the caller, and
     * silently normalising it would hide the bug.
     */
    public static void unitQuaternion(String name, double x, double y, double z, double w, double[] dest) {
        finite(name + ".x", x);
        finite(name + ".y", y);
        finite(name + ".z", z);
        finite(name + ".w", w);
        double norm = Math.sqrt(x * x + y * y + z * z + w * w);
        if (!(Math.abs(norm - 1.0) <= QUATERNION_NORM_TOLERANCE)) {
            throw new IllegalArgumentException(name + " must be a unit quaternion (norm within "
                    + QUATERNION_NORM_TOLERANCE + " of 1), got (" + x + ", " + y + ", " + z + ", " + w
                    + ") with norm " + norm);
        }
        double inv = 1.0 / norm;
        dest[0] = x * inv;
        dest[1] = y * inv;
        dest[2] = z * inv;
        dest[3] = w * inv;
    }
}
