package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Groups a struct's members for a layout without false sharing: the writer of each field decides its
 * line. A member's signature is the set of roles that write it and the set that touch it. Members
 * with the same writers share lines whatever their readers: a field written by one role and read by
 * others is true sharing, which costs that field's line in any layout, so it stays with its writer's
 * other fields (classes are by writers and touchers, merged into one line where that
 * holds field by field). Members only read form the read-mostly class, except that a member read
 * by one role only may join that role's written class (its line is then the reader's own). Members
 * nobody touches are cold and fill any line. Every class gets lines of its own, so that one role's
 * writes never move another role's fields; the one exception is a class whose every collision with
 * another is on members both write (a csd's fields and its flags, written by sender and receiver):
 * their line moves anyway. Grouping by the set of roles that touch a member alone (Huron) would keep
 * an SPSC ring's head and tail together.
 */
public final class Grouping {

    /** The roles that write a member and the roles that touch it, sorted by name. */
    record Signature(List<String> writers, List<String> touchers) {
        boolean cold() { return touchers.isEmpty(); }
        boolean written() { return !writers.isEmpty(); }

        /** "written by allocator", "read by reader", "written by a, b and read by c", "not touched". */
        String describe() {
            if (cold()) {
                return "touched by no role";
            }
            List<String> readers = new ArrayList<>(touchers);
            readers.removeAll(writers);
            if (writers.isEmpty()) {
                return "read by " + String.join(", ", readers);
            }
            return "written by " + String.join(", ", writers) + (readers.isEmpty() ? "" : "; read by " + String.join(", ", readers));
        }
    }

    /**
     * A class of members that may share lines with each other.
     *
     * @param signature the members' signature (for the read-mostly class, the union of the readers)
     * @param units     unit indexes, in the order they should be laid out
     * @param readOnly  the read-mostly class
     */
    record Class(Signature signature, List<Integer> units, boolean readOnly) {
        int first() {
            return units.stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
        }
    }

    /** Classes that may share lines; {@code units} in declaration order. */
    record LineGroup(List<Class> classes, List<Integer> units) {
        boolean written() {
            return classes.stream().anyMatch(c -> c.signature().written());
        }

        /** "written by allocator", or the classes' descriptions joined. */
        String describe() {
            List<String> parts = new ArrayList<>();
            for (Class c : classes) {
                parts.add(c.signature().describe());
            }
            return String.join(" | ", parts);
        }
    }

    private final List<Signature> signatures = new ArrayList<>();   // by unit
    private final List<Class> classes;
    private final List<LineGroup> lineGroups = new ArrayList<>();
    private final List<Integer> cold = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> trueSharingNotes = new ArrayList<>();

    /**
     * {@code joinReaders}: a member only one role reads goes with the members that role alone writes,
     * where there are any (the caller compares both ways and keeps the one with fewer lines).
     */
    public Grouping(FieldIndex fields, Roles roles, boolean joinReaders) {
        this(fields, roles, joinReaders, true);
    }

    /**
     * {@code shareTrueSharing}: members written by several roles may share lines with the fields those roles
     * write (their line moves anyway); without it they get lines of their own, as the rule first says. The
     * caller lays out both and keeps the one the coherence model prefers.
     */
    public Grouping(FieldIndex fields, Roles roles, boolean joinReaders, boolean shareTrueSharing) {
        for (FieldIndex.Unit u : fields.units()) {
            signatures.add(signature(u.index(), roles));
        }
        Map<Signature, List<Integer>> written = new LinkedHashMap<>();
        Map<List<String>, List<Integer>> read = new LinkedHashMap<>();
        for (int i = 0; i < signatures.size(); i++) {
            Signature s = signatures.get(i);
            if (s.cold()) {
                cold.add(i);
            } else if (s.written()) {
                written.computeIfAbsent(s, k -> new ArrayList<>()).add(i);
            } else {
                read.computeIfAbsent(s.touchers(), k -> new ArrayList<>()).add(i);
            }
        }
        if (joinReaders) {
            for (java.util.Iterator<Map.Entry<List<String>, List<Integer>>> it = read.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<List<String>, List<Integer>> e = it.next();
                List<Integer> home = null;
                for (Map.Entry<Signature, List<Integer>> w : written.entrySet()) {
                    if (home == null && e.getKey().size() == 1 && w.getKey().writers().equals(e.getKey())) {
                        home = w.getValue();
                    }
                }
                if (home != null) {
                    home.addAll(e.getValue());
                    home.sort(null);
                    it.remove();
                }
            }
        }
        List<Class> out = new ArrayList<>();
        for (Map.Entry<Signature, List<Integer>> e : written.entrySet()) {
            out.add(new Class(e.getKey(), e.getValue(), false));
        }
        if (!read.isEmpty()) {
            List<Integer> units = new ArrayList<>();
            TreeSet<String> readers = new TreeSet<>();
            read.forEach((who, us) -> {
                units.addAll(us);                     // each reader set together, sets by first member
                readers.addAll(who);
            });
            out.add(new Class(new Signature(List.of(), List.copyOf(readers)), units, true));
        }
        out.sort(java.util.Comparator.comparingInt(Class::first));
        classes = List.copyOf(out);
        List<List<Class>> groups = new ArrayList<>();
        for (Class c : classes) {
            List<Class> home = null;
            for (List<Class> g : groups) {
                boolean alone = !shareTrueSharing && (c.signature().writers().size() > 1
                        || g.stream().anyMatch(other -> other.signature().writers().size() > 1));
                if (!alone && g.stream().allMatch(other -> mayShare(c, other, roles) && mayShare(other, c, roles))) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                groups.add(home = new ArrayList<>());
            }
            home.add(c);
        }
        for (List<Class> g : groups) {
            List<Integer> units = new ArrayList<>();
            g.forEach(c -> units.addAll(c.units()));
            if (g.size() > 1) {
                units.sort(null);                       // merged classes: declaration order
            }
            lineGroups.add(new LineGroup(List.copyOf(g), List.copyOf(units)));
        }
        explain(fields, roles);
    }

    /**
     * Whether {@code b}'s members may share a line with {@code a}'s writes: for every role writing in
     * {@code a} and every other role touching {@code b}, each of their pairs of fields has one written
     * by both (the writer writes all the other touches in {@code b}, or the other writes all the writer
     * writes in {@code a}), so that field's true sharing moves the line anyway.
     */
    private static boolean mayShare(Class a, Class b, Roles roles) {
        for (Roles.Role w : roles.roles()) {
            List<FieldIndex.Field> writes = fieldsIn(w, a, true);
            if (writes.isEmpty()) {
                continue;
            }
            for (Roles.Role t : roles.roles()) {
                List<FieldIndex.Field> touches = fieldsIn(t, b, false);
                if (w == t || touches.isEmpty()) {
                    continue;
                }
                boolean wWritesAll = touches.stream().allMatch(g -> Hazards.writesOverlapping(w, g));
                boolean tWritesAll = writes.stream().allMatch(f -> Hazards.writesOverlapping(t, f));
                if (!wWritesAll && !tWritesAll) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The fields of the class's members that the role writes ({@code written}) or touches. */
    private static List<FieldIndex.Field> fieldsIn(Roles.Role r, Class c, boolean written) {
        List<FieldIndex.Field> out = new ArrayList<>();
        for (Roles.Access a : r.accesses().values()) {
            if (c.units().contains(a.field().unit()) && (a.write() || !written)) {
                out.add(a.field());
            }
        }
        return out;
    }

    /** Line groups, in the order of their first class; each after the first needs lines of its own. */
    List<LineGroup> lineGroups() {
        return lineGroups;
    }

    /** The unit's signature. */
    Signature signature(int unit) {
        return signatures.get(unit);
    }

    /** Classes in the order of their first member's declaration. */
    List<Class> classes() {
        return classes;
    }

    /** Units no role touches, in declaration order. */
    List<Integer> cold() {
        return cold;
    }

    /** What no order of these members separates, and why. */
    public List<String> notes() {
        return notes;
    }

    /** The members several roles write, without where a layout puts them: for a report that suggests no change. */
    public List<String> trueSharingNotes() {
        return trueSharingNotes;
    }

    /** Who writes and who touches any field of the unit (an array element counts for its array). */
    private static Signature signature(int unit, Roles roles) {
        TreeSet<String> writers = new TreeSet<>(), touchers = new TreeSet<>();
        for (Roles.Role r : roles.roles()) {
            for (Roles.Access a : r.accesses().values()) {
                if (a.field().unit() == unit) {
                    touchers.add(r.name());
                    if (a.write()) {
                        writers.add(r.name());
                    }
                }
            }
        }
        return new Signature(List.copyOf(writers), List.copyOf(touchers));
    }

    private void explain(FieldIndex fields, Roles roles) {
        for (Class c : classes) {
            Signature s = c.signature();
            if (s.writers().size() > 1) {
                List<String> names = new ArrayList<>();
                for (int u : c.units()) {
                    if (writtenByTwo(u, roles)) {
                        names.add(fields.units().get(u).label(fields));
                    }
                }
                if (names.isEmpty()) {
                    continue;                           // different roles on different parts: said below
                }
                trueSharingNotes.add(String.join(", ", names) + (names.size() == 1 ? " is" : " are") + " written by "
                        + String.join(" and ", s.writers()) + ": true sharing, which no layout removes");
                boolean own = lineGroups.stream().anyMatch(g -> g.classes().equals(List.of(c)));
                notes.add(String.join(", ", names) + (names.size() == 1 ? " is" : " are") + " written by "
                        + String.join(" and ", s.writers()) + ": true sharing, which no layout removes; "
                        + (own ? (names.size() == 1 ? "it gets" : "they get") + " a line of " + (names.size() == 1 ? "its" : "their")
                        + " own" : "the fields beside " + (names.size() == 1 ? "it" : "them") + " are written by the same"
                        + " roles, whose writes move that line anyway"));
            }
        }
        for (FieldIndex.Unit u : fields.units()) {
            // Different roles on different fields of one member: its own type fixes their order.
            for (Roles.Role w : roles.roles()) {
                for (Roles.Role o : roles.roles()) {
                    if (w == o) {
                        continue;
                    }
                    List<String> wf = new ArrayList<>(), of = new ArrayList<>();
                    for (Roles.Access a : w.accesses().values()) {
                        if (a.field().unit() == u.index() && a.write() && !touches(o, a.field())) {
                            wf.add(a.field().path());
                        }
                    }
                    for (Roles.Access b : o.accesses().values()) {
                        if (b.field().unit() == u.index() && !touches(w, b.field())) {
                            of.add(b.field().path());
                        }
                    }
                    if (!wf.isEmpty() && !of.isEmpty()) {
                        notes.add(u.label(fields) + ": " + w.name() + " writes " + String.join(", ", wf) + " and "
                                + o.name() + " touches " + String.join(", ", of) + " inside it; " + inside(fields, u));
                    }
                }
            }
        }
    }

    /** Whether two roles write one field of the unit. */
    private static boolean writtenByTwo(int unit, Roles roles) {
        for (Roles.Role a : roles.roles()) {
            for (Roles.Access x : a.accesses().values()) {
                if (x.write() && x.field().unit() == unit) {
                    for (Roles.Role b : roles.roles()) {
                        if (b != a && Hazards.writesOverlapping(b, x.field())) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private static boolean touches(Roles.Role r, FieldIndex.Field f) {
        for (Roles.Access a : r.accesses().values()) {
            if (a.field().related(f)) {
                return true;
            }
        }
        return false;
    }

    /** How to separate roles inside one member. */
    private static String inside(FieldIndex fields, FieldIndex.Unit u) {
        if (fields.isArray(u.index())) {
            return "an array keeps its elements side by side, so give each element a line of its own"
                    + " (an array of a struct aligned to the line)";
        }
        return "a nested " + (u.name().isEmpty() ? "struct or union" : "member") + " keeps its type's layout, so "
                + "separate them in that type";
    }
}
