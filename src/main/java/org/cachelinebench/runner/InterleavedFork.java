package org.cachelinebench.runner;

import java.util.Arrays;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.harness.InterleavedSchedule;

/**
 * A fork of an interleaved variant read side by side: per measurement iteration, each side's nanoseconds per
 * call from its aux counters ({@link Claim#nanosCounter}, {@link Claim#callsCounter}).
 */
final class InterleavedFork {
    private InterleavedFork() {}

    /** True when the fork reports the counters of an interleaved schedule. */
    static boolean isInterleaved(ForkResult f) {
        return f.secondaries().containsKey(Claim.CYCLES);
    }

    /** True when the fork reports counters for {@code side}. */
    static boolean hasSide(ForkResult f, String side) {
        return f.secondaries().containsKey(Claim.nanosCounter(side)) && f.secondaries().containsKey(Claim.callsCounter(side));
    }

    /**
     * {@code side}'s ns per call in every measurement iteration; NaN for an iteration that completed no cycle
     * ({@code cycles[i] == 0}). An iteration that counted cycles but no calls or no time for the side is
     * refused, naming it ({@code where} says which claim and round): its counters contradict each other.
     */
    static double[] nanosPerCall(ForkResult f, String side, double[] cycles, String where) {
        double[] nanos = f.metric(Claim.nanosCounter(side)).iterations();
        double[] calls = f.metric(Claim.callsCounter(side)).iterations();
        if (nanos.length != cycles.length || calls.length != cycles.length) {
            throw new IllegalArgumentException(where + ": " + side + "'s counters cover " + nanos.length + " and "
                    + calls.length + " iterations, the cycles " + cycles.length);
        }
        double[] cost = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            if (cycles[i] == 0) {
                cost[i] = Double.NaN;
            } else if (calls[i] > 0 && nanos[i] > 0) {
                cost[i] = nanos[i] / calls[i];
            } else {
                throw new IllegalArgumentException(where + ", iteration " + (i + 1) + " counted " + cycles[i]
                        + " cycles but " + side + " " + nanos[i] + " ns / " + calls[i] + " calls");
            }
        }
        return cost;
    }

    /** A side's ns per call over all the fork's measurement iterations together. */
    static double totalNanosPerCall(ForkResult f, String side) {
        double nanos = Arrays.stream(f.metric(Claim.nanosCounter(side)).iterations()).sum();
        double calls = Arrays.stream(f.metric(Claim.callsCounter(side)).iterations()).sum();
        return calls > 0 ? nanos / calls : Double.NaN;
    }

    /** Seconds a slice of {@code nanosPerCall} lasts: how far apart two sides of one schedule are. */
    static double sliceSeconds(double nanosPerCall) {
        return nanosPerCall * InterleavedSchedule.SLICE / 1e9;
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
