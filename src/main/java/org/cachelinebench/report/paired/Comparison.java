package org.cachelinebench.report.paired;

/**
 * A claim about two variants of one set, measured as a cost ratio in every round.
 *
 * <p>Ratio convention: cost(subject) / cost(reference), where cost is the inverse of throughput (thrpt) or
 * the time itself (avgt, sample, ss). So "straddled vs line-aligned" above 1 means the straddled layout is
 * slower, like the C ping-pong's straddled/aligned time ratio.
 *
 * @param set       id of the {@link ComparisonSet} both variants belong to
 * @param subject   variant id whose cost is the numerator
 * @param reference variant id whose cost is the denominator
 * @param metric    {@link #PRIMARY} or the label of a secondary metric (a {@code @Group} method, e.g. "sender")
 * @param expect    expected direction, and whether it gates the run
 * @param claim     the claim in words, for reports
 */
public record Comparison(String set, String subject, String reference, String metric, Expect expect,
                         String claim) {

    /** The benchmark's primary metric (for a {@code @Group}: the total over its methods). */
    public static final String PRIMARY = "primary";

    public Comparison {
        if (subject.equals(reference)) {
            throw new IllegalArgumentException("comparison of " + subject + " with itself");
        }
    }

    /** e.g. "csd.straddled-vs-line-aligned.sender"; the primary metric adds no suffix. */
    public String id() {
        String base = set + "." + subject + "-vs-" + reference;
        return PRIMARY.equals(metric) ? base : base + "." + metric;
    }
}
