package org.cachelinebench.model.percpu;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OffHeapPcpuChunkTest {
    private static final int LINE = PcpuChunkLayouts.X86_64_L1_CACHE_BYTES;

    @ParameterizedTest
    @EnumSource(ChunkVersion.class)
    void theStructStartsOnALineAndItsRealLinesAreTheComputedOnes(ChunkVersion v) {
        for (KernelConfig c : KernelConfig.values()) {
            OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(v, c, LINE);
            Placement p = chunk.placement();
            assertEquals(0, p.startInLine(), chunk.describe());
            assertEquals(chunk.layout().cacheLines(LINE), p.lines());
            assertEquals(PcpuChunkLayouts.writtenSharingBaseAddrLine(v, c, LINE), chunk.writtenSharingBaseAddrLine(),
                    "lines from the real address equal lines from the offsets");
            assertEquals(chunk.layout().offsetOf("base_addr") / LINE, chunk.placementOf("base_addr").firstLine());
        }
    }

    @Test
    void describeNamesWhatBaseAddrShares() {
        String broken = new OffHeapPcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT, LINE).describe();
        assertTrue(broken.contains("with list.next, list.prev, free_bytes, chunk_md.scan_hint"), broken);
        String fixed = new OffHeapPcpuChunk(ChunkVersion.V6_5_MERGED, KernelConfig.DEFAULT, LINE).describe();
        assertTrue(fixed.contains("no member written on the alloc/free path"), fixed);
    }

    @Test
    void theReadersRawLoadReadsTheStructsBaseAddr() {
        OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(ChunkVersion.V6_5_MERGED, KernelConfig.DEFAULT, LINE);
        int at = chunk.layout().offsetOf("base_addr");
        assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, chunk.memory().getLong(at));
        assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, chunk.baseAddrOnce());
        chunk.memory().setLongVolatile(at, 0x1234_5678_9abcL);
        assertEquals(0x1234_5678_9abcL, chunk.baseAddrOnce());
        assertEquals(0x1234_5678_9abcL + 3 * PcpuUnits.UNIT_SIZE, PcpuAllocator.chunkAddr(chunk, 3 * PcpuUnits.UNIT_SIZE));
    }

    /**
     * The model writes exactly the members the table calls written on the alloc/free path (the first allocation turns
     * the block used and moves the chunk out of the free slot, so all of them), and they come back on free.
     */
    @ParameterizedTest
    @EnumSource(KernelConfig.class)
    void allocationWritesExactlyTheWrittenMembersAndFreeRestoresThem(KernelConfig config) {
        OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(ChunkVersion.V6_4_RC4, config, LINE);
        StructLayout s = chunk.layout();
        int[] before = snapshot(chunk);
        int bitOff = PcpuAllocator.allocArea(chunk, PcpuAllocator.AREA_BITS);
        int[] after = snapshot(chunk);
        List<String> changed = new ArrayList<>();
        for (String path : leafPaths(s, "")) {
            StructLayout.Member m = s.member(path);
            for (int b = m.offset() / 4; b < (m.offset() + Math.max(m.size(), 1) + 3) / 4 && b < before.length; b++) {
                if (before[b] != after[b]) {
                    changed.add(path);
                    break;
                }
            }
        }
        assertEquals(PcpuChunkAccess.writtenOnAllocFreePath(s), changed);
        PcpuAllocator.freeArea(chunk, bitOff, PcpuAllocator.AREA_BITS);
        int[] freed = snapshot(chunk);
        if (config.percpuStats()) {   // max_alloc_size keeps the largest size seen, as the kernel's does
            int max = s.offsetOf("max_alloc_size") / 4;
            freed[max] = before[max];
        }
        assertArrayEquals(before, freed);
    }

    /** Four allocators on two CPUs, sized like {@code PcpuLockTest}'s incrementers. */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void alternatingAllocatorsKeepTheValuesBoundedAndEndWhereTheyStarted() throws Exception {
        OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.PLUS_STATS, LINE);
        PcpuLock lock = new PcpuLock(LINE);
        int[] start = snapshot(chunk);
        int threads = 4;
        int pairs = 2_500;
        AtomicInteger started = new AtomicInteger();
        Watchdog watchdog = Watchdog.create();
        for (int t = 0; t < threads; t++) {
            watchdog.thread("allocator-" + t, me -> {
                me.status("waiting for the other allocators to start");
                started.incrementAndGet();
                while (started.get() < threads) {
                    if (me.stopped()) {
                        return;
                    }
                    Thread.yield();
                }
                for (int i = 0; i < pairs; i++) {
                    me.status("waiting for pcpu_lock before pcpu_alloc_area", i);
                    if (!lock.lock(me.control())) {
                        return;
                    }
                    int off = PcpuAllocator.allocArea(chunk, PcpuAllocator.AREA_BITS);
                    int free = chunk.getInt(PcpuChunkFields.FREE_BYTES);
                    int full = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
                    if (free > full || free < full - threads * PcpuAllocator.AREA_SIZE || off < 0 || off >= threads) {
                        throw new AssertionError("unbounded: free_bytes " + free + ", bit offset " + off);
                    }
                    lock.unlock();
                    me.status("waiting for pcpu_lock before pcpu_free_area", i);
                    if (!lock.lock(me.control())) {
                        return;
                    }
                    PcpuAllocator.freeArea(chunk, off, PcpuAllocator.AREA_BITS);
                    lock.unlock();
                }
            });
        }
        watchdog.run();
        int[] end = snapshot(chunk);
        int max = chunk.layout().offsetOf("max_alloc_size") / 4;
        end[max] = start[max];
        assertArrayEquals(start, end, "every allocation was freed, so every member is back");
    }

    @Test
    void readerSequenceWalksEveryCpusUnitPageByPage() {
        long[] seq = PcpuUnits.readerSequence(3, 48);
        assertEquals(48, seq.length);
        assertEquals(0, seq[0]);
        assertEquals(PcpuUnits.UNIT_SIZE, seq[1]);
        assertEquals(2 * PcpuUnits.UNIT_SIZE, seq[2]);
        assertEquals(1L << PcpuAllocator.PAGE_SHIFT, seq[3]);
        assertEquals(seq[0], seq[3 * PcpuUnits.UNIT_PAGES], "after every page of every unit it starts again");
    }

    private static int[] snapshot(OffHeapPcpuChunk chunk) {
        int[] words = new int[chunk.layout().size() / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = chunk.memory().getInt(4 * i);
        }
        return words;
    }

    private static List<String> leafPaths(StructLayout s, String prefix) {
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : s.members()) {
            if (m.type().isStruct()) {
                out.addAll(leafPaths(m.type().struct(), prefix + m.name() + "."));
            } else {
                out.add(prefix + m.name());
            }
        }
        return out;
    }
}
