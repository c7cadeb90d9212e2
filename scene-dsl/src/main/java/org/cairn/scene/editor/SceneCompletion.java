package org.cairn.scene.editor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.cairn.scene.SceneSchema;

/**
 * What may be typed at a cursor in a scene file: statements where a statement starts (shapes
 * inside a body's braces, bodies inside a state's), a statement's properties and words, and after
 * {@code key=} only what that key takes (material names after {@code material=}, body names after
 * {@code a=}, on or off, a property's choices, constants and functions where a number goes), and
 * units right after a number.
 */
public final class SceneCompletion {
    /** What a suggestion is. */
    public enum Kind {
        /** A statement's first word. */
        STATEMENT,
        /** A property key, inserted with its '='. */
        PROPERTY,
        /** A word from a fixed set (a body kind, on, off, a mixing rule). */
        KEYWORD,
        /** A name defined in the file. */
        NAME,
        /** A unit symbol. */
        UNIT,
        /** A function of expressions. */
        FUNCTION
    }

    /**
     * One suggestion.
     *
     * @param label  what is shown
     * @param insert what is inserted
     * @param kind   what it is
     * @param detail a short explanation (a property's kind and meaning)
     */
    public record Item(String label, String insert, Kind kind, String detail) {
    }

    /** Functions an expression may call. */
    public static final List<String> FUNCTIONS = List.of("sqrt", "sin", "cos", "tan", "abs", "min", "max");

    /** How many words a statement has before its properties: names, a joint's kind. */
    private static final java.util.Map<String, Integer> NAMES_BEFORE_PROPERTIES = java.util.Map.of("body", 1, "material", 1,
            "layer", 1, "probe", 1, "joint", 2, "pair", 2);

    private SceneCompletion() {
    }

    /** The suggestions at a 1-based line and column of an indexed file. */
    public static List<Item> at(SceneIndex index, int line, int column) {
        SceneIndex.Context c = index.contextAt(line, column);
        List<Item> items = new ArrayList<>();
        if (c.afterNumber()) {
            units(c, items);
            return items;
        }
        if (c.statementStart()) {
            statements(index, c, items);
            return items;
        }
        if (c.key() != null) {
            values(index, c, items);
            return items;
        }
        words(index, c, items);
        if (c.words() < NAMES_BEFORE_PROPERTIES.getOrDefault(c.head() == null ? "" : c.head(), 0)) {
            // The statement's name (or kind) comes first.
            return items;
        }
        for (SceneSchema.Property p : SceneSchema.properties(c.head() == null ? "" : c.head())) {
            if (!c.keys().contains(p.name())) {
                items.add(new Item(p.name(), p.name() + "=", Kind.PROPERTY, p.kind().description() + ": " + p.meaning()));
            }
        }
        return items;
    }

    private static void statements(SceneIndex index, SceneIndex.Context c, List<Item> items) {
        if ("state".equals(c.block())) {
            for (String body : index.names(SceneIndex.NameKind.BODY)) {
                items.add(new Item(body, body, Kind.NAME, "a body whose at, rot, quat, v or w the state sets"));
            }
            return;
        }
        List<String> heads = new ArrayList<>();
        if ("body".equals(c.block())) {
            heads.addAll(SceneSchema.SHAPES);
            heads.add("let");
            heads.add("repeat");
        } else {
            heads.addAll(SceneSchema.TOP_LEVEL);
        }
        for (String head : heads) {
            String detail = SceneSchema.SHAPES.contains(head) ? "a shape of the body" : SceneHover.statementMeaning(head);
            items.add(new Item(head, head + " ", Kind.STATEMENT, detail));
        }
    }

    private static void words(SceneIndex index, SceneIndex.Context c, List<Item> items) {
        if ("body".equals(c.head()) && c.words() >= 1 && c.keys().isEmpty()) {
            for (String kind : SceneSchema.BODY_KINDS) {
                items.add(new Item(kind, kind + " ", Kind.KEYWORD, "the body's type (dynamic unless given)"));
            }
        }
        if ("joint".equals(c.head()) && c.words() == 0) {
            for (String kind : SceneSchema.JOINT_KINDS) {
                items.add(new Item(kind, kind + " ", Kind.KEYWORD, "a " + kind + " joint"));
            }
        }
        if ("pair".equals(c.head()) && c.words() < 2) {
            names(index, SceneIndex.NameKind.MATERIAL, items);
        }
    }

    private static void values(SceneIndex index, SceneIndex.Context c, List<Item> items) {
        String key = c.key();
        String head = c.head() == null ? "" : c.head();
        if (key.equals("material")) {
            names(index, SceneIndex.NameKind.MATERIAL, items);
            return;
        }
        if ((key.equals("a") || key.equals("b")) && head.equals("joint") || key.equals("body") && head.equals("probe")) {
            names(index, SceneIndex.NameKind.BODY, items);
            return;
        }
        if (key.equals("joint") && head.equals("probe")) {
            names(index, SceneIndex.NameKind.JOINT, items);
            return;
        }
        if (key.equals("layer") || key.equals("collides")) {
            names(index, SceneIndex.NameKind.LAYER, items);
            if (key.equals("collides")) {
                items.add(new Item("all", "all", Kind.KEYWORD, "every layer"));
                items.add(new Item("none", "none", Kind.KEYWORD, "no layer"));
            }
            return;
        }
        if (key.equals("record")) {
            for (String q : org.cairn.scene.SceneDef.Probe.BODY_QUANTITIES) {
                items.add(new Item(q, q, Kind.KEYWORD, "of the probe's body"));
            }
            for (String q : org.cairn.scene.SceneDef.Probe.JOINT_QUANTITIES) {
                items.add(new Item(q, q, Kind.KEYWORD, "of the probe's joint"));
            }
            for (String q : org.cairn.scene.SceneDef.Probe.SCENE_QUANTITIES) {
                items.add(new Item(q, q, Kind.KEYWORD, "of the whole scene"));
            }
            return;
        }
        SceneSchema.Property p = SceneSchema.property("state".equals(head) ? "body" : head, key).orElse(null);
        if (p == null) {
            return;
        }
        if (!p.choices().isEmpty()) {
            for (String choice : p.choices()) {
                items.add(new Item(choice, choice, Kind.KEYWORD, p.meaning()));
            }
            return;
        }
        if (p.kind() == SceneSchema.Kind.WORD) {
            return;
        }
        // A number goes here: the constants and functions an expression may use.
        for (String constant : index.names(SceneIndex.NameKind.CONSTANT)) {
            items.add(new Item(constant, constant, Kind.NAME, "a constant"));
        }
        for (String f : FUNCTIONS) {
            items.add(new Item(f, f + "(", Kind.FUNCTION, "a function"));
        }
    }

    private static void units(SceneIndex.Context c, List<Item> items) {
        SceneSchema.Property p = c.head() == null || c.key() == null ? null
                : SceneSchema.property("state".equals(c.head()) ? "body" : c.head(), c.key()).orElse(null);
        Set<String> symbols = new LinkedHashSet<>();
        if (p == null) {
            org.cairn.scene.internal.eval.Units.symbols().forEach(symbols::add);
        } else {
            symbols.addAll(SceneHover.unitsOf(p.kind()));
        }
        for (String symbol : symbols) {
            items.add(new Item(symbol, symbol, Kind.UNIT, SceneHover.unitMeaning(symbol)));
        }
    }

    private static void names(SceneIndex index, SceneIndex.NameKind kind, List<Item> items) {
        for (String name : index.names(kind)) {
            items.add(new Item(name, name, Kind.NAME, "a " + kind.name().toLowerCase(java.util.Locale.ROOT)));
        }
    }
}
