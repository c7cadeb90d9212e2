package org.cairn.engine3d.internal.world;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.internal.collision.narrowphase.CollisionShape;

/**
 * Every attached shape as structure-of-arrays, indexed by shape index, with the same slot and
 * generation scheme as {@code BodyStore}. Each body's shapes form a singly linked list
 * ({@code BodyStore.firstShape}, {@link #nextInBody}) in attachment order reversed.
 */
public final class ShapeStore {
    public int highWater;
    private int[] freeList = new int[16];
    private int freeCount;

    public int[] generation;
    public boolean[] alive;
    public int[] body;
    public int[] nextInBody;
    public Shape[] geometry;
    /** kg/m³; zero adds no mass. */
    public double[] density;
    public double[] friction;
    /** Material id per shape (0: none), for per-pair overrides. */
    public int[] material;
    public double[] restitution;
    /** Rolling resistance coefficient times rolling radius, m. */
    public double[] rolling;
    /** Pose of the shape in its body's frame: offset (m) and unit quaternion. */
    public double[] localPosition;
    public double[] localRotation;
    /** The shape as collision sees it (set with {@link #setCollision}). */
    public CollisionShape[] collision;
    /**
     * Each shape's {@link CollisionShape#kind}, beside the objects: the narrowphase decides per
     * pair from it whether the pair may recycle, and loading it from the scattered objects was a
     * cache miss per shape per pair (15 % of collide in a tumbling pile).
     */
    public int[] kind;
    /** Broadphase proxy key. */
    public int[] proxyKey;
    /** Collision filter: the shape's categories, the categories it collides with, and its group. */
    public long[] categoryBits;
    public long[] maskBits;
    public int[] groupIndex;
    /** Whether each shape is a sensor (overlaps reported, no contacts). */
    public boolean[] sensor;
    /** How far the broadphase box is fattened beyond the tight box, m: min(5 cm, extent / 8). */
    public double[] margin;

    public ShapeStore(int initialCapacity) {
        int c = Math.max(4, initialCapacity);
        generation = new int[c];
        alive = new boolean[c];
        body = new int[c];
        nextInBody = new int[c];
        geometry = new Shape[c];
        density = new double[c];
        friction = new double[c];
        material = new int[c];
        restitution = new double[c];
        rolling = new double[c];
        localPosition = new double[3 * c];
        localRotation = new double[4 * c];
        collision = new CollisionShape[c];
        kind = new int[c];
        proxyKey = new int[c];
        categoryBits = new long[c];
        maskBits = new long[c];
        groupIndex = new int[c];
        sensor = new boolean[c];
        margin = new double[c];
    }

    private void grow() {
        int c = 2 * alive.length;
        generation = Arrays.copyOf(generation, c);
        alive = Arrays.copyOf(alive, c);
        body = Arrays.copyOf(body, c);
        nextInBody = Arrays.copyOf(nextInBody, c);
        geometry = Arrays.copyOf(geometry, c);
        density = Arrays.copyOf(density, c);
        friction = Arrays.copyOf(friction, c);
        material = Arrays.copyOf(material, c);
        restitution = Arrays.copyOf(restitution, c);
        rolling = Arrays.copyOf(rolling, c);
        localPosition = Arrays.copyOf(localPosition, 3 * c);
        localRotation = Arrays.copyOf(localRotation, 4 * c);
        collision = Arrays.copyOf(collision, c);
        kind = Arrays.copyOf(kind, c);
        proxyKey = Arrays.copyOf(proxyKey, c);
        categoryBits = Arrays.copyOf(categoryBits, c);
        maskBits = Arrays.copyOf(maskBits, c);
        groupIndex = Arrays.copyOf(groupIndex, c);
        sensor = Arrays.copyOf(sensor, c);
        margin = Arrays.copyOf(margin, c);
    }

    /** Takes a free slot and returns its index; the caller fills every field. */
    public int allocate() {
        int i;
        if (freeCount > 0) {
            i = freeList[--freeCount];
        } else {
            if (highWater == alive.length) {
                grow();
            }
            i = highWater++;
        }
        alive[i] = true;
        return i;
    }

    /** Sets shape i's collision shape and its kind. */
    public void setCollision(int i, CollisionShape shape) {
        collision[i] = shape;
        kind[i] = shape == null ? 0 : shape.kind;
    }

    public void free(int i) {
        alive[i] = false;
        geometry[i] = null;
        setCollision(i, null);
        generation[i]++;
        if (freeCount == freeList.length) {
            freeList = Arrays.copyOf(freeList, 2 * freeCount);
        }
        freeList[freeCount++] = i;
    }

    public boolean isValid(int index, int gen) {
        return index >= 0 && index < highWater && alive[index] && generation[index] == gen;
    }
}
