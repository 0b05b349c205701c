package org.cachelinebench.model.percpu;


import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Positions;
import org.cachelinebench.model.layout.StructLayout;

/**
 * {@link PcpuChunkMembers} of a kernel-layout {@code struct pcpu_chunk}: each member at the layout's offset in a
 * {@link Memory}, the off-heap mirror's or a recording one. What they point to is a {@link PcpuAllocatorMemory}.
 *
 * <p>Loads and stores are plain (the kernel's ordinary C accesses); {@code isolated} is a {@code bool} and is read
 * as the int that starts at it (Memory has no byte access; a plain int load need not be aligned), or ends at it
 * where the int would leave the line: the same line either way.
 */
public final class OffHeapPcpuChunkMembers implements PcpuChunkMembers {
    /** Keeps raw memory allocated while its addresses are in use; the accesses go by the field below. */
    private final Memory memory;
    /** Each member below is at its position, origin + offset ({@link Positions}). */
    private final Positions positions;
    private final PcpuAllocatorMemory metadata;
    private final long listNext;
    private final long listPrev;
    private final long listAddress;
    private final long nrPages;
    private final long nrPopulated;
    private final long nrEmptyPopPages;
    private final long isolatedWord;
    private final int isolatedShift;
    private final long allocMap;
    private final long boundMap;
    private final long mdBlocks;
    private final long objExts;   // -1 without CONFIG_MEMCG_KMEM / NEED_PCPUOBJ_EXT
    private final long populated;

    /** The members of {@code layout}, whose struct starts at byte {@code start} of {@code memory}. */
    public OffHeapPcpuChunkMembers(Memory memory, int start, StructLayout layout, PcpuAllocatorMemory metadata) {
        this.memory = memory;
        this.positions = Positions.of(memory);
        this.metadata = metadata;
        long at = Positions.origin(memory) + start;
        listNext = at + layout.offsetOf("list.next");
        listPrev = at + layout.offsetOf("list.prev");
        listAddress = STRUCT_ADDR_VALUE + layout.offsetOf("list");
        nrPages = at + layout.offsetOf("nr_pages");
        nrPopulated = at + layout.offsetOf("nr_populated");
        nrEmptyPopPages = at + layout.offsetOf(PcpuChunkLayouts.NR_EMPTY_POP_PAGES);
        int isolated = start + layout.offsetOf("isolated");
        boolean leavesLine = isolated % CacheLine.SIZE > CacheLine.SIZE - Integer.BYTES;
        int word = leavesLine ? isolated - (Integer.BYTES - 1) : isolated;
        isolatedWord = at - start + word;
        isolatedShift = (isolated - word) * Byte.SIZE;
        allocMap = at + layout.offsetOf("alloc_map");
        boundMap = at + layout.offsetOf("bound_map");
        mdBlocks = at + layout.offsetOf("md_blocks");
        String vector = ChunkModelMembers.objExts(layout);
        objExts = vector == null ? -1 : at + layout.offsetOf(vector);
        populated = at + layout.offsetOf("populated");
    }

    /** {@inheritDoc} The struct comes zeroed, so {@code isolated} is false. */
    @Override
    public void initialise() {
        metadata.reinitialise();
        int pages = PcpuAllocator.CHUNK_PAGES;
        positions.setInt(nrPages, pages);
        positions.setInt(nrPopulated, pages);
        positions.setInt(nrEmptyPopPages, pages);
        positions.setLong(populated, (1L << pages) - 1);
        positions.setLong(allocMap, metadata.allocMapAddress());
        positions.setLong(boundMap, metadata.boundMapAddress());
        positions.setLong(mdBlocks, metadata.mdBlocksAddress());
        if (objExts >= 0) {
            positions.setLong(objExts, PcpuAllocatorMemory.ADDR_VALUE - 0x1000);   // allocated with the chunk
        }
        long head = metadata.slotHead(PcpuAllocatorMemory.FREE_SLOT);
        positions.setLong(listNext, head);
        positions.setLong(listPrev, head);
        metadata.insertListEntry(listAddress, PcpuAllocatorMemory.FREE_SLOT);
    }

    @Override
    public PcpuAllocatorMemory metadata() { return metadata; }

    @Override
    public int nrPages() { return positions.getInt(nrPages); }

    @Override
    public boolean isolated() { return (positions.getInt(isolatedWord) >>> isolatedShift & 0xff) != 0; }

    @Override
    public int nrEmptyPopPages() { return positions.getInt(nrEmptyPopPages); }

    @Override
    public void setNrEmptyPopPages(int value) { positions.setInt(nrEmptyPopPages, value); }

    @Override
    public long listNext() { return positions.getLong(listNext); }

    /** The kernel address of the struct's {@code list}, what the slot lists point to. */
    @Override
    public long listAddress() { return listAddress; }

    /** {@code list_move()}'s stores into the chunk's own entry: it now sits alone in the slot list of {@code head}. */
    @Override
    public void setList(long head) {
        positions.setLong(listNext, head);
        positions.setLong(listPrev, head);
    }

    /** {@code __list_del(entry->prev, entry->next)}'s loads of the chunk's own entry; returns the old head. */
    @Override
    public long listPrev() { return positions.getLong(listPrev); }

    @Override
    public long allocMap() { return positions.getLong(allocMap); }

    @Override
    public long boundMap() { return positions.getLong(boundMap); }

    @Override
    public long mdBlocks() { return positions.getLong(mdBlocks); }

    /** True when the layout has {@code obj_exts} or {@code obj_cgroups} (CONFIG_MEMCG_KMEM / NEED_PCPUOBJ_EXT). */
    @Override
    public boolean hasObjExts() { return objExts >= 0; }

    /** {@code chunk->obj_exts} (or {@code obj_cgroups}); 0 where the config has neither (no load). */
    @Override
    public long objExts() { return objExts < 0 ? 0 : positions.getLong(objExts); }

    /** The word of {@code populated[]} that holds page {@code page}'s bit. */
    @Override
    public long populatedWord(int page) {
        return positions.getLong(populated + (page >>> PcpuAllocatorMemory.WORD_SHIFT) * Long.BYTES);
    }
}
