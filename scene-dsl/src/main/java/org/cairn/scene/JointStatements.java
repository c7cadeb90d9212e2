package org.cairn.scene;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.World;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.eval.Dimension;
import org.cairn.scene.internal.eval.Suggest;
import org.cairn.scene.internal.eval.Value;

/**
 * The {@code joint} statement:
 * {@code joint KIND NAME a=BODY b=BODY at=(x, y, z) [at_b=(x, y, z)] [axis=(x, y, z)]
 * [limits=(lo, hi)] [cone=ANGLE] [friction=TORQUE] [motor=(speed, max)] [spring=(hertz, damping[, target])] [length=L]
 * [softness=(hertz, damping)] [linear_softness=(...)] [angular_softness=(...)] [break_force=F]
 * [break_torque=T] [collide=on|off] [spin_axis=(x, y, z)] [steer=ANGLE] [offset=(x, y, z)]
 * [turn=ANGLE] [max_force=F] [max_torque=T] [correction=K]}, KIND one of ball, hinge, slider, fixed,
 * distance, wheel, motor. Anchors
 * and axis are in the world frame, where the scene places the bodies. Units follow the kind: a
 * hinge's limits are angles, its motor an angular speed and a torque; a slider's and a distance
 * joint's are lengths, a speed and a force. The bodies are looked up once every body is known; the
 * engine's own rules (a hinge's limits within ±180°, lower ≤ upper, ...) are checked by making the
 * joint in a scratch world, so a scene that checks is a scene that builds.
 */
final class JointStatements {
    /** What reports an error: code, where, message, hints. */
    interface Errors {
        void error(String code, SourceSpan span, String message, String... hints);
    }

    private static final Map<String, JointKind> KINDS = Map.of("ball", JointKind.BALL, "hinge", JointKind.HINGE,
            "slider", JointKind.SLIDER, "fixed", JointKind.FIXED, "distance", JointKind.DISTANCE, "wheel", JointKind.WHEEL, "motor", JointKind.MOTOR);
    private static final Dimension FORCE = new Dimension(1, 1, -2, 0);
    private static final Dimension TORQUE = new Dimension(2, 1, -2, 0);

    private final Errors errors;
    private final List<SceneDef.JointSpec> joints = new ArrayList<>();
    private final Map<SceneDef.JointSpec, Statement.Generic> statements = new java.util.IdentityHashMap<>();
    private final Set<String> names = new HashSet<>();

    private final ShownErrors shown = new ShownErrors();

    JointStatements(Errors errors) {
        this.errors = (code, span, message, hints) -> {
            shown.add(span);
            errors.error(code, span, message, hints);
        };
    }

    /**
     * One joint statement, its properties already evaluated and of the schema's kinds; {@code name}
     * has its prefix. The keys in {@code failed} had wrong values, already reported: the rest are
     * still checked, and the joint is not made.
     */
    void joint(Statement.Generic g, Map<String, Value> props, Set<String> failed, String name, String prefix) {
        String kindWord = g.words().get(0).base();
        JointKind kind = KINDS.get(kindWord);
        if (kind == null) {
            String guess = Suggest.closest(kindWord, KINDS.keySet().stream().sorted().toList());
            errors.error(SceneCompiler.UNKNOWN_NAME, g.words().get(0).span(), "unknown joint kind '" + kindWord + "'",
                    guess == null ? new String[] {"the kinds are ball, hinge, slider, fixed, distance, wheel and motor"}
                            : new String[] {"did you mean '" + guess + "'?"});
            return;
        }
        if (joints.size() >= SceneLimits.MAX_JOINTS) {
            if (joints.size() == SceneLimits.MAX_JOINTS && names.add("\0limit")) {
                errors.error(SceneCompiler.OUT_OF_RANGE, g.span(), "a scene may have at most " + SceneLimits.MAX_JOINTS
                        + " joints", "a scene this large is better written by a program through the Java API");
            }
            return;
        }
        if (!names.add(name)) {
            errors.error(SceneCompiler.DUPLICATE, g.words().get(1).span(), "a joint named '" + name + "' already exists");
            return;
        }
        boolean ok = failed.isEmpty();
        for (String required : List.of("a", "b", "at")) {
            if (!props.containsKey(required) && !failed.contains(required)) {
                errors.error(SceneCompiler.MISSING_PROPERTY, g.span(), "a joint needs '" + required + "'",
                        "joint " + kindWord + " NAME a=BODY b=BODY at=(x, y, z) ...");
                ok = false;
            }
        }
        boolean angular = kind == JointKind.HINGE || kind == JointKind.BALL;
        boolean wheel = kind == JointKind.WHEEL;
        boolean axial = kind == JointKind.HINGE || kind == JointKind.SLIDER || kind == JointKind.DISTANCE || wheel;
        ok &= only(g, props, "axis", kind != JointKind.FIXED && kind != JointKind.DISTANCE,
                "ball, hinge, slider, wheel and motor joints");
        ok &= only(g, props, "spin_axis", wheel, "wheel joints");
        boolean driver = kind == JointKind.MOTOR;
        for (String key : List.of("offset", "turn", "max_force", "max_torque", "correction")) {
            ok &= only(g, props, key, driver, "motor joints");
        }
        ok &= only(g, props, "steer", wheel, "wheel joints");
        ok &= only(g, props, "at_b", kind == JointKind.DISTANCE, "distance joints");
        ok &= only(g, props, "length", kind == JointKind.DISTANCE, "distance joints");
        ok &= only(g, props, "limits", axial || kind == JointKind.BALL, "ball, hinge, slider, distance and wheel joints");
        ok &= only(g, props, "cone", kind == JointKind.BALL, "ball joints");
        ok &= only(g, props, "friction", kind == JointKind.BALL,
                "ball joints (a hinge's or a slider's friction is its motor at speed 0: motor=(0, most))");
        ok &= only(g, props, "motor", axial, "hinge, slider, distance and wheel joints (a motor joint's are offset, turn, max_force and max_torque)");
        ok &= only(g, props, "spring", axial, "hinge, slider, distance and wheel joints");
        ok &= only(g, props, "linear_softness", kind == JointKind.FIXED, "fixed joints");
        ok &= only(g, props, "angular_softness", kind == JointKind.FIXED, "fixed joints");
        Dimension coordinate = angular ? Dimension.ANGLE : Dimension.LENGTH;
        String coordinateName = angular ? "angles" : "lengths";
        double[] limits = pair(g, props, "limits", coordinate, coordinate, "(lower, upper) " + coordinateName);
        // A wheel's motor spins it; its limits and spring are on the suspension's travel.
        boolean turning = angular || wheel;
        double[] motor = pair(g, props, "motor", turning ? Dimension.ANGULAR_SPEED : Dimension.SPEED,
                turning ? TORQUE : FORCE, turning ? "(speed in rad/s, most torque in N*m)" : "(speed in m/s, most force in N)");
        double[] spring = spring(g, props, coordinate, angular ? "an angle" : "a length");
        double[] softness = pair(g, props, "softness", Dimension.FREQUENCY, Dimension.NONE, "(hertz, damping ratio)");
        double[] linear = pair(g, props, "linear_softness", Dimension.FREQUENCY, Dimension.NONE, "(hertz, damping ratio)");
        double[] angularSoft = pair(g, props, "angular_softness", Dimension.FREQUENCY, Dimension.NONE,
                "(hertz, damping ratio)");
        if (!ok || limits == null || motor == null || spring == null || softness == null || linear == null
                || angularSoft == null) {
            return;
        }
        double[] at = vector(props.get("at"));
        double[] atB = props.containsKey("at_b") ? vector(props.get("at_b")) : at;
        double[] axis = props.containsKey("axis") ? vector(props.get("axis")) : new double[] {1, 0, 0};
        double[] spinAxis = props.containsKey("spin_axis") ? vector(props.get("spin_axis")) : new double[] {0, 0, 1};
        double steer = props.containsKey("steer") ? si(props.get("steer")) : 0.0;
        double[] offset = props.containsKey("offset") ? vector(props.get("offset")) : new double[3];
        SceneDef.JointSpec spec = new SceneDef.JointSpec(name, kind, prefix + ((Value.Word) props.get("a")).name(),
                prefix + ((Value.Word) props.get("b")).name(), at, atB, axis, spinAxis, steer, limits,
                props.containsKey("cone") ? si(props.get("cone")) : Double.NaN,
                props.containsKey("friction") ? si(props.get("friction")) : 0.0, motor, spring,
                props.containsKey("length") ? si(props.get("length")) : Double.NaN, softness, linear, angularSoft,
                props.containsKey("break_force") ? si(props.get("break_force")) : Double.POSITIVE_INFINITY,
                props.containsKey("break_torque") ? si(props.get("break_torque")) : Double.POSITIVE_INFINITY,
                props.containsKey("collide") && ((Value.Word) props.get("collide")).name().equals("on"),
                new double[] {offset[0], offset[1], offset[2], props.containsKey("turn") ? si(props.get("turn")) : 0,
                        props.containsKey("max_force") ? si(props.get("max_force")) : 1000,
                        props.containsKey("max_torque") ? si(props.get("max_torque")) : 1000},
                props.containsKey("correction") ? si(props.get("correction")) : 0.3);
        joints.add(spec);
        statements.put(spec, g);
    }

    /** Once every body is known: the bodies exist, differ, one is dynamic, and the engine accepts the joint. */
    List<SceneDef.JointSpec> check(List<SceneDef.BodySpec> bodies) {
        Map<String, SceneDef.BodySpec> byName = new HashMap<>();
        bodies.forEach(b -> byName.put(b.name(), b));
        List<SceneDef.JointSpec> good = new ArrayList<>();
        // One scratch world for every joint: two bodies of each type, each joint made and destroyed.
        World trial = new World();
        Map<BodyType, BodyId[]> trialBodies = new HashMap<>();
        for (BodyType type : BodyType.values()) {
            trialBodies.put(type, new BodyId[] {trial.createBody(BodyDef.builder().type(type).build()),
                    trial.createBody(BodyDef.builder().type(type).build())});
        }
        for (SceneDef.JointSpec j : joints) {
            Statement.Generic g = statements.get(j);
            SceneDef.BodySpec a = body(g, "a", j.bodyA(), j.name(), byName), b = body(g, "b", j.bodyB(), j.name(), byName);
            if (a == null || b == null) {
                continue;
            }
            if (a == b) {
                errors.error(SceneCompiler.WRONG_KIND, StatementSpans.valueSpan(g, "b"), "joint '" + j.name()
                        + "' joins body '" + j.bodyA() + "' to itself");
                continue;
            }
            BodyId ta = trialBodies.get(a.body().type())[0], tb = trialBodies.get(b.body().type())[1];
            if (a.body().type() != BodyType.DYNAMIC && b.body().type() != BodyType.DYNAMIC) {
                errors.error(SceneCompiler.WRONG_KIND, g.span(), "joint '" + j.name() + "' needs a dynamic body; '"
                        + a.name() + "' is " + lower(a.body().type()) + " and '" + b.name() + "' is " + lower(b.body().type()));
                continue;
            }
            try {
                trial.destroyJoint(trial.createJoint(j.def(ta, tb)));
                good.add(j);
            } catch (IllegalArgumentException rejected) {
                errors.error(SceneCompiler.OUT_OF_RANGE, g.span(), rejected.getMessage());
            }
        }
        return good;
    }

    private SceneDef.BodySpec body(Statement.Generic g, String key, String name, String joint,
                                   Map<String, SceneDef.BodySpec> byName) {
        SceneDef.BodySpec b = byName.get(name);
        if (b == null && !shown.cut(StatementSpans.valueSpan(g, key))) {
            String guess = Suggest.closest(name, byName.keySet());
            errors.error(SceneCompiler.UNKNOWN_NAME, StatementSpans.valueSpan(g, key), "joint '" + joint
                    + "' names unknown body '" + name + "'", guess == null ? new String[0]
                    : new String[] {"did you mean '" + guess + "'?"});
        }
        return b;
    }

    private static String lower(BodyType t) {
        return t.name().toLowerCase(Locale.ROOT);
    }

    /** False (and an error) if {@code key} is given to a kind that has no use for it. */
    private boolean only(Statement.Generic g, Map<String, Value> props, String key, boolean allowed, String which) {
        if (props.containsKey(key) && !allowed) {
            errors.error(SceneCompiler.WRONG_KIND, StatementSpans.valueSpan(g, key), "'" + key + "' is for " + which
                    + ", not a " + g.words().get(0).base() + " joint");
            return false;
        }
        return true;
    }

    /** A pair (first of dimension d1, second of d2) in SI, {NaN, NaN} if absent, null (and an error) if malformed. */
    private double[] pair(Statement.Generic g, Map<String, Value> props, String key, Dimension d1, Dimension d2,
                          String expected) {
        Value v = props.get(key);
        if (v == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (v instanceof Value.Tuple t && t.items().size() == 2 && fits(t.items().get(0), d1) && fits(t.items().get(1), d2)) {
            return new double[] {si(t.items().get(0)), si(t.items().get(1))};
        }
        errors.error(SceneCompiler.WRONG_KIND, StatementSpans.valueSpan(g, key), "'" + key + "' expects " + expected,
                d1.angle() != 0 ? new String[] {"angles need a unit: write 30deg or 0.5rad"} : new String[0]);
        return null;
    }

    /** (hertz, damping ratio[, target]) in SI, NaNs if absent, null (and an error) if malformed. */
    private double[] spring(Statement.Generic g, Map<String, Value> props, Dimension target, String targetName) {
        Value v = props.get("spring");
        if (v == null) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        if (v instanceof Value.Tuple t && (t.items().size() == 2 || t.items().size() == 3)
                && fits(t.items().get(0), Dimension.FREQUENCY) && fits(t.items().get(1), Dimension.NONE)
                && (t.items().size() == 2 || fits(t.items().get(2), target))) {
            return new double[] {si(t.items().get(0)), si(t.items().get(1)), t.items().size() == 3 ? si(t.items().get(2)) : 0};
        }
        errors.error(SceneCompiler.WRONG_KIND, StatementSpans.valueSpan(g, "spring"),
                "'spring' expects (hertz, damping ratio) or (hertz, damping ratio, target), the target " + targetName);
        return null;
    }

    /** A scalar of the dimension, or a plain number standing for SI (never for an angle, except 0). */
    private static boolean fits(Value v, Dimension d) {
        return v instanceof Value.Scalar s && (s.dimension().equals(d)
                || s.dimension().equals(Dimension.NONE) && (d.angle() == 0 || s.si() == 0));
    }

    private static double si(Value v) {
        return ((Value.Scalar) v).si();
    }

    private static double[] vector(Value v) {
        List<Value> items = ((Value.Tuple) v).items();
        return new double[] {si(items.get(0)), si(items.get(1)), si(items.get(2))};
    }
}
