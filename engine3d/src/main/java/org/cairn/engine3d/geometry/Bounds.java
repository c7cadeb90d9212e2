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
}
