package org.cairn.examples.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames of a {@code cairn run --record FILE.jsonl} recording: its first line describes the
 * run, every later line is one body at one step (docs/cli.md). Contacts, energies and timings are
 * not in a recording, so its frames have none.
 */
public final class ReplayFrames implements FrameSource {
    /** The largest recording read, bytes. */
    static final long MAX_BYTES = 512L * 1024 * 1024;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ObjectNode description;
    private final List<ObjectNode> frames = new ArrayList<>();

    /**
     * Reads a recording.
     *
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the line if it is not a recording of docs/cli.md
     */
    public ReplayFrames(Path file) throws IOException {
        if (Files.size(file) > MAX_BYTES) {
            throw new IllegalArgumentException(file + " is larger than " + MAX_BYTES / (1024 * 1024) + " MB");
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            JsonNode head = first == null ? null : parse(first, file, 1);
            if (head == null || !head.has("world") || !head.has("bodies")) {
                throw new IllegalArgumentException(file + ":1: not a recording: its first line must describe the run "
                        + "(cairn run --record FILE.jsonl writes one)");
            }
            description = (ObjectNode) head;
            description.putArray("joints");
            Map<String, Integer> index = new HashMap<>();
            for (JsonNode b : description.get("bodies")) {
                index.put(b.get("name").asText(), index.size());
            }
            int bodies = index.size();
            ObjectNode frame = null;
            long frameStep = -1;
            String line;
            int number = 1;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode row = parse(line, file, number);
                Integer i = index.get(row.path("name").asText());
                if (i == null || !row.has("step") || !row.path("position").isArray() || !row.path("orientation").isArray()) {
                    throw new IllegalArgumentException(file + ":" + number + ": not a row of a recording of this run");
                }
                long step = row.get("step").asLong();
                if (frame == null || step != frameStep) {
                    frame = newFrame(step, row.path("time").asDouble(), bodies);
                    frames.add(frame);
                    frameStep = step;
                }
                ArrayNode pose = (ArrayNode) frame.get("bodies").get(i);
                pose.removeAll();
                for (JsonNode x : row.get("position")) {
                    pose.add(x.asDouble());
                }
                for (JsonNode x : row.get("orientation")) {
                    pose.add(x.asDouble());
                }
                pose.add(row.path("awake").asBoolean(true) ? 1 : 0);
                ArrayNode velocity = (ArrayNode) frame.get("velocities").get(i);
                velocity.removeAll();
                for (JsonNode x : row.path("linearVelocity")) {
                    velocity.add(x.asDouble());
                }
                for (JsonNode x : row.path("angularVelocity")) {
                    velocity.add(x.asDouble());
                }
            }
        }
        if (frames.isEmpty()) {
            throw new IllegalArgumentException(file + ": the recording has no rows");
        }
    }

    private static ObjectNode newFrame(long step, double time, int bodies) {
        ObjectNode f = MAPPER.createObjectNode();
        f.put("step", step);
        f.put("time", time);
        ArrayNode poses = f.putArray("bodies"), velocities = f.putArray("velocities");
        for (int b = 0; b < bodies; b++) {
            poses.addArray().add(0).add(0).add(0).add(0).add(0).add(0).add(1).add(1);
            velocities.addArray().add(0).add(0).add(0).add(0).add(0).add(0);
        }
        f.putArray("contacts");
        f.putNull("kinetic");
        f.putNull("potential");
        f.putNull("ms");
        return f;
    }

    private static JsonNode parse(String line, Path file, int number) {
        try {
            return MAPPER.readTree(line);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ":" + number + ": not JSON: " + e.getOriginalMessage());
        }
    }

    @Override
    public ObjectNode description() {
        return description.deepCopy();
    }

    @Override
    public ObjectNode frame(int index) {
        return index >= 0 && index < frames.size() ? frames.get(index).deepCopy() : null;
    }

    @Override
    public int limit() {
        return frames.size();
    }
}
