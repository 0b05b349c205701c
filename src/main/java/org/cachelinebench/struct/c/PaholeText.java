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

    private static final Pattern START = Pattern.compile("^(?:typedef\\s+)?(struct|union)\\s*([A-Za-z_]\\w*)?\\s*\\{$");
    private static final Pattern OFFSET = Pattern.compile("/\\*\\s*(\\d+)(?::\\s*(\\d+))?\\s+(\\d+)\\s*\\*/\\s*$");
    private static final Pattern SIZE = Pattern.compile("/\\*\\s*size:\\s*(\\d+),");
    private static final Pattern TYPEDEF_NOTE = Pattern.compile("^/\\*\\s*typedef\\s+([A-Za-z_]\\w*)(?:\\s*->\\s*\\w+)*\\s*\\*/\\s*");
    private static final Pattern ATTRIBUTE = Pattern.compile("__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\)");
    private static final Pattern ARRAY_OF_FUNCTION_POINTERS = Pattern.compile("\\(\\*(\\w+)\\)(\\([^()]*\\))((?:\\[\\d*\\])+)");
    /** "} __attribute__((__aligned__(32))) inner[2] __attribute__((__aligned__(32)));": type attribute, name, dims, member attribute. */
    private static final Pattern BLOCK_CLOSE = Pattern.compile("^}\\s*(__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\))?"
            + "\\s*([A-Za-z_]\\w*)?((?:\\[\\d*\\])*)\\s*(__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\))?\\s*;");
    private static final Pattern TAGGED = Pattern.compile("\\b(struct|union|enum)\\s+([A-Za-z_]\\w*)");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_]\\w*");
    private static final Set<String> C_WORDS = Set.of("struct", "union", "enum", "const", "volatile", "signed",
            "unsigned", "short", "long", "int", "char", "void", "float", "double", "_Bool", "__int128", "restrict",
            "__restrict", "typedef", "__attribute__", "__aligned__", "__packed__");

    /** One member line (or block) of pahole's output, as C, with pahole's offset for it. */
    private record Member(String decl, String name, int offset, int bitOffset, int size, int line, List<Member> inner) {
        Member(String decl, String name, int offset, int bitOffset, int size, int line) {
            this(decl, name, offset, bitOffset, size, line, List.of());
        }
    }

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
        String prelude = r.prelude(members);
        // pahole leaves out what some layouts need (a packed attribute beside an aligned one, an unnamed
        // zero-width bit-field, a typedef's lowered alignment): where a member lands elsewhere than pahole
        // says, it gets the packed or aligned attribute that puts it there, and the output says so.
        Map<Integer, String> repairs = new LinkedHashMap<>();
        boolean packStruct = false;
        CHeader header;
        Struct s;
        while (true) {
            StringBuilder c = new StringBuilder();
            c.append(typedef ? "typedef " : "").append(keyword).append(tag == null ? "" : " " + tag).append(" {\n");
            for (int i = 0; i < members.size(); i++) {
                String repair = repairs.getOrDefault(i, "");
                boolean before = repair.endsWith(":0; ");
                c.append('\t').append(before ? repair : "").append(members.get(i).decl()).append(before ? "" : repair)
                        .append(";\n");
            }
            c.append('}').append(closing.group(1) == null ? "" : " " + closing.group(1))
                    .append(packStruct ? " __attribute__((packed))" : "")
                    .append(typedefName == null ? "" : " " + typedefName).append(";\n");
            header = CHeader.parse(file + " (as C)", prelude + c, List.of());
            s = header.find(tag != null ? keyword + " " + tag : typedefName);
            int i = firstMisplaced(s.layout(), members);
            if (i < 0 && !packStruct && r.size >= 0 && r.size < s.layout().size()) {
                packStruct = true;                  // pahole gives the size of a packed struct, not its attribute
                r.notes.add("pahole's text does not say why " + shown + " is only " + r.size + " bytes: read back"
                        + " as packed, which it is");
                continue;
            }
            if (i < 0 || repairs.containsKey(i) || members.get(i).name().isEmpty()) {
                break;
            }
            Member m = members.get(i);
            long want = 8L * m.offset() + Math.max(0, m.bitOffset());
            long have = shown(s.layout()).get(i).firstBit();
            if (want < have) {
                repairs.put(i, " __attribute__((packed))");
            } else if (m.bitOffset() <= 0 && m.offset() > 0) {
                // A zero-width bit-field moves the next member to its type's boundary without aligning the struct.
                String[] types = {"char", "short", "int", "long"};
                int size = Math.min(8, Integer.lowestOneBit(m.offset()));
                repairs.put(i, types[Integer.numberOfTrailingZeros(size)] + " :0; ");
            } else {
                break;
            }
        }
        for (Map.Entry<Integer, String> e : repairs.entrySet()) {
            r.notes.add("pahole's text does not say what puts " + members.get(e.getKey()).name() + " at "
                    + members.get(e.getKey()).offset() + ": read back with '" + e.getValue().strip() + "' "
                    + (e.getValue().endsWith(":0; ") ? "before" : "on") + " it, which does");
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

    /** The first top-level member not where pahole put it, or -1. */
    private static int firstMisplaced(StructLayout layout, List<Member> members) {
        List<StructLayout.Member> got = shown(layout);
        for (int i = 0; i < Math.min(got.size(), members.size()); i++) {
            Member p = members.get(i);
            long want = 8L * p.offset() + Math.max(0, p.bitOffset());
            if (got.get(i).firstBit() != want) {
                return i;
            }
        }
        return -1;
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
        final Map<String, String> definitions = new LinkedHashMap<>();
        /** Types named by value: name -> {size of one element, offset}, for opaque definitions. */
        final Map<String, int[]> byValue = new LinkedHashMap<>();
        final Set<String> named = new LinkedHashSet<>();

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
                if (line.endsWith("{")) {
                    out.add(block(line, typedefName, depth, lineNo));
                    continue;
                }
                if (line.matches("[A-Za-z_][\\w ]*:\\s*0\\s*;")) {
                    continue;                       // an unnamed zero-width bit-field, which pahole prints without offsets
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
                    definitions.putIfAbsent(typedefName, "typedef " + target + " " + typedefName + ";");
                    decl = typedefName + " " + decl.substring(target.length()).strip();
                }
                uses(decl, name, bytes, offset);
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
            String close = lines[at++].strip();
            Matcher off = OFFSET.matcher(close);
            Matcher name = BLOCK_CLOSE.matcher(close);
            if (!off.find() || !name.find()) {
                throw new InputError(file, closeNo, 1, "truncated pahole output: expected '} NAME; /* offset size */', got '"
                        + abbreviate(close) + "'");
            }
            String typeAttr = name.group(1) == null ? "" : " " + name.group(1);
            String member = name.group(2) == null ? "" : name.group(2);
            String dims = name.group(3) + (name.group(4) == null ? "" : " " + name.group(4));
            int offset = Integer.parseInt(off.group(1)), bytes = Integer.parseInt(off.group(3));
            StringBuilder body = new StringBuilder();
            for (Member x : inner) {
                body.append(' ').append(x.decl()).append(';');
            }
            String definition = keyword + (tag == null ? "" : " " + tag) + " {" + body + " }" + typeAttr;
            String decl;
            if (tag != null) {
                definitions.putIfAbsent(keyword + " " + tag, definition + ";");
                decl = keyword + " " + tag + (member.isEmpty() ? "" : " " + member + dims);
            } else if (typedefName != null) {
                definitions.putIfAbsent(typedefName, "typedef " + definition + " " + typedefName + ";");
                decl = typedefName + " " + member + dims;
            } else {
                decl = definition + (member.isEmpty() ? "" : " " + member + dims);
            }
            named.add(tag == null ? typedefName : keyword + " " + tag);
            return new Member(decl, member, offset, -1, bytes, lineNo, inner);
        }

        /** Notes the types a declaration names that the file does not define. */
        private void uses(String decl, String name, int bytes, int offset) {
            String outside = decl.replaceAll("\\)\\s*\\([^()]*\\)", ")");       // a function pointer's parameters
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
                if (!C_WORDS.contains(w) && !w.equals(name)) {
                    seen.add(w);
                }
            }
            for (String type : seen) {
                if (pointer) {
                    named.add(type);                  // a pointer needs the name declared, not the type's size
                } else {
                    byValue.putIfAbsent(type, new int[] {element, offset});
                }
            }
        }

        /**
         * Definitions for every type the members use and the builtins lack: hoisted expansions first, then
         * opaque ones of the size pahole shows.
         */
        String prelude(List<Member> members) throws InputError {
            CHeader builtins = CHeader.parse("<builtin>", "", List.of());
            StringBuilder out = new StringBuilder();
            List<String> opaque = new ArrayList<>();
            for (Map.Entry<String, int[]> e : byValue.entrySet()) {
                String type = e.getKey();
                if (definitions.containsKey(type) || builtins.knows(type)) {
                    continue;
                }
                int size = e.getValue()[0], offset = e.getValue()[1];
                if (size == 0) {
                    throw new InputError(file, 0, 0, "cannot tell the size of " + type + " from pahole's output (a "
                            + "flexible array of it): run pahole with -E");
                }
                int align = Integer.lowestOneBit(size | 8);
                align = Math.min(align, offset == 0 ? 8 : Integer.lowestOneBit(offset | 8));
                String ident = type.replaceAll("\\W", "_");
                if (type.startsWith("enum ")) {
                    if (size != 4 && size != 8) {
                        throw new InputError(file, 0, 0, type + " is " + size + " bytes: only 4- and 8-byte enums are read"
                                + " from pahole's output");
                    }
                    out.append(type).append(" { __").append(ident).append("_opaque").append(size == 8 ? " = 0x100000000" : "")
                            .append(" };\n");
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
            for (Map.Entry<String, String> d : definitions.entrySet()) {
                if (!builtins.knows(d.getKey())) {            // atomic_long_t and friends: the builtins' own
                    out.append(d.getValue()).append('\n');
                }
            }
            if (!opaque.isEmpty()) {
                notes.add("pahole's output did not expand " + String.join(", ", opaque) + ": their alignment is read off"
                        + " their offset and size (pahole -E, or --object, gives the real one)");
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
