package org.cachelinebench.report.paired;

import java.lang.reflect.Method;
import java.util.Map;

import org.cachelinebench.model.layout.Placement;

/**
 * Where the offset sweep's csd sits at each offset, so charts can mark the offsets at which it straddles.
 *
 * <p>Asked from the benchmark itself ({@code IpiOffsetSweep.placements()}: the csd placed in real memory,
 * its lines measured from the real address), by name like every other benchmark fact the runner uses, so
 * this package builds without the IPI model. Null when that class is absent or its placements were
 * computed for another line size than the forks used.
 */
final class SweepPlacements {
    private SweepPlacements() {}

    static final String SWEEP_CLASS = "org.cachelinebench.benchmarks.IpiOffsetSweep";

    /** Offset → placement, or null when unknown. */
    @SuppressWarnings("unchecked")
    static Map<Integer, Placement> of(int lineSize) {
        try {
            Method m = Class.forName(SWEEP_CLASS).getMethod("placements");
            Map<Integer, Placement> placements = (Map<Integer, Placement>) m.invoke(null);
            boolean sameLine = placements.values().stream().allMatch(p -> p.lineSize() == lineSize);
            return sameLine && !placements.isEmpty() ? placements : null;
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            return null;
        }
    }
}
