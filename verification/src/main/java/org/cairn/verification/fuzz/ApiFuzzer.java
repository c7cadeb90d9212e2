package org.cairn.verification.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.cairn.engine3d.BodyDef;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.QueryFilter;
import org.cairn.engine3d.ShapeDef;
import org.cairn.engine3d.ShapeId;
import org.cairn.engine3d.World;
import org.cairn.engine3d.WorldDef;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Capsule;
import org.cairn.engine3d.geometry.MassProperties;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.engine3d.geometry.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Random sequences of API calls (create, destroy, set, apply, step, query) with values drawn from
 * ordinary ones and from the edges (NaN, infinities, subnormals, ±1e308, stale and foreign
 * handles, calls from inside query callbacks). Checks what the API promises: a call either works
 * or throws IllegalArgumentException / IllegalStateException, a call that throws leaves the world
 * exactly as it was (its state hashed before and after), and no step leaves a non-finite number in
 * a body's state. Deterministic for a seed.
 */
public final class ApiFuzzer {
    private static final double[] EDGES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1e308, 1e-308, 0.0, -0.0, 1e300,
        1e-300, 1e6, -1e6};

    /** What a campaign found. */
    public record Report(int sequences, long calls, long rejected, long steps, List<String> failures) {
    }

    private final Random random;
    private final World other = new World();
    private final BodyId foreign = other.createBody(BodyDef.builder().build());

    /** A fuzzer from {@code seed}. */
    public ApiFuzzer(long seed) {
        random = new Random(seed);
    }

    /** Runs {@code sequences} sequences of {@code length} calls each; stops after 10 failures. */
    public Report run(int sequences, int length) {
        long calls = 0, rejected = 0, steps = 0;
        List<String> failures = new ArrayList<>();
        for (int q = 0; q < sequences && failures.size() < 10; q++) {
            World w = new World(WorldDef.builder().workerCount(1 + random.nextInt(2)).build());
            List<BodyId> bodies = new ArrayList<>();
            List<ShapeId> shapes = new ArrayList<>();
            BodyId ground = w.createBody(BodyDef.builder().type(BodyType.STATIC).build());
            shapes.add(w.createShape(ground, ShapeDef.builder().build(), new Box(20, 0.5, 20)));
            bodies.add(ground);
            List<String> log = new ArrayList<>();
            for (int c = 0; c < length; c++) {
                int kind = random.nextInt(14);
                double[] before = hash(w, bodies);
                String call = "call " + c + " kind " + kind;
                try {
                    call = apply(w, kind, bodies, shapes);
                    calls++;
                    if (kind == 0) {
                        steps++;
                        double[] after = hash(w, bodies);
                        int bad = 0;
                        while (bad < after.length && Double.isFinite(after[bad])) {
                            bad++;
                        }
                        if (bad < after.length) {
                            failures.add("sequence " + q + ": a step left a non-finite state (entry " + bad + " of "
                                    + Arrays.toString(after) + ")\n" + String.join("\n", log));
                            break;
                        }
                    }
                } catch (IllegalArgumentException | IllegalStateException refused) {
                    calls++;
                    rejected++;
                    double[] after = hash(w, bodies);
                    if (!Arrays.equals(before, after)) {
                        failures.add("sequence " + q + ": " + call + " threw " + refused + " but changed the world\n"
                                + String.join("\n", log));
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    failures.add("sequence " + q + ": " + call + " threw " + e + "\n" + String.join("\n", log));
                    break;
                }
                log.add(call);
                if (!failures.isEmpty() && failures.size() >= 10) {
                    break;
                }
            }
        }
        return new Report(sequences, calls, rejected, steps, failures);
    }

    private String apply(World w, int kind, List<BodyId> bodies, List<ShapeId> shapes) {
        BodyId b = body(bodies);
        switch (kind) {
            case 0 -> {
                w.step();
                return "step";
            }
            case 1 -> {
                BodyDef def = BodyDef.builder().position(value(2), value(3), value(0))
                        .type(random.nextInt(6) == 0 ? BodyType.KINEMATIC : BodyType.DYNAMIC).bullet(random.nextBoolean())
                        .build();
                BodyId id = w.createBody(def);
                bodies.add(id);
                return "createBody at (" + def.position() + ")" + (def.bullet() ? ", a bullet" : "");
            }
            case 2 -> {
                Shape shape = shape();
                ShapeDef def = ShapeDef.builder().density(random.nextInt(5) == 0 ? value(1000) : 1000).build();
                String call = "createShape " + shape + " density " + def.density() + " on " + b;
                shapes.add(w.createShape(b, def, shape));
                return call;
            }
            case 3 -> {
                String call = "destroyBody " + b;
                w.destroyBody(b);
                return call;
            }
            case 4 -> {
                ShapeId s = shapes.isEmpty() ? null : shapes.get(random.nextInt(shapes.size()));
                String call = "destroyShape " + s;
                w.destroyShape(s);
                return call;
            }
            case 5 -> {
                Vector3d v = vector(1);
                w.setLinearVelocity(b, v);
                return "setLinearVelocity " + v;
            }
            case 6 -> {
                Vector3d v = vector(1);
                w.setAngularVelocity(b, v);
                return "setAngularVelocity " + v;
            }
            case 7 -> {
                Vector3d f = vector(100);
                w.applyForce(b, f);
                return "applyForce " + f;
            }
            case 8 -> {
                Vector3d j = vector(10);
                Vector3d p = vector(1);
                w.applyLinearImpulse(b, j, p);
                return "applyLinearImpulse " + j + " at " + p;
            }
            case 9 -> {
                Vector3d p = vector(3);
                w.setTransform(b, p, new Quaterniond());
                return "setTransform " + p;
            }
            case 10 -> {
                double m = value(2);
                w.setMassProperties(b, MassProperties.of(m, 0, 0, 0, value(1), 1, 1, 0, 0, 0));
                return "setMassProperties " + m;
            }
            case 11 -> {
                Vector3d o = vector(3);
                Vector3d t = vector(10);
                w.castRayAny(o, t, QueryFilter.ALL);
                return "castRayAny " + o + " " + t;
            }
            case 12 -> {
                // A callback that tries to change the world: refused, and the world is as it was.
                w.overlapAabb(new Aabb(-100, -100, -100, 100, 100, 100), QueryFilter.ALL, hit -> {
                    w.destroyShape(hit.shape());
                    return true;
                });
                return "overlapAabb destroying in its callback";
            }
            default -> {
                double d = value(0.1);
                w.setLinearDamping(b, d);
                return "setLinearDamping " + d;
            }
        }
    }

    private BodyId body(List<BodyId> bodies) {
        int pick = random.nextInt(bodies.size() + 2);
        if (pick == bodies.size()) {
            return foreign;
        }
        return pick > bodies.size() ? null : bodies.get(pick);
    }

    private Shape shape() {
        return switch (random.nextInt(3)) {
            case 0 -> new Sphere(value(0.5));
            case 1 -> new Box(value(0.5), 0.5, value(0.5));
            default -> new Capsule(value(0.4), value(0.3));
        };
    }

    /** Usually a value near {@code typical}, one time in six one at the edges. */
    private double value(double typical) {
        return random.nextInt(6) == 0 ? EDGES[random.nextInt(EDGES.length)] : typical * (0.5 + random.nextDouble());
    }

    private Vector3d vector(double typical) {
        return new Vector3d(value(typical), value(typical), value(typical));
    }

    /** Every live body's pose, velocities and shape count, and the body count: what a rejected call must not change. */
    private static double[] hash(World w, List<BodyId> bodies) {
        double[] h = new double[15 * bodies.size() + 1];
        Vector3d v = new Vector3d();
        Quaterniond q = new Quaterniond();
        int o = 0;
        for (BodyId b : bodies) {
            if (!w.isValid(b)) {
                o += 15;
                continue;
            }
            w.position(b, v);
            h[o++] = v.x;
            h[o++] = v.y;
            h[o++] = v.z;
            w.rotation(b, q);
            h[o++] = q.x;
            h[o++] = q.y;
            h[o++] = q.z;
            h[o++] = q.w;
            w.linearVelocity(b, v);
            h[o++] = v.x;
            h[o++] = v.y;
            h[o++] = v.z;
            w.angularVelocity(b, v);
            h[o++] = v.x;
            h[o++] = v.y;
            h[o++] = v.z;
            h[o++] = w.shapeCount(b);
            h[o++] = w.mass(b);
        }
        h[o] = w.bodyCount();
        return h;
    }
}
