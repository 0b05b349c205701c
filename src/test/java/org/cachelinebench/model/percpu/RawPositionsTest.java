package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Positions;
import org.cachelinebench.model.layout.RawMemory;
import org.cachelinebench.model.layout.StructLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On raw memory the members, the metadata and the lock word are reached by absolute address ({@link Positions}):
 * each address must be the memory's byte 0 plus the offset the layout gives, the same bytes the indexed path touches.
 */
class RawPositionsTest {
    private static final long SENTINEL = 0x0123_4567_89ab_cdefL;

    /** Each member load reads the bytes at the layout's offset, written through the memory by index. */
    @ParameterizedTest
    @EnumSource(ChunkVersion.class)
    void everyMemberLoadReadsTheLayoutsOffset(ChunkVersion v) {
        for (KernelConfig c : KernelConfig.values()) {
            OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(v, c);
            StructLayout layout = chunk.layout();
            RawMemory memory = chunk.memory();
            OffHeapPcpuChunkMembers m = chunk.members();
            String name = chunk.name();
            Map<String, LongSupplier> longs = new LinkedHashMap<>(Map.of(
                    "list.next", m::listNext, "list.prev", m::listPrev, "alloc_map", m::allocMap,
                    "bound_map", m::boundMap, "md_blocks", m::mdBlocks, "populated", () -> m.populatedWord(0)));
            String objExts = ChunkModelMembers.objExts(layout);
            if (objExts != null) {
                longs.put(objExts, m::objExts);
            }
            longs.forEach((member, load) -> {
                int at = layout.offsetOf(member);
                long old = memory.getLong(at);
                memory.setLong(at, SENTINEL ^ at);
                assertEquals(SENTINEL ^ at, load.getAsLong(), name + " " + member);
                memory.setLong(at, old);
            });
            for (String member : new String[] {"nr_pages", PcpuChunkLayouts.NR_EMPTY_POP_PAGES}) {
                int at = layout.offsetOf(member);
                int old = memory.getInt(at);
                memory.setInt(at, 0x1234_5678 ^ at);
                int seen = member.equals("nr_pages") ? m.nrPages() : m.nrEmptyPopPages();
                assertEquals(0x1234_5678 ^ at, seen, name + " " + member);
                memory.setInt(at, old);
            }
            int isolated = layout.offsetOf("isolated");
            int word = isolated / Long.BYTES * Long.BYTES;      // little-endian: byte isolated of the aligned word
            assertFalse(m.isolated(), name);
            memory.setLong(word, memory.getLong(word) | 1L << (isolated % Long.BYTES * Byte.SIZE));
            assertTrue(m.isolated(), name);
            memory.setLong(word, memory.getLong(word) & ~(1L << (isolated % Long.BYTES * Byte.SIZE)));
        }
    }

    /** The members' stores land where the same members on an indexed memory store: byte for byte the same struct. */
    @ParameterizedTest
    @EnumSource(ChunkVersion.class)
    void memberStoresLandAtTheLayoutsOffsets(ChunkVersion v) {
        for (KernelConfig c : KernelConfig.values()) {
            StructLayout layout = ChunkStruct.of(v, c).layout();
            int lines = OffHeapPcpuChunk.lines(ChunkStruct.of(v, c), CacheLine.SIZE);
            Memory raw = RawMemory.allocate(lines);
            Memory indexed = LineAlignedMemory.allocate(lines);
            for (Memory memory : new Memory[] {raw, indexed}) {
                OffHeapPcpuChunkMembers m = new OffHeapPcpuChunkMembers(memory, 0, layout, new PcpuAllocatorMemory());
                m.initialise();
                m.setNrEmptyPopPages(0x55);
                m.setList(SENTINEL);
            }
            assertArrayEquals(bytes(indexed), bytes(raw), v + " " + c);
            assertEquals(SENTINEL, raw.getLong(layout.offsetOf("list.prev")));
            assertEquals(0x55, raw.getInt(layout.offsetOf(PcpuChunkLayouts.NR_EMPTY_POP_PAGES)));
        }
    }

    /** Every access of the metadata lands where the indexed path's does, from reinitialise() on. */
    @Test
    void metadataAccessesLandAtTheSectionsOffsets() {
        Memory[] made = new Memory[2];
        PcpuAllocatorMemory raw = new PcpuAllocatorMemory(n -> made[0] = RawMemory.allocate(n / CacheLine.SIZE));
        PcpuAllocatorMemory indexed =
                new PcpuAllocatorMemory(n -> made[1] = LineAlignedMemory.allocate(n / CacheLine.SIZE));
        assertArrayEquals(bytes(made[1]), bytes(made[0]), "after reinitialise()");
        for (PcpuAllocatorMemory md : new PcpuAllocatorMemory[] {raw, indexed}) {
            md.setBit(md.allocMapAddress(), 70);
            md.setBit(md.boundMapAddress(), 3);
            md.clearBit(md.boundMapAddress(), 3);
            md.setBit(md.boundMapAddress(), 130);
            int block = md.block(md.mdBlocksAddress(), 1);
            md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_FIRST_FREE,
                    md.blockInt(block, PcpuAllocatorMemory.BLOCK_NR_BITS) - 9);
            md.addGlobalEmptyPopPages(-1);
            md.statsAreaAlloc(4);
            md.statsAreaDealloc();
            md.moveListEntry(SENTINEL, PcpuAllocatorMemory.FREE_SLOT, 3);
            md.countStep();
            md.countEmptyPopPagesWrite();
        }
        assertArrayEquals(bytes(made[1]), bytes(made[0]), "after the same accesses");
        for (PcpuAllocatorMemory md : new PcpuAllocatorMemory[] {raw, indexed}) {
            assertTrue(md.testBit(md.allocMapAddress(), 70));
            assertEquals(70, md.nextSetBit(md.allocMapAddress(), 0, PcpuAllocator.CHUNK_BITS));
            assertEquals(71, md.nextZeroBit(md.allocMapAddress(), 70, PcpuAllocator.CHUNK_BITS));
            assertEquals(SENTINEL, md.headNext(md.slotHead(3)));
            assertEquals(PcpuAllocatorMemory.UNIT_SIZE, md.unitSize());
            assertEquals(PcpuAllocatorMemory.FREE_SLOT, md.freeSlot());
            assertEquals(md.slotHead(0), md.chunkLists());
            assertEquals(PcpuAllocatorMemory.FIRST_CHUNK_VALUE, md.firstChunk());
            assertEquals(PcpuAllocatorMemory.RESERVED_CHUNK_VALUE, md.reservedChunk());
            assertEquals(PcpuAllocator.CHUNK_PAGES - 1, md.globalEmptyPopPages());
            assertEquals(1, md.steps());
        }
    }

    /** The lock's compare-and-set and release store act on the word at the start of the middle line. */
    @Test
    void theLockWordIsAtTheStartOfTheMiddleLine() {
        RawMemory memory = RawMemory.allocate(PcpuLock.LINES);
        PcpuLock lock = new PcpuLock(memory);
        assertTrue(lock.lock(null));
        assertEquals(1, memory.getIntVolatile(memory.lineSize()));
        assertTrue(lock.isLocked());
        lock.unlock();
        assertEquals(0, memory.getIntVolatile(memory.lineSize()));
    }

    private static long[] bytes(Memory memory) {
        long[] words = new long[memory.capacity() / Long.BYTES];
        for (int i = 0; i < words.length; i++) {
            words[i] = memory.getLong(i * Long.BYTES);
        }
        return words;
    }
}
