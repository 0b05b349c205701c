package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.api.Test;

/**
 * The blocks of the interleaved pcpu_chunk schedule, from the real addresses: every side's chunk starts a line in
 * every block, base_addr shares its line with free_bytes only in v6.4-rc4, each block's lock starts a line of its own,
 * the A/A side is its twin byte for byte at another block, and the schedule gives every side
 * every block at the same positions with the same reader batches.
 */
class ChunkBlocksTest {
    private static final int LINE = CacheLine.SIZE;
    private static final List<String> NAMES = ChunkInterleaved.SIDES.names();
    private static final List<ChunkVersion> LAYOUTS = ChunkInterleaved.SIDES.layouts();
    private static final int V6_4_RC4_SIDE = NAMES.indexOf(ChunkSides.V6_4_RC4);
    private static final int V2_REORDER_SIDE = NAMES.indexOf(ChunkSides.V2_REORDER);

    @Test
    void everySidesChunkStartsALineInEveryBlockAndBaseAddrSharesALineOnlyInV64Rc4() {
        ChunkBlocks blocks = ChunkInterleavedProtocolTest.blocks(ChunkInterleavedProtocolTest.offHeap(ChunkInterleaved.SIDES, 1));
        for (int s = 0; s < NAMES.size(); s++) {
            for (int b = 0; b < blocks.size(); b++) {
                OffHeapPcpuChunk c = blocks.chunk(s, b);
                assertEquals(PcpuChunkLayouts.name(LAYOUTS.get(s), KernelConfig.DEFAULT), c.name());
                assertEquals(0, c.placement().startInLine(), c.describe());
                assertEquals(0, c.memory().addressModulo(0, LINE), "block " + b + " starts on a line");
                List<String> shared = c.writtenSharingBaseAddrLine();
                if (LAYOUTS.get(s) == ChunkVersion.V6_4_RC4) {
                    assertTrue(shared.contains("free_bytes"), c.describe());
                } else {
                    assertEquals(List.of(), shared, c.describe());
                }
                Placement lock = blocks.lock(b).placement();
                assertEquals(0, lock.startInLine());
                assertTrue(!lock.straddles(), lock.describe());
            }
        }
    }

    @Test
    void theAaSideIsItsTwinByteForByteInAnotherBlock() {
        ChunkBlocks blocks = ChunkInterleavedProtocolTest.blocks(ChunkInterleavedProtocolTest.offHeap(ChunkInterleaved.SIDES, 1));
        int twin = ChunkInterleaved.SIDES.reference();
        int again = NAMES.indexOf(ChunkSides.V6_5_MERGED_AGAIN);
        assertEquals(LAYOUTS.get(twin), LAYOUTS.get(again));
        blocks.handTo(twin, 0);
        blocks.handTo(again, 1);
        OffHeapPcpuChunk a = blocks.chunk(twin, 0);
        OffHeapPcpuChunk b = blocks.chunk(again, 1);
        assertEquals(Pahole.format(a.layout(), LINE), Pahole.format(b.layout(), LINE));
        assertArrayEquals(bytes(a), bytes(b));
        assertNotEquals(a.memory(), b.memory());
        // A layout that differs from the twin's is not the same bytes: the comparison can fail.
        blocks.handTo(V6_4_RC4_SIDE, 2);
        assertNotEquals(Pahole.format(a.layout(), LINE), Pahole.format(blocks.chunk(V6_4_RC4_SIDE, 2).layout(), LINE));
    }

    @Test
    void aHandOverLeavesTheNewOwnersFreshChunkWhateverTheLastOneLeft() {
        ChunkBlocks blocks = ChunkInterleavedProtocolTest.blocks(ChunkInterleavedProtocolTest.offHeap(ChunkInterleaved.SIDES, 1));
        OffHeapPcpuChunk old = blocks.chunk(V6_4_RC4_SIDE, 0);
        blocks.handTo(V6_4_RC4_SIDE, 0);
        PendingArea area = blocks.area(V6_4_RC4_SIDE, 0);
        PcpuLock lock = blocks.lock(0);
        PcpuChunkWorkload.allocateOrFreeOnce(old, lock, area, null);
        assertNull(blocks.check(0, NAMES), "an allocated area is counted");
        area.clear();                                   // as if a step had landed on another chunk
        assertTrue(blocks.check(0, NAMES).contains("free_bytes"));
        blocks.handTo(V2_REORDER_SIDE, 0);
        OffHeapPcpuChunk fresh = blocks.chunk(V2_REORDER_SIDE, 0);
        assertEquals(PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT, fresh.getInt(PcpuChunkFields.FREE_BYTES));
        assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, fresh.baseAddrOnce());
        assertNull(blocks.check(0, NAMES));
        // Fresh is byte for byte what a chunk of its own memory starts as.
        assertArrayEquals(bytes(new OffHeapPcpuChunk(ChunkVersion.V2_REORDER, KernelConfig.DEFAULT)), bytes(fresh));
    }

    @Test
    void everySideGetsEveryBlockTwiceAndTheSameReaderBatchesPerCycle() {
        InterleavedSchedule s = ChunkInterleavedProtocolTest.offHeap(ChunkInterleaved.SIDES, 1).schedule();
        int n = NAMES.size();
        assertEquals(ChunkInterleaving.BATCHES, s.callsPerSlice());
        long[][] slices = new long[n][n];
        long[][] positions = new long[n][n];
        for (long k = 0; k < s.slicesPerCycle(); k++) {
            slices[s.side(k)][s.block(k)]++;
            positions[s.side(k)][s.block(k)] += s.position(k);
        }
        for (int side = 0; side < n; side++) {
            for (int b = 0; b < n; b++) {
                assertEquals(2, slices[side][b]);
                assertEquals(2L * n - 1, positions[side][b], "block " + b + " at positions b and 2N-1-b");
            }
        }
        assertEquals(2L * n * ChunkInterleaving.BATCHES, s.callsPerSidePerCycle());
    }

    private static byte[] bytes(OffHeapPcpuChunk c) {
        int size = c.layout().size();
        byte[] out = new byte[size];
        for (int i = 0; i < size; i += Long.BYTES) {
            long v = c.memory().getLong(i);
            for (int j = 0; j < Long.BYTES && i + j < size; j++) {
                out[i + j] = (byte) (v >>> (8 * j));
            }
        }
        return out;
    }
}
