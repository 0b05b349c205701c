package org.cachelinebench.struct.c;

import java.util.List;

/** Reads a token list front to back; the last token is always {@link Token.Kind#END}. */
public final class TokenCursor {
    private final List<Token> tokens;
    private int pos;

    TokenCursor(List<Token> tokens) {
        if (tokens.isEmpty() || tokens.get(tokens.size() - 1).kind() != Token.Kind.END) {
            throw new IllegalArgumentException("token list must end with END");
        }
        this.tokens = tokens;
    }

    Token peek() {
        return tokens.get(pos);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(pos);
        if (t.kind() != Token.Kind.END) {
            pos++;
        }
        return t;
    }

    /** The token just consumed. */
    Token previous() {
        return tokens.get(Math.max(0, pos - 1));
    }

    boolean at(String text) {
        return peek().is(text);
    }

    boolean atEnd() {
        return peek().kind() == Token.Kind.END;
    }

    /** Consumes the token if it is {@code text}. */
    boolean accept(String text) {
        if (at(text)) {
            pos++;
            return true;
        }
        return false;
    }

    Token expect(String text) throws InputError {
        if (!at(text)) {
            throw new InputError(peek(), "expected '" + text + "' before " + peek().describe());
        }
        return next();
    }

    Token expectIdent(String what) throws InputError {
        if (!peek().isIdent()) {
            throw new InputError(peek(), "expected " + what + " before " + peek().describe());
        }
        return next();
    }
}
