package org.cachelinebench.model.percpu;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
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
    private final Memory memory;
    private final PcpuAllocatorMemory metadata;
    private final int listNext;
    private final int listPrev;
    private final long listAddress;
    private final int nrPages;
    private final int nrPopulated;
    private final int nrEmptyPopPages;
    private final int isolatedWord;
    private final int isolatedShift;
    private final int allocMap;
    private final int boundMap;
    private final int mdBlocks;
    private final int objExts;   // -1 without CONFIG_MEMCG_KMEM / NEED_PCPUOBJ_EXT
    private final int populated;

    /** The members of {@code layout}, whose struct starts at byte {@code start} of {@code memory}. */
    public OffHeapPcpuChunkMembers(Memory memory, int start, StructLayout layout, PcpuAllocatorMemory metadata) {
        this.memory = memory;
        this.metadata = metadata;
        listNext = start + layout.offsetOf("list.next");
        listPrev = start + layout.offsetOf("list.prev");
        listAddress = STRUCT_ADDR_VALUE + layout.offsetOf("list");
        nrPages = start + layout.offsetOf("nr_pages");
        nrPopulated = start + layout.offsetOf("nr_populated");
        nrEmptyPopPages = start + layout.offsetOf(PcpuChunkLayouts.NR_EMPTY_POP_PAGES);
        int isolated = start + layout.offsetOf("isolated");
        boolean leavesLine = isolated % CacheLine.SIZE > CacheLine.SIZE - Integer.BYTES;
        isolatedWord = leavesLine ? isolated - (Integer.BYTES - 1) : isolated;
        isolatedShift = (isolated - isolatedWord) * Byte.SIZE;
        allocMap = start + layout.offsetOf("alloc_map");
        boundMap = start + layout.offsetOf("bound_map");
        mdBlocks = start + layout.offsetOf("md_blocks");
        String vector = ChunkModelMembers.objExts(layout);
        objExts = vector == null ? -1 : start + layout.offsetOf(vector);
        populated = start + layout.offsetOf("populated");
    }

    /** {@inheritDoc} The struct comes zeroed, so {@code isolated} is false. */
    @Override
    public void initialise() {
        metadata.reinitialise();
        int pages = PcpuAllocator.CHUNK_PAGES;
        memory.setInt(nrPages, pages);
        memory.setInt(nrPopulated, pages);
        memory.setInt(nrEmptyPopPages, pages);
        memory.setLong(populated, (1L << pages) - 1);
        memory.setLong(allocMap, metadata.allocMapAddress());
        memory.setLong(boundMap, metadata.boundMapAddress());
        memory.setLong(mdBlocks, metadata.mdBlocksAddress());
        if (objExts >= 0) {
            memory.setLong(objExts, PcpuAllocatorMemory.ADDR_VALUE - 0x1000);   // allocated with the chunk
        }
        long head = metadata.slotHead(PcpuAllocatorMemory.FREE_SLOT);
        memory.setLong(listNext, head);
        memory.setLong(listPrev, head);
        metadata.insertListEntry(listAddress, PcpuAllocatorMemory.FREE_SLOT);
    }

    @Override
    public PcpuAllocatorMemory metadata() { return metadata; }

    @Override
    public int nrPages() { return memory.getInt(nrPages); }

    @Override
    public boolean isolated() { return (memory.getInt(isolatedWord) >>> isolatedShift & 0xff) != 0; }

    @Override
    public int nrEmptyPopPages() { return memory.getInt(nrEmptyPopPages); }

    @Override
    public void setNrEmptyPopPages(int value) { memory.setInt(nrEmptyPopPages, value); }

    @Override
    public long listNext() { return memory.getLong(listNext); }

    /** The kernel address of the struct's {@code list}, what the slot lists point to. */
    @Override
    public long listAddress() { return listAddress; }

    /** {@code list_move()}'s stores into the chunk's own entry: it now sits alone in the slot list of {@code head}. */
    @Override
    public void setList(long head) {
        memory.setLong(listNext, head);
        memory.setLong(listPrev, head);
    }

    /** {@code __list_del(entry->prev, entry->next)}'s loads of the chunk's own entry; returns the old head. */
    @Override
    public long listPrev() { return memory.getLong(listPrev); }

    @Override
    public long allocMap() { return memory.getLong(allocMap); }

    @Override
    public long boundMap() { return memory.getLong(boundMap); }

    @Override
    public long mdBlocks() { return memory.getLong(mdBlocks); }

    /** True when the layout has {@code obj_exts} or {@code obj_cgroups} (CONFIG_MEMCG_KMEM / NEED_PCPUOBJ_EXT). */
    @Override
    public boolean hasObjExts() { return objExts >= 0; }

    /** {@code chunk->obj_exts} (or {@code obj_cgroups}); 0 where the config has neither (no load). */
    @Override
    public long objExts() { return objExts < 0 ? 0 : memory.getLong(objExts); }

    /** The word of {@code populated[]} that holds page {@code page}'s bit. */
    @Override
    public long populatedWord(int page) { return memory.getLong(populated + page / Long.SIZE * Long.BYTES); }
}
