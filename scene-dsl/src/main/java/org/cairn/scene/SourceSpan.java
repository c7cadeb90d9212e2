package org.cairn.scene;

/**
 * Where something is in a scene file: the file name and the first and last character, lines and
 * columns counted from 1 (the last position is inclusive).
 *
 * @param file        the file as the user named it
 * @param startLine   first line, from 1
 * @param startColumn first column, from 1
 * @param endLine     last line, from 1
 * @param endColumn   last column, from 1, inclusive
 */
public record SourceSpan(String file, int startLine, int startColumn, int endLine, int endColumn) {
    /** "file:line:col" of the start, the form every diagnostic begins with. */
    public String location() {
        return file + ":" + startLine + ":" + startColumn;
    }
}
