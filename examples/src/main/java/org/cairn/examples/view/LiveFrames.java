package org.cairn.examples.view;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.DebugDraw;
import org.cairn.engine3d.ShapeId;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Frames of a scene simulated as they are asked for: the world steps forward until the frame
 * wanted exists, and every frame made is kept (as compact JSON) so that the viewer can go back.
 * Bounded by a number of steps and by the numbers kept, so a large scene cannot fill the memory.
 */
public final class LiveFrames implements FrameSource {
    /** The most numbers all the kept frames' bodies together may hold (about 400 MB of JSON text at most). */
    static final long MAX_NUMBERS = 20_000_000L;
    /** Contact points per frame at most (a settled pyramid of 5000 boxes has 60 000): the rest are left out. */
    static final int MAX_CONTACT_POINTS = 2000;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final SceneDef def;
    private final SceneDef.Built built;
    private final List<BodyId> bodies = new ArrayList<>();
    private final Map<BodyId, Integer> index = new HashMap<>();
    private final List<String> frames = new ArrayList<>();
    private final int limit;
    private final ObjectNode description;

    /** A scene to simulate for at most {@code maxSteps} steps. */
    public LiveFrames(SceneDef def, int maxSteps) {
        this.def = def;
        this.built = def.build();
        built.bodies().forEach((name, id) -> {
            index.put(id, bodies.size());
            bodies.add(id);
        });
        long perFrame = 16L * Math.max(1, bodies.size()) + 8;
        this.limit = (int) Math.max(1, Math.min(maxSteps + 1L, MAX_NUMBERS / perFrame));
        this.description = describe();
    }

    private ObjectNode describe() {
        World world = built.world();
        ObjectNode root = MAPPER.createObjectNode();
        root.set("world", org.cairn.examples.SceneDescription.world(world.def()));
        ArrayNode out = root.putArray("bodies");
        Map<String, SceneDef.BodySpec> specs = new HashMap<>();
        def.bodies().forEach(b -> specs.put(b.name(), b));
        built.bodies().forEach((name, id) -> {
            ObjectNode b = out.addObject();
            b.put("name", name);
            b.put("type", world.type(id).name().toLowerCase(Locale.ROOT));
            b.put("mass", world.mass(id));
            SceneDef.BodySpec spec = specs.get(name);
            if (spec != null) {
                org.cairn.examples.SceneDescription.shapes(spec, b);
            } else {
                b.putArray("shapes");
            }
        });
        ArrayNode joints = root.putArray("joints");
        for (SceneDef.JointSpec j : def.joints()) {
            Integer a = index.get(built.bodies().get(j.bodyA())), b = index.get(built.bodies().get(j.bodyB()));
            if (a == null || b == null) {
                continue;
            }
            ObjectNode o = joints.addObject();
            o.put("name", j.name());
            o.put("kind", j.kind().name().toLowerCase(Locale.ROOT));
            o.put("a", a);
            o.put("b", b);
            // Anchors in each body's frame, from the world anchors given at the start.
            o.set("localA", local(bodies.get(a), j.anchorA()));
            o.set("localB", local(bodies.get(b), j.anchorB()));
        }
        return root;
    }

    private ArrayNode local(BodyId body, double[] p) {
        World world = built.world();
        Vector3d v = new Vector3d(p[0], p[1], p[2]).sub(world.position(body, new Vector3d()));
        world.rotation(body, new Quaterniond()).transformInverse(v);
        return MAPPER.createArrayNode().add(v.x).add(v.y).add(v.z);
    }

    @Override
    public ObjectNode description() {
        return description.deepCopy();
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public synchronized ObjectNode frame(int i) {
        if (i < 0 || i >= limit) {
            return null;
        }
        World world = built.world();
        while (frames.size() <= i) {
            double ms = 0;
            if (!frames.isEmpty()) {
                long t0 = System.nanoTime();
                world.step();
                ms = (System.nanoTime() - t0) * 1e-6;
            }
            String json = capture(world, ms).toString();
            frames.add(json);
        }
        try {
            return (ObjectNode) MAPPER.readTree(frames.get(i));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a frame the viewer made does not parse", e);
        }
    }

    private ObjectNode capture(World world, double ms) {
        ObjectNode f = MAPPER.createObjectNode();
        f.put("step", world.stepCount());
        f.put("time", world.time());
        ArrayNode poses = f.putArray("bodies"), velocities = f.putArray("velocities");
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (BodyId id : bodies) {
            world.position(id, v);
            world.rotation(id, q);
            poses.addArray().add(v.x).add(v.y).add(v.z).add(q.x).add(q.y).add(q.z).add(q.w).add(world.isAwake(id) ? 1 : 0);
            world.linearVelocity(id, v);
            ArrayNode vel = velocities.addArray().add(v.x).add(v.y).add(v.z);
            world.angularVelocity(id, v);
            vel.add(v.x).add(v.y).add(v.z);
        }
        ArrayNode contacts = f.putArray("contacts");
        // The world's own debug drawing hands over the contact points.
        int[] points = {0};
        world.draw(new DebugDraw() {
            @Override
            public void contactPoint(ShapeId sa, ShapeId sb, Vector3dc p, Vector3dc normal, double impulse, double separation) {
                if (points[0]++ >= MAX_CONTACT_POINTS) {
                    return;
                }
                Integer a = index.get(world.body(sa)), b = index.get(world.body(sb));
                ObjectNode o = contacts.addObject();
                o.put("a", a == null ? -1 : a);
                o.put("b", b == null ? -1 : b);
                o.putArray("p").add(p.x()).add(p.y()).add(p.z());
                o.putArray("n").add(normal.x()).add(normal.y()).add(normal.z());
                o.put("impulse", impulse);
            }
        }, DebugDraw.CONTACTS);
        finite(f, "kinetic", world.kineticEnergy());
        finite(f, "potential", world.potentialEnergy());
        f.put("ms", ms);
        return f;
    }

    private static void finite(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}
