package org.cairn.scene.internal.eval;

import java.util.List;

/** The value of an expression. */
public sealed interface Value {
    /** A number in SI units (angles in radians) with its dimension. */
    record Scalar(double si, Dimension dimension) implements Value {
    }

    /**
     * A tuple of values, such as a position.
     *
     * @param items   the values
     * @param numbers how many values it holds, counted through nested tuples (a tuple built
     *                from itself twice, 64 times over, holds 2⁶⁴: the count saturates at
     *                {@link Long#MAX_VALUE}, so a limit can refuse it before anything walks it)
     */
    record Tuple(List<Value> items, long numbers) implements Value {
        /** Copies the list so the record stays immutable. */
        public Tuple {
            items = List.copyOf(items);
        }

        /** A tuple of these values. */
        public Tuple(List<Value> items) {
            this(items, count(items));
        }

        private static long count(List<Value> items) {
            long n = 0;
            for (Value v : items) {
                long add = v instanceof Tuple t ? t.numbers() : 1;
                n = n > Long.MAX_VALUE - add ? Long.MAX_VALUE : n + add;
            }
            return n;
        }
    }

    /** A string. */
    record Text(String value) implements Value {
    }

    /** A bare word that is not a constant: a name, a material, a layer, or an enum value such as {@code on}. */
    record Word(String name) implements Value {
    }

    /**
     * A constant whose definition had an error (already reported): using it gives no value and no
     * second error, so one mistake is reported once.
     */
    record Failed() implements Value {
    }
}
