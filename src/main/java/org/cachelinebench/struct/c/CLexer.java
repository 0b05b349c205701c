package org.cachelinebench.struct.c;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits C source into preprocessing tokens: identifiers, numbers, string and character literals and
 * punctuators, with their positions. Comments are dropped (a newline inside a block comment does not
 * end a directive, as in C's translation phase 3), and so is a backslash-newline, which joins lines.
 * Any other character becomes a one-character punctuator: whether it is allowed is the parser's
 * business, so that text in a skipped {@code #ifdef} branch never fails here.
 */
public final class CLexer {
    /** Punctuators of more than one character, longest first. */
    private static final String[] MULTI = {
        "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
    };

    private final String file;
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;        // index of the first character of the current physical line
    private int logicalLine = 1;
    private boolean firstOnLine = true;

    private CLexer(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** Every token of {@code text}, ending with one {@link Token.Kind#END}. */
    public static List<Token> tokenize(String file, String text) throws InputError {
        return new CLexer(file, text).run();
    }

    private List<Token> run() throws InputError {
        List<Token> out = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length()) {
                out.add(token(Token.Kind.END, pos, pos));
                return out;
            }
            int start = pos;
            char c = text.charAt(pos);
            Token.Kind kind;
            if (Character.isLetter(c) || c == '_') {
                while (pos < text.length() && isIdentChar(text.charAt(pos))) {
                    pos++;
                }
                kind = Token.Kind.IDENT;
            } else if (Character.isDigit(c) || c == '.' && pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1))) {
                // A pp-number: digits, letters, '.', and a sign after an exponent letter.
                pos++;
                while (pos < text.length()) {
                    char d = text.charAt(pos);
                    if ((d == '+' || d == '-') && "eEpP".indexOf(text.charAt(pos - 1)) >= 0) {
                        pos++;
                    } else if (isIdentChar(d) || d == '.') {
                        pos++;
                    } else {
                        break;
                    }
                }
                kind = Token.Kind.NUMBER;
            } else if (c == '"' || c == '\'') {
                quoted(c);
                kind = c == '"' ? Token.Kind.STRING : Token.Kind.CHAR;
            } else {
                pos += punctuatorLength();
                kind = Token.Kind.PUNCT;
            }
            out.add(token(kind, start, pos));
            firstOnLine = false;
        }
    }

    private Token token(Token.Kind kind, int start, int end) {
        String spelling = text.substring(start, end).replace("\\\r\n", "").replace("\\\n", "");
        int tokenLine = line;
        int column = start - lineStart + 1;
        if (start < lineStart) {       // a token joined across a backslash-newline: place it where it began
            tokenLine = line - 1;
            column = 1;
        }
        return new Token(kind, spelling, file, tokenLine, column, start, end, logicalLine, firstOnLine);
    }

    private static boolean isIdentChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private int punctuatorLength() {
        for (String p : MULTI) {
            if (text.startsWith(p, pos)) {
                return p.length();
            }
        }
        return 1;
    }

    private void quoted(char quote) throws InputError {
        int startLine = line, startColumn = pos - lineStart + 1;
        pos++;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length()) {
                pos += 2;
                continue;
            }
            if (c == '\n') {
                break;
            }
            pos++;
            if (c == quote) {
                return;
            }
        }
        throw new InputError(file, startLine, startColumn, "missing terminating " + quote + " character");
    }

    private void skipSpaceAndComments() throws InputError {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                newline();
                logicalLine++;
                firstOnLine = true;
            } else if (c == '\\' && (text.startsWith("\\\n", pos) || text.startsWith("\\\r\n", pos))) {
                pos += text.charAt(pos + 1) == '\r' ? 2 : 1;
                newline();                  // a physical newline that does not end the logical line
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b') {
                pos++;
            } else if (text.startsWith("//", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (text.startsWith("/*", pos)) {
                int startLine = line, startColumn = pos - lineStart + 1;
                pos += 2;
                while (pos < text.length() && !text.startsWith("*/", pos)) {
                    if (text.charAt(pos) == '\n') {
                        newline();
                    } else {
                        pos++;
                    }
                }
                if (pos >= text.length()) {
                    throw new InputError(file, startLine, startColumn, "unterminated comment");
                }
                pos += 2;
            } else {
                return;
            }
        }
    }

    /** Steps over the '\n' at pos. */
    private void newline() {
        pos++;
        line++;
        lineStart = pos;
    }
}
