package org.cairn.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.SolverKind;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * What a run simulates, as JSON (docs/cli.md): the world's settings and every body's shapes with
 * their sizes, local poses and materials, so that any tool can draw a run from its {@code --json}
 * report or its {@code --record} file alone.
 */
public final class SceneDescription {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SceneDescription() {
    }

    /** The world's settings: time step, substeps, solver, gravity, workers. */
    public static ObjectNode world(WorldDef def) {
        ObjectNode w = MAPPER.createObjectNode();
        w.put("dt", def.timeStep());
        w.put("substeps", def.substeps());
        w.put("solver", def.solver() == SolverKind.SOFT_STEP ? "soft" : "si");
        Vector3d g = def.gravity();
        w.putArray("gravity").add(g.x).add(g.y).add(g.z);
        w.put("workers", def.workerCount());
        return w;
    }

    /** Adds the shapes of body {@code spec} to {@code body} as its {@code "shapes"} array. */
    public static void shapes(SceneDef.BodySpec spec, ObjectNode body) {
        ArrayNode shapes = body.putArray("shapes");
        for (SceneDef.ShapeSpec s : spec.shapes()) {
            shapes.add(shape(s.shape(), s.def()));
        }
    }

    /** One shape: its kind and sizes (m), its pose in the body's frame, its material. */
    static ObjectNode shape(Shape shape, ShapeDef def) {
        ObjectNode o = MAPPER.createObjectNode();
        if (shape instanceof Sphere s) {
            o.put("kind", "sphere").put("radius", s.radius());
        } else if (shape instanceof Box b) {
            o.put("kind", "box");
            o.putArray("halfExtents").add(b.halfX()).add(b.halfY()).add(b.halfZ());
        } else if (shape instanceof Capsule c) {
            o.put("kind", "capsule").put("radius", c.radius()).put("halfHeight", c.halfHeight());
        } else if (shape instanceof Cylinder c) {
            o.put("kind", "cylinder").put("radius", c.radius()).put("halfHeight", c.halfHeight());
        } else if (shape instanceof ConvexHull h) {
            o.put("kind", "hull");
            vertices(o, h.vertexCount(), h::vertex);
            ArrayNode faces = o.putArray("faces");
            for (int f = 0; f < h.faceCount(); f++) {
                ArrayNode face = faces.addArray();
                for (int k = 0; k < h.faceVertexCount(f); k++) {
                    face.add(h.faceVertex(f, k));
                }
            }
        } else if (shape instanceof TriangleMesh m) {
            o.put("kind", "mesh");
            vertices(o, m.vertexCount(), m::vertex);
            ArrayNode triangles = o.putArray("triangles");
            for (int t = 0; t < m.triangleCount(); t++) {
                triangles.addArray().add(m.triangleVertex(t, 0)).add(m.triangleVertex(t, 1)).add(m.triangleVertex(t, 2));
            }
        }
        Vector3d p = def.localPosition();
        o.putArray("position").add(p.x).add(p.y).add(p.z);
        Quaterniond q = def.localRotation();
        o.putArray("orientation").add(q.x).add(q.y).add(q.z).add(q.w);
        o.putArray("rotation").add(q.x).add(q.y).add(q.z).add(q.w);
        o.put("density", def.density());
        o.put("friction", def.friction());
        o.put("restitution", def.restitution());
        return o;
    }

    /** What writes vertex i of a shape into dest. */
    private interface Vertices {
        Vector3d vertex(int i, Vector3d dest);
    }

    private static void vertices(ObjectNode o, int count, Vertices source) {
        Vector3d v = new Vector3d();
        ArrayNode vertices = o.putArray("vertices");
        for (int i = 0; i < count; i++) {
            source.vertex(i, v);
            vertices.addArray().add(v.x).add(v.y).add(v.z);
        }
    }

    /** The description line of a {@code --record} JSON Lines file: world and bodies with their shapes. */
    public static ObjectNode record(SceneDef def) {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("world", world(def.world()));
        ArrayNode bodies = root.putArray("bodies");
        for (SceneDef.BodySpec spec : def.bodies()) {
            ObjectNode b = bodies.addObject();
            b.put("name", spec.name());
            b.put("type", spec.body().type().name().toLowerCase(Locale.ROOT));
            shapes(spec, b);
        }
        return root;
    }
}
