package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.StructLayout;
import org.junit.jupiter.api.Test;

/**
 * free_percpu()'s part under {@code pcpu_lock} makes the loads of the 2026 mm tree (damonitor/linux 1c358a92
 * mm/percpu.c and mm/percpu-vm.c), written out here by hand from the kernel's source, on the recorded path
 * ({@link RecordingPcpuChunk}, the save-memory layout) at live=2: step 2 frees the first area and leaves the chunk
 * in use, step 3 frees the second and leaves it entirely free.
 *
 * <pre>
 *   if (!chunk-&gt;isolated &amp;&amp; chunk-&gt;free_bytes == pcpu_unit_size) {
 *       list_for_each_entry(pos, &amp;pcpu_chunk_lists[pcpu_free_slot], list)
 *           if (pos != chunk) { need_balance = true; break; }
 *   } else if (pcpu_should_reclaim_chunk(chunk)) { ... }
 * </pre>
 */
class FreePercpuBalanceCheckTest {
    private static final StructLayout LAYOUT = PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT);

    /**
     * Emptied: isolated, free_bytes, pcpu_unit_size (equal); then the walk: the pointer pcpu_chunk_lists,
     * pcpu_free_slot, the free slot's head.next (the chunk itself, so no break), the chunk's list.next (the head:
     * the walk ends). No nr_empty_pop_pages, no pcpu_nr_empty_pop_pages, no nr_pages.
     */
    @Test
    void aFreeThatEmptiesTheChunkWalksTheFreeSlotsList() {
        assertEquals(List.of(chunk("isolated"), chunk("free_bytes"), ro(PcpuAllocatorMemory.RO_UNIT_SIZE),
                        ro(PcpuAllocatorMemory.RO_CHUNK_LISTS), ro(PcpuAllocatorMemory.RO_FREE_SLOT),
                        "pcpu_chunk_lists load " + PcpuAllocatorMemory.FREE_SLOT * PcpuAllocatorMemory.LIST_HEAD_SIZE,
                        chunk("list.next")),
                balanceCheck(3));
    }

    /**
     * In use: isolated, free_bytes, pcpu_unit_size (unequal); then pcpu_should_reclaim_chunk(): pcpu_first_chunk and
     * pcpu_reserved_chunk (neither is the chunk), isolated (false), pcpu_nr_empty_pop_pages and nr_empty_pop_pages;
     * the global (CHUNK_PAGES - 1, the used block's page gone) is not above PCPU_EMPTY_POP_PAGES_HIGH plus the
     * chunk's own (also CHUNK_PAGES - 1), so the && stops before the second nr_empty_pop_pages load and nr_pages.
     */
    @Test
    void aFreeThatLeavesTheChunkInUseAsksWhetherToReclaimIt() {
        assertEquals(List.of(chunk("isolated"), chunk("free_bytes"), ro(PcpuAllocatorMemory.RO_UNIT_SIZE),
                        ro(PcpuAllocatorMemory.RO_FIRST_CHUNK), ro(PcpuAllocatorMemory.RO_RESERVED_CHUNK),
                        chunk("isolated"), "pcpu_nr_empty_pop_pages load 0", chunk("nr_empty_pop_pages")),
                balanceCheck(2));
    }

    /**
     * pcpu_free_area() in the mm tree's order, with CONFIG_PERCPU_STATS: pcpu_chunk_slot() (free_bytes,
     * contig_hint), test_bit(bit_off, alloc_map), test_bit(bit_off, bound_map), find_next_bit(bound_map,
     * pcpu_chunk_map_bits() [nr_pages], ...), bitmap_clear(alloc_map); and pcpu_stats_area_dealloc() last, after
     * pcpu_chunk_relocate() (the global pcpu_stats, then the chunk's nr_alloc), before the memcg hook's obj_exts.
     */
    @Test
    void pcpuFreeAreaTestsTheAreasBitsFirstAndCountsTheStatsLast() {
        StructLayout layout = PcpuChunkLayouts.pcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.PLUS_STATS);
        List<String> step = step(RecordingPcpuChunk.record(ChunkVersion.SAVE_MEMORY, KernelConfig.PLUS_STATS, 2, 4), 2);
        int bit = 0;   // step 2 frees the first area, at bit 0
        assertEquals(List.of(chunk(layout, "free_bytes"), chunk(layout, "chunk_md.contig_hint"),
                chunk(layout, "alloc_map"), "alloc_map load " + bit / 64 * 8,
                chunk(layout, "bound_map"), "bound_map load " + bit / 64 * 8,
                chunk(layout, "bound_map"), chunk(layout, "nr_pages")), step.subList(1, 9));
        int objExts = step.lastIndexOf(chunk(layout, PcpuChunkLayouts.OBJ_EXTS));
        assertEquals(List.of("pcpu_stats load " + PcpuAllocatorMemory.STATS_NR_DEALLOC,
                "pcpu_stats store " + PcpuAllocatorMemory.STATS_NR_DEALLOC,
                "pcpu_stats load " + PcpuAllocatorMemory.STATS_NR_CUR_ALLOC,
                "pcpu_stats store " + PcpuAllocatorMemory.STATS_NR_CUR_ALLOC,
                chunk(layout, "nr_alloc"), "chunk store " + layout.offsetOf("nr_alloc")), step.subList(objExts - 6, objExts));
    }

    /** Step {@code k}'s accesses from the lock's acquire to its release, both included. */
    private static List<String> step(List<String> record, int k) {
        List<String> out = new ArrayList<>();
        int i = record.indexOf("step " + k + " free");
        while (!record.get(i).equals("lock acquire")) {
            i++;
        }
        for (; !record.get(i).equals("lock release"); i++) {
            out.add(record.get(i));
        }
        out.add(record.get(i));
        return out;
    }

    /** Step {@code k}'s accesses after the memcg free hook's load of obj_exts, up to the lock's release. */
    private static List<String> balanceCheck(int k) {
        List<String> s = step(RecordingPcpuChunk.record(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT, 2, 4), k);
        return s.subList(s.lastIndexOf(chunk(PcpuChunkLayouts.OBJ_EXTS)) + 1, s.size() - 1);
    }

    private static String chunk(String member) {
        return chunk(LAYOUT, member);
    }

    private static String chunk(StructLayout layout, String member) {
        return "chunk load " + layout.offsetOf(member);
    }

    private static String ro(int offset) {
        return "ro_after_init load " + offset;
    }
}
