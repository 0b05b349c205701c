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

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

    @ParameterizedTest
    @EnumSource(KernelConfig.class)
    void mergedLayoutKeepsBaseAddrOffEveryLineWrittenUnderPcpuLock(KernelConfig config) {
        StructLayout s = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, config);
        List<String> shared = PcpuChunkLayouts.sharingLineWith(s, BASE_ADDR,
                PcpuChunkLayouts.writtenUnderLock(config), LINE, 0);
        if (!shared.isEmpty()) {
            fail(reverted(PcpuChunkLayouts.name(ChunkVersion.V6_5_MERGED, config), s, shared));
        }
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
        for (int extra = 1; extra <= LINE; extra++) {
            StructLayout s = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, config, extra);
            List<String> shared = PcpuChunkLayouts.sharingLineWith(s, BASE_ADDR,
                    PcpuChunkLayouts.writtenUnderLock(config), LINE, 0);
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
            if (!PcpuChunkLayouts.sharingLineWith(s, BASE_ADDR, PcpuChunkLayouts.writtenUnderLock(KernelConfig.DEFAULT),
                    LINE, 0).isEmpty()) {
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
        List<String> shared = PcpuChunkLayouts.sharingLineWith(old, BASE_ADDR,
                PcpuChunkLayouts.writtenUnderLock(KernelConfig.DEFAULT), LINE, 0);
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
