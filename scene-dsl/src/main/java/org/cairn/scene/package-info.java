/**
 * The .scene language front end. So far: the syntax stage ({@link org.cairn.scene.SceneSyntax}:
 * text to AST with every syntax error reported as a {@link org.cairn.scene.Diagnostic}), and unit
 * and expression evaluation (internal). Semantic passes, lowering to the engine, the printer and
 * the command line come next (issue 5).
 */
package org.cairn.scene;
