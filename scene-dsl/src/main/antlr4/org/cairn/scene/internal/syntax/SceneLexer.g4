/*
 * Tokens of the .scene language. Only the structural words are keywords; statement heads,
 * property names, units and enum values are IDENTs, checked by the schema, so adding a property
 * never touches the grammar. Newlines end statements, except inside ( ) and [ ], where they
 * continue the line; braces reset that depth, so one unclosed '(' cannot swallow the rest of a
 * file. A number with a unit glued to it is one QUANTITY token (9.81m/s^2, 30deg, 0.5/s); the
 * unit keeps only the symbols the unit table knows (see UnitTokens), so 37deg*k is 37deg times k.
 */
lexer grammar SceneLexer;

@members {
    private int depth = 0;
}

SCENE   : 'scene';
LET     : 'let';
REPEAT  : 'repeat';
IN      : 'in';
INCLUDE : 'include';
AS      : 'as';
STATE   : 'state';

LPAREN  : '(' { depth++; };
RPAREN  : ')' { if (depth > 0) depth--; };
LBRACK  : '[' { depth++; };
RBRACK  : ']' { if (depth > 0) depth--; };
LBRACE  : '{' { depth = 0; };
RBRACE  : '}' { depth = 0; };
COMMA   : ',';
DOTDOT  : '..';
DOT     : '.';
EQ      : '=';
PLUS    : '+';
MINUS   : '-';
STAR    : '*';
SLASH   : '/';
CARET   : '^';

QUANTITY : NUM UNIT;
NUMBER   : NUM;
STRING   : '"' (~["\\\r\n] | '\\' .)* '"';
IDENT    : [a-zA-Z_] [a-zA-Z_0-9]*;

COMMENT : '#' ~[\r\n]* -> channel(HIDDEN);
NL      : '\r'? '\n' { if (depth > 0) skip(); };
WS      : [ \t]+ -> channel(HIDDEN);
ERRCHAR : .;

fragment NUM   : DIGITS ('.' DIGITS)? ([eE] [+-]? DIGITS)?;
fragment DIGITS: [0-9]+;
fragment UNIT  : '/'? LETTERS (('/' | '*') LETTERS | '^' '-'? DIGITS)*;
fragment LETTERS : [a-zA-Z\u00B0\u00B5]+;
