package org.cairn.engine3d.internal.container;

import java.util.Arrays;

/**
 * A set of longs by open addressing with linear probing, for pair keys. Look-ups only: it offers
 * no iteration, so no result can depend on its internal order. Allocates only when it grows.
 */
public final class LongHashSet {
    private static final long EMPTY = Long.MIN_VALUE;
    private static final long TOMBSTONE = Long.MIN_VALUE + 1;
    private long[] slots;
    /** Same-size array to rebuild into when tombstones pile up, so that needs no allocation. */
    private long[] spare;
    private int size;
    private int used;

    /** A set with room for about {@code expected} keys before it grows. */
    public LongHashSet(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        slots = new long[capacity];
        spare = new long[capacity];
        Arrays.fill(slots, EMPTY);
    }

    private static int hash(long key) {
        // A 64-bit mix (splitmix64's finaliser) so that structured pair keys spread evenly.
        key ^= key >>> 33;
        key *= 0xff51afd7ed558ccdL;
        key ^= key >>> 33;
        key *= 0xc4ceb9fe1a85ec53L;
        key ^= key >>> 33;
        return (int) key;
    }

    /** Number of keys. */
    public int size() {
        return size;
    }

    /** True if the key is present. Keys must not be Long.MIN_VALUE or Long.MIN_VALUE + 1. */
    public boolean contains(long key) {
        int mask = slots.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == key) {
                return true;
            }
            if (s == EMPTY) {
                return false;
            }
        }
    }

    /** Adds a key; returns false if it was already present. */
    public boolean add(long key) {
        if (key == EMPTY || key == TOMBSTONE) {
            throw new IllegalArgumentException("key must not be a reserved value, got " + key);
        }
        if (2 * (used + 1) > slots.length) {
            rehash(size * 4 > slots.length ? 2 * slots.length : slots.length);
        }
        int mask = slots.length - 1;
        int firstTombstone = -1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == key) {
                return false;
            }
            if (s == TOMBSTONE && firstTombstone < 0) {
                firstTombstone = i;
            }
            if (s == EMPTY) {
                if (firstTombstone >= 0) {
                    slots[firstTombstone] = key;
                } else {
                    slots[i] = key;
                    used++;
                }
                size++;
                return true;
            }
        }
    }

    /** Removes a key; returns false if it was absent. */
    public boolean remove(long key) {
        int mask = slots.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == key) {
                slots[i] = TOMBSTONE;
                size--;
                return true;
            }
            if (s == EMPTY) {
                return false;
            }
        }
    }

    /** Makes room for at least expected keys, so that adding them does not rehash into new arrays. */
    public void reserve(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        if (capacity > slots.length) {
            rehash(capacity);
        }
    }

    /** Removes every key, keeping the capacity. */
    public void clear() {
        Arrays.fill(slots, EMPTY);
        size = 0;
        used = 0;
    }

    private void rehash(int capacity) {
        long[] old = slots;
        if (spare != null && spare.length == capacity) {
            slots = spare;
        } else {
            slots = new long[capacity];
        }
        spare = capacity == old.length ? old : new long[capacity];
        Arrays.fill(slots, EMPTY);
        size = 0;
        used = 0;
        for (long s : old) {
            if (s != EMPTY && s != TOMBSTONE) {
                add(s);
            }
        }
    }
}
