package org.cairn.verification.invariant;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.scene.SceneCompiler;
import org.cairn.scene.SceneDef;
import org.cairn.scene.SceneSyntax;

/** Builds a scene from its text and steps it under an {@link InvariantChecker}. */
public final class SceneCheck {
    private SceneCheck() {
    }

    /** What a checked run saw: the first violation (or null), steps taken, contact points checked. */
    public record Outcome(Violation violation, int steps, long points, double worstEnergyRiseJoules, double massRatio) {
    }

    /** Compiles {@code text} (a well-formed scene, or IllegalArgumentException with the diagnostics). */
    public static SceneDef.Built build(String name, String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse(name, text);
        if (!parsed.ok()) {
            throw new IllegalArgumentException("scene does not parse: " + parsed.diagnostics());
        }
        SceneCompiler.Result compiled = SceneCompiler.compile(parsed.file());
        if (!compiled.ok()) {
            throw new IllegalArgumentException("scene does not compile: " + compiled.diagnostics());
        }
        return compiled.scene().build();
    }

    /** A checker over every body of a built scene, named as in the scene. */
    public static InvariantChecker checker(SceneDef.Built built) {
        List<BodyId> bodies = new ArrayList<>(built.bodies().values());
        Map<BodyId, String> names = new HashMap<>();
        built.bodies().forEach((name, id) -> names.put(id, name));
        return new InvariantChecker(built.world(), bodies, names);
    }

    /** Builds and runs {@code steps} steps, stopping at the first violation. */
    public static Outcome run(String name, String text, int steps, double settleBySeconds) {
        SceneDef.Built built = build(name, text);
        double lightest = Double.POSITIVE_INFINITY, heaviest = 0;
        for (BodyId body : built.bodies().values()) {
            if (built.world().type(body) == org.cairn.engine3d.BodyType.DYNAMIC) {
                lightest = Math.min(lightest, built.world().mass(body));
                heaviest = Math.max(heaviest, built.world().mass(body));
            }
        }
        double ratio = heaviest > 0 ? heaviest / lightest : 1;
        InvariantChecker checker = checker(built);
        if (settleBySeconds > 0) {
            checker.settleBy(settleBySeconds);
        }
        for (int step = 1; step <= steps; step++) {
            built.world().step();
            Violation violation = checker.afterStep();
            if (violation != null) {
                return new Outcome(violation, step, checker.pointsChecked(), checker.worstEnergyRiseJoules(), ratio);
            }
        }
        return new Outcome(null, steps, checker.pointsChecked(), checker.worstEnergyRiseJoules(), ratio);
    }
}
