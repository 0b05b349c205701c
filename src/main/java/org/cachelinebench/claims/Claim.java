package org.cachelinebench.claims;

import org.cachelinebench.results.JmhResult;

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
 * @param interleaved false: subject and reference are separate variants, one fork each per round, and the
 *                  round's ratio is that of their scores. true: the subject variant's benchmark measures
 *                  both sides inside every iteration (e.g. {@code IpiInterleaved}), reporting per side the
 *                  aux counters {@value #SUBJECT_NANOS}, {@value #SUBJECT_CALLS}, {@value #REFERENCE_NANOS}
 *                  and {@value #REFERENCE_CALLS}; every measurement iteration of its fork gives one ratio,
 *                  and {@code reference} only names the side inside, not a variant of the set.
 */
public record Claim(String set, String subject, String reference, String metric, Expect expect,
                         String claim, boolean interleaved) {

    /** The benchmark's primary metric (for a {@code @Group}: the total over its methods), named as the results name it. */
    public static final String PRIMARY = JmhResult.PRIMARY;
    /** The metric name of an interleaved comparison: its ratio comes from the counters below. */
    public static final String INTERLEAVED = "interleaved";
    public static final String SUBJECT_NANOS = "subjectNanos";
    public static final String SUBJECT_CALLS = "subjectCalls";
    public static final String REFERENCE_NANOS = "referenceNanos";
    public static final String REFERENCE_CALLS = "referenceCalls";
    public static final String SLICE_PAIRS = "slicePairs";

    public Claim {
        if (subject.equals(reference)) {
            throw new IllegalArgumentException("comparison of " + subject + " with itself");
        }
        if (interleaved != INTERLEAVED.equals(metric)) {
            throw new IllegalArgumentException("an interleaved comparison, and only one, has metric " + INTERLEAVED);
        }
    }

    /** A comparison of two variants' forks, one each per round. */
    public Claim(String set, String subject, String reference, String metric, Expect expect, String claim) {
        this(set, subject, reference, metric, expect, claim, false);
    }

    /** A comparison measured inside the subject variant's forks, against the reference side inside it. */
    public static Claim interleaved(String set, String subject, String reference, Expect expect, String claim) {
        return new Claim(set, subject, reference, INTERLEAVED, expect, claim, true);
    }

    /**
     * e.g. "csd-forks.straddled-vs-line-aligned.sender"; the primary metric and interleaved comparisons
     * add no suffix ("csd.straddled-vs-line-aligned").
     */
    public String id() {
        String base = set + "." + subject + "-vs-" + reference;
        return PRIMARY.equals(metric) || interleaved ? base : base + "." + metric;
    }
}
