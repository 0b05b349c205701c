package org.cachelinebench.runner;

import java.util.Arrays;

import org.openjdk.jmh.util.ListStatistics;

/**
 * Summary of ratios, for reading: the verdicts use one value per round and {@link SignedRank} ({@link Judgment}).
 *
 * <p>The estimate is the geometric mean: ratios multiply, so their logarithms are what averages, and the
 * geometric mean of reference/subject is exactly the inverse of that of subject/reference. The 95 %
 * interval is Student's t on the log ratios, transformed back (so it is asymmetric around the geometric
 * mean). The median is kept beside it because it ignores a single round in which the VM's core placement
 * changed between the two forks.
 *
 * @param n       number of ratios
 * @param geoMean geometric mean of the ratios
 * @param low     lower end of the 95 % interval of the geometric mean (NaN below 3 rounds)
 * @param high    upper end (NaN below 3 rounds)
 * @param median  median of the ratios; for an even count the geometric mean of the middle two, so that the
 *                median of inverted ratios is the inverted median
 * @param logSd   sample standard deviation of the log ratios (NaN below 2 rounds)
 */
public record RatioStats(int n, double geoMean, double low, double high, double median, double logSd) {

    public static final double CONFIDENCE = 0.95;

    public static RatioStats of(double[] ratios) {
        int n = ratios.length;
        if (n == 0) {
            throw new IllegalArgumentException("no ratios");
        }
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(ratios[i] > 0) || Double.isInfinite(ratios[i])) {
                throw new IllegalArgumentException("ratio " + ratios[i] + " is not a positive number");
            }
            logs[i] = Math.log(ratios[i]);
        }
        // JMH's own statistics (the same Student-t JMH uses for scoreError), on the logs. Like JMH, no
        // interval from fewer than 3 samples: t with 1 degree of freedom makes it span decades.
        ListStatistics stats = new ListStatistics(logs);
        double mean = stats.getMean();
        double sd = n >= 2 ? stats.getStandardDeviation() : Double.NaN;
        double[] interval = stats.getConfidenceIntervalAt(CONFIDENCE);
        double low = Math.exp(interval[0]), high = Math.exp(interval[1]);
        double[] sorted = logs.clone();
        Arrays.sort(sorted);
        double medianLog = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new RatioStats(n, Math.exp(mean), low, high, Math.exp(medianLog), sd);
    }

    /** True when the whole interval lies above 1 (direction +1) or below 1 (direction -1). */
    public boolean intervalExcludesOne(int direction) {
        if (Double.isNaN(low)) {
            return false;
        }
        return direction > 0 ? low > 1 : high < 1;
    }
}
