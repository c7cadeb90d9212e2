package org.cairn.engine3d.internal.collision.narrowphase;

import org.cairn.engine3d.internal.math.Quat;

/**
 * Spheres and capsules against each other, and a sphere against a cylinder, in closed form: a
 * sphere is a point, a capsule a segment and a cylinder a narrower, shorter core cylinder, each
 * swept by a radius (the cylinder's by the margin that rounds its rims), so each pair reduces to
 * the closest points of two cores. Two capsules lying side by side get two points (the ends of
 * their overlap), so one can rest on the other without rocking. All inputs and outputs are in the
 * world frame; the normal points from A to B. Feature ids are 0 for a single point, and 0 and 1
 * for the two ends of a parallel pair.
 */
public final class RoundCollider {
    /** Segments whose directions differ by less than this sine are treated as parallel. */
    static final double PARALLEL_SINE = 0.01;

    private RoundCollider() {
    }

    /**
     * Two cores that are points (ca, cb) with radii: one point midway between the surfaces, if they
     * are at most {@code speculative} m apart (the pair's look-ahead: a body falling onto a static
     * ball looked only the fixed 2 cm ahead and was found 7 cm inside it). Coincident centres get
     * the normal +y (any direction is as good, and this one is fixed).
     */
    public static void points(double ax, double ay, double az, double ra, double bx, double by, double bz, double rb,
                              double speculative, Manifold out) {
        out.clear();
        double dx = bx - ax, dy = by - ay, dz = bz - az;
        double distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double separation = distance - ra - rb;
        if (separation > speculative) {
            return;
        }
        double nx = 0, ny = 1, nz = 0;
        if (distance > 0) {
            nx = dx / distance;
            ny = dy / distance;
            nz = dz / distance;
        }
        out.normal(nx, ny, nz);
        // Surface of A at a + ra·n; the point sits half the separation beyond it.
        double t = ra + 0.5 * separation;
        out.add(ax + t * nx, ay + t * ny, az + t * nz, separation, 0);
    }

    /** Sphere A (centre, radius) against capsule B (segment p0-p1, radius). */
    public static void sphereCapsule(double cx, double cy, double cz, double ra, double p0x, double p0y, double p0z,
                                     double p1x, double p1y, double p1z, double rb, double speculative, Manifold out) {
        double ex = p1x - p0x, ey = p1y - p0y, ez = p1z - p0z;
        double len2 = ex * ex + ey * ey + ez * ez;
        double t = len2 > 0 ? clamp01(((cx - p0x) * ex + (cy - p0y) * ey + (cz - p0z) * ez) / len2) : 0;
        points(cx, cy, cz, ra, p0x + t * ex, p0y + t * ey, p0z + t * ez, rb, speculative, out);
    }

    /**
     * Cylinder A (pose p, q; core radius rc and half height hc, rims rounded by margin) against
     * sphere B (centre c, radius rb), within {@code speculative} m. The closest point of the core
     * to c is c with its radial part cut to rc and its height to ±hc; a centre inside the core
     * leaves by the nearer of the side and the cap. GJK converging on the curved core put the
     * normal up to 7.5e-4 rad off and the point 0.13 mm.
     */
    public static void cylinderSphere(double px, double py, double pz, double qx, double qy, double qz, double qw,
                                      double rc, double hc, double margin, double cx, double cy, double cz, double rb,
                                      double speculative, double[] scratch, Manifold out) {
        out.clear();
        // The centre in the cylinder's frame (axis y).
        Quat.rotate(-qx, -qy, -qz, qw, cx - px, cy - py, cz - pz, scratch, 0);
        double lx = scratch[0], ly = scratch[1], lz = scratch[2];
        double rho = Math.sqrt(lx * lx + lz * lz);
        double nx, ny, nz, distance, sx, sy, sz;
        if (rho > rc || Math.abs(ly) > hc) {
            double radial = rho > rc ? rc / rho : 1.0;
            sx = lx * radial;
            sy = Math.max(-hc, Math.min(hc, ly));
            sz = lz * radial;
            double dx = lx - sx, dy = ly - sy, dz = lz - sz;
            distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
            nx = dx / distance;
            ny = dy / distance;
            nz = dz / distance;
        } else {
            double sideDepth = rc - rho, capDepth = hc - Math.abs(ly);
            if (capDepth <= sideDepth || rho == 0) {
                ny = ly >= 0 ? 1.0 : -1.0;
                nx = 0;
                nz = 0;
                distance = -capDepth;
            } else {
                nx = lx / rho;
                ny = 0;
                nz = lz / rho;
                distance = -sideDepth;
            }
            sx = lx - distance * nx;
            sy = ly - distance * ny;
            sz = lz - distance * nz;
        }
        double separation = distance - margin - rb;
        if (separation > speculative) {
            return;
        }
        // A's surface is the core's point out by the margin; the contact sits half the separation beyond it.
        double t = margin + 0.5 * separation;
        Quat.rotate(qx, qy, qz, qw, sx + t * nx, sy + t * ny, sz + t * nz, scratch, 0);
        double wx = scratch[0] + px, wy = scratch[1] + py, wz = scratch[2] + pz;
        Quat.rotate(qx, qy, qz, qw, nx, ny, nz, scratch, 0);
        out.normal(scratch[0], scratch[1], scratch[2]);
        out.add(wx, wy, wz, separation, 0);
    }

    /** Capsule A (segment a0-a1, radius ra) against capsule B (segment b0-b1, radius rb). */
    public static void capsules(double a0x, double a0y, double a0z, double a1x, double a1y, double a1z, double ra,
                                double b0x, double b0y, double b0z, double b1x, double b1y, double b1z, double rb,
                                double speculative, Manifold out) {
        out.clear();
        double d1x = a1x - a0x, d1y = a1y - a0y, d1z = a1z - a0z;
        double d2x = b1x - b0x, d2y = b1y - b0y, d2z = b1z - b0z;
        double a = d1x * d1x + d1y * d1y + d1z * d1z, e = d2x * d2x + d2y * d2y + d2z * d2z;
        double b = d1x * d2x + d1y * d2y + d1z * d2z;
        double cross2 = a * e - b * b;
        if (a > 0 && e > 0 && cross2 <= PARALLEL_SINE * PARALLEL_SINE * a * e
                && parallelPair(a0x, a0y, a0z, d1x, d1y, d1z, a, ra, b0x, b0y, b0z, d2x, d2y, d2z, e, b, rb, speculative, out)) {
            return;
        }
        // Closest points of two segments (Ericson, "Real-Time Collision Detection" §5.1.9).
        double rx = a0x - b0x, ry = a0y - b0y, rz = a0z - b0z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double s, t;
        if (a <= 0 && e <= 0) {
            s = 0;
            t = 0;
        } else if (a <= 0) {
            s = 0;
            t = clamp01(f / e);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (e <= 0) {
                t = 0;
                s = clamp01(-c / a);
            } else {
                s = cross2 > 0 ? clamp01((b * f - c * e) / cross2) : 0;
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp01(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp01((b - c) / a);
                }
            }
        }
        points(a0x + s * d1x, a0y + s * d1y, a0z + s * d1z, ra, b0x + t * d2x, b0y + t * d2y, b0z + t * d2z, rb, speculative,
                out);
    }

    /**
     * Nearly parallel segments whose extents overlap along A's axis: a point at each end of the
     * overlap, with the normal from A's line to B's. Returns false (and writes nothing) if the
     * extents do not overlap, or the lines are too close for a normal.
     */
    private static boolean parallelPair(double a0x, double a0y, double a0z, double d1x, double d1y, double d1z, double a,
                                        double ra, double b0x, double b0y, double b0z, double d2x, double d2y,
                                        double d2z, double e, double b, double rb, double speculative, Manifold out) {
        // B's ends projected on A's parameter.
        double sb0 = ((b0x - a0x) * d1x + (b0y - a0y) * d1y + (b0z - a0z) * d1z) / a;
        double sb1 = sb0 + b / a;
        double lo = Math.max(0, Math.min(sb0, sb1)), hi = Math.min(1, Math.max(sb0, sb1));
        if (lo > hi) {
            return false;
        }
        int written = 0;
        double nx = 0, ny = 0, nz = 0;
        for (int k = 0; k < 2; k++) {
            double s = k == 0 ? lo : hi;
            double px = a0x + s * d1x, py = a0y + s * d1y, pz = a0z + s * d1z;
            double t = clamp01(((px - b0x) * d2x + (py - b0y) * d2y + (pz - b0z) * d2z) / e);
            double qx = b0x + t * d2x, qy = b0y + t * d2y, qz = b0z + t * d2z;
            double dx = qx - px, dy = qy - py, dz = qz - pz;
            double distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (distance < 1e-9) {
                return false;
            }
            if (k == 0) {
                nx = dx / distance;
                ny = dy / distance;
                nz = dz / distance;
                out.normal(nx, ny, nz);
            }
            double separation = distance - ra - rb;
            if (separation < speculative) {
                double m = ra + 0.5 * separation;
                out.add(px + m * nx, py + m * ny, pz + m * nz, separation, k);
                written++;
            }
            if (hi - lo < 1e-9) {
                break;
            }
        }
        if (written == 0) {
            out.clear();
        }
        return true;
    }

    static double clamp01(double x) {
        return x < 0 ? 0 : (x > 1 ? 1 : x);
    }
}
