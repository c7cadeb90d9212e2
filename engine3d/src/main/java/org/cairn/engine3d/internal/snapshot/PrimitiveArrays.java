package org.cairn.engine3d.internal.snapshot;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * How a snapshot holds a primitive array: its elements big-endian (a double's and a float's raw
 * bits, a boolean as one byte 0 or 1), without the array's tail of zeros, passed 64 KiB at a time
 * through one buffer rather than one call and one boxed value per element: the stores' arrays are
 * most of a snapshot.
 */
final class PrimitiveArrays {
    /** Elements pass through this, 64 KiB at a time. */
    private final byte[] chunk = new byte[1 << 16];

    /** The first {@code n} elements of {@code array}, as the class comment says. */
    void write(DataOutputStream out, Object array, Class<?> component, int n) throws IOException {
        int size = bytes(component), perChunk = chunk.length / size;
        ByteBuffer buffer = ByteBuffer.wrap(chunk);
        for (int from = 0; from < n; from += perChunk) {
            int count = Math.min(perChunk, n - from);
            buffer.clear();
            if (component == double.class) {
                double[] a = (double[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putLong(Double.doubleToRawLongBits(a[k]));
                }
            } else if (component == long.class) {
                long[] a = (long[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putLong(a[k]);
                }
            } else if (component == int.class) {
                int[] a = (int[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putInt(a[k]);
                }
            } else if (component == boolean.class) {
                boolean[] a = (boolean[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.put((byte) (a[k] ? 1 : 0));
                }
            } else if (component == byte.class) {
                buffer.put((byte[]) array, from, count);
            } else if (component == float.class) {
                float[] a = (float[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putInt(Float.floatToRawIntBits(a[k]));
                }
            } else if (component == short.class) {
                short[] a = (short[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putShort(a[k]);
                }
            } else {
                char[] a = (char[]) array;
                for (int k = from; k < from + count; k++) {
                    buffer.putChar(a[k]);
                }
            }
            out.write(chunk, 0, count * size);
        }
    }

    /** The length of a primitive array without its tail of zeros (all bits zero: −0.0 is kept). */
    static int usedLength(Object array, Class<?> component, int n) {
        int k = n;
        if (component == double.class) {
            double[] a = (double[]) array;
            while (k > 0 && Double.doubleToRawLongBits(a[k - 1]) == 0) {
                k--;
            }
        } else if (component == long.class) {
            long[] a = (long[]) array;
            while (k > 0 && a[k - 1] == 0) {
                k--;
            }
        } else if (component == int.class) {
            int[] a = (int[]) array;
            while (k > 0 && a[k - 1] == 0) {
                k--;
            }
        } else if (component == boolean.class) {
            boolean[] a = (boolean[]) array;
            while (k > 0 && !a[k - 1]) {
                k--;
            }
        } else if (component == byte.class) {
            byte[] a = (byte[]) array;
            while (k > 0 && a[k - 1] == 0) {
                k--;
            }
        } else if (component == float.class) {
            float[] a = (float[]) array;
            while (k > 0 && Float.floatToRawIntBits(a[k - 1]) == 0) {
                k--;
            }
        } else if (component == short.class) {
            short[] a = (short[]) array;
            while (k > 0 && a[k - 1] == 0) {
                k--;
            }
        } else {
            char[] a = (char[]) array;
            while (k > 0 && a[k - 1] == 0) {
                k--;
            }
        }
        return k;
    }

    /** Bytes per element of a primitive array in a snapshot. */
    static int bytes(Class<?> t) {
        return t == double.class || t == long.class ? 8 : t == int.class || t == float.class ? 4
                : t == short.class || t == char.class ? 2 : 1;
    }

    /** Reads what {@link #write} wrote into {@code array}. */
    void read(DataInputStream in, Object array, Class<?> component, int n) throws IOException {
        int size = bytes(component), perChunk = chunk.length / size;
        ByteBuffer buffer = ByteBuffer.wrap(chunk);
        for (int from = 0; from < n; from += perChunk) {
            int count = Math.min(perChunk, n - from);
            in.readFully(chunk, 0, count * size);
            buffer.clear();
            if (component == double.class) {
                double[] a = (double[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = Double.longBitsToDouble(buffer.getLong());
                }
            } else if (component == long.class) {
                long[] a = (long[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = buffer.getLong();
                }
            } else if (component == int.class) {
                int[] a = (int[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = buffer.getInt();
                }
            } else if (component == boolean.class) {
                boolean[] a = (boolean[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = buffer.get() != 0;
                }
            } else if (component == byte.class) {
                buffer.get((byte[]) array, from, count);
            } else if (component == float.class) {
                float[] a = (float[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = Float.intBitsToFloat(buffer.getInt());
                }
            } else if (component == short.class) {
                short[] a = (short[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = buffer.getShort();
                }
            } else {
                char[] a = (char[]) array;
                for (int k = from; k < from + count; k++) {
                    a[k] = buffer.getChar();
                }
            }
        }
    }

    /** Zeros {@code array[from, to)}: the tail a snapshot leaves out, in an array read into in place. */
    static void zero(Object array, Class<?> component, int from, int to) {
        if (component == double.class) {
            Arrays.fill((double[]) array, from, to, 0.0);
        } else if (component == long.class) {
            Arrays.fill((long[]) array, from, to, 0L);
        } else if (component == int.class) {
            Arrays.fill((int[]) array, from, to, 0);
        } else if (component == boolean.class) {
            Arrays.fill((boolean[]) array, from, to, false);
        } else if (component == byte.class) {
            Arrays.fill((byte[]) array, from, to, (byte) 0);
        } else if (component == float.class) {
            Arrays.fill((float[]) array, from, to, 0f);
        } else if (component == short.class) {
            Arrays.fill((short[]) array, from, to, (short) 0);
        } else {
            Arrays.fill((char[]) array, from, to, (char) 0);
        }
    }
}
