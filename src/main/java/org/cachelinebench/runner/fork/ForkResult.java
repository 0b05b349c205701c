package org.cachelinebench.runner.fork;

import java.util.Map;
import java.util.SortedMap;

import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Metric;

/**
 * What one fork measured, and when: a {@link JmhResult} with one fork (every metric one row of iterations) and
 * the fork's measurement window.
 *
 * @param jmh                the fork's result: header, primary metric and secondary metrics
 * @param measureStartMillis wall clock (ms since the epoch) when measurement iterations began
 * @param measureEndMillis   wall clock when they ended
 */
public record ForkResult(JmhResult jmh, long measureStartMillis, long measureEndMillis) {
    public ForkResult {
        oneFork(jmh.primary(), JmhResult.PRIMARY);
        jmh.secondary().forEach((name, m) -> oneFork(m, name));
    }

    /**
     * @param info        benchmark header, as JMH reports it
     * @param primary     the primary metric (for a {@code @Group}: the total over its methods)
     * @param secondaries secondary metrics by label (for a {@code @Group}: one per method)
     */
    public ForkResult(Header info, Metric primary, Map<String, Metric> secondaries, long measureStartMillis,
                      long measureEndMillis) {
        this(new JmhResult(info, primary, secondaries), measureStartMillis, measureEndMillis);
    }

    private static void oneFork(Metric m, String name) {
        if (m.rawData().length != 1 || m.rawData()[0].length == 0) {
            throw new IllegalArgumentException("metric " + name + " of a fork needs one fork of at least one iteration");
        }
    }

    public Header info() {
        return jmh.header();
    }

    public Metric primary() {
        return jmh.primary();
    }

    public SortedMap<String, Metric> secondaries() {
        return jmh.secondary();
    }

    /** The named metric: {@link JmhResult#PRIMARY} or a secondary label. */
    public Metric metric(String name) {
        return jmh.metric(name);
    }

    /** Middle of the measurement window, the moment a fork's score stands for. */
    public double measureMidMillis() {
        return (measureStartMillis + measureEndMillis) / 2.0;
    }
}
