package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.model.percpu.ChunkVersion;

/**
 * The sides an off-heap interleaved {@code pcpu_chunk} benchmark measures in one schedule: their names in schedule
 * order (a side's number is its index), each side's layout, the reference side and the pairs besides the reference
 * whose ratios are also reported. The harness ({@link ChunkInterleaving}, {@link ChunkBlocks}, {@link ChunkBlocksState})
 * takes the list, so the benchmarks differ only in which they declare (ChunkInterleaved.SIDES,
 * ChunkEmptyPagesInterleaved.SIDES). Each side is measured by two roles, the reader and the allocator: a counter side
 * is a side and a role ({@link CounterNames#side}). No side is a floor (no one-line round trip in this workload).
 */
public record ChunkSides(List<String> names, List<ChunkVersion> layouts, int reference, List<Pair> pairs) {
    public static final String V6_4_RC4 = ChunkVersion.V6_4_RC4.label();
    public static final String V2_REORDER = ChunkVersion.V2_REORDER.label();
    public static final String V6_5_MERGED = ChunkVersion.V6_5_MERGED.label();
    public static final String V6_5_MERGED_AGAIN = V6_5_MERGED + "-again";
    public static final String SAVE_MEMORY = ChunkVersion.SAVE_MEMORY.label();
    public static final String SAVE_MEMORY_HOLE = ChunkVersion.SAVE_MEMORY_HOLE.label();

    public static final String READER = "reader";
    public static final String ALLOCATOR = "allocator";
    public static final List<String> ROLES = List.of(READER, ALLOCATOR);

    /** A subject side and another reference than the list's, by side number, whose ratio is also reported. */
    public record Pair(int subject, int reference) {}

    public ChunkSides {
        names = List.copyOf(names);
        layouts = List.copyOf(layouts);
        pairs = List.copyOf(pairs);
        if (names.size() != layouts.size() || reference < 0 || reference >= names.size()) {
            throw new IllegalArgumentException(names.size() + " sides, " + layouts.size() + " layouts, reference "
                    + reference);
        }
    }

    /** The reference side's name. */
    public String referenceName() { return names.get(reference); }

    /** The layout of the side named {@code side}; throws naming the sides when there is none. */
    public ChunkVersion layoutOf(String side) {
        int s = names.indexOf(side);
        if (s < 0) {
            throw new IllegalArgumentException("no side " + side + " (sides: " + names + ")");
        }
        return layouts.get(s);
    }
}
