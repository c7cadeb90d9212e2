package org.cairn.scene.internal.eval;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The unit symbols of the language and unit expressions built from them ({@code m/s^2},
 * {@code kg/m^3}, {@code N*m}, {@code deg/s}). Every unit converts to SI (and radians) by a
 * factor.
 */
public final class Units {
    /** A unit: how many SI units one of it is, and its dimension. */
    public record Unit(double factor, Dimension dimension) {
    }

    private static final Map<String, Unit> SYMBOLS = new LinkedHashMap<>();

    static {
        Dimension force = new Dimension(1, 1, -2, 0);
        add("m", 1, Dimension.LENGTH);
        add("cm", 0.01, Dimension.LENGTH);
        add("mm", 0.001, Dimension.LENGTH);
        add("km", 1000, Dimension.LENGTH);
        add("kg", 1, Dimension.MASS);
        add("g", 0.001, Dimension.MASS);
        add("t", 1000, Dimension.MASS);
        add("s", 1, Dimension.TIME);
        add("ms", 0.001, Dimension.TIME);
        add("min", 60, Dimension.TIME);
        add("h", 3600, Dimension.TIME);
        add("Hz", 1, Dimension.FREQUENCY);
        add("N", 1, force);
        add("J", 1, force.times(Dimension.LENGTH));
        add("W", 1, force.times(Dimension.LENGTH).over(Dimension.TIME));
        add("rad", 1, Dimension.ANGLE);
        add("deg", Math.PI / 180, Dimension.ANGLE);
        add("\u00B0", Math.PI / 180, Dimension.ANGLE);
        add("rev", 2 * Math.PI, Dimension.ANGLE);
    }

    private static void add(String symbol, double factor, Dimension dimension) {
        SYMBOLS.put(symbol, new Unit(factor, dimension));
    }

    private Units() {
    }

    /** Every unit symbol, for suggestions. */
    public static Iterable<String> symbols() {
        return SYMBOLS.keySet();
    }

    /** Words people write for units, and the symbol the language uses. */
    private static final Map<String, String> WORDS = Map.ofEntries(Map.entry("meter", "m"), Map.entry("meters", "m"),
            Map.entry("metre", "m"), Map.entry("metres", "m"), Map.entry("M", "m"), Map.entry("second", "s"),
            Map.entry("seconds", "s"), Map.entry("sec", "s"), Map.entry("secs", "s"), Map.entry("degree", "deg"),
            Map.entry("degrees", "deg"), Map.entry("degs", "deg"), Map.entry("radian", "rad"), Map.entry("radians", "rad"),
            Map.entry("rads", "rad"), Map.entry("kilogram", "kg"), Map.entry("kilograms", "kg"), Map.entry("kgs", "kg"),
            Map.entry("gram", "g"), Map.entry("grams", "g"), Map.entry("newton", "N"), Map.entry("newtons", "N"),
            Map.entry("hz", "Hz"), Map.entry("hertz", "Hz"), Map.entry("joule", "J"), Map.entry("joules", "J"),
            Map.entry("watt", "W"), Map.entry("watts", "W"), Map.entry("minute", "min"), Map.entry("minutes", "min"),
            Map.entry("hour", "h"), Map.entry("hours", "h"), Map.entry("millisecond", "ms"), Map.entry("milliseconds", "ms"),
            Map.entry("centimeter", "cm"), Map.entry("centimeters", "cm"), Map.entry("millimeter", "mm"),
            Map.entry("millimeters", "mm"), Map.entry("kilometer", "km"), Map.entry("kilometers", "km"),
            Map.entry("revs", "rev"), Map.entry("turn", "rev"), Map.entry("turns", "rev"));

    /** The unit symbol {@code word} most likely means (a symbol itself, a spelled-out name, a near miss), or null. */
    public static String suggest(String word) {
        if (SYMBOLS.containsKey(word)) {
            return word;
        }
        String named = WORDS.get(word);
        if (named == null) {
            named = WORDS.get(word.toLowerCase(java.util.Locale.ROOT));
        }
        return named != null ? named : Suggest.closest(word, symbols());
    }

    /** The unit of one symbol, or null. */
    public static Unit symbol(String symbol) {
        return SYMBOLS.get(symbol);
    }

    /**
     * Parses a unit expression: symbols joined by {@code *} and {@code /}, each with an optional
     * integer power {@code ^n} (binding to that symbol alone, so {@code m/s^2} is m·s⁻²). Throws
     * {@link UnknownUnit} naming the first unknown symbol.
     */
    public static Unit parse(String text) {
        double factor = 1;
        Dimension dimension = Dimension.NONE;
        // A unit may start with '/': 0.5/s is a rate.
        int i = text.startsWith("/") ? 1 : 0, sign = text.startsWith("/") ? -1 : 1;
        while (i < text.length()) {
            int start = i;
            while (i < text.length() && text.charAt(i) != '/' && text.charAt(i) != '*' && text.charAt(i) != '^') {
                i++;
            }
            String symbol = text.substring(start, i);
            Unit unit = SYMBOLS.get(symbol);
            if (unit == null) {
                throw new UnknownUnit(symbol);
            }
            int power = 1;
            if (i < text.length() && text.charAt(i) == '^') {
                int p = ++i;
                if (i < text.length() && text.charAt(i) == '-') {
                    i++;
                }
                while (i < text.length() && Character.isDigit(text.charAt(i))) {
                    i++;
                }
                // A unit's own power is small (m^3, s^-2); a longer one is no unit this table knows.
                if (i - p > 3) {
                    throw new UnknownUnit(text.substring(start, i));
                }
                power = Integer.parseInt(text.substring(p, i));
            }
            int exponent = sign * power;
            factor *= Math.pow(unit.factor(), exponent);
            dimension = dimension.times(unit.dimension().power(exponent));
            if (i < text.length()) {
                sign = text.charAt(i) == '/' ? -1 : 1;
                i++;
            }
        }
        return new Unit(factor, dimension);
    }

    /** A unit symbol that is not known. */
    public static final class UnknownUnit extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String symbol;

        UnknownUnit(String symbol) {
            super("unknown unit '" + symbol + "'", null, false, false);
            this.symbol = symbol;
        }

        /** The unknown symbol. */
        public String symbol() {
            return symbol;
        }
    }
}
