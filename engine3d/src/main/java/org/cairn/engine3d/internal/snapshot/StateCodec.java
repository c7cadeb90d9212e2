package org.cairn.engine3d.internal.snapshot;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.ConvexHull;
import org.cairn.engine3d.geometry.Cylinder;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.cairn.engine3d.geometry.TriangleMesh;
import org.cairn.engine3d.internal.shape.HullData;

/**
 * Writes the state reachable from some root objects of the engine as bytes, and reads it back
 * into the same kind of objects, in place: every field of the engine's own classes (its stores'
 * primitive arrays, their counters, the broadphase trees, the islands, the solver's persistent
 * colouring) is written; shared objects and arrays stay shared; what is behaviour rather than
 * state (lambdas, anonymous and synthetic classes, worker threads, the world facade and its
 * caches of handles, records of settings fixed when the world was made) is not written and is left as the receiving objects have it. Geometry is
 * written by kind and rebuilt by its own constructors, and collision shapes are not written at
 * all: they are derived from geometry ({@link #derivedSkipped}).
 */
public final class StateCodec {
    private static final byte NULL = 0, REF = 1, KEEP = 2, OBJECT = 3, ARRAY = 4, STRING = 5, BOXED = 6, MAP = 7, SHAPE = 8,
            ENUM = 9;
    private static final String ENGINE = "org.cairn.engine3d.";

    /** A class whose objects are written as {@link #KEEP}: left alone on restore. */
    private final List<Class<?>> kept;
    private final Map<Class<?>, Field[]> fields = new HashMap<>();
    private final PrimitiveArrays arrays = new PrimitiveArrays();

    /** A codec that leaves objects of {@code kept} classes (and their subclasses) alone. */
    public StateCodec(List<Class<?>> kept) {
        this.kept = List.copyOf(kept);
    }

    private boolean keep(Class<?> c) {
        if (c.isSynthetic() || c.isAnonymousClass() || c.getName().contains("$$Lambda") || c.isHidden() || c.isRecord()
                || Thread.class.isAssignableFrom(c) || c == java.lang.ref.Cleaner.class) {
            return true;
        }
        for (Class<?> k : kept) {
            if (k.isAssignableFrom(c)) {
                return true;
            }
        }
        // Only the engine's own classes are walked; anything else that is not a value is left alone.
        return !c.getName().startsWith(ENGINE) && !c.isArray();
    }

    /**
     * Derived objects, not state: collision shapes come from geometry (the caller rebuilds them
     * after {@link #read}), the solver's step context from the settings, the step and gravity
     * (remade by the next step when it does not match), and the solver's constraints from the
     * contacts, by every step's preparation (the caller makes the solver forget which of their
     * slots hold whose data: {@code ContactSolver.forgetConstraints}). They were a third of a
     * small world's snapshot.
     */
    private static boolean derivedSkipped(Class<?> c) {
        return c.getName().equals(ENGINE + "internal.collision.narrowphase.CollisionShape")
                || c.getName().equals(ENGINE + "internal.solver.StepContext")
                || c.getName().equals(ENGINE + "internal.solver.ContactConstraints");
    }

    private Field[] fieldsOf(Class<?> c) {
        return fields.computeIfAbsent(c, k -> {
            List<Field> all = new ArrayList<>();
            for (Class<?> t = k; t != null && t != Object.class; t = t.getSuperclass()) {
                for (Field f : t.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                        f.setAccessible(true);
                        all.add(f);
                    }
                }
            }
            all.sort(Comparator.comparing((Field f) -> f.getDeclaringClass().getName()).thenComparing(Field::getName));
            return all.toArray(Field[]::new);
        });
    }

    // ------------------------------------------------------------------ writing

    /** The objects written so far (one {@link #write}) by their ids: kept, so that its table is grown once. */
    private final Map<Object, Integer> written = new IdentityHashMap<>();

    /** Writes the roots' states, in order. */
    public void write(DataOutputStream out, Object... roots) throws IOException {
        Map<Object, Integer> ids = written;
        ids.clear();
        for (Object root : roots) {
            writeFields(out, root, ids);
        }
    }

    private void writeFields(DataOutputStream out, Object o, Map<Object, Integer> ids) throws IOException {
        ids.put(o, ids.size());
        for (Field f : fieldsOf(o.getClass())) {
            try {
                if (f.getType().isPrimitive()) {
                    writePrimitive(out, f.getType(), f.get(o));
                } else {
                    writeValue(out, f.get(o), ids);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private void writeValue(DataOutputStream out, Object v, Map<Object, Integer> ids) throws IOException {
        if (v == null) {
            out.writeByte(NULL);
            return;
        }
        Integer id = ids.get(v);
        if (id != null) {
            out.writeByte(REF);
            out.writeInt(id);
            return;
        }
        Class<?> c = v.getClass();
        if (v instanceof String s) {
            ids.put(v, ids.size());
            out.writeByte(STRING);
            out.writeUTF(s);
        } else if (v instanceof Number || v instanceof Boolean || v instanceof Character) {
            out.writeByte(BOXED);
            out.writeUTF(c.getName());
            writePrimitive(out, primitiveOf(c), v);
        } else if (c.isEnum()) {
            out.writeByte(ENUM);
            out.writeUTF(c.getName());
            out.writeInt(((Enum<?>) v).ordinal());
        } else if (v instanceof Shape shape) {
            ids.put(v, ids.size());
            out.writeByte(SHAPE);
            writeShape(out, shape);
        } else if (c.isArray()) {
            ids.put(v, ids.size());
            out.writeByte(ARRAY);
            out.writeUTF(c.getComponentType().getName());
            int n = Array.getLength(v);
            out.writeInt(n);
            Class<?> component = c.getComponentType();
            if (component.isPrimitive()) {
                // The stores' arrays are kept at their capacity: their zero tails are not written.
                int used = PrimitiveArrays.usedLength(v, component, n);
                out.writeInt(used);
                arrays.write(out, v, component, used);
            } else {
                for (int k = 0; k < n; k++) {
                    writeValue(out, Array.get(v, k), ids);
                }
            }
        } else if (v instanceof HashMap<?, ?> map) {
            ids.put(v, ids.size());
            out.writeByte(MAP);
            out.writeInt(map.size());
            // Sorted by the keys' text, so the same state gives the same bytes.
            List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
            entries.sort(Comparator.comparing(e -> String.valueOf(e.getKey())));
            for (Map.Entry<?, ?> e : entries) {
                writeValue(out, e.getKey(), ids);
                writeValue(out, e.getValue(), ids);
            }
        } else if (keep(c) || derivedSkipped(c)) {
            out.writeByte(KEEP);
        } else {
            out.writeByte(OBJECT);
            out.writeUTF(c.getName());
            writeFields(out, v, ids);
        }
    }

    private static void writeShape(DataOutputStream out, Shape shape) throws IOException {
        if (shape instanceof Box b) {
            out.writeByte(0);
            out.writeDouble(b.halfX());
            out.writeDouble(b.halfY());
            out.writeDouble(b.halfZ());
        } else if (shape instanceof Sphere s) {
            out.writeByte(1);
            out.writeDouble(s.radius());
        } else if (shape instanceof Capsule c) {
            out.writeByte(2);
            out.writeDouble(c.halfHeight());
            out.writeDouble(c.radius());
        } else if (shape instanceof Cylinder c) {
            out.writeByte(3);
            out.writeDouble(c.halfHeight());
            out.writeDouble(c.radius());
        } else if (shape instanceof ConvexHull h) {
            // The hull as built (its vertex and face order are what feature ids refer to), not its points.
            out.writeByte(4);
            HullData data = hullData(h);
            writeDoubles(out, data.vertices());
            writeInts(out, data.faceStart());
            writeInts(out, data.faceVertices());
            writeDoubles(out, data.planes());
        } else if (shape instanceof TriangleMesh m) {
            out.writeByte(5);
            double[] v = new double[3 * m.vertexCount()];
            org.joml.Vector3d p = new org.joml.Vector3d();
            for (int k = 0; k < m.vertexCount(); k++) {
                m.vertex(k, p);
                v[3 * k] = p.x;
                v[3 * k + 1] = p.y;
                v[3 * k + 2] = p.z;
            }
            int[] t = new int[3 * m.triangleCount()];
            for (int k = 0; k < t.length; k++) {
                t[k] = m.triangleVertex(k / 3, k % 3);
            }
            writeDoubles(out, v);
            writeInts(out, t);
        } else {
            throw new IllegalStateException("a snapshot cannot hold a " + shape.getClass().getName());
        }
    }

    private static Class<?> primitiveOf(Class<?> boxed) {
        return switch (boxed.getSimpleName()) {
            case "Long" -> long.class;
            case "Integer" -> int.class;
            case "Double" -> double.class;
            case "Float" -> float.class;
            case "Short" -> short.class;
            case "Byte" -> byte.class;
            case "Character" -> char.class;
            default -> boolean.class;
        };
    }

    private static void writePrimitive(DataOutputStream out, Class<?> t, Object v) throws IOException {
        if (t == double.class) {
            out.writeLong(Double.doubleToRawLongBits((Double) v));
        } else if (t == long.class) {
            out.writeLong((Long) v);
        } else if (t == int.class) {
            out.writeInt((Integer) v);
        } else if (t == boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (t == byte.class) {
            out.writeByte((Byte) v);
        } else if (t == float.class) {
            out.writeInt(Float.floatToRawIntBits((Float) v));
        } else if (t == short.class) {
            out.writeShort((Short) v);
        } else {
            out.writeChar((Character) v);
        }
    }

    // ------------------------------------------------------------------ reading

    /**
     * The most the primitive arrays of one snapshot may take once read, bytes: their zero tails are
     * not in the bytes, so a few bytes could otherwise ask for any amount of memory.
     */
    public static final long MAX_ARRAY_BYTES = 1L << 30;
    /** What the arrays read so far take, bytes (one {@link #read}). */
    private long arrayBytes;

    /** The arrays read into in place so far (one {@link #read}): each may take one array's contents. */
    private final Map<Object, Boolean> claimed = new IdentityHashMap<>();

    /** Reads the roots' states back into them, in the order they were written. */
    public void read(DataInputStream in, Object... roots) throws IOException {
        arrayBytes = 0;
        claimed.clear();
        List<Object> byId = new ArrayList<>();
        for (Object root : roots) {
            readFields(in, root, byId);
        }
    }

    private void readFields(DataInputStream in, Object o, List<Object> byId) throws IOException {
        byId.add(o);
        for (Field f : fieldsOf(o.getClass())) {
            try {
                if (f.getType().isPrimitive()) {
                    f.set(o, readPrimitive(in, f.getType()));
                } else {
                    Object current = f.get(o);
                    Object v = readValue(in, current, byId);
                    if (v != KEPT) {
                        f.set(o, v);
                    }
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot restore " + f, e);
            }
        }
    }

    /** Returned for a value written as KEEP: the field keeps what it has. */
    private static final Object KEPT = new Object();

    private Object readValue(DataInputStream in, Object current, List<Object> byId) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case NULL:
                return null;
            case REF: {
                int id = in.readInt();
                if (id < 0 || id >= byId.size()) {
                    throw new IOException("a reference to object " + id + " of " + byId.size());
                }
                return byId.get(id);
            }
            case KEEP:
                return KEPT;
            case STRING: {
                String s = in.readUTF();
                byId.add(s);
                return s;
            }
            case BOXED:
                return readPrimitive(in, primitiveOf(classFor(in.readUTF())));
            case ENUM:
                return classFor(in.readUTF()).getEnumConstants()[in.readInt()];
            case SHAPE: {
                int slot = byId.size();
                byId.add(null);
                Shape shape = readShape(in);
                byId.set(slot, shape);
                return shape;
            }
            case ARRAY: {
                Class<?> component = componentFor(in.readUTF());
                int n = in.readInt();
                if (component.isPrimitive()) {
                    int used = in.readInt();
                    if (n < 0 || used < 0 || used > n || (long) used * PrimitiveArrays.bytes(component) > in.available()) {
                        throw new IOException("an array of " + n + " " + component + ", " + used + " of them written, in "
                                + in.available() + " bytes");
                    }
                    arrayBytes += (long) n * PrimitiveArrays.bytes(component);
                    if (arrayBytes > MAX_ARRAY_BYTES) {
                        throw new IOException("its arrays take more than " + MAX_ARRAY_BYTES + " bytes");
                    }
                    // Read into the array the field holds if it has that type and length and no field
                    // read before took it (then the world keeps its memory, and a restore every step
                    // allocates nothing for its stores); else into a new one.
                    boolean reuse = current != null && current.getClass().getComponentType() == component
                            && Array.getLength(current) == n && !claimed.containsKey(current);
                    Object array = reuse ? current : Array.newInstance(component, n);
                    if (reuse) {
                        claimed.put(array, Boolean.TRUE);
                    }
                    byId.add(array);
                    arrays.read(in, array, component, used);
                    if (reuse) {
                        PrimitiveArrays.zero(array, component, used, n);
                    }
                    return array;
                }
                if (n < 0 || n > in.available()) {
                    // Every element takes at least a byte: a longer array is not in these bytes.
                    throw new IOException("an array of " + n + " elements in " + in.available() + " bytes");
                }
                Object array = Array.newInstance(component, n);
                byId.add(array);
                for (int k = 0; k < n; k++) {
                    Object old = current != null && current.getClass().isArray() && k < Array.getLength(current)
                            ? Array.get(current, k) : null;
                    Object v = readValue(in, old, byId);
                    Array.set(array, k, v == KEPT ? old : v);
                }
                return array;
            }
            case MAP: {
                HashMap<Object, Object> map = new HashMap<>();
                byId.add(map);
                int n = in.readInt();
                if (n < 0 || n > in.available()) {
                    throw new IOException("a map of " + n + " entries in " + in.available() + " bytes");
                }
                for (int k = 0; k < n; k++) {
                    Object key = readValue(in, null, byId);
                    map.put(key, readValue(in, null, byId));
                }
                return map;
            }
            case OBJECT: {
                Class<?> c = classFor(in.readUTF());
                Object target = current != null && current.getClass() == c ? current : instantiate(c);
                readFields(in, target, byId);
                return target;
            }
            default:
                throw new IOException("not a snapshot (tag " + tag + ")");
        }
    }

    private static Shape readShape(DataInputStream in) throws IOException {
        int kind = in.readByte();
        switch (kind) {
            case 0:
                return new Box(in.readDouble(), in.readDouble(), in.readDouble());
            case 1:
                return new Sphere(in.readDouble());
            case 2:
                return new Capsule(in.readDouble(), in.readDouble());
            case 3:
                return new Cylinder(in.readDouble(), in.readDouble());
            case 4:
                return hull(new HullData(readDoubles(in), readInts(in), readInts(in), readDoubles(in)));
            default:
                return TriangleMesh.of(readDoubles(in), readInts(in));
        }
    }

    private static HullData hullData(ConvexHull h) {
        try {
            Field f = ConvexHull.class.getDeclaredField("data");
            f.setAccessible(true);
            return (HullData) f.get(h);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ConvexHull hull(HullData data) {
        try {
            Constructor<ConvexHull> k = ConvexHull.class.getDeclaredConstructor(HullData.class);
            k.setAccessible(true);
            return k.newInstance(data);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writeDoubles(DataOutputStream out, double[] a) throws IOException {
        out.writeInt(a.length);
        for (double d : a) {
            out.writeLong(Double.doubleToRawLongBits(d));
        }
    }

    private static void writeInts(DataOutputStream out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int i : a) {
            out.writeInt(i);
        }
    }

    private static double[] readDoubles(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || 8L * n > in.available()) {
            throw new IOException(n + " numbers in " + in.available() + " bytes");
        }
        double[] a = new double[n];
        for (int k = 0; k < a.length; k++) {
            a[k] = Double.longBitsToDouble(in.readLong());
        }
        return a;
    }

    private static int[] readInts(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || 4L * n > in.available()) {
            throw new IOException(n + " numbers in " + in.available() + " bytes");
        }
        int[] a = new int[n];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readInt();
        }
        return a;
    }

    private static Object instantiate(Class<?> c) {
        try {
            Constructor<?> k = c.getDeclaredConstructor();
            k.setAccessible(true);
            return k.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a snapshot cannot make a " + c.getName(), e);
        }
    }

    /** The classes a snapshot may name besides the engine's own: bytes from elsewhere make nothing else. */
    private static final java.util.Set<String> JDK = java.util.Set.of("java.lang.String", "java.lang.Object", "java.lang.Long",
            "java.lang.Integer", "java.lang.Double", "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.lang.Boolean");

    /** The classes {@link #classFor} has found, by name: a snapshot names the same few hundred again and again. */
    private final Map<String, Class<?>> classes = new HashMap<>();

    private Class<?> classFor(String name) throws IOException {
        Class<?> known = classes.get(name);
        if (known == null) {
            known = findClass(name);
            classes.put(name, known);
        }
        return known;
    }

    private static Class<?> findClass(String name) throws IOException {
        String element = name.replaceFirst("^\\[+L?", "").replaceFirst(";$", "");
        boolean primitiveArray = name.startsWith("[") && name.matches("\\[+[JIDZBFSC]");
        if (!primitiveArray && !element.startsWith(ENGINE) && !JDK.contains(element)) {
            throw new IOException("a snapshot names no class outside the engine, got " + name);
        }
        try {
            return Class.forName(name, false, StateCodec.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IOException("not a snapshot of this engine: " + name);
        }
    }

    private Class<?> componentFor(String name) throws IOException {
        return switch (name) {
            case "double" -> double.class;
            case "long" -> long.class;
            case "int" -> int.class;
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "float" -> float.class;
            case "short" -> short.class;
            case "char" -> char.class;
            default -> name.startsWith("[") ? arrayClass(name) : classFor(name);
        };
    }

    private Class<?> arrayClass(String name) throws IOException {
        return classFor(name);
    }

    private static Object readPrimitive(DataInputStream in, Class<?> t) throws IOException {
        if (t == double.class) {
            return Double.longBitsToDouble(in.readLong());
        } else if (t == long.class) {
            return in.readLong();
        } else if (t == int.class) {
            return in.readInt();
        } else if (t == boolean.class) {
            return in.readBoolean();
        } else if (t == byte.class) {
            return in.readByte();
        } else if (t == float.class) {
            return Float.intBitsToFloat(in.readInt());
        } else if (t == short.class) {
            return in.readShort();
        }
        return in.readChar();
    }
}
