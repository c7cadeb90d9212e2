package org.cairn.engine3d.internal.shape;

/**
 * The result of {@link QuickHull}: a closed convex polyhedron.
 *
 * @param vertices    xyz of each hull vertex, packed ({@code 3·vertexCount} values); every vertex
 *                    is one of the input points
 * @param faceStart   face f's vertex indices are {@code faceVertices[faceStart[f] .. faceStart[f+1])};
 *                    length {@code faceCount + 1}
 * @param faceVertices vertex indices of every face, counter-clockwise seen from outside
 * @param planes      per face the outward unit normal and offset (nx, ny, nz, d) with n·x = d on the face
 */
public record HullData(double[] vertices, int[] faceStart, int[] faceVertices, double[] planes) {
    public int vertexCount() {
        return vertices.length / 3;
    }

    public int faceCount() {
        return faceStart.length - 1;
    }
}
