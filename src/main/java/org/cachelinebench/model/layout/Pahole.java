package org.cachelinebench.model.layout;

import java.util.List;

/**
 * Prints a {@link StructLayout} the way {@code pahole} prints a struct from DWARF: one member per line
 * with {@code /* offset size *&#47;}, holes, cache-line boundaries and the closing size summary.
 *
 * <p>For a struct placed somewhere in memory, the boundaries are where the <em>real</em> lines fall:
 * pass the struct's start within its line (from {@link Placement}), and a straddle shows as a boundary
 * in the middle of the struct.
 */
public final class Pahole {
    private Pahole() {}

    /** As pahole prints it: the struct assumed to start on a line. */
    public static String format(StructLayout s, int lineSize) {
        return format(s, lineSize, 0);
    }

    /** With the line boundaries of a struct that starts {@code startInLine} bytes into a line. */
    public static String format(StructLayout s, int lineSize, int startInLine) {
        if (startInLine < 0 || startInLine >= lineSize) {
            throw new IllegalArgumentException("start " + startInLine + " is not inside a " + lineSize + "-byte line");
        }
        StringBuilder out = new StringBuilder();
        boolean typedef = !s.typeName().equals("struct " + s.tag());
        out.append(typedef ? "typedef struct " + s.tag() : s.typeName()).append(" {\n");
        List<StructLayout.Member> members = s.members();
        int crossed = 0;          // boundaries already announced
        int end = 0;              // end of the previous member
        for (StructLayout.Member m : members) {
            if (m.offset() > end) {
                // The boundaries inside a hole are announced once the next member starts.
                out.append("\n\t/* XXX ").append(m.offset() - end).append(" bytes hole, try to pack */\n\n");
            }
            int next;
            while ((next = boundary(crossed + 1, lineSize, startInLine)) <= m.offset()) {
                crossed++;
                marker(out, crossed, next, m.offset() - next);
            }
            String name = m.name() + m.type().arraySuffix()
                    + (m.alignAttr() > 0 ? " __attribute__((__aligned__(" + m.alignAttr() + ")))" : "");
            out.append(String.format("\t%-26s %-21s /* %5d %5d */%n",
                    m.type().name(), name + ";", m.offset(), m.size()));
            while ((next = boundary(crossed + 1, lineSize, startInLine)) < m.end()) {
                crossed++;
                marker(out, crossed, next, m.end() - next);
            }
            end = Math.max(end, m.end());
        }
        out.append('\n');
        int lines = startInLine == 0 ? s.cacheLines(lineSize)
                : (startInLine + Math.max(s.size(), 1) - 1) / lineSize + 1;
        out.append(String.format("\t/* size: %d, cachelines: %d, members: %d */%n",
                s.size(), lines, members.size()));
        List<StructLayout.Hole> holes = s.holes();
        if (!holes.isEmpty()) {
            int sum = holes.stream().mapToInt(StructLayout.Hole::size).sum();
            out.append(String.format("\t/* sum members: %d, holes: %d, sum holes: %d */%n",
                    s.sumMembers(), holes.size(), sum));
        }
        if (s.trailingPadding() > 0) {
            out.append(String.format("\t/* padding: %d */%n", s.trailingPadding()));
        }
        int last = (startInLine + s.size()) % lineSize;
        if (last != 0) {
            out.append(String.format("\t/* last cacheline: %d bytes */%n", last));
        }
        out.append('}');
        if (s.structAlignAttr() > 0) {
            out.append(" __attribute__((__aligned__(").append(s.structAlignAttr()).append(")))");
        }
        if (typedef) {
            out.append(' ').append(s.typeName());
            if (s.typedefAlignAttr() > 0) {
                out.append(" __attribute__((__aligned__(").append(s.typedefAlignAttr()).append(")))");
            }
        }
        out.append(";\n");
        return out.toString();
    }

    /** Struct-relative offset of the k-th line boundary (k >= 1) after the struct's start. */
    private static int boundary(int k, int lineSize, int startInLine) {
        return k * lineSize - startInLine;
    }

    private static void marker(StringBuilder out, int k, int at, int ago) {
        if (ago == 0) {
            out.append(String.format("\t/* --- cacheline %d boundary (%d bytes) --- */%n", k, at));
        } else {
            out.append(String.format("\t/* --- cacheline %d boundary (%d bytes) was %d bytes ago --- */%n",
                    k, at, ago));
        }
    }
}
