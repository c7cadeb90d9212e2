package org.cairn.examples.render;

import java.util.Arrays;

/**
 * A depth-buffered frame: triangles filled with a flat colour where they are nearer than what is
 * there, each pixel remembering the face it shows (for outlines), and depth-tested lines.
 */
final class Raster {
    final int width;
    final int height;
    final int[] rgb;
    final double[] depth;
    /** Per pixel, the face shown: a number unique to each face of each shape; −1 for the background. */
    final int[] face;
    /** Per pixel, the shading normal's components (for outlines between faces of one shape). */
    final float[] normal;

    Raster(int width, int height) {
        this.width = width;
        this.height = height;
        rgb = new int[width * height];
        depth = new double[width * height];
        face = new int[width * height];
        normal = new float[3 * width * height];
        Arrays.fill(depth, Double.POSITIVE_INFINITY);
        Arrays.fill(face, -1);
    }

    /**
     * Fills the triangle with corners (x, y, depth) in p[0..9), its depth interpolated as 1/depth
     * (which is linear in the image for a flat triangle).
     */
    void triangle(double[] p, int colour, int faceId, double nx, double ny, double nz) {
        double x0 = p[0], y0 = p[1], x1 = p[3], y1 = p[4], x2 = p[6], y2 = p[7];
        double area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
        if (!(Math.abs(area) > 1e-12)) {
            return;
        }
        double w0 = 1 / p[2], w1 = 1 / p[5], w2 = 1 / p[8];
        int minX = Math.max(0, (int) Math.floor(Math.min(x0, Math.min(x1, x2))));
        int maxX = Math.min(width - 1, (int) Math.ceil(Math.max(x0, Math.max(x1, x2))));
        int minY = Math.max(0, (int) Math.floor(Math.min(y0, Math.min(y1, y2))));
        int maxY = Math.min(height - 1, (int) Math.ceil(Math.max(y0, Math.max(y1, y2))));
        for (int y = minY; y <= maxY; y++) {
            double py = y + 0.5;
            for (int x = minX; x <= maxX; x++) {
                double px = x + 0.5;
                double b0 = ((x1 - px) * (y2 - py) - (x2 - px) * (y1 - py)) / area;
                double b1 = ((x2 - px) * (y0 - py) - (x0 - px) * (y2 - py)) / area;
                double b2 = 1 - b0 - b1;
                if (b0 < 0 || b1 < 0 || b2 < 0) {
                    continue;
                }
                double d = 1 / (b0 * w0 + b1 * w1 + b2 * w2);
                int i = y * width + x;
                if (d < depth[i]) {
                    depth[i] = d;
                    rgb[i] = colour;
                    face[i] = faceId;
                    normal[3 * i] = (float) nx;
                    normal[3 * i + 1] = (float) ny;
                    normal[3 * i + 2] = (float) nz;
                }
            }
        }
    }

    /**
     * Draws a line between (x, y, depth) points a and b where it is not behind what is drawn (with
     * a relative slack, so a line on a face shows), blending it with {@code alpha}.
     */
    void line(double[] a, double[] b, int colour, double alpha) {
        double dx = b[0] - a[0], dy = b[1] - a[1];
        // The part of the segment inside the image (Liang-Barsky): a line through the eye's
        // neighbourhood projects thousands of pixels long.
        double t0 = 0, t1 = 1;
        double[] p = {-dx, dx, -dy, dy}, q = {a[0], width - a[0], a[1], height - a[1]};
        for (int k = 0; k < 4; k++) {
            if (p[k] == 0) {
                if (q[k] < 0) {
                    return;
                }
            } else {
                double r = q[k] / p[k];
                if (p[k] < 0) {
                    t0 = Math.max(t0, r);
                } else {
                    t1 = Math.min(t1, r);
                }
            }
        }
        if (t0 > t1) {
            return;
        }
        int steps = (int) Math.ceil((t1 - t0) * Math.max(Math.abs(dx), Math.abs(dy)));
        for (int s = 0; s <= steps; s++) {
            double t = t0 + (steps == 0 ? 0 : (t1 - t0) * s / steps);
            int x = (int) Math.floor(a[0] + t * dx), y = (int) Math.floor(a[1] + t * dy);
            if (x < 0 || y < 0 || x >= width || y >= height) {
                continue;
            }
            // Depth along a projected segment: 1/depth is linear in the image.
            double d = 1 / ((1 - t) / a[2] + t / b[2]);
            int i = y * width + x;
            if (d <= depth[i] * 1.002 + 1e-3) {
                rgb[i] = blend(rgb[i], colour, alpha);
            }
        }
    }

    static int blend(int under, int over, double alpha) {
        int r = (int) Math.round(((under >> 16) & 255) * (1 - alpha) + ((over >> 16) & 255) * alpha);
        int g = (int) Math.round(((under >> 8) & 255) * (1 - alpha) + ((over >> 8) & 255) * alpha);
        int b = (int) Math.round((under & 255) * (1 - alpha) + (over & 255) * alpha);
        return r << 16 | g << 8 | b;
    }
}
