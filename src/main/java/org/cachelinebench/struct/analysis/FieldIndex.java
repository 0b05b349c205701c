package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;

/**
 * Every field a roles file can name, with the bytes it occupies: the members of a C struct (nested
 * paths "a.b", the members of anonymous structs and unions by their own names) or the fields of a Java
 * class. Fields belong to units, the top-level members a suggestion may move; a field of a nested
 * struct moves with its struct. An element of a top-level array, "count[3]", is a field too, made when
 * it is asked for: per-thread slots of one array are different fields in the same member.
 */
public final class FieldIndex {

    /**
     * A field.
     *
     * @param path  the name a roles file uses: "free_bytes", "chunk_md.scan_hint", "u_flags"
     * @param unit  index of the top-level member it belongs to
     * @param start its first byte, from the struct's (object's) start
     * @param end   one past its last byte (a bit-field: of the bytes holding its bits; a flexible array:
     *              of its first element)
     * @param leaf  false for a nested struct or union, whose own fields are listed too
     */
    public record Field(String path, int unit, int start, int end, boolean leaf) {
        public int size() {
            return end - start;
        }

        boolean overlaps(Field o) {
            return start < o.end && o.start < end;
        }

        /** Whether one is the other or holds it ("a" holds "a.b" and "a[2]"): the same storage, not two fields. */
        boolean related(Field o) {
            return holds(o) || o.holds(this);
        }

        private boolean holds(Field o) {
            return o.path.equals(path) || o.path.startsWith(path + ".") || o.path.startsWith(path + "[");
        }
    }

    /**
     * Why two different fields are one memory location, or null: bit-fields of one run of adjacent bit-fields
     * (C11 makes that run one location, and a write to one rewrites its neighbours' bits), or fields that
     * share bytes (members of a union).
     */
    public String sameWord(Field a, Field b) {
        if (a.related(b)) {
            return null;
        }
        Integer ra = bitRuns.get(a.path()), rb = bitRuns.get(b.path());
        if (ra != null && ra.equals(rb)) {
            return "bit-fields of one word";
        }
        return a.overlaps(b) ? "members of one union" : null;
    }

    /** A top-level member: what a suggestion moves. {@code name} is "" for an anonymous struct or union. */
    public record Unit(int index, String name, int start, int end) {
        /** How reports name it: its name, or "union { u_flags, a_flags }" for an anonymous one. */
        public String label(FieldIndex in) {
            if (!name.isEmpty()) {
                return name;
            }
            List<String> inner = new ArrayList<>();
            for (Field f : in.fields()) {
                if (f.unit() == index && f.path().indexOf('.') < 0) {
                    inner.add(f.path());
                }
            }
            return "{ " + String.join(", ", inner) + " }";
        }
    }

    private final List<Unit> units;
    private final Map<String, Field> byPath;
    private final Map<Integer, int[]> arrays;       // unit -> {element size, length}
    private final Map<String, Integer> bitRuns;     // a bit-field's path -> its run of adjacent bit-fields

    FieldIndex(List<Unit> units, List<Field> fields) {
        this(units, fields, Map.of(), Map.of());
    }

    private FieldIndex(List<Unit> units, List<Field> fields, Map<Integer, int[]> arrays, Map<String, Integer> bitRuns) {
        this.arrays = Map.copyOf(arrays);
        this.bitRuns = Map.copyOf(bitRuns);
        this.units = List.copyOf(units);
        Map<String, Field> m = new LinkedHashMap<>();
        for (Field f : fields) {
            m.put(f.path(), f);
        }
        this.byPath = Collections.unmodifiableMap(m);
    }

    /** The fields of a C struct. */
    public static FieldIndex of(StructLayout s) {
        List<Unit> units = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        Map<Integer, int[]> arrays = new java.util.HashMap<>();
        List<StructLayout.Member> members = s.members();
        for (int i = 0; i < members.size(); i++) {
            StructLayout.Member m = members.get(i);
            int end = end(m);
            units.add(new Unit(i, m.name(), m.start(), end));
            add(m, i, 0, "", fields);
            CType t = m.type();
            if (t.isArray() && t.element() != null && !m.isAnonymous()) {
                arrays.put(i, new int[] {t.element().size(), t.length()});
            }
        }
        Map<String, Integer> runs = new java.util.HashMap<>();
        bitRuns(s, "", runs, new int[1]);
        return new FieldIndex(units, fields, arrays, runs);
    }

    /** Numbers each run of adjacent non-zero-width bit-fields, nested types included; anything else ends a run. */
    private static void bitRuns(StructLayout s, String prefix, Map<String, Integer> out, int[] next) {
        boolean inRun = false;
        for (StructLayout.Member m : s.members()) {
            if (m.isBitField() && m.bitWidth() > 0) {
                if (!inRun || s.isUnion()) {
                    next[0]++;
                }
                inRun = true;
                if (!m.isAnonymous()) {
                    out.put(prefix + m.name(), next[0]);
                }
                continue;
            }
            inRun = false;
            if (m.type().isStruct() && !m.type().isArray()) {
                bitRuns(m.type().struct(), m.isAnonymous() ? prefix : prefix + m.name() + ".", out, next);
            }
        }
    }

    private static int end(StructLayout.Member m) {
        CType t = m.type();
        if (t.isArray() && t.length() == 0 && t.element() != null) {
            return m.offset() + t.element().size();       // a flexible array: its first element
        }
        return Math.max(m.end(), m.start() + (m.isBitField() ? 1 : 0));
    }

    private static void add(StructLayout.Member m, int unit, int base, String prefix, List<Field> out) {
        boolean nested = m.type().isStruct() && !m.type().isArray();
        if (!m.isAnonymous()) {
            out.add(new Field(prefix + m.name(), unit, base + m.start(), base + end(m), !nested));
        }
        if (nested) {
            String inner = m.isAnonymous() ? prefix : prefix + m.name() + ".";
            for (StructLayout.Member n : m.type().struct().members()) {
                add(n, unit, base + m.offset(), inner, out);
            }
        }
    }

    public List<Unit> units() {
        return units;
    }

    public List<Field> fields() {
        return List.copyOf(byPath.values());
    }

    /** The field called {@code path} ("count[3]": an element of a top-level array), or null. */
    public Field field(String path) {
        Field f = byPath.get(path);
        if (f != null || !path.endsWith("]")) {
            return f;
        }
        int open = path.indexOf('[');
        Field array = open > 0 ? byPath.get(path.substring(0, open)) : null;
        int[] shape = array == null ? null : arrays.get(array.unit());
        if (shape == null || !array.path().equals(units.get(array.unit()).name())) {
            return null;
        }
        int i;
        try {
            i = Integer.parseInt(path.substring(open + 1, path.length() - 1));
        } catch (NumberFormatException e) {
            return null;
        }
        if (i < 0 || shape[1] > 0 && i >= shape[1] || shape[1] == 0 && i > 0) {
            return null;
        }
        int start = array.start() + i * shape[0];
        return new Field(array.path() + "[" + i + "]", array.unit(), start, start + shape[0], true);
    }

    /** Whether the unit is an array (whose elements roles may name one by one). */
    public boolean isArray(int unit) {
        return arrays.containsKey(unit);
    }

    /** The leaf fields at or under {@code prefix} ("" for all of them). */
    public List<Field> leavesUnder(String prefix) {
        List<Field> out = new ArrayList<>();
        for (Field f : byPath.values()) {
            if (f.leaf() && (prefix.isEmpty() || f.path().equals(prefix) || f.path().startsWith(prefix + "."))) {
                out.add(f);
            }
        }
        return out;
    }

    /** The leaf fields of one unit. */
    public List<Field> leavesOf(int unit) {
        List<Field> out = new ArrayList<>();
        for (Field f : byPath.values()) {
            if (f.leaf() && f.unit() == unit) {
                out.add(f);
            }
        }
        return out;
    }
}
