package org.cachelinebench.struct.c;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of C's preprocessor that headers declaring data need: {@code #ifdef}, {@code #ifndef},
 * {@code #if}/{@code #elif} (integer expressions with {@code defined} and {@code IS_ENABLED}),
 * {@code #else}, {@code #endif}, object-like {@code #define}/{@code #undef} (expanded in the text), and
 * the {@code -D} definitions of the command line. {@code #include}, {@code #pragma}, {@code #line} and
 * {@code #warning} are skipped. A function-like macro may be defined (headers define many) but not used
 * where a declaration is read, except the annotations the parser knows itself ({@code __aligned(N)} and
 * the like), whose definitions are ignored so that a header written for gcc reads the same here.
 */
public final class Preprocessor {
    /** Macro definitions: name to replacement tokens; null replacement for a function-like macro. */
    private final Map<String, List<Token>> macros = new LinkedHashMap<>();
    private final Set<String> functionLike = new HashSet<>();

    /** Names the parser gives a meaning of their own; their #defines in a file do not apply. */
    static final Set<String> BUILTIN_ANNOTATIONS = Set.of(
            "__attribute__", "__attribute", "__aligned", "__packed", "____cacheline_aligned",
            "____cacheline_aligned_in_smp", "__cacheline_aligned", "__cacheline_aligned_in_smp",
            "__counted_by", "__randomize_layout", "__no_randomize_layout");

    /**
     * @param defines the {@code -D} options: "NAME" (defined as 1) or "NAME=VALUE"
     */
    public Preprocessor(List<String> defines) throws InputError {
        for (String d : defines) {
            int eq = d.indexOf('=');
            String name = eq < 0 ? d : d.substring(0, eq);
            String value = eq < 0 ? "1" : d.substring(eq + 1);
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new InputError("struct", 0, 0, "-D " + d + ": '" + name + "' is not a macro name");
            }
            List<Token> tokens = new ArrayList<>(CLexer.tokenize("-D " + d, value));
            tokens.remove(tokens.size() - 1);
            macros.put(name, tokens);
        }
    }

    /** Runs the directives of one file and expands its macros; returns what the parser reads, ending with END. */
    public List<Token> process(List<Token> in) throws InputError {
        List<Token> out = new ArrayList<>();
        Deque<Conditional> stack = new ArrayDeque<>();
        int i = 0;
        while (i < in.size()) {
            Token t = in.get(i);
            if (t.kind() == Token.Kind.END) {
                if (!stack.isEmpty()) {
                    throw new InputError(stack.peek().opened, "unterminated #" + stack.peek().opened.text());
                }
                out.add(t);
                return out;
            }
            if (t.is("#") && t.firstOnLine()) {
                int j = i + 1;
                while (in.get(j).kind() != Token.Kind.END && in.get(j).logicalLine() == t.logicalLine()) {
                    j++;
                }
                directive(in.subList(i + 1, j), t, stack);
                i = j;
                continue;
            }
            int j = i;
            while (in.get(j).kind() != Token.Kind.END && !(in.get(j).is("#") && in.get(j).firstOnLine())) {
                j++;
            }
            if (active(stack)) {
                expand(in.subList(i, j), out, new HashSet<>());
            }
            i = j;
        }
        throw new IllegalStateException("token list without END");
    }

    /** Whether a macro is defined now (after the file ran, its final state). */
    public boolean isDefined(String name) {
        return macros.containsKey(name);
    }

    /** Expands the macros in tokens of another text (the suggested struct) with this file's definitions. */
    public List<Token> expandOnly(List<Token> in) throws InputError {
        List<Token> out = new ArrayList<>();
        expand(in.subList(0, in.size() - 1), out, new HashSet<>());
        out.add(in.get(in.size() - 1));
        return out;
    }

    private static boolean active(Deque<Conditional> stack) {
        return stack.isEmpty() || stack.peek().active;
    }

    /** One open #if group. */
    private static final class Conditional {
        final Token opened;
        final boolean outerActive;
        boolean active;
        boolean taken;
        boolean elseSeen;

        Conditional(Token opened, boolean outerActive, boolean condition) {
            this.opened = opened;
            this.outerActive = outerActive;
            this.active = outerActive && condition;
            this.taken = condition;
        }
    }

    private void directive(List<Token> line, Token hash, Deque<Conditional> stack) throws InputError {
        if (line.isEmpty()) {
            return;                                   // the null directive
        }
        Token name = line.get(0);
        List<Token> args = line.subList(1, line.size());
        boolean on = active(stack);
        switch (name.text()) {
            case "ifdef":
            case "ifndef": {
                boolean condition = false;
                if (on) {
                    Token macro = single(name, args);
                    condition = macros.containsKey(macro.text()) == name.is("ifdef");
                }
                stack.push(new Conditional(name, on, condition));
                return;
            }
            case "if":
                stack.push(new Conditional(name, on, on && condition(name, args)));
                return;
            case "elif": {
                Conditional c = open(stack, name);
                if (c.elseSeen) {
                    throw new InputError(name, "#elif after #else");
                }
                boolean condition = c.outerActive && !c.taken && condition(name, args);
                c.active = c.outerActive && condition;
                c.taken |= condition;
                return;
            }
            case "else": {
                Conditional c = open(stack, name);
                if (c.elseSeen) {
                    throw new InputError(name, "#else after #else");
                }
                c.elseSeen = true;
                c.active = c.outerActive && !c.taken;
                c.taken = true;
                return;
            }
            case "endif":
                open(stack, name);
                stack.pop();
                return;
            default:
                break;
        }
        if (!on) {
            return;                                   // anything else in a skipped group is skipped
        }
        switch (name.text()) {
            case "define":
                define(name, args);
                return;
            case "undef":
                macros.remove(single(name, args).text());
                functionLike.remove(args.get(0).text());
                return;
            case "include":
            case "include_next":
            case "pragma":
            case "line":
            case "warning":
            case "ident":
                return;
            case "error":
                throw new InputError(name, "#error" + (args.isEmpty() ? "" : " " + text(args)));
            default:
                throw new InputError(name, "unknown directive #" + name.text());
        }
    }

    private static Conditional open(Deque<Conditional> stack, Token directive) throws InputError {
        if (stack.isEmpty()) {
            throw new InputError(directive, "#" + directive.text() + " without #if");
        }
        return stack.peek();
    }

    private static Token single(Token directive, List<Token> args) throws InputError {
        if (args.isEmpty() || !args.get(0).isIdent()) {
            throw new InputError(args.isEmpty() ? directive : args.get(0),
                    "#" + directive.text() + " needs a macro name");
        }
        if (args.size() > 1) {
            throw new InputError(args.get(1), "extra tokens after #" + directive.text() + " " + args.get(0).text());
        }
        return args.get(0);
    }

    private void define(Token directive, List<Token> args) throws InputError {
        if (args.isEmpty() || !args.get(0).isIdent()) {
            throw new InputError(args.isEmpty() ? directive : args.get(0), "#define needs a macro name");
        }
        Token name = args.get(0);
        boolean function = args.size() > 1 && args.get(1).is("(") && args.get(1).start() == name.end();
        if (function) {
            functionLike.add(name.text());
            macros.put(name.text(), null);
        } else {
            functionLike.remove(name.text());
            macros.put(name.text(), List.copyOf(args.subList(1, args.size())));
        }
    }

    /** Evaluates an #if or #elif condition. */
    private boolean condition(Token directive, List<Token> args) throws InputError {
        if (args.isEmpty()) {
            throw new InputError(directive, "#" + directive.text() + " with no expression");
        }
        List<Token> resolved = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Token t = args.get(i);
            boolean isDefined = t.is("defined");
            boolean isEnabled = t.is("IS_ENABLED") || t.is("IS_BUILTIN");
            if (isDefined || isEnabled) {
                boolean paren = i + 1 < args.size() && args.get(i + 1).is("(");
                int at = i + (paren ? 2 : 1);
                if (at >= args.size() || !args.get(at).isIdent() || paren && (at + 1 >= args.size() || !args.get(at + 1).is(")"))
                        || isEnabled && !paren) {
                    throw new InputError(t, t.text() + " needs a macro name" + (isEnabled ? " in parentheses" : ""));
                }
                String m = args.get(at).text();
                boolean value = isDefined ? macros.containsKey(m)
                        : macros.containsKey(m) || t.is("IS_ENABLED") && macros.containsKey(m + "_MODULE");
                resolved.add(new Token(Token.Kind.NUMBER, value ? "1" : "0", t.file(), t.line(), t.column(), t.start(),
                        t.end(), t.logicalLine(), false));
                i = at + (paren ? 1 : 0);
            } else {
                resolved.add(t);
            }
        }
        List<Token> expanded = new ArrayList<>();
        expand(resolved, expanded, new HashSet<>(), true);
        Token last = args.get(args.size() - 1);
        expanded.add(new Token(Token.Kind.END, "", last.file(), last.line(), last.column() + last.text().length(),
                last.end(), last.end(), last.logicalLine(), false));
        TokenCursor in = new TokenCursor(expanded);
        long v = ConstExpr.evaluate(in, c -> {
            Token id = c.next();
            if (c.at("(")) {
                throw new InputError(id, "function-like macro " + id.text() + " is not supported in #"
                        + directive.text());
            }
            return 0;                                 // an identifier left after expansion is 0, as in C
        });
        if (!in.atEnd()) {
            throw new InputError(in.peek(), "unexpected " + in.peek().describe() + " in #" + directive.text());
        }
        return v != 0;
    }

    private void expand(List<Token> in, List<Token> out, Set<String> expanding) throws InputError {
        expand(in, out, expanding, false);
    }

    /**
     * Copies tokens to {@code out}, replacing object-like macros (recursively; a macro is not expanded
     * inside its own expansion). Replacement tokens carry the place of the macro's use.
     */
    private void expand(List<Token> in, List<Token> out, Set<String> expanding, boolean inCondition)
            throws InputError {
        for (int i = 0; i < in.size(); i++) {
            Token t = in.get(i);
            if (!t.isIdent() || !macros.containsKey(t.text()) || expanding.contains(t.text())
                    || BUILTIN_ANNOTATIONS.contains(t.text())) {
                out.add(t);
                continue;
            }
            if (functionLike.contains(t.text())) {
                boolean call = i + 1 < in.size() && in.get(i + 1).is("(");
                if (call && !inCondition) {
                    throw new InputError(t, "function-like macro " + t.text() + " is not supported here; "
                            + "write what it expands to");
                }
                out.add(t);                           // its name alone is no invocation
                continue;
            }
            List<Token> replacement = new ArrayList<>();
            for (Token r : macros.get(t.text())) {
                replacement.add(r.at(t));
            }
            expanding.add(t.text());
            expand(replacement, out, expanding, inCondition);
            expanding.remove(t.text());
        }
    }

    private static String text(List<Token> tokens) {
        StringBuilder sb = new StringBuilder();
        for (Token t : tokens) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.toString();
    }
}
