/**
 * The {@code pcpu_chunk} workload and its interleaving. The reader and allocator loops every chunk benchmark runs
 * ({@link PcpuChunkWorkload}, an execl's alloc and free, {@link PcpuExecl}), the areas an allocator holds at
 * {@code -p live=N} ({@link PendingArea}), the measured {@code nr_empty_pop_pages} rate each fork prints
 * ({@link EmptyPagesRate}) and the parameters ({@link PercpuParams}; the running kernel's layout for
 * {@code -p layout=running-kernel} through {@link KernelChunkSource}); the interleaved schedule of one reader and one
 * allocator ({@link ChunkInterleaving}, on the engine of {@code harness.interleave}) through {@link ChunkPlaces}: the
 * off-heap blocks ({@link ChunkBlocks}, their side lists {@link ChunkSides} and group state {@link ChunkBlocksState}),
 * or Java objects chosen from their live addresses ({@link ChunkObjectChoice}) behind one final class
 * ({@link ChunkObjectHandle}).
 */
package org.cachelinebench.harness.chunk;
