/*
 * Structure of the .scene language: one statement per line, each of the shape
 *     head word* key=value* { block }?
 * plus the structural statements scene, let, repeat, include and state. Expressions have the
 * usual precedence: unary minus, ^ (right-associative), * /, + -.
 */
parser grammar SceneParser;

options { tokenVocab = SceneLexer; }

// A line is a statement and its end, so an error inside it is recovered at the line, and the
// lines after it still parse; in a block the last statement may end at the closing brace. No
// semantic predicates: ANTLR evaluates them at the start of a decision, which once made every
// error inside a block look like an error at the statement's first word.
file       : (line | NL)* EOF ;
line       : statement (NL+ | EOF) ;

statement  : SCENE NUMBER                                          # sceneDecl
           | LET IDENT EQ expr                                     # letDecl
           | REPEAT IDENT IN expr DOTDOT expr block                # repeatBlock
           | INCLUDE STRING (AS IDENT)?                            # includeDecl
           | STATE IDENT LBRACE NL* (assignment (NL+ assignment)* NL*)? RBRACE  # stateBlock
           | IDENT word* property* block?                          # generic
           ;

word       : name ;
property   : IDENT (DOT IDENT)* EQ expr ;
assignment : name (DOT IDENT)* EQ expr ;
name       : IDENT (LBRACK expr (COMMA expr)* RBRACK)? ;
block      : LBRACE NL* (statement (NL+ statement)* NL*)? RBRACE ;

expr       : <assoc=right> expr CARET expr                         # power
           | MINUS expr                                            # negate
           | expr (STAR | SLASH) expr                              # product
           | expr (PLUS | MINUS) expr                              # sum
           | atom                                                  # primary
           ;

atom       : NUMBER                                                # number
           | QUANTITY                                              # quantity
           | STRING                                                # string
           | IDENT LPAREN (expr (COMMA expr)*)? RPAREN             # call
           | LPAREN expr COMMA expr (COMMA expr)* RPAREN           # tuple
           | LPAREN expr RPAREN                                    # group
           | name                                                  # reference
           ;
