package org.cachelinebench.struct.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.cachelinebench.struct.c.InputError;

/**
 * Who reads and writes which fields: the roles file, one line each,
 *
 * <pre>
 * # comment
 * allocator writes free_bytes chunk_md.*
 * reader reads base_addr
 * reader threads 2
 * </pre>
 *
 * A FIELD is a member, a nested member {@code a.b}, {@code a.*} (every field under {@code a}) or
 * {@code *} (every field). A write is a read-modify-write, as real code does; a field a role both
 * reads and writes counts as written. {@code threads N} (default 1) is how many threads play the role.
 * A line may end in a rate, {@code consumer reads head 1/64}: the accesses per operation of the role
 * (default 1), which the predicted line moves weigh ({@link TransferPrediction}) and {@code --measure}
 * runs every N-th pass; hazards do not weigh them (a rare access still shares a line).
 */
public final class Roles {
    /** The most roles one run measures (one JMH counter each). */
    public static final int MAX_ROLES = 8;
    /** The most threads one role may have. */
    public static final int MAX_THREADS = 64;

    /** One role: its name, how many threads play it, and what it touches (written wins over read). */
    public record Role(String name, int threads, Map<String, Access> accesses) {
        public boolean writes(FieldIndex.Field f) {
            Access a = accesses.get(f.path());
            return a != null && a.write();
        }
    }

    /**
     * A field a role touches, whether it writes it, and how often: the write's rate when it writes it,
     * else the read's.
     */
    public record Access(FieldIndex.Field field, boolean write, Rate rate) {
        public Access(FieldIndex.Field field, boolean write) {
            this(field, write, Rate.ONCE);
        }
    }

    /** Accesses per operation of the role, a fraction: 1/64 is once every 64 operations. */
    public record Rate(long numerator, long denominator) {
        public static final Rate ONCE = new Rate(1, 1);
        /** The most digits of a numerator or denominator: each term fits an int. */
        static final int MAX_DIGITS = 9;

        public double perOperation() {
            return (double) numerator / denominator;
        }

        @Override
        public String toString() {
            return denominator == 1 ? Long.toString(numerator) : numerator + "/" + denominator;
        }

        /** "1/64", "3/4" or "2": positive integers; null when the word is no fraction. */
        static Rate parse(String word) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1," + MAX_DIGITS + "})(?:/([0-9]{1," + MAX_DIGITS + "}))?").matcher(word);
            if (!m.matches()) {
                return null;
            }
            long n = Long.parseLong(m.group(1)), d = m.group(2) == null ? 1 : Long.parseLong(m.group(2));
            return n > 0 && d > 0 ? new Rate(n, d) : null;
        }
    }

    private final List<Role> roles;

    Roles(List<Role> roles) {
        this.roles = List.copyOf(roles);
    }

    /** No roles: the layout and straddles only. */
    public static Roles none() {
        return new Roles(List.of());
    }

    public List<Role> roles() {
        return roles;
    }

    public boolean isEmpty() {
        return roles.isEmpty();
    }

    /** The same roles on another layout of the same fields (a suggested order): fields found by path. */
    public Roles on(FieldIndex other) {
        List<Role> out = new ArrayList<>();
        for (Role r : roles) {
            Map<String, Access> a = new LinkedHashMap<>();
            for (Access x : r.accesses().values()) {
                FieldIndex.Field f = other.field(x.field().path());
                if (f == null) {
                    throw new IllegalArgumentException("the other layout has no field " + x.field().path());
                }
                a.put(f.path(), new Access(f, x.write(), x.rate()));
            }
            out.add(new Role(r.name(), r.threads(), java.util.Collections.unmodifiableMap(a)));
        }
        return new Roles(out);
    }

    /** Reads a roles file for a struct whose fields are {@code fields}; {@code what} names the struct in messages. */
    public static Roles read(Path path, String name, FieldIndex fields, String what) throws InputError {
        String text = InputError.readText(path, name);
        return parse(name, text, fields, what);
    }

    /** Parses roles text. */
    public static Roles parse(String name, String text, FieldIndex fields, String what) throws InputError {
        Map<String, Builder> byName = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            List<Word> words = words(line.replace('\r', ' '));
            if (words.isEmpty()) {
                continue;
            }
            int lineNo = i + 1;
            Word role = words.get(0);
            if (!role.text.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
                throw new InputError(name, lineNo, role.column, "'" + role.text + "' is not a role name (letters, digits, _ . -)");
            }
            if (words.size() == 1) {
                throw new InputError(name, lineNo, role.column + role.text.length(),
                        "expected 'reads', 'writes' or 'threads' after role " + role.text);
            }
            Word verb = words.get(1);
            Builder b = byName.computeIfAbsent(role.text, n -> new Builder(n, lineNo, role.column));
            switch (verb.text) {
                case "reads":
                case "writes": {
                    if (words.size() == 2) {
                        throw new InputError(name, lineNo, verb.column + verb.text.length(),
                                "role " + role.text + " " + verb.text + " nothing: name at least one field");
                    }
                    List<Word> named = words.subList(2, words.size());
                    Rate rate = Rate.ONCE;
                    Word last = named.get(named.size() - 1);
                    if (looksLikeRate(last.text)) {
                        rate = Rate.parse(last.text);
                        if (rate == null && last.text.matches("[0-9]+(/[0-9]+)?") && !last.text.matches("0+(/.*)?|.*/0+")) {
                            throw new InputError(name, lineNo, last.column, "rate '" + last.text + "' has more than "
                                    + Rate.MAX_DIGITS + " digits in a term: write it as a smaller fraction, such as 1/64");
                        }
                        if (rate == null) {
                            throw new InputError(name, lineNo, last.column, "rate '" + last.text + "' is not a fraction"
                                    + " of positive integers, such as 1/64 (accesses per operation)");
                        }
                        if (named.size() == 1) {
                            throw new InputError(name, lineNo, last.column, "role " + role.text + " " + verb.text
                                    + " nothing at rate " + last.text + ": name at least one field");
                        }
                        named = named.subList(0, named.size() - 1);
                    }
                    for (Word w : named) {
                        if (looksLikeRate(w.text)) {
                            throw new InputError(name, lineNo, w.column, "a rate goes last on its line, after the fields");
                        }
                        List<FieldIndex.Field> resolved = resolve(w, fields);
                        if (resolved == null) {
                            throw new InputError(name, lineNo, w.column, unknown(w.text, fields, what));
                        }
                        for (FieldIndex.Field f : resolved) {
                            b.touch(f, verb.text.equals("writes"), rate);
                        }
                    }
                    break;
                }
                case "threads": {
                    if (words.size() != 3) {
                        throw new InputError(name, lineNo, verb.column, "expected 'threads N' with one number");
                    }
                    Word n = words.get(2);
                    int threads;
                    try {
                        threads = Integer.parseInt(n.text);
                    } catch (NumberFormatException e) {
                        threads = -1;
                    }
                    if (threads < 1 || threads > MAX_THREADS) {
                        throw new InputError(name, lineNo, n.column, "threads must be a number from 1 to " + MAX_THREADS
                                + ", not '" + n.text + "'");
                    }
                    if (b.threadsLine > 0) {
                        throw new InputError(name, lineNo, verb.column, "threads of role " + role.text
                                + " already given on line " + b.threadsLine);
                    }
                    b.threads = threads;
                    b.threadsLine = lineNo;
                    break;
                }
                default:
                    throw new InputError(name, lineNo, verb.column,
                            "expected 'reads', 'writes' or 'threads', not '" + verb.text + "'");
            }
        }
        if (byName.isEmpty()) {
            throw new InputError(name, 0, 0, "names no role: expected lines such as 'ROLE writes FIELD...'"
                    + " (without roles, leave out --roles)");
        }
        List<Role> out = new ArrayList<>();
        for (Builder b : byName.values()) {
            if (b.accesses.isEmpty()) {
                throw new InputError(name, b.line, b.column, "role " + b.name + " reads and writes nothing");
            }
            out.add(new Role(b.name, b.threads, java.util.Collections.unmodifiableMap(b.accesses)));
        }
        if (out.size() > MAX_ROLES) {
            Builder ninth = new ArrayList<>(byName.values()).get(MAX_ROLES);
            throw new InputError(name, ninth.line, ninth.column, "more than " + MAX_ROLES + " roles");
        }
        return new Roles(out);
    }

    private static final class Builder {
        final String name;
        final int line;
        final int column;
        int threads = 1;
        int threadsLine;
        final Map<String, Access> accesses = new LinkedHashMap<>();

        Builder(String name, int line, int column) {
            this.name = name;
            this.line = line;
            this.column = column;
        }

        /** A write wins over a read, with its rate; two reads (or two writes) keep the later rate. */
        void touch(FieldIndex.Field f, boolean write, Rate rate) {
            Access old = accesses.get(f.path());
            if (old != null && old.write() && !write) {
                return;
            }
            accesses.put(f.path(), new Access(f, write, rate));
        }
    }

    /** The leaf fields a FIELD names, or null when it names nothing. */
    private static List<FieldIndex.Field> resolve(Word w, FieldIndex fields) {
        String s = w.text;
        if (s.equals("*")) {
            return fields.leavesUnder("");
        }
        if (s.endsWith(".*")) {
            String prefix = s.substring(0, s.length() - 2);
            FieldIndex.Field f = fields.field(prefix);
            if (f == null || f.leaf()) {
                return null;
            }
            return fields.leavesUnder(prefix);
        }
        FieldIndex.Field f = fields.field(s);
        if (f == null) {
            return null;
        }
        return f.leaf() ? List.of(f) : fields.leavesUnder(s);
    }

    private static String unknown(String text, FieldIndex fields, String what) {
        if (text.endsWith(".*")) {
            String prefix = text.substring(0, text.length() - 2);
            FieldIndex.Field f = fields.field(prefix);
            if (f != null) {
                return "'" + prefix + "' in " + what + " has no fields to expand with .*";
            }
            return what + " has no member '" + prefix + "'";
        }
        return what + " has no member '" + text + "'";
    }

    /** A field name starts with a letter or _; a word starting with a digit or holding '/' means a rate. */
    private static boolean looksLikeRate(String word) {
        return Character.isDigit(word.charAt(0)) || word.indexOf('/') >= 0 || word.startsWith("-") || word.startsWith(".");
    }

    private record Word(String text, int column) {}

    private static List<Word> words(String line) {
        List<Word> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(new Word(line.substring(start, i), start + 1));
            }
        }
        return out;
    }

    /** The tag after a member: "/* w: allocator *&#47;", "/* r: reader *&#47;", "/* w: a; r: b *&#47;". */
    public String memberTag(String path) {
        Map<String, String> who = new TreeMap<>();
        if (path.isEmpty() || path.endsWith(".")) {
            return "";                             // an anonymous struct or union: its members carry the tags
        }
        for (Role r : roles()) {
            for (Access a : r.accesses().values()) {
                String p = a.field().path();
                if (p.equals(path) || p.startsWith(path + ".") || p.startsWith(path + "[")) {
                    String name = r.name() + (p.equals(path) && !a.rate().equals(Rate.ONCE) ? " " + a.rate() : "");
                    who.merge(name, a.write() ? "w" : "r", (x, y) -> x.equals("w") || y.equals("w") ? "w" : "r");
                }
            }
        }
        if (who.isEmpty()) {
            return "";
        }
        List<String> w = new ArrayList<>(), rd = new ArrayList<>();
        who.forEach((role, mode) -> (mode.equals("w") ? w : rd).add(role));
        List<String> parts = new ArrayList<>();
        if (!w.isEmpty()) {
            parts.add("w: " + String.join(", ", w));
        }
        if (!rd.isEmpty()) {
            parts.add("r: " + String.join(", ", rd));
        }
        return "/* " + String.join("; ", parts) + " */";
    }
}
