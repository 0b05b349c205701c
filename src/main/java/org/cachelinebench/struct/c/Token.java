package org.cachelinebench.struct.c;

/**
 * One preprocessing token of a C file, with where it came from.
 *
 * @param kind        what it is
 * @param text        its spelling
 * @param file        the file's name as the user gave it, for messages
 * @param line        1-based line of its first character
 * @param column      1-based column of its first character (a tab counts as one)
 * @param start       index of its first character in the file's text
 * @param end         index after its last character; a token a macro expanded to carries the macro
 *                    use's range, so that source text cut out by range still names the macro
 * @param logicalLine the line after joining backslash-newlines: a directive is the tokens of one
 * @param firstOnLine true when nothing but space and comments precedes it on its logical line
 */
public record Token(Kind kind, String text, String file, int line, int column, int start, int end,
                    int logicalLine, boolean firstOnLine) {

    public enum Kind { IDENT, NUMBER, STRING, CHAR, PUNCT, END }

    public boolean is(String s) {
        return text.equals(s) && kind != Kind.STRING && kind != Kind.CHAR;
    }

    public boolean isIdent() {
        return kind == Kind.IDENT;
    }

    /** The same token at another token's place (a macro's replacement at the macro's use). */
    Token at(Token use) {
        return new Token(kind, text, use.file, use.line, use.column, use.start, use.end, use.logicalLine,
                use.firstOnLine);
    }

    /** How messages quote it: 'x', or "end of file". */
    public String describe() {
        return kind == Kind.END ? "end of file" : "'" + text + "'";
    }
}
