package org.cairn.scene;

import static org.cairn.scene.PropertyValues.describe;
import static org.cairn.scene.PropertyValues.firstWord;
import static org.cairn.scene.PropertyValues.fits;
import static org.cairn.scene.PropertyValues.indexTriple;
import static org.cairn.scene.PropertyValues.number;
import static org.cairn.scene.PropertyValues.rotation;
import static org.cairn.scene.PropertyValues.vector;
import static org.cairn.scene.PropertyValues.box;
import static org.cairn.scene.StatementSpans.headSpan;
import static org.cairn.scene.StatementSpans.keySpan;
import static org.cairn.scene.StatementSpans.referenceSpan;
import static org.cairn.scene.StatementSpans.rejectedSpan;
import static org.cairn.scene.StatementSpans.valueSpan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.MixingRule;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.SceneFile;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.eval.Dimension;
import org.cairn.scene.internal.eval.Evaluator;
import org.cairn.scene.internal.eval.Suggest;
import org.cairn.scene.internal.eval.Value;
import org.cairn.scene.SceneSchema.Kind;
import org.joml.Quaterniond;

/**
 * The semantic stage: an AST to a {@link SceneDef}, expanding {@code let} and {@code repeat},
 * checking every statement and property against the schema below, and reporting every problem
 * (never throwing): {@code scene}, {@code let}, {@code repeat}, {@code include}, {@code world},
 * {@code material}, {@code pair}, {@code layer} ({@link CollisionLayers}), {@code body} with its
 * shapes (box, sphere, capsule, cylinder, convex, mesh), {@code joint} ({@link JointStatements}),
 * {@code probe} and {@code state}. Values are checked against their kinds by {@link PropertyValues};
 * {@link StatementSpans} says where each diagnostic points.
 */
public final class SceneCompiler {
    /** Diagnostic codes of this stage. */
    public static final String VERSION = "E0301";
    public static final String DUPLICATE = "E0302";
    public static final String UNKNOWN_STATEMENT = "E0303";
    public static final String UNKNOWN_PROPERTY = "E0304";
    public static final String WRONG_KIND = "E0305";
    public static final String MISSING_PROPERTY = "E0306";
    public static final String UNKNOWN_NAME = "E0308";
    public static final String OUT_OF_RANGE = "E0309";
    public static final String INCLUDE_CYCLE = "E0310";
    public static final String INCLUDE_UNREADABLE = "E0311";

    /** The result: a scene (null if there were errors) and every diagnostic in source order. */
    public record Result(SceneDef scene, List<Diagnostic> diagnostics, Map<String, String> sources) {
        /** Copies the map so the record stays immutable. */
        public Result {
            sources = Map.copyOf(sources);
        }

        /** True if there is no error. */
        public boolean ok() {
            return scene != null;
        }

        /** The text of the file a diagnostic points into: an included file's, or {@code mainText}. */
        public String textOf(Diagnostic d, String mainText) {
            return sources.getOrDefault(d.span().file(), mainText);
        }
    }

    private static final Set<String> SHAPES = Set.copyOf(SceneSchema.SHAPES);
    private static final List<String> TOP_LEVEL = SceneSchema.TOP_LEVEL;

    /** Bit 0 is the layer of shapes that name none; declared layers take bits 1 to 63 in order. */
    public static final int MAX_LAYERS = 63;

    private record Material(int id, double density, double friction, double restitution, double rolling) {
    }

    /** A {@code pair} statement until the world's mixing rules are known: either value may be missing. */
    private record PendingPair(Material a, Material b, Double friction, Double restitution) {
    }

    private final List<PendingPair> pairs = new ArrayList<>();
    private final List<SceneDef.Probe> probes = new ArrayList<>();
    private final JointStatements joints = new JointStatements(this::error);
    private final Map<SceneDef.Probe, Statement.Generic> probeStatements = new java.util.IdentityHashMap<>();

    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final WorldDef.Builder world = WorldDef.builder();
    private final Map<String, Material> materials = new LinkedHashMap<>();
    private final List<SceneDef.BodySpec> bodies = new ArrayList<>();
    private final CollisionLayers layers = new CollisionLayers(this::error);
    private final Set<String> names = new HashSet<>();
    private final List<String> provenance = new ArrayList<>();
    private Includes includes;
    /** The files being compiled, outermost first (to find include cycles). */
    private final List<String> files = new ArrayList<>();
    /** Texts of the included files read, by name. */
    private final Map<String, String> sources = new LinkedHashMap<>();
    /** Prefix of the names defined in the file being compiled: "" in the main file, "ns." in one included as ns. */
    private String prefix = "";
    private int loopDepth;
    /** While in an included file: the main file's include statement its diagnostics sort with. */
    private SourceSpan anchor;
    private final Map<Diagnostic, SourceSpan> anchors = new java.util.IdentityHashMap<>();

    private void add(Diagnostic d) {
        diagnostics.add(d);
        if (anchor != null) {
            anchors.put(d, anchor);
        }
    }

    private SourceSpan sortSpan(Diagnostic d) {
        return anchors.getOrDefault(d, d.span());
    }
    /** Loop-body statements (at least one per iteration) run so far, against {@link #MAX_EXPANDED_STATEMENTS}. */
    private long expanded;
    private boolean expansionStopped;

    /** Nested loops may run their bodies at most this many statements in all, so no scene hangs the compiler. */
    public static final long MAX_EXPANDED_STATEMENTS = SceneLimits.MAX_EXPANDED_STATEMENTS;
    /** Include statements run so far, against {@link SceneLimits#MAX_INCLUDES}. */
    private int includeCount;
    /** Shapes of the bodies made so far, against {@link SceneLimits#MAX_SHAPES}. */
    private long shapeCount;
    /** See {@link #trialWorld()}. */
    private World trial;

    private SceneCompiler() {
    }

    /** Compiles a parsed file, in its own initial state. */
    public static Result compile(SceneFile file) {
        return compile(file, null);
    }

    /**
     * Compiles a parsed file, starting from the named {@code state} (null: the bodies as written).
     * Every state of the file is checked either way.
     */
    public static Result compile(SceneFile file, String state) {
        return compile(file, state, Includes.files());
    }

    /** Compiles a parsed file from the named state (null: as written), reading included files with {@code includes}. */
    public static Result compile(SceneFile file, String state, Includes includes) {
        SceneCompiler c = new SceneCompiler();
        c.includes = includes;
        c.files.add(file.span().file());
        List<Statement> statements = file.statements();
        if (statements.isEmpty() || !(statements.get(0) instanceof Statement.SceneDecl)) {
            c.add(Diagnostic.error(VERSION, new SourceSpan(file.span().file(), 1, 1, 1, 1),
                    "a scene must start with its version line, 'scene 1'"));
        }
        c.layers.declare(statements, g -> {
            Checked checked = c.properties(g, Map.of());
            return checked.ok() ? checked.values() : null;
        });
        Map<String, Value> top = new HashMap<>();
        c.statements(statements, top);
        new SceneStates(c::error, c.diagnosticsSink()).check(statements, top, state, file.span(),
                c.bodies.stream().map(SceneDef.BodySpec::name).toList(), c::apply);
        List<SceneDef.JointSpec> joints = c.joints.check(c.bodies);
        c.checkProbes(joints);
        List<Diagnostic> sorted = new ArrayList<>(c.diagnostics);
        // Source order (stable, so a loop's errors keep their order), up to the same cap as syntax errors.
        // Errors in included files sort where the main file includes them, in their own order.
        sorted.sort(java.util.Comparator.comparingInt((Diagnostic d) -> c.sortSpan(d).startLine())
                .thenComparingInt(d -> c.sortSpan(d).startColumn()));
        if (sorted.size() > SceneSyntax.MAX_ERRORS) {
            sorted = new ArrayList<>(sorted.subList(0, SceneSyntax.MAX_ERRORS));
        }
        boolean failed = sorted.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
        WorldDef worldDef = failed ? null : c.world.build();
        return new Result(failed ? null : new SceneDef(worldDef, c.bodies, c.resolvedPairs(worldDef), c.probes, joints), sorted,
                c.sources);
    }

    private void error(String code, SourceSpan span, String message, String... hints) {
        List<String> all = new ArrayList<>(List.of(hints));
        all.addAll(provenance);
        add(new Diagnostic(code, Diagnostic.Severity.ERROR, span, message, all));
    }

    private void statements(List<Statement> statements, Map<String, Value> scope) {
        for (int k = 0; k < statements.size() && !expansionStopped; k++) {
            Statement s = statements.get(k);
            if (s instanceof Statement.SceneDecl d) {
                if (k > 0 || loopDepth > 0) {
                    error(VERSION, d.span(), "'scene' must be the first statement");
                } else if (!d.version().equals("1")) {
                    error(VERSION, d.span(), "unsupported scene version " + d.version() + "; this Cairn reads version 1");
                }
            } else if (s instanceof Statement.Let let) {
                let(let, scope);
            } else if (s instanceof Statement.Repeat r) {
                repeat(r, scope);
            } else if (s instanceof Statement.State) {
                // Checked and applied after the bodies exist (states may come anywhere in the file).
                if (loopDepth > 0 || files.size() > 1) {
                    error(WRONG_KIND, s.span(), "states are declared at the top level of the main file");
                }
            } else if (s instanceof Statement.Include include) {
                include(include);
            } else {
                generic((Statement.Generic) s, scope);
            }
        }
    }

    /** {@code let NAME = expr}: a constant of this scope, defined once. */
    private void let(Statement.Let let, Map<String, Value> scope) {
        if (scope.containsKey(let.name())) {
            error(DUPLICATE, let.span(), "'" + let.name() + "' is already defined in this scope");
            return;
        }
        Value v = new Evaluator(scope, diagnosticsSink()).evaluate(let.value());
        scope.put(let.name(), v != null ? v : new Value.Failed());
    }

    /** Evaluator diagnostics get the loop provenance too. */
    private java.util.function.Consumer<Diagnostic> diagnosticsSink() {
        return d -> {
            List<String> hints = new ArrayList<>(d.hints());
            hints.addAll(provenance);
            add(new Diagnostic(d.code(), d.severity(), d.span(), d.message(), hints));
        };
    }

    private void repeat(Statement.Repeat r, Map<String, Value> scope) {
        repeat(r, scope, this::statements);
    }

    /** Runs {@code body} on the loop's statements once per value of its variable, with the loop's checks and provenance. */
    private void repeat(Statement.Repeat r, Map<String, Value> scope,
                        java.util.function.BiConsumer<List<Statement>, Map<String, Value>> body) {
        Evaluator evaluator = new Evaluator(scope, diagnosticsSink());
        Long from = wholeNumber(evaluator.evaluate(r.from()), r.from()), to = wholeNumber(evaluator.evaluate(r.to()), r.to());
        if (from == null || to == null) {
            return;
        }
        if (to - from > SceneLimits.MAX_REPEAT) {
            error(OUT_OF_RANGE, r.span(), "a repeat may run at most " + SceneLimits.MAX_REPEAT + " times, this one "
                    + (to - from));
            return;
        }
        for (long i = from; i < to && !expansionStopped; i++) {
            expanded += Math.max(1, r.body().size());
            if (expanded > MAX_EXPANDED_STATEMENTS) {
                error(OUT_OF_RANGE, r.span(), "the loops of this scene expand to more than " + MAX_EXPANDED_STATEMENTS
                        + " statements", "a scene this large is better written by a program through the Java API");
                expansionStopped = true;
                return;
            }
            Map<String, Value> inner = new HashMap<>(scope);
            inner.put(r.variable(), new Value.Scalar(i, Dimension.NONE));
            provenance.add("in repeat " + r.variable() + " = " + i + " at " + r.span().location());
            int before = errorCount();
            int diagnosticsBefore = diagnostics.size();
            loopDepth++;
            body.accept(r.body(), inner);
            loopDepth--;
            provenance.remove(provenance.size() - 1);
            if (i > from) {
                // A warning about the loop body is said once, not once per iteration.
                diagnostics.subList(diagnosticsBefore, diagnostics.size()).removeIf(d -> d.severity() == Diagnostic.Severity.WARNING);
            }
            if (errorCount() > before) {
                // One iteration's errors are enough to show what is wrong with the loop body.
                return;
            }
        }
    }

    private Long wholeNumber(Value v, Expr at) {
        if (v == null) {
            return null;
        }
        if (v instanceof Value.Scalar s && s.dimension().equals(Dimension.NONE) && s.si() == Math.rint(s.si())) {
            return (long) s.si();
        }
        error(WRONG_KIND, at.span(), "a loop bound must be a whole plain number, got "
                + (v instanceof Value.Scalar s && s.dimension().equals(Dimension.NONE) ? String.valueOf(s.si()) : describe(v)));
        return null;
    }

    private void generic(Statement.Generic g, Map<String, Value> scope) {
        String head = g.head();
        if (SHAPES.contains(head)) {
            error(UNKNOWN_STATEMENT, headSpan(g), "a '" + head + "' must be inside a body's braces");
            return;
        }
        if (!SceneSchema.knows(head)) {
            String guess = Suggest.closest(head, TOP_LEVEL);
            error(UNKNOWN_STATEMENT, headSpan(g), "unknown statement '" + head + "'",
                    guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
            return;
        }
        Checked checked = properties(g, scope);
        Map<String, Value> props = checked.values();
        if (!checked.ok() && !List.of("world", "material", "body", "joint").contains(head)) {
            // These need every property to mean anything; a world, a material, a body or a joint
            // is still checked with the values that are sound, and a material or body keeps its
            // name, so later lines do not report it as unknown.
            return;
        }
        switch (head) {
            case "world" -> {
                if (files.size() > 1) {
                    error(WRONG_KIND, g.span(), "an included file cannot change the world; set it in the main file");
                } else {
                    worldSettings(g, props);
                }
            }
            case "layer" -> {
                // Declared in the first pass, so layers may name each other in any order; that pass
                // sees only the top level of the main file.
                if (loopDepth > 0 || files.size() > 1) {
                    error(WRONG_KIND, g.span(), "layers are declared at the top level of the main file");
                }
            }
            case "material" -> material(g, props, scope);
            case "pair" -> pair(g, props);
            case "probe" -> probe(g, props);
            case "joint" -> joint(g, checked, scope);
            default -> body(g, checked, scope);
        }
    }

    /**
     * Runs one of the engine's setters; a value it refuses is reported at the property's value
     * (at {@code key}, or found from the engine's message when null), under the scene's name for it.
     */
    private boolean attempt(Statement.Generic g, String key, String context, Runnable setter) {
        return attempt(key, context, setter, key == null ? null : valueSpan(g, key), g);
    }

    /** {@link #attempt(Statement.Generic, String, String, Runnable)} reporting at a given place. */
    private boolean attempt(String key, String context, Runnable setter, SourceSpan at) {
        return attempt(key, context, setter, at, null);
    }

    private boolean attempt(String key, String context, Runnable setter, SourceSpan at, Statement.Generic g) {
        try {
            setter.run();
            return true;
        } catch (IllegalArgumentException rejected) {
            String message = rejected.getMessage() == null ? "refused" : rejected.getMessage();
            if (key != null) {
                int end = 0;
                while (end < message.length() && Character.isJavaIdentifierPart(message.charAt(end))) {
                    end++;
                }
                // The engine names its parameter (timeStep); the scene author wrote the key (dt).
                message = end > 0 && message.startsWith(" ", end) ? key + message.substring(end) : message;
            }
            error(OUT_OF_RANGE, at != null ? at : rejectedSpan(g, rejected), context + message);
            return false;
        }
    }

    /**
     * A statement's properties, checked and evaluated: the values that are sound, and the keys
     * whose value was wrong (already reported), so that what follows neither stops at the first
     * error nor reports a value it could not read as missing.
     */
    private record Checked(Map<String, Value> values, Set<String> failed) {
        boolean ok() {
            return failed.isEmpty();
        }
    }

    /** Checks and evaluates a statement's properties against its schema, reporting every problem. */
    private Checked properties(Statement.Generic g, Map<String, Value> scope) {
        Map<String, Value> values = new HashMap<>();
        Set<String> failed = new HashSet<>();
        for (Statement.Property p : g.properties()) {
            String key = String.join(".", p.key());
            Kind kind = SceneSchema.property(g.head(), key).map(SceneSchema.Property::kind).orElse(null);
            if (kind == null) {
                List<String> known = SceneSchema.sortedNames(g.head());
                String guess = Suggest.closest(key, known);
                error(UNKNOWN_PROPERTY, keySpan(p), "'" + g.head() + "' has no property '" + key + "'",
                        guess == null ? new String[] {"its properties are " + String.join(", ", known)}
                                : new String[] {"did you mean '" + guess + "'?"});
                failed.add(key);
                if (guess != null) {
                    // The misspelled key stands for the one it resembles: that one is not also "missing".
                    failed.add(guess);
                }
                continue;
            }
            if (values.containsKey(key) || failed.contains(key)) {
                error(DUPLICATE, keySpan(p), "'" + key + "' is given twice");
                continue;
            }
            Value v = new Evaluator(scope, diagnosticsSink()).evaluate(p.value());
            if (v == null) {
                failed.add(key);
                continue;
            }
            if (!fits(v, kind)) {
                List<String> hints = new ArrayList<>();
                String stray = firstWord(v);
                SourceSpan at = p.value().span();
                if (stray != null && kind != Kind.WORD && kind != Kind.ON_OFF) {
                    String guess = Suggest.closest(stray, scope.keySet());
                    hints.add("'" + stray + "' is not a defined name" + (guess == null ? "" : "; did you mean '" + guess + "'?"));
                    if (org.cairn.scene.internal.eval.Units.symbol(stray) != null) {
                        hints.add("a unit is written against its number, as in 2" + stray);
                    }
                    SourceSpan word = referenceSpan(p.value(), stray);
                    at = word != null ? word : at;
                }
                if (kind == Kind.ANGLE3) {
                    hints.add("angles need a unit: write 30deg or 0.5rad");
                }
                if (kind == Kind.POINTS && v instanceof Value.Tuple t && t.items().size() < 4) {
                    hints.add("a convex shape needs at least 4 points, not all in one plane");
                }
                error(WRONG_KIND, at, "'" + key + "' expects " + kind.description() + ", got " + describe(v),
                        hints.toArray(String[]::new));
                failed.add(key);
                continue;
            }
            values.put(key, v);
        }
        return new Checked(values, failed);
    }

    private static final Map<String, MixingRule> MIXING_RULES = Map.of("geometric", MixingRule.GEOMETRIC_MEAN,
            "max", MixingRule.MAXIMUM, "min", MixingRule.MINIMUM, "average", MixingRule.AVERAGE, "multiply", MixingRule.MULTIPLY);

    /**
     * The orientation given in one of three forms (rot, axis with angle, quat), or null when none
     * is given or after reporting an error.
     */
    private Quaterniond orientation(Map<String, Value> p, java.util.function.Function<String, SourceSpan> keyAt) {
        boolean euler = p.containsKey("rot");
        boolean axisAngle = p.containsKey("axis") || p.containsKey("angle");
        boolean quat = p.containsKey("quat");
        SourceSpan span = keyAt.apply(quat ? "quat" : axisAngle ? (p.containsKey("axis") ? "axis" : "angle") : "rot");
        if ((euler ? 1 : 0) + (axisAngle ? 1 : 0) + (quat ? 1 : 0) > 1) {
            error(WRONG_KIND, span, "give an orientation once: rot=(x, y, z), axis=(x, y, z) angle=A, or quat=(x, y, z, w)");
            return null;
        }
        if (euler) {
            return rotation(p.get("rot"));
        }
        if (axisAngle) {
            if (!p.containsKey("axis") || !p.containsKey("angle")) {
                error(MISSING_PROPERTY, span, "'axis' and 'angle' go together: axis=(x, y, z) angle=A");
                return null;
            }
            double[] a = vector(p.get("axis"));
            double length = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
            if (!(length > 0) || !Double.isFinite(length)) {
                error(OUT_OF_RANGE, span, "the rotation axis must not be zero");
                return null;
            }
            return new Quaterniond().fromAxisAngleRad(a[0] / length, a[1] / length, a[2] / length, number(p.get("angle")));
        }
        if (quat) {
            List<Value> items = ((Value.Tuple) p.get("quat")).items();
            double x = number(items.get(0)), y = number(items.get(1)), z = number(items.get(2)), w = number(items.get(3));
            double norm = Math.sqrt(x * x + y * y + z * z + w * w);
            if (!(norm > 0) || !Double.isFinite(norm)) {
                error(OUT_OF_RANGE, span, "a quaternion must not be zero");
                return null;
            }
            return new Quaterniond(x / norm, y / norm, z / norm, w / norm);
        }
        return null;
    }

    private void worldSettings(Statement.Generic g, Map<String, Value> props) {
        for (Map.Entry<String, Value> e : props.entrySet()) {
            Value v = e.getValue();
            attempt(g, e.getKey(), "", () -> {
                switch (e.getKey()) {
                    case "gravity" -> {
                        double[] a = vector(v);
                        world.gravity(a[0], a[1], a[2]);
                    }
                    case "dt" -> world.timeStep(number(v));
                    case "substeps" -> world.substeps(count(e.getKey(), v));
                    case "iterations" -> world.iterations(count(e.getKey(), v));
                    case "contact_hertz" -> world.contactHertz(number(v));
                    case "sleep" -> world.sleeping(((Value.Word) v).name().equals("on"));
                    case "warm_start" -> world.warmStarting(((Value.Word) v).name().equals("on"));
                    case "block_normals" -> world.blockNormals(((Value.Word) v).name().equals("on"));
                    case "relax_iterations" -> world.relaxIterations(count(e.getKey(), v));
                    case "workers" -> world.workerCount(count(e.getKey(), v));
                    case "contact_capacity" -> world.contactCapacity(contactCapacity(count(e.getKey(), v)));
                    case "experimental_clamp_increments" ->
                            world.experimentalClampIncrements(((Value.Word) v).name().equals("on"));
                    case "experimental_restitution_without_threshold" ->
                            world.experimentalRestitutionWithoutThreshold(((Value.Word) v).name().equals("on"));
                    case "contact_damping" -> world.contactDampingRatio(number(v));
                    case "max_push_speed" -> world.maxContactPushSpeed(number(v));
                    case "restitution_threshold" -> world.restitutionThreshold(number(v));
                    case "position_iterations" -> world.positionIterations(count(e.getKey(), v));
                    case "baumgarte" -> world.baumgarte(number(v));
                    case "sleep_speed" -> world.sleepSpeed(number(v));
                    case "max_speed" -> world.maxLinearSpeed(number(v));
                    case "max_rotation" -> world.maxRotationPerStep(number(v));
                    case "max_frame_time" -> world.maxFrameTime(number(v));
                    case "friction_mixing", "restitution_mixing" -> {
                        String rule = ((Value.Word) v).name();
                        MixingRule mixing = MIXING_RULES.get(rule);
                        if (mixing == null) {
                            String guess = Suggest.closest(rule, MIXING_RULES.keySet().stream().sorted().toList());
                            error(WRONG_KIND, valueSpan(g, e.getKey()), "'" + e.getKey() + "' is one of "
                                    + String.join(", ", MIXING_RULES.keySet().stream().sorted().toList()) + ", not '" + rule + "'",
                                    guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
                        } else if (e.getKey().equals("friction_mixing")) {
                            world.frictionMixing(mixing);
                        } else {
                            world.restitutionMixing(mixing);
                        }
                    }
                    default -> {
                        String name = ((Value.Word) v).name();
                        if (name.equals("soft")) {
                            world.solver(SolverKind.SOFT_STEP);
                        } else if (name.equals("si")) {
                            world.solver(SolverKind.SEQUENTIAL_IMPULSE);
                        } else {
                            error(WRONG_KIND, valueSpan(g, "solver"), "'solver' is soft or si, not '" + name + "'");
                        }
                    }
                }
            });
        }
    }

    /** A world the bodies are tried in (each destroyed again), made on first use. */
    private World trialWorld() {
        if (trial == null) {
            trial = new World();
        }
        return trial;
    }

    /** A scene's contact capacity, within the scene limit (the engine's own is larger). */
    private static int contactCapacity(int count) {
        if (count < 0 || count > SceneLimits.MAX_CONTACT_CAPACITY) {
            throw new IllegalArgumentException("contact_capacity must be in [0, " + SceneLimits.MAX_CONTACT_CAPACITY
                    + "], got " + count);
        }
        return count;
    }

    /**
     * A whole-number setting as an int: a value beyond int's range is refused with the setting's
     * name (a plain cast would turn 1e10 silently into 2147483647).
     */
    private static int count(String key, Value v) {
        double d = number(v);
        if (d > Integer.MAX_VALUE || d < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("'" + key + "' is far too large: " + d);
        }
        return (int) d;
    }

    private void material(Statement.Generic g, Map<String, Value> props, Map<String, Value> scope) {
        if (g.words().size() != 1) {
            error(WRONG_KIND, g.span(), "a material needs exactly one name: material NAME key=value ...");
            return;
        }
        String name = prefix + g.words().get(0).base();
        if (materials.containsKey(name)) {
            error(DUPLICATE, g.words().get(0).span(), "material '" + name + "' is already defined");
            return;
        }
        double density = props.containsKey("density") ? number(props.get("density")) : 1000.0;
        double friction = props.containsKey("friction") ? number(props.get("friction")) : 0.6;
        double restitution = props.containsKey("restitution") ? number(props.get("restitution")) : 0.0;
        double rolling = props.containsKey("rolling") ? number(props.get("rolling")) : 0.0;
        // The engine's own checks, now, so a bad material is reported even if no shape uses it,
        // each value on its own. The material is kept either way, a refused value replaced by its
        // default, so that its uses are not reported too.
        String context = "material '" + name + "': ";
        Material m = new Material(materials.size() + 1,
                attempt(g, "density", context, () -> ShapeDef.builder().density(density)) ? density : 1000.0,
                attempt(g, "friction", context, () -> ShapeDef.builder().friction(friction)) ? friction : 0.6,
                attempt(g, "restitution", context, () -> ShapeDef.builder().restitution(restitution)) ? restitution : 0.0,
                attempt(g, "rolling", context, () -> ShapeDef.builder().rollingResistance(rolling)) ? rolling : 0.0);
        materials.put(name, m);
    }

    /**
     * {@code pair A B friction=F restitution=E}: contacts between shapes of materials A and B use
     * these instead of mixing; a value not given is mixed as usual from the two materials.
     */
    private void pair(Statement.Generic g, Map<String, Value> props) {
        if (g.words().size() != 2) {
            error(WRONG_KIND, g.span(), "a pair names two materials: pair A B friction=F restitution=E");
            return;
        }
        if (!props.containsKey("friction") && !props.containsKey("restitution")) {
            error(MISSING_PROPERTY, g.span(), "a pair sets 'friction', 'restitution' or both");
            return;
        }
        Material a = material(g.words().get(0).base(), g.words().get(0).span());
        Material b = material(g.words().get(1).base(), g.words().get(1).span());
        if (a == null || b == null) {
            return;
        }
        Double friction = props.containsKey("friction") ? number(props.get("friction")) : null;
        Double restitution = props.containsKey("restitution") ? number(props.get("restitution")) : null;
        if (friction != null && !(friction >= 0 && friction < Double.POSITIVE_INFINITY)
                || restitution != null && !(restitution >= 0 && restitution <= 1)) {
            error(OUT_OF_RANGE, g.span(), "a pair's friction must be finite and at least 0, and its restitution in [0, 1]");
            return;
        }
        for (PendingPair p : pairs) {
            if (p.a() == a && p.b() == b || p.a() == b && p.b() == a) {
                error(DUPLICATE, g.span(), "the pair " + g.words().get(0).base() + " " + g.words().get(1).base()
                        + " is already given");
                return;
            }
        }
        pairs.add(new PendingPair(a, b, friction, restitution));
    }

    /**
     * {@code probe NAME [body=BODY] record=(QUANTITY, ...) [every=N]}: what to record while the
     * scene runs. The body is checked once every body is known.
     */
    private void probe(Statement.Generic g, Map<String, Value> props) {
        if (g.words().size() != 1 || !g.words().get(0).indices().isEmpty()) {
            error(WRONG_KIND, g.span(), "a probe needs one plain name: probe NAME [body=BODY] record=(...) [every=N]");
            return;
        }
        String name = prefix + g.words().get(0).base();
        if (probes.stream().anyMatch(p -> p.name().equals(name))) {
            error(DUPLICATE, g.words().get(0).span(), "a probe named '" + name + "' already exists");
            return;
        }
        if (!props.containsKey("record")) {
            error(MISSING_PROPERTY, g.span(), "a probe needs 'record': what to record, such as record=(position, velocity)");
            return;
        }
        String body = props.containsKey("body") ? prefix + ((Value.Word) props.get("body")).name() : null;
        String joint = props.containsKey("joint") ? prefix + ((Value.Word) props.get("joint")).name() : null;
        if (body != null && joint != null) {
            error(WRONG_KIND, valueSpan(g, "joint"), "a probe watches a body or a joint, not both");
            return;
        }
        List<String> allowed = joint != null ? SceneDef.Probe.JOINT_QUANTITIES
                : body == null ? SceneDef.Probe.SCENE_QUANTITIES : SceneDef.Probe.BODY_QUANTITIES;
        Value v = props.get("record");
        List<String> quantities = new ArrayList<>();
        for (Value item : v instanceof Value.Tuple t ? t.items() : List.of(v)) {
            String q = ((Value.Word) item).name();
            if (!allowed.contains(q)) {
                String guess = Suggest.closest(q, allowed);
                error(UNKNOWN_NAME, valueSpan(g, "record"), "a probe " + (joint != null ? "of a joint"
                        : body == null ? "of the whole scene" : "of a body") + " records " + String.join(", ", allowed)
                        + ", not '" + q + "'", guess != null ? new String[] {"did you mean '" + guess + "'?"}
                        : SceneDef.Probe.BODY_QUANTITIES.contains(q) ? new String[] {"'" + q + "' needs body=NAME"}
                        : SceneDef.Probe.JOINT_QUANTITIES.contains(q) ? new String[] {"'" + q + "' needs joint=NAME"}
                        : new String[0]);
                return;
            }
            quantities.add(q);
        }
        int every = props.containsKey("every") ? (int) Math.min(Integer.MAX_VALUE, number(props.get("every"))) : 1;
        if (every < 1) {
            error(OUT_OF_RANGE, valueSpan(g, "every"), "'every' must be at least 1 step, got " + every);
            return;
        }
        SceneDef.Probe probe = new SceneDef.Probe(name, body, quantities, every, joint);
        probes.add(probe);
        probeStatements.put(probe, g);
    }

    /** {@code joint KIND NAME ...} ({@link JointStatements}): the name evaluated here, as a body's is. */
    private void joint(Statement.Generic g, Checked checked, Map<String, Value> scope) {
        if (g.words().size() != 2) {
            error(WRONG_KIND, g.span(), "a joint needs a kind and a name: joint KIND NAME a=BODY b=BODY at=(x, y, z) ...",
                    "the kinds are ball, hinge, slider, fixed, distance, wheel and motor");
            return;
        }
        Value nameValue = new Evaluator(scope, diagnosticsSink()).evaluate(
                new Expr.Reference(g.words().get(1), g.words().get(1).span()));
        if (nameValue instanceof Value.Word word) {
            joints.joint(g, checked.values(), checked.failed(), prefix + word.name(), prefix);
        }
    }

    private void checkProbes(List<SceneDef.JointSpec> jointSpecs) {
        Set<String> bodyNames = new HashSet<>();
        bodies.forEach(b -> bodyNames.add(b.name()));
        Set<String> jointNames = new HashSet<>();
        jointSpecs.forEach(j -> jointNames.add(j.name()));
        ShownErrors shown = new ShownErrors();
        for (SceneDef.Probe p : probes) {
            if (p.joint() != null && !jointNames.contains(p.joint())
                    && !shown.cut(valueSpan(probeStatements.get(p), "joint"))) {
                shown.add(valueSpan(probeStatements.get(p), "joint"));
                String guess = Suggest.closest(p.joint(), jointNames);
                error(UNKNOWN_NAME, valueSpan(probeStatements.get(p), "joint"), "probe '" + p.name() + "' watches unknown joint '"
                        + p.joint() + "'", guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
            }
            if (p.body() != null && !bodyNames.contains(p.body())
                    && !shown.cut(valueSpan(probeStatements.get(p), "body"))) {
                shown.add(valueSpan(probeStatements.get(p), "body"));
                String guess = Suggest.closest(p.body(), bodyNames);
                error(UNKNOWN_NAME, valueSpan(probeStatements.get(p), "body"), "probe '" + p.name() + "' watches unknown body '"
                        + p.body() + "'", guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
            }
        }
    }

    /** The pairs with their missing values mixed by the world's rules. */
    private List<SceneDef.MaterialPair> resolvedPairs(WorldDef def) {
        List<SceneDef.MaterialPair> out = new ArrayList<>();
        for (PendingPair p : pairs) {
            double friction = p.friction() != null ? p.friction() : def.frictionMixing().mix(p.a().friction(), p.b().friction());
            double restitution = p.restitution() != null ? p.restitution()
                    : def.restitutionMixing().mix(p.a().restitution(), p.b().restitution());
            out.add(new SceneDef.MaterialPair(p.a().id(), p.b().id(), friction, restitution));
        }
        return out;
    }

    private void body(Statement.Generic g, Checked checked, Map<String, Value> scope) {
        Map<String, Value> props = checked.values();
        if (bodies.size() >= SceneLimits.MAX_BODIES) {
            if (!expansionStopped) {
                error(OUT_OF_RANGE, g.span(), "a scene may have at most " + SceneLimits.MAX_BODIES + " bodies",
                        "a scene this large is better written by a program through the Java API");
                expansionStopped = true;
            }
            return;
        }
        if (g.words().isEmpty()) {
            error(MISSING_PROPERTY, headSpan(g), "a body needs a name: body NAME [static|kinematic|dynamic] ...");
            return;
        }
        Value nameValue = new Evaluator(scope, diagnosticsSink()).evaluate(
                new Expr.Reference(g.words().get(0), g.words().get(0).span()));
        if (!(nameValue instanceof Value.Word word)) {
            return;
        }
        int errorsBefore = errorCount();
        String name = prefix + word.name();
        if (!names.add(name)) {
            error(DUPLICATE, g.words().get(0).span(), "a body named '" + name + "' already exists");
        }
        BodyType type = BodyType.DYNAMIC;
        for (int k = 1; k < g.words().size(); k++) {
            String kind = g.words().get(k).base();
            switch (kind) {
                case "static" -> type = BodyType.STATIC;
                case "kinematic" -> type = BodyType.KINEMATIC;
                case "dynamic" -> type = BodyType.DYNAMIC;
                default -> {
                    String guess = Suggest.closest(kind, SceneSchema.BODY_KINDS);
                    error(UNKNOWN_NAME, g.words().get(k).span(), "unknown body kind '" + kind + "'",
                            guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
                }
            }
        }
        Material bodyMaterial = null;
        if (props.containsKey("material")) {
            bodyMaterial = material(((Value.Word) props.get("material")).name(), valueSpan(g, "material"));
        }
        String bodyLayer = props.containsKey("layer") ? ((Value.Word) props.get("layer")).name() : null;
        if (bodyLayer != null && !layers.known(bodyLayer, valueSpan(g, "layer"))) {
            bodyLayer = null;
        }
        BodyDef.Builder def = BodyDef.builder().type(type).name(name);
        placeAndMove(props, key -> valueSpan(g, key), def);
        if (props.containsKey("gravity_scale")) {
            attempt(g, "gravity_scale", "", () -> def.gravityScale(number(props.get("gravity_scale"))));
        }
        if (props.containsKey("linear_damping")) {
            attempt(g, "linear_damping", "", () -> def.linearDamping(number(props.get("linear_damping"))));
        }
        if (props.containsKey("angular_damping")) {
            attempt(g, "angular_damping", "", () -> def.angularDamping(number(props.get("angular_damping"))));
        }
        if (props.containsKey("sleep")) {
            def.allowSleep(((Value.Word) props.get("sleep")).name().equals("on"));
        }
        if (props.containsKey("bullet")) {
            boolean bullet = ((Value.Word) props.get("bullet")).name().equals("on");
            if (bullet && type != BodyType.DYNAMIC) {
                error(WRONG_KIND, keySpan(g, "bullet"), "only a dynamic body can be a bullet; '" + name + "' is "
                        + type.name().toLowerCase(java.util.Locale.ROOT));
            }
            def.bullet(bullet);
        }
        // The shapes are checked even when the body's own line has errors: each error is independent.
        List<SceneDef.ShapeSpec> shapes = new ArrayList<>();
        shapes(g.block() == null ? List.of() : g.block(), new HashMap<>(scope), bodyMaterial, type, bodyLayer, shapes);
        java.util.OptionalDouble mass = java.util.OptionalDouble.empty();
        if (props.containsKey("mass")) {
            double m = number(props.get("mass"));
            if (type != BodyType.DYNAMIC) {
                error(WRONG_KIND, keySpan(g, "mass"), "only a dynamic body has a mass; '" + name + "' is "
                        + type.name().toLowerCase(java.util.Locale.ROOT));
            } else if (!(m > 0) || !Double.isFinite(m)) {
                error(OUT_OF_RANGE, valueSpan(g, "mass"), "mass must be positive and finite, got " + m);
            } else if (shapes.isEmpty() && (g.block() == null || g.block().isEmpty())) {
                error(MISSING_PROPERTY, keySpan(g, "mass"), "a body with a mass needs a shape to spread it over");
            } else {
                mass = java.util.OptionalDouble.of(m);
            }
        }
        shapeCount += shapes.size();
        if (shapeCount > SceneLimits.MAX_SHAPES) {
            error(OUT_OF_RANGE, g.span(), "a scene may have at most " + SceneLimits.MAX_SHAPES + " shapes");
            expansionStopped = true;
            return;
        }
        if (!checked.ok() || errorCount() > errorsBefore) {
            return;
        }
        java.util.OptionalDouble bodyMass = mass;
        // The engine's own rules (a static body does not move, hull size, usable mass and inertia,
        // ...), so that a scene that checks is a scene that builds: the body is made once in a
        // scratch world.
        attempt(g, null, "", () -> {
            SceneDef.BodySpec spec = new SceneDef.BodySpec(name, def.build(), shapes, bodyMass);
            trialWorld().destroyBody(spec.createIn(trialWorld()));
            bodies.add(spec);
        });
    }

    private int errorCount() {
        int n = 0;
        for (Diagnostic d : diagnostics) {
            n += d.severity() == Diagnostic.Severity.ERROR ? 1 : 0;
        }
        return n;
    }

    /**
     * {@code include "PATH" [as NS]}: the other file's materials and bodies, their names prefixed
     * by {@code NS.}; its constants stay its own. Included files may include others; a file that
     * includes itself, directly or not, is an error.
     */
    private void include(Statement.Include include) {
        if (loopDepth > 0) {
            error(WRONG_KIND, include.span(), "'include' goes at the top level, not inside a repeat");
            return;
        }
        if (expansionStopped) {
            return;
        }
        if (++includeCount > SceneLimits.MAX_INCLUDES) {
            error(OUT_OF_RANGE, include.span(), "a scene may include at most " + SceneLimits.MAX_INCLUDES
                    + " files in all (counting every include of every file)");
            expansionStopped = true;
            return;
        }
        Includes.Source source;
        try {
            source = includes.read(files.get(files.size() - 1), include.path());
        } catch (java.io.IOException | RuntimeException unreadable) {
            String why = unreadable instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : String.valueOf(unreadable.getMessage());
            error(INCLUDE_UNREADABLE, include.span(), "cannot read included file '" + include.path() + "': " + why);
            return;
        }
        if (files.contains(source.name())) {
            List<String> cycle = new ArrayList<>(files.subList(files.indexOf(source.name()), files.size()));
            cycle.add(source.name());
            error(INCLUDE_CYCLE, include.span(), "include cycle: " + String.join(" → ", cycle));
            return;
        }
        sources.put(source.name(), source.text());
        String note = "in file included from " + include.span().location();
        SourceSpan outerAnchor = anchor;
        if (anchor == null) {
            anchor = include.span();
        }
        try {
            includeParsed(include, source, note);
        } finally {
            anchor = outerAnchor;
        }
    }

    private void includeParsed(Statement.Include include, Includes.Source source, String note) {
        SceneSyntax.Result parsed = SceneSyntax.parse(source.name(), source.text());
        if (!parsed.ok()) {
            for (Diagnostic d : parsed.diagnostics()) {
                List<String> hints = new ArrayList<>(d.hints());
                hints.add(note);
                hints.addAll(provenance);
                add(new Diagnostic(d.code(), d.severity(), d.span(), d.message(), hints));
            }
            return;
        }
        List<Statement> included = parsed.file().statements();
        expanded += included.size();
        if (expanded > MAX_EXPANDED_STATEMENTS) {
            error(OUT_OF_RANGE, include.span(), "the includes and loops of this scene expand to more than "
                    + MAX_EXPANDED_STATEMENTS + " statements");
            expansionStopped = true;
            return;
        }
        if (included.isEmpty() || !(included.get(0) instanceof Statement.SceneDecl)) {
            provenance.add(note);
            error(VERSION, new SourceSpan(source.name(), 1, 1, 1, 1), "a scene must start with its version line, 'scene 1'");
            provenance.remove(provenance.size() - 1);
        }
        String outer = prefix;
        prefix = outer + (include.alias() == null ? "" : include.alias() + ".");
        files.add(source.name());
        provenance.add(note);
        statements(included, new HashMap<>());
        provenance.remove(provenance.size() - 1);
        files.remove(files.size() - 1);
        prefix = outer;
    }

    /**
     * A body's initial pose and velocities from {@code at}, an orientation, {@code v} and {@code w},
     * where given; a value the engine refuses is reported at {@code where} the key is written.
     */
    private void placeAndMove(Map<String, Value> props, java.util.function.Function<String, SourceSpan> where,
                              BodyDef.Builder def) {
        if (props.containsKey("at")) {
            double[] p = vector(props.get("at"));
            attempt("at", "", () -> def.position(p[0], p[1], p[2]), where.apply("at"));
        }
        Quaterniond q = orientation(props, where);
        if (q != null) {
            attempt("rot", "", () -> def.rotation(q), where.apply("rot"));
        }
        if (props.containsKey("v")) {
            double[] v = vector(props.get("v"));
            attempt("v", "", () -> def.linearVelocity(v[0], v[1], v[2]), where.apply("v"));
        }
        if (props.containsKey("w")) {
            double[] w = vector(props.get("w"));
            attempt("w", "", () -> def.angularVelocity(w[0], w[1], w[2]), where.apply("w"));
        }
    }

    private void apply(int index, Map<String, Value> change, SourceSpan span) {
        SceneDef.BodySpec spec = bodies.get(index);
        BodyDef.Builder def = spec.body().toBuilder();
        int before = errorCount();
        placeAndMove(change, key -> span, def);
        if (errorCount() == before) {
            bodies.set(index, new SceneDef.BodySpec(spec.name(), def.build(), spec.shapes(), spec.mass()));
        }
    }

    /**
     * A body's block: shapes, and {@code let} and {@code repeat} to make them (a drum of 24 wall
     * boxes is one repeat).
     */
    private void shapes(List<Statement> block, Map<String, Value> scope, Material bodyMaterial, BodyType type,
                        String bodyLayer, List<SceneDef.ShapeSpec> out) {
        for (Statement s : block) {
            if (expansionStopped) {
                return;
            }
            if (s instanceof Statement.Let let) {
                let(let, scope);
            } else if (s instanceof Statement.Repeat r) {
                repeat(r, scope, (inner, innerScope) -> shapes(inner, innerScope, bodyMaterial, type, bodyLayer, out));
            } else {
                SceneDef.ShapeSpec shape = shape(s, scope, bodyMaterial, type, bodyLayer);
                if (shape != null) {
                    out.add(shape);
                }
            }
        }
    }

    private Material material(String name, SourceSpan at) {
        Material m = materials.get(prefix + name);
        if (m == null) {
            List<String> visible = materials.keySet().stream().filter(k -> k.startsWith(prefix))
                    .map(k -> k.substring(prefix.length())).filter(k -> !k.contains(".")).toList();
            String guess = Suggest.closest(name, visible);
            error(UNKNOWN_NAME, at, "unknown material '" + name + "'",
                    guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
        }
        return m;
    }

    private SceneDef.ShapeSpec shape(Statement s, Map<String, Value> scope, Material bodyMaterial, BodyType bodyType,
                                     String bodyLayer) {
        if (!(s instanceof Statement.Generic g) || !SHAPES.contains(g.head())) {
            String head = s instanceof Statement.Generic g2 ? g2.head() : "this statement";
            String guess = s instanceof Statement.Generic g3 ? Suggest.closest(g3.head(), SHAPES.stream().sorted().toList()) : null;
            error(UNKNOWN_STATEMENT, s.span(), "only shapes (box, sphere, capsule, cylinder, convex, mesh), let and repeat go inside a body, not "
                    + (s instanceof Statement.Generic ? "'" + head + "'" : head),
                    guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
            return null;
        }
        Checked checked = properties(g, scope);
        Map<String, Value> p = checked.values();
        int errorsBefore = errorCount();
        Material material = bodyMaterial;
        if (p.containsKey("material")) {
            material = material(((Value.Word) p.get("material")).name(), valueSpan(g, "material"));
        }
        Shape shape = null;
        try {
            shape = switch (g.head()) {
                case "box" -> require(checked, "half", g) == null ? null : box(vector(p.get("half")));
                case "sphere" -> require(checked, "r", g) == null ? null : new Sphere(number(p.get("r")));
                case "capsule" -> require(checked, "r", g) == null | require(checked, "half_height", g) == null ? null
                        : new Capsule(number(p.get("half_height")), number(p.get("r")));
                case "cylinder" -> require(checked, "r", g) == null | require(checked, "half_height", g) == null ? null
                        : new Cylinder(number(p.get("half_height")), number(p.get("r")));
                case "mesh" -> mesh(checked, g, bodyType);
                default -> {
                    if (require(checked, "points", g) == null) {
                        yield null;
                    }
                    List<Value> points = ((Value.Tuple) p.get("points")).items();
                    double[] xyz = new double[3 * points.size()];
                    for (int k = 0; k < points.size(); k++) {
                        System.arraycopy(vector(points.get(k)), 0, xyz, 3 * k, 3);
                    }
                    yield ConvexHull.of(xyz);
                }
            };
        } catch (IllegalArgumentException rejected) {
            error(OUT_OF_RANGE, rejectedSpan(g, rejected), rejected.getMessage());
        }
        // Each material value on its own, so that every refused value is reported.
        ShapeDef.Builder def = ShapeDef.builder();
        if (material != null) {
            def.density(material.density()).friction(material.friction()).restitution(material.restitution())
                    .rollingResistance(material.rolling()).material(material.id());
        }
        if (p.containsKey("density")) {
            attempt(g, "density", "", () -> def.density(number(p.get("density"))));
        }
        if (p.containsKey("friction")) {
            attempt(g, "friction", "", () -> def.friction(number(p.get("friction"))));
        }
        if (p.containsKey("restitution")) {
            attempt(g, "restitution", "", () -> def.restitution(number(p.get("restitution"))));
        }
        if (p.containsKey("at")) {
            double[] at = vector(p.get("at"));
            attempt(g, "at", "", () -> def.localPosition(at[0], at[1], at[2]));
        }
        Quaterniond q = orientation(p, key -> valueSpan(g, key));
        if (q != null) {
            attempt(g, null, "", () -> def.localRotation(q));
        }
        if (p.containsKey("sensor")) {
            def.sensor(((Value.Word) p.get("sensor")).name().equals("on"));
        }
        String layer = p.containsKey("layer") ? ((Value.Word) p.get("layer")).name() : bodyLayer;
        if (layer != null && (!p.containsKey("layer") || layers.known(layer, valueSpan(g, "layer")))) {
            def.filter(layers.bit(layer), layers.mask(layer), 0);
        }
        if (shape == null || !checked.ok() || errorCount() > errorsBefore) {
            return null;
        }
        return new SceneDef.ShapeSpec(shape, def.build());
    }

    /** A static body's triangle mesh, or null after reporting why not. */
    private TriangleMesh mesh(Checked checked, Statement.Generic g, BodyType bodyType) {
        Map<String, Value> p = checked.values();
        if (require(checked, "vertices", g) == null | require(checked, "triangles", g) == null) {
            return null;
        }
        if (bodyType != BodyType.STATIC) {
            error(WRONG_KIND, headSpan(g), "a mesh can only be part of a static body");
            return null;
        }
        List<Value> vertices = ((Value.Tuple) p.get("vertices")).items();
        double[] xyz = new double[3 * vertices.size()];
        for (int k = 0; k < vertices.size(); k++) {
            System.arraycopy(vector(vertices.get(k)), 0, xyz, 3 * k, 3);
        }
        List<Value> triangles = indexTriple(p.get("triangles")) ? List.of(p.get("triangles"))
                : ((Value.Tuple) p.get("triangles")).items();
        int[] indices = new int[3 * triangles.size()];
        for (int k = 0; k < triangles.size(); k++) {
            double[] t = vector(triangles.get(k));
            for (int c = 0; c < 3; c++) {
                indices[3 * k + c] = t[c] >= Integer.MIN_VALUE && t[c] <= Integer.MAX_VALUE ? (int) t[c] : -1;
            }
        }
        return TriangleMesh.of(xyz, indices);
    }

    /** A required property, or null after reporting it missing (unless its value was already reported as wrong). */
    private Value require(Checked checked, String key, Statement.Generic g) {
        Value v = checked.values().get(key);
        if (v == null && !checked.failed().contains(key)) {
            error(MISSING_PROPERTY, headSpan(g), "'" + g.head() + "' needs '" + key + "'");
        }
        return v;
    }
}
