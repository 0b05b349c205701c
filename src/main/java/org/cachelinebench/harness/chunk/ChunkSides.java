package org.cachelinebench.harness.chunk;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.model.percpu.ChunkVersion;

/**
 * The four sides {@code benchmarks.ChunkInterleaved} measures in one schedule, in schedule order, and the names
 * its counters, the claims and the runner read, written once:
 * <ol start="0">
 *   <li>{@code v6.4-rc4}: base_addr in the line free_bytes and chunk_md share;</li>
 *   <li>{@code v2-reorder}: bound_map moved in front of base_addr (the unmerged v2);</li>
 *   <li>{@code v6.5-merged}: base_addr {@code ____cacheline_aligned_in_smp}, the reference;</li>
 *   <li>{@code v6.5-merged-again}: the reference's layout as a side of its own, the A/A control.</li>
 * </ol>
 * Each side is measured by two roles, the reader and the allocator: a counter side is a side and a role
 * ({@link CounterNames#side}). Ratios are against the reference, and v6.4-rc4 also against v2-reorder
 * ({@link #PAIRS}); no side is a floor (there is no one-line round trip in this workload).
 */
public final class ChunkSides {
    private ChunkSides() {}

    public static final String V6_4_RC4 = ChunkVersion.V6_4_RC4.label();
    public static final String V2_REORDER = ChunkVersion.V2_REORDER.label();
    public static final String V6_5_MERGED = ChunkVersion.V6_5_MERGED.label();
    public static final String V6_5_MERGED_AGAIN = V6_5_MERGED + "-again";
    /** The 2026 orders, sides of Chunk2026Interleaved ({@link ChunkLayoutSides#MM_2026}). */
    public static final String MM_2026_SIZE = ChunkVersion.MM_2026_SIZE.label();
    public static final String MM_2026_HOLE = ChunkVersion.MM_2026_HOLE.label();

    /** The sides' names in schedule order; a side's number is its index here. */
    public static final List<String> NAMES = List.of(V6_4_RC4, V2_REORDER, V6_5_MERGED, V6_5_MERGED_AGAIN);
    /** Each side's layout, by side number: the A/A side is the reference's. */
    public static final List<ChunkVersion> LAYOUTS = List.of(ChunkVersion.V6_4_RC4, ChunkVersion.V2_REORDER,
            ChunkVersion.V6_5_MERGED, ChunkVersion.V6_5_MERGED);

    public static final String REFERENCE = V6_5_MERGED;
    public static final int REFERENCE_SIDE = NAMES.indexOf(REFERENCE);
    public static final int V6_4_RC4_SIDE = NAMES.indexOf(V6_4_RC4);
    public static final int V2_REORDER_SIDE = NAMES.indexOf(V2_REORDER);
    public static final int AGAIN_SIDE = NAMES.indexOf(V6_5_MERGED_AGAIN);

    public static final String READER = "reader";
    public static final String ALLOCATOR = "allocator";
    public static final List<String> ROLES = List.of(READER, ALLOCATOR);

    /** A subject side and another reference than {@link #REFERENCE}, by side number, whose ratio is also reported. */
    public record Pair(int subject, int reference) {}

    /** The pairs besides those with the reference: v6.4-rc4 vs v2-reorder, the unmerged fix. */
    public static final List<Pair> PAIRS = List.of(new Pair(V6_4_RC4_SIDE, V2_REORDER_SIDE));

    /** The counter sides of one role, by side number: "v6.4-rc4-reader", ... */
    public static List<String> counterSides(List<String> sides, String role) {
        return sides.stream().map(n -> CounterNames.side(n, role)).toList();
    }

    /** The name of a pair's ratio counter for one role. */
    public static String pairRatio(List<String> sides, Pair p, String role) {
        return CounterNames.ratio(CounterNames.side(sides.get(p.subject()), role),
                CounterNames.side(sides.get(p.reference()), role));
    }

    /** Every counter a reader-and-allocator benchmark reports: each role's sides' (no floor), the pairs' ratios and the cycles. */
    public static Set<String> counterNames(List<String> sides, String reference, List<Pair> pairs) {
        Set<String> names = new TreeSet<>();
        for (String role : ROLES) {
            names.addAll(CounterNames.of(counterSides(sides, role), CounterNames.side(reference, role), null));
            for (Pair p : pairs) {
                names.add(pairRatio(sides, p, role));
            }
        }
        return names;
    }
}
