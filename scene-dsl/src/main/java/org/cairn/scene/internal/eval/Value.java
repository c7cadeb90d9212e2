package org.cairn.scene.internal.eval;

import java.util.List;

/** The value of an expression. */
public sealed interface Value {
    /** A number in SI units (angles in radians) with its dimension. */
    record Scalar(double si, Dimension dimension) implements Value {
    }

    /** A tuple of values, such as a position. */
    record Tuple(List<Value> items) implements Value {
        /** Copies the list so the record stays immutable. */
        public Tuple {
            items = List.copyOf(items);
        }
    }

    /** A string. */
    record Text(String value) implements Value {
    }

    /** A bare word that is not a constant: a name, a material, a layer, or an enum value such as {@code on}. */
    record Word(String name) implements Value {
    }
}
