package org.cachelinebench.runner;

import java.util.Arrays;

/**
 * One metric of one fork: the score of every measurement iteration.
 *
 * @param unit       JMH's score unit, e.g. "ops/s"
 * @param iterations one score per measurement iteration
 */
public record Metric(String unit, double[] iterations) {
    public Metric {
        if (iterations.length == 0) {
            throw new IllegalArgumentException("a metric needs at least one iteration");
        }
        iterations = iterations.clone();
    }

    @Override
    public double[] iterations() {
        return iterations.clone();
    }

    /** The fork's score: the mean over its iterations, as JMH aggregates throughput and time alike. */
    public double score() {
        return Arrays.stream(iterations).average().orElseThrow();
    }
}
