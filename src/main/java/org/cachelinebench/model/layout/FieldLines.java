package org.cachelinebench.model.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which fields of a struct or object fall in which cache line, from their real addresses: what a reader needs
 * to know to see which accesses of a protocol move which line.
 */
public final class FieldLines {
    private FieldLines() {}

    /**
     * A field at a real address.
     *
     * @param name  the field's name, e.g. "flags"
     * @param start the address (or a byte index in memory whose byte 0 is on a line boundary) of its first byte
     * @param size  its size in bytes
     */
    public record Field(String name, long start, int size) {
        public Field {
            if (size < 1) {
                throw new IllegalArgumentException("field " + name + " has no bytes");
            }
        }

        public long end() {
            return start + size;
        }
    }

    /**
     * The fields by the line holding their first byte, lines ascending, fields in the order given. A naturally
     * aligned field of at most 8 bytes never spans two lines; one that does is refused.
     */
    public static Map<Long, List<String>> byLine(List<Field> fields, int lineSize) {
        Map<Long, List<String>> out = new TreeMap<>();
        for (Field f : fields) {
            long first = Math.floorDiv(f.start(), lineSize);
            long last = Math.floorDiv(f.end() - 1, lineSize);
            if (first != last) {
                throw new IllegalArgumentException("field " + f.name() + " at " + f.start() + " spans two "
                        + lineSize + "-byte lines");
            }
            out.computeIfAbsent(first, k -> new ArrayList<>()).add(f.name());
        }
        return out;
    }

    /** How many distinct lines the fields touch. */
    public static int lines(List<Field> fields, int lineSize) {
        return byLine(fields, lineSize).size();
    }

    /**
     * "llist.next, func in line 3; info, flags in line 4", with line numbers counted from the line holding byte
     * {@code origin} (0 for memory that starts on a line, the block origin for a csd block).
     */
    public static String describe(List<Field> fields, int lineSize, long origin) {
        long base = Math.floorDiv(origin, lineSize);
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Long, List<String>> e : byLine(fields, lineSize).entrySet()) {
            sb.append(sb.length() == 0 ? "" : "; ").append(String.join(", ", e.getValue())).append(" in line ")
                    .append(e.getKey() - base);
        }
        return sb.toString();
    }
}
