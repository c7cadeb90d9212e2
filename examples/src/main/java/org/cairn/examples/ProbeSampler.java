package org.cairn.examples;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Samples a scene's probes while it runs: each probe's quantities at step 0 and every
 * {@code every} steps. Written into the JSON report ({@code "probes"}) and, with {@code --probes},
 * to a CSV file: one row per probe, step and quantity.
 */
final class ProbeSampler {
    /** One sample: probe, step, time, quantity, values (1, 3 or 4 numbers). */
    record Sample(String probe, long step, double time, String quantity, double[] values) {
    }

    private final SceneDef.Built built;
    private final List<SceneDef.Probe> probes;
    private final List<Sample> samples = new ArrayList<>();
    private final Vector3d v = new Vector3d();
    private final Quaterniond q = new Quaterniond();

    ProbeSampler(SceneDef.Built built, List<SceneDef.Probe> probes) {
        this.built = built;
        this.probes = probes;
    }

    /** The samples taken so far, in the order taken. */
    List<Sample> samples() {
        return java.util.Collections.unmodifiableList(samples);
    }

    /** Takes the samples due at the world's current step. */
    void sample() {
        World world = built.world();
        long step = world.stepCount();
        for (SceneDef.Probe p : probes) {
            if (step % p.every() != 0) {
                continue;
            }
            BodyId body = p.body() == null ? null : built.bodies().get(p.body());
            JointId joint = p.joint() == null ? null : built.joints().get(p.joint());
            for (String quantity : p.quantities()) {
                samples.add(new Sample(p.name(), step, world.time(), quantity, joint != null
                        ? measure(world, joint, quantity) : measure(world, body, quantity)));
            }
        }
    }

    private double[] measure(World world, BodyId body, String quantity) {
        return switch (quantity) {
            case "position" -> xyz(world.position(body, v));
            case "velocity" -> xyz(world.linearVelocity(body, v));
            case "angular_velocity" -> xyz(world.angularVelocity(body, v));
            case "speed" -> new double[] {world.linearVelocity(body, v).length()};
            case "orientation", "rotation" -> {
                world.rotation(body, q);
                yield new double[] {q.x, q.y, q.z, q.w};
            }
            case "kinetic_energy" -> new double[] {world.kineticEnergy()};
            case "potential_energy" -> new double[] {world.potentialEnergy()};
            case "contacts" -> new double[] {world.contacts().count()};
            case "awake" -> {
                int awake = 0;
                for (BodyId id : built.bodies().values()) {
                    awake += world.isAwake(id) ? 1 : 0;
                }
                yield new double[] {awake};
            }
            default -> throw new IllegalStateException("the compiler admits no quantity " + quantity);
        };
    }

    private double[] measure(World world, JointId joint, String quantity) {
        return switch (quantity) {
            case "coordinate" -> new double[] {world.joints().coordinate(joint)};
            case "joint_speed" -> new double[] {world.joints().speed(joint)};
            case "reaction_force" -> xyz(world.joints().reactionForce(joint, v));
            case "reaction_torque" -> xyz(world.joints().reactionTorque(joint, v));
            case "broken" -> new double[] {world.joints().isBroken(joint) ? 1 : 0};
            default -> throw new IllegalStateException("the compiler admits no joint quantity " + quantity);
        };
    }

    private static double[] xyz(Vector3d v) {
        return new double[] {v.x, v.y, v.z};
    }

    /** Adds {@code "probes": {NAME: [{"step", "time", QUANTITY: value or [..]}, ...]}} to a JSON report. */
    void addTo(ObjectNode root) {
        ObjectNode out = root.putObject("probes");
        for (SceneDef.Probe p : probes) {
            ArrayNode rows = out.putArray(p.name());
            ObjectNode row = null;
            long rowStep = -1;
            for (Sample s : samples) {
                if (!s.probe().equals(p.name())) {
                    continue;
                }
                if (row == null || s.step() != rowStep) {
                    row = rows.addObject();
                    row.put("step", s.step());
                    row.put("time", s.time());
                    rowStep = s.step();
                }
                // A quantity a kind does not have (a ball joint's coordinate) is null, never the non-JSON NaN.
                if (s.values().length == 1) {
                    if (Double.isFinite(s.values()[0])) {
                        row.put(s.quantity(), s.values()[0]);
                    } else {
                        row.putNull(s.quantity());
                    }
                } else {
                    ArrayNode values = row.putArray(s.quantity());
                    for (double d : s.values()) {
                        if (Double.isFinite(d)) {
                            values.add(d);
                        } else {
                            values.addNull();
                        }
                    }
                }
            }
        }
    }

    /** CSV: {@code probe,step,time,quantity,x,y,z,w}; a scalar fills x, a vector x–z, a quaternion x–w. */
    String csv() {
        StringBuilder out = new StringBuilder("probe,step,time,quantity,x,y,z,w\n");
        for (Sample s : samples) {
            out.append(s.probe()).append(',').append(s.step()).append(',').append(s.time())
                    .append(',').append(s.quantity());
            for (int k = 0; k < 4; k++) {
                out.append(',');
                if (k < s.values().length) {
                    out.append(s.values()[k]);
                }
            }
            out.append('\n');
        }
        return out.toString();
    }
}
