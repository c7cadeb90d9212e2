package org.cairn.engine3d;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.snapshot.StateCodec;
import org.cairn.engine3d.internal.task.WorkerPool;
import org.cairn.engine3d.internal.world.ShapeStore;
import org.cairn.engine3d.internal.world.StepPipeline;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * {@link World#snapshot()} and {@link World#restore(byte[])}: the bytes are a magic number and a
 * version, the state as {@link StateCodec} writes it (the def's settings first, so a snapshot
 * goes only into a world made alike) deflated, and a CRC32 over all of it. A restore that fails
 * halfway puts the world back as it was.
 */
final class WorldSnapshots {
    private static final int MAGIC = 0x43414952; // "CAIR"
    private static final int VERSION = 1;
    /** The most a snapshot may inflate to, bytes: a few bytes cannot ask for more memory than this. */
    private static final int MAX_BYTES = 1 << 30;

    private final World world;
    private final Object[] roots;
    private final ShapeStore shapes;

    WorldSnapshots(World world, WorldState state, StepPipeline pipeline, Sensors sensors, BodyMoveEvents moveEvents,
                   Joints joints, Contacts contacts, WorldClock clock) {
        this.world = world;
        this.shapes = state.shapes;
        this.roots = new Object[] {clock, state, pipeline, sensors, moveEvents, joints, contacts};
    }

    private static StateCodec codec() {
        return new StateCodec(List.of(World.class, WorkerPool.class));
    }

    /** Every setting of the world's def, in words. */
    private String settings() {
        StringBuilder b = new StringBuilder();
        for (Field f : WorldDef.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                try {
                    b.append(f.getName()).append('=').append(f.get(world.def())).append(';');
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return b.toString();
    }

    byte[] write() {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(payload)) {
            out.writeUTF(settings());
            codec().write(out, roots);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Deflated: the stores' arrays are written at their capacity, mostly zeros.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            Deflater deflater = new Deflater(Deflater.BEST_SPEED);
            try (DeflaterOutputStream z = new DeflaterOutputStream(out, deflater, 1 << 16, true)) {
                payload.writeTo(z);
                z.finish();
            } finally {
                deflater.end();
            }
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    void restore(byte[] snapshot) {
        // Bytes from elsewhere may be broken halfway: then the world goes back to what it was.
        byte[] backup = write();
        try {
            read(snapshot);
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            try {
                read(backup);
            } catch (IOException impossible) {
                throw new IllegalStateException(impossible);
            }
            throw new IllegalArgumentException("snapshot: cannot be restored: " + e.getMessage(), e);
        }
    }

    private void read(byte[] snapshot) throws IOException {
        if (snapshot.length < 12) {
            throw new IllegalArgumentException("not a snapshot of a Cairn world (" + snapshot.length + " bytes)");
        }
        ByteBuffer head = ByteBuffer.wrap(snapshot, 0, 8);
        if (head.getInt() != MAGIC || head.getInt() != VERSION) {
            throw new IllegalArgumentException("not a snapshot of a Cairn world of this version");
        }
        CRC32 crc = new CRC32();
        crc.update(snapshot, 0, snapshot.length - 4);
        if ((int) crc.getValue() != ByteBuffer.wrap(snapshot, snapshot.length - 4, 4).getInt()) {
            throw new IllegalArgumentException("a damaged snapshot (its checksum does not match)");
        }
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        try (InflaterInputStream z = new InflaterInputStream(new ByteArrayInputStream(snapshot, 8, snapshot.length - 12))) {
            byte[] buffer = new byte[1 << 16];
            for (int n = z.read(buffer); n > 0; n = z.read(buffer)) {
                if (payload.size() + n > MAX_BYTES) {
                    throw new IllegalArgumentException("it inflates to more than " + MAX_BYTES + " bytes");
                }
                payload.write(buffer, 0, n);
            }
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload.toByteArray()))) {
            String settings = in.readUTF();
            if (!settings.equals(settings())) {
                throw new IllegalArgumentException("it was taken of a world made with another WorldDef: " + settings);
            }
            codec().read(in, roots);
        }
        // Collision shapes are derived from geometry, not stored.
        for (int s = 0; s < shapes.highWater; s++) {
            shapes.setCollision(s, shapes.alive[s] ? world.collisionOf(shapes.geometry[s]) : null);
        }
    }
}
