package org.cachelinebench.harness.chunk;

import java.util.List;
import java.util.Set;

import org.cachelinebench.model.percpu.ChunkVersion;

/**
 * One list of off-heap {@code pcpu_chunk} sides an interleaved benchmark measures in one schedule: the sides' names
 * in schedule order, each side's layout, the reference side and the pairs besides the reference whose ratios are
 * also reported. The harness ({@link ChunkInterleaving}, {@link ChunkBlocks}, the leader state) takes the
 * list, so each benchmark differs from another only in which list it runs:
 * <ul>
 *   <li>{@link #CLASSIC}: ChunkInterleaved's {@link ChunkSides};</li>
 *   <li>{@link #MM_2026}: Chunk2026Interleaved's, the 2026 orders {@code mm-2026-size} and {@code mm-2026-hole}
 *       against {@code v6.5-merged}, with {@code v6.5-merged-again} as the A/A control; no other pair.</li>
 * </ul>
 */
public record ChunkLayoutSides(List<String> names, List<ChunkVersion> layouts, int reference,
                               List<ChunkSides.Pair> pairs) {
    public static final ChunkLayoutSides CLASSIC = new ChunkLayoutSides(ChunkSides.NAMES, ChunkSides.LAYOUTS,
            ChunkSides.REFERENCE_SIDE, ChunkSides.PAIRS);

    public static final ChunkLayoutSides MM_2026 = new ChunkLayoutSides(
            List.of(ChunkSides.MM_2026_SIZE, ChunkSides.MM_2026_HOLE, ChunkSides.V6_5_MERGED,
                    ChunkSides.V6_5_MERGED_AGAIN),
            List.of(ChunkVersion.MM_2026_SIZE, ChunkVersion.MM_2026_HOLE, ChunkVersion.V6_5_MERGED,
                    ChunkVersion.V6_5_MERGED),
            2, List.of());

    public ChunkLayoutSides {
        names = List.copyOf(names);
        layouts = List.copyOf(layouts);
        pairs = List.copyOf(pairs);
        if (names.size() != layouts.size() || reference < 0 || reference >= names.size()) {
            throw new IllegalArgumentException(names.size() + " sides, " + layouts.size() + " layouts, reference "
                    + reference);
        }
    }

    /** The reference side's name. */
    public String referenceName() {
        return names.get(reference);
    }

    /** The layout of the side named {@code side}; throws naming the sides when there is none. */
    public ChunkVersion layoutOf(String side) {
        int s = names.indexOf(side);
        if (s < 0) {
            throw new IllegalArgumentException("no side " + side + " (sides: " + names + ")");
        }
        return layouts.get(s);
    }

    /** Every counter the benchmark reports: each role's sides', the pairs' ratios and the cycles. */
    public Set<String> counterNames() {
        return ChunkSides.counterNames(names, referenceName(), pairs);
    }
}
