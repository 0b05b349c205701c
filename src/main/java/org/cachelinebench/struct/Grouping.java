package org.cachelinebench.struct;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Huron's idea on a declared struct: group the members by who touches them. A member's signature is the
 * set of roles that write it and the set that touch it at all. Members nobody touches are <em>cold</em>
 * (free to fill any line); members only read form one read-mostly class (kept together by reader set);
 * members with the same writers and touchers form a written class.
 *
 * <p>Classes then go into line groups, first fit in order: a class joins a group when no role that
 * writes in the merged group would share its lines with another role that touches none of what it
 * writes there. So a written class is kept from every other role's fields (false sharing), but
 * classes whose roles already share a field (true sharing: one writes what the other reads or writes)
 * are not padded apart, since their line moves between those roles anyway; that sharing is stated,
 * with why, instead.
 */
final class Grouping {

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
    private final List<java.util.Set<String>> meets = new ArrayList<>(); // by unit: "writer>toucher" pairs sharing a field
    private final List<Class> classes;
    private final List<LineGroup> lineGroups = new ArrayList<>();
    private final List<Integer> cold = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Grouping(FieldIndex fields, Roles roles) {
        for (FieldIndex.Unit u : fields.units()) {
            signatures.add(signature(fields.leavesOf(u.index()), roles));
            meets.add(meets(fields.leavesOf(u.index()), roles));
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
                List<Class> merged = new ArrayList<>(g);
                merged.add(c);
                if (noFalseSharing(merged, meets)) {
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
     * True when classes may share a line: every role writing in them and every other role touching them
     * meet at a field there (the second touches what the first writes), so the line holds no field whose
     * sharing a layout could avoid.
     */
    private static boolean noFalseSharing(List<Class> classes, List<java.util.Set<String>> meets) {
        TreeSet<String> writers = new TreeSet<>(), touchers = new TreeSet<>();
        java.util.Set<String> met = new java.util.HashSet<>();
        for (Class c : classes) {
            writers.addAll(c.signature().writers());
            touchers.addAll(c.signature().touchers());
            for (int u : c.units()) {
                met.addAll(meets.get(u));
            }
        }
        for (String w : writers) {
            for (String t : touchers) {
                if (!w.equals(t) && !met.contains(w + ">" + t)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The pairs "writer>toucher" of roles where the toucher touches a field the writer writes (they overlap). */
    private static java.util.Set<String> meets(List<FieldIndex.Field> leaves, Roles roles) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (Roles.Role w : roles.roles()) {
            for (Roles.Role t : roles.roles()) {
                if (w == t) {
                    continue;
                }
                for (FieldIndex.Field f : leaves) {
                    Roles.Access a = w.accesses().get(f.path());
                    if (a == null || !a.write()) {
                        continue;
                    }
                    for (FieldIndex.Field g : leaves) {
                        if (t.accesses().containsKey(g.path()) && f.overlaps(g)) {
                            out.add(w.name() + ">" + t.name());
                        }
                    }
                }
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
    List<String> notes() {
        return notes;
    }

    private static Signature signature(List<FieldIndex.Field> leaves, Roles roles) {
        TreeSet<String> writers = new TreeSet<>(), touchers = new TreeSet<>();
        for (Roles.Role r : roles.roles()) {
            for (FieldIndex.Field f : leaves) {
                Roles.Access a = r.accesses().get(f.path());
                if (a != null) {
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
            if (c.readOnly() || s.writers().equals(s.touchers()) && s.writers().size() == 1) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (int u : c.units()) {
                names.add(fields.units().get(u).label(fields));
            }
            List<String> readers = new ArrayList<>(s.touchers());
            readers.removeAll(s.writers());
            String what = String.join(", ", names);
            if (s.writers().size() > 1) {
                notes.add(what + (names.size() == 1 ? " is" : " are") + " written by " + String.join(" and ", s.writers())
                        + ": true sharing, which no layout separates (not padded apart)");
            } else {
                notes.add(what + (names.size() == 1 ? " is" : " are") + " written by " + s.writers().get(0) + " and read by "
                        + String.join(", ", readers) + ": true sharing (they read what it writes), which no layout separates"
                        + " (not padded apart)");
            }
        }
        for (FieldIndex.Unit u : fields.units()) {
            List<FieldIndex.Field> leaves = fields.leavesOf(u.index());
            if (leaves.size() < 2) {
                continue;
            }
            // Different roles on different fields of one nested struct: its own type fixes their order.
            for (Roles.Role w : roles.roles()) {
                for (Roles.Role o : roles.roles()) {
                    if (w == o) {
                        continue;
                    }
                    List<String> wf = new ArrayList<>(), of = new ArrayList<>();
                    for (FieldIndex.Field f : leaves) {
                        Roles.Access a = w.accesses().get(f.path());
                        Roles.Access b = o.accesses().get(f.path());
                        if (a != null && a.write() && b == null) {
                            wf.add(f.path());
                        }
                        if (b != null && a == null) {
                            of.add(f.path());
                        }
                    }
                    if (!wf.isEmpty() && !of.isEmpty()) {
                        notes.add(u.label(fields) + ": " + w.name() + " writes " + String.join(", ", wf) + " and "
                                + o.name() + " touches " + String.join(", ", of) + " inside it; a nested "
                                + (u.name().isEmpty() ? "struct or union" : "member") + " keeps its type's layout, so "
                                + "separate them in that type");
                    }
                }
            }
        }
    }
}
