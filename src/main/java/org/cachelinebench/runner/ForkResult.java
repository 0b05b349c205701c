package org.cachelinebench.runner;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import org.cachelinebench.claims.Claim;

/**
 * What one fork measured, and when.
 *
 * @param info               benchmark header, as JMH reports it
 * @param primary            the primary metric (for a {@code @Group}: the total over its methods)
 * @param secondaries        secondary metrics by label (for a {@code @Group}: one per method)
 * @param measureStartMillis wall clock (ms since the epoch) when measurement iterations began
 * @param measureEndMillis   wall clock when they ended
 */
public record ForkResult(BenchmarkInfo info, Metric primary, Map<String, Metric> secondaries,
                         long measureStartMillis, long measureEndMillis) {
    public ForkResult {
        secondaries = Collections.unmodifiableMap(new TreeMap<>(secondaries));
    }

    /** The named metric: {@link Claim#PRIMARY} or a secondary label. */
    public Metric metric(String name) {
        if (Claim.PRIMARY.equals(name)) {
            return primary;
        }
        Metric m = secondaries.get(name);
        if (m == null) {
            throw new IllegalArgumentException(info.benchmark() + " has no metric '" + name
                    + "' (it has: primary" + (secondaries.isEmpty() ? "" : ", " + String.join(", ", secondaries.keySet())) + ")");
        }
        return m;
    }

    /** Middle of the measurement window, the moment a fork's score stands for. */
    public double measureMidMillis() {
        return (measureStartMillis + measureEndMillis) / 2.0;
    }
}
