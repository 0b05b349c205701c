package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.PaholeText;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;
import org.cachelinebench.testing.Gcc;
import org.cachelinebench.testing.MachineAssumption;

/**
 * Layouts from the compiler: headers compiled with {@code gcc -g}, read back through pahole
 * ({@code --object}, {@code --pahole}). Pahole's view and the tool's own layout of the same header are
 * equal, member by member; the kernel's v6.4-rc4 pcpu_chunk text through pahole has the model's layout
 * and the same hazards; a header the tool's reader cannot take (system includes, a function-like macro,
 * a config) still gets its roles, hazards and suggestion. Without pahole these skip, except in CI
 * ({@link MachineAssumption#underCi()}), where they fail.
 */
class PaholeTest {
    static final Path KERNEL = Path.of("src/test/resources/org/cachelinebench/model/percpu/kernel");
    static final Path DIR = Path.of("src/test/resources/org/cachelinebench/struct");

    @TempDir
    Path dir;

    static void requirePahole() {
        Gcc.require();
        if (PaholeCommand.onPath() == null) {
            if (MachineAssumption.underCi()) {
                fail("the pahole cross-checks cannot run, and CI must run them: " + PaholeCommand.INSTALL
                        + " (.ci/run installs it)");
            }
            assumeTrue(false, "pahole cross-checks skipped: " + PaholeCommand.INSTALL);
        }
    }

    /** Compiles {@code source} with {@code gcc -g -c}; returns the object file. */
    Path compile(String source, String name, List<String> flags) throws Exception {
        Path c = dir.resolve(name + ".c"), o = dir.resolve(name + ".o");
        Files.writeString(c, source, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(Gcc.require(), "-std=gnu11", "-g", "-c", "-w"));
        command.addAll(flags);
        command.addAll(List.of("-o", o.toString(), c.toString()));
        Gcc.run(command, dir);
        return o;
    }

    /** Size, alignment and every leaf member's offset (a bit-field's first bit and width) equal. */
    static void assertSameLeaves(String what, org.cachelinebench.model.layout.StructLayout expected,
                                 org.cachelinebench.model.layout.StructLayout actual) {
        assertEquals(expected.size(), actual.size(), what + ": size");
        assertEquals(expected.align(), actual.align(), what + ": alignment");
        assertEquals(StructCorpusGccTest.leaves(expected), StructCorpusGccTest.leaves(actual), what);
    }

    /** The same, for the top-level members only (pahole without -E leaves nested types opaque). */
    static void assertSameMembers(org.cachelinebench.model.layout.StructLayout expected,
                                  org.cachelinebench.model.layout.StructLayout actual) {
        assertEquals(expected.size(), actual.size(), "size");
        assertEquals(expected.members().size(), actual.members().size(), "members");
        for (int i = 0; i < expected.members().size(); i++) {
            var a = expected.members().get(i);
            var b = actual.members().get(i);
            assertEquals(a.name() + " " + a.firstBit() + " " + a.size(), b.name() + " " + b.firstBit() + " " + b.size());
        }
    }

    static Report analyse(String... args) throws Exception {
        return StructTool.analyse(StructOptions.parse(args));
    }

    @Test
    void corpusThroughPaholeEqualsTheToolsOwnLayout() throws Exception {
        requirePahole();
        String prelude = Files.readString(StructCorpusGccTest.CORPUS.resolve("prelude.h"), StandardCharsets.UTF_8);
        int compared = 0;
        List<String> unreadable = new ArrayList<>();
        for (StructCorpusGccTest.Variant v : StructCorpusGccTest.variants()) {
            List<Struct> all = CHeader.read(v.file(), v.name(), v.defines()).all();
            StringBuilder uses = new StringBuilder();
            for (int i = 0; i < all.size(); i++) {
                uses.append(all.get(i).name()).append(" __use_").append(i).append(";\n");
            }
            List<String> flags = new ArrayList<>();
            v.defines().forEach(d -> flags.add("-D" + d));
            Path o = compile(prelude + StructCorpusGccTest.gccText(v.file()) + uses, "corpus" + compared, flags);
            for (Struct s : all) {
                if (s.decl().tag() == null && s.name().endsWith("(anonymous)")) {
                    continue;
                }
                String text = PaholeCommand.layout(o.toString(), s.decl().tag() != null ? s.decl().tag() : s.name());
                PaholeText.Read r;
                try {
                    r = PaholeText.read(v.name() + " " + s.name(), text, null);
                } catch (InputError e) {
                    unreadable.add(e.getMessage());
                    continue;
                }
                assertSameLeaves(v.name() + " " + s.name(), s.layout(), r.struct().layout());
                compared++;
            }
        }
        // pahole prints neither a packed attribute beside an aligned one nor unnamed zero-width bit-fields:
        // the read-back puts back what places each member where pahole says, at every depth (holds_packed's
        // pa.x inside a nested packed struct too), and the leaves above then equal gcc's.
        assertEquals(List.of(), unreadable);
        assertTrue(compared >= 35, "only " + compared + " structs compared");
    }

    /**
     * A struct without members is GNU C (size 0): {@code struct pcpuobj_ext} without {@code CONFIG_MEMCG}. The
     * tool lays it out, alone and inside another, as gcc does and pahole prints; a -D that changes nothing is fine.
     */
    @Test
    void aStructWithoutMembersIsLaidOutAsGccDoes() throws Exception {
        requirePahole();
        String header = "struct pcpuobj_ext {\n#ifdef CONFIG_MEMCG\n\tstruct obj_cgroup *cgroup;\n#endif\n};\n"
                + "struct holder { int a; struct pcpuobj_ext e; int b; };\n";
        Path h = dir.resolve("empty.h");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        Path o = compile(header + "struct holder use_h; struct pcpuobj_ext use_e;\n", "empty", List.of());
        for (String name : List.of("pcpuobj_ext", "holder")) {
            Struct own = CHeader.read(h, "empty.h", List.of("CONFIG_NOTHING")).find(name);
            Struct theirs = PaholeText.read(name, PaholeCommand.layout(o.toString(), name), null).struct();
            assertSameLeaves(name, theirs.layout(), own.layout());
        }
        Report r = analyse(h.toString(), "pcpuobj_ext", "-D", "CONFIG_NOTHING");
        assertEquals(0, r.original().size());
        assertTrue(ReportPrinter.print(r).contains("\t/* size: 0, cachelines: 0, members: 0 */\n"), ReportPrinter.print(r));
    }

    static String pcpuSource() throws Exception {
        return Files.readString(KERNEL.resolve("pcpu_chunk_layout.c"), StandardCharsets.UTF_8);
    }

    Path pcpuObject(KernelConfig c) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-I" + KERNEL.toAbsolutePath(),
                "-DPERCPU_INTERNAL=\"percpu-internal-v6.4-rc4.h\""));
        KernelStructsTest.defines(c).forEach(d -> flags.add("-D" + d));
        return compile(pcpuSource(), "pcpu-" + c.label(), flags);
    }

    @Test
    void pcpuChunkV64Rc4ThroughPaholeIsTheModelInEveryConfig() throws Exception {
        requirePahole();
        for (KernelConfig c : KernelConfig.values()) {
            Path o = pcpuObject(c);
            Struct s = PaholeText.read("pahole", PaholeCommand.layout(o.toString(), "pcpu_chunk"), "pcpu_chunk").struct();
            KernelStructsTest.assertSameLayout(PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, c), s.layout());
            assertEquals("struct pcpu_chunk", analyse("--object", o.toString(), "pcpu_chunk").original().name());
        }
    }

    @Test
    void pcpuChunkThroughPaholeHasTheHeadersHazardsAndSuggestion() throws Exception {
        requirePahole();
        Path o = pcpuObject(KernelConfig.DEFAULT);
        String roles = DIR.resolve("pcpu_chunk.roles").toString();
        Report viaPahole = analyse("--object", o.toString(), "struct pcpu_chunk", "--roles", roles);
        Report viaHeader = KernelStructsTest.pcpu();
        assertEquals(viaHeader.original().hazards().falseSharing(), viaPahole.original().hazards().falseSharing());
        assertEquals(viaHeader.suggestion().view().size(), viaPahole.suggestion().view().size());
        assertTrue(viaPahole.suggestion().view().hazards().falseSharing().isEmpty());
        // Saved pahole text, with -E or without, reads back the same.
        Path saved = dir.resolve("pcpu_chunk.pahole");
        Files.writeString(saved, Gcc.run(List.of(PaholeCommand.onPath(), "-C", "pcpu_chunk", o.toString()), dir));
        Report viaText = analyse("--pahole", saved.toString(), "--roles", roles);
        assertEquals(viaHeader.original().hazards().falseSharing(), viaText.original().hazards().falseSharing());
        assertSameMembers(
                CHeader.read(DIR.resolve("pcpu_chunk-v6.4-rc4.h"), "h", List.of("CONFIG_MEMCG_KMEM")).find("pcpu_chunk").layout(),
                PaholeText.read("saved", Files.readString(saved), null).struct().layout());
    }

    @Test
    void headerWithIncludesMacrosAndConfigsThroughPahole() throws Exception {
        requirePahole();
        String header = Files.readString(DIR.resolve("pahole/sockets.h"), StandardCharsets.UTF_8);
        for (List<String> defines : List.of(List.<String>of(), List.of("CONFIG_SOCK_DEBUG"))) {
            List<String> flags = defines.stream().map(d -> "-D" + d).toList();
            Path o = compile(header, "sockets" + flags.size(), flags);
            Report r = analyse("--object", o.toString(), "sock_stats", "--roles", DIR.resolve("pahole/sockets.roles").toString());
            // pahole's view equals gcc's own offsetof of every member.
            Struct s = PaholeText.read("sockets", PaholeCommand.layout(o.toString(), "sock_stats"), "sock_stats").struct();
            String probe = header + "\n#include <stddef.h>\n" + StructCorpusGccTest.probe(List.of(s), List.of("struct sock_stats"));
            StructCorpusGccTest.assertLayouts("sockets " + flags, List.of(s), StructCorpusGccTest.run(probe, dir, defines),
                    new int[1]);
            assertFalse(r.original().hazards().falseSharing().isEmpty(), ReportPrinter.print(r));
            assertTrue(r.suggestion().view().hazards().falseSharing().isEmpty(), ReportPrinter.print(r));
            assertEquals(flags.isEmpty() ? null : 24, r.original().fields().field("owner") == null ? null
                    : r.original().fields().field("owner").size());
            String printed = ReportPrinter.print(r);
            assertTrue(printed.contains("void                       (*destroy)(struct entry *);"), printed);
            assertTrue(r.suggestion().text().contains("void (*destroy)(struct entry *);"), r.suggestion().text());
        }
    }

    @Test
    void objectWithoutDwarfOrWithoutTheStructIsOneLineAndExit2() throws Exception {
        requirePahole();
        Path plain = compile(BadInputTest.GOOD + "struct s use;\n", "nodwarf", List.of("-g0"));
        BadInputTest.Run r = BadInputTest.exec("--object", plain.toString(), "s");
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(plain + ": pahole found no DWARF in it (build it with -g; a kernel with"
                + " CONFIG_DEBUG_INFO): "), r.err());
        Path withDwarf = compile(BadInputTest.GOOD + "struct s use;\n", "dwarf", List.of());
        BadInputTest.Run other = BadInputTest.exec("--object", withDwarf.toString(), "pcpu_chunk");
        assertEquals(2, other.code(), other.toString());
        assertTrue(other.err().startsWith(withDwarf + ": its DWARF has no struct or union pcpu_chunk"), other.err());
        assertEquals(1, other.err().lines().count(), other.err());
    }
}
