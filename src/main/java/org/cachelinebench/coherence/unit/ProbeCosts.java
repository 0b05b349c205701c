package org.cachelinebench.coherence.unit;

import java.util.Locale;

/**
 * One run's machine costs from its probes ({@code model.ipi.LineProbe}), in floors (the one-line round trip): what
 * one line of each {@link CriticalPath} class adds to a call. Each is a range over the run's rounds (low, central,
 * high), so that a prediction priced with them carries the probes' uncertainty. A hop is half a floor by
 * definition: the floor is two of them.
 *
 * @param serial   probe-serial's cost over the floor's, minus 1: a line loaded in series after a wait
 * @param pair     probe-pair's, minus 1: the same from the waited line's 128-byte buddy
 * @param parallel probe-parallel's, minus 1, halved (it adds one such line each way): a miss overlapping another
 */
public record ProbeCosts(Range serial, Range pair, Range parallel) {
    /** A hop's cost in floors. */
    public static final double HOP = 0.5;

    /** A quantity measured over rounds: its 95 % interval and its central value (low &lt;= mid &lt;= high). */
    public record Range(double low, double mid, double high) {
        public Range {
            if (!(low <= mid && mid <= high)) {
                throw new IllegalArgumentException("a range needs low <= mid <= high: " + low + ", " + mid + ", " + high);
            }
        }

        /** One exact value. */
        public static Range exactly(double x) {
            return new Range(x, x, x);
        }

        public Range plus(Range o) {
            return new Range(low + o.low, mid + o.mid, high + o.high);
        }

        /** Scaled by {@code k}; a negative {@code k} swaps the ends. */
        public Range times(double k) {
            return k >= 0 ? new Range(low * k, mid * k, high * k) : new Range(high * k, mid * k, low * k);
        }

        /** True when the two ranges share a value. */
        public boolean overlaps(double otherLow, double otherHigh) {
            return low <= otherHigh && otherLow <= high;
        }

        /** "+0.52 (+0.40 .. +0.66)". */
        public String describe() {
            return low == high ? signed(mid) : signed(mid) + " (" + signed(low) + " .. " + signed(high) + ")";
        }

        private static String signed(double x) {
            return String.format(Locale.ROOT, "%+.2f", Math.abs(x) < 0.005 ? 0.0 : x);
        }
    }
}
