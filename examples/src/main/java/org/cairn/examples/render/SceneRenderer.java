package org.cairn.examples.render;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.World;
import org.cairn.engine3d.geometry.Aabb;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.geometry.Shape;
import org.cairn.scene.SceneDef;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Draws a world built from a scene, headless and in pure Java: every shape as flat triangles,
 * depth-buffered, Lambert-shaded under one light from above, with dark outlines at silhouettes and
 * sharp edges, a 1 m grid on wide static boxes (the ground), and a sky behind. Bodies keep their
 * colour from frame to frame: static ones stone grey, kinematic ones sand, dynamic ones from a
 * palette in the order the scene declares them.
 */
public final class SceneRenderer {
    /** Dynamic bodies' colours, taken in turn in declaration order: red first, then blue. */
    public static final int[] PALETTE = {0xD1495B, 0x3C6FD1, 0xEDAE49, 0x3F9E68, 0x8E5CC2, 0xE07A3F, 0x2BA8A8, 0xC95C9E};
    /** Static bodies' colour. */
    public static final int STATIC = 0xB9B7AE;
    /** Kinematic bodies' colour. */
    public static final int KINEMATIC = 0xC9A46A;
    private static final int OUTLINE = 0x1E2328;
    private static final int GRID = 0x4A4F55;
    private static final int SKY_TOP = 0xC9D7E6;
    private static final int SKY_BOTTOM = 0xF3F2EC;
    /** Light direction (towards the light), unit. */
    private static final Vector3d LIGHT = new Vector3d(-0.35, 1.0, 0.55).normalize();
    /** A static box at least this wide (half extent along x and z, m) gets the grid on its top. */
    private static final double GRID_MIN_HALF_EXTENT = 2.0;
    /** Grid spacing, m. */
    private static final double GRID_SPACING = 1.0;
    /** Grid lines go at most this far from the camera's target, m, in both directions. */
    private static final double GRID_REACH = 40.0;

    private record Part(BodyId body, int colour, Shape shape, Facets facets, Vector3d localPosition,
                        Quaterniond localRotation, Box gridBox) {
    }

    /** A joint drawn as a line between its anchors, each held in its body's frame. */
    private record Link(BodyId a, Vector3d localA, BodyId b, Vector3d localB) {
    }

    private final World world;
    private final List<Part> parts = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();

    /** A renderer for {@code built}'s world, with the shapes of {@code def}'s bodies. */
    public SceneRenderer(SceneDef def, SceneDef.Built built) {
        this.world = built.world();
        int dynamicIndex = 0;
        for (SceneDef.BodySpec spec : def.bodies()) {
            BodyId id = built.bodies().get(spec.name());
            if (id == null) {
                continue;
            }
            BodyType type = spec.body().type();
            int colour = type == BodyType.STATIC ? STATIC : type == BodyType.KINEMATIC ? KINEMATIC
                    : PALETTE[dynamicIndex++ % PALETTE.length];
            for (SceneDef.ShapeSpec s : spec.shapes()) {
                Box grid = type == BodyType.STATIC && s.shape() instanceof Box b && b.halfX() >= GRID_MIN_HALF_EXTENT
                        && b.halfZ() >= GRID_MIN_HALF_EXTENT ? b : null;
                parts.add(new Part(id, colour, s.shape(), Facets.of(s.shape()), s.def().localPosition(),
                        s.def().localRotation(), grid));
            }
        }
        // Joints' anchors are given in the world at the start; the world is still as built.
        for (SceneDef.JointSpec j : def.joints()) {
            BodyId a = built.bodies().get(j.bodyA()), b = built.bodies().get(j.bodyB());
            if (a != null && b != null) {
                links.add(new Link(a, local(a, j.anchorA()), b, local(b, j.anchorB())));
            }
        }
    }

    private Vector3d local(BodyId body, double[] worldPoint) {
        Vector3d p = new Vector3d(worldPoint[0], worldPoint[1], worldPoint[2]).sub(world.position(body, new Vector3d()));
        return world.rotation(body, new Quaterniond()).transformInverse(p);
    }

    /** The colour a body is drawn in (before shading), by its name in {@code def}; −1 if it has none. */
    public static int colourOf(SceneDef def, String name) {
        int dynamicIndex = 0;
        for (SceneDef.BodySpec spec : def.bodies()) {
            BodyType type = spec.body().type();
            int colour = type == BodyType.STATIC ? STATIC : type == BodyType.KINEMATIC ? KINEMATIC
                    : PALETTE[dynamicIndex++ % PALETTE.length];
            if (spec.name().equals(name)) {
                return colour;
            }
        }
        return -1;
    }

    /**
     * A camera that frames the world's dynamic bodies as they are now (every body when there is no
     * dynamic one), from a raised three-quarter view.
     */
    public Camera autoCamera(int width, int height) {
        double[] box = emptyBounds();
        addBounds(box);
        return framing(box, width, height);
    }

    /** Bounds that hold nothing yet: min x, y, z then max x, y, z. */
    public static double[] emptyBounds() {
        double inf = Double.POSITIVE_INFINITY;
        return new double[] {inf, inf, inf, -inf, -inf, -inf};
    }

    /**
     * Grows {@code bounds} (min x, y, z, max x, y, z) to hold the world's dynamic bodies as they are
     * now (every body when there is no dynamic one): an animation frames what its frames show.
     */
    public void addBounds(double[] bounds) {
        Aabb box = new Aabb();
        boolean anyDynamic = parts.stream().anyMatch(p -> world.type(p.body()) == BodyType.DYNAMIC);
        Vector3d position = new Vector3d(), offset = new Vector3d();
        Quaterniond rotation = new Quaterniond(), q = new Quaterniond();
        for (Part p : parts) {
            if (anyDynamic && world.type(p.body()) != BodyType.DYNAMIC) {
                continue;
            }
            pose(p, position, rotation, offset, q);
            p.shape().bounds(offset.x, offset.y, offset.z, q.x, q.y, q.z, q.w, box);
            if (!(Double.isFinite(box.minX) && Double.isFinite(box.maxX) && Double.isFinite(box.minY)
                    && Double.isFinite(box.maxY) && Double.isFinite(box.minZ) && Double.isFinite(box.maxZ))) {
                continue;
            }
            bounds[0] = Math.min(bounds[0], box.minX);
            bounds[1] = Math.min(bounds[1], box.minY);
            bounds[2] = Math.min(bounds[2], box.minZ);
            bounds[3] = Math.max(bounds[3], box.maxX);
            bounds[4] = Math.max(bounds[4], box.maxY);
            bounds[5] = Math.max(bounds[5], box.maxZ);
        }
    }

    /** A camera that frames {@code bounds} from a raised three-quarter view (a 10 m view of the origin if empty). */
    public static Camera framing(double[] bounds, int width, int height) {
        if (!(bounds[3] >= bounds[0])) {
            return Camera.framing(new Vector3d(), 5, width, height);
        }
        Vector3d centre = new Vector3d(0.5 * (bounds[0] + bounds[3]), 0.5 * (bounds[1] + bounds[4]),
                0.5 * (bounds[2] + bounds[5]));
        double dx = bounds[3] - bounds[0], dy = bounds[4] - bounds[1], dz = bounds[5] - bounds[2];
        return Camera.framing(centre, 0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz), width, height);
    }

    /** Draws the world as it is now through {@code camera}. */
    public BufferedImage render(Camera camera) {
        int w = camera.width(), h = camera.height();
        Raster raster = new Raster(w, h);
        Vector3d position = new Vector3d();
        Quaterniond rotation = new Quaterniond();
        Vector3d a = new Vector3d(), b = new Vector3d(), c = new Vector3d(), n = new Vector3d();
        Quaterniond q = new Quaterniond();
        Vector3d offset = new Vector3d();
        double[] clipped = new double[4 * 3];
        double[] projected = new double[9];
        for (int shape = 0; shape < parts.size(); shape++) {
            Part part = parts.get(shape);
            pose(part, position, rotation, offset, q);
            Facets f = part.facets();
            for (int t = 0; t < f.count; t++) {
                int o = 9 * t;
                q.transform(f.corners[o], f.corners[o + 1], f.corners[o + 2], a).add(offset);
                q.transform(f.corners[o + 3], f.corners[o + 4], f.corners[o + 5], b).add(offset);
                q.transform(f.corners[o + 6], f.corners[o + 7], f.corners[o + 8], c).add(offset);
                q.transform(f.normals[3 * t], f.normals[3 * t + 1], f.normals[3 * t + 2], n);
                if (camera.facesAway(a.x, a.y, a.z, n.x, n.y, n.z)) {
                    if (f.closed) {
                        continue;
                    }
                    n.negate();
                }
                int colour = shade(part.colour(), n);
                int corners = clip(camera, a, b, c, clipped);
                for (int k = 1; k + 1 < corners; k++) {
                    camera.project(clipped[0], clipped[1], clipped[2], projected, 0);
                    camera.project(clipped[3 * k], clipped[3 * k + 1], clipped[3 * k + 2], projected, 3);
                    camera.project(clipped[3 * k + 3], clipped[3 * k + 4], clipped[3 * k + 5], projected, 6);
                    raster.triangle(projected, colour, shape, n.x, n.y, n.z);
                }
            }
        }
        // The sky first: lines drawn over it must stay.
        sky(raster);
        outline(raster);
        for (Link link : links) {
            Vector3d pa = world.rotation(link.a(), rotation).transform(new Vector3d(link.localA()))
                    .add(world.position(link.a(), position));
            Vector3d pb = world.rotation(link.b(), rotation).transform(new Vector3d(link.localB()))
                    .add(world.position(link.b(), position));
            segment(raster, camera, pa, pb, OUTLINE, 0.85);
        }
        for (Part part : parts) {
            if (part.gridBox() != null) {
                grid(raster, camera, part);
            }
        }
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, w, h, raster.rgb, 0, w);
        return image;
    }

    /** A shape's pose in the world: its origin into {@code offset}, its rotation into {@code q}. */
    private void pose(Part part, Vector3d position, Quaterniond rotation, Vector3d offset, Quaterniond q) {
        world.position(part.body(), position);
        world.rotation(part.body(), rotation);
        rotation.mul(part.localRotation(), q);
        rotation.transform(part.localPosition(), offset).add(position);
    }

    private static int shade(int colour, Vector3d n) {
        double light = 0.42 + 0.58 * Math.max(0, n.dot(LIGHT));
        int r = (int) Math.min(255, Math.round(((colour >> 16) & 255) * light));
        int g = (int) Math.min(255, Math.round(((colour >> 8) & 255) * light));
        int bl = (int) Math.min(255, Math.round((colour & 255) * light));
        return r << 16 | g << 8 | bl;
    }

    /**
     * Clips triangle abc to the part in front of the camera's near plane: its corners (x, y, z
     * each) into {@code out}; returns how many (0, 3 or 4).
     */
    private static int clip(Camera camera, Vector3d a, Vector3d b, Vector3d c, double[] out) {
        Vector3d[] in = {a, b, c};
        int count = 0;
        for (int i = 0; i < 3; i++) {
            Vector3d p = in[i], next = in[(i + 1) % 3];
            double dp = camera.depth(p.x, p.y, p.z) - Camera.NEAR, dn = camera.depth(next.x, next.y, next.z) - Camera.NEAR;
            if (dp >= 0) {
                out[3 * count] = p.x;
                out[3 * count + 1] = p.y;
                out[3 * count + 2] = p.z;
                count++;
            }
            if ((dp >= 0) != (dn >= 0)) {
                double t = dp / (dp - dn);
                out[3 * count] = p.x + t * (next.x - p.x);
                out[3 * count + 1] = p.y + t * (next.y - p.y);
                out[3 * count + 2] = p.z + t * (next.z - p.z);
                count++;
            }
        }
        return count;
    }

    /**
     * Dark lines where a shape meets another or the sky (silhouettes) and, more lightly, where two
     * faces of one shape meet at an angle (a box's edges; not the facets of a round surface).
     */
    private static void outline(Raster r) {
        int w = r.width, h = r.height;
        int[] out = r.rgb.clone();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x, id = r.face[i];
                if (id < 0) {
                    continue;
                }
                double strongest = 0;
                for (int k = 0; k < 2; k++) {
                    int nx = x + (k == 0 ? 1 : 0), ny = y + (k == 0 ? 0 : 1);
                    if (nx >= w || ny >= h) {
                        continue;
                    }
                    int j = ny * w + nx;
                    if (r.face[j] != id) {
                        // A silhouette only where the other is clearly behind or the sky: two
                        // touching shapes in one plane would outline their whole face otherwise.
                        strongest = Math.max(strongest, 0.8);
                    } else if (r.normal[3 * i] * r.normal[3 * j] + r.normal[3 * i + 1] * r.normal[3 * j + 1]
                            + r.normal[3 * i + 2] * r.normal[3 * j + 2] < 0.9) {
                        strongest = Math.max(strongest, 0.45);
                    }
                }
                if (strongest > 0) {
                    out[i] = Raster.blend(out[i], OUTLINE, strongest);
                }
            }
        }
        System.arraycopy(out, 0, r.rgb, 0, out.length);
    }

    /** The grid on a wide static box's top face, around the camera's target, depth-tested. */
    private void grid(Raster raster, Camera camera, Part part) {
        Vector3d position = new Vector3d();
        Quaterniond rotation = new Quaterniond();
        world.position(part.body(), position);
        world.rotation(part.body(), rotation);
        Quaterniond q = rotation.mul(part.localRotation(), new Quaterniond());
        Vector3d centre = rotation.transform(part.localPosition(), new Vector3d()).add(position);
        Box box = part.gridBox();
        Vector3d up = q.transform(new Vector3d(0, 1, 0));
        if (up.y < 0.9) {
            return;
        }
        // The top face in world coordinates along the box's own x and z; lines every metre of world
        // x and z would not follow a turned ground, so they follow the box's axes.
        Vector3d target = camera.target();
        Vector3d local = q.transformInverse(new Vector3d(target).sub(centre));
        double reach = GRID_REACH;
        double fromX = Math.max(-box.halfX(), Math.floor((local.x - reach) / GRID_SPACING) * GRID_SPACING);
        double toX = Math.min(box.halfX(), Math.ceil((local.x + reach) / GRID_SPACING) * GRID_SPACING);
        double fromZ = Math.max(-box.halfZ(), Math.floor((local.z - reach) / GRID_SPACING) * GRID_SPACING);
        double toZ = Math.min(box.halfZ(), Math.ceil((local.z + reach) / GRID_SPACING) * GRID_SPACING);
        double top = box.halfY();
        for (double x = Math.ceil(fromX / GRID_SPACING) * GRID_SPACING; x <= toX; x += GRID_SPACING) {
            segment(raster, camera, q, centre, x, top, fromZ, x, top, toZ);
        }
        for (double z = Math.ceil(fromZ / GRID_SPACING) * GRID_SPACING; z <= toZ; z += GRID_SPACING) {
            segment(raster, camera, q, centre, fromX, top, z, toX, top, z);
        }
    }

    private static void segment(Raster raster, Camera camera, Quaterniond q, Vector3d centre, double ax, double ay,
                                double az, double bx, double by, double bz) {
        Vector3d a = q.transform(new Vector3d(ax, ay, az)).add(centre), b = q.transform(new Vector3d(bx, by, bz)).add(centre);
        segment(raster, camera, a, b, GRID, 0.28);
    }

    /** A world segment, clipped to the near plane, depth-tested. */
    private static void segment(Raster raster, Camera camera, Vector3d a, Vector3d b, int colour, double alpha) {
        double da = camera.depth(a.x, a.y, a.z) - Camera.NEAR, db = camera.depth(b.x, b.y, b.z) - Camera.NEAR;
        if (da < 0 && db < 0) {
            return;
        }
        if (da < 0) {
            a.lerp(b, da / (da - db));
        } else if (db < 0) {
            b.lerp(a, db / (db - da));
        }
        double[] pa = new double[3], pb = new double[3];
        camera.project(a.x, a.y, a.z, pa, 0);
        camera.project(b.x, b.y, b.z, pb, 0);
        raster.line(pa, pb, colour, alpha);
    }

    private static void sky(Raster r) {
        for (int y = 0; y < r.height; y++) {
            int colour = Raster.blend(SKY_TOP, SKY_BOTTOM, (double) y / Math.max(1, r.height - 1));
            for (int x = 0; x < r.width; x++) {
                int i = y * r.width + x;
                if (r.face[i] < 0) {
                    r.rgb[i] = colour;
                }
            }
        }
    }
}
