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
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;
import org.cairn.engine3d.internal.snapshot.StateCodec;
import org.cairn.engine3d.internal.task.WorkerPool;
import org.cairn.engine3d.internal.world.ShapeStore;
import org.cairn.engine3d.internal.world.StepPipeline;
import org.cairn.engine3d.internal.world.WorldState;

/**
 * {@link World#snapshot()} and {@link World#restore(byte[])}: the bytes are a magic number and a
 * version, the state as {@link StateCodec} writes it (the def's settings first, so a snapshot
 * goes only into a world made alike), and a CRC32 over all of it. They are not compressed: a
 * snapshot is taken for rollback and replay, where its time counts (deflating the rain's 10 MB
 * took 130 ms, seven times the rest), and the stores' zero tails are left out already. A restore
 * that fails halfway puts the world back as it was.
 */
final class WorldSnapshots {
    private static final int MAGIC = 0x43414952; // "CAIR"
    /** 2: primitive arrays without their zero tails, and not deflated. */
    private static final int VERSION = 2;

    private final World world;
    private final Object[] roots;
    private final ShapeStore shapes;
    private final WorldState state;

    WorldSnapshots(World world, WorldState state, StepPipeline pipeline, Sensors sensors, BodyMoveEvents moveEvents,
                   Joints joints, Contacts contacts, WorldClock clock) {
        this.world = world;
        this.shapes = state.shapes;
        this.state = state;
        this.roots = new Object[] {clock, state, pipeline, sensors, moveEvents, joints, contacts};
    }

    /** One for the world's snapshots (it keeps each class's field list): a world is used by one thread at a time. */
    private final StateCodec codec = new StateCodec(List.of(World.class, WorkerPool.class));

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
        // Written into a buffer kept for the next snapshot, then copied out once at its length.
        written.reset();
        writeTo(written);
        return Arrays.copyOf(written.buffer(), written.size());
    }

    private void writeTo(Bytes bytes) {
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(settings());
            codec.write(out, roots);
            CRC32 crc = new CRC32();
            crc.update(bytes.buffer(), 0, bytes.size());
            out.writeInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where {@link #write} writes, kept (a world snapshotted every step would otherwise grow a new one each time). */
    private final Bytes written = new Bytes(1 << 16);
    /** Restore's copy of the world as it was, to undo a restore that fails halfway: kept for the next. */
    private final Bytes undo = new Bytes(1 << 16);

    /** A byte array stream whose buffer the checksum reads in place. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes(int size) {
            super(size);
        }

        byte[] buffer() {
            return buf;
        }
    }

    void restore(byte[] snapshot) {
        // Bytes from elsewhere may be broken halfway: then the world goes back to what it was.
        undo.reset();
        writeTo(undo);
        try {
            read(snapshot, snapshot.length);
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            try {
                read(undo.buffer(), undo.size());
            } catch (IOException impossible) {
                throw new IllegalStateException(impossible);
            }
            throw new IllegalArgumentException("snapshot: cannot be restored: " + e.getMessage(), e);
        }
    }

    /** Reads the snapshot in {@code snapshot[0, length)}. */
    private void read(byte[] snapshot, int length) throws IOException {
        if (length < 12) {
            throw new IllegalArgumentException("not a snapshot of a Cairn world (" + length + " bytes)");
        }
        ByteBuffer head = ByteBuffer.wrap(snapshot, 0, 8);
        if (head.getInt() != MAGIC || head.getInt() != VERSION) {
            throw new IllegalArgumentException("not a snapshot of a Cairn world of this version");
        }
        CRC32 crc = new CRC32();
        crc.update(snapshot, 0, length - 4);
        if ((int) crc.getValue() != ByteBuffer.wrap(snapshot, length - 4, 4).getInt()) {
            throw new IllegalArgumentException("a damaged snapshot (its checksum does not match)");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(snapshot, 8, length - 12))) {
            String settings = in.readUTF();
            if (!settings.equals(settings())) {
                throw new IllegalArgumentException("it was taken of a world made with another WorldDef: " + settings);
            }
            codec.read(in, roots);
        }
        // The solver's constraints are rebuilt by the next step, not stored.
        state.solver.forgetConstraints(state.bodies);
        // Collision shapes are derived from geometry, not stored.
        for (int s = 0; s < shapes.highWater; s++) {
            shapes.setCollision(s, shapes.alive[s] ? world.collisionOf(shapes.geometry[s]) : null);
        }
    }
}
