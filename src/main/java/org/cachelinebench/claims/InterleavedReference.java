package org.cachelinebench.claims;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.benchmarks.ChunkEmptyPagesInterleaved;
import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.IpiInterleaved;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.interleave.InterleavedSchedule;

/**
 * The rule that an interleaved claim's reference is its benchmark's reference side. Why: an interleaved benchmark
 * reports every side's ratio and extra line transfers as medians over cycles against that one side
 * ({@link org.cachelinebench.harness.CounterNames#ratio}), and a median of per-cycle ratios cannot be divided into another to give a ratio
 * between two other sides.
 */
public final class InterleavedReference {
    private InterleavedReference() {}

    /** Every interleaved benchmark (as a {@link Variant} names it) and the side its counters divide by. */
    static final Map<String, String> SIDES = Map.of(
            IpiInterleaved.class.getName() + ".ipi", CsdSides.LINE_ALIGNED,
            InterleavedOffsetSweep.class.getName() + ".ipi", SweepSides.REFERENCE,
            ObjectMailboxInterleaved.class.getName() + ".ipi", ObjectMailboxSides.ONE_LINE,
            ChunkSets.INTERLEAVED, ChunkInterleaved.SIDES.referenceName(),
            ChunkSets.OBJECT_INTERLEAVED, ChunkObjectSides.REFERENCE,
            ChunkSets.INTERLEAVED_EMPTY_PAGES, ChunkEmptyPagesInterleaved.SIDES.referenceName());

    /** Besides the reference side, the pairs (subject to reference) a benchmark reports a ratio of, per benchmark. */
    static final Map<String, Map<String, String>> PAIRS = Map.of(
            // The probes, each against the floor: the machine's costs, in floors.
            IpiInterleaved.class.getName() + ".ipi", Map.of(CsdSides.PROBE_SERIAL, CsdSides.FLOOR,
                    CsdSides.PROBE_PAIR, CsdSides.FLOOR, CsdSides.PROBE_PARALLEL, CsdSides.FLOOR),
            ChunkSets.INTERLEAVED, pair(ChunkInterleaved.SIDES.names(), ChunkInterleaved.SIDES.pairs().get(0)),
            ChunkSets.OBJECT_INTERLEAVED, pair(ChunkObjectSides.NAMES, ChunkObjectSides.PAIRS.get(0)));

    private static Map<String, String> pair(List<String> names, ChunkSides.Pair p) {
        return Map.of(names.get(p.subject()), names.get(p.reference()));
    }

    /** The roles of a benchmark whose threads have different jobs; any other has none (a claim's role is null). */
    static final Map<String, List<String>> ROLES = Map.of(ChunkSets.INTERLEAVED, ChunkSides.ROLES,
            ChunkSets.OBJECT_INTERLEAVED, ChunkSides.ROLES, ChunkSets.INTERLEAVED_EMPTY_PAGES, ChunkSides.ROLES);

    /** The interleaved benchmarks without a floor side (no one-line round trip in their workload): no extra lines. */
    static final Set<String> WITHOUT_FLOOR = Set.of(ChunkSets.INTERLEAVED, ChunkSets.OBJECT_INTERLEAVED,
            ChunkSets.INTERLEAVED_EMPTY_PAGES);

    /** True when the interleaved {@code benchmark}'s forks must report the floor's counters. */
    public static boolean hasFloor(String benchmark) {
        return !WITHOUT_FLOOR.contains(benchmark);
    }

    /** What times a benchmark's slices: the role whose counters do (null: the benchmark's one) and its calls a slice. */
    public record SliceClock(String role, long callsPerSlice) {}

    /** The benchmarks whose slices are not {@link InterleavedSchedule#SLICE} calls of their one role. */
    static final Map<String, SliceClock> CLOCKS = Map.of(ChunkSets.INTERLEAVED,
            new SliceClock(ChunkSides.READER, (long) ChunkInterleaving.BATCHES * PcpuChunkWorkload.OPS),
            ChunkSets.OBJECT_INTERLEAVED,
            new SliceClock(ChunkSides.READER, (long) ChunkInterleaving.BATCHES * PcpuChunkWorkload.OPS),
            ChunkSets.INTERLEAVED_EMPTY_PAGES,
            new SliceClock(ChunkSides.READER, (long) ChunkInterleaving.BATCHES * PcpuChunkWorkload.OPS));

    /** How to tell how long a slice of the interleaved {@code benchmark} lasts from its counters. */
    public static SliceClock clock(String benchmark) {
        return CLOCKS.getOrDefault(benchmark, new SliceClock(null, InterleavedSchedule.SLICE));
    }

    /** The reference side of an interleaved benchmark, or null when {@code benchmark} is not one. */
    public static String of(String benchmark) {
        return SIDES.get(benchmark);
    }

    /**
     * Null when {@code claim} is not interleaved or names its benchmark's reference side as its reference; otherwise
     * the problem in one line, e.g. "claim csd.a-vs-straddled: ...".
     */
    public static String problem(Claim claim, List<ComparisonSet> sets) {
        if (!claim.interleaved()) {
            return null;
        }
        ComparisonSet set = sets.stream().filter(s -> s.id().equals(claim.set())).findFirst().orElse(null);
        if (set == null) {
            return "claim " + claim.id() + ": no comparison set " + claim.set();
        }
        String benchmark;
        try {
            benchmark = set.variant(claim.variant()).benchmark();
        } catch (IllegalArgumentException e) {
            return "claim " + claim.id() + ": " + e.getMessage();
        }
        String reference = of(benchmark);
        if (reference == null) {
            return "claim " + claim.id() + ": " + benchmark + " is not an interleaved benchmark (known: "
                    + String.join(", ", SIDES.keySet().stream().sorted().toList()) + ")";
        }
        List<String> roles = ROLES.get(benchmark);
        if (roles == null ? claim.role() != null : claim.role() == null || !roles.contains(claim.role())) {
            return "claim " + claim.id() + ": " + benchmark + " measures " + (roles == null ? "no roles"
                    : "the roles " + String.join(", ", roles)) + ", not " + claim.role();
        }
        if (claim.reference().equals(PAIRS.getOrDefault(benchmark, Map.of()).get(claim.subject()))) {
            return null;
        }
        if (!reference.equals(claim.reference())) {
            return "claim " + claim.id() + ": an interleaved claim's reference must be its benchmark's reference side, "
                    + reference + ", which every side's ratio and extra lines are measured against, not "
                    + claim.reference();
        }
        return null;
    }
}
