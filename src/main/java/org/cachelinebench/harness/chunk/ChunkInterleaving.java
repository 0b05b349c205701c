package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.harness.interleave.Interleaving;

/**
 * The interleaved {@code pcpu_chunk} schedule: one reader (the leader) and one allocator (the follower) over N sides
 * in N blocks ({@link ChunkPlaces}: the off-heap {@link ChunkBlocks}, or the Java objects). The reader opens each
 * slice and times its {@link #BATCHES} batches once the allocator has entered it; the allocator follows it from chunk
 * to chunk and times its own steps. At the barrier between groups the reader checks every block's chunk (lock free,
 * {@code base_addr} unchanged, {@code free_bytes} down by exactly the area the allocator holds) and sets the next
 * owners' chunks up fresh (the layouts overlap in a block). Why: docs/interleaved-design.md.
 */
public final class ChunkInterleaving extends Interleaving {
    /**
     * Reader batches per slice: 32 of {@link PcpuChunkWorkload#OPS} loads, about as long as a csd slice, with several
     * hundred allocator steps in it (the measured lengths: docs/interleaved-design.md).
     */
    public static final int BATCHES = 32;

    private final ChunkPlaces places;

    /** The schedule over {@code names}, in schedule order, on the chunks of {@code places}, one block per side. */
    public ChunkInterleaving(List<String> names, ChunkPlaces places) {
        super(names, BATCHES, PcpuChunkWorkload.OPS, true);
        if (places.size() != names.size()) {
            throw new IllegalArgumentException(names.size() + " sides in " + places.size() + " blocks");
        }
        this.places = places;
        handTo(0, "before group 0");
    }

    /** Where the run finds every side's chunk, lock and pending area. */
    public ChunkPlaces places() { return places; }

    /**
     * Checks the chunk every block holds, then hands every block to its owner in {@code group}, and only then throws
     * a problem, naming it after {@code when}: the blocks are restored either way.
     */
    private void handTo(long group, String when) {
        String problem = places.check(names());
        for (int b = 0; b < places.size(); b++) {
            places.handTo(schedule().sideIn(b, group), b);
        }
        if (problem != null) {
            throw new IllegalStateException(when + ": " + problem);
        }
    }

    @Override
    protected void handOver(long group) {
        handTo(group + 1, "before group " + (group + 1));
    }

    @Override
    protected void resetBlocks() {
        handTo(0, "after the iteration");
    }

    @Override
    public String whereIs(int side) { return places.whereIs(side); }
}
