package org.cairn.scene;

import static org.cairn.scene.PropertyValues.describe;
import static org.cairn.scene.PropertyValues.fits;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.cairn.scene.SceneSchema.Kind;
import org.cairn.scene.ast.Expr;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.eval.Evaluator;
import org.cairn.scene.internal.eval.Suggest;
import org.cairn.scene.internal.eval.Value;

/**
 * A scene's named states ({@code state NAME { body.property = value ... }}): other starting poses
 * and velocities for its bodies, one of which a run may choose ({@code cairn run --state NAME}).
 * Every state is checked whichever is chosen.
 */
final class SceneStates {
    /** Receives one body's change from the chosen state. */
    interface Change {
        void apply(int body, Map<String, Value> properties, SourceSpan state);
    }

    private final JointStatements.Errors errors;
    private final Consumer<Diagnostic> evaluatorDiagnostics;

    SceneStates(JointStatements.Errors errors, Consumer<Diagnostic> evaluatorDiagnostics) {
        this.errors = errors;
        this.evaluatorDiagnostics = evaluatorDiagnostics;
    }

    /** What a state may set on a body: where it is, how it is turned, how it moves. */
    static final Map<String, Kind> PROPERTIES = Map.of("at", Kind.LENGTH3, "rot", Kind.ANGLE3, "quat",
            Kind.QUAT4, "v", Kind.SPEED3, "w", Kind.ANGULAR_SPEED3);

    /**
     * Checks every top-level {@code state NAME { body.property = value ... }} against the bodies
     * (their names in order) and calls {@code apply} with each change of the one named
     * {@code chosen}, if any: the body's index, the properties it sets, the state statement.
     * Values are evaluated with the file's top-level constants.
     */
    void check(List<Statement> statements, Map<String, Value> scope, String chosen, SourceSpan fileSpan,
               List<String> bodyNames, Change apply) {
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < bodyNames.size(); i++) {
            byName.put(bodyNames.get(i), i);
        }
        Set<String> declared = new java.util.LinkedHashSet<>();
        for (Statement s : statements) {
            if (!(s instanceof Statement.State state)) {
                continue;
            }
            if (!declared.add(state.name())) {
                errors.error(SceneCompiler.DUPLICATE, state.span(), "state '" + state.name() + "' is already declared");
                continue;
            }
            Map<Integer, Map<String, Value>> changes = new LinkedHashMap<>();
            Evaluator evaluator = new Evaluator(scope, evaluatorDiagnostics);
            for (Statement.Assignment a : state.assignments()) {
                Value target = evaluator.evaluate(new Expr.Reference(a.target(), a.target().span()));
                if (!(target instanceof Value.Word word)) {
                    continue;
                }
                Integer index = byName.get(word.name());
                if (index == null) {
                    String guess = Suggest.closest(word.name(), byName.keySet());
                    errors.error(SceneCompiler.UNKNOWN_NAME, a.target().span(), "state '" + state.name() + "' sets unknown body '" + word.name() + "'",
                            guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
                    continue;
                }
                String key = String.join(".", a.path());
                Kind kind = PROPERTIES.get(key);
                if (kind == null) {
                    String guess = Suggest.closest(key, PROPERTIES.keySet().stream().sorted().toList());
                    errors.error(SceneCompiler.UNKNOWN_PROPERTY, a.span(), "a state sets a body's " + String.join(", ",
                            PROPERTIES.keySet().stream().sorted().toList()) + ", not '" + key + "'",
                            guess == null ? new String[0] : new String[] {"did you mean '" + guess + "'?"});
                    continue;
                }
                Value v = evaluator.evaluate(a.value());
                if (v == null) {
                    continue;
                }
                if (!fits(v, kind)) {
                    errors.error(SceneCompiler.WRONG_KIND, a.value().span(), "'" + key + "' expects " + kind.description() + ", got " + describe(v));
                    continue;
                }
                Map<String, Value> change = changes.computeIfAbsent(index, k -> new HashMap<>());
                if (change.put(key, v) != null) {
                    errors.error(SceneCompiler.DUPLICATE, a.span(), "state '" + state.name() + "' sets '" + word.name() + "." + key + "' twice");
                }
            }
            if (state.name().equals(chosen)) {
                changes.forEach((index, change) -> apply.apply(index, change, state.span()));
            }
        }
        if (chosen != null && !declared.contains(chosen)) {
            String guess = Suggest.closest(chosen, declared);
            errors.error(SceneCompiler.UNKNOWN_NAME, new SourceSpan(fileSpan.file(), 1, 1, 1, 1), "this scene has no state '" + chosen + "'",
                    guess != null ? new String[] {"did you mean '" + guess + "'?"} : declared.isEmpty()
                            ? new String[] {"it declares no states"} : new String[] {"its states are " + String.join(", ", declared)});
        }
    }
}
