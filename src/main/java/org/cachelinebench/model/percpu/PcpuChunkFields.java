package org.cachelinebench.model.percpu;

import java.util.List;

/**
 * The members of {@code struct pcpu_chunk} the workload touches, whatever holds them: the byte-exact
 * off-heap mirror or one of the Java classes. {@link PcpuAllocator} is written once against this, so
 * every variant does the same loads and stores and differs only in where the members sit.
 *
 * <p>The int members are addressed by the index constants below (an implementation maps an index to
 * an offset or a field); with the index a constant at the call site the JIT reduces the mapping to a
 * single load (a field, or an element of the offsets' array).
 */
public interface PcpuChunkFields {
    int FREE_BYTES = 0;
    int SCAN_HINT = 1;
    int SCAN_HINT_START = 2;
    int CONTIG_HINT = 3;
    int CONTIG_HINT_START = 4;
    int LEFT_FREE = 5;
    int RIGHT_FREE = 6;
    int FIRST_FREE = 7;
    /** Read by the allocator, never written after the chunk is set up. */
    int NR_BITS = 8;

    /** The kernel's name of each index, in index order. */
    List<String> KERNEL_NAMES = List.of(
            "free_bytes", "chunk_md.scan_hint", "chunk_md.scan_hint_start", "chunk_md.contig_hint",
            "chunk_md.contig_hint_start", "chunk_md.left_free", "chunk_md.right_free",
            "chunk_md.first_free", "chunk_md.nr_bits");

    /** Plain load of an int member (the kernel's ordinary C access under {@code pcpu_lock}). */
    int getInt(int member);

    /** Plain store of an int member. */
    void setInt(int member, int value);

    /**
     * {@code READ_ONCE(chunk->base_addr)}: a real load every call, which the JIT may not hoist out of
     * a loop or merge with the previous one (Java's opaque access).
     */
    long baseAddrOnce();

    /**
     * The struct's other members and the allocator's memory outside it (the off-heap layouts and the Java classes,
     * and the coherence model's traces of both, whole-path counts included); null only for a chunk that tells no
     * more than the members above, whose allocator does only their accesses (see {@link PcpuAllocator}).
     */
    default PcpuChunkMembers members() { return null; }

    /** CONFIG_PERCPU_STATS: {@code pcpu_stats_area_alloc()}'s per-chunk updates. No-op without stats. */
    default void statsAreaAlloc(int size) {}

    /** CONFIG_PERCPU_STATS: {@code pcpu_stats_area_dealloc()}'s per-chunk update. No-op without stats. */
    default void statsAreaDealloc() {}
}
