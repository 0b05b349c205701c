package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds what costs lines. False sharing is a pair of different fields in one line, one written by a
 * role and the other touched by another role: write-write when the second role writes its field,
 * write-read when it only reads it. The pair is no hazard when one of its fields is written by both
 * roles: that field's true sharing moves the line between them anyway. Each role merely reading the
 * other's field does not excuse it (an SPSC ring's head and tail): true sharing belongs to a field
 * (written by one role, touched by another), costs that field's line in any layout, and is listed
 * per field. A
 * straddle is a member, a role's fields or the whole struct spread over more lines than its size
 * needs. Each is found at every start the placement allows (bytes into a line where the struct's first
 * byte lies); hazards that read the same at several starts are reported once, with those starts.
 */
public final class Hazards {

    /** One role's fields in a shared line: those it writes, those it only reads. */
    public record Side(String role, List<String> written, List<String> read) {
        public boolean writes() {
            return !written.isEmpty();
        }
    }

    /** A false-sharing pair: both roles write (write-write), or the second only reads (write-read). */
    public enum Kind { WRITE_WRITE, WRITE_READ }

    /**
     * Fields of two roles in one line whose accesses collide though they are different fields.
     *
     * @param kind   write-write or write-read
     * @param first  the writer (write-write: the role named first in the roles file)
     * @param firsts the fields it writes in such pairs
     * @param second the other role
     * @param seconds the fields it writes (write-write) or reads (write-read) in such pairs
     */
    public record Pair(Kind kind, String first, List<String> firsts, String second, List<String> seconds) {}

    /**
     * A line holding at least one false-sharing pair.
     *
     * @param sides     every role touching the line, with its fields there
     * @param pairs     the false-sharing pairs in it
     * @param starts    the starts at which the line holds exactly these fields
     * @param firstByte the line's first byte, from the struct's start, at the first of those starts
     *                  (negative when the line begins before the struct)
     */
    public record Sharing(List<Side> sides, List<Pair> pairs, List<Integer> starts, int firstByte) {}

    /** A field written by one role and touched by another: its line moves between them in any layout. */
    public record TrueSharing(String field, List<String> writers, List<String> readers) {}

    /**
     * Two different fields in one memory location, one written by a role and the other touched by another:
     * sharing at the word level, which line boundaries cannot help (a bit-field's write rewrites its word;
     * a union member's write overwrites the other's bytes). Layout-wide: it holds at every start.
     *
     * @param kind    write-write or write-read
     * @param writer  the role that writes {@code written} (write-write: the role named first)
     * @param written its field
     * @param other   the other role
     * @param touched the field it writes (write-write) or reads
     * @param why     "bit-fields of one word" or "members of one union"
     */
    public record WordSharing(Kind kind, String writer, String written, String other, String touched, String why) {}

    /** What straddles: a member, a role's fields, or the struct. */
    public enum What { MEMBER, ROLE, STRUCT }

    /**
     * Bytes spread over more lines than their extent needs.
     *
     * @param what   a member, a role's fields, or the struct
     * @param name   the member's path, the role's name, or the struct's name
     * @param start  first byte, from the struct's start
     * @param end    one past the last byte
     * @param lines  the lines it touches, at the first of its starts
     * @param starts the starts at which it straddles
     */
    public record Straddle(What what, String name, int start, int end, int lines, List<Integer> starts) {}

    private final List<Sharing> sharing;
    private final List<WordSharing> wordSharing;
    private final List<TrueSharing> trueSharing;
    private final List<Straddle> straddles;
    private final List<String> notes;

    private Hazards(List<Sharing> sharing, List<WordSharing> wordSharing, List<TrueSharing> trueSharing,
                    List<Straddle> straddles, List<String> notes) {
        this.sharing = List.copyOf(sharing);
        this.wordSharing = List.copyOf(wordSharing);
        this.trueSharing = List.copyOf(trueSharing);
        this.straddles = List.copyOf(straddles);
        this.notes = List.copyOf(notes);
    }

    /** The lines with false sharing. */
    public List<Sharing> falseSharing() { return sharing; }
    /** Different fields of one memory location used by different roles. */
    public List<WordSharing> wordSharing() { return wordSharing; }
    /** The fields shared for real, which no layout separates. */
    public List<TrueSharing> trueSharing() { return trueSharing; }
    public List<Straddle> straddles() { return straddles; }
    /** True sharing among the threads of one role, which no layout changes. */
    public List<String> notes() { return notes; }

    /** No false sharing, no word sharing and no straddle: nothing a layout could remove. */
    public boolean isEmpty() {
        return sharing.isEmpty() && wordSharing.isEmpty() && straddles.isEmpty();
    }

    /**
     * Every hazard of a struct of {@code size} bytes (whose name is {@code structName}) whose fields are
     * {@code fields}, for the roles, on {@code lineSize}-byte lines, at each of {@code starts}.
     */
    public static Hazards find(FieldIndex fields, Roles roles, String structName, int size, int lineSize,
                               List<Integer> starts) {
        Map<List<?>, Sharing> sharing = new LinkedHashMap<>();
        Map<String, Straddle> straddles = new LinkedHashMap<>();
        for (int start : starts) {
            int first = Math.floorDiv(start, lineSize);
            int last = Math.floorDiv(start + Math.max(size, maxEnd(fields)) - 1, lineSize);
            for (int line = first; line <= last; line++) {
                int lo = line * lineSize - start, hi = lo + lineSize;
                Sharing s = sharingIn(fields, roles, lo, hi, start);
                if (s != null) {
                    sharing.merge(List.of(s.sides(), s.pairs()), s, (a, b) -> withStart(a, start));
                }
            }
            for (FieldIndex.Unit u : fields.units()) {
                straddle(straddles, What.MEMBER, u.label(fields), u.start(), u.end(), start, lineSize);
            }
            for (FieldIndex.Field f : fields.fields()) {
                FieldIndex.Unit u = fields.units().get(f.unit());
                if (f.start() != u.start() || f.end() != u.end()) {
                    straddle(straddles, What.MEMBER, f.path(), f.start(), f.end(), start, lineSize);
                }
            }
            for (Roles.Role r : roles.roles()) {
                int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
                for (Roles.Access a : r.accesses().values()) {
                    lo = Math.min(lo, a.field().start());
                    hi = Math.max(hi, a.field().end());
                }
                Set<Integer> touched = new TreeSet<>();
                for (Roles.Access a : r.accesses().values()) {
                    touched.addAll(lines(a.field().start(), a.field().end(), start, lineSize));
                }
                if (touched.size() > needed(hi - lo, lineSize)) {
                    String key = What.ROLE + " " + r.name();
                    Straddle old = straddles.get(key);
                    straddles.put(key, old == null ? new Straddle(What.ROLE, r.name(), lo, hi, touched.size(), List.of(start))
                            : new Straddle(What.ROLE, r.name(), lo, hi, old.lines(), append(old.starts(), start)));
                }
            }
            if (size <= lineSize) {
                straddle(straddles, What.STRUCT, structName, 0, size, start, lineSize);
            }
        }
        List<String> notes = new ArrayList<>();
        for (Roles.Role r : roles.roles()) {
            List<String> written = new ArrayList<>();
            for (Roles.Access a : r.accesses().values()) {
                if (a.write()) {
                    written.add(a.field().path());
                }
            }
            if (r.threads() > 1 && !written.isEmpty()) {
                notes.add(r.name() + " runs " + r.threads() + " threads that all write " + compress(fields, written)
                        + ": true sharing among them, which no layout changes");
            }
        }
        return new Hazards(new ArrayList<>(sharing.values()), wordSharing(fields, roles), trueSharing(fields, roles),
                new ArrayList<>(straddles.values()), notes);
    }

    /** Every pair of different fields in one memory location that one role writes and another touches. */
    private static List<WordSharing> wordSharing(FieldIndex fields, Roles roles) {
        List<WordSharing> out = new ArrayList<>();
        List<Roles.Role> all = roles.roles();
        for (int i = 0; i < all.size(); i++) {
            for (int j = 0; j < all.size(); j++) {
                Roles.Role w = all.get(i), o = all.get(j);
                if (i == j) {
                    continue;
                }
                for (Roles.Access a : w.accesses().values()) {
                    for (Roles.Access b : o.accesses().values()) {
                        String why = a.write() ? fields.sameWord(a.field(), b.field()) : null;
                        if (why == null || b.write() && i > j) {
                            continue;                   // a write-write pair once, from the first role
                        }
                        out.add(new WordSharing(b.write() ? Kind.WRITE_WRITE : Kind.WRITE_READ, w.name(),
                                a.field().path(), o.name(), b.field().path(), why));
                    }
                }
            }
        }
        return out;
    }

    private static int maxEnd(FieldIndex fields) {
        return fields.fields().stream().mapToInt(FieldIndex.Field::end).max().orElse(1);
    }

    private static Sharing withStart(Sharing s, int start) {
        return new Sharing(s.sides(), s.pairs(), append(s.starts(), start), s.firstByte());
    }

    private static List<Integer> append(List<Integer> list, int value) {
        List<Integer> out = new ArrayList<>(list);
        if (!out.contains(value)) {
            out.add(value);
        }
        return List.copyOf(out);
    }

    /** Lines needed at least for {@code bytes} contiguous bytes. */
    private static int needed(int bytes, int lineSize) {
        return Math.max(1, (bytes + lineSize - 1) / lineSize);
    }

    private static Set<Integer> lines(int from, int to, int start, int lineSize) {
        Set<Integer> out = new TreeSet<>();
        if (to <= from) {
            return out;
        }
        for (int l = Math.floorDiv(start + from, lineSize); l <= Math.floorDiv(start + to - 1, lineSize); l++) {
            out.add(l);
        }
        return out;
    }

    private static void straddle(Map<String, Straddle> out, What what, String name, int from, int to, int start,
                                 int lineSize) {
        int n = lines(from, to, start, lineSize).size();
        if (to > from && n > needed(to - from, lineSize)) {
            String key = what + " " + name;
            Straddle old = out.get(key);
            out.put(key, old == null ? new Straddle(what, name, from, to, n, List.of(start))
                    : new Straddle(what, name, from, to, old.lines(), append(old.starts(), start)));
        }
    }

    /** The false-sharing pairs in struct bytes [lo, hi) with every role's fields there, or null when there is none. */
    private static Sharing sharingIn(FieldIndex fields, Roles roles, int lo, int hi, int start) {
        Map<Roles.Role, List<FieldIndex.Field>> touched = new LinkedHashMap<>();
        for (Roles.Role r : roles.roles()) {
            for (Roles.Access a : r.accesses().values()) {
                FieldIndex.Field f = a.field();
                if (f.start() < hi && f.end() > lo) {
                    touched.computeIfAbsent(r, k -> new ArrayList<>()).add(f);
                }
            }
        }
        List<Roles.Role> in = new ArrayList<>(touched.keySet());
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            for (int j = 0; j < in.size(); j++) {
                if (i == j) {
                    continue;
                }
                Roles.Role w = in.get(i), o = in.get(j);
                Set<String> wr = new LinkedHashSet<>(), or = new LinkedHashSet<>();     // write-read, w writes
                Set<String> ww1 = new LinkedHashSet<>(), ww2 = new LinkedHashSet<>();   // write-write, i < j
                for (FieldIndex.Field f : touched.get(w)) {
                    if (!w.writes(f)) {
                        continue;
                    }
                    for (FieldIndex.Field g : touched.get(o)) {
                        if (f.overlaps(g)) {
                            continue;               // one location: word sharing (or the same field), listed apart
                        }
                        if (writesOverlapping(w, g) || writesOverlapping(o, f)) {
                            continue;               // one of the two is written by both: its true sharing moves the line
                        }
                        if (!o.writes(g)) {
                            wr.add(f.path());
                            or.add(g.path());
                        } else if (i < j) {         // a write-write pair once, from the first role
                            ww1.add(f.path());
                            ww2.add(g.path());
                        }
                    }
                }
                if (!ww1.isEmpty()) {
                    pairs.add(new Pair(Kind.WRITE_WRITE, w.name(), ordered(fields, ww1), o.name(), ordered(fields, ww2)));
                }
                if (!wr.isEmpty()) {
                    pairs.add(new Pair(Kind.WRITE_READ, w.name(), ordered(fields, wr), o.name(), ordered(fields, or)));
                }
            }
        }
        if (pairs.isEmpty()) {
            return null;
        }
        pairs.sort(java.util.Comparator.comparing(Pair::kind));
        List<Side> sides = new ArrayList<>();
        for (Map.Entry<Roles.Role, List<FieldIndex.Field>> e : touched.entrySet()) {
            List<String> written = new ArrayList<>(), read = new ArrayList<>();
            for (FieldIndex.Field f : e.getValue()) {
                (e.getKey().writes(f) ? written : read).add(f.path());
            }
            sides.add(new Side(e.getKey().name(), compress(fields, written), compress(fields, read)));
        }
        return new Sharing(sides, pairs, List.of(start), lo);
    }

    /**
     * Whether the role writes {@code g} itself, a field holding it or one inside it. A union member over it
     * is another field (word sharing), not the same one.
     */
    static boolean writesOverlapping(Roles.Role r, FieldIndex.Field g) {
        for (Roles.Access a : r.accesses().values()) {
            if (a.write() && a.field().related(g)) {
                return true;
            }
        }
        return false;
    }

    /** Paths in layout order, compressed. */
    private static List<String> ordered(FieldIndex fields, Set<String> paths) {
        List<String> out = new ArrayList<>(paths);
        out.sort(java.util.Comparator.comparingInt((String p) -> fields.field(p).start()));
        return compress(fields, out);
    }

    /** Every field written by one role and touched by another, in layout order. */
    private static List<TrueSharing> trueSharing(FieldIndex fields, Roles roles) {
        Map<String, FieldIndex.Field> accessed = new LinkedHashMap<>();
        for (Roles.Role r : roles.roles()) {
            for (Roles.Access a : r.accesses().values()) {
                accessed.putIfAbsent(a.field().path(), a.field());
            }
        }
        List<TrueSharing> out = new ArrayList<>();
        for (FieldIndex.Field f : accessed.values()) {
            List<String> writers = new ArrayList<>(), readers = new ArrayList<>();
            for (Roles.Role r : roles.roles()) {
                Roles.Access own = r.accesses().get(f.path());
                if (own != null) {
                    (own.write() ? writers : readers).add(r.name());
                }
            }
            if (!writers.isEmpty() && writers.size() + readers.size() > 1) {
                out.add(new TrueSharing(f.path(), writers, readers));
            }
        }
        out.sort(java.util.Comparator.comparingInt((TrueSharing t) -> accessed.get(t.field()).start()));
        return out;
    }

    /**
     * Field paths as a reader wants them: a unit whose every leaf is listed is named once ("chunk_md"
     * for its eight fields).
     */
    static List<String> compress(FieldIndex fields, List<String> paths) {
        Set<String> given = new LinkedHashSet<>(paths);
        List<String> out = new ArrayList<>();
        Set<Integer> named = new LinkedHashSet<>();
        for (String p : paths) {
            FieldIndex.Field f = fields.field(p);
            FieldIndex.Unit u = fields.units().get(f.unit());
            List<FieldIndex.Field> leaves = fields.leavesOf(u.index());
            boolean nested = !(leaves.size() == 1 && leaves.get(0).path().equals(u.name()));
            boolean all = !u.name().isEmpty() && nested && leaves.stream().allMatch(l -> given.contains(l.path()));
            if (all) {
                if (named.add(u.index())) {
                    out.add(u.name());
                }
            } else {
                out.add(p);
            }
        }
        return out;
    }
}
