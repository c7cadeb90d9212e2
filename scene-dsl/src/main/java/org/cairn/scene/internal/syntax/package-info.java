/**
 * ANTLR-generated lexer and parser (grammars in src/main/antlr4), the error strategy that turns
 * their errors into diagnostics, and the parse-tree-to-AST builder. The parse tree never leaves
 * this package.
 */
package org.cairn.scene.internal.syntax;
