package org.cachelinebench.claims;

import org.cachelinebench.harness.CsdSides;
import org.cachelinebench.results.JmhResult;

/**
 * A claim about two variants of one set, or two sides of one interleaved variant, measured as a cost ratio
 * in every round.
 *
 * <p>Ratio convention: cost(subject) / cost(reference), where cost is the inverse of throughput (thrpt) or
 * the time itself (avgt, sample, ss). So "straddled vs line-aligned" above 1 means the straddled layout is
 * slower, like the C ping-pong's straddled/aligned time ratio.
 *
 * @param set       id of the {@link ComparisonSet} the claim belongs to
 * @param subject   variant id (or, interleaved, side name) whose cost is the numerator
 * @param reference variant id (or side name) whose cost is the denominator
 * @param metric    {@link #PRIMARY}, the label of a secondary metric (a {@code @Group} method, e.g. "sender"),
 *                  or {@link #INTERLEAVED}
 * @param expect    expected direction, and whether it gates the run
 * @param claim     the claim in words, for reports
 * @param variant   null: subject and reference are variants of the set, one fork each per round, and the
 *                  round's ratio is that of their scores. Otherwise the id of the set's interleaved variant
 *                  (e.g. {@code IpiInterleaved}) whose forks measure both sides, and every other side, inside
 *                  every iteration; subject and reference name sides, each reporting the aux counters
 *                  {@link #nanosCounter} and {@link #callsCounter}; the reference must be the benchmark's
 *                  reference side ({@link InterleavedReference}), against which the subject reports
 *                  {@link #ratioCounter} and, unless it is the {@link #FLOOR_SIDE}, {@link #extraCounter}: the
 *                  medians over an iteration's cycles, one ratio and one count of extra line transfers per
 *                  measurement iteration of the fork.
 */
public record Claim(String set, String subject, String reference, String metric, Expect expect,
                    String claim, String variant) {

    /** The benchmark's primary metric (for a {@code @Group}: the total over its methods), named as the results name it. */
    public static final String PRIMARY = JmhResult.PRIMARY;
    /** The metric name of an interleaved comparison: its ratio comes from the sides' counters. */
    public static final String INTERLEAVED = "interleaved";
    /** The side of every interleaved variant that bounces one bare line: the unit of extra line transfers. */
    public static final String FLOOR_SIDE = CsdSides.FLOOR;
    /**
     * The aux counter of complete schedule cycles behind an interleaved iteration's counters (not "cycles", the
     * name of a row of JMH's perfnorm profiler).
     */
    public static final String CYCLES = "scheduleCycles";
    /** The aux counter of an iteration's cycles past its per-cycle log: in the sums, not in the medians; 0 normally. */
    public static final String CYCLES_NOT_LOGGED = "cyclesNotLogged";

    public Claim {
        if (subject.equals(reference)) {
            throw new IllegalArgumentException("comparison of " + subject + " with itself");
        }
        if ((variant != null) != INTERLEAVED.equals(metric)) {
            throw new IllegalArgumentException("an interleaved comparison, and only one, has metric " + INTERLEAVED
                    + " and names its variant");
        }
    }

    /** A comparison of two variants' forks, one each per round. */
    public Claim(String set, String subject, String reference, String metric, Expect expect, String claim) {
        this(set, subject, reference, metric, expect, claim, null);
    }

    /** A comparison of two sides measured inside every fork of the set's interleaved {@code variant}. */
    public static Claim interleaved(String set, String variant, String subject, String reference, Expect expect,
                                    String claim) {
        return new Claim(set, subject, reference, INTERLEAVED, expect, claim, variant);
    }

    /** True when both sides are measured inside one fork of {@link #variant}. */
    public boolean interleaved() {
        return variant != null;
    }

    /**
     * e.g. "csd-forks.straddled-vs-line-aligned.sender"; the primary metric and interleaved comparisons
     * add no suffix ("csd.straddled-vs-line-aligned").
     */
    public String id() {
        String base = set + "." + subject + "-vs-" + reference;
        return PRIMARY.equals(metric) || interleaved() ? base : base + "." + metric;
    }

    /** The aux counter of a side's nanoseconds: "line-aligned-again" gives "lineAlignedAgainNanos". */
    public static String nanosCounter(String side) {
        return camelCase(side) + "Nanos";
    }

    /** The aux counter of a side's calls: "size-aligned" gives "sizeAlignedCalls". */
    public static String callsCounter(String side) {
        return camelCase(side) + "Calls";
    }

    /**
     * The aux counter of a side's median over cycles of its per-cycle cost ratio to the benchmark's reference:
     * "line-aligned-again" gives "lineAlignedAgainRatio".
     */
    public static String ratioCounter(String side) {
        return camelCase(side) + "Ratio";
    }

    /**
     * The aux counter of a side's median over cycles of its per-cycle extra line transfers against the benchmark's
     * reference, in units of that cycle's floor: "straddled" gives "straddledExtra". The floor has none.
     */
    public static String extraCounter(String side) {
        return camelCase(side) + "Extra";
    }

    private static String camelCase(String name) {
        StringBuilder sb = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.toString();
    }
}
