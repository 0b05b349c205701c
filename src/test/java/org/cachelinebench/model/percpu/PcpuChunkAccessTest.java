package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.model.layout.StructLayout;
import org.junit.jupiter.api.Test;

/**
 * The access table is the one source: the docs' table, the struct tool's pcpu_chunk roles files and the guard's
 * written members are what it gives, and a test here fails when any of them says something else.
 */
class PcpuChunkAccessTest {
    static final Path DOC = Path.of("docs", "pcpu-chunk-access.md");
    static final String BEGIN = "<!-- access table: generated from PcpuChunkAccess, PcpuChunkAccessTest checks it -->\n";
    static final String END = "<!-- end of access table -->\n";

    /** The roles files and the layout each is written for. */
    static final Path EXAMPLE_ROLES = Path.of("benchmarks", "examples", "pcpu_chunk.roles");
    static final Path TEST_ROLES = Path.of("src", "test", "resources", "org", "cachelinebench", "struct", "pcpu_chunk.roles");

    static final String EXAMPLE_HEADER = "# The allocator and the readers of struct pcpu_chunk, generated from PcpuChunkAccess (docs/pcpu-chunk-access.md)\n"
            + "# for the 2026 order at live=1 (a block turns used and empty on every step: the worst case; at live=N the\n"
            + "# transition rows are 1/N). PcpuChunkAccessTest checks this file against the table.\n"
            + "# benchmarks/struct benchmarks/examples/pcpu_chunk-mm-2026.h pcpu_chunk --roles benchmarks/examples/pcpu_chunk.roles"
            + " -D CONFIG_MEMCG\n";

    @Test
    void theDocsTableIsTheTables() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int b = doc.indexOf(BEGIN);
        int e = doc.indexOf(END);
        assertTrue(b >= 0 && e > b, DOC + " has no generated table between its markers");
        assertEquals(PcpuChunkAccess.markdownTable(), doc.substring(b + BEGIN.length(), e),
                DOC + " differs from PcpuChunkAccess: regenerate the table");
    }

    @Test
    void theExampleRolesFileIsTheTables() throws IOException {
        String file = Files.readString(EXAMPLE_ROLES, StandardCharsets.UTF_8);
        assertEquals(PcpuChunkAccess.rolesFile(PcpuChunkLayouts.pcpuChunk(ChunkVersion.MM_2026_SIZE, KernelConfig.DEFAULT),
                1, EXAMPLE_HEADER), file, EXAMPLE_ROLES + " differs from PcpuChunkAccess");
        assertTrue(file.contains("allocator writes nr_empty_pop_pages   # " + PcpuChunkAccess.Rate.ON_EMPTY_BLOCK_TRANSITION.label()),
                file);
        String at8 = PcpuChunkAccess.rolesFile(PcpuChunkLayouts.pcpuChunk(ChunkVersion.MM_2026_SIZE, KernelConfig.DEFAULT), 8, "");
        assertTrue(at8.contains("allocator writes nr_empty_pop_pages 1/8"), at8);
    }

    /**
     * The struct tool's own pcpu_chunk roles file (the 2023 fix's roles, which its tests are written for) says
     * only what the table says: every ROLE reads|writes MEMBER in it is a row (chunk_md.* covering the hints).
     */
    @Test
    void theStructToolsRolesFileSaysNothingTheTableDoesNot() throws IOException {
        StructLayout v64 = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT);
        for (String line : Files.readAllLines(TEST_ROLES, StandardCharsets.UTF_8)) {
            String fact = line.replaceAll("#.*", "").trim();
            if (fact.isEmpty()) {
                continue;
            }
            String[] w = fact.split("\\s+");
            for (int i = 2; i < w.length; i++) {
                String member = w[i].endsWith(".*") ? w[i].substring(0, w[i].length() - 2) : w[i];
                String named = w[i];
                boolean known = PcpuChunkAccess.rows(v64).stream().anyMatch(r -> r.role.label().equals(w[0])
                        && r.kind.label().equals(w[1]) && (r.member.equals(member) || r.member.startsWith(member + ".")));
                assertTrue(known, TEST_ROLES + ": '" + w[0] + " " + w[1] + " " + named + "' is not in the access table");
            }
        }
    }

    /** Every member of every layout has a row, so a member added to a layout must be added to the table. */
    @Test
    void everyMemberOfEveryLayoutHasARow() {
        for (ChunkVersion v : ChunkVersion.values()) {
            for (KernelConfig c : KernelConfig.values()) {
                StructLayout s = PcpuChunkLayouts.pcpuChunk(v, c);
                for (StructLayout.Member m : s.members()) {
                    assertTrue(PcpuChunkAccess.rows(s).stream().anyMatch(r -> r.member.equals(m.name())
                                    || r.member.startsWith(m.name() + ".")),
                            PcpuChunkLayouts.name(v, c) + ": no row for " + m.name());
                }
            }
        }
    }

    /** What the allocator writes on the path, derived: the stats counters only with stats, never nr_populated. */
    @Test
    void theWrittenMembersFollowTheConfig() {
        List<String> plain = PcpuChunkLayouts.writtenOnAllocFreePath(ChunkVersion.V6_5_MERGED, KernelConfig.DEFAULT);
        List<String> stats = PcpuChunkLayouts.writtenOnAllocFreePath(ChunkVersion.V6_5_MERGED, KernelConfig.PLUS_STATS);
        assertTrue(plain.contains("free_bytes") && plain.contains("list.next") && plain.contains("nr_empty_pop_pages"),
                plain.toString());
        assertTrue(!plain.contains("nr_alloc") && stats.contains("nr_alloc") && stats.contains("max_alloc_size"),
                stats.toString());
        assertTrue(!plain.contains("nr_populated") && !plain.contains("base_addr"), plain.toString());
    }
}
