package org.cairn.engine3d.internal.shape;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Quickhull in 3D (Barber, Dobkin and Huhdanpaa, 1996): start from a tetrahedron of extreme
 * points, give every remaining point to one face it lies outside of, then repeatedly take the
 * farthest outside point of a face, delete the faces it sees, and fan new triangles from it to the
 * horizon. Afterwards coplanar triangles are merged into polygons and vertices left in the middle
 * of a straight polygon edge are dropped, so a box's hull has 6 quads and 8 corners whatever extra
 * points lay on its faces and edges.
 *
 * <p>Tolerance: a point counts as outside a face only if it is farther than
 * {@code tolerance} from its plane, where tolerance grows with the coordinates' magnitude (the
 * rounding error of a plane distance) and with the cloud's size (1e-10 of its extent), so nearly
 * coplanar input, such as a mesh exported in single precision, gives one face rather than a
 * fan of slivers.
 *
 * <p>Runs once per shape creation, never in the step; it allocates freely. Iteration is over
 * arrays in index order, and the hash map is used only for look-ups, so the output is a
 * deterministic function of the input order.
 */
public final class QuickHull {
    private final double[] p;
    private final int n;
    private final double tolerance;

    // Triangles: vertex indices, plane, liveness, and the head of their outside-point list.
    private int[] fa = new int[64], fb = new int[64], fc = new int[64];
    private double[] plane = new double[256];
    private boolean[] alive = new boolean[64];
    private int[] outsideHead = new int[64];
    private int faceCount;

    private final int[] nextOutside;
    private final Map<Long, Integer> edgeToFace = new HashMap<>();

    private QuickHull(double[] points) {
        this.p = points;
        this.n = points.length / 3;
        this.nextOutside = new int[n];
        double maxX = 0, maxY = 0, maxZ = 0;
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            maxX = Math.max(maxX, Math.abs(p[3 * i]));
            maxY = Math.max(maxY, Math.abs(p[3 * i + 1]));
            maxZ = Math.max(maxZ, Math.abs(p[3 * i + 2]));
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], p[3 * i + k]);
                hi[k] = Math.max(hi[k], p[3 * i + k]);
            }
        }
        double extent = Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2]));
        this.tolerance = Math.max(3.0 * Math.ulp(1.0) * (maxX + maxY + maxZ), 1e-10 * extent);
        Arrays.fill(outsideHead, -1);
    }

    /**
     * Builds the convex hull of {@code points} (xyz packed).
     *
     * @throws IllegalArgumentException if fewer than 4 points are given or all of them lie in a
     *                                  plane (within the tolerance), since such a hull has no volume
     */
    public static HullData build(double[] points) {
        if (points.length % 3 != 0 || points.length / 3 < 4) {
            throw new IllegalArgumentException("points must hold at least 4 points (xyz each), got "
                    + points.length + " coordinates");
        }
        QuickHull hull = new QuickHull(points);
        hull.buildInitialTetrahedron();
        hull.expand();
        return hull.mergeAndExtract();
    }

    private double x(int i) {
        return p[3 * i];
    }

    private double y(int i) {
        return p[3 * i + 1];
    }

    private double z(int i) {
        return p[3 * i + 2];
    }

    private void buildInitialTetrahedron() {
        // The two most distant of the six axis-extreme points.
        int[] extremes = new int[6];
        for (int i = 1; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                if (p[3 * i + k] < p[3 * extremes[2 * k] + k]) {
                    extremes[2 * k] = i;
                }
                if (p[3 * i + k] > p[3 * extremes[2 * k + 1] + k]) {
                    extremes[2 * k + 1] = i;
                }
            }
        }
        int i0 = -1, i1 = -1;
        double best = -1;
        for (int a = 0; a < 6; a++) {
            for (int b = a + 1; b < 6; b++) {
                double d = dist2(extremes[a], extremes[b]);
                if (d > best) {
                    best = d;
                    i0 = extremes[a];
                    i1 = extremes[b];
                }
            }
        }
        if (Math.sqrt(best) <= tolerance) {
            throw new IllegalArgumentException("points must not all coincide: a convex hull needs volume");
        }
        // The point farthest from the line i0-i1.
        double ux = x(i1) - x(i0), uy = y(i1) - y(i0), uz = z(i1) - z(i0);
        int i2 = -1;
        best = -1;
        for (int i = 0; i < n; i++) {
            double vx = x(i) - x(i0), vy = y(i) - y(i0), vz = z(i) - z(i0);
            double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            double d = cx * cx + cy * cy + cz * cz;
            if (d > best) {
                best = d;
                i2 = i;
            }
        }
        double lineLength = Math.sqrt(ux * ux + uy * uy + uz * uz);
        if (Math.sqrt(best) / lineLength <= tolerance) {
            throw new IllegalArgumentException("points must not all lie on a line: a convex hull needs volume");
        }
        // The point farthest from the plane i0-i1-i2.
        double vx = x(i2) - x(i0), vy = y(i2) - y(i0), vz = z(i2) - z(i0);
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= nl;
        ny /= nl;
        nz /= nl;
        int i3 = -1;
        best = -1;
        double signed = 0;
        for (int i = 0; i < n; i++) {
            double d = nx * (x(i) - x(i0)) + ny * (y(i) - y(i0)) + nz * (z(i) - z(i0));
            if (Math.abs(d) > best) {
                best = Math.abs(d);
                signed = d;
                i3 = i;
            }
        }
        if (best <= tolerance) {
            throw new IllegalArgumentException("points must not all lie in one plane: a convex hull needs volume");
        }
        // Orient the four triangles outward: i3 lies on the positive side of (i0, i1, i2).
        if (signed > 0) {
            addFace(i0, i2, i1);
            addFace(i0, i1, i3);
            addFace(i1, i2, i3);
            addFace(i2, i0, i3);
        } else {
            addFace(i0, i1, i2);
            addFace(i0, i3, i1);
            addFace(i1, i3, i2);
            addFace(i2, i3, i0);
        }
        for (int i = 0; i < n; i++) {
            if (i != i0 && i != i1 && i != i2 && i != i3) {
                assignToFace(i, 0, faceCount);
            }
        }
    }

    private double dist2(int a, int b) {
        double dx = x(a) - x(b), dy = y(a) - y(b), dz = z(a) - z(b);
        return dx * dx + dy * dy + dz * dz;
    }

    private int addFace(int a, int b, int c) {
        if (faceCount == alive.length) {
            int cap = 2 * faceCount;
            fa = Arrays.copyOf(fa, cap);
            fb = Arrays.copyOf(fb, cap);
            fc = Arrays.copyOf(fc, cap);
            plane = Arrays.copyOf(plane, 4 * cap);
            alive = Arrays.copyOf(alive, cap);
            int old = outsideHead.length;
            outsideHead = Arrays.copyOf(outsideHead, cap);
            Arrays.fill(outsideHead, old, cap, -1);
        }
        int f = faceCount++;
        fa[f] = a;
        fb[f] = b;
        fc[f] = c;
        alive[f] = true;
        outsideHead[f] = -1;
        // Normal of the triangle from the cross product of two edges; the offset is averaged
        // over the corners so that no corner is favoured.
        double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
        double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (len > 0) {
            nx /= len;
            ny /= len;
            nz /= len;
        }
        plane[4 * f] = nx;
        plane[4 * f + 1] = ny;
        plane[4 * f + 2] = nz;
        plane[4 * f + 3] = (nx * (x(a) + x(b) + x(c)) + ny * (y(a) + y(b) + y(c)) + nz * (z(a) + z(b) + z(c))) / 3.0;
        edgeToFace.put(edgeKey(a, b), f);
        edgeToFace.put(edgeKey(b, c), f);
        edgeToFace.put(edgeKey(c, a), f);
        return f;
    }

    private static long edgeKey(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }

    private double distance(int f, int i) {
        return plane[4 * f] * x(i) + plane[4 * f + 1] * y(i) + plane[4 * f + 2] * z(i) - plane[4 * f + 3];
    }

    /** Gives point i to the face in [from, to) it lies farthest outside of, or drops it. */
    private void assignToFace(int i, int from, int to) {
        int bestFace = -1;
        double best = tolerance;
        for (int f = from; f < to; f++) {
            if (!alive[f]) {
                continue;
            }
            double d = distance(f, i);
            if (d > best) {
                best = d;
                bestFace = f;
            }
        }
        if (bestFace >= 0) {
            nextOutside[i] = outsideHead[bestFace];
            outsideHead[bestFace] = i;
        }
    }

    private void expand() {
        int[] visibleStamp = new int[64];
        int stamp = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int[] visible = new int[64];
        int[] horizon = new int[128];
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int f = 0; f < faceCount; f++) {
                if (!alive[f] || outsideHead[f] < 0) {
                    continue;
                }
                progress = true;
                // The farthest outside point of this face becomes the eye.
                int eye = -1;
                double best = -1;
                for (int i = outsideHead[f]; i >= 0; i = nextOutside[i]) {
                    double d = distance(f, i);
                    if (d > best) {
                        best = d;
                        eye = i;
                    }
                }
                // Flood the faces the eye sees, starting from f, so the visible region is connected.
                stamp++;
                if (visibleStamp.length < faceCount) {
                    visibleStamp = Arrays.copyOf(visibleStamp, 2 * faceCount);
                }
                int visibleCount = 0;
                queue.clear();
                queue.add(f);
                visibleStamp[f] = stamp;
                while (!queue.isEmpty()) {
                    int g = queue.poll();
                    if (visibleCount == visible.length) {
                        visible = Arrays.copyOf(visible, 2 * visibleCount);
                    }
                    visible[visibleCount++] = g;
                    int[] corners = {fa[g], fb[g], fc[g]};
                    for (int e = 0; e < 3; e++) {
                        Integer h = edgeToFace.get(edgeKey(corners[(e + 1) % 3], corners[e]));
                        if (h != null && visibleStamp.length > h && visibleStamp[h] != stamp && distance(h, eye) > tolerance) {
                            visibleStamp[h] = stamp;
                            queue.add(h);
                        }
                    }
                }
                // Horizon: edges of visible faces whose neighbour is not visible.
                int horizonCount = 0;
                for (int k = 0; k < visibleCount; k++) {
                    int g = visible[k];
                    int[] corners = {fa[g], fb[g], fc[g]};
                    for (int e = 0; e < 3; e++) {
                        int from = corners[e], to = corners[(e + 1) % 3];
                        Integer h = edgeToFace.get(edgeKey(to, from));
                        if (h == null || visibleStamp[h] != stamp) {
                            if (2 * horizonCount + 2 > horizon.length) {
                                horizon = Arrays.copyOf(horizon, 2 * horizon.length);
                            }
                            horizon[2 * horizonCount] = from;
                            horizon[2 * horizonCount + 1] = to;
                            horizonCount++;
                        }
                    }
                }
                // Delete the visible faces, keeping their outside points to hand on.
                int orphans = -1;
                for (int k = 0; k < visibleCount; k++) {
                    int g = visible[k];
                    alive[g] = false;
                    edgeToFace.remove(edgeKey(fa[g], fb[g]));
                    edgeToFace.remove(edgeKey(fb[g], fc[g]));
                    edgeToFace.remove(edgeKey(fc[g], fa[g]));
                    for (int i = outsideHead[g]; i >= 0; ) {
                        int next = nextOutside[i];
                        if (i != eye) {
                            nextOutside[i] = orphans;
                            orphans = i;
                        }
                        i = next;
                    }
                    outsideHead[g] = -1;
                }
                int firstNew = faceCount;
                for (int k = 0; k < horizonCount; k++) {
                    addFace(horizon[2 * k], horizon[2 * k + 1], eye);
                }
                for (int i = orphans; i >= 0; ) {
                    int next = nextOutside[i];
                    assignToFace(i, firstNew, faceCount);
                    i = next;
                }
            }
        }
    }

    private HullData mergeAndExtract() {
        // Union coplanar neighbours: each triangle's corners lie within tolerance of the other's plane.
        int[] parent = new int[faceCount];
        for (int f = 0; f < faceCount; f++) {
            parent[f] = f;
        }
        for (int f = 0; f < faceCount; f++) {
            if (!alive[f]) {
                continue;
            }
            int[] corners = {fa[f], fb[f], fc[f]};
            for (int e = 0; e < 3; e++) {
                Integer g = edgeToFace.get(edgeKey(corners[(e + 1) % 3], corners[e]));
                if (g != null && g > f && coplanar(f, g)) {
                    union(parent, f, g);
                }
            }
        }
        // Boundary edges of each group, chained into a loop: in a convex polygon every boundary
        // vertex starts exactly one boundary edge.
        int[] groupOf = new int[faceCount];
        for (int f = 0; f < faceCount; f++) {
            groupOf[f] = find(parent, f);
        }
        int[] loopStart = new int[faceCount + 1];
        int[] loopVerts = new int[3 * faceCount];
        int loopCount = 0, loopFill = 0;
        boolean[] done = new boolean[faceCount];
        Map<Integer, Integer> nextVertex = new HashMap<>();
        for (int f = 0; f < faceCount; f++) {
            if (!alive[f] || done[groupOf[f]]) {
                continue;
            }
            int group = groupOf[f];
            done[group] = true;
            nextVertex.clear();
            int first = -1;
            for (int g = f; g < faceCount; g++) {
                if (!alive[g] || groupOf[g] != group) {
                    continue;
                }
                int[] corners = {fa[g], fb[g], fc[g]};
                for (int e = 0; e < 3; e++) {
                    int from = corners[e], to = corners[(e + 1) % 3];
                    Integer h = edgeToFace.get(edgeKey(to, from));
                    if (h == null || groupOf[h] != group) {
                        nextVertex.put(from, to);
                        if (first < 0) {
                            first = from;
                        }
                    }
                }
            }
            loopStart[loopCount++] = loopFill;
            int v = first;
            int guard = 0;
            do {
                loopVerts[loopFill++] = v;
                v = nextVertex.get(v);
                if (++guard > nextVertex.size()) {
                    throw new IllegalStateException("convex hull face boundary is not a simple loop");
                }
            } while (v != first);
        }
        loopStart[loopCount] = loopFill;
        return extract(loopCount, loopStart, loopVerts);
    }

    private boolean coplanar(int f, int g) {
        return Math.abs(distance(f, fa[g])) <= tolerance && Math.abs(distance(f, fb[g])) <= tolerance
                && Math.abs(distance(f, fc[g])) <= tolerance && Math.abs(distance(g, fa[f])) <= tolerance
                && Math.abs(distance(g, fb[f])) <= tolerance && Math.abs(distance(g, fc[f])) <= tolerance;
    }

    private static int find(int[] parent, int f) {
        while (parent[f] != f) {
            parent[f] = parent[parent[f]];
            f = parent[f];
        }
        return f;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a), rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /**
     * Drops loop vertices that sit on a straight run (they would be degree-2 vertices of the
     * polyhedron), renumbers the surviving vertices densely in first-use order, and computes each
     * polygon's plane by Newell's method.
     */
    private HullData extract(int loopCount, int[] loopStart, int[] loopVerts) {
        int[] keepStart = new int[loopCount + 1];
        int[] keep = new int[loopStart[loopCount]];
        int fill = 0;
        for (int l = 0; l < loopCount; l++) {
            keepStart[l] = fill;
            int s = loopStart[l], e = loopStart[l + 1], m = e - s;
            for (int k = 0; k < m; k++) {
                int a = loopVerts[s + (k + m - 1) % m], b = loopVerts[s + k], c = loopVerts[s + (k + 1) % m];
                if (!collinear(a, b, c)) {
                    keep[fill++] = b;
                }
            }
        }
        keepStart[loopCount] = fill;
        int[] newIndex = new int[n];
        Arrays.fill(newIndex, -1);
        double[] vertices = new double[3 * n];
        int vertexCount = 0;
        int[] faceVertices = new int[fill];
        for (int k = 0; k < fill; k++) {
            int old = keep[k];
            if (newIndex[old] < 0) {
                newIndex[old] = vertexCount;
                vertices[3 * vertexCount] = x(old);
                vertices[3 * vertexCount + 1] = y(old);
                vertices[3 * vertexCount + 2] = z(old);
                vertexCount++;
            }
            faceVertices[k] = newIndex[old];
        }
        vertices = Arrays.copyOf(vertices, 3 * vertexCount);
        double[] planes = new double[4 * loopCount];
        for (int l = 0; l < loopCount; l++) {
            double nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
            int s = keepStart[l], e = keepStart[l + 1];
            for (int k = s; k < e; k++) {
                int i = faceVertices[k], j = faceVertices[k + 1 < e ? k + 1 : s];
                double xi = vertices[3 * i], yi = vertices[3 * i + 1], zi = vertices[3 * i + 2];
                double xj = vertices[3 * j], yj = vertices[3 * j + 1], zj = vertices[3 * j + 2];
                nx += (yi - yj) * (zi + zj);
                ny += (zi - zj) * (xi + xj);
                nz += (xi - xj) * (yi + yj);
                cx += xi;
                cy += yi;
                cz += zi;
            }
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            nx /= len;
            ny /= len;
            nz /= len;
            int count = e - s;
            planes[4 * l] = nx;
            planes[4 * l + 1] = ny;
            planes[4 * l + 2] = nz;
            planes[4 * l + 3] = (nx * cx + ny * cy + nz * cz) / count;
        }
        return new HullData(vertices, keepStart, faceVertices, planes);
    }

    private boolean collinear(int a, int b, int c) {
        double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
        double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        double base = Math.sqrt(vx * vx + vy * vy + vz * vz);
        // Distance of b from the line a-c.
        return Math.sqrt(cx * cx + cy * cy + cz * cz) <= tolerance * base;
    }
}
