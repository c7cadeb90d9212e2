package org.cairn.scene;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.cairn.engine3d.geometry.MassProperties;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.JointDef;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Shape;

/**
 * A compiled scene: the world settings and every body with its shapes, all expanded (no loops,
 * no constants left), ready to build through the engine's public API.
 *
 * @param world  the world settings
 * @param bodies the bodies in declaration order
 * @param pairs  per-pair material overrides, by material id
 * @param probes what to record while the scene runs
 * @param joints the joints, in declaration order, between bodies named in {@code bodies}
 */
public record SceneDef(WorldDef world, List<BodySpec> bodies, List<MaterialPair> pairs, List<Probe> probes,
                       List<JointSpec> joints) {
    /** Copies the lists so the record stays immutable. */
    public SceneDef {
        bodies = List.copyOf(bodies);
        pairs = List.copyOf(pairs);
        probes = List.copyOf(probes);
        joints = List.copyOf(joints);
    }

    /** A scene without joints. */
    public SceneDef(WorldDef world, List<BodySpec> bodies, List<MaterialPair> pairs, List<Probe> probes) {
        this(world, bodies, pairs, probes, List.of());
    }

    /** A scene without material pair overrides, probes or joints. */
    public SceneDef(WorldDef world, List<BodySpec> bodies) {
        this(world, bodies, List.of(), List.of(), List.of());
    }

    /** The same scene with other world settings. */
    public SceneDef withWorld(WorldDef otherWorld) {
        return new SceneDef(otherWorld, bodies, pairs, probes, joints);
    }

    /**
     * A joint between two named bodies, anchored in the world frame as the scene places the
     * bodies (see {@link JointDef}); NaN marks what the scene left out.
     *
     * @param anchorA  the anchor, m (on A; on both unless {@code anchorB} differs)
     * @param anchorB  B's anchor, m (a distance joint's other end)
     * @param axis     the hinge, slider or ball axis, or a wheel's suspension axis (unit)
     * @param spinAxis a wheel's spin axis (unit)
     * @param steer    a wheel's steering angle (rad)
     * @param limits   lower and upper (rad or m; a ball joint's twist), or NaN
     * @param cone     a ball joint's largest swing (rad), or NaN
     * @param friction a ball joint's friction torque (N·m), 0 for none
     * @param motor    target speed and most force or torque, or NaN
     * @param spring   hertz, damping ratio and target, or NaN
     * @param softness the constraint's hertz and damping ratio, or NaN for the defaults
     * @param motorTarget a motor joint's linear offset (m, A's frame), angular offset (rad), most
     *                 force (N) and most torque (N·m)
     * @param correction a motor joint's correction factor
     */
    public record JointSpec(String name, JointKind kind, String bodyA, String bodyB, double[] anchorA, double[] anchorB,
                            double[] axis, double[] spinAxis, double steer, double[] limits, double cone, double friction, double[] motor, double[] spring, double length,
                            double[] softness, double[] linearSoftness, double[] angularSoftness, double breakForce,
                            double breakTorque, boolean collideConnected, double[] motorTarget, double correction) {
        /** The engine's definition between the created bodies {@code a} and {@code b}. */
        public JointDef def(BodyId a, BodyId b) {
            JointDef.Builder d = JointDef.builder(kind, a, b).name(name)
                    .anchors(anchorA[0], anchorA[1], anchorA[2], anchorB[0], anchorB[1], anchorB[2])
                    .axis(axis[0], axis[1], axis[2]).collideConnected(collideConnected);
            if (kind == JointKind.WHEEL) {
                d.spinAxis(spinAxis[0], spinAxis[1], spinAxis[2]).steer(steer);
            }
            if (kind == JointKind.MOTOR) {
                d.linearOffset(motorTarget[0], motorTarget[1], motorTarget[2]).angularOffset(motorTarget[3])
                        .maxForceAndTorque(motorTarget[4], motorTarget[5]).correction(correction);
            }
            if (!Double.isNaN(limits[0])) {
                d.limits(limits[0], limits[1]);
            }
            if (!Double.isNaN(cone)) {
                d.cone(cone);
            }
            if (friction != 0) {
                d.friction(friction);
            }
            if (!Double.isNaN(motor[0])) {
                d.motor(motor[0], motor[1]);
            }
            if (!Double.isNaN(spring[0])) {
                d.spring(spring[0], spring[1], spring[2]);
            }
            if (!Double.isNaN(length)) {
                d.length(length);
            }
            if (!Double.isNaN(softness[0])) {
                d.constraintSoftness(softness[0], softness[1]);
            }
            if (!Double.isNaN(linearSoftness[0])) {
                d.linearSoftness(linearSoftness[0], linearSoftness[1]);
            }
            if (!Double.isNaN(angularSoftness[0])) {
                d.angularSoftness(angularSoftness[0], angularSoftness[1]);
            }
            if (Double.isFinite(breakForce)) {
                d.breakForce(breakForce);
            }
            if (Double.isFinite(breakTorque)) {
                d.breakTorque(breakTorque);
            }
            return d.build();
        }
    }

    /**
     * A probe: {@code quantities} of one body, of one joint ({@code joint}), or of the whole scene
     * (both null) every {@code every} steps, step 0 included.
     *
     * @param quantities among {@link #BODY_QUANTITIES} (with a body) or {@link #SCENE_QUANTITIES}
     */
    public record Probe(String name, String body, List<String> quantities, int every, String joint) {
        /** What a probe of a body records: world position (m), orientation quaternion, velocities (m/s, rad/s), speed (m/s). */
        public static final List<String> BODY_QUANTITIES = List.of("position", "orientation", "rotation", "velocity",
                "angular_velocity", "speed");
        /** What a probe of the whole scene records: energies (J), the number of touching contacts, awake bodies. */
        public static final List<String> SCENE_QUANTITIES = List.of("kinetic_energy", "potential_energy", "contacts",
                "awake");

        /**
         * What a probe of a joint records: its coordinate (a hinge's angle in rad, a slider's or a
         * wheel's offset or a distance joint's length in m) and its rate, the reaction force (N) and
         * torque (N·m) on body B over the last step, and whether it broke (1 or 0).
         */
        public static final List<String> JOINT_QUANTITIES = List.of("coordinate", "joint_speed", "reaction_force",
                "reaction_torque", "broken");

        /** Copies the list so the record stays immutable. */
        public Probe {
            quantities = List.copyOf(quantities);
        }

        /** A probe of a body ({@code body} non-null) or of the whole scene. */
        public Probe(String name, String body, List<String> quantities, int every) {
            this(name, body, quantities, every, null);
        }
    }

    /** The friction and restitution of contacts between shapes of materials {@code a} and {@code b} (ids). */
    public record MaterialPair(int a, int b, double friction, double restitution) {
    }

    /**
     * A body and its shapes.
     *
     * @param mass a mass override in kg: the shapes' centre of mass and inertia, scaled to this
     *             mass (a dynamic body with shapes only); empty to take the mass from the shapes
     */
    public record BodySpec(String name, BodyDef body, List<ShapeSpec> shapes, OptionalDouble mass) {
        /** Copies the list so the record stays immutable. */
        public BodySpec {
            shapes = List.copyOf(shapes);
            java.util.Objects.requireNonNull(mass, "mass");
        }

        /** A body whose mass comes from its shapes. */
        public BodySpec(String name, BodyDef body, List<ShapeSpec> shapes) {
            this(name, body, shapes, OptionalDouble.empty());
        }

        /**
         * Creates the body in {@code w} with its shapes and mass.
         *
         * @throws IllegalArgumentException if the engine refuses any of it; the world is then left
         *                                  as it was (the body is destroyed again)
         */
        public BodyId createIn(World w) {
            BodyId id = w.createBody(body);
            try {
                for (ShapeSpec shape : shapes) {
                    w.createShape(id, shape.def(), shape.shape());
                }
                if (mass.isPresent()) {
                    // Same shape of inertia, scaled: I grows with the mass at a fixed mass distribution.
                    MassProperties fromShapes = w.massProperties(id);
                    double scale = mass.getAsDouble() / fromShapes.mass();
                    w.setMassProperties(id, MassProperties.of(mass.getAsDouble(), fromShapes.center(new Vector3d()),
                            fromShapes.inertia(new Matrix3d()).scale(scale)));
                }
            } catch (IllegalArgumentException rejected) {
                w.destroyBody(id);
                throw rejected;
            }
            return id;
        }
    }

    /** A shape with its material and placement. */
    public record ShapeSpec(Shape shape, ShapeDef def) {
    }

    /** A world built from a scene, with its bodies and joints by name (in declaration order). */
    public record Built(World world, Map<String, BodyId> bodies, Map<String, JointId> joints) {
        /** A built world without joints. */
        public Built(World world, Map<String, BodyId> bodies) {
            this(world, bodies, Map.of());
        }
    }

    /** Builds the world. */
    public Built build() {
        World w = new World(world);
        for (MaterialPair pair : pairs) {
            w.setMaterialPair(pair.a(), pair.b(), pair.friction(), pair.restitution());
        }
        Map<String, BodyId> ids = new LinkedHashMap<>();
        for (BodySpec spec : bodies) {
            ids.put(spec.name(), spec.createIn(w));
        }
        Map<String, JointId> jointIds = new LinkedHashMap<>();
        for (JointSpec joint : joints) {
            jointIds.put(joint.name(), w.createJoint(joint.def(ids.get(joint.bodyA()), ids.get(joint.bodyB()))));
        }
        return new Built(w, ids, jointIds);
    }
}
