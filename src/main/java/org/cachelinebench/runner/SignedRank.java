package org.cachelinebench.runner;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact Wilcoxon signed-rank bounds on the centre of one value per round, and Mann-Whitney bounds on the shift
 * between two runs' rounds, both as Hodges-Lehmann intervals (order statistics of the Walsh averages or of the
 * pairwise differences). Distribution-free: they assume only that, without an effect, a round's value is as
 * likely above the centre as below, which an A/A pair gives by construction (its two sides are exchangeable).
 * One outlying round moves a bound by one order statistic, not by its size. Rationale: docs/ci-gate.md.
 */
public final class SignedRank {
    private SignedRank() {}

    /**
     * A one-sided bound on each side at {@code confidence} each.
     *
     * @param estimate the Hodges-Lehmann estimate (median of the Walsh averages, or of the pairwise differences)
     * @param low      lower bound: the centre is above it with the stated confidence (NaN: too few values)
     * @param high     upper bound (NaN: too few values)
     * @param n        values behind it (the first run's, for a shift)
     */
    public record Bounds(double estimate, double low, double high, int n) {
        public boolean decidable() {
            return !Double.isNaN(low);
        }
    }

    /** The fewest values with which a signed-rank bound exists at {@code confidence}: 2^-n must not exceed 1 - confidence. */
    public static int minRounds(double confidence) {
        int n = 1;
        while (Math.pow(0.5, n) > 1 - confidence + 1e-12) {
            n++;
        }
        return n;
    }

    /** Bounds on the centre of {@code values} (one per round), one-sided at {@code confidence} each. */
    public static Bounds centre(double[] values, double confidence) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] walsh = new double[n * (n + 1) / 2];
        int w = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[w++] = (values[i] + values[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int k = signedRankDepth(n, 1 - confidence);
        double estimate = median(walsh);
        return k == 0 ? new Bounds(estimate, Double.NaN, Double.NaN, n)
                : new Bounds(estimate, walsh[k - 1], walsh[walsh.length - k], n);
    }

    /**
     * Bounds on the median of {@code values} that are order statistics of the values themselves (the sign test's):
     * the k-th smallest and k-th largest value, k the largest count with P(B &lt;= k - 1) &lt;= 1 - confidence for B
     * binomial(n, 1/2). Unlike a Walsh average, which pairs a wild value with every other, a wild value here moves a
     * bound by one order statistic only. NaN bounds when even 2^-n exceeds 1 - confidence.
     */
    public static Bounds orderStatistics(double[] values, double confidence) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double[] ways = new double[n + 1];
        for (int b = 0; b <= n; b++) {
            ways[b] = binomial(n, b);
        }
        int k = depth(ways, Math.pow(2, n), 1 - confidence);
        double estimate = median(sorted);
        return k == 0 ? new Bounds(estimate, Double.NaN, Double.NaN, n)
                : new Bounds(estimate, sorted[k - 1], sorted[n - k], n);
    }

    /**
     * Bounds on the shift x - y between two samples (every pairwise difference), one-sided at {@code confidence}
     * each.
     */
    public static Bounds shift(double[] x, double[] y, double confidence) {
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] d = new double[x.length * y.length];
        int i = 0;
        for (double a : x) {
            for (double b : y) {
                d[i++] = a - b;
            }
        }
        Arrays.sort(d);
        int k = rankSumDepth(x.length, y.length, 1 - confidence);
        double estimate = median(d);
        return k == 0 ? new Bounds(estimate, Double.NaN, Double.NaN, x.length)
                : new Bounds(estimate, d[k - 1], d[d.length - k], x.length);
    }

    /**
     * The depth k of the bound: the k-th smallest Walsh average is the lower bound, where k is the largest count with
     * P(W+ &lt;= k - 1) &lt;= alpha under the null (W+ the signed-rank sum of n values); 0 when even P(W+ = 0) = 2^-n
     * exceeds alpha.
     */
    static int signedRankDepth(int n, double alpha) {
        // Cached: the judging pass asks the same few (n, alpha) for every claim of every look of every simulated run.
        return SIGNED_RANK_DEPTHS.computeIfAbsent(new Depth(n, 0, alpha), d -> computeSignedRankDepth(n, alpha));
    }

    /** A depth's arguments ({@code m} 0 for a signed-rank depth). */
    private record Depth(int n, int m, double alpha) {}

    private static final Map<Depth, Integer> SIGNED_RANK_DEPTHS = new ConcurrentHashMap<>();
    private static final Map<Depth, Integer> RANK_SUM_DEPTHS = new ConcurrentHashMap<>();

    private static int computeSignedRankDepth(int n, double alpha) {
        // ways[w]: subsets of {1..n} with sum w
        double[] ways = new double[n * (n + 1) / 2 + 1];
        ways[0] = 1;
        for (int r = 1; r <= n; r++) {
            for (int w = ways.length - 1; w >= r; w--) {
                ways[w] += ways[w - r];
            }
        }
        return depth(ways, Math.pow(2, n), alpha);
    }

    /** As {@link #signedRankDepth} for the Mann-Whitney count U of m and n values (m*n pairwise differences). */
    static int rankSumDepth(int m, int n, double alpha) {
        return RANK_SUM_DEPTHS.computeIfAbsent(new Depth(n, m, alpha), d -> computeRankSumDepth(m, n, alpha));
    }

    private static int computeRankSumDepth(int m, int n, double alpha) {
        // ways[i][j][u]: orderings of i x-values and j y-values with u pairs where the x is the larger; the largest
        // value is either an x (above all j y-values: u - j) or a y (adds nothing)
        double[][][] ways = new double[m + 1][n + 1][m * n + 1];
        for (int i = 0; i <= m; i++) {
            for (int j = 0; j <= n; j++) {
                if (i == 0 || j == 0) {
                    ways[i][j][0] = 1;
                    continue;
                }
                for (int u = 0; u <= i * j; u++) {
                    ways[i][j][u] = (u >= j ? ways[i - 1][j][u - j] : 0) + ways[i][j - 1][u];
                }
            }
        }
        return depth(ways[m][n], binomial(m + n, m), alpha);
    }

    private static int depth(double[] ways, double total, double alpha) {
        double cum = 0;
        int k = 0;
        for (double x : ways) {
            if ((cum + x) / total <= alpha + 1e-12) {
                cum += x;
                k++;
            } else {
                break;
            }
        }
        return k;
    }

    private static double binomial(int n, int k) {
        double b = 1;
        for (int i = 1; i <= k; i++) {
            b = b * (n - k + i) / i;
        }
        return b;
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
