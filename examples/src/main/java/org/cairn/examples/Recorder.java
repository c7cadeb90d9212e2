package org.cairn.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.World;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * {@code cairn run --record}: one row per body per step (step 0 is the initial state), as CSV with
 * a header or as JSON Lines; columns are documented in docs/cli.md.
 */
final class Recorder implements Closeable {
    static final String CSV_HEADER = "step,time,name,px,py,pz,qx,qy,qz,qw,vx,vy,vz,wx,wy,wz,type,awake";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final BufferedWriter out;
    private final boolean csv;
    private final SceneDef.Built built;
    private final Vector3d p = new Vector3d();
    private final Vector3d v = new Vector3d();
    private final Vector3d w = new Vector3d();
    private final Quaterniond q = new Quaterniond();

    private Recorder(BufferedWriter out, boolean csv, SceneDef.Built built) {
        this.out = out;
        this.csv = csv;
        this.built = built;
    }

    /**
     * Opens {@code file} and writes its head: CSV's header row, or JSON Lines' first line, which
     * describes the run ({@link SceneDescription#record}: world settings, bodies and shapes).
     */
    static Recorder open(String file, SceneDef def, SceneDef.Built built) throws IOException {
        boolean csv = file.endsWith(".csv");
        Recorder r = new Recorder(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8), csv, built);
        r.out.write(csv ? CSV_HEADER : SceneDescription.record(def).toString());
        r.out.newLine();
        return r;
    }

    /** Writes the current state of every body. */
    void write() throws IOException {
        World world = built.world();
        for (Map.Entry<String, BodyId> e : built.bodies().entrySet()) {
            BodyId id = e.getValue();
            world.position(id, p);
            world.rotation(id, q);
            world.linearVelocity(id, v);
            world.angularVelocity(id, w);
            if (csv) {
                out.write(world.stepCount() + "," + world.time() + "," + csvField(e.getKey()) + ","
                        + p.x + "," + p.y + "," + p.z + "," + q.x + "," + q.y + "," + q.z + "," + q.w + ","
                        + v.x + "," + v.y + "," + v.z + "," + w.x + "," + w.y + "," + w.z + ","
                        + world.type(id).name().toLowerCase(Locale.ROOT) + "," + world.isAwake(id));
            } else {
                ObjectNode row = MAPPER.createObjectNode();
                row.put("step", world.stepCount());
                row.put("time", world.time());
                row.put("name", e.getKey());
                row.putArray("position").add(p.x).add(p.y).add(p.z);
                row.putArray("orientation").add(q.x).add(q.y).add(q.z).add(q.w);
                row.putArray("rotation").add(q.x).add(q.y).add(q.z).add(q.w);
                row.putArray("linearVelocity").add(v.x).add(v.y).add(v.z);
                row.putArray("angularVelocity").add(w.x).add(w.y).add(w.z);
                row.put("type", world.type(id).name().toLowerCase(Locale.ROOT));
                row.put("awake", world.isAwake(id));
                out.write(row.toString());
            }
            out.newLine();
        }
    }

    /** Indexed names such as {@code box[1,2]} hold a comma, so they are quoted. */
    private static String csvField(String name) {
        return name.indexOf(',') < 0 && name.indexOf('"') < 0 ? name : '"' + name.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
