package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkAccess;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * The two kernel structs the suite models, fed to the tool as header text: their layouts equal the
 * suite's member-list models, the hazards are the ones the kernel fixed, and the suggestions fix them
 * as the kernel did (pcpu_chunk: base_addr on a line no allocator write touches; csd: aligned to its
 * size, v4.14's fix).
 */
class KernelStructsTest {
    static final Path DIR = Path.of("src/test/resources/org/cachelinebench/struct");

    static List<String> defines(KernelConfig c) {
        List<String> d = new ArrayList<>();
        if (c.percpuStats()) {
            d.add("CONFIG_PERCPU_STATS");
        }
        if (c.memcgKmem()) {
            d.add("CONFIG_MEMCG_KMEM");
        }
        return d;
    }

    /** Every member path, with offsets, sizes, size and alignment, equal in both. */
    static void assertSameLayout(StructLayout expected, StructLayout actual) {
        assertEquals(expected.size(), actual.size(), "size");
        assertEquals(expected.align(), actual.align(), "align");
        assertEquals(expected.members().size(), actual.members().size(), "members");
        for (String path : paths(expected, "")) {
            assertEquals(expected.member(path).offset(), actual.member(path).offset(), "offset of " + path);
            assertEquals(expected.member(path).size(), actual.member(path).size(), "size of " + path);
        }
    }

    static List<String> paths(StructLayout s, String prefix) {
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : s.members()) {
            out.add(prefix + m.name());
            CType t = m.type();
            if (t.isStruct() && !t.isArray()) {
                out.addAll(paths(t.struct(), prefix + m.name() + "."));
            }
        }
        return out;
    }

    @Test
    void pcpuChunkHeaderLaysOutAsTheModelInEveryConfig() throws Exception {
        for (KernelConfig c : KernelConfig.values()) {
            CHeader h = CHeader.read(DIR.resolve("pcpu_chunk-v6.4-rc4.h"), "pcpu_chunk-v6.4-rc4.h", defines(c));
            Struct s = h.find("pcpu_chunk");
            assertSameLayout(PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, c), s.layout());
        }
    }

    static Report pcpu(String... extra) throws Exception {
        return pcpuWith("pcpu_chunk.roles", extra);
    }

    static Report pcpuWith(String roles, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(DIR.resolve("pcpu_chunk-v6.4-rc4.h").toString(), "pcpu_chunk",
                "--roles", DIR.resolve(roles).toString(), "-D", "CONFIG_MEMCG_KMEM"));
        args.addAll(List.of(extra));
        return StructTool.analyse(StructOptions.parse(args.toArray(String[]::new)));
    }

    @Test
    void pcpuChunkHazardNamesBaseAddrWithTheAllocatorsFields() throws Exception {
        Report r = pcpu();
        List<Hazards.Sharing> fs = r.original().hazards().falseSharing();
        assertEquals(1, fs.size(), fs.toString());
        Hazards.Sharing s = fs.get(0);
        // list is written when the chunk changes slot (pcpu_chunk_relocate()), free_bytes and chunk_md every step.
        assertEquals(List.of(new Hazards.Side("allocator", List.of("list", "free_bytes", "chunk_md"), List.of()),
                new Hazards.Side("reader", List.of(), List.of("base_addr"))), s.sides());
        assertTrue(ReportPrinter.print(r).contains(
                "false sharing, line 0 (bytes 0-63): allocator writes list, free_bytes, chunk_md; reader reads base_addr"));
    }

    @Test
    void pcpuChunkSuggestionPutsBaseAddrWhereNoAllocatorWriteGoes() throws Exception {
        for (String line : List.of("64", "128")) {
            Report r = pcpu("--line", line);
            int size = Integer.parseInt(line);
            Report.View v = r.suggestion().view();
            assertTrue(r.suggestion().changed());
            assertTrue(v.hazards().falseSharing().isEmpty(), v.hazards().falseSharing().toString());
            FieldIndex.Field base = v.fields().field("base_addr");
            for (Roles.Access a : v.roles().roles().get(0).accesses().values()) {
                assertFalse(a.field().start() / size <= (base.end() - 1) / size && base.start() / size <= (a.field().end() - 1) / size,
                        "allocator's " + a.field().path() + " shares base_addr's " + line + "-byte line");
            }
            assertTrue(r.suggestion().text().contains("void *base_addr " + (size == 64 ? "____cacheline_aligned_in_smp" : "__aligned(128)")),
                    r.suggestion().text());
        }
    }

    @Test
    void pcpuChunkWithStatsSharesALineOnlyWhereNrBitsIsWritten() throws Exception {
        // CONFIG_PERCPU_STATS's 16 bytes in front move base_addr next to chunk_md.nr_bits only: with
        // chunk_md.* written that is false sharing; with the hints written and nr_bits read, as the
        // kernel does, nothing is shared (the suite's finding for +stats).
        Report all = pcpu("-D", "CONFIG_PERCPU_STATS");
        List<Hazards.Sharing> fs = all.original().hazards().falseSharing();
        assertEquals(1, fs.size(), fs.toString());
        assertEquals(List.of("chunk_md.nr_bits"), fs.get(0).sides().get(0).written());
        Report hints = pcpuWith("pcpu_chunk-hints.roles", "-D", "CONFIG_PERCPU_STATS");
        assertTrue(hints.original().hazards().falseSharing().isEmpty(), hints.original().hazards().falseSharing().toString());
        // What remains is chunk_md across the first line boundary (bytes 36-67); the suggestion has nothing.
        assertTrue(hints.original().hazards().straddles().stream().anyMatch(d -> d.name().equals("chunk_md")
                && d.start() == 36 && d.end() == 68), hints.original().hazards().straddles().toString());
        assertTrue(hints.suggestion().view().hazards().isEmpty(), hints.suggestion().view().hazards().straddles().toString());
    }

    @Test
    void pcpuChunkHintsRolesFindTheSameHazardAsTheModel() throws Exception {
        Report r = pcpuWith("pcpu_chunk-hints.roles");
        List<Hazards.Sharing> fs = r.original().hazards().falseSharing();
        assertEquals(1, fs.size(), fs.toString());
        List<String> written = new ArrayList<>(List.of("list", "free_bytes"));
        written.addAll(PcpuChunkLayouts.CHUNK_MD_HINTS);
        assertEquals(written, fs.get(0).sides().get(0).written());
        // The model's members written on the alloc/free path in base_addr's line, list's two pointers as the tool's one list.
        StructLayout v64 = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT);
        List<String> model = new ArrayList<>();
        for (String m : PcpuChunkLayouts.sharingLineWith(v64, PcpuChunkLayouts.BASE_ADDR,
                PcpuChunkAccess.writtenOnAllocFreePath(v64), 64, 0)) {
            String top = m.startsWith("list.") ? "list" : m;
            if (!model.contains(top)) {
                model.add(top);
            }
        }
        assertEquals(written, model);
    }

    @Test
    void csdHeaderLaysOutAsTheModel() throws Exception {
        Struct s = CHeader.read(DIR.resolve("csd-v4.13.h"), "csd-v4.13.h", List.of()).find(null);
        assertEquals("struct call_single_data", s.name());
        assertSameLayout(CallSingleData.V4_13, s.layout());
    }

    @Test
    void csdAt48StraddlesAndTheSuggestionAlignsItToItsSize() throws Exception {
        String[] args = {DIR.resolve("csd-v4.13.h").toString(), "--roles", DIR.resolve("csd.roles").toString(),
            "--placement", "48"};
        Report r = StructTool.analyse(StructOptions.parse(args));
        List<Hazards.Straddle> straddles = r.original().hazards().straddles();
        assertTrue(straddles.stream().anyMatch(d -> d.what() == Hazards.What.STRUCT && d.lines() == 2
                && d.starts().equals(List.of(48))), straddles.toString());
        assertTrue(straddles.stream().anyMatch(d -> d.what() == Hazards.What.ROLE && d.name().equals("sender")),
                straddles.toString());
        assertTrue(r.original().hazards().falseSharing().isEmpty(), "the csd's roles share its fields: true sharing only");
        Report.View v = r.suggestion().view();
        assertEquals(32, v.align());
        assertEquals(32, v.size());
        assertTrue(v.hazards().straddles().isEmpty(), v.hazards().straddles().toString());
        assertTrue(r.suggestion().text().endsWith("} __attribute__((aligned(32)));\n"), r.suggestion().text());
        // The member order stays: true sharing is stated, not padded apart.
        assertEquals(List.of("llist", "func", "info", "flags"),
                v.fields().units().stream().map(FieldIndex.Unit::name).toList());
        assertTrue(r.suggestion().notes().stream().anyMatch(n -> n.startsWith("flags is written by receiver and sender: true sharing")),
                r.suggestion().notes().toString());
    }

    @Test
    void csdAtALineStartHasNoStraddle() throws Exception {
        String[] args = {DIR.resolve("csd-v4.13.h").toString(), "--roles", DIR.resolve("csd.roles").toString()};
        Report r = StructTool.analyse(StructOptions.parse(args));
        assertTrue(r.original().hazards().straddles().isEmpty());
        assertFalse(r.suggestion().changed());
    }
}
