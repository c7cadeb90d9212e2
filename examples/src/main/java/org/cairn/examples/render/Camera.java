package org.cairn.examples.render;

import org.joml.Vector3d;

/**
 * A pinhole camera: an eye looking at a target with y up, a vertical field of view, and an image
 * size in pixels. Projects world points to pixel coordinates and their depth along the view.
 */
public final class Camera {
    /** Vertical field of view, rad. */
    public static final double FIELD_OF_VIEW = Math.toRadians(40);
    /** Points closer to the eye than this along the view are clipped, m. */
    static final double NEAR = 0.05;

    private final Vector3d eye;
    private final Vector3d target;
    private final int width;
    private final int height;
    // The view basis: right, up, forward (unit vectors), and the focal length in pixels.
    private final Vector3d right = new Vector3d();
    private final Vector3d up = new Vector3d();
    private final Vector3d forward = new Vector3d();
    private final double focal;

    /**
     * @throws IllegalArgumentException if the eye is at the target, looks straight up or down, or
     *                                  the image has no pixels
     */
    public Camera(Vector3d eye, Vector3d target, int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("the image must be at least 1 x 1 pixels, got " + width + " x " + height);
        }
        this.eye = new Vector3d(eye);
        this.target = new Vector3d(target);
        this.width = width;
        this.height = height;
        target.sub(eye, forward);
        if (!(forward.length() > 1e-9)) {
            throw new IllegalArgumentException("the camera's eye " + eye + " is at its target");
        }
        forward.normalize();
        forward.cross(0, 1, 0, right);
        if (!(right.length() > 1e-6)) {
            throw new IllegalArgumentException("the camera looks straight up or down from " + eye + "; move the eye sideways");
        }
        right.normalize();
        right.cross(forward, up);
        focal = 0.5 * height / Math.tan(0.5 * FIELD_OF_VIEW);
    }

    /**
     * A camera that frames a sphere (centre, radius) from a raised three-quarter view: the whole
     * sphere fits in the narrower of the two fields of view.
     */
    public static Camera framing(Vector3d centre, double radius, int width, int height) {
        double r = Math.max(radius, 0.1);
        double narrow = width >= height ? FIELD_OF_VIEW : 2 * Math.atan(Math.tan(0.5 * FIELD_OF_VIEW) * width / height);
        double distance = 1.15 * r / Math.sin(0.5 * narrow);
        Vector3d direction = new Vector3d(0.55, 0.45, 1.0).normalize();
        Vector3d eye = new Vector3d(direction).mul(distance).add(centre);
        return new Camera(eye, centre, width, height);
    }

    /** The eye, world frame (a copy). */
    public Vector3d eye() {
        return new Vector3d(eye);
    }

    /** The target, world frame (a copy). */
    public Vector3d target() {
        return new Vector3d(target);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Depth of a world point along the view direction, m (negative: behind the eye). */
    double depth(double x, double y, double z) {
        return (x - eye.x) * forward.x + (y - eye.y) * forward.y + (z - eye.z) * forward.z;
    }

    /**
     * Projects a world point into {@code out}: pixel x, pixel y (down), depth (m). Only for
     * points at least {@link #NEAR} in front of the eye.
     */
    void project(double x, double y, double z, double[] out, int o) {
        double dx = x - eye.x, dy = y - eye.y, dz = z - eye.z;
        double d = dx * forward.x + dy * forward.y + dz * forward.z;
        double sx = dx * right.x + dy * right.y + dz * right.z;
        double sy = dx * up.x + dy * up.y + dz * up.z;
        out[o] = 0.5 * width + focal * sx / d;
        out[o + 1] = 0.5 * height - focal * sy / d;
        out[o + 2] = d;
    }

    /**
     * The pixel (x right, y down) that world point p projects to, or null when p is not in front
     * of the eye (for tests and tools that mark places in a picture).
     */
    public double[] pixel(Vector3d p) {
        double[] out = new double[3];
        if (depth(p.x, p.y, p.z) < NEAR) {
            return null;
        }
        project(p.x, p.y, p.z, out, 0);
        return new double[] {out[0], out[1]};
    }

    /** Whether a unit normal faces away from the eye at a point of its face (a back face). */
    boolean facesAway(double px, double py, double pz, double nx, double ny, double nz) {
        return (px - eye.x) * nx + (py - eye.y) * ny + (pz - eye.z) * nz >= 0;
    }
}
