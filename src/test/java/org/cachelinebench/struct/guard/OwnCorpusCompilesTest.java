package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.analysis.Suggester;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.testing.Gcc;

/**
 * Every suggestion the tool makes for its own headers, compiled: the examples and the test resources with
 * their roles files (every roles file is used), and each corpus struct with random roles. gcc accepts the
 * header with the suggested struct (the full re-layout and the smallest change) and lays it out as the
 * tool does; {@code --guard c} compiles against the suggested layout, and against the original fails with
 * exactly the asserts of the pairs the original puts in one line (it passes where the original has none).
 * Guards that exit 2 (no assertion needed, or none kept) say so in one line.
 */
class OwnCorpusCompilesTest {
    static final Path CORPUS = GuardCases.STRUCT.resolve("corpus");

    @TempDir
    Path dir;

    /** The headers with roles files, as their docs and tests run them. */
    static List<GuardCases.Case> withRoles() {
        Path s = GuardCases.STRUCT, c = GuardCases.CLASSIC, e = GuardCases.EXAMPLES;
        List<String> kmem = List.of("CONFIG_MEMCG_KMEM"), memcg = List.of("CONFIG_MEMCG");
        List<GuardCases.Case> out = new ArrayList<>();
        out.add(new GuardCases.Case("spsc", e.resolve("spsc.h"), null, List.of(), e.resolve("spsc.roles"), "suggested"));
        out.add(new GuardCases.Case("conn", e.resolve("conn.h"), null, List.of(), e.resolve("conn.roles"), "suggested"));
        out.add(new GuardCases.Case("pcpu-save-memory", e.resolve("pcpu_chunk-save-memory.h"), "pcpu_chunk", memcg,
                e.resolve("pcpu_chunk.roles"), "suggested"));
        for (String[] hr : new String[][] {{"counters", "counters"}, {"limiter", "limiter-own"}, {"limiter", "limiter-shared"},
                {"mpsc", "mpsc"}, {"netq", "netq"}, {"seqlock", "seqlock"}}) {
            out.add(new GuardCases.Case(hr[1], c.resolve(hr[0] + ".h"), null, List.of(), c.resolve(hr[1] + ".roles"), "suggested"));
        }
        out.add(new GuardCases.Case("csd", s.resolve("csd-v4.13.h"), null, List.of(), s.resolve("csd.roles"), "suggested"));
        for (String roles : List.of("pcpu_chunk", "pcpu_chunk-hints", "pcpu_chunk-empty-pages")) {
            out.add(new GuardCases.Case("v6.4-rc4 " + roles, s.resolve("pcpu_chunk-v6.4-rc4.h"), "pcpu_chunk", kmem,
                    s.resolve(roles + ".roles"), "suggested"));
        }
        for (List<String> d : List.of(List.<String>of(), memcg)) {
            out.add(new GuardCases.Case("save-memory " + d, s.resolve("pcpu_chunk-mm-2026-size.h"), "pcpu_chunk", d,
                    s.resolve("pcpu_chunk-empty-pages.roles"), "suggested"));
        }
        return out;
    }

    @Test
    void everyRolesFileIsACase() throws Exception {
        Set<Path> used = new TreeSet<>();
        withRoles().forEach(c -> used.add(c.roles().normalize()));
        Set<Path> all = new TreeSet<>();
        for (Path d : List.of(GuardCases.STRUCT, GuardCases.CLASSIC, GuardCases.EXAMPLES)) {
            try (Stream<Path> files = Files.list(d)) {
                files.filter(f -> f.toString().endsWith(".roles")).forEach(f -> all.add(f.normalize()));
            }
        }
        all.removeAll(used);
        assertEquals(Set.of(), all, "roles files this test does not compile a suggestion for");
    }

    /** How many suggestions, smallest changes and guards were compiled. */
    private final int[] counts = new int[3];

    /** The header's text with {@code struct}'s definition replaced by {@code text} (its ';' follows in the header). */
    static String replaced(String header, Struct struct, String text) {
        String declared = struct.decl().text();
        int at = header.indexOf(declared);
        assertTrue(at >= 0, struct.name() + ": the header does not hold its text verbatim");
        String t = text.strip();
        if (!t.startsWith("typedef ")) {
            return header.substring(0, at) + t.substring(0, t.length() - 1) + header.substring(at + declared.length());
        }
        // A typedef'd anonymous struct: the suggestion is the whole typedef, from "typedef" to its ';'.
        int from = header.lastIndexOf("typedef", at), to = header.indexOf(';', at + declared.length()) + 1;
        return header.substring(0, from) + t + header.substring(to);
    }

    /** gcc accepts {@code header} (with its defines) and lays {@code expected} out as the tool did. */
    void assertGccLaysOut(String what, String prelude, String header, List<String> defines, Struct expected) throws Exception {
        String name = expected.decl().tag() == null ? expected.name() : expected.decl().keyword() + " " + expected.decl().tag();
        String program = prelude + header + "\n#include <stddef.h>\n"
                + org.cachelinebench.struct.StructCorpusGccTest.probe(List.of(expected), List.of(name));
        org.cachelinebench.struct.StructCorpusGccTest.assertLayouts(what, List.of(expected),
                org.cachelinebench.struct.StructCorpusGccTest.run(program, dir, defines), new int[1]);
    }

    /** The case's suggestions compiled, and its C guard compiled both ways. */
    void check(GuardCases.Case c, String prelude, List<CGuardGccTest.Unit> passing, List<CGuardGccTest.Unit> failing)
            throws Exception {
        CHeader h = c.read();
        Struct original = h.find(c.struct());
        var roles = c.roles(original);
        String text = c.text();
        Suggester.Result r = Suggester.suggest(h, original, roles, 64, StartPlacement.LINE);
        String suggested = text;
        if (r.changed()) {
            suggested = replaced(text, original, r.text());
            assertGccLaysOut(c.name() + " suggested:\n" + r.text(), prelude, suggested, c.defines(), r.struct());
            counts[0]++;
        }
        Suggester.Smallest small = Suggester.smallestChange(h, original, roles, 64, StartPlacement.LINE);
        if (small != null) {
            assertGccLaysOut(c.name() + " smallest change:\n" + small.text(), prelude, replaced(text, original, small.text()),
                    c.defines(), small.struct());
            counts[1]++;
        }
        GuardRun g = GuardRun.of(c.args("c").toArray(String[]::new));
        if (g.status() == 2) {
            assertEquals("", g.out(), c.name());
            assertEquals(1, g.err().lines().count(), c.name() + ": " + g.err());
            assertTrue(g.err().contains("no assertion needed") || g.err().contains("nothing to guard"), c.name() + ": " + g.err());
            return;
        }
        assertEquals(0, g.status(), c.name() + ": " + g.err());
        String id = c.name().replaceAll("\\W+", "_") + "_" + passing.size();
        passing.add(new CGuardGccTest.Unit("s-" + id, c.defines(), suggested, r.struct().layout(), g.out()));
        Set<String> predicted = CGuardGccTest.predictedFailures(g.out(), original.layout());
        (predicted.isEmpty() ? passing : failing).add(new CGuardGccTest.Unit("o-" + id, c.defines(), text, original.layout(), g.out()));
        counts[2]++;
    }

    /** Compiles every passing unit in one gcc call and every failing one in another; the failures are the predicted ones. */
    void compileGuards(String prelude, List<CGuardGccTest.Unit> passing, List<CGuardGccTest.Unit> failing) throws Exception {
        String gcc = Gcc.require();
        for (CGuardGccTest.Unit s : passing) {
            assertEquals(Set.of(), CGuardGccTest.predictedFailures(s.guard(), s.layout()), s.name() + ": its own layout breaks it");
        }
        CGuardGccTest.compile(gcc, prelude, passing, dir, true);
        if (!failing.isEmpty()) {
            var failed = CGuardGccTest.compile(gcc, prelude, failing, dir, false);
            for (CGuardGccTest.Unit o : failing) {
                assertEquals(CGuardGccTest.predictedFailures(o.guard(), o.layout()), failed.get(o.name()), o.name());
            }
        }
    }

    @Test
    void suggestionsAndGuardsOfTheHeadersWithRolesCompile() throws Exception {
        Gcc.require();
        String prelude = Files.readString(CGuardGccTest.PRELUDE, StandardCharsets.UTF_8) + "\n";
        List<CGuardGccTest.Unit> passing = new ArrayList<>(), failing = new ArrayList<>();
        for (GuardCases.Case c : withRoles()) {
            check(c, prelude, passing, failing);
        }
        compileGuards(prelude, passing, failing);
        assertTrue(counts[0] >= 10 && counts[1] >= 1 && counts[2] >= 10 && failing.size() >= 10,
                "compiled only " + counts[0] + " suggestions, " + counts[1] + " smallest changes, " + counts[2]
                        + " guards (" + failing.size() + " failing on their original)");
    }

    @Test
    void suggestionsAndGuardsOfTheCorpusWithRandomRolesCompile() throws Exception {
        Gcc.require();
        String prelude = Files.readString(CGuardGccTest.PRELUDE, StandardCharsets.UTF_8) + "\n";
        List<CGuardGccTest.Unit> passing = new ArrayList<>(), failing = new ArrayList<>();
        Random random = new Random(20261202);
        int n = 0;
        for (var v : org.cachelinebench.struct.StructCorpusGccTest.variants()) {
            for (Struct s : CHeader.read(v.file(), v.name(), v.defines()).all()) {
                List<FieldIndex.Field> leaves = FieldIndex.of(s.layout()).leavesUnder("");
                if (s.layout().isUnion() || leaves.size() < 2 || s.name().endsWith("(anonymous)")) {
                    continue;
                }
                for (int trial = 0; trial < 2; trial++) {
                    Path roles = dir.resolve("random" + n++ + ".roles");
                    Files.writeString(roles, org.cachelinebench.struct.StructCorpusGccTest.randomRoles(leaves, random),
                            StandardCharsets.UTF_8);
                    check(new GuardCases.Case(v.name() + " " + s.name() + " " + roles.getFileName(), v.file(), s.name(),
                            v.defines(), roles, "suggested"), prelude, passing, failing);
                }
            }
        }
        compileGuards(prelude, passing, failing);
        assertTrue(counts[0] >= 25 && counts[2] >= 25 && failing.size() >= 20, "compiled only " + counts[0] + " suggestions, "
                + counts[1] + " smallest changes, " + counts[2] + " guards (" + failing.size() + " failing on their original)");
        assertFalse(passing.isEmpty());
    }
}
