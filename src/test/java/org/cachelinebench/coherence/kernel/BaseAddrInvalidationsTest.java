package org.cachelinebench.coherence.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.api.Test;

/**
 * The count of base_addr's invalidations follows the allocator's whole path at the occupancy asked: a member that
 * only {@code members()} writes (nr_empty_pop_pages, on a block's empty/used turns) takes base_addr's line as often
 * as the off-heap allocator's own counter says it is written, where the layout puts it on that line.
 */
class BaseAddrInvalidationsTest {
    private static final int LIVE = 8;

    private static BaseAddrInvalidations of(ChunkVersion version, int live) {
        return BaseAddrInvalidations.of(TracedPcpuChunk.factory(PcpuChunkLayouts.pcpuChunk(version,
                KernelConfig.DEFAULT)), Model.DEFAULT, live);
    }

    /** The off-heap allocator's measured nr_empty_pop_pages writes per step over the count's counted steps. */
    private static double measuredEmptyPagesRate(ChunkVersion version, int live) {
        OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(version, KernelConfig.DEFAULT);
        PcpuLock lock = new PcpuLock();
        PendingArea area = new PendingArea();
        area.occupy(live);
        int warmup = BaseAddrInvalidations.wholePeriods(BaseAddrInvalidations.WARMUP_STEPS, live);
        int counted = BaseAddrInvalidations.wholePeriods(BaseAddrInvalidations.COUNTED_STEPS, live);
        EmptyPagesRate before = null;
        for (int step = 0; step < warmup + counted; step++) {
            if (step == warmup) {
                before = EmptyPagesRate.of(chunk.members().metadata());
            }
            assertTrue(PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, null));
        }
        EmptyPagesRate r = EmptyPagesRate.of(chunk.members().metadata()).minus(before);
        assertEquals(counted, r.steps());
        return r.perStep();
    }

    @Test
    void saveMemoryLineIsTakenOnEveryNrEmptyPopPagesWrite() {
        // nr_empty_pop_pages shares base_addr's line and is its only member written: each write takes the line once,
        // whether the reader loads between steps or after every access.
        BaseAddrInvalidations b = of(ChunkVersion.SAVE_MEMORY, LIVE);
        double rate = measuredEmptyPagesRate(ChunkVersion.SAVE_MEMORY, LIVE);
        assertFalse(b.none(), "nr_empty_pop_pages is on base_addr's line: " + b);
        assertEquals(2.0 / (2 * LIVE), rate, 1e-12, "2 writes in a period of 2 x live steps");
        assertEquals(rate, b.low(), 1e-12, b.toString());
        assertEquals(rate, b.high(), 1e-12, b.toString());
        // The occupancy is the one asked: every step turns the block at live=1.
        assertEquals(measuredEmptyPagesRate(ChunkVersion.SAVE_MEMORY, 1), of(ChunkVersion.SAVE_MEMORY, 1).low(), 1e-12);
    }

    @Test
    void v65MergedsLineIsNeverWrittenOnTheWholePath() {
        // With memcg (the default config) obj_cgroups pushes nr_empty_pop_pages onto the next line.
        assertTrue(of(ChunkVersion.V6_5_MERGED, LIVE).none());
        assertTrue(of(ChunkVersion.V6_5_MERGED, 1).none());
    }

    @Test
    void v64Rc4sLineIsTakenOnEveryStep() {
        // free_bytes, on base_addr's line in v6.4-rc4, is stored on every step: a reader loading between steps loses
        // its copy each step, at any occupancy.
        BaseAddrInvalidations every = of(ChunkVersion.V6_4_RC4, 1);
        BaseAddrInvalidations some = of(ChunkVersion.V6_4_RC4, LIVE);
        assertEquals(1.0, every.low(), 1e-12);
        assertEquals(1.0, some.low(), 1e-12);
        // list shares the line too: its two words are stored on a slot change, which comes with each block turn, so
        // the stores a reader loading after every access sees fall with the occupancy by twice that rate's fall.
        double turns = measuredEmptyPagesRate(ChunkVersion.V6_4_RC4, 1) - measuredEmptyPagesRate(ChunkVersion.V6_4_RC4, LIVE);
        assertEquals(2 * turns, every.high() - some.high(), 1e-12, every + " at live=1, " + some + " at live=" + LIVE);
    }
}
