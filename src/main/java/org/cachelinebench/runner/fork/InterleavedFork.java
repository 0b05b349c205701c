package org.cachelinebench.runner.fork;

import java.util.Arrays;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.results.JmhResult;

/**
 * A fork of an interleaved variant read side by side, per measurement iteration: each side's ratio and extra line
 * transfers, the medians over the iteration's cycles ({@link CounterNames#ratio}, {@link CounterNames#extra}), and
 * its nanoseconds per call from the sums ({@link CounterNames#nanos}, {@link CounterNames#calls}), for display.
 */
public final class InterleavedFork {
    private InterleavedFork() {}

    /** True when the fork reports the counters of an interleaved schedule. */
    public static boolean isInterleaved(JmhResult f) {
        return f.secondary().containsKey(CounterNames.CYCLES);
    }

    /** True when the fork reports counters for {@code side}. */
    public static boolean hasSide(JmhResult f, String side) {
        return f.secondary().containsKey(CounterNames.nanos(side)) && f.secondary().containsKey(CounterNames.calls(side));
    }

    /**
     * Refuses a claim whose reference is not the fork's reference side: a side that reports its own
     * {@link CounterNames#ratio} is measured against another side, so no ratio to it can be formed.
     */
    static void requireReferenceSide(JmhResult f, Claim c, String where) {
        String reference = c.counterSide(c.reference());
        if (f.secondary().containsKey(CounterNames.ratio(reference))) {
            throw new IllegalArgumentException(where + ": " + c.reference() + " is not the reference side of "
                    + f.header().benchmark() + " (it reports " + CounterNames.ratio(reference)
                    + "), and ratios are measured only against that side");
        }
    }

    /**
     * The counter of claim {@code c}'s per-iteration ratio: the pair's own ({@link CounterNames#ratio(String, String)})
     * where the fork reports one, else the subject's ratio to the fork's reference side, which {@code c}'s reference
     * must then be ({@link #requireReferenceSide}). Both in the claim's role ({@link Claim#counterSide}).
     */
    public static String ratioCounter(JmhResult f, Claim c, String where) {
        String subject = c.counterSide(c.subject());
        String pair = CounterNames.ratio(subject, c.counterSide(c.reference()));
        if (f.secondary().containsKey(pair)) {
            return pair;
        }
        requireReferenceSide(f, c, where);
        return CounterNames.ratio(subject);
    }

    /**
     * Per measurement iteration, the counter {@code counter} (a side's {@link CounterNames#ratio} or
     * {@link CounterNames#extra}) as one schedule's median: JMH sums a counter over the threads that report it, one
     * sender per group, so it is divided by the number of groups (1 unless run with more threads). NaN for an
     * iteration that completed no cycle ({@code cycles[i] == 0}); an iteration that counted cycles but has no
     * finite median is refused, naming it ({@code where} says which claim and round).
     */
    public static double[] medians(JmhResult f, String counter, double[] cycles, String where) {
        double[] v = f.metric(counter).iterations();
        if (v.length != cycles.length) {
            throw new IllegalArgumentException(where + ": " + counter + " covers " + v.length
                    + " iterations, the cycles " + cycles.length);
        }
        int senders = senders(f);
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            if (cycles[i] == 0) {
                out[i] = Double.NaN;
            } else if (Double.isFinite(v[i])) {
                out[i] = v[i] / senders;
            } else {
                throw new IllegalArgumentException(where + ", iteration " + (i + 1) + " counted " + cycles[i]
                        + " cycles but its " + counter + " is " + v[i]);
            }
        }
        return out;
    }

    /** Groups, each with one sender, in the fork: its threads in pairs (one sender, one receiver each). */
    public static int senders(JmhResult f) {
        return Math.max(1, f.header().threads() / 2);
    }

    /**
     * {@code side}'s ns per call in every measurement iteration, from the sums; NaN for an iteration that completed
     * no cycle ({@code cycles[i] == 0}). An iteration that counted cycles but no calls or no time for the side is
     * refused, naming it ({@code where} says which claim and round): its counters contradict each other.
     */
    public static double[] nanosPerCall(JmhResult f, String side, double[] cycles, String where) {
        double[] nanos = f.metric(CounterNames.nanos(side)).iterations();
        double[] calls = f.metric(CounterNames.calls(side)).iterations();
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

    /** A side's ns per call over all the fork's measurement iterations together, from the sums. */
    public static double totalNanosPerCall(JmhResult f, String side) {
        double nanos = Arrays.stream(f.metric(CounterNames.nanos(side)).iterations()).sum();
        double calls = Arrays.stream(f.metric(CounterNames.calls(side)).iterations()).sum();
        return calls > 0 ? nanos / calls : Double.NaN;
    }

    /** Cycles the fork's measurement iterations committed past their per-cycle logs (0 when it does not say). */
    public static long cyclesNotLogged(JmhResult f) {
        return f.secondary().containsKey(CounterNames.CYCLES_NOT_LOGGED)
                ? Math.round(Arrays.stream(f.metric(CounterNames.CYCLES_NOT_LOGGED).iterations()).sum()) : 0;
    }

    /** Seconds a slice of {@code callsPerSlice} calls of {@code nanosPerCall} lasts: how far apart two sides are. */
    public static double sliceSeconds(double nanosPerCall, long callsPerSlice) {
        return nanosPerCall * callsPerSlice / 1e9;
    }

    public static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
