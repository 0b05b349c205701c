package org.cachelinebench.coherence.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.junit.jupiter.api.Test;

/**
 * The direction of the execl points' allocator transfers (every CPU allocating and freeing, round-robin, as
 * ScalingScenarios traces them), per alloc+free. v6.4-rc4 never moves fewer lines than v6.5-merged; it moves more
 * only once a CPU's memset loads of base_addr (one per CPU) outlast the next lock holder's path up to its first
 * write of line 0 (the list and the hints' reads, the bitmaps, then free_bytes): then the holder's write takes line
 * 0 from under those loads and in v6.4-rc4 they miss. Within that path, up to 8 CPUs here, base_addr's line moves
 * in v6.4-rc4 exactly as often as v6.5-merged's line 0, and the two totals are equal (docs/pcpu-chunk.md, "Open").
 */
class ExeclAllocatorDirectionTest {
    static Traced execl(ChunkVersion v, int cpus) {
        var struct = PcpuChunkLayouts.pcpuChunk(v, KernelConfig.DEFAULT);
        return ChunkTrace.symmetric(TracedPcpuChunk.factory(struct), cpus, Model.DEFAULT.with(Schedule.ROUND_ROBIN));
    }

    @Test
    @org.junit.jupiter.api.Tag(org.cachelinebench.coherence.TraceStepping.TAG)
    void atEightCpusTheMemsetLoadsEndBeforeTheNextHoldersFirstWrite() {
        org.cachelinebench.coherence.TraceStepping.assumeOneThread();   // kernel-layout execl traces of 8 and 16 CPUs
        Traced old = execl(ChunkVersion.V6_4_RC4, 8);
        Traced merged = execl(ChunkVersion.V6_5_MERGED, 8);
        // v6.5-merged's base_addr line is read only: it never moves. v6.4-rc4's is line 0, the written line.
        assertFalse(merged.byLine().containsKey("base_addr's line"), merged.byLine().toString());
        assertEquals(merged.byLine().get("line 0").transfers(), old.byLine().get("base_addr's line").transfers(), 1e-9,
                "v6.4-rc4's shared line moves as often as v6.5-merged's written line: the loads never miss");
        assertEquals(merged.transfers(ChunkTrace.ALLOCATOR), old.transfers(ChunkTrace.ALLOCATOR), 1e-9);
    }

    @Test
    @org.junit.jupiter.api.Tag(org.cachelinebench.coherence.TraceStepping.TAG)
    void atSixteenCpusV64MovesMore() {
        org.cachelinebench.coherence.TraceStepping.assumeOneThread();   // kernel-layout execl traces of 8 and 16 CPUs
        Traced old = execl(ChunkVersion.V6_4_RC4, 16);
        Traced merged = execl(ChunkVersion.V6_5_MERGED, 16);
        double extraOnBaseLine = old.byLine().get("base_addr's line").transfers() - merged.byLine().get("line 0").transfers();
        assertTrue(extraOnBaseLine > 1, "v6.4-rc4's base_addr line: " + old.byLine() + " against " + merged.byLine());
        assertTrue(old.transfers(ChunkTrace.ALLOCATOR) > merged.transfers(ChunkTrace.ALLOCATOR) + 1,
                old.transfers(ChunkTrace.ALLOCATOR) + " against " + merged.transfers(ChunkTrace.ALLOCATOR));
    }
}
