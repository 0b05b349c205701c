package org.cachelinebench.struct.c;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.model.layout.StructLayout;

/**
 * A struct as pahole prints it from DWARF ({@code pahole -C NAME}, with or without {@code -E}), read
 * back as C: its member lines are declarations, so they become a header that the tool's own parser
 * lays out. Types pahole expands ({@code -E}) are defined from their expansion; types it only names
 * are defined opaquely, with the size pahole prints and an alignment read off their offset and size
 * (noted: {@code -E} gives the real one). The header's layout must then equal pahole's, member by
 * member: pahole is the compiler's view, and any difference is an error, not a guess.
 */
public final class PaholeText {
    private PaholeText() {}

    /** The struct read back, and what was inferred rather than read. */
    public record Read(CHeader header, Struct struct, List<String> notes) {}

    private static final Pattern START = Pattern.compile("^(?:typedef\\s+)?(?:(?:const|volatile)\\s+)*(struct|union)\\s*([A-Za-z_]\\w*)?\\s*\\{$");
    /** An enum pahole prints with its enumerators (an anonymous one, as a member's type). */
    private static final Pattern ENUM_START = Pattern.compile("^(?:(?:const|volatile)\\s+)*enum\\s*([A-Za-z_]\\w*)?\\s*\\{$");
    /** An unnamed bit-field of non-zero width: padding that pahole prints without offsets. */
    private static final Pattern UNNAMED_BITS = Pattern.compile("^([A-Za-z_][\\w ]*?)\\s+:\\s*(\\d+)\\s*;");
    private static final Pattern OFFSET = Pattern.compile("/\\*\\s*(\\d+)(?::\\s*(\\d+))?\\s+(\\d+)\\s*\\*/\\s*$");
    private static final Pattern SIZE = Pattern.compile("/\\*\\s*size:\\s*(\\d+),");
    private static final Pattern TYPEDEF_NOTE = Pattern.compile("^/\\*\\s*typedef\\s+([A-Za-z_]\\w*)(?:\\s*->\\s*\\w+)*\\s*\\*/\\s*");
    private static final Pattern ATTRIBUTE = Pattern.compile("__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\)");
    private static final Pattern ARRAY_OF_FUNCTION_POINTERS = Pattern.compile("\\(\\*(\\w+)\\)(\\([^()]*\\))((?:\\[\\d*\\])+)");
    /** "} __attribute__((__aligned__(32))) inner[2] __attribute__((__aligned__(32)));": type attribute, name, dims, member attribute. */
    private static final Pattern BLOCK_CLOSE = Pattern.compile("^}\\s*(__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\))?"
            + "\\s*([A-Za-z_]\\w*)?((?:\\[\\d*\\])*)\\s*((?:\\s*__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\))*)\\s*;");
    /** "} node __attribute__((...))[17];": pahole 1.24 prints a member's attribute before its dimensions. */
    private static final Pattern ATTRIBUTE_BEFORE_DIMS = Pattern.compile(
            "([A-Za-z_]\\w*)\\s*(__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\))\\s*((?:\\[\\d*\\])+)");
    private static final Pattern TAGGED = Pattern.compile("\\b(struct|union|enum)\\s+([A-Za-z_]\\w*)");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_]\\w*");
    private static final Set<String> C_WORDS = Set.of("struct", "union", "enum", "const", "volatile", "signed",
            "unsigned", "short", "long", "int", "char", "void", "float", "double", "_Bool", "__int128", "restrict",
            "__restrict", "typedef", "__attribute__", "__aligned__", "__packed__");

    /**
     * One member line (or block) of pahole's output, as C, with pahole's offset for it; {@code line} (its
     * line in the text) names it for a repair. An expanded anonymous block is printed from {@code block}.
     */
    private record Member(String decl, String name, int offset, int bitOffset, int size, int line, List<Member> inner,
                          Block block) {
        Member(String decl, String name, int offset, int bitOffset, int size, int line) {
            this(decl, name, offset, bitOffset, size, line, List.of(), null);
        }
    }

    /** An expanded struct or union: "KEYWORD [TAG] { inner } TYPEATTR", and after it its declarator. */
    private record Block(String keyword, String tag, String typeAttr, String declarator) {}

    /** A hoisted definition: fixed text (a scalar typedef), or a block printed with the repairs of its members. */
    private record Definition(String text, Member block, String typedefName) {}

    /** Reads pahole's text; {@code wanted} ("pcpu_chunk", "struct pcpu_chunk" or null) must be the struct it shows. */
    public static Read read(String file, String text, String wanted) throws InputError {
        String[] lines = text.split("\n", -1);
        int first = 0;
        while (first < lines.length && lines[first].isBlank()) {
            first++;
        }
        if (first == lines.length) {
            throw new InputError(file, 0, 0, "is empty: no pahole output");
        }
        Matcher start = START.matcher(lines[first].strip());
        if (!start.matches()) {
            throw new InputError(file, first + 1, 1, "not pahole output: expected 'struct NAME {' (pahole -C NAME), got '"
                    + abbreviate(lines[first].strip()) + "'");
        }
        String keyword = start.group(1);
        String tag = start.group(2);
        boolean typedef = lines[first].strip().startsWith("typedef");
        PaholeText.Reader r = new Reader(file, lines);
        r.at = first + 1;
        List<Member> members = r.body(0);
        String close = r.closing;
        if (close == null) {
            throw new InputError(file, lines.length, 1, "truncated pahole output: the closing '};' of " + keyword + " "
                    + (tag == null ? "" : tag) + " is missing");
        }
        if (r.size < 0 && keyword.equals("struct")) {     // pahole gives a union no summary
            throw new InputError(file, r.at, 1, "truncated pahole output: no '/* size: N, ... */' summary before the closing '};'");
        }
        String typedefName = null;
        Matcher closing = BLOCK_CLOSE.matcher(close);
        if (!closing.find()) {
            throw new InputError(file, r.at, 1, "truncated pahole output: expected '};' to close the struct, got '"
                    + abbreviate(close) + "'");
        }
        if (typedef) {
            typedefName = closing.group(2);
        } else if (closing.group(2) != null) {
            throw new InputError(file, r.at, 1, "not pahole output of a struct: '" + abbreviate(close) + "' declares a member");
        }
        String shown = tag != null ? keyword + " " + tag : typedefName != null ? typedefName : keyword + " (anonymous)";
        if (wanted != null) {
            String w = wanted.trim();
            boolean same = w.equals(shown) || w.equals(tag) || w.equals(typedefName);
            if (!same) {
                throw new InputError(file, first + 1, 1, "pahole output of " + shown + ", not of " + w);
            }
        }
        String opaque = r.opaque();
        // pahole leaves out what some layouts need (a packed attribute beside an aligned one, an unnamed
        // zero-width bit-field, a typedef's lowered alignment, a zero-size member's alignment): where a member
        // lands elsewhere than pahole says, at any depth, it gets the attribute that puts it there, and the
        // output says so. Repairs are keyed by the member's line in pahole's text.
        Matcher aligned = Pattern.compile("__aligned__\\s*\\(\\s*(\\d+)\\s*\\)")
                .matcher(closing.group(1) == null ? "" : closing.group(1));
        int structAlign = aligned.find() ? Integer.parseInt(aligned.group(1)) : 0;
        Map<Integer, String> repairs = new LinkedHashMap<>(r.presets);
        Map<Integer, Member> repaired = new LinkedHashMap<>();
        boolean packStruct = false;
        CHeader header;
        Struct s;
        while (true) {
            StringBuilder c = new StringBuilder();
            c.append(typedef ? "typedef " : "").append(keyword).append(tag == null ? "" : " " + tag).append(" {\n");
            for (Member m : members) {
                c.append('\t').append(render(m, repairs)).append(";\n");
            }
            c.append('}').append(closing.group(1) == null ? "" : " " + closing.group(1))
                    .append(packStruct ? " __attribute__((packed))" : "")
                    .append(typedefName == null ? "" : " " + typedefName).append(";\n");
            header = CHeader.parse(file + " (as C)", opaque + r.definitions(repairs) + c, List.of());
            s = header.find(tag != null ? keyword + " " + tag : typedefName);
            Misplaced x = misplaced(s.layout(), members, 0);
            if (x == null && !packStruct && r.size >= 0 && r.size < s.layout().size()) {
                packStruct = true;                  // pahole gives the size of a packed struct, not its attribute
                r.notes.add("pahole's text does not say why " + shown + " is only " + r.size + " bytes: read back"
                        + " as packed, which it is");
                continue;
            }
            if (x == null || repairs.containsKey(x.member().line()) || x.member().name().isEmpty()) {
                break;
            }
            String repair = repair(x.member(), x.want(), x.have(), structAlign);
            if (repair == null) {
                break;                              // verify names the member and both offsets
            }
            repairs.put(x.member().line(), repair);
            repaired.put(x.member().line(), x.member());
        }
        for (Map.Entry<Integer, String> e : repairs.entrySet()) {
            Member m = repaired.get(e.getKey());
            if (m == null) {
                continue;                           // printed by pahole, not inferred
            }
            r.notes.add("pahole's text does not say what puts " + m.name() + " at " + m.offset() + ": read back with '"
                    + e.getValue().strip() + "' " + (e.getValue().endsWith(":0; ") ? "before" : "on") + " it, which does");
        }
        verify(file, s.layout(), members, 0, "");
        if (r.size >= 0 && s.layout().size() != r.size) {
            throw new InputError(file, 0, 0, "pahole gives size " + r.size + ", read back as C it is " + s.layout().size());
        }
        return new Read(header, s, r.notes);
    }

    /**
     * Every member where pahole put it, nested ones too where pahole expanded them (their offsets are
     * from the outer struct's start, as pahole prints them); {@code base} is where {@code layout} starts.
     */
    private static void verify(String file, StructLayout layout, List<Member> members, int base, String prefix)
            throws InputError {
        List<StructLayout.Member> got = shown(layout);
        if (got.size() != members.size()) {
            throw new InputError(file, 0, 0, "read back as C " + (prefix.isEmpty() ? "it" : prefix) + " has " + got.size()
                    + " members, pahole shows " + members.size());
        }
        for (int i = 0; i < got.size(); i++) {
            StructLayout.Member g = got.get(i);
            Member p = members.get(i);
            if (p.offset() < 0) {
                continue;                           // unnamed padding bits: pahole gives no offset
            }
            boolean bits = p.bitOffset() >= 0;
            long want = bits ? 8L * p.offset() + p.bitOffset() : 8L * p.offset();
            long have = 8L * base + g.firstBit();
            String name = prefix + (p.name().isEmpty() ? "" : p.name());
            if (have != want || !bits && !g.type().isArray() && g.size() != p.size()) {
                throw new InputError(file, p.line(), 1, "pahole puts " + (name.isEmpty() ? "this member" : name)
                        + " at " + where(want, bits) + " (" + p.size() + " bytes), read back as C it lies at "
                        + where(have, bits) + " (" + g.size() + " bytes)");
            }
            if (!p.inner().isEmpty() && g.type().isStruct() && !g.type().isArray()) {
                verify(file, g.type().struct(), p.inner(), base + g.offset(), name.isEmpty() ? prefix : name + ".");
            }
        }
    }

    /** The members pahole prints: all but unnamed zero-width bit-fields. */
    private static List<StructLayout.Member> shown(StructLayout layout) {
        return layout.members().stream().filter(m -> !(m.isBitField() && m.bitWidth() == 0 && m.name().isEmpty())).toList();
    }

    /** A member not where pahole put it: pahole's bit and the read-back's, both from the outer struct's start. */
    private record Misplaced(Member member, long want, long have) {}

    /** The first member, depth first in order, not where pahole put it, or null; {@code base} is where {@code layout} starts. */
    private static Misplaced misplaced(StructLayout layout, List<Member> members, int base) {
        List<StructLayout.Member> got = shown(layout);
        for (int i = 0; i < Math.min(got.size(), members.size()); i++) {
            Member p = members.get(i);
            if (p.offset() < 0) {
                continue;
            }
            StructLayout.Member g = got.get(i);
            long want = 8L * p.offset() + Math.max(0, p.bitOffset());
            long have = 8L * base + g.firstBit();
            if (have != want) {
                return new Misplaced(p, want, have);
            }
            if (!p.inner().isEmpty() && g.type().isStruct() && !g.type().isArray()) {
                Misplaced inner = misplaced(g.type().struct(), p.inner(), base + g.offset());
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /**
     * The attribute that puts {@code m} at pahole's bit {@code want} rather than {@code have}, or null where
     * none does. Too late: packed. Too early: a zero-size member or flexible array (the kernel's
     * {@code __cacheline_group_begin_aligned} markers, which pahole prints without their attribute) takes the
     * smallest alignment that lands it there, or the struct's own where that lands it there too (the kernel
     * aligns its group markers to the cache line, and that alignment is what the struct's shows); another
     * member an unnamed zero-width bit-field, which moves it to its type's boundary without aligning the struct.
     */
    private static String repair(Member m, long want, long have, int structAlign) {
        if (want < have) {
            return " __attribute__((packed))";
        }
        if (m.bitOffset() > 0 || m.offset() <= 0) {
            return null;
        }
        long gap = (want - have) / 8;
        long lowest = Long.lowestOneBit(want / 8);
        if (m.size() == 0) {
            if (want % 8 != 0 || have % 8 != 0) {
                return null;
            }
            // the smallest power of two A dividing the offset with roundUp(have, A) == want: A > gap
            long a = Long.highestOneBit(gap) << 1;
            if (structAlign > a && structAlign <= lowest) {
                a = structAlign;
            }
            return a <= lowest ? " __attribute__((aligned(" + a + ")))" : null;
        }
        String[] types = {"char", "short", "int", "long"};
        int size = (int) Math.min(8, lowest);
        return types[Integer.numberOfTrailingZeros(size)] + " :0; ";
    }

    /** A member's declaration with its repair (an anonymous block's members with theirs). */
    private static String render(Member m, Map<Integer, String> repairs) {
        String decl = m.decl();
        if (m.block() != null) {
            Block b = m.block();
            decl = blockText(b, m.inner(), repairs) + (b.declarator().isEmpty() ? "" : " " + b.declarator());
        }
        String repair = repairs.getOrDefault(m.line(), "");
        return repair.endsWith(":0; ") ? repair + decl : decl + repair;
    }

    /** "KEYWORD [TAG] { members; } TYPEATTR". */
    private static String blockText(Block b, List<Member> inner, Map<Integer, String> repairs) {
        StringBuilder body = new StringBuilder();
        for (Member x : inner) {
            body.append(' ').append(render(x, repairs)).append(';');
        }
        return b.keyword() + (b.tag() == null ? "" : " " + b.tag()) + " {" + body + " }" + b.typeAttr();
    }

    private static String where(long bit, boolean bits) {
        return bits ? (bit / 8) + ":" + (bit % 8) : Long.toString(bit / 8);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** Walks the lines; collects the types the members name and the definitions {@code -E} expands. */
    private static final class Reader {
        final String file;
        final String[] lines;
        int at;
        int size = -1;
        String closing;
        final List<String> notes = new ArrayList<>();
        /** Hoisted definitions of expanded tagged or typedef'd types, innermost first. */
        final Map<String, Definition> definitions = new LinkedHashMap<>();
        /** Types named by value: name -> {size of one element, offset}, for opaque definitions. */
        final Map<String, int[]> byValue = new LinkedHashMap<>();
        final Set<String> named = new LinkedHashSet<>();
        /** Unnamed zero-width bit-fields pahole printed, by the line of the member after them. */
        final Map<Integer, String> presets = new LinkedHashMap<>();
        private String zeroWidth;

        Reader(String file, String[] lines) {
            this.file = file;
            this.lines = lines;
        }

        /** Members up to the closing brace of the block that starts before {@code at}; depth 0 is the struct. */
        List<Member> body(int depth) throws InputError {
            List<Member> out = new ArrayList<>();
            while (at < lines.length) {
                int lineNo = at + 1;
                String raw = lines[at++];
                String line = raw.strip();
                if (line.isEmpty()) {
                    continue;
                }
                if (line.startsWith("/*")) {
                    Matcher size = SIZE.matcher(line);
                    if (depth == 0 && size.find()) {
                        this.size = Integer.parseInt(size.group(1));
                    }
                    Matcher note = TYPEDEF_NOTE.matcher(line);
                    if (!note.find() || note.end() == line.length()) {
                        continue;                   // a comment line: holes, boundaries, the summary
                    }
                }
                if (line.startsWith("}")) {
                    if (depth == 0) {
                        closing = line;
                    } else {
                        at--;
                    }
                    return out;
                }
                String typedefName = null;
                Matcher note = TYPEDEF_NOTE.matcher(line);
                if (note.find()) {
                    typedefName = note.group(1);
                    line = line.substring(note.end());
                }
                if (ENUM_START.matcher(line).matches()) {
                    out.add(enumBlock(line, lineNo));
                    continue;
                }
                if (line.endsWith("{")) {
                    out.add(block(line, typedefName, depth, lineNo));
                    continue;
                }
                if (line.matches("[A-Za-z_][\\w ]*:\\s*0\\s*;")) {
                    // an unnamed zero-width bit-field, which pahole prints without offsets: it goes before the next member
                    zeroWidth = line.substring(0, line.indexOf(':')).strip() + " :0; ";
                    continue;
                }
                Matcher unnamed = UNNAMED_BITS.matcher(line);
                if (unnamed.find() && !OFFSET.matcher(line).find()) {
                    // unnamed padding bits, which pahole prints without offsets: laid out, not checked
                    out.add(new Member(tidy(unnamed.group(1)) + " :" + unnamed.group(2), "", -1, -1, 0, lineNo));
                    continue;
                }
                Matcher off = OFFSET.matcher(line);
                if (!off.find()) {
                    throw new InputError(file, lineNo, 1, "not a pahole member line (no '/* offset size */'): '"
                            + abbreviate(line) + "'");
                }
                String decl = line.substring(0, off.start()).strip();
                if (!decl.endsWith(";")) {
                    throw new InputError(file, lineNo, 1, "not a pahole member line (no ';'): '" + abbreviate(line) + "'");
                }
                decl = decl.substring(0, decl.length() - 1).strip();
                decl = ARRAY_OF_FUNCTION_POINTERS.matcher(decl).replaceAll("(*$1$3)$2");   // pahole 1.24's spelling
                decl = tidy(decl);
                int offset = Integer.parseInt(off.group(1));
                int bit = off.group(2) == null ? -1 : Integer.parseInt(off.group(2));
                int bytes = Integer.parseInt(off.group(3));
                String name = memberName(decl);
                if (typedefName != null && scalar(decl, name)) {
                    String target = typeOf(decl, name);
                    definitions.putIfAbsent(typedefName, new Definition("typedef " + target + " " + typedefName + ";", null, null));
                    decl = typedefName + " " + decl.substring(target.length()).strip();
                }
                uses(decl, name, bytes, offset);
                if (zeroWidth != null) {
                    presets.put(lineNo, zeroWidth);
                    zeroWidth = null;
                }
                out.add(new Member(decl, name, offset, bit, bytes, lineNo));
            }
            return out;
        }

        /** An expanded struct or union: a tagged or typedef'd one is hoisted and named, an anonymous one stays inline. */
        private Member block(String open, String typedefName, int depth, int lineNo) throws InputError {
            Matcher m = START.matcher(open);
            if (!m.matches()) {
                throw new InputError(file, lineNo, 1, "not a pahole line: '" + abbreviate(open) + "'");
            }
            String keyword = m.group(1), tag = m.group(2);
            List<Member> inner = body(depth + 1);
            if (at >= lines.length) {
                throw new InputError(file, lines.length, 1, "truncated pahole output: a nested " + keyword + " is not closed");
            }
            int closeNo = at + 1;
            String close = ATTRIBUTE_BEFORE_DIMS.matcher(lines[at++].strip()).replaceFirst("$1$3 $2");
            Matcher off = OFFSET.matcher(close);
            Matcher name = BLOCK_CLOSE.matcher(close);
            if (!off.find() || !name.find()) {
                throw new InputError(file, closeNo, 1, "truncated pahole output: expected '} NAME; /* offset size */', got '"
                        + abbreviate(close) + "'");
            }
            String typeAttr = name.group(1) == null ? "" : " " + name.group(1);
            String member = name.group(2) == null ? "" : name.group(2);
            String dims = name.group(3) + (name.group(4) == null || name.group(4).isBlank() ? "" : " " + name.group(4).strip());
            int offset = Integer.parseInt(off.group(1)), bytes = Integer.parseInt(off.group(3));
            Block b = new Block(keyword, tag, typeAttr, member.isEmpty() ? "" : member + dims);
            Member self = new Member("", member, offset, -1, bytes, lineNo, inner, null);
            String decl;
            if (tag != null) {
                definitions.putIfAbsent(keyword + " " + tag, new Definition(null, withBlock(self, b), null));
                decl = keyword + " " + tag + (member.isEmpty() ? "" : " " + member + dims);
            } else if (typedefName != null) {
                definitions.putIfAbsent(typedefName, new Definition(null, withBlock(self, b), typedefName));
                decl = typedefName + " " + member + dims;
            } else {
                return withBlock(self, b);
            }
            named.add(tag == null ? typedefName : keyword + " " + tag);
            return new Member(decl, member, offset, -1, bytes, lineNo, inner, null);
        }

        /** An enum with its enumerators, kept inline in the member's declaration. */
        private Member enumBlock(String open, int lineNo) throws InputError {
            StringBuilder values = new StringBuilder();
            while (at < lines.length && !lines[at].strip().startsWith("}")) {
                String v = lines[at++].strip();
                if (!v.isEmpty() && !v.startsWith("/*")) {
                    values.append(' ').append(v.endsWith(",") ? v : v + ",");
                }
            }
            if (at >= lines.length) {
                throw new InputError(file, lines.length, 1, "truncated pahole output: an enum is not closed");
            }
            int closeNo = at + 1;
            String close = ATTRIBUTE_BEFORE_DIMS.matcher(lines[at++].strip()).replaceFirst("$1$3 $2");
            Matcher off = OFFSET.matcher(close);
            Matcher name = BLOCK_CLOSE.matcher(close);
            if (!off.find() || !name.find()) {
                throw new InputError(file, closeNo, 1, "truncated pahole output: expected '} NAME; /* offset size */', got '"
                        + abbreviate(close) + "'");
            }
            String member = name.group(2) == null ? "" : name.group(2);
            String dims = name.group(3) + (name.group(4) == null || name.group(4).isBlank() ? "" : " " + name.group(4).strip());
            String head = open.substring(0, open.length() - 1).strip();
            String decl = head + " {" + values + " }" + (name.group(1) == null ? "" : " " + name.group(1))
                    + (member.isEmpty() ? "" : " " + member + dims);
            return new Member(decl, member, Integer.parseInt(off.group(1)), -1, Integer.parseInt(off.group(3)), lineNo);
        }

        /** Notes the types a declaration names that the file does not define. */
        private void uses(String decl, String name, int bytes, int offset) {
            int declarator = name.isEmpty() ? -1 : decl.lastIndexOf(name);
            String typePart = declarator < 0 ? decl : decl.substring(0, declarator) + decl.substring(declarator + name.length());
            String outside = typePart.replaceAll("\\)\\s*\\([^()]*\\)", ")");       // a function pointer's parameters
            boolean bitField = outside.matches(".*:\\s*\\d+\\s*$");
            boolean pointer = outside.contains("*");
            int elements = 1;
            Matcher dims = Pattern.compile("\\[(\\d*)\\]").matcher(outside);
            while (dims.find()) {
                elements *= dims.group(1).isEmpty() ? 0 : Integer.parseInt(dims.group(1));
            }
            int element = elements == 0 ? 0 : bytes / elements;
            Matcher t = TAGGED.matcher(outside);
            Set<String> seen = new LinkedHashSet<>();
            while (t.find()) {
                seen.add(t.group(1) + " " + t.group(2));
            }
            String rest = TAGGED.matcher(outside).replaceAll(" ");
            Matcher id = IDENT.matcher(rest);
            while (id.find()) {
                String w = id.group();
                if (!C_WORDS.contains(w)) {
                    seen.add(w);
                }
            }
            for (String type : seen) {
                if (pointer) {
                    named.add(type);                  // a pointer needs the name declared, not the type's size
                } else {
                    byValue.putIfAbsent(type, new int[] {element, offset, elements == 0 ? 1 : 0, bitField ? 1 : 0});
                }
            }
        }

        /** An inline member for an anonymous block: printed from its parts, with its members' repairs. */
        private static Member withBlock(Member m, Block b) {
            return new Member(m.decl(), m.name(), m.offset(), m.bitOffset(), m.size(), m.line(), m.inner(), b);
        }

        /**
         * Opaque definitions for every type the members use by value that neither the builtins nor an
         * expansion define, of the size pahole shows; then the names only pointed to.
         */
        String opaque() throws InputError {
            CHeader builtins = CHeader.parse("<builtin>", "", List.of());
            StringBuilder out = new StringBuilder();
            List<String> opaque = new ArrayList<>();
            for (Map.Entry<String, int[]> e : byValue.entrySet()) {
                String type = e.getKey();
                if (definitions.containsKey(type) || builtins.knows(type)) {
                    continue;
                }
                int size = e.getValue()[0], offset = e.getValue()[1];
                boolean flexible = e.getValue()[2] == 1, bitField = e.getValue()[3] == 1;
                int align = Integer.lowestOneBit(size | 8);
                align = Math.min(align, offset == 0 ? 8 : Integer.lowestOneBit(offset | 8));
                String ident = type.replaceAll("\\W", "_");
                if (size == 0 && !flexible) {
                    // an empty type (a tracker compiled out): GNU C's empty struct, 0 bytes, aligned 1
                    out.append(type.contains(" ") ? type + " { };\n" : "typedef struct { } " + type + ";\n");
                    opaque.add(type + " (0 bytes)");
                    continue;
                }
                if (size == 0) {
                    size = align;                   // a flexible array's element: its size does not matter here
                }
                if (type.startsWith("enum ")) {
                    if (size != 1 && size != 2 && size != 4 && size != 8) {
                        throw new InputError(file, 0, 0, type + " is " + size + " bytes: an enum is 1, 2, 4 or 8");
                    }
                    String value = size == 8 ? " = 0x100000000" : size == 2 ? " = 0x100" : "";
                    out.append(type).append(" { __").append(ident).append("_opaque").append(value).append(" }")
                            .append(size < 4 ? " __attribute__((packed))" : "").append(";\n");
                    continue;
                }
                if (bitField && !type.contains(" ") && (size == 1 || size == 2 || size == 4 || size == 8)) {
                    // a typedef'd integer as a bit-field's type: pahole gives its storage unit's size
                    String[] ints = {"unsigned char", "unsigned short", "unsigned int", "unsigned long"};
                    out.append("typedef ").append(ints[Integer.numberOfTrailingZeros(size)]).append(' ').append(type)
                            .append(";\n");
                    continue;
                }
                String body = "{ unsigned char __opaque[" + size + "]; } __attribute__((aligned(" + align + ")))";
                if (type.startsWith("struct ") || type.startsWith("union ")) {
                    out.append(type).append(' ').append(body).append(";\n");
                } else {
                    out.append("typedef struct ").append(body).append(' ').append(type).append(";\n");
                }
                opaque.add(type + " (" + size + " bytes, aligned " + align + ")");
            }
            for (String type : named) {
                if (type != null && !type.contains(" ") && !definitions.containsKey(type) && !byValue.containsKey(type)
                        && !builtins.knows(type)) {
                    out.append("typedef struct __opaque_").append(type).append(' ').append(type).append(";\n");
                }
            }
            if (!opaque.isEmpty()) {
                notes.add("pahole's output did not expand " + String.join(", ", opaque) + ": their alignment is read off"
                        + " their offset and size (pahole -E, or --object, gives the real one)");
            }
            return out.toString();
        }

        /** The hoisted expansions, innermost first, each block with its members' repairs. */
        String definitions(Map<Integer, String> repairs) throws InputError {
            CHeader builtins = CHeader.parse("<builtin>", "", List.of());
            StringBuilder out = new StringBuilder();
            for (Map.Entry<String, Definition> d : definitions.entrySet()) {
                if (builtins.knows(d.getKey())) {            // atomic_long_t and friends: the builtins' own
                    continue;
                }
                Definition def = d.getValue();
                if (def.block() == null) {
                    out.append(def.text()).append('\n');
                } else {
                    String body = blockText(def.block().block(), def.block().inner(), repairs);
                    out.append(def.typedefName() == null ? body + ";" : "typedef " + body + " " + def.typedefName() + ";")
                            .append('\n');
                }
            }
            return out.toString();
        }
    }

    /** A declaration as one writes it: pahole's column padding out, "void * *p" as "void **p". */
    static String tidy(String decl) {
        String d = decl.replaceAll("\\s+", " ").strip();
        d = d.replaceAll("\\*\\s+(?=\\*)", "*");
        return d.replaceAll("\\*\\s+(?=[A-Za-z_(])", "*");
    }

    /** The member's name: the identifier its declarator declares. */
    static String memberName(String decl) {
        String d = ATTRIBUTE.matcher(decl).replaceAll("").strip();
        Matcher fp = Pattern.compile("\\(\\s*\\*\\s*([A-Za-z_]\\w*)").matcher(d);
        if (fp.find()) {
            return fp.group(1);
        }
        d = d.replaceAll("(\\[\\d*\\])+$", "").replaceAll(":\\s*\\d+$", "").strip();
        Matcher last = Pattern.compile("([A-Za-z_]\\w*)$").matcher(d);
        return last.find() ? last.group(1) : "";
    }

    /** A plain scalar declaration (no pointer, array or aggregate): what a typedef note may name. */
    private static boolean scalar(String decl, String name) {
        String type = typeOf(decl, name);
        return !type.isEmpty() && !decl.contains("*") && !decl.contains("[") && !decl.contains("(")
                && !type.startsWith("struct") && !type.startsWith("union") && !type.startsWith("enum");
    }

    /** The declaration's type words before the name. */
    private static String typeOf(String decl, String name) {
        int at = name.isEmpty() ? -1 : decl.lastIndexOf(name);
        return at < 0 ? "" : decl.substring(0, at).strip();
    }
}
