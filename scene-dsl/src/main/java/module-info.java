/**
 * The .scene language: loading, checking, formatting and building scenes ({@code org.cairn.scene}),
 * its syntax tree ({@code org.cairn.scene.ast}) and editor services ({@code org.cairn.scene.editor}).
 * Exports only those; the lexer, parser and evaluator under {@code internal} are private to it.
 */
module org.cairn.scene {
    requires transitive org.cairn.engine3d;
    requires org.antlr.antlr4.runtime;

    exports org.cairn.scene;
    exports org.cairn.scene.ast;
    exports org.cairn.scene.editor;
}
