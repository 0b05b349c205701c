package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
            + "# for the save-memory order at live=1 (a block turns used and empty on every step: the worst case; at live=N the\n"
            + "# transition rows are 1/N). PcpuChunkAccessTest checks this file against the table.\n"
            + "# benchmarks/struct benchmarks/examples/pcpu_chunk-save-memory.h pcpu_chunk --roles benchmarks/examples/pcpu_chunk.roles"
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
        assertEquals(PcpuChunkAccess.rolesFile(PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT),
                1, EXAMPLE_HEADER), file, EXAMPLE_ROLES + " differs from PcpuChunkAccess");
        assertTrue(file.contains("allocator writes nr_empty_pop_pages   # " + PcpuChunkAccess.Rate.ON_EMPTY_BLOCK_TRANSITION.label()),
                file);
        String at8 = PcpuChunkAccess.rolesFile(PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT), 8, "");
        assertTrue(at8.contains("allocator writes nr_empty_pop_pages 1/8"), at8);
    }

    /** The struct tool's test roles files, each for v6.4-rc4's members in the default config, at live=8. */
    static final Path STRUCT = Path.of("src", "test", "resources", "org", "cachelinebench", "struct");
    static final List<Path> TEST_ROLES_FILES = List.of(TEST_ROLES, STRUCT.resolve("pcpu_chunk-hints.roles"),
            STRUCT.resolve("pcpu_chunk-empty-pages.roles"));
    static final int TEST_ROLES_LIVE = 8;
    /**
     * What pcpu_chunk.roles and pcpu_chunk-empty-pages.roles claim beyond the table, on purpose: their chunk_md.*
     * (the 2023 review's coarse view) calls nr_bits written, which the kernel only reads; the hints file says it
     * as the table does.
     */
    static final Set<String> COARSE_CLAIMS = Set.of("allocator writes chunk_md.nr_bits");
    static final Set<Path> COARSE_FILES = Set.of(TEST_ROLES, STRUCT.resolve("pcpu_chunk-empty-pages.roles"));

    /**
     * The struct tool's pcpu_chunk roles files say what the table says: every write the table has on the
     * alloc/free steps is in each file at the table's rate for live=8, the reader reads base_addr, and every
     * ROLE reads|writes MEMBER [RATE] in a file is a row at that row's rate (the coarse files' chunk_md.*
     * aside, which also claims nr_bits written). The allocator's other reads may be left out: the reader writes
     * nothing, so they make no hazard and move no line.
     */
    @Test
    void theStructToolsRolesFilesSayWhatTheTableSays() throws IOException {
        StructLayout v64 = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT);
        for (Path file : TEST_ROLES_FILES) {
            Map<String, String> claims = rolesFileClaims(file, v64);
            Set<String> beyond = new TreeSet<>();
            for (Map.Entry<String, String> c : claims.entrySet()) {
                String[] w = c.getKey().split(" ");
                String expected = tableRate(v64, w[0], w[1], w[2]);
                if (expected == null && COARSE_CLAIMS.contains(c.getKey()) && COARSE_FILES.contains(file)) {
                    beyond.add(c.getKey());
                    continue;
                }
                assertTrue(expected != null, file + ": '" + c.getKey() + "' is not in the access table");
                assertEquals(expected, c.getValue(), file + ": '" + c.getKey() + "' at the wrong rate (live="
                        + TEST_ROLES_LIVE + ")");
            }
            assertEquals(COARSE_FILES.contains(file) ? COARSE_CLAIMS : Set.of(), beyond, file.toString());
            List<String> required = new ArrayList<>();
            for (String m : PcpuChunkAccess.writtenOnAllocFreePath(v64)) {
                required.add("allocator writes " + m);
            }
            required.add("reader reads " + PcpuChunkLayouts.BASE_ADDR);
            for (String fact : required) {
                assertTrue(claims.containsKey(fact), file + " leaves out '" + fact + "', which the access table has");
            }
        }
    }

    /** The rate the table gives {@code role kind leaf} on the alloc/free steps as a roles fraction, or null. */
    static String tableRate(StructLayout layout, String role, String kind, String leaf) {
        for (PcpuChunkAccess.Access r : PcpuChunkAccess.rows(layout)) {
            String f = r.rate.rolesFraction(TEST_ROLES_LIVE);
            if (f != null && r.role.label().equals(role) && r.kind.label().equals(kind)
                    && (leaf.equals(r.member) || leaf.startsWith(r.member + "."))) {
                return f.isEmpty() ? "1" : f;
            }
        }
        return null;
    }

    /**
     * A roles file's facts, one per leaf member: "ROLE VERB LEAF" to its rate ("1" when none is given). A line is
     * ROLE reads|writes FIELD... [RATE], a FIELD a member ("list" stands for its members), a.b, or a.*; the rate
     * is a last word of digits, as the struct tool reads it.
     */
    static Map<String, String> rolesFileClaims(Path file, StructLayout layout) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String fact = line.replaceAll("#.*", "").trim();
            if (fact.isEmpty()) {
                continue;
            }
            List<String> w = new ArrayList<>(List.of(fact.split("\\s+")));
            String rate = "1";
            if (w.get(w.size() - 1).matches("[0-9]+(/[0-9]+)?")) {
                rate = w.remove(w.size() - 1);
            }
            assertTrue(w.size() >= 3, file + ": '" + fact + "' names no member");
            for (String field : w.subList(2, w.size())) {
                String prefix = field.endsWith(".*") ? field.substring(0, field.length() - 2) : field;
                List<String> leaves = new ArrayList<>();
                for (String leaf : leaves(layout)) {
                    if (leaf.equals(prefix) || leaf.startsWith(prefix + ".")) {
                        leaves.add(leaf);
                    }
                }
                assertTrue(!leaves.isEmpty(), file + ": '" + field + "' is no member of " + layout.typeName());
                for (String leaf : leaves) {
                    out.put(w.get(0) + " " + w.get(1) + " " + leaf, rate);
                }
            }
        }
        return out;
    }

    /** Every member as a dotted path, a nested struct's members instead of the struct. */
    static List<String> leaves(StructLayout layout) {
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : layout.members()) {
            if (m.type().isStruct() && !m.type().isArray()) {
                for (StructLayout.Member n : m.type().struct().members()) {
                    out.add(m.name() + "." + n.name());
                }
            } else {
                out.add(m.name());
            }
        }
        return out;
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
