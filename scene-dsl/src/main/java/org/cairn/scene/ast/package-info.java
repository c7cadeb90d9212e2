/**
 * The .scene AST: immutable records, each with the {@link org.cairn.scene.SourceSpan} it came
 * from, and the raw text of literals so a printer can reproduce them.
 */
package org.cairn.scene.ast;
