package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.model.percpu.PcpuLock;

/**
 * Where the interleaved {@code pcpu_chunk} schedule ({@link ChunkInterleaving}) finds each side's lock and pending
 * area in each of its N blocks, and how the blocks change hands: the off-heap mirrors ({@link ChunkBlocks}) or the Java
 * objects (ChunkObjectInterleaved.Places). Each also returns its chunks as one final class of its own, which the
 * benchmark's methods call on directly (never through this interface, so no call site sees two types).
 */
public interface ChunkPlaces {
    /** Blocks, one per side. */
    int size();

    /** The block's {@code pcpu_lock}, in lines of its own. */
    PcpuLock lock(int block);

    /** The area side {@code side}'s allocator holds in block {@code block}, or none. */
    PendingArea area(int side, int block);

    /** Block {@code block} is side {@code side}'s for the next group; both threads out of it. */
    void handTo(int side, int block);

    /** What is wrong with the chunks the blocks hold, naming side and block, or null; both threads out of them. */
    String check(List<String> names);

    /** Where side {@code side}'s chunk lies and what base_addr's line holds, from the real addresses. */
    String whereIs(int side);

    /** Side {@code side}'s allocator steps and writes of {@code nr_empty_pop_pages} so far, over every block. */
    EmptyPagesRate emptyPagesRate(int side);
}
