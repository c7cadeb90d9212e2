package org.cairn.scene.internal.syntax;

import java.util.ArrayDeque;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.misc.Pair;
import org.cairn.scene.internal.eval.Units;

/**
 * Where a unit ends. The lexer glues to a number every letter, '*', '/' and '^' that follows it,
 * so {@code 9.81m/s^2} is one token; this source then keeps of that unit only the symbols the unit
 * table knows: the first one always (so {@code 15meters} is a quantity with an unknown unit, which
 * gets a did-you-mean), each later {@code *SYMBOL} or {@code /SYMBOL} only if SYMBOL is a unit. The
 * rest is lexed again as ordinary tokens, so {@code 37deg*k} is 37° times the constant k and
 * {@code 1rad*cos(a)} is 1 rad times cos(a). A unit may also start with '/' ({@code 0.5/s}, a rate)
 * when the symbol after it is a unit.
 */
public final class UnitTokens implements TokenSource {
    private final SceneLexer lexer;
    private final ArrayDeque<Token> pending = new ArrayDeque<>();

    /** Reads tokens from {@code lexer}. */
    public UnitTokens(SceneLexer lexer) {
        this.lexer = lexer;
    }

    /** How many characters of a QUANTITY token's text are its number ({@code 1.5e-3} of {@code 1.5e-3kg}). */
    public static int numberLength(String text) {
        int i = 0;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        if (i + 1 < text.length() && text.charAt(i) == '.' && Character.isDigit(text.charAt(i + 1))) {
            i++;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
        }
        if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < text.length() && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                j++;
            }
            if (j < text.length() && Character.isDigit(text.charAt(j))) {
                while (j < text.length() && Character.isDigit(text.charAt(j))) {
                    j++;
                }
                i = j;
            }
        }
        return i;
    }

    /**
     * How much of {@code unit} (the text after the number) is the unit: up to the first '*' or '/'
     * whose symbol the table does not know, the first symbol always kept unless it follows a '/'.
     */
    static int unitLength(String unit) {
        int i = 0;
        boolean first = true;
        while (i < unit.length()) {
            int start = i;
            boolean separated = unit.charAt(i) == '*' || unit.charAt(i) == '/';
            if (separated) {
                i++;
            }
            int symbolStart = i;
            while (i < unit.length() && unit.charAt(i) != '*' && unit.charAt(i) != '/' && unit.charAt(i) != '^') {
                i++;
            }
            String symbol = unit.substring(symbolStart, i);
            if (!(first && !separated) && Units.symbol(symbol) == null) {
                return start;
            }
            first = false;
            if (i < unit.length() && unit.charAt(i) == '^') {
                i++;
                while (i < unit.length() && (unit.charAt(i) == '-' || Character.isDigit(unit.charAt(i)))) {
                    i++;
                }
            }
        }
        return i;
    }

    @Override
    public Token nextToken() {
        if (!pending.isEmpty()) {
            return pending.poll();
        }
        Token t = lexer.nextToken();
        if (t.getType() != SceneLexer.QUANTITY) {
            return t;
        }
        String text = t.getText();
        int number = numberLength(text);
        int keep = number + unitLength(text.substring(number));
        if (keep == text.length()) {
            return t;
        }
        CommonToken head = new CommonToken(t);
        head.setType(keep == number ? SceneLexer.NUMBER : SceneLexer.QUANTITY);
        head.setText(text.substring(0, keep));
        head.setStopIndex(t.getStartIndex() + keep - 1);
        // The rest holds only letters, digits and * / ^ -: no newline, no bracket, so lexing it
        // alone gives the tokens the whole file would have had there.
        SceneLexer rest = new SceneLexer(CharStreams.fromString(text.substring(keep)));
        rest.removeErrorListeners();
        // Each token of the rest keeps the file's source: the parser's error recovery makes the
        // tokens it finds missing from the source of the token before them, and a token without
        // one threw there (a file ending "(0, 1, 0/x", its "/x" lexed again, crashed the parser).
        Pair<TokenSource, CharStream> source = new Pair<>(t.getTokenSource(), t.getInputStream());
        for (Token r = rest.nextToken(); r.getType() != Token.EOF; r = rest.nextToken()) {
            CommonToken moved = new CommonToken(source, r.getType(), r.getChannel(),
                    t.getStartIndex() + keep + r.getStartIndex(), t.getStartIndex() + keep + r.getStopIndex());
            moved.setText(r.getText());
            moved.setLine(t.getLine());
            moved.setCharPositionInLine(t.getCharPositionInLine() + keep + r.getCharPositionInLine());
            pending.add(moved);
        }
        return head;
    }

    @Override
    public int getLine() {
        return lexer.getLine();
    }

    @Override
    public int getCharPositionInLine() {
        return lexer.getCharPositionInLine();
    }

    @Override
    public CharStream getInputStream() {
        return lexer.getInputStream();
    }

    @Override
    public String getSourceName() {
        return lexer.getSourceName();
    }

    @Override
    public void setTokenFactory(TokenFactory<?> factory) {
        lexer.setTokenFactory(factory);
    }

    @Override
    public TokenFactory<?> getTokenFactory() {
        return lexer.getTokenFactory();
    }
}
