package org.cairn.scene.ast;

import java.util.List;
import org.cairn.scene.SourceSpan;

/** One line of a scene (with its block, if any). Every statement knows where it came from. */
public sealed interface Statement {
    /** Where the statement is. */
    SourceSpan span();

    /** {@code scene 1}: the format version, required first. */
    record SceneDecl(String version, SourceSpan span) implements Statement {
    }

    /** {@code let name = expr}: a constant. */
    record Let(String name, Expr value, SourceSpan span) implements Statement {
    }

    /** {@code repeat i in from..to { ... }}: the block once per integer i in [from, to). */
    record Repeat(String variable, Expr from, Expr to, List<Statement> body, SourceSpan span) implements Statement {
        /** Copies the list so the record stays immutable. */
        public Repeat {
            body = List.copyOf(body);
        }
    }

    /** {@code include "file.scene" as ns}: another file's statements, names prefixed by ns (null: none). */
    record Include(String path, String alias, SourceSpan span) implements Statement {
    }

    /** {@code state name { path = value ... }}: a named initial state. */
    record State(String name, List<Assignment> assignments, SourceSpan span) implements Statement {
        /** Copies the list so the record stays immutable. */
        public State {
            assignments = List.copyOf(assignments);
        }
    }

    /**
     * Every other statement: {@code head word* key=value* { block }?} (world, material, body, box,
     * probe, ...), interpreted by the schema, not the grammar.
     *
     * @param head       the first word
     * @param words      positional words (names, kinds such as {@code static})
     * @param properties {@code key=value} pairs in source order
     * @param block      the statements in braces, or null if there is no block
     */
    record Generic(String head, List<Name> words, List<Property> properties, List<Statement> block, SourceSpan span)
            implements Statement {
        /** Copies the lists so the record stays immutable. */
        public Generic {
            words = List.copyOf(words);
            properties = List.copyOf(properties);
            block = block == null ? null : List.copyOf(block);
        }
    }

    /**
     * A possibly indexed name: {@code crate} or {@code crate[i, j]}.
     *
     * @param base    the identifier
     * @param indices index expressions (empty if none)
     */
    record Name(String base, List<Expr> indices, SourceSpan span) {
        /** Copies the list so the record stays immutable. */
        public Name {
            indices = List.copyOf(indices);
        }
    }

    /**
     * {@code key=value}, the key possibly dotted ({@code combine.restitution}).
     *
     * @param key   the key's parts
     * @param value the value
     */
    record Property(List<String> key, Expr value, SourceSpan span) {
        /** Copies the list so the record stays immutable. */
        public Property {
            key = List.copyOf(key);
        }
    }

    /**
     * {@code target.path = value} inside a state block.
     *
     * @param target the named object
     * @param path   the property path after it
     * @param value  the value
     */
    record Assignment(Name target, List<String> path, Expr value, SourceSpan span) {
        /** Copies the list so the record stays immutable. */
        public Assignment {
            path = List.copyOf(path);
        }
    }
}
