package org.cachelinebench.runner;

import org.openjdk.jmh.util.ListStatistics;

/**
 * Mean of plain samples with a 95 % Student-t interval. For the extra line transfers, which are differences
 * in units of the floor (near 0, often negative), where {@link RatioStats}' log scale does not apply.
 *
 * @param n    number of samples
 * @param mean arithmetic mean
 * @param low  lower end of the 95 % interval of the mean (NaN below 3 samples)
 * @param high upper end (NaN below 3 samples)
 * @param sd   sample standard deviation (NaN below 2 samples)
 */
public record MeanStats(int n, double mean, double low, double high, double sd) {

    public static MeanStats of(double[] samples) {
        int n = samples.length;
        if (n == 0) {
            throw new IllegalArgumentException("no samples");
        }
        for (double s : samples) {
            if (!Double.isFinite(s)) {
                throw new IllegalArgumentException("sample " + s + " is not a finite number");
            }
        }
        // JMH's statistics, as RatioStats uses them: no interval from fewer than 3 samples.
        ListStatistics stats = new ListStatistics(samples);
        double[] interval = stats.getConfidenceIntervalAt(RatioStats.CONFIDENCE);
        return new MeanStats(n, stats.getMean(), interval[0], interval[1],
                n >= 2 ? stats.getStandardDeviation() : Double.NaN);
    }
}
