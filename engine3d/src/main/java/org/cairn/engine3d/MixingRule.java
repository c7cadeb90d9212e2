package org.cairn.engine3d;

/** How a contact combines the friction or restitution of its two shapes, a and b. */
public enum MixingRule {
    /** √(a·b): a frictionless shape makes a frictionless contact. Box2D's friction rule. */
    GEOMETRIC_MEAN,
    /** max(a, b): the bouncier shape decides. Box2D's restitution rule. */
    MAXIMUM,
    /** min(a, b). */
    MINIMUM,
    /** (a + b) / 2. */
    AVERAGE,
    /** a·b. */
    MULTIPLY;

    /** Combines two coefficients by this rule. */
    public double mix(double a, double b) {
        return switch (this) {
            case GEOMETRIC_MEAN -> Math.sqrt(a * b);
            case MAXIMUM -> Math.max(a, b);
            case MINIMUM -> Math.min(a, b);
            case AVERAGE -> 0.5 * (a + b);
            case MULTIPLY -> a * b;
        };
    }
}
