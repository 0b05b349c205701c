package org.cachelinebench.compare;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Welch's unequal-variances t-test for the difference of two means, with its confidence interval.
 *
 * <p>Welch rather than Student because a change to the code may change the spread as well as the mean (a
 * layout that sometimes false-shares is both slower and noisier); Welch does not assume equal variances and
 * costs almost nothing when they are equal. The degrees of freedom are Welch–Satterthwaite's. The Student t
 * distribution comes from commons-math3, which jmh-core depends on (so it is in {@code benchmarks.jar}).
 *
 * <p>What the samples are is the caller's choice; {@link GateComparison} passes per-fork means (see there why).
 */
public final class Welch {
    private Welch() {}

    /**
     * Result of comparing sample {@code b} (current) with sample {@code a} (baseline).
     *
     * @param meanA    mean of a
     * @param meanB    mean of b
     * @param diff     {@code meanB - meanA}
     * @param se       standard error of {@code diff}
     * @param df       Welch–Satterthwaite degrees of freedom
     * @param p        two-sided p-value of "the means are equal"
     * @param low      lower end of the two-sided {@code 1 - alpha} interval for {@code diff}
     * @param high     upper end of that interval
     */
    public record Result(double meanA, double meanB, double diff, double se, double df, double p,
                         double low, double high) {

        /** True when the interval excludes zero, i.e. {@code p < alpha}. */
        public boolean significant() {
            return low > 0 || high < 0;
        }
    }

    /**
     * Tests whether mean(b) differs from mean(a).
     *
     * @param a     baseline samples, at least 2, all finite
     * @param b     current samples, at least 2, all finite
     * @param alpha two-sided significance level, in (0, 1); the interval has confidence {@code 1 - alpha}
     */
    public static Result test(double[] a, double[] b, double alpha) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException("need at least 2 samples on each side, have " + a.length
                    + " and " + b.length);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
        }
        double meanA = mean(a);
        double meanB = mean(b);
        double diff = meanB - meanA;
        double va = variance(a, meanA) / a.length;
        double vb = variance(b, meanB) / b.length;
        double se2 = va + vb;
        if (!(se2 > 0)) {
            // No spread at all on either side: the difference is exact.
            return new Result(meanA, meanB, diff, 0, Double.POSITIVE_INFINITY, diff == 0 ? 1 : 0, diff, diff);
        }
        double se = Math.sqrt(se2);
        double df = se2 * se2 / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        TDistribution t = new TDistribution(null, df, TDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
        double p = Math.min(1, 2 * t.cumulativeProbability(-Math.abs(diff) / se));
        double q = t.inverseCumulativeProbability(1 - alpha / 2);
        return new Result(meanA, meanB, diff, se, df, p, diff - q * se, diff + q * se);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample variance (n - 1), two-pass for accuracy. */
    static double variance(double[] x, double mean) {
        double s = 0;
        for (double v : x) {
            double d = v - mean;
            s += d * d;
        }
        return s / (x.length - 1);
    }
}
