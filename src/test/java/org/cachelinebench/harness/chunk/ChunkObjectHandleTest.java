package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The handle's batch and step, which pick the class once and run a method of that class's own, do on every class
 * what the workload does on the object itself: the reader's sum, and the allocator's every write.
 */
class ChunkObjectHandleTest {
    private static final long[] OFFSETS = {0, 4096, 8192, 1 << 20};
    private static final int LIVE = 3;
    private static final int STEPS = 40;

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

    @Test
    void theStepWritesWhatTheWorkloadWritesOnTheObjectItself() {
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
            boolean freedSome = false;
            for (int i = 0; i < STEPS; i++) {
                assertTrue(PcpuChunkWorkload.allocateOrFreeOnce(direct, lockD, areaD, control));
                assertTrue(handle.allocateOrFreeOnce(lockH, areaH, control), v.name() + " step " + i);
                freedSome |= areaH.freeing();
                for (int member = PcpuChunkFields.FREE_BYTES; member <= PcpuChunkFields.NR_BITS; member++) {
                    assertEquals(direct.getInt(member), handle.chunk().getInt(member), v.name() + " "
                            + PcpuChunkFields.KERNEL_NAMES.get(member) + " after step " + i);
                }
                assertEquals(direct.members().nrEmptyPopPages(), handle.chunk().members().nrEmptyPopPages(), v.name() + " step " + i);
                assertEquals(areaD.held(), areaH.held(), v.name() + " step " + i);
            }
            assertTrue(freedSome, "the steps reached the frees");
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
