package org.cairn.scene;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the .scene language accepts: its statements, each statement's properties with the kind of
 * value they take and what they mean, and the words some values are chosen from. The compiler
 * checks scenes against it, and editors use it for completion and hover, so the two never
 * disagree. The same facts, for people, are in docs/scene-language.md.
 */
public final class SceneSchema {
    /** The kind of value a property takes. */
    public enum Kind {
        /** Three lengths, such as {@code (0, 1m, 0)}. */
        LENGTH3("a tuple of 3 lengths", "m"),
        /** Three angles. */
        ANGLE3("a tuple of 3 angles", "deg"),
        /** Three speeds. */
        SPEED3("a tuple of 3 speeds", "m/s"),
        /** Three angular speeds. */
        ANGULAR_SPEED3("a tuple of 3 angular speeds", "deg/s"),
        /** Three accelerations. */
        ACCELERATION3("a tuple of 3 accelerations", "m/s^2"),
        /** A length. */
        LENGTH("a length", "m"),
        /** A time. */
        TIME("a time", "s"),
        /** A density. */
        DENSITY("a density", "kg/m^3"),
        /** A frequency. */
        FREQUENCY("a frequency", "Hz"),
        /** A rate, per second. */
        RATE("a rate (1/s)", "1/s"),
        /** A speed. */
        SPEED("a speed", "m/s"),
        /** An angle. */
        ANGLE("an angle", "deg"),
        /** A mass. */
        MASS("a mass", "kg"),
        /** Index triples into a mesh's vertices. */
        TRIANGLES("a tuple of index triples", ""),
        /** Three plain numbers, a direction. */
        AXIS3("a tuple of 3 plain numbers", ""),
        /** A quaternion. */
        QUAT4("a tuple of 4 plain numbers (x, y, z, w)", ""),
        /** A number without a unit. */
        PLAIN("a plain number", ""),
        /** A whole number. */
        COUNT("a whole number", ""),
        /** A word: a name or one of a property's choices. */
        WORD("a word", ""),
        /** {@code on} or {@code off}. */
        ON_OFF("on or off", ""),
        /** Points, each three lengths. */
        POINTS("a tuple of points", "m"),
        /** A mesh's vertices: at least three points. */
        MESH_VERTICES("a tuple of at least 3 points", "m"),
        /** A name, a tuple of names, {@code all} or {@code none}. */
        LAYERS("a layer name, a tuple of layer names, all or none", ""),
        /** A force. */
        FORCE("a force", "N"),
        /** A torque. */
        TORQUE("a torque", "N*m"),
        /** A tuple whose items depend on the statement. */
        TUPLE("a tuple", "");

        private final String description;
        private final String unit;

        Kind(String description, String unit) {
            this.description = description;
            this.unit = unit;
        }

        /** In words, as messages say it: "a tuple of 3 lengths". */
        public String description() {
            return description;
        }

        /** A unit a value of this kind may be written in ("m/s"), or "" for none. */
        public String unit() {
            return unit;
        }
    }

    /**
     * One property of a statement.
     *
     * @param name    as written before '='
     * @param kind    the value it takes
     * @param meaning what it does, with its default and range where it has them
     * @param choices the words it is chosen from, if it is one of a fixed set (else empty)
     */
    public record Property(String name, Kind kind, String meaning, List<String> choices) {
        /** Copies the list so the record stays immutable. */
        public Property {
            choices = List.copyOf(choices);
        }
    }

    /** The shapes, which go inside a body's braces. */
    public static final List<String> SHAPES = List.of("box", "sphere", "capsule", "cylinder", "convex", "mesh");
    /** The statements of a file's top level, keywords included. */
    public static final List<String> TOP_LEVEL = List.of("world", "material", "pair", "layer", "body", "joint", "probe", "let",
            "repeat", "scene", "state", "include");
    /** The words after a body's name. */
    public static final List<String> BODY_KINDS = List.of("static", "kinematic", "dynamic");
    /** The words after {@code joint}. */
    public static final List<String> JOINT_KINDS = List.of("ball", "hinge", "slider", "fixed", "distance", "wheel", "motor");
    /** The mixing rules of {@code friction_mixing} and {@code restitution_mixing}. */
    public static final List<String> MIXING_RULES = List.of("geometric", "max", "min", "average", "multiply");

    private static final List<String> ON_OFF = List.of("on", "off");
    private static final Map<String, Map<String, Property>> SCHEMA = new LinkedHashMap<>();

    static {
        Map<String, Property> world = new LinkedHashMap<>();
        put(world, "gravity", Kind.ACCELERATION3, "gravity; y is up (default (0, -9.81m/s^2, 0))");
        put(world, "dt", Kind.TIME, "the fixed step (default 1s/60)");
        put(world, "substeps", Kind.COUNT, "substeps per step, 1 to 256 (default 4)");
        put(world, "solver", Kind.WORD, "soft: the soft step; si: sequential impulses with Baumgarte (default soft)", "soft", "si");
        put(world, "iterations", Kind.COUNT, "iterations of the si solver, 1 to 1000 (default 10)");
        put(world, "contact_hertz", Kind.FREQUENCY, "stiffness of soft contacts (default 75Hz), capped at 1/pi of the substep rate");
        put(world, "sleep", Kind.ON_OFF, "whether islands at rest fall asleep (default on)");
        put(world, "warm_start", Kind.ON_OFF, "start each step from the last step's impulses (default on)");
        put(world, "block_normals", Kind.ON_OFF, "soft step: solve a manifold's contact points together (default on)");
        put(world, "relax_iterations", Kind.COUNT, "soft step: relax passes per substep, 1 to 1000 (default 2)");
        put(world, "workers", Kind.COUNT, "threads that run the step, 1 to 64 (default 1); results are the same for every count");
        put(world, "contact_capacity", Kind.COUNT, "contacts the world has room for from the start, 0 to "
                + SceneLimits.MAX_CONTACT_CAPACITY + " (default 0: the room grows as contacts come)");
        put(world, "experimental_clamp_increments", Kind.ON_OFF,
                "wrong on purpose, for experiments: clamp each normal impulse increment, not the accumulated impulse (default off)");
        put(world, "experimental_restitution_without_threshold", Kind.ON_OFF,
                "wrong on purpose, for experiments: bounce at any approach speed (default off)");
        put(world, "contact_damping", Kind.PLAIN, "damping ratio of soft contacts, > 0 (default 10)");
        put(world, "max_push_speed", Kind.SPEED, "fastest a soft contact pushes overlapping shapes apart (default 3m/s)");
        put(world, "restitution_threshold", Kind.SPEED, "slower approaches do not bounce (default 1m/s)");
        put(world, "position_iterations", Kind.COUNT, "position iterations of the si solver, 0 to 1000 (default 0)");
        put(world, "baumgarte", Kind.PLAIN, "position-error feedback of the si solver (default 0.2)");
        put(world, "sleep_speed", Kind.SPEED, "bodies slower than this count as resting (default 5cm/s)");
        put(world, "max_speed", Kind.SPEED, "linear speed clamp (default 400m/s)");
        put(world, "max_rotation", Kind.ANGLE, "most a body turns in one step (default 45deg)");
        put(world, "max_frame_time", Kind.TIME, "longest frame the fixed-step accumulator accepts (default 0.25s)");
        put(world, "friction_mixing", Kind.WORD, "how two shapes' frictions combine (default geometric)",
                MIXING_RULES.toArray(String[]::new));
        put(world, "restitution_mixing", Kind.WORD, "how two shapes' restitutions combine (default max)",
                MIXING_RULES.toArray(String[]::new));
        SCHEMA.put("world", world);

        Map<String, Property> material = new LinkedHashMap<>();
        put(material, "density", Kind.DENSITY, "mass per volume, >= 0 (default 1000kg/m^3)");
        put(material, "friction", Kind.PLAIN, "Coulomb friction coefficient, >= 0 (default 0.6)");
        put(material, "restitution", Kind.PLAIN, "bounciness, in [0, 1] (default 0)");
        put(material, "rolling", Kind.PLAIN, "rolling resistance, >= 0 (default 0)");
        SCHEMA.put("material", material);

        Map<String, Property> orientation = new LinkedHashMap<>();
        put(orientation, "rot", Kind.ANGLE3, "orientation: about x, then the new y, then the new z");
        put(orientation, "axis", Kind.AXIS3, "orientation: a rotation by 'angle' about this axis (need not be unit)");
        put(orientation, "angle", Kind.ANGLE, "orientation: the angle of the rotation about 'axis'");
        put(orientation, "quat", Kind.QUAT4, "orientation as a quaternion (x, y, z, w), normalized");

        Map<String, Property> body = new LinkedHashMap<>();
        put(body, "at", Kind.LENGTH3, "position of the body origin");
        body.putAll(orientation);
        put(body, "v", Kind.SPEED3, "initial linear velocity");
        put(body, "w", Kind.ANGULAR_SPEED3, "initial angular velocity, world frame");
        put(body, "material", Kind.WORD, "the material of the body's shapes, unless a shape names its own");
        put(body, "gravity_scale", Kind.PLAIN, "multiplies gravity for this body (default 1)");
        put(body, "linear_damping", Kind.RATE, "linear velocity damping, >= 0 (default 0)");
        put(body, "angular_damping", Kind.RATE, "angular velocity damping, >= 0 (default 0)");
        put(body, "sleep", Kind.ON_OFF, "whether this body may sleep (default on)");
        put(body, "bullet", Kind.ON_OFF, "a dynamic body swept against every other body's shapes when it moves fast (default off)");
        put(body, "mass", Kind.MASS, "replaces the shapes' mass, keeping their centre of mass and scaling their inertia");
        put(body, "layer", Kind.WORD, "collision layer of all its shapes");
        SCHEMA.put("body", body);

        SCHEMA.put("layer", Map.of("collides", new Property("collides", Kind.LAYERS,
                "the layers this one collides with: a name, a tuple of names, all (default) or none", List.of("all", "none"))));

        Map<String, Property> pair = new LinkedHashMap<>();
        put(pair, "friction", Kind.PLAIN, "friction between the two materials, >= 0, instead of mixing");
        put(pair, "restitution", Kind.PLAIN, "restitution between the two materials, in [0, 1], instead of mixing");
        SCHEMA.put("pair", pair);

        Map<String, Property> probe = new LinkedHashMap<>();
        put(probe, "body", Kind.WORD, "the body whose quantities are recorded");
        put(probe, "joint", Kind.WORD, "the joint whose quantities are recorded");
        put(probe, "record", Kind.LAYERS, "what to record, such as (position, speed)");
        put(probe, "every", Kind.COUNT, "record every N steps, >= 1 (default 1)");
        SCHEMA.put("probe", probe);

        Map<String, Property> joint = new LinkedHashMap<>();
        put(joint, "a", Kind.WORD, "the first body (required)");
        put(joint, "b", Kind.WORD, "the second body (required)");
        put(joint, "at", Kind.LENGTH3, "the anchor, in the world frame (required)");
        put(joint, "at_b", Kind.LENGTH3, "distance joint: B's end of the rod or rope (default: at)");
        put(joint, "axis", Kind.AXIS3, "the joint's axis, world frame (default (1, 0, 0)); a wheel's suspension");
        put(joint, "limits", Kind.TUPLE, "(lower, upper): angles for a hinge or a ball's twist, lengths otherwise");
        put(joint, "cone", Kind.ANGLE, "ball: the most the axis may tilt, in (0deg, 180deg)");
        put(joint, "friction", Kind.TORQUE, "ball: the most torque resisting its turn about each of its axes");
        put(joint, "motor", Kind.TUPLE, "(speed, most): rad/s and N*m for a hinge or a wheel's spin, m/s and N otherwise");
        put(joint, "spring", Kind.TUPLE, "(hertz, damping ratio[, target])");
        put(joint, "length", Kind.LENGTH, "distance joint: rest length (default: the anchors' distance)");
        put(joint, "softness", Kind.TUPLE, "(hertz, damping ratio) of the rigid part (default (60Hz, 1))");
        put(joint, "linear_softness", Kind.TUPLE, "fixed joint: (hertz, damping ratio) to let a weld stretch");
        put(joint, "angular_softness", Kind.TUPLE, "fixed joint: (hertz, damping ratio) to let a weld bend");
        put(joint, "break_force", Kind.FORCE, "the joint breaks past this force");
        put(joint, "break_torque", Kind.TORQUE, "the joint breaks past this torque");
        put(joint, "collide", Kind.ON_OFF, "whether the two bodies' shapes collide (default off)");
        put(joint, "spin_axis", Kind.AXIS3, "wheel: the axis it spins about (default (0, 0, 1))");
        put(joint, "steer", Kind.ANGLE, "wheel: its steering angle (default 0)");
        put(joint, "offset", Kind.LENGTH3, "motor joint: the target for B's anchor relative to A's, A's frame");
        put(joint, "turn", Kind.ANGLE, "motor joint: B's target turn about the axis");
        put(joint, "max_force", Kind.FORCE, "motor joint: the most force it applies (default 1000N)");
        put(joint, "max_torque", Kind.TORQUE, "motor joint: the most torque it applies (default 1000N*m)");
        put(joint, "correction", Kind.PLAIN, "motor joint: the fraction of its error closed per substep (default 0.3)");
        SCHEMA.put("joint", joint);

        Map<String, Property> common = new LinkedHashMap<>();
        put(common, "at", Kind.LENGTH3, "position in the body's frame");
        common.putAll(orientation);
        put(common, "material", Kind.WORD, "the shape's material (default: the body's)");
        put(common, "density", Kind.DENSITY, "mass per volume, >= 0, over the material's");
        put(common, "friction", Kind.PLAIN, "friction coefficient, >= 0, over the material's");
        put(common, "restitution", Kind.PLAIN, "bounciness, in [0, 1], over the material's");
        put(common, "layer", Kind.WORD, "collision layer, over the body's");
        put(common, "sensor", Kind.ON_OFF, "on: the shape pushes nothing and reports what overlaps it (default off)");
        shape("box", common, "half", Kind.LENGTH3, "the three half extents (required)");
        shape("sphere", common, "r", Kind.LENGTH, "the radius (required)");
        shape("capsule", common, "r", Kind.LENGTH, "the radius (required)",
                "half_height", Kind.LENGTH, "half the length of the segment along the local y axis (required)");
        shape("cylinder", common, "r", Kind.LENGTH, "the radius (required)",
                "half_height", Kind.LENGTH, "half the height, along the local y axis (required)");
        shape("convex", common, "points", Kind.POINTS, "at least 4 points, not all in one plane; the shape is their hull (required)");
        shape("mesh", common, "vertices", Kind.MESH_VERTICES, "at least 3 points (required)",
                "triangles", Kind.TRIANGLES, "index triples into the vertices, counter-clockwise seen from the front (required)");
    }

    private static void put(Map<String, Property> into, String name, Kind kind, String meaning, String... choices) {
        List<String> words = choices.length > 0 ? List.of(choices) : kind == Kind.ON_OFF ? ON_OFF : List.of();
        into.put(name, new Property(name, kind, meaning, words));
    }

    private static void shape(String head, Map<String, Property> common, Object... own) {
        Map<String, Property> m = new LinkedHashMap<>();
        for (int k = 0; k < own.length; k += 3) {
            put(m, (String) own[k], (Kind) own[k + 1], (String) own[k + 2]);
        }
        m.putAll(common);
        SCHEMA.put(head, m);
    }

    private SceneSchema() {
    }

    /** The statements that take {@code key=value} properties, shapes included. */
    public static List<String> statementsWithProperties() {
        return List.copyOf(SCHEMA.keySet());
    }

    /** The properties of a statement (such as "body" or "box") in the order docs list them; empty if it takes none. */
    public static List<Property> properties(String head) {
        Map<String, Property> m = SCHEMA.get(head);
        return m == null ? List.of() : List.copyOf(m.values());
    }

    /** One property of a statement. */
    public static Optional<Property> property(String head, String name) {
        Map<String, Property> m = SCHEMA.get(head);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(name));
    }

    /** Whether a statement of this head takes properties (the compiler knows it). */
    static boolean knows(String head) {
        return SCHEMA.containsKey(head);
    }

    /** A statement's property names, sorted, for messages. */
    static List<String> sortedNames(String head) {
        List<String> names = new ArrayList<>(SCHEMA.getOrDefault(head, Map.of()).keySet());
        Collections.sort(names);
        return names;
    }
}
