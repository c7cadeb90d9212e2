package org.cairn.engine3d.geometry;

/** World bounding boxes of rotated local boxes, shared by the shapes. */
final class Bounds {
    private Bounds() {
    }

    /**
     * The box around a local box (centre c, half extents e) after rotating by q and moving by p:
     * centre p + R·c, half extent along world axis i Σⱼ |R_ij|·e_j.
     */
    static Aabb rotatedBox(double px, double py, double pz, double qx, double qy, double qz, double qw,
                           double cx, double cy, double cz, double ex, double ey, double ez, Aabb dest) {
        double xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
        double wx = qw * qx, wy = qw * qy, wz = qw * qz;
        double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
        double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
        double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);
        double mx = px + r00 * cx + r01 * cy + r02 * cz;
        double my = py + r10 * cx + r11 * cy + r12 * cz;
        double mz = pz + r20 * cx + r21 * cy + r22 * cz;
        double hx = Math.abs(r00) * ex + Math.abs(r01) * ey + Math.abs(r02) * ez;
        double hy = Math.abs(r10) * ex + Math.abs(r11) * ey + Math.abs(r12) * ez;
        double hz = Math.abs(r20) * ex + Math.abs(r21) * ey + Math.abs(r22) * ez;
        return dest.set(mx - hx, my - hy, mz - hz, mx + hx, my + hy, mz + hz);
    }

    /** The box around packed vertices, as {minX, minY, minZ, maxX, maxY, maxZ}. */
    static double[] ofVertices(double[] v) {
        double[] box = {v[0], v[1], v[2], v[0], v[1], v[2]};
        for (int i = 3; i < v.length; i++) {
            box[i % 3] = Math.min(box[i % 3], v[i]);
            box[3 + i % 3] = Math.max(box[3 + i % 3], v[i]);
        }
        return box;
    }

    /** Writes the vertex farthest along d (ties to the lowest index) into dest. */
    static org.joml.Vector3d support(double[] v, double dx, double dy, double dz, org.joml.Vector3d dest) {
        int best = 0;
        double bestDot = v[0] * dx + v[1] * dy + v[2] * dz;
        for (int i = 1, n = v.length / 3; i < n; i++) {
            double d = v[3 * i] * dx + v[3 * i + 1] * dy + v[3 * i + 2] * dz;
            if (d > bestDot) {
                bestDot = d;
                best = i;
            }
        }
        return dest.set(v[3 * best], v[3 * best + 1], v[3 * best + 2]);
    }

    /** The world box of a local box {min, max} rotated by q and moved by p. */
    static Aabb ofLocalBox(double[] b, double px, double py, double pz, double qx, double qy, double qz, double qw,
                           Aabb dest) {
        double cx = 0.5 * (b[0] + b[3]), cy = 0.5 * (b[1] + b[4]), cz = 0.5 * (b[2] + b[5]);
        return rotatedBox(px, py, pz, qx, qy, qz, qw, cx, cy, cz, b[3] - cx, b[4] - cy, b[5] - cz, dest);
    }
}
