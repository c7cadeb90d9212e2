/**
 * What an editor needs to know about a .scene file, independent of any editor protocol: an index
 * of its names, keys and statements ({@link org.cairn.scene.editor.SceneIndex}), completion at a
 * cursor ({@link org.cairn.scene.editor.SceneCompletion}) and hover text
 * ({@link org.cairn.scene.editor.SceneHover}). The command line's {@code cairn lsp} serves them
 * over the Language Server Protocol.
 */
package org.cairn.scene.editor;
