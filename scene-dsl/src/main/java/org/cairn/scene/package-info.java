/**
 * The .scene language front end: {@link org.cairn.scene.Scenes} loads, checks, formats and builds
 * scene files; underneath, {@link org.cairn.scene.SceneSyntax} (text to AST, every syntax error a
 * {@link org.cairn.scene.Diagnostic}), {@link org.cairn.scene.SceneCompiler} (checked against
 * {@link org.cairn.scene.SceneSchema}, lowered to engine definitions), the formatter and the
 * expander. Editor services are in {@link org.cairn.scene.editor}.
 */
package org.cairn.scene;
