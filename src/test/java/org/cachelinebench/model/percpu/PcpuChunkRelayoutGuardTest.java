package org.cachelinebench.model.percpu;

import static org.cachelinebench.model.percpu.PcpuChunkLayouts.BASE_ADDR;
import static org.cachelinebench.model.percpu.PcpuChunkLayouts.X86_64_L1_CACHE_BYTES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Rate;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fails when the pcpu_chunk relayout is reverted: the merged v6.5 member order here, or the padding of
 * the fixed Java classes.
 *
 * <p>Liam R. Howlett, reviewing Yu Ma's patch ("percpu-internal/pcpu_chunk: Re-layout pcpu_chunk
 * structure to reduce false sharing", linux-mm, 6 June 2023):
 * <blockquote>Can we have a comment somewhere around this structure to avoid someone reverting this
 * change by accident?</blockquote>
 * The kernel got a comment above {@code base_addr}. A comment does not stop a build; this test does:
 * each check derives the line relations from the computed offsets (or, for Java, from the offsets the
 * JVM chose) and, when the fix is gone, says which members now share a line with {@code base_addr}.
 */
@Tag("layout")
class PcpuChunkRelayoutGuardTest {
    /** {@code ____cacheline_aligned_in_smp} on x86-64: the line size the fix was made for. */
    private static final int LINE = X86_64_L1_CACHE_BYTES;

    /**
     * The guard's rule, from the access table: no member the allocator writes on the alloc/free path shares a
     * line with {@code base_addr}. The findings each layout and config has, by name; an empty list passes. The
     * 2026 reorder and v6.5-merged built without memcg fail it on nr_empty_pop_pages, written when a block turns
     * empty or stops being empty; v6.5-merged with memcg and the hole variant pass.
     */
    static Stream<Arguments> expectedFindings() {
        List<String> line0 = List.of("list.next", "list.prev", "free_bytes", "chunk_md.scan_hint",
                "chunk_md.scan_hint_start", "chunk_md.contig_hint", "chunk_md.contig_hint_start", "chunk_md.left_free",
                "chunk_md.right_free", "chunk_md.first_free");
        List<String> empty = List.of(PcpuChunkLayouts.NR_EMPTY_POP_PAGES);
        List<String> none = List.of();
        return Stream.of(
                Arguments.of(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT, line0),
                Arguments.of(ChunkVersion.V6_4_RC4, KernelConfig.PLUS_STATS, none),
                Arguments.of(ChunkVersion.V6_4_RC4, KernelConfig.MINUS_MEMCG, line0),
                Arguments.of(ChunkVersion.V6_4_RC4, KernelConfig.PLUS_STATS_MINUS_MEMCG, none),
                Arguments.of(ChunkVersion.V2_REORDER, KernelConfig.DEFAULT, none),
                Arguments.of(ChunkVersion.V2_REORDER, KernelConfig.PLUS_STATS, none),
                Arguments.of(ChunkVersion.V2_REORDER, KernelConfig.MINUS_MEMCG, empty),
                Arguments.of(ChunkVersion.V2_REORDER, KernelConfig.PLUS_STATS_MINUS_MEMCG, none),
                Arguments.of(ChunkVersion.V6_5_MERGED, KernelConfig.DEFAULT, none),
                Arguments.of(ChunkVersion.V6_5_MERGED, KernelConfig.PLUS_STATS, none),
                Arguments.of(ChunkVersion.V6_5_MERGED, KernelConfig.MINUS_MEMCG, empty),
                Arguments.of(ChunkVersion.V6_5_MERGED, KernelConfig.PLUS_STATS_MINUS_MEMCG, empty),
                Arguments.of(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT, empty),
                Arguments.of(ChunkVersion.SAVE_MEMORY, KernelConfig.PLUS_STATS, empty),
                Arguments.of(ChunkVersion.SAVE_MEMORY, KernelConfig.MINUS_MEMCG, empty),
                Arguments.of(ChunkVersion.SAVE_MEMORY, KernelConfig.PLUS_STATS_MINUS_MEMCG, empty),
                Arguments.of(ChunkVersion.SAVE_MEMORY_HOLE, KernelConfig.DEFAULT, none),
                Arguments.of(ChunkVersion.SAVE_MEMORY_HOLE, KernelConfig.PLUS_STATS, none),
                Arguments.of(ChunkVersion.SAVE_MEMORY_HOLE, KernelConfig.MINUS_MEMCG, none),
                Arguments.of(ChunkVersion.SAVE_MEMORY_HOLE, KernelConfig.PLUS_STATS_MINUS_MEMCG, none));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("expectedFindings")
    void noMemberWrittenOnTheAllocFreePathSharesBaseAddrsLine(ChunkVersion version, KernelConfig config,
                                                              List<String> expected) {
        StructLayout s = PcpuChunkLayouts.pcpuChunk(version, config);
        List<String> shared = writtenOnPathSharingBaseAddrsLine(s);
        assertEquals(expected, shared, shared.isEmpty() ? PcpuChunkLayouts.name(version, config) + " passes"
                : guardMessage(PcpuChunkLayouts.name(version, config), s, shared));
    }

    /** Every version and config is in the list above, so a new layout gets a verdict of its own. */
    @Test
    void everyLayoutHasAnExpectedVerdict() {
        assertEquals(ChunkVersion.values().length * KernelConfig.values().length, expectedFindings().count());
    }

    /** The message names each member, its bytes and how often the allocator writes it. */
    @Test
    void theGuardsMessageGivesTheRateBesideTheMember() {
        StructLayout s = PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT);
        String message = guardMessage("save-memory", s, writtenOnPathSharingBaseAddrsLine(s));
        assertTrue(message.contains("nr_empty_pop_pages (116..119, written " + Rate.ON_EMPTY_BLOCK_TRANSITION.label()
                + ")"), message);
    }

    /**
     * Whatever a written member is called, moving it into base_addr's line fails the guard: every member the
     * table has the allocator write on the path, moved in turn to just after base_addr in the hole variant.
     */
    @Test
    void anyWrittenMemberMovedIntoBaseAddrsLineFailsTheGuard() {
        StructLayout hole = PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY_HOLE, KernelConfig.DEFAULT);
        assertEquals(List.of(), writtenOnPathSharingBaseAddrsLine(hole));
        int moved = 0;
        for (StructLayout.Member m : hole.members()) {
            boolean written = PcpuChunkAccess.writtenOnAllocFreePath(hole).stream()
                    .anyMatch(w -> w.equals(m.name()) || w.startsWith(m.name() + "."));
            if (!written) {
                continue;
            }
            StructLayout synthetic = movedAfterBaseAddr(hole, m.name());
            List<String> shared = writtenOnPathSharingBaseAddrsLine(synthetic);
            assertFalse(shared.isEmpty(), m.name() + " moved after base_addr passed the guard");
            assertTrue(shared.stream().allMatch(w -> w.equals(m.name()) || w.startsWith(m.name() + ".")), shared.toString());
            moved++;
        }
        assertTrue(moved >= 3, "only " + moved + " written members tried");
    }

    /** {@code layout} rebuilt with {@code name} moved to just after base_addr, every other member in its order. */
    private static StructLayout movedAfterBaseAddr(StructLayout layout, String name) {
        StructLayout.Builder b = StructLayout.builder(layout.typeName());
        StructLayout.Member movedMember = layout.member(name);
        for (StructLayout.Member m : layout.members()) {
            if (m.name().equals(name)) {
                continue;
            }
            if (m.name().equals("populated")) {
                b.flexibleArray(CType.UNSIGNED_LONG, m.name());
                continue;
            }
            b.member(m.type(), m.name(), m.alignAttr(), false);
            if (m.name().equals(BASE_ADDR)) {
                b.member(movedMember.type(), movedMember.name(), movedMember.alignAttr(), false);
            }
        }
        return b.build();
    }

    private static List<String> writtenOnPathSharingBaseAddrsLine(StructLayout s) {
        return PcpuChunkLayouts.sharingLineWith(s, BASE_ADDR, PcpuChunkAccess.writtenOnAllocFreePath(s), LINE, 0);
    }

    /** "...: base_addr (bytes 64..71) shares 64-byte line 1 with nr_empty_pop_pages (116..119, written on ...)". */
    static String guardMessage(String what, StructLayout s, List<String> shared) {
        StructLayout.Member b = s.member(BASE_ADDR);
        String members = shared.stream().map(p -> {
            StructLayout.Member m = s.member(p);
            return p + " (" + m.offset() + ".." + (m.end() - 1) + ", written " + PcpuChunkAccess.writeRate(p).label() + ")";
        }).collect(Collectors.joining(", "));
        return String.format("%s: base_addr (bytes %d..%d) shares %d-byte line %d with %s, which the allocator writes on"
                        + " the alloc/free path while every CPU reads base_addr without pcpu_lock (docs/pcpu-chunk-access.md)",
                what, b.offset(), b.end() - 1, LINE, b.offset() / LINE, members);
    }

    /**
     * The v2 order alone separates base_addr only as long as what precedes it keeps its size;
     * {@code ____cacheline_aligned_in_smp} keeps it separated whatever is added in front. Checked for
     * every size of a member added at the start, up to a line.
     */
    @ParameterizedTest
    @EnumSource(KernelConfig.class)
    void mergedLayoutStaysSeparatedWhateverIsAddedInFront(KernelConfig config) {
        List<String> failures = new ArrayList<>();
        List<String> before = writtenOnPathSharingBaseAddrsLine(PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, config));
        for (int extra = 1; extra <= LINE; extra++) {
            StructLayout s = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, config, extra);
            List<String> shared = new ArrayList<>(writtenOnPathSharingBaseAddrsLine(s));
            shared.removeAll(before);
            if (!shared.isEmpty()) {
                failures.add("with " + extra + " bytes added in front: " + reverted(
                        PcpuChunkLayouts.name(ChunkVersion.V6_5_MERGED, config), s, shared));
            }
        }
        if (!failures.isEmpty()) {
            fail("base_addr is no longer ____cacheline_aligned_in_smp, so a member added in front can bring the"
                    + " written members back onto its line (" + failures.size() + " of " + LINE + " sizes); first: "
                    + failures.get(0));
        }
    }

    /** Why the guard above is needed: the unaligned v2 order fails it. */
    @Test
    void theUnalignedV2OrderDoesNotSurviveAMemberAddedInFront() {
        int failing = 0;
        for (int extra = 1; extra <= LINE; extra++) {
            StructLayout s = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V2_REORDER, KernelConfig.DEFAULT, extra);
            if (!writtenOnPathSharingBaseAddrsLine(s).isEmpty()) {
                failing++;
            }
        }
        assertTrue(failing > 0, "v2 would have passed the attribute guard");
    }

    @Test
    void theMergedStructAsPlacedInMemoryKeepsBaseAddrOnItsOwnLine() {
        OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(ChunkVersion.V6_5_MERGED, KernelConfig.DEFAULT, LINE);
        List<String> shared = chunk.writtenSharingBaseAddrLine();
        if (!shared.isEmpty()) {
            fail(reverted(chunk.name() + " at its real address (starting " + chunk.placement().startInLine() + " bytes into a line)",
                    chunk.layout(), shared));
        }
    }

    @Test
    void paddedClassKeepsBaseAddrAtLeast128BytesFromTheWrittenFields() {
        String failure = javaClassReverted(PaddedPcpuChunk.class, "The padding class PcpuChunkPadLockedToBaseAddr");
        if (failure != null) {
            fail(failure);
        }
    }

    @Test
    void contendedClassKeepsBaseAddrAtLeast128BytesFromTheWrittenFields() {
        String failure = javaClassReverted(ContendedPcpuChunk.class, "@Contended on baseAddr (or -XX:-RestrictContended)");
        if (failure != null) {
            fail(failure);
        }
    }

    /**
     * Why the Java class is reverted, or null when baseAddr is at least {@link ChunkObjectLayoutTest#PAD}
     * bytes from every field written under the lock (in the offsets the running JVM chose).
     */
    private static String javaClassReverted(Class<?> type, String fix) {
        long gap = ChunkObjects.gapWrittenToBaseAddr(type);
        if (gap >= ChunkObjectLayoutTest.PAD) {
            return null;
        }
        Map<String, FieldSlot> f = ChunkObjects.fields(type);
        FieldSlot base = f.get(ChunkObjects.BASE_ADDR);
        List<String> near = new ArrayList<>();
        for (String w : ChunkObjects.WRITTEN_UNDER_LOCK.keySet()) {
            FieldSlot s = f.get(w);
            long d = s.offset() < base.offset() ? base.offset() - s.end() : s.offset() - base.end();
            if (d < LINE) {
                near.add(w + " (+" + s.offset() + ", " + d + " bytes away)");
            }
        }
        return String.format("%s: baseAddr (+%d) is only %d bytes from a field written under pcpu_lock, less than %d;"
                        + " %d of the %d places the object can start in a %d-byte line put them on one line; within a"
                        + " line of baseAddr: %s. %s has been removed or no longer works: the relayout is reverted.",
                type.getSimpleName(), base.offset(), gap, ChunkObjectLayoutTest.PAD,
                ChunkObjects.sharingPlacements(type, LINE), LINE / 8, LINE,
                near.isEmpty() ? "none" : String.join(", ", near), fix);
    }

    /** "... base_addr (bytes 56..63) now shares 64-byte line 0 with free_bytes (16..19), ...". */
    private static String reverted(String what, StructLayout s, List<String> shared) {
        StructLayout.Member b = s.member(BASE_ADDR);
        String members = shared.stream().map(p -> {
            StructLayout.Member m = s.member(p);
            return p + " (" + m.offset() + ".." + (m.end() - 1) + ")";
        }).collect(Collectors.joining(", "));
        return String.format("%s: base_addr (bytes %d..%d) now shares %d-byte line %d with %s, which pcpu_alloc_area()"
                        + " and pcpu_free_area() write under pcpu_lock while every CPU reads base_addr without it."
                        + " The v6.5 relayout (bound_map moved up, base_addr ____cacheline_aligned_in_smp) has been"
                        + " reverted: see the comment above base_addr in mm/percpu-internal.h.",
                what, b.offset(), b.end() - 1, LINE, b.offset() / LINE, members);
    }

    @Test
    void theGuardFailsOnTheLayoutItGuardsAgainst() {
        StructLayout old = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT);
        List<String> shared = writtenOnPathSharingBaseAddrsLine(old);
        assertFalse(shared.isEmpty());
        String message = reverted("v6.4-rc4", old, shared);
        int free = old.offsetOf("free_bytes");
        assertTrue(message.contains("free_bytes (" + free + ".." + (free + 3) + ")")
                && message.contains("line " + old.offsetOf(BASE_ADDR) / LINE + " with"), message);
    }

    /**
     * The Java guard's failure path, on the class as a developer would write it: the message names
     * baseAddr's offset and every written field within a line of it, each found here from the JVM's
     * offsets.
     */
    @Test
    void theJavaGuardFailsOnTheUnpaddedClassNamingTheFieldsOnBaseAddrsLine() {
        String message = javaClassReverted(UnpaddedPcpuChunk.class, "Padding");
        assertNotNull(message, "the unpadded class passed the Java guard");
        Map<String, FieldSlot> f = ChunkObjects.fields(UnpaddedPcpuChunk.class);
        FieldSlot base = f.get(ChunkObjects.BASE_ADDR);
        assertTrue(message.startsWith("UnpaddedPcpuChunk: baseAddr (+" + base.offset() + ") is only "), message);
        int named = 0;
        for (String w : ChunkObjects.WRITTEN_UNDER_LOCK.keySet()) {
            FieldSlot s = f.get(w);
            boolean withinALine = Math.max(s.offset() - base.end(), base.offset() - s.end()) < LINE;
            assertEquals(withinALine, message.contains(w + " (+" + s.offset() + ","), w + " in: " + message);
            named += withinALine ? 1 : 0;
        }
        assertTrue(named > 0, message);
        assertTrue(message.endsWith("Padding has been removed or no longer works: the relayout is reverted."), message);
    }
}
