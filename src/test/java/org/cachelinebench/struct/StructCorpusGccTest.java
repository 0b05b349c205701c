package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.model.layout.CStructProgram;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.analysis.Suggester;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.testing.Gcc;

/**
 * The tool's layouts of a corpus of headers (unions, bit-fields, nested aligned members, flexible
 * arrays, packed, typedef'd and {@code #ifdef}'d members) against gcc's {@code sizeof},
 * {@code _Alignof}, {@code offsetof} and, for bit-fields, the bits an all-ones value sets; then the
 * suggestions for random roles on every struct: no line of a suggestion is written by one role and
 * touched by another except inside one nested member (whose type fixes its order), and gcc lays the
 * suggested C text out as the tool does.
 *
 * <p>Each corpus file says on its first line which {@code -D} sets it is read with
 * ({@code gcc-variants: - | CONFIG_A | CONFIG_A CONFIG_B}, "-" for none). gcc reads it after
 * {@code prelude.h}, which declares what kernel headers would. Without gcc the cross-checks are skipped
 * with a message, except in CI, where they fail ({@link Gcc#require()}); the suggestions' own property is
 * checked either way.
 */
public class StructCorpusGccTest {
    static final Path CORPUS = Path.of("src/test/resources/org/cachelinebench/struct/corpus");

    public record Variant(Path file, List<String> defines) {
        public String name() {
            return file.getFileName() + (defines.isEmpty() ? "" : " -D " + String.join(" -D ", defines));
        }
    }

    public static List<Variant> variants() throws IOException {
        List<Variant> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(CORPUS)) {
            for (Path f : files.sorted().toList()) {
                if (!f.toString().endsWith(".h") || f.getFileName().toString().equals("prelude.h")) {
                    continue;
                }
                String first = Files.readAllLines(f, StandardCharsets.UTF_8).get(0);
                int at = first.indexOf("gcc-variants:");
                assertTrue(at >= 0, f + " does not say its gcc-variants on its first line");
                String list = first.substring(at + "gcc-variants:".length()).replace("*/", "").trim();
                for (String v : list.split("\\|")) {
                    v = v.trim();
                    out.add(new Variant(f, v.equals("-") ? List.of() : List.of(v.split("\\s+"))));
                }
            }
        }
        return out;
    }

    /** A member path as gcc names it, where its bits are, or where its bytes start. */
    record Leaf(String path, int offset, boolean bitField, long firstBit, int width) {}

    static List<Leaf> leaves(StructLayout s) {
        List<Leaf> out = new ArrayList<>();
        walk(s, 0, "", out);
        return out;
    }

    private static void walk(StructLayout s, int base, String prefix, List<Leaf> out) {
        for (StructLayout.Member m : s.members()) {
            if (m.isAnonymous()) {
                walk(m.type().struct(), base + m.offset(), prefix, out);
                continue;
            }
            String path = prefix + m.name();
            if (m.isBitField()) {
                out.add(new Leaf(path, -1, true, 8L * base + m.firstBit(), m.bitWidth()));
            } else {
                out.add(new Leaf(path, base + m.offset(), false, -1, -1));
                if (m.type().isStruct() && !m.type().isArray()) {
                    walk(m.type().struct(), base + m.offset(), path + ".", out);
                }
            }
        }
    }

    /**
     * main() printing "INDEX KEY VALUE" for sizeof, alignof, every offset and every bit-field's first bit
     * and width; {@code names} are the C type names ("struct tag", "union tag", a typedef).
     */
    public static String probe(List<Struct> structs, List<String> names) {
        StringBuilder c = new StringBuilder("\n#include <stdio.h>\n#include <string.h>\nint main(void)\n{\n");
        for (int i = 0; i < structs.size(); i++) {
            String t = names.get(i);
            c.append(String.format("\tprintf(\"%d sizeof %%zu\\n\", sizeof(%s));%n", i, t));
            c.append(String.format("\tprintf(\"%d alignof %%zu\\n\", _Alignof(%s));%n", i, t));
            for (Leaf l : leaves(structs.get(i).layout())) {
                if (!l.bitField()) {
                    c.append(String.format("\tprintf(\"%d %s %%zu\\n\", offsetof(%s, %s));%n", i, l.path(), t, l.path()));
                    continue;
                }
                // All ones in the bit-field, nothing else: its first set bit and the number of set bits.
                c.append(String.format("\t{ %s v; memset(&v, 0, sizeof v); v.%s = ~v.%s;%n", t, l.path(), l.path()));
                c.append("\t  const unsigned char *b = (const unsigned char *)&v; long first = -1, n = 0;\n");
                c.append("\t  for (long k = 0; k < 8 * (long)sizeof v; k++) if (b[k / 8] >> (k % 8) & 1) { if (first < 0) first = k; n++; }\n");
                c.append(String.format("\t  printf(\"%d %s:bits %%ld\\n\", first * 1000 + n); }%n", i, l.path()));
            }
        }
        return c.append("\treturn 0;\n}\n").toString();
    }

    static String gccText(Path file) throws IOException {
        // gcc reads what the tool skips only when the include exists: leave kernel includes out.
        return Files.readString(file, StandardCharsets.UTF_8).replaceAll("(?m)^#include <linux/.*$", "");
    }

    public static Map<String, Long> run(String program, Path dir, List<String> defines) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-w"));
        defines.forEach(d -> flags.add("-D" + d));
        String out = CStructProgram.compileAndRun(program, dir, flags);
        Map<String, Long> values = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.trim().split(" ");
                values.put(f[0] + " " + f[1], Long.parseLong(f[2]));
            }
        }
        return values;
    }

    public static void assertLayouts(String what, List<Struct> structs, Map<String, Long> gcc, int[] checks) {
        for (int i = 0; i < structs.size(); i++) {
            Struct s = structs.get(i);
            String where = what + ": " + s.name();
            assertEquals(gcc.get(i + " sizeof"), (long) s.layout().size(), where + " sizeof");
            assertEquals(gcc.get(i + " alignof"), (long) s.layout().align(), where + " _Alignof");
            for (Leaf l : leaves(s.layout())) {
                if (l.bitField()) {
                    assertEquals(gcc.get(i + " " + l.path() + ":bits"), l.firstBit() * 1000 + l.width(),
                            where + "." + l.path() + " first bit * 1000 + width");
                } else {
                    assertEquals(gcc.get(i + " " + l.path()), (long) l.offset(), where + " offsetof " + l.path());
                }
                checks[0]++;
            }
        }
    }

    @Test
    void layoutsEqualGccs(@TempDir Path dir) throws Exception {
        Gcc.require();
        String prelude = Files.readString(CORPUS.resolve("prelude.h"), StandardCharsets.UTF_8);
        int[] checks = {0};
        int structs = 0;
        for (Variant v : variants()) {
            CHeader h = CHeader.read(v.file(), v.name(), v.defines());
            List<Struct> all = h.all();
            assertFalse(all.isEmpty(), v.name() + " defines no struct");
            structs += all.size();
            Map<String, Long> gcc = run(prelude + gccText(v.file()) + probe(all, all.stream().map(Struct::name).toList()),
                    dir, v.defines());
            assertLayouts(v.name(), all, gcc, checks);
        }
        assertTrue(structs >= 35 && checks[0] >= 250, "the corpus checked only " + structs + " structs, "
                + checks[0] + " members");
    }

    /** The suggestions for one corpus file's structs, with random roles, and their C text renamed apart. */
    record Suggestions(List<Struct> parsed, List<String> names, String renamedText, int changed) {}

    /**
     * Suggests layouts for random roles on every struct of {@code v} (4 trials at 64- and 128-byte lines each),
     * asserting for each that no line is falsely shared across members.
     */
    static Suggestions suggest(Variant v, Random random) throws Exception {
        CHeader h = CHeader.read(v.file(), v.name(), v.defines());
        StringBuilder renamed = new StringBuilder();
        List<Struct> parsed = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int changed = 0;
        for (Struct s : h.all()) {
            FieldIndex fields = FieldIndex.of(s.layout());
            List<FieldIndex.Field> leaves = fields.leavesUnder("");
            if (s.layout().isUnion() || leaves.size() < 2) {
                continue;
            }
            for (int trial = 0; trial < 4; trial++) {
                for (int line : new int[] {64, 128}) {
                    String rolesText = randomRoles(leaves, random);
                    Roles roles = Roles.parse("random.roles", rolesText, fields, s.name());
                    Suggester.Result r = Suggester.suggest(h, s, roles, line, StartPlacement.LINE);
                    Struct sug = r.struct();
                    FieldIndex sf = FieldIndex.of(sug.layout());
                    Hazards after = Hazards.find(sf, roles.on(sf), sug.name(), sug.layout().size(), line,
                            StartPlacement.LINE.of(sug.layout().align(), line));
                    if (r.changed()) {
                        assertOnlyInsideOneMember(v.name() + " " + s.name() + " line " + line + " roles:\n"
                                + rolesText + "suggested:\n" + r.text(), after, sf);
                    } else if (!after.isEmpty()) {
                        assertFalse(r.notes().isEmpty(), "an unchanged layout with hazards says why: " + rolesText);
                    }
                    if (r.changed()) {
                        changed++;
                        String tag = "__s" + parsed.size();
                        renamed.append(rename(r.text(), s, tag)).append('\n');
                        parsed.add(sug);
                        names.add(renamedName(s, tag));
                    }
                }
            }
        }
        return new Suggestions(parsed, names, renamed.toString(), changed);
    }

    @Test
    void suggestionsSeparateRoles() throws Exception {
        Random random = new Random(20230606);
        int suggestions = 0;
        for (Variant v : variants()) {
            suggestions += suggest(v, random).changed();
        }
        assertTrue(suggestions >= 100, "only " + suggestions + " suggestions changed anything");
    }

    @Test
    void gccLaysSuggestionsOutAsTheToolDoes(@TempDir Path dir) throws Exception {
        Gcc.require();
        String prelude = Files.readString(CORPUS.resolve("prelude.h"), StandardCharsets.UTF_8);
        Random random = new Random(20230606);
        int checked = 0;
        for (Variant v : variants()) {
            Suggestions s = suggest(v, random);
            if (!s.parsed().isEmpty()) {
                String program = prelude + gccText(v.file()) + s.renamedText() + probe(s.parsed(), s.names());
                assertLayouts(v.name() + " suggestions", s.parsed(), run(program, dir, v.defines()), new int[1]);
                checked += s.parsed().size();
            }
        }
        assertTrue(checked >= 100, "gcc checked only " + checked + " suggestions");
    }

    private static String renamedName(Struct s, String suffix) {
        return s.decl().tag() == null ? s.name() + suffix : s.decl().keyword() + " " + s.decl().tag() + suffix;
    }

    private static String rename(String text, Struct s, String suffix) {
        if (s.decl().tag() == null) {
            return text.replaceFirst(" " + java.util.regex.Pattern.quote(s.name()) + ";\\s*$", " " + s.name() + suffix + ";\n");
        }
        return text.replaceFirst(java.util.regex.Pattern.quote(s.decl().tag()) + " \\{", s.decl().tag() + suffix + " {");
    }

    /** Two or three roles, each reading or writing a few random fields. */
    public static String randomRoles(List<FieldIndex.Field> leaves, Random random) {
        StringBuilder sb = new StringBuilder();
        int roles = 2 + random.nextInt(2);
        for (int r = 0; r < roles; r++) {
            int n = 1 + random.nextInt(Math.min(4, leaves.size()));
            for (int k = 0; k < n; k++) {
                FieldIndex.Field f = leaves.get(random.nextInt(leaves.size()));
                sb.append("role").append(r).append(random.nextInt(3) == 0 ? " writes " : " reads ").append(f.path()).append('\n');
            }
            if (random.nextInt(4) == 0) {
                sb.append("role").append(r).append(" threads 2\n");
            }
        }
        return sb.toString();
    }

    /**
     * The suggestion's property: every false-sharing pair (two fields of different roles in one line)
     * lies inside one member (a nested struct or an array, whose layout is its type's).
     */
    static void assertOnlyInsideOneMember(String what, Hazards h, FieldIndex fields) {
        for (Hazards.Sharing s : h.falseSharing()) {
            for (Hazards.Pair p : s.pairs()) {
                java.util.Set<Integer> units = new java.util.HashSet<>();
                for (List<String> list : List.of(p.firsts(), p.seconds())) {
                    for (String path : list) {
                        units.add(fields.field(path).unit());
                    }
                }
                assertEquals(1, units.size(), what + "\nfalse sharing across members: " + p);
            }
        }
    }
}
