package org.cachelinebench.harness.chunk;

import java.util.List;

/**
 * What the interleaved {@code pcpu_chunk} schedule ({@link ChunkInterleaving}) needs of its N blocks: how they change
 * hands and are checked, the off-heap mirrors ({@link ChunkBlocks}) or the Java objects
 * (ChunkObjectInterleaved.Places). Each returns its chunks, locks and pending areas as its own final class's, which
 * the benchmark's methods call on directly (never through this interface, so no call site sees two types).
 */
public interface ChunkPlaces {
    /** Blocks, one per side. */
    int size();

    /** Block {@code block} is side {@code side}'s for the next group; both threads out of it. */
    void handTo(int side, int block);

    /** What is wrong with the chunks the blocks hold, naming side and block, or null; both threads out of them. */
    String check(List<String> names);

    /** Where side {@code side}'s chunk lies and what base_addr's line holds, from the real addresses. */
    String whereIs(int side);

    /** Side {@code side}'s allocator steps and writes of {@code nr_empty_pop_pages} so far, over every block. */
    EmptyPagesRate emptyPagesRate(int side);
}
