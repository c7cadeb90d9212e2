package org.cairn.engine3d.internal.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The codec's primitive arrays: every element comes back with its exact bits (NaN payloads and
 * −0.0 included), the zero tail of an array is not in the bytes but comes back as zeros, and bytes
 * that ask for more array memory than {@link StateCodec#MAX_ARRAY_BYTES} are refused before any is
 * taken.
 */
class StateCodecTest {
    /** An engine object (its name starts with the engine's package) holding one array of each primitive type. */
    static final class Arrays8 {
        double[] d;
        long[] l;
        int[] i;
        boolean[] z;
        byte[] b;
        float[] f;
        short[] s;
        char[] c;
    }

    /** An engine object holding one array of doubles. */
    static final class OneArray {
        double[] d;
    }

    /** An engine object holding two arrays of doubles. */
    static final class TwoArrays {
        double[] p;
        double[] q;
    }

    private static byte[] write(Object root) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            new StateCodec(List.of()).write(out, root);
        }
        return bytes.toByteArray();
    }

    private static void read(byte[] bytes, Object root) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            new StateCodec(List.of()).read(in, root);
        }
    }

    @Test
    void primitiveArraysComeBackBitForBitZeroTailsIncluded() throws IOException {
        Arrays8 a = new Arrays8();
        // 70 000 doubles: more than one 64 KiB chunk, with a NaN payload, a negative zero and a zero tail.
        a.d = new double[70_000];
        a.d[0] = Double.longBitsToDouble(0x7ff0_0000_0000_0123L);
        a.d[1] = -0.0;
        a.d[2] = Math.PI;
        a.d[9_000] = -1e-300;
        a.l = new long[] {Long.MIN_VALUE, 0, -1, 0, 0};
        a.i = new int[] {0, 0, 7, Integer.MIN_VALUE, 0};
        a.z = new boolean[] {true, false, true, false, false};
        a.b = new byte[] {-128, 0, 127, 0};
        a.f = new float[] {Float.intBitsToFloat(0x7fc0_0042), -0.0f, 0f};
        a.s = new short[] {Short.MIN_VALUE, 0, 1, 0};
        a.c = new char[] {'\uffff', 0, 'x', 0};
        Arrays8 back = new Arrays8();
        read(write(a), back);
        assertEquals(a.d.length, back.d.length);
        for (int k = 0; k < a.d.length; k++) {
            assertEquals(Double.doubleToRawLongBits(a.d[k]), Double.doubleToRawLongBits(back.d[k]), "double " + k);
        }
        assertArrayEquals(a.l, back.l);
        assertArrayEquals(a.i, back.i);
        assertArrayEquals(a.z, back.z);
        assertArrayEquals(a.b, back.b);
        assertEquals(a.f.length, back.f.length);
        for (int k = 0; k < a.f.length; k++) {
            assertEquals(Float.floatToRawIntBits(a.f[k]), Float.floatToRawIntBits(back.f[k]), "float " + k);
        }
        assertArrayEquals(a.s, back.s);
        assertArrayEquals(a.c, back.c);
    }

    @Test
    void anArraysZeroTailIsNotInTheBytes() throws IOException {
        OneArray a = new OneArray();
        a.d = new double[1000];
        a.d[0] = 1;
        a.d[2] = -0.0;
        // Its tag (1 byte), its element type as modified UTF-8 ("double": 2 + 6 bytes), its length
        // and the length written (4 + 4), then three doubles (24): 41 bytes, not 8 000.
        byte[] bytes = write(a);
        assertEquals(41, bytes.length);
        OneArray back = new OneArray();
        read(bytes, back);
        assertEquals(1000, back.d.length);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.d[2]));
        assertEquals(0L, Double.doubleToRawLongBits(back.d[999]));
    }

    @Test
    void bytesAskingForMoreArrayMemoryThanTheLimitAreRefused() throws IOException {
        OneArray a = new OneArray();
        a.d = new double[] {1, 0};
        byte[] bytes = write(a);
        // The length sits after the tag and the element type (1 + 2 + 6 bytes): an array of 2^27 + 1
        // doubles, one of them written, would take 1 GiB and 8 bytes.
        ByteBuffer.wrap(bytes).putInt(9, (1 << 27) + 1);
        IOException refused = assertThrows(IOException.class, () -> read(bytes, new OneArray()));
        assertTrue(refused.getMessage().contains("more than " + StateCodec.MAX_ARRAY_BYTES), refused.getMessage());
        // More elements written than the array has.
        byte[] more = write(a);
        ByteBuffer.wrap(more).putInt(13, 3);
        assertThrows(IOException.class, () -> read(more, new OneArray()));
    }

    @Test
    void anArrayOfTheFieldsTypeAndLengthIsReadIntoInPlaceItsTailZeroed() throws IOException {
        OneArray a = new OneArray();
        a.d = new double[] {1, 0, 0};
        byte[] bytes = write(a);
        OneArray live = new OneArray();
        double[] held = {7, 8, 9};
        live.d = held;
        read(bytes, live);
        assertTrue(live.d == held, "the world keeps its array");
        assertArrayEquals(new double[] {1, 0, 0}, held);
        // Another length: a new array.
        live.d = new double[5];
        read(bytes, live);
        assertEquals(3, live.d.length);
    }

    @Test
    void anArrayTwoFieldsShareTakesTheContentsOfOneFieldOnly() throws IOException {
        TwoArrays a = new TwoArrays();
        a.p = new double[] {1, 2};
        a.q = new double[] {3, 4};
        byte[] bytes = write(a);
        TwoArrays live = new TwoArrays();
        double[] shared = new double[2];
        live.p = shared;
        live.q = shared;
        read(bytes, live);
        assertTrue(live.p != live.q, "two arrays again, as written");
        assertArrayEquals(new double[] {1, 2}, live.p);
        assertArrayEquals(new double[] {3, 4}, live.q);
    }
}
