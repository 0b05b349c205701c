package org.cachelinebench.struct.guard;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;

/**
 * What the roles need of every layout of one struct or class, whatever its order: each pair of different
 * fields, one written by a role and the other touched by another role, in different lines (the
 * false-sharing pairs {@link Hazards} finds when the whole struct is one line, so the same rule and the
 * same exceptions), and each member whose line moves between threads kept in one line.
 *
 * @param apart the pairs, write-write first, each unordered pair once
 * @param whole the members to keep in one line; a null member is the whole struct
 */
record LineRequirements(List<Apart> apart, List<Whole> whole) {

    /** Two fields in different lines; a side says who touches the field: "written by producer". */
    record Apart(String a, String aSide, String b, String bSide) {
        /** "head (written by producer) and tail (written by consumer)". */
        String describe() {
            return a + " (" + aSide + ") and " + b + " (" + bSide + ")";
        }
    }

    /** A member in one line ({@code member} null: the struct), with who touches it: "written by sender, receiver". */
    record Whole(String member, String side) {}

    /** What one layout keeps of the needs, wherever it starts at a multiple of {@code step}, and what it breaks. */
    record Kept(List<Apart> apart, List<Whole> whole, List<Apart> brokenApart, List<Whole> brokenWhole) {
        boolean isEmpty() {
            return apart.isEmpty() && whole.isEmpty();
        }

        boolean breaksNothing() {
            return brokenApart.isEmpty() && brokenWhole.isEmpty();
        }
    }

    boolean isEmpty() {
        return apart.isEmpty() && whole.isEmpty();
    }

    /**
     * The needs of the roles (bound to {@code fields}) on a struct of {@code size} bytes. A member (a unit)
     * needs keeping whole when {@code canStraddle} says its type could straddle (it is larger than its own
     * alignment) and at least two threads touch it, one of them writing; the struct, when it fits in a line
     * and is larger than {@code naturalAlign}. What must be apart is never kept whole.
     */
    static LineRequirements of(FieldIndex fields, Roles roles, int size, int lineSize, IntPredicate canStraddle,
                               int naturalAlign) {
        int end = size;
        for (FieldIndex.Field f : fields.fields()) {
            end = Math.max(end, f.end());
        }
        int oneLine = Integer.highestOneBit(Math.max(1, end)) * 2;
        Hazards all = Hazards.find(fields, roles, "", size, oneLine, List.of(0));
        List<Apart> apart = new ArrayList<>();
        Set<List<String>> seen = new LinkedHashSet<>();
        for (Hazards.Sharing s : all.falseSharing()) {
            for (Hazards.Pair p : s.pairs()) {
                String bVerb = p.kind() == Hazards.Kind.WRITE_WRITE ? "written by " : "read by ";
                for (String a : p.firsts()) {
                    for (String b : p.seconds()) {
                        FieldIndex.Field x = fields.field(a), y = fields.field(b);
                        boolean overlap = x.start() < y.end() && y.start() < x.end();
                        List<String> key = a.compareTo(b) < 0 ? List.of(a, b) : List.of(b, a);
                        if (!overlap && seen.add(key)) {
                            apart.add(new Apart(a, "written by " + p.first(), b, bVerb + p.second()));
                        }
                    }
                }
            }
        }
        // What must be apart cannot lie in one line: the struct is kept whole only when nothing in it must be
        // apart, a member only when no pair lies inside it.
        List<Whole> whole = new ArrayList<>();
        if (apart.isEmpty() && size <= lineSize && size > naturalAlign) {
            String side = movedBetweenThreads(roles, f -> true);
            if (side != null) {
                whole.add(new Whole(null, side));
            }
        }
        for (FieldIndex.Unit u : fields.units()) {
            boolean split = apart.stream().anyMatch(p -> fields.field(p.a()).unit() == u.index()
                    && fields.field(p.b()).unit() == u.index());
            if (u.name().isEmpty() || u.end() - u.start() > lineSize || !canStraddle.test(u.index()) || split) {
                continue;
            }
            String side = movedBetweenThreads(roles, f -> f.unit() == u.index());
            if (side != null) {
                whole.add(new Whole(u.name(), side));
            }
        }
        return new LineRequirements(List.copyOf(apart), List.copyOf(whole));
    }

    /**
     * "written by A, B; read by C" for the fields {@code in} selects, when at least two threads touch them
     * and one writes; otherwise null (their line stays in one cache).
     */
    private static String movedBetweenThreads(Roles roles, java.util.function.Predicate<FieldIndex.Field> in) {
        List<String> writers = new ArrayList<>(), readers = new ArrayList<>();
        int threads = 0;
        for (Roles.Role r : roles.roles()) {
            boolean touches = false, writes = false;
            for (Roles.Access a : r.accesses().values()) {
                if (in.test(a.field())) {
                    touches = true;
                    writes |= a.write();
                }
            }
            if (touches) {
                threads += r.threads();
                (writes ? writers : readers).add(r.name());
            }
        }
        if (writers.isEmpty() || threads < 2) {
            return null;
        }
        return "written by " + String.join(", ", writers) + (readers.isEmpty() ? "" : "; read by " + String.join(", ", readers));
    }

    /** What a layout with these fields and size keeps when it starts at any multiple of {@code step}. */
    Kept on(FieldIndex fields, int size, int step, int lineSize) {
        List<Apart> kept = new ArrayList<>(), broken = new ArrayList<>();
        for (Apart p : apart) {
            FieldIndex.Field a = fields.field(p.a()), b = fields.field(p.b());
            (Lines.apart(a.start(), a.end(), b.start(), b.end(), step, lineSize) ? kept : broken).add(p);
        }
        List<Whole> keptWhole = new ArrayList<>(), brokenWhole = new ArrayList<>();
        for (Whole w : whole) {
            boolean ok;
            if (w.member() == null) {
                ok = Lines.whole(0, size, step);
            } else {
                FieldIndex.Field m = fields.field(w.member());
                ok = Lines.whole(m.start(), m.end(), step);
            }
            (ok ? keptWhole : brokenWhole).add(w);
        }
        return new Kept(List.copyOf(kept), List.copyOf(keptWhole), List.copyOf(broken), List.copyOf(brokenWhole));
    }
}
