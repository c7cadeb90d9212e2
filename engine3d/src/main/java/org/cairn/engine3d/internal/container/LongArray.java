package org.cairn.engine3d.internal.container;

import java.util.Arrays;

/** A growable array of longs; {@link #clear()} keeps the storage, so reuse allocates nothing. */
public final class LongArray {
    private long[] data;
    private int size;

    /** An empty array with the given initial capacity. */
    public LongArray(int capacity) {
        data = new long[Math.max(4, capacity)];
    }

    /** Makes room for n values, so that appending up to n allocates nothing. */
    public void reserve(int n) {
        if (data.length < n) {
            data = Arrays.copyOf(data, n);
        }
    }

    /** Appends a value. */
    public void add(long value) {
        if (size == data.length) {
            data = Arrays.copyOf(data, 2 * size);
        }
        data[size++] = value;
    }

    /** The value at an index. */
    public long get(int index) {
        return data[index];
    }

    /** Number of values. */
    public int size() {
        return size;
    }

    /** Removes the first {@code n} values, moving the rest to the front. */
    public void removeFirst(int n) {
        System.arraycopy(data, n, data, 0, size - n);
        size -= n;
    }

    /** Empties the array, keeping its storage. */
    public void clear() {
        size = 0;
    }

    /** Sorts the values ascending, allocating nothing ({@link PrimitiveSort}). */
    public void sort() {
        PrimitiveSort.sort(data, 0, size);
    }
}
