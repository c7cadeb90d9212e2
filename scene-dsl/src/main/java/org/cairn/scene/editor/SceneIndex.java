package org.cairn.scene.editor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.cairn.scene.SceneSchema;
import org.cairn.scene.SourceSpan;
import org.cairn.scene.internal.syntax.SceneLexer;
import org.cairn.scene.internal.syntax.UnitTokens;

/**
 * Every name, key and statement word of one scene file, with its place and its role: where a
 * body, material, layer, joint, probe, state or constant is defined and where it is used, which
 * property each key is and which statement it belongs to. Built from the tokens alone, so it works
 * on a file with syntax errors as well as on a sound one; an editor asks it for definitions,
 * references, outlines and what is at the cursor.
 */
public final class SceneIndex {
    /** What a name stands for. */
    public enum NameKind {
        /** A body. */
        BODY,
        /** A material. */
        MATERIAL,
        /** A collision layer. */
        LAYER,
        /** A joint. */
        JOINT,
        /** A probe. */
        PROBE,
        /** A named initial state. */
        STATE,
        /** A {@code let} constant or a loop variable. */
        CONSTANT
    }

    /** What a piece of text is. */
    public enum Role {
        /** Where a name is defined. */
        DEFINITION,
        /** Where a defined name is used. */
        REFERENCE,
        /** A property's key, before '='. */
        KEY,
        /** The first word of a statement ({@code body}, {@code box}, {@code let}...). */
        HEAD,
        /** The path of an {@code include}, without its quotes. */
        INCLUDE,
        /** A unit glued to a number. */
        UNIT
    }

    /**
     * One piece of text the index knows.
     *
     * @param role what it is
     * @param kind for a definition or reference, what the name stands for; else null
     * @param text the name, key, head, unit or include path
     * @param span where (one line)
     * @param head the statement it is part of ({@code body}, {@code box}...)
     * @param key  for a reference or unit inside a property's value, that property's key; else null
     */
    public record Occurrence(Role role, NameKind kind, String text, SourceSpan span, String head, String key) {
        /** Whether the 1-based {@code line} and {@code column} fall on it. */
        public boolean contains(int line, int column) {
            return span.startLine() == line && column >= span.startColumn() && column <= span.endColumn() + 1;
        }
    }

    private final String file;
    private final String text;
    private final List<Token> tokens;
    private final List<Occurrence> occurrences = new ArrayList<>();

    private SceneIndex(String file, String text) {
        this.file = file;
        this.text = text;
        SceneLexer lexer = new SceneLexer(CharStreams.fromString(text, file));
        lexer.removeErrorListeners();
        UnitTokens source = new UnitTokens(lexer);
        List<Token> all = new ArrayList<>();
        for (Token t = source.nextToken(); ; t = source.nextToken()) {
            if (t.getChannel() == Token.DEFAULT_CHANNEL || t.getType() == Token.EOF) {
                all.add(t);
            }
            if (t.getType() == Token.EOF) {
                break;
            }
        }
        tokens = List.copyOf(all);
        new Walker(tokens.size()).walk();
    }

    /** Indexes {@code text}, giving places in {@code file}. Never throws on any text. */
    public static SceneIndex of(String file, String text) {
        return new SceneIndex(file, text);
    }

    /** The file name the spans give. */
    public String file() {
        return file;
    }

    /** The indexed text. */
    public String text() {
        return text;
    }

    /** Everything indexed, in source order. */
    public List<Occurrence> occurrences() {
        return List.copyOf(occurrences);
    }

    /** What is at a 1-based line and column (a cursor just after a word counts as on it), if anything. */
    public Optional<Occurrence> at(int line, int column) {
        return occurrences.stream().filter(o -> o.contains(line, column)).findFirst();
    }

    /** The definitions, in source order: an outline of the file. */
    public List<Occurrence> definitions() {
        return occurrences.stream().filter(o -> o.role() == Role.DEFINITION).toList();
    }

    /** The definition of a name of a kind: the last one before {@code line}, else the first after it. */
    public Optional<Occurrence> definition(NameKind kind, String name, int line) {
        Occurrence before = null, after = null;
        for (Occurrence o : occurrences) {
            if (o.role() == Role.DEFINITION && o.kind() == kind && o.text().equals(name)) {
                if (o.span().startLine() <= line) {
                    before = o;
                } else if (after == null) {
                    after = o;
                }
            }
        }
        return Optional.ofNullable(before != null ? before : after);
    }

    /** The definition and every use of a name of a kind. */
    public List<Occurrence> occurrencesOf(NameKind kind, String name) {
        return occurrences.stream().filter(o -> o.kind() == kind && o.text().equals(name)
                && (o.role() == Role.DEFINITION || o.role() == Role.REFERENCE)).toList();
    }

    /** Names of a kind defined in this file, each once, in source order. */
    public List<String> names(NameKind kind) {
        return occurrences.stream().filter(o -> o.role() == Role.DEFINITION && o.kind() == kind).map(Occurrence::text)
                .distinct().toList();
    }

    /** The paths of the file's {@code include} lines, as written. */
    public List<Occurrence> includes() {
        return occurrences.stream().filter(o -> o.role() == Role.INCLUDE).toList();
    }

    /**
     * What the cursor at a 1-based line and column is inside: the statement, the block, and the
     * property whose value it is in, from the tokens before it (a word being typed is left out).
     */
    public Context contextAt(int line, int column) {
        int end = 0;
        while (end < tokens.size() && tokens.get(end).getType() != Token.EOF) {
            Token t = tokens.get(end);
            int tokenEnd = t.getCharPositionInLine() + t.getText().length();
            boolean before = t.getLine() < line || t.getLine() == line && tokenEnd < column - 1
                    || t.getLine() == line && tokenEnd == column - 1 && !wordLike(t);
            if (!before) {
                break;
            }
            end++;
        }
        Walker w = new Walker(end);
        w.quiet = true;
        w.walk();
        // The word being typed is left out of the context, but a number just typed is where a unit goes.
        Token typed = tokens.get(end);
        boolean afterNumber = typed.getType() == SceneLexer.NUMBER && typed.getLine() == line
                && typed.getCharPositionInLine() + typed.getText().length() == column - 1;
        Token last = end > 0 ? tokens.get(end - 1) : null;
        int lastType = last == null ? Token.EOF : last.getType();
        boolean valueEnded = w.key != null && w.depth == 0 && last != null && last.getLine() == line
                && last.getCharPositionInLine() + last.getText().length() < column - 1
                && (lastType == SceneLexer.RPAREN || lastType == SceneLexer.NUMBER || lastType == SceneLexer.QUANTITY
                || lastType == SceneLexer.IDENT || lastType == SceneLexer.STRING || lastType == SceneLexer.RBRACK);
        // After a finished value and a space, the next property comes.
        return new Context(w.atStatementStart, w.blockHead(), w.head, valueEnded ? null : w.key, w.wordsSeen, afterNumber,
                w.keysSeen);
    }

    private static boolean wordLike(Token t) {
        return t.getType() == SceneLexer.IDENT || t.getType() == SceneLexer.QUANTITY || t.getType() == SceneLexer.NUMBER
                || t.getType() >= SceneLexer.SCENE && t.getType() <= SceneLexer.STATE;
    }

    /**
     * Where a cursor is, for completion.
     *
     * @param statementStart true where a new statement may begin
     * @param block          the head of the statement whose braces the cursor is in ({@code body},
     *                       {@code state}, {@code repeat}), or null at the top level
     * @param head           the statement the cursor is in, or null at its start
     * @param key            the property whose value the cursor is in, or null
     * @param words          how many words the statement has after its head so far
     * @param afterNumber    true right after a number, where a unit may follow
     * @param keys           the keys the statement already has
     */
    public record Context(boolean statementStart, String block, String head, String key, int words, boolean afterNumber,
                          List<String> keys) {
        /** Copies the list so the record stays immutable. */
        public Context {
            keys = List.copyOf(keys);
        }
    }

    private SourceSpan span(Token t) {
        int column = t.getCharPositionInLine() + 1;
        int length = Math.max(1, t.getText().length());
        return new SourceSpan(file, t.getLine(), column, t.getLine(), column + length - 1);
    }

    /** One pass over the tokens, a statement at a time, noting what each word is. */
    private final class Walker {
        private final int end;
        private int i;
        private boolean quiet;
        private boolean atStatementStart = true;
        private String head;
        private String key;
        private int wordsSeen;
        private final List<String> keysSeen = new ArrayList<>();
        private int depth;
        /** The heads of the statements whose blocks are open. */
        private final Deque<String> blocks = new ArrayDeque<>();
        private boolean inState;

        Walker(int end) {
            this.end = end;
        }

        String blockHead() {
            for (String b : blocks) {
                if (!b.equals("repeat")) {
                    return b;
                }
            }
            return null;
        }

        private void add(Role role, NameKind kind, Token t, String name) {
            if (!quiet) {
                occurrences.add(new Occurrence(role, kind, name, span(t), head, key));
            }
        }

        private Token peek(int ahead) {
            int k = i + ahead;
            return k < end ? tokens.get(k) : null;
        }

        private int type(int ahead) {
            Token t = peek(ahead);
            return t == null ? Token.EOF : t.getType();
        }

        void walk() {
            while (i < end) {
                Token t = tokens.get(i);
                int type = t.getType();
                if (type == SceneLexer.NL) {
                    if (depth == 0) {
                        endStatement();
                    }
                    i++;
                } else if (type == SceneLexer.LBRACE) {
                    blocks.push(head == null ? "" : head);
                    inState = "state".equals(head);
                    endStatement();
                    i++;
                } else if (type == SceneLexer.RBRACE) {
                    if (!blocks.isEmpty()) {
                        blocks.pop();
                    }
                    inState = "state".equals(blocks.peek());
                    endStatement();
                    i++;
                } else if (atStatementStart) {
                    statementStart(t);
                } else {
                    inStatement(t);
                }
            }
        }

        private void endStatement() {
            atStatementStart = true;
            head = null;
            key = null;
            wordsSeen = 0;
            depth = 0;
            keysSeen.clear();
        }

        private void statementStart(Token t) {
            atStatementStart = false;
            int type = t.getType();
            if (inState && type == SceneLexer.IDENT) {
                // target.path = value: the target is a body.
                head = "state";
                add(Role.REFERENCE, NameKind.BODY, t, t.getText());
                i++;
                skipIndex();
                while (type(0) == SceneLexer.DOT && type(1) == SceneLexer.IDENT) {
                    key = key == null ? peek(1).getText() : key + "." + peek(1).getText();
                    i += 2;
                }
                return;
            }
            head = t.getText();
            add(Role.HEAD, null, t, head);
            i++;
            switch (type) {
                case SceneLexer.LET -> defineNext(NameKind.CONSTANT);
                case SceneLexer.REPEAT -> defineNext(NameKind.CONSTANT);
                case SceneLexer.STATE -> defineNext(NameKind.STATE);
                case SceneLexer.INCLUDE -> {
                    if (type(0) == SceneLexer.STRING) {
                        Token path = peek(0);
                        String quoted = path.getText();
                        String unquoted = quoted.length() >= 2 ? quoted.substring(1, quoted.length() - 1) : quoted;
                        if (!quiet) {
                            SourceSpan s = span(path);
                            occurrences.add(new Occurrence(Role.INCLUDE, null, unquoted, new SourceSpan(file, s.startLine(),
                                    s.startColumn() + 1, s.endLine(), Math.max(s.startColumn() + 1, s.endColumn() - 1)), head, null));
                        }
                        i++;
                    }
                }
                default -> {
                }
            }
        }

        private void defineNext(NameKind kind) {
            if (type(0) == SceneLexer.IDENT) {
                add(Role.DEFINITION, kind, peek(0), peek(0).getText());
                i++;
                wordsSeen++;
            }
        }

        /** Skips {@code [i, j]} after a name, indexing the constants inside it. */
        private void skipIndex() {
            if (type(0) != SceneLexer.LBRACK) {
                return;
            }
            int brackets = 0;
            while (i < end) {
                Token t = tokens.get(i);
                if (t.getType() == SceneLexer.LBRACK) {
                    brackets++;
                } else if (t.getType() == SceneLexer.RBRACK) {
                    brackets--;
                } else if (t.getType() == SceneLexer.IDENT && type(1) != SceneLexer.LPAREN) {
                    add(Role.REFERENCE, NameKind.CONSTANT, t, t.getText());
                } else if (t.getType() == SceneLexer.NL || t.getType() == SceneLexer.LBRACE) {
                    return;
                }
                i++;
                if (brackets == 0) {
                    return;
                }
            }
        }

        private void inStatement(Token t) {
            int type = t.getType();
            if (type == SceneLexer.LPAREN || type == SceneLexer.LBRACK) {
                depth++;
            } else if (type == SceneLexer.RPAREN || type == SceneLexer.RBRACK) {
                depth = Math.max(0, depth - 1);
            }
            if (type == SceneLexer.IDENT && depth == 0 && isKey()) {
                // key=value, the key possibly dotted.
                StringBuilder k = new StringBuilder(t.getText());
                int start = i;
                i++;
                while (type(0) == SceneLexer.DOT && type(1) == SceneLexer.IDENT) {
                    k.append('.').append(peek(1).getText());
                    i += 2;
                }
                key = k.toString();
                keysSeen.add(key);
                Token first = tokens.get(start);
                if (!quiet) {
                    SourceSpan s = span(first);
                    Token last = tokens.get(i - 1);
                    occurrences.add(new Occurrence(Role.KEY, null, key, new SourceSpan(file, s.startLine(), s.startColumn(),
                            s.startLine(), last.getCharPositionInLine() + last.getText().length()), head, key));
                }
                i++;
                return;
            }
            if (type == SceneLexer.IDENT && key == null && depth == 0) {
                word(t);
                return;
            }
            if (type == SceneLexer.IDENT && key != null && type(1) != SceneLexer.LPAREN) {
                NameKind kind = valueKind();
                if (kind != null) {
                    add(Role.REFERENCE, kind, t, t.getText());
                }
            } else if (type == SceneLexer.QUANTITY && !quiet) {
                String q = t.getText();
                int n = UnitTokens.numberLength(q);
                SourceSpan s = span(t);
                occurrences.add(new Occurrence(Role.UNIT, null, q.substring(n), new SourceSpan(file, s.startLine(),
                        s.startColumn() + n, s.endLine(), s.endColumn()), head, key));
            }
            i++;
        }

        private boolean isKey() {
            int k = 1;
            while (type(k) == SceneLexer.DOT && type(k + 1) == SceneLexer.IDENT) {
                k += 2;
            }
            return type(k) == SceneLexer.EQ;
        }

        /** A word after the head, before any key: a name being defined, a kind, or a name used. */
        private void word(Token t) {
            wordsSeen++;
            String name = t.getText();
            switch (head == null ? "" : head) {
                case "body" -> {
                    if (wordsSeen == 1) {
                        add(Role.DEFINITION, NameKind.BODY, t, name);
                    }
                }
                case "material" -> add(Role.DEFINITION, NameKind.MATERIAL, t, name);
                case "layer" -> add(Role.DEFINITION, NameKind.LAYER, t, name);
                case "probe" -> add(Role.DEFINITION, NameKind.PROBE, t, name);
                case "joint" -> {
                    if (wordsSeen == 2) {
                        add(Role.DEFINITION, NameKind.JOINT, t, name);
                    }
                }
                case "pair" -> add(Role.REFERENCE, NameKind.MATERIAL, t, name);
                default -> {
                }
            }
            i++;
            skipIndex();
        }

        /** What a name in the current property's value stands for, or null for a word that is no name. */
        private NameKind valueKind() {
            String word = tokens.get(i).getText();
            String k = key == null ? "" : key;
            if (k.equals("material")) {
                return NameKind.MATERIAL;
            }
            if ((k.equals("a") || k.equals("b")) && "joint".equals(head) || k.equals("body") && "probe".equals(head)) {
                return NameKind.BODY;
            }
            if (k.equals("layer") || k.equals("collides")) {
                return word.equals("all") || word.equals("none") ? null : NameKind.LAYER;
            }
            if (k.equals("joint")) {
                return NameKind.JOINT;
            }
            if (k.equals("record")) {
                return null;
            }
            Optional<SceneSchema.Property> p = head == null ? Optional.empty() : SceneSchema.property(head, k);
            if (p.isPresent() && (p.get().choices().contains(word) || p.get().kind() == SceneSchema.Kind.ON_OFF
                    || p.get().kind() == SceneSchema.Kind.WORD)) {
                return null;
            }
            return NameKind.CONSTANT;
        }
    }
}
