package org.cachelinebench.struct.c;

/**
 * C's integer constant expressions, as array lengths, bit-field widths, alignments, enum values and
 * {@code #if} conditions use them: integer literals, parentheses, unary {@code + - ~ !}, the binary
 * operators by C's precedence, {@code ?:}, and whatever the caller's {@link Atoms} resolve (enum
 * constants and {@code sizeof}/{@code _Alignof} in declarations; {@code defined} and macros in
 * {@code #if}). Values are 64-bit signed, as the layouts need no more.
 */
public final class ConstExpr {

    /** Operands the grammar alone does not know. */
    interface Atoms {
        /**
         * At an identifier: consume what it starts ({@code sizeof (type)}, an enum constant) and return
         * its value, or throw naming why it is not a constant.
         */
        long identifier(TokenCursor in) throws InputError;
    }

    private final TokenCursor in;
    private final Atoms atoms;

    private ConstExpr(TokenCursor in, Atoms atoms) {
        this.in = in;
        this.atoms = atoms;
    }

    /** Evaluates one conditional-expression (no commas) at the cursor. */
    static long evaluate(TokenCursor in, Atoms atoms) throws InputError {
        return new ConstExpr(in, atoms).conditional();
    }

    private long conditional() throws InputError {
        long c = binary(0);
        if (in.accept("?")) {
            long a = conditional();
            in.expect(":");
            long b = conditional();
            return c != 0 ? a : b;
        }
        return c;
    }

    private static final String[][] LEVELS = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"},
        {"*", "/", "%"},
    };

    private long binary(int level) throws InputError {
        if (level == LEVELS.length) {
            return unary();
        }
        long left = binary(level + 1);
        while (true) {
            String op = null;
            for (String o : LEVELS[level]) {
                if (in.at(o)) {
                    op = o;
                }
            }
            if (op == null) {
                return left;
            }
            Token at = in.next();
            long right = binary(level + 1);
            try {
                left = apply(op, left, right, at);
            } catch (ArithmeticException e) {
                throw new InputError(at, "overflow in a constant expression");
            }
        }
    }

    private static long apply(String op, long a, long b, Token at) throws InputError {
        switch (op) {
            case "||": return a != 0 || b != 0 ? 1 : 0;
            case "&&": return a != 0 && b != 0 ? 1 : 0;
            case "|": return a | b;
            case "^": return a ^ b;
            case "&": return a & b;
            case "==": return a == b ? 1 : 0;
            case "!=": return a != b ? 1 : 0;
            case "<": return a < b ? 1 : 0;
            case ">": return a > b ? 1 : 0;
            case "<=": return a <= b ? 1 : 0;
            case ">=": return a >= b ? 1 : 0;
            case "<<":
            case ">>":
                if (b < 0 || b > 63) {
                    throw new InputError(at, "shift count " + b + " is out of range");
                }
                return op.equals("<<") ? a << b : a >> b;
            case "+": return Math.addExact(a, b);
            case "-": return Math.subtractExact(a, b);
            case "*": return Math.multiplyExact(a, b);
            case "/":
            case "%":
                if (b == 0) {
                    throw new InputError(at, "division by zero in a constant expression");
                }
                return op.equals("/") ? a / b : a % b;
            default: throw new IllegalStateException(op);
        }
    }

    private long unary() throws InputError {
        if (in.accept("-")) {
            return -unary();
        }
        if (in.accept("+")) {
            return unary();
        }
        if (in.accept("~")) {
            return ~unary();
        }
        if (in.accept("!")) {
            return unary() == 0 ? 1 : 0;
        }
        return primary();
    }

    private long primary() throws InputError {
        Token t = in.peek();
        if (in.accept("(")) {
            long v = conditional();
            in.expect(")");
            return v;
        }
        if (t.kind() == Token.Kind.NUMBER) {
            in.next();
            return integer(t);
        }
        if (t.kind() == Token.Kind.CHAR) {
            in.next();
            return character(t);
        }
        if (t.isIdent()) {
            return atoms.identifier(in);
        }
        throw new InputError(t, "expected a constant expression before " + t.describe());
    }

    /** An integer literal: decimal, octal or hex, with any of C's u/l suffixes. */
    static long integer(Token t) throws InputError {
        String s = t.text().toLowerCase(java.util.Locale.ROOT);
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == 'u' || s.charAt(end - 1) == 'l')) {
            end--;
        }
        String digits = s.substring(0, end);
        String suffix = s.substring(end);
        if (!suffix.matches("|u|l|ul|lu|ll|ull|llu")) {
            throw new InputError(t, "invalid suffix on integer constant " + t.text());
        }
        try {
            if (digits.startsWith("0x")) {
                return Long.parseUnsignedLong(digits.substring(2), 16);
            }
            if (digits.startsWith("0b")) {
                return Long.parseUnsignedLong(digits.substring(2), 2);
            }
            if (digits.length() > 1 && digits.startsWith("0")) {
                return Long.parseUnsignedLong(digits.substring(1), 8);
            }
            return Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            throw new InputError(t, "'" + t.text() + "' is not an integer constant");
        }
    }

    private static long character(Token t) throws InputError {
        String body = t.text().substring(1, t.text().length() - 1);
        if (body.length() == 1 && body.charAt(0) != '\\') {
            return body.charAt(0);
        }
        switch (body) {
            case "\\0": return 0;
            case "\\n": return '\n';
            case "\\t": return '\t';
            case "\\\\": return '\\';
            case "\\'": return '\'';
            default: throw new InputError(t, "character constant " + t.text() + " is not supported");
        }
    }
}
