package org.cachelinebench.model.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Prints a {@link StructLayout} the way {@code pahole} prints a struct from DWARF: one member per line
 * with {@code /* offset size *&#47;}, holes, cache-line boundaries and the closing size summary.
 * Bit-fields show {@code /* offset:bit size *&#47;} and bit holes; a member whose type is an anonymous
 * struct or union is expanded in place, one tab deeper, as pahole does.
 *
 * <p>For a struct placed somewhere in memory, the boundaries are where the <em>real</em> lines fall:
 * pass the struct's start within its line (from {@link Placement}), and a straddle shows as a boundary
 * in the middle of the struct.
 */
public final class Pahole {
    /** Columns of a member line at the top level, tabs counted as 8: {@code \t%-26s %-21s /* offset size *&#47;}. */
    private static final int TAB = 8;
    private static final int TYPE_WIDTH = 26;
    private static final int NAME_WIDTH = 21;
    /** Where every {@code /* offset size *&#47;} comment starts, at any depth. */
    private static final int COMMENT_COLUMN = TAB + TYPE_WIDTH + 1 + NAME_WIDTH + 1;

    private Pahole() {}

    /** As pahole prints it: the struct assumed to start on a line. */
    public static String format(StructLayout s, int lineSize) {
        return format(s, lineSize, 0);
    }

    /** With the line boundaries of a struct that starts {@code startInLine} bytes into a line. */
    public static String format(StructLayout s, int lineSize, int startInLine) {
        return format(s, lineSize, startInLine, m -> "");
    }

    /**
     * The same, with a note after each member's comment: {@code annotate} gets the member with its offset
     * from the struct's start and its path as {@link StructLayout#member} takes it, and returns the note
     * ("" for none).
     */
    public static String format(StructLayout s, int lineSize, int startInLine,
                                Function<StructLayout.Member, String> annotate) {
        if (startInLine < 0 || startInLine >= lineSize) {
            throw new IllegalArgumentException("start " + startInLine + " is not inside a " + lineSize + "-byte line");
        }
        Printer p = new Printer(lineSize, startInLine, annotate);
        StringBuilder out = p.out;
        String named = s.keyword() + (s.isAnonymous() ? "" : " " + s.tag());
        boolean typedef = !s.typeName().equals(named);
        out.append(typedef ? "typedef " + named : s.typeName()).append(" {\n");
        p.body(s, 0, 1, "");
        out.append('\n');
        int lines = startInLine == 0 ? s.cacheLines(lineSize)
                : (startInLine + Math.max(s.size(), 1) - 1) / lineSize + 1;
        out.append(String.format("\t/* size: %d, cachelines: %d, members: %d */%n",
                s.size(), lines, s.members().size()));
        // The summary as pahole (dwarves' __class__fprintf) prints it, from its own hole search.
        Holes h = Holes.of(s);
        if (p.sumHoles > 0 || p.sumBitHoles > 0) {
            if (p.sumBytes > 0) {
                out.append(String.format("\t/* sum members: %d", p.sumBytes));
                if (p.sumHoles > 0) {
                    out.append(String.format(", holes: %d, sum holes: %d", h.nrHoles(), p.sumHoles));
                }
                out.append(" */\n");
            }
            if (p.sumBits > 0) {
                out.append(String.format("\t/* sum bitfield members: %d bits", p.sumBits));
                out.append(p.sumBitHoles > 0 ? String.format(", bit holes: %d, sum bit holes: %d bits", h.nrBitHoles(), p.sumBitHoles)
                        : String.format(" (%d bytes)", p.sumBits / 8));
                out.append(" */\n");
            }
        }
        if (h.padding() > 0) {
            out.append(String.format("\t/* padding: %d */%n", h.padding()));
        }
        if (p.paddings > 0) {
            out.append(String.format("\t/* paddings: %d, sum paddings: %d */%n", p.paddings, p.sumPaddings));
        }
        if (h.bitPadding() > 0) {
            out.append(String.format("\t/* bit_padding: %d bits */%n", h.bitPadding()));
        }
        if (p.forced > 0) {
            out.append(String.format("\t/* forced alignments: %d", p.forced));
            if (p.forcedHoles > 0) {
                out.append(String.format(", forced holes: %d, sum forced holes: %d", p.forcedHoles, p.sumForcedHoles));
            }
            out.append(" */\n");
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

    /** One printout's state: the boundaries announced so far and the top level's bit holes. */
    private static final class Printer {
        final StringBuilder out = new StringBuilder();
        final int lineSize;
        final int startInLine;
        final Function<StructLayout.Member, String> annotate;
        int crossed;          // boundaries already announced
        // The top level's sums, as pahole counts them.
        int sumBytes, sumBits, sumHoles, sumBitHoles, paddings, sumPaddings, forced, forcedHoles, sumForcedHoles;

        Printer(int lineSize, int startInLine, Function<StructLayout.Member, String> annotate) {
            this.lineSize = lineSize;
            this.startInLine = startInLine;
            this.annotate = annotate;
        }

        /** Prints the members of {@code s}, which starts {@code base} bytes into the printed struct, with pahole's holes. */
        void body(StructLayout s, int base, int depth, String prefix) {
            String indent = "\t".repeat(depth);
            boolean top = depth == 1;
            Holes h = Holes.of(s);
            List<String> notes = new ArrayList<>();
            hole(notes, h.preBit(), h.preByte(), top);
            boolean blank = flush(indent, notes);
            for (int i = 0; i < s.members().size(); i++) {
                StructLayout.Member local = s.members().get(i);
                StructLayout.Member m = local.movedBy(base, prefix + local.name());
                if (blank) {
                    out.append('\n');
                }
                int next;
                while ((next = boundary(crossed + 1)) <= m.start()) {
                    crossed++;
                    marker(indent, crossed, next, m.start() - next);
                }
                if (top && local.alignAttr() > 0) {
                    forced++;
                    int before = i == 0 ? h.preByte() : h.bytes()[i - 1];
                    if (before != 0) {
                        forcedHoles++;
                        sumForcedHoles += before;
                    }
                }
                if (inline(m)) {
                    out.append(indent).append(m.type().struct().keyword()).append(" {\n");
                    String inner = m.isAnonymous() ? prefix : prefix + local.name() + ".";
                    body(m.type().struct(), m.offset(), depth + 1, inner);
                    String close = "}" + (m.isAnonymous() ? "" : " " + local.name()) + ";";
                    out.append(indent).append(close)
                            .append(" ".repeat(Math.max(1, COMMENT_COLUMN - TAB * depth - close.length())))
                            .append(String.format("/* %5d %5d */", m.offset(), m.size()));
                } else {
                    String type = m.type().name();
                    String declarator = local.name() + m.type().arraySuffix();
                    // Length 0 before the last member is GNU C's zero-length array, which C writes [0] ([] must be last).
                    if (declarator.startsWith(local.name() + "[]") && local != s.members().get(s.members().size() - 1)) {
                        declarator = local.name() + "[0]" + declarator.substring(local.name().length() + 2);
                    }
                    // A pointer to a function or an array is declared around its name, as C (and pahole) write it.
                    int around = type.indexOf("(*)");
                    if (around >= 0) {
                        declarator = "(*" + declarator + ")" + type.substring(around + 3);
                        type = type.substring(0, around).stripTrailing();
                    }
                    String name = declarator
                            + (m.isBitField() ? ":" + m.bitWidth() : "")
                            + (m.alignAttr() > 0 ? " __attribute__((__aligned__(" + m.alignAttr() + ")))" : "");
                    // Deeper lines give their indent's columns up from the type, so the comments line up.
                    int typeWidth = Math.max(1, TYPE_WIDTH - TAB * (depth - 1));
                    out.append(indent).append(String.format("%-" + typeWidth + "s %-" + NAME_WIDTH + "s ",
                            type, name + ";"));
                    out.append(m.isBitField()
                            ? String.format("/* %5d:%2d %2d */", m.offset(), m.bitOffset(), m.size())
                            : String.format("/* %5d %5d */", m.offset(), m.size()));
                }
                String note = annotate.apply(m);
                if (note != null && !note.isEmpty()) {
                    out.append(' ').append(note);
                }
                out.append('\n');
                while ((next = boundary(crossed + 1)) < m.end()) {
                    crossed++;
                    marker(indent, crossed, next, m.end() - next);
                }
                if (top) {
                    if (m.isBitField()) {
                        sumBits += m.bitWidth();
                    } else {
                        sumBytes += m.size();
                    }
                }
                // In a struct, pahole notes a member of a struct type (not a typedef of one) whose struct ends in padding.
                CType t = m.type();
                int padding = !s.isUnion() && t.isStruct() && !t.isArray() && !t.struct().isUnion() && t.name().startsWith("struct")
                        ? Holes.of(t.struct()).padding() : 0;
                if (padding > 0) {
                    notes.add("XXX last struct has " + padding + " byte" + (padding == 1 ? "" : "s") + " of padding");
                    if (top) {
                        paddings++;
                        sumPaddings += padding;
                    }
                }
                hole(notes, h.bits()[i], h.bytes()[i], top);
                blank = flush(indent, notes);
            }
            if (blank && !top) {
                out.append('\n');
            }
        }

        /** A bit hole, then a byte hole, as pahole prints them (a negative byte hole is not printed). */
        private void hole(List<String> notes, int bits, int bytes, boolean top) {
            if (bits != 0) {
                notes.add("XXX " + bits + " bit" + (bits == 1 ? "" : "s") + " hole, try to pack");
                if (top) {
                    sumBitHoles += bits;
                }
            }
            if (bytes > 0) {
                notes.add("XXX " + bytes + " byte" + (bytes == 1 ? "" : "s") + " hole, try to pack");
                if (top) {
                    sumHoles += bytes;
                }
            }
        }

        /** Prints the notes after a blank line; returns whether a blank line must follow them (before a next member). */
        private boolean flush(String indent, List<String> notes) {
            if (notes.isEmpty()) {
                return false;
            }
            out.append('\n');
            notes.forEach(n -> out.append(indent).append("/* ").append(n).append(" */\n"));
            notes.clear();
            return true;
        }

        /** Struct-relative offset of the k-th line boundary (k >= 1) after the struct's start. */
        private int boundary(int k) {
            return k * lineSize - startInLine;
        }

        private void marker(String indent, int k, int at, int ago) {
            out.append(indent);
            if (ago == 0) {
                out.append(String.format("/* --- cacheline %d boundary (%d bytes) --- */%n", k, at));
            } else {
                out.append(String.format("/* --- cacheline %d boundary (%d bytes) was %d bytes ago --- */%n",
                        k, at, ago));
            }
        }
    }

    /** pahole expands a member in place when its type is an anonymous struct or union (not a typedef of one). */
    private static boolean inline(StructLayout.Member m) {
        CType t = m.type();
        return t.isStruct() && !t.isArray() && t.struct().isAnonymous() && t.name().equals(t.struct().typeName());
    }
}
