package org.cachelinebench.model.percpu;

/**
 * The members of a {@code struct pcpu_chunk} that {@link PcpuAllocator} touches besides {@code free_bytes} and
 * {@code chunk_md} ({@link PcpuChunkFields}'s int members): {@code list}, {@code nr_pages}, {@code isolated},
 * {@code nr_empty_pop_pages}, the pointers {@code alloc_map}, {@code bound_map}, {@code md_blocks},
 * {@code obj_cgroups}/{@code obj_exts} where configured, and {@code populated[]}; and the allocator's memory outside
 * the struct ({@link PcpuAllocatorMemory}) that the pointers reach. The allocator is written once against this, so
 * the off-heap mirror ({@link OffHeapPcpuChunkMembers}, members at the layout's byte offsets) and the Java classes
 * (their own fields, see {@link ChunkObjects}) run the same path and differ only in where the members sit.
 *
 * <p>Each call is one plain load or store of the member (the kernel's ordinary C accesses under
 * {@code pcpu_lock}); pointers are kernel-style addresses into the {@link #metadata}.
 */
public interface PcpuChunkMembers {
    /** Where every model struct pretends to live, for {@code list}'s pointers: what the slot lists point to. */
    long STRUCT_ADDR_VALUE = 0xffff888100a3c000L;

    /**
     * What {@code pcpu_alloc_chunk()}, {@code pcpu_chunk_populated()} and {@code pcpu_chunk_relocate(chunk, -1)}
     * leave in these members of a fresh, fully populated chunk, and its metadata fresh; {@code isolated} stays false.
     */
    void initialise();

    /** The bitmaps, block metadata and globals the pointers reach; not a member (the kernel reaches globals by name). */
    PcpuAllocatorMemory metadata();

    int nrPages();

    boolean isolated();

    int nrEmptyPopPages();

    void setNrEmptyPopPages(int value);

    /** A load of {@code list.next}. */
    long listNext();

    /** {@code __list_del(entry->prev, entry->next)}'s load of {@code list.prev}; returns the old head. */
    long listPrev();

    /** The kernel address of the struct's {@code list}, what the slot lists point to. */
    long listAddress();

    /** {@code list_move()}'s stores into the chunk's own entry: it now sits alone in the slot list of {@code head}. */
    void setList(long head);

    long allocMap();

    long boundMap();

    long mdBlocks();

    /** True when the chunk has {@code obj_exts} or {@code obj_cgroups} (CONFIG_MEMCG_KMEM / NEED_PCPUOBJ_EXT). */
    boolean hasObjExts();

    /** {@code chunk->obj_exts} (or {@code obj_cgroups}); 0 where the config has neither (no load). */
    long objExts();

    /** The word of {@code populated[]} that holds page {@code page}'s bit. */
    long populatedWord(int page);
}
