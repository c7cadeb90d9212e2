package org.cairn.scene;

import java.util.List;
import org.cairn.engine3d.geometry.Box;
import org.cairn.scene.SceneSchema.Kind;
import org.cairn.scene.internal.eval.Dimension;
import org.cairn.scene.internal.eval.Value;
import org.joml.Quaterniond;

/**
 * A property's evaluated value against the kind its schema asks for ({@link #fits}), how a wrong
 * one is described in a message, and the SI numbers read from one that fits.
 */
final class PropertyValues {
    private PropertyValues() {
    }

    static boolean fits(Value v, Kind kind) {
        return switch (kind) {
            case LENGTH3 -> triple(v, Dimension.LENGTH);
            case ANGLE3 -> triple(v, Dimension.ANGLE);
            case SPEED3 -> triple(v, Dimension.SPEED);
            case ANGULAR_SPEED3 -> triple(v, Dimension.ANGULAR_SPEED);
            case ACCELERATION3 -> triple(v, Dimension.ACCELERATION);
            case LENGTH -> scalar(v, Dimension.LENGTH);
            case SPEED -> scalar(v, Dimension.SPEED);
            case MASS -> scalar(v, Dimension.MASS);
            // ((0, 1, 2)) is one triangle in parentheses, so a lone index triple counts as a list of one.
            case TRIANGLES -> indexTriple(v) || v instanceof Value.Tuple t && !t.items().isEmpty()
                    && t.items().stream().allMatch(PropertyValues::indexTriple);
            case ANGLE -> scalar(v, Dimension.ANGLE);
            case LAYERS -> v instanceof Value.Word || v instanceof Value.Tuple t && !t.items().isEmpty()
                    && t.items().stream().allMatch(x -> x instanceof Value.Word);
            case AXIS3 -> triple(v, Dimension.NONE);
            case QUAT4 -> v instanceof Value.Tuple t && t.items().size() == 4
                    && t.items().stream().allMatch(x -> x instanceof Value.Scalar q && q.dimension().equals(Dimension.NONE));
            case TIME -> scalar(v, Dimension.TIME);
            case DENSITY -> scalar(v, Dimension.DENSITY);
            case FREQUENCY -> scalar(v, Dimension.FREQUENCY);
            case RATE -> scalar(v, Dimension.FREQUENCY);
            case PLAIN -> v instanceof Value.Scalar s && s.dimension().equals(Dimension.NONE);
            case COUNT -> v instanceof Value.Scalar s && s.dimension().equals(Dimension.NONE) && s.si() == Math.rint(s.si())
                    && Double.isFinite(s.si());
            case WORD -> v instanceof Value.Word;
            case ON_OFF -> v instanceof Value.Word w && (w.name().equals("on") || w.name().equals("off"));
            case FORCE -> scalar(v, new Dimension(1, 1, -2, 0));
            case TORQUE -> scalar(v, new Dimension(2, 1, -2, 0));
            case TUPLE -> v instanceof Value.Tuple;
            case MESH_VERTICES -> v instanceof Value.Tuple t && t.items().size() >= 3
                    && t.items().stream().allMatch(p -> triple(p, Dimension.LENGTH));
            case POINTS -> v instanceof Value.Tuple t && t.items().size() >= 4
                    && t.items().stream().allMatch(p -> triple(p, Dimension.LENGTH));
        };
    }

    /** A scalar of the dimension, or a plain number standing for SI (never for an angle, except 0). */
    static boolean scalar(Value v, Dimension d) {
        return v instanceof Value.Scalar s && (s.dimension().equals(d)
                || s.dimension().equals(Dimension.NONE) && (d.angle() == 0 || s.si() == 0));
    }

    static boolean indexTriple(Value v) {
        return v instanceof Value.Tuple t && t.items().size() == 3 && t.items().stream().allMatch(
                x -> x instanceof Value.Scalar q && q.dimension().equals(Dimension.NONE) && q.si() == Math.rint(q.si()));
    }

    static boolean triple(Value v, Dimension d) {
        return v instanceof Value.Tuple t && t.items().size() == 3 && t.items().stream().allMatch(x -> scalar(x, d));
    }

    static String describe(Value v) {
        if (v instanceof Value.Scalar s) {
            return s.dimension().describe();
        }
        if (v instanceof Value.Tuple t) {
            return "(" + String.join(", ", t.items().stream().map(PropertyValues::describe).toList()) + ")";
        }
        if (v instanceof Value.Text) {
            return "a string";
        }
        return "the word '" + ((Value.Word) v).name() + "'";
    }

    /** The first bare word in a value, which where a number is expected is most likely a misspelled name. */
    static String firstWord(Value v) {
        if (v instanceof Value.Word w) {
            return w.name();
        }
        if (v instanceof Value.Tuple t) {
            for (Value item : t.items()) {
                String found = firstWord(item);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    static double number(Value v) {
        return ((Value.Scalar) v).si();
    }

    static double[] vector(Value v) {
        List<Value> items = ((Value.Tuple) v).items();
        return new double[] {number(items.get(0)), number(items.get(1)), number(items.get(2))};
    }

    static Quaterniond rotation(Value v) {
        double[] a = vector(v);
        return new Quaterniond().rotationXYZ(a[0], a[1], a[2]);
    }

    static Box box(double[] h) {
        return new Box(h[0], h[1], h[2]);
    }
}
