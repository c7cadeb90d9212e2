package org.cairn.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.Contacts;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** The end-of-run report of {@code cairn run}: a summary for people, or the JSON of docs/cli.md. */
final class RunReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunReport() {
    }

    /**
     * Wall-clock milliseconds per step: the median over all steps, and the median and mean over the
     * steps that simulated any body (a run that falls asleep has cheap steps that say nothing of
     * the engine's speed).
     */
    record Timing(double msPerStep, double awakeMedian, double awakeMean, int awakeSteps, int steps) {
    }

    /** The JSON object of docs/cli.md without the bodies' shapes (for a world built without its scene at hand). */
    static String json(String scene, SceneDef.Built built, Timing timing) {
        return json(scene, null, built, timing, null);
    }

    /**
     * The JSON object of docs/cli.md, on one line, with the probes' samples under {@code "probes"}
     * when there are any (null: none). {@code def} is the scene as run (its world settings as
     * overridden), which gives the world's settings and the bodies' shapes.
     */
    static String json(String scene, SceneDef def, SceneDef.Built built, Timing timing, ProbeSampler probes) {
        World world = built.world();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scene", scene);
        root.put("steps", world.stepCount());
        root.put("time", world.time());
        // Added after the first release of this contract: what any tool needs to draw the run.
        root.set("world", SceneDescription.world(world.def()));
        Map<String, SceneDef.BodySpec> specs = new HashMap<>();
        if (def != null) {
            def.bodies().forEach(b -> specs.put(b.name(), b));
        }
        ArrayNode bodies = root.putArray("bodies");
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (Map.Entry<String, BodyId> e : built.bodies().entrySet()) {
            BodyId id = e.getValue();
            ObjectNode b = bodies.addObject();
            b.put("name", e.getKey());
            b.put("type", world.type(id).name().toLowerCase(Locale.ROOT));
            vector(b.putArray("position"), world.position(id, v));
            world.rotation(id, q);
            b.putArray("orientation").add(q.x).add(q.y).add(q.z).add(q.w);
            // The API's word, beside the first one (kept for the readers that use it).
            b.putArray("rotation").add(q.x).add(q.y).add(q.z).add(q.w);
            vector(b.putArray("linearVelocity"), world.linearVelocity(id, v));
            vector(b.putArray("angularVelocity"), world.angularVelocity(id, v));
            b.put("awake", world.isAwake(id));
            SceneDef.BodySpec spec = specs.get(e.getKey());
            if (spec != null) {
                SceneDescription.shapes(spec, b);
            }
        }
        ObjectNode energy = root.putObject("energy");
        // An energy beyond the largest double (1e100 kg at 1e105 m/s) is null, never the string "Infinity".
        finiteOrNull(energy, "kinetic", world.kineticEnergy());
        finiteOrNull(energy, "potential", world.potentialEnergy());
        // Added after the first release of this contract: bodies at the speed limit or not finite.
        root.put("runawayBodies", Runaways.count(world));
        ArrayNode contacts = root.putArray("contacts");
        Map<BodyId, String> names = namesById(built);
        Contacts cs = world.contacts();
        for (int i = 0; i < cs.count(); i++) {
            ObjectNode c = contacts.addObject();
            c.put("bodyA", names.get(cs.bodyA(i)));
            c.put("bodyB", names.get(cs.bodyB(i)));
            vector(c.putArray("normal"), cs.normal(i, v));
            // Added after the first release of this contract: friction's turn about the normal.
            c.put("twistImpulse", cs.twistImpulse(i));
            ArrayNode points = c.putArray("points");
            for (int k = 0; k < cs.pointCount(i); k++) {
                ObjectNode p = points.addObject();
                vector(p.putArray("position"), cs.point(i, k, v));
                p.put("separation", cs.separation(i, k));
                p.put("normalImpulse", cs.normalImpulse(i, k));
                p.putArray("tangentImpulse").add(cs.tangentImpulse(i, k, 0)).add(cs.tangentImpulse(i, k, 1));
            }
        }
        // Added after the first release of this contract: present (possibly empty) in every report.
        ArrayNode joints = root.putArray("joints");
        for (Map.Entry<String, JointId> e : built.joints().entrySet()) {
            JointId id = e.getValue();
            ObjectNode j = joints.addObject();
            j.put("name", e.getKey());
            j.put("kind", world.joints().kind(id).name().toLowerCase(Locale.ROOT));
            j.put("bodyA", names.get(world.joints().bodyA(id)));
            j.put("bodyB", names.get(world.joints().bodyB(id)));
            finiteOrNull(j, "coordinate", world.joints().coordinate(id));
            finiteOrNull(j, "speed", world.joints().speed(id));
            vector(j.putArray("reactionForce"), world.joints().reactionForce(id, v));
            vector(j.putArray("reactionTorque"), world.joints().reactionTorque(id, v));
            j.put("broken", world.joints().isBroken(id));
        }
        root.putObject("timing").put("msPerStep", timing.msPerStep()).put("awakeSteps", timing.awakeSteps())
                .put("msPerAwakeStepMedian", timing.awakeMedian()).put("msPerAwakeStepMean", timing.awakeMean());
        if (probes != null) {
            probes.addTo(root);
        }
        return root.toString();
    }

    private static void finiteOrNull(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }

    /** A few lines for people. */
    static String summary(String scene, SceneDef.Built built, Timing timing) {
        World world = built.world();
        int awake = 0;
        int dynamic = 0;
        for (BodyId id : built.bodies().values()) {
            if (world.type(id) == org.cairn.engine3d.BodyType.DYNAMIC) {
                dynamic++;
                if (world.isAwake(id)) {
                    awake++;
                }
            }
        }
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%s: %d steps, %.3f s simulated (%s, %d substeps)%n", scene,
                world.stepCount(), world.time(), world.def().solver() == org.cairn.engine3d.SolverKind.SOFT_STEP
                        ? "soft step" : "sequential impulse", world.def().substeps()));
        s.append(String.format(Locale.ROOT, "  bodies    %d (%d dynamic: %d awake, %d asleep)%n",
                built.bodies().size(), dynamic, awake, dynamic - awake));
        s.append(String.format(Locale.ROOT, "  contacts  %d touching%n", world.contacts().count()));
        s.append(String.format(Locale.ROOT, "  energy    kinetic %.6g J, potential %.6g J%n",
                world.kineticEnergy(), world.potentialEnergy()));
        int runaway = Runaways.count(world);
        if (runaway > 0) {
            s.append(String.format(Locale.ROOT, "  warning   %d dynamic bod%s at the speed limit (%.3g m/s) or not finite:"
                    + " the scene may have blown up%n", runaway, runaway == 1 ? "y" : "ies", world.def().maxLinearSpeed()));
        }
        if (timing.awakeSteps() == 0) {
            s.append(String.format(Locale.ROOT, "  timing    no step simulated a body (all asleep); %.3f ms per step (median)%n",
                    timing.msPerStep()));
        } else {
            s.append(String.format(Locale.ROOT, "  timing    %.3f ms per awake step (median), %.3f ms (mean), over %d of %d steps%n",
                    timing.awakeMedian(), timing.awakeMean(), timing.awakeSteps(), timing.steps()));
        }
        return s.toString();
    }

    static Map<BodyId, String> namesById(SceneDef.Built built) {
        Map<BodyId, String> names = new HashMap<>();
        built.bodies().forEach((name, id) -> names.put(id, name));
        return names;
    }

    private static void vector(ArrayNode array, Vector3d v) {
        array.add(v.x).add(v.y).add(v.z);
    }
}
