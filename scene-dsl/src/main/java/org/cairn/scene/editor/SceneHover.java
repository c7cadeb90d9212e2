package org.cairn.scene.editor;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cairn.scene.SceneSchema;

/**
 * What to show for the word under the cursor: a property's kind, unit and meaning, a statement's
 * purpose, a unit's name, or a name's definition line.
 */
public final class SceneHover {
    private static final Map<String, String> STATEMENTS = Map.ofEntries(
            Map.entry("scene", "scene VERSION: the format version, first in every file (scene 1)"),
            Map.entry("world", "world key=value...: gravity, time step, solver and its settings"),
            Map.entry("material", "material NAME key=value...: density, friction, restitution and rolling resistance shapes refer to"),
            Map.entry("pair", "pair A B friction=F restitution=E: values for contacts between two materials, instead of mixing"),
            Map.entry("layer", "layer NAME [collides=...]: a collision layer"),
            Map.entry("body", "body NAME [static|kinematic|dynamic] key=value... { shapes }: a rigid body"),
            Map.entry("joint", "joint KIND NAME a=BODY b=BODY at=(x, y, z) ...: holds two bodies together"),
            Map.entry("probe", "probe NAME [body=BODY | joint=JOINT] record=(...) [every=N]: records quantities while the scene runs"),
            Map.entry("let", "let NAME = VALUE: a constant"),
            Map.entry("repeat", "repeat NAME in FROM..TO { ... }: the block once per whole number from FROM to TO - 1"),
            Map.entry("state", "state NAME { BODY.KEY = VALUE ... }: a named initial state, chosen with --state"),
            Map.entry("include", "include \"FILE\" [as NS]: another scene file's materials and bodies"),
            Map.entry("box", "box half=(x, y, z): a box shape, by its half extents"),
            Map.entry("sphere", "sphere r=R: a sphere shape"),
            Map.entry("capsule", "capsule r=R half_height=H: a segment along the local y axis swept by a sphere"),
            Map.entry("cylinder", "cylinder r=R half_height=H: a cylinder along the local y axis"),
            Map.entry("convex", "convex points=(...): the convex hull of at least 4 points"),
            Map.entry("mesh", "mesh vertices=(...) triangles=(...): a triangle mesh, static bodies only"));

    private static final Map<String, String> UNITS = Map.ofEntries(Map.entry("m", "metre (length)"),
            Map.entry("cm", "centimetre (length)"), Map.entry("mm", "millimetre (length)"), Map.entry("km", "kilometre (length)"),
            Map.entry("kg", "kilogram (mass)"), Map.entry("g", "gram (mass)"), Map.entry("t", "tonne (mass)"),
            Map.entry("s", "second (time)"), Map.entry("ms", "millisecond (time)"), Map.entry("min", "minute (time)"),
            Map.entry("h", "hour (time)"), Map.entry("Hz", "hertz (frequency)"), Map.entry("N", "newton (force)"),
            Map.entry("J", "joule (energy)"), Map.entry("W", "watt (power)"), Map.entry("rad", "radian (angle)"),
            Map.entry("deg", "degree (angle)"), Map.entry("\u00B0", "degree (angle)"), Map.entry("rev", "revolution (angle)"));

    private SceneHover() {
    }

    /** What a statement does, for a statement's first word (empty if it is none). */
    public static String statementMeaning(String head) {
        return STATEMENTS.getOrDefault(head, "");
    }

    /** What a unit symbol or unit expression is. */
    public static String unitMeaning(String unit) {
        String named = UNITS.get(unit);
        if (named != null) {
            return named;
        }
        return switch (unit) {
            case "m/s" -> "metres per second (speed)";
            case "m/s^2" -> "metres per second squared (acceleration)";
            case "deg/s", "rad/s", "rev/s" -> UNITS.get(unit.substring(0, unit.indexOf('/'))).replace(" (angle)", "") + "s per second (angular speed)";
            case "kg/m^3" -> "kilograms per cubic metre (density)";
            case "N*m" -> "newton metre (torque)";
            case "/s" -> "per second (a rate)";
            default -> "a unit";
        };
    }

    /** The units a value of a kind is usually written in. */
    public static List<String> unitsOf(SceneSchema.Kind kind) {
        return switch (kind) {
            case LENGTH, LENGTH3, POINTS, MESH_VERTICES -> List.of("m", "cm", "mm", "km");
            case ANGLE, ANGLE3 -> List.of("deg", "rad", "rev");
            case SPEED, SPEED3 -> List.of("m/s");
            case ANGULAR_SPEED3 -> List.of("deg/s", "rad/s", "rev/s");
            case ACCELERATION3 -> List.of("m/s^2");
            case TIME -> List.of("s", "ms", "min", "h");
            case DENSITY -> List.of("kg/m^3");
            case FREQUENCY -> List.of("Hz");
            case RATE -> List.of("/s", "Hz");
            case MASS -> List.of("kg", "g", "t");
            case FORCE -> List.of("N");
            case TORQUE -> List.of("N*m");
            case TUPLE -> List.of("m", "deg", "Hz", "m/s", "rad/s", "N", "N*m");
            default -> List.of();
        };
    }

    /** Markdown for what is at a 1-based line and column, if the index knows it. */
    public static Optional<String> at(SceneIndex index, int line, int column) {
        return index.at(line, column).map(o -> describe(index, o)).filter(s -> !s.isEmpty());
    }

    private static String describe(SceneIndex index, SceneIndex.Occurrence o) {
        return switch (o.role()) {
            case KEY -> {
                String head = "state".equals(o.head()) ? "body" : o.head();
                yield SceneSchema.property(head == null ? "" : head, o.text()).map(p -> "**" + p.name() + "** (" + head + "): "
                        + p.kind().description() + (p.kind().unit().isEmpty() ? "" : ", in " + String.join(", ", unitsOf(p.kind())))
                        + (p.choices().isEmpty() ? "" : ": " + String.join(", ", p.choices())) + "\n\n" + p.meaning()).orElse("");
            }
            case HEAD -> {
                String meaning = statementMeaning(o.text());
                yield meaning.isEmpty() ? "" : "`" + meaning.substring(0, meaning.indexOf(':')) + "`\n\n"
                        + meaning.substring(meaning.indexOf(':') + 2);
            }
            case UNIT -> "`" + o.text() + "`: " + unitMeaning(o.text());
            case INCLUDE -> "included file `" + o.text() + "`";
            case DEFINITION, REFERENCE -> index.definition(o.kind(), o.text(), o.span().startLine())
                    .map(d -> o.kind().name().toLowerCase(java.util.Locale.ROOT) + " **" + o.text() + "**\n\n```scene\n"
                            + lineOf(index.text(), d.span().startLine()).strip() + "\n```")
                    .orElse(o.kind().name().toLowerCase(java.util.Locale.ROOT) + " **" + o.text() + "** (not defined in this file)");
        };
    }

    private static String lineOf(String text, int line) {
        String[] lines = text.split("\r?\n", -1);
        String l = line >= 1 && line <= lines.length ? lines[line - 1] : "";
        return l.length() > 200 ? l.substring(0, 200) + "..." : l;
    }
}
