/**
 * Cairn's rigid-body engine. Exports only the API; everything under {@code internal} is private to
 * the module.
 */
module org.cairn.engine3d {
    requires transitive org.joml;

    exports org.cairn.engine3d;
    exports org.cairn.engine3d.geometry;
}
