package org.cachelinebench.benchmarks;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.openjdk.jmh.infra.Control;

/**
 * The benchmark methods called directly, once: they compute what the kernel computes and leave the chunk as found.
 * Tagged layout: the object benchmark picks its instance from JOL addresses, which the JVM flags change.
 */
@Tag("layout")
class PercpuBenchmarkMethodsTest {
    @Test
    void asymmetricReaderAndAllocator() {
        for (ChunkVersion v : ChunkVersion.values()) {
            ChunkFalseSharing b = new ChunkFalseSharing();
            b.layout = v.label();
            b.config = "default";
            b.setUp();
            long expected = PcpuChunkWorkload.OPS * PcpuAllocator.CHUNK_BASE_ADDR + Arrays.stream(b.unitPageOffsets).sum();
            assertEquals(expected, b.reader());
            assertEquals(PcpuChunkWorkload.OPS, b.unitPageOffsets.length, "one table entry per counted operation");
            int free = b.chunk.getInt(PcpuChunkFields.FREE_BYTES);
            ChunkFalseSharing.Occupied a = new ChunkFalseSharing.Occupied();
            b.allocator(a, new Control());
            assertEquals(0, a.held(), "an even number of steps ends with a free");
            assertEquals(free, b.chunk.getInt(PcpuChunkFields.FREE_BYTES));
        }
    }

    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void anAllocatorWaitingAtTheEndOfAnIterationReturns() throws Exception {
        ChunkFalseSharing b = new ChunkFalseSharing();
        b.layout = "v6.4-rc4";
        b.config = "+stats";
        b.setUp();
        Control control = new Control();
        assertTrue(b.lock.lock(null));
        Thread t = new Thread(() -> b.allocator(new ChunkFalseSharing.Occupied(), control));
        t.start();
        Thread.sleep(50);
        control.stopMeasurement = true;
        t.join(10_000);
        assertFalse(t.isAlive());
        b.lock.unlock();
    }

    @Test
    void symmetricAllocFree() {
        ChunkSymmetric b = new ChunkSymmetric();
        b.layout = "v6.5-merged";
        b.config = "-memcg";
        b.setUp();
        int free = b.chunk.getInt(PcpuChunkFields.FREE_BYTES);
        PendingArea a = new PendingArea();
        long sum = b.pcpuAllocFree(a, new Control());
        long base = PcpuAllocator.CHUNK_BASE_ADDR;
        long expected = b.unitOffsets.length * base + Arrays.stream(b.unitOffsets).sum() + base; // offset 0: first area
        assertEquals(expected, sum);
        assertEquals(0, a.held());
        assertEquals(free, b.chunk.getInt(PcpuChunkFields.FREE_BYTES));
    }

    @Test
    void objectBenchmarkChoosesAnInstanceThatFitsTheVariant() {
        for (ChunkObjects.Variant v : ChunkObjects.Variant.values()) {
            ChunkObjectFalseSharing b = new ChunkObjectFalseSharing();
            b.layout = v.label();
            b.live = "1";
            b.setUp();
            b.recheck();
            assertEquals(v.type(), b.chunk.getClass());
            boolean shares = !ChunkObjects.writtenSharingBaseAddrLine(b.chunk, CacheLine.SIZE).isEmpty();
            assertEquals(!v.separates(), shares, v.label());
            assertEquals(PcpuChunkWorkload.OPS * PcpuAllocator.CHUNK_BASE_ADDR
                    + Arrays.stream(b.unitPageOffsets).sum(), b.reader());
            b.allocator(new ChunkObjectFalseSharing.Occupied(), new Control());
            b.verifyUnmoved();
        }
    }

    @Test
    void aMoveDuringAnIterationCountsOnlyIfTheRelationHeldAtBothAddresses() {
        ChunkObjectFalseSharing b = new ChunkObjectFalseSharing();
        b.layout = "padded";
        b.live = "1";
        b.setUp();
        long real = b.chunkAddress;
        b.chunkAddress = real + 8;           // as if a GC had moved it since the setup
        b.verifyUnmoved();                   // padded: separated wherever it is
        assertEquals(real, b.chunkAddress);

        ChunkObjectFalseSharing u = new ChunkObjectFalseSharing();
        u.layout = "unpadded";

        u.live = "1";
        u.setUp();
        u.variant = ChunkObjects.Variant.PADDED; // an unpadded object where a separated one was claimed
        u.chunkAddress += 8;
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, u::verifyUnmoved);
        assertTrue(e.getMessage().contains("shares its line with freeBytes") || e.getMessage().contains("chunkMd"), e.getMessage());
        assertTrue(e.getMessage().startsWith(LayoutCheck.MARKER + "unpadded: the measured UnpaddedPcpuChunk moved"),
                "a fixed variant whose fields share a line is the regression the gate catches: " + e.getMessage());
    }

    @Test
    void aFixedVariantWhosePaddingDoesNotSeparateFailsItsLayoutCheck() {
        // A padded benchmark handed unpadded objects: what PaddedPcpuChunk becomes with its padding removed.
        ChunkObjectFalseSharing b = new ChunkObjectFalseSharing();
        b.layout = "padded";
        b.live = "1";
        b.variant = ChunkObjects.Variant.PADDED;
        b.pool = new PcpuChunkFields[ChunkObjectFalseSharing.POOL];
        for (int i = 0; i < b.pool.length; i++) {
            b.pool[i] = ChunkObjects.Variant.UNPADDED.create();
        }
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, b::choose);
        assertTrue(e.getMessage().startsWith(LayoutCheck.MARKER + "padded: baseAddr shares a " + CacheLine.SIZE
                + "-byte line with "), e.getMessage());
        assertTrue(e.getMessage().endsWith("the padding does not separate them"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), "one line, the reason the claims fail with");

        // An unpadded benchmark that finds no sharing instance is no layout regression: its message has no marker.
        ChunkObjectFalseSharing u = new ChunkObjectFalseSharing();
        u.layout = "unpadded";
        u.live = "1";
        u.variant = ChunkObjects.Variant.UNPADDED;
        u.pool = new PcpuChunkFields[] {ChunkObjects.Variant.PADDED.create()};
        IllegalStateException none = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, u::choose);
        assertFalse(none.getMessage().contains(LayoutCheck.MARKER), none.getMessage());
    }
}
