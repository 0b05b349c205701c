package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The handle's batch and slice, which pick the class once and run a method of that class's own, do on every class
 * what the workload does on the object itself: the reader's sum, and the allocator's every write.
 */
class ChunkObjectHandleTest {
    private static final long[] OFFSETS = {0, 4096, 8192, 1 << 20};
    private static final int LIVE = 3;

    @Test
    void theBatchReadsTheHandlesOwnObject() {
        for (ChunkObjects.Variant v : ChunkObjects.Variant.values()) {
            PcpuChunkFields chunk = v.create();
            ChunkObjectHandle handle = fresh(chunk);
            assertSame(chunk, handle.chunk());
            long expected = PcpuChunkWorkload.sumChunkAddrs(chunk, OFFSETS);
            assertEquals(OFFSETS.length * PcpuAllocator.CHUNK_BASE_ADDR + 4096 + 8192 + (1 << 20), expected, v.name());
            assertEquals(expected, handle.sumChunkAddrs(OFFSETS), v.name());
        }
    }

    /**
     * A round of the allocator's calls in one slice: the handle's steps run the workload's steps on its own object,
     * the same writes as those steps on the object itself. Nobody leads the schedule, so slice 0 stays open and the
     * slice ends with the round ({@link PcpuChunkWorkload#OPS} calls).
     */
    @Test
    void theSliceWritesWhatTheWorkloadsStepsWriteOnTheObjectItself() {
        ChunkInterleaving run = new ChunkInterleaving(ChunkInterleaved.SIDES.names(),
                new ChunkBlocks(ChunkInterleaved.SIDES.layouts(), KernelConfig.DEFAULT, 64, 1));
        for (ChunkObjects.Variant v : ChunkObjects.Variant.values()) {
            PcpuChunkFields direct = v.create();
            fresh(direct);
            ChunkObjectHandle handle = fresh(v.create());
            PcpuLock lockD = new PcpuLock(64);
            PcpuLock lockH = new PcpuLock(64);
            PendingArea areaD = new PendingArea();
            PendingArea areaH = new PendingArea();
            areaD.occupy(LIVE);
            areaH.occupy(LIVE);
            Control control = new Control();
            SpinWait spin = new SpinWait();
            Follower clock = new Follower();
            clock.reset();
            assertTrue(clock.next(run, control, spin), "slice 0 is open");
            do {                                        // the allocator's slice, as ChunkObjectInterleaved runs it
                assertTrue(handle.allocateOrFreeOnce(lockH, areaH, control));
            } while (clock.steppedInSlice(run, control, spin));
            assertEquals(0, clock.slice(), v.name() + ": still in slice 0");
            int steps = clock.endRound();
            assertEquals(PcpuChunkWorkload.OPS, steps, v.name() + ": a round of calls");
            for (int i = 0; i < steps; i++) {
                assertTrue(PcpuChunkWorkload.allocateOrFreeOnce(direct, lockD, areaD, control));
            }
            for (int member = PcpuChunkFields.FREE_BYTES; member <= PcpuChunkFields.NR_BITS; member++) {
                assertEquals(direct.getInt(member), handle.chunk().getInt(member), v.name() + " "
                        + PcpuChunkFields.KERNEL_NAMES.get(member));
            }
            assertEquals(direct.members().nrEmptyPopPages(), handle.chunk().members().nrEmptyPopPages(), v.name());
            assertEquals(direct.members().metadata().steps(), handle.chunk().members().metadata().steps(), v.name());
            assertEquals(areaD.held(), areaH.held(), v.name());
            assertTrue(handle.chunk().getInt(PcpuChunkFields.FREE_BYTES) < PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT,
                    v.name() + ": areas are held");
        }
    }

    /** A fresh, empty chunk behind its handle, as ChunkObjectInterleaved.Places sets one up. */
    private static ChunkObjectHandle fresh(PcpuChunkFields chunk) {
        PcpuAllocator.initialiseEmpty(chunk);
        chunk.members().initialise();
        return ChunkObjectHandle.of(chunk);
    }
}
