package org.cachelinebench.runner.fork;

import java.util.Map;

import org.cachelinebench.benchmarks.IpiOffsetSweep;
import org.cachelinebench.model.layout.Placement;

/**
 * Where the offset sweep's csd sits at each offset, so charts can mark the offsets at which it straddles.
 *
 * <p>Asked from the benchmark itself ({@link IpiOffsetSweep#placements()}: the csd placed in real memory,
 * its lines measured from the real address). Null when its placements were computed for another line
 * size than the forks used.
 */
public final class SweepPlacements {
    private SweepPlacements() {}

    /** Offset → placement, or null when unknown. */
    public static Map<Integer, Placement> of(int lineSize) {
        Map<Integer, Placement> placements = IpiOffsetSweep.placements();
        boolean sameLine = placements.values().stream().allMatch(p -> p.lineSize() == lineSize);
        return sameLine && !placements.isEmpty() ? placements : null;
    }
}
