package org.cachelinebench.model.percpu;

/**
 * A Java {@code pcpu_chunk} object's way to its allocator metadata: the {@link PcpuAllocatorMemory} (off-heap, in
 * lines of its own, as the off-heap mirror's: a Java array would be allocated beside the chunk object and could
 * share its lines) and one {@link MetadataPointer} per address a pointer member can hold there (the bitmaps,
 * {@code md_blocks}, the slot lists' heads) or beside it ({@code obj_cgroups}). Read-only after construction, so
 * wherever the heap puts it, it writes no line.
 */
public final class MetadataPointers {
    /** Where {@code obj_cgroups} pretends to point: allocated with the chunk, never dereferenced by the model. */
    static final long OBJ_CGROUPS_ADDR_VALUE = PcpuAllocatorMemory.ADDR_VALUE - 0x1000;

    private final PcpuAllocatorMemory memory;
    private final MetadataPointer allocMap;
    private final MetadataPointer boundMap;
    private final MetadataPointer mdBlocks;
    private final MetadataPointer objCgroups;
    private final MetadataPointer[] slotHeads;

    public MetadataPointers() {
        memory = new PcpuAllocatorMemory();
        allocMap = new MetadataPointer(memory.allocMapAddress());
        boundMap = new MetadataPointer(memory.boundMapAddress());
        mdBlocks = new MetadataPointer(memory.mdBlocksAddress());
        objCgroups = new MetadataPointer(OBJ_CGROUPS_ADDR_VALUE);
        slotHeads = new MetadataPointer[PcpuAllocatorMemory.NR_SLOTS];
        for (int s = 0; s < slotHeads.length; s++) {
            slotHeads[s] = new MetadataPointer(memory.slotHead(s));
        }
    }

    public PcpuAllocatorMemory memory() { return memory; }
    public MetadataPointer allocMap() { return allocMap; }
    public MetadataPointer boundMap() { return boundMap; }
    public MetadataPointer mdBlocks() { return mdBlocks; }
    public MetadataPointer objCgroups() { return objCgroups; }

    /** The pointer to the slot list head at kernel address {@code head}; throws for any other address. */
    public MetadataPointer slotHead(long head) {
        long i = (head - memory.slotHead(0)) / PcpuAllocatorMemory.LIST_HEAD_SIZE;
        if (i < 0 || i >= slotHeads.length || slotHeads[(int) i].address() != head) {
            throw new IllegalStateException(String.format("0x%x is no slot list head", head));
        }
        return slotHeads[(int) i];
    }

    /**
     * A fresh chunk's pointers into fresh metadata ({@link PcpuChunkMembers#initialise}): the metadata set up again
     * and the chunk's {@code list} entry, at {@code listAddress}, alone in the free slot; returns that slot's head.
     */
    public MetadataPointer initialise(long listAddress) {
        memory.reinitialise();
        memory.insertListEntry(listAddress, PcpuAllocatorMemory.FREE_SLOT);
        return slotHeads[PcpuAllocatorMemory.FREE_SLOT];
    }
}
