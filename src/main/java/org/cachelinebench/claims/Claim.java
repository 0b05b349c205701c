package org.cachelinebench.claims;

import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
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
 * @param kind      {@link Forks}: subject and reference are variants of the set, one fork each per round;
 *                  {@link Sides}: they are sides measured inside every fork of the set's interleaved variant,
 *                  against its reference side ({@link InterleavedReference}), by the counters
 *                  {@link CounterNames} names
 */
public record Claim(String set, String subject, String reference, String metric, Expect expect,
                    String claim, Kind kind) {

    /** How a claim's two sides are measured. */
    public sealed interface Kind permits Forks, Sides {}

    /** Subject and reference are variants of the set: one fork each per round, the round's ratio their scores'. */
    public record Forks() implements Kind {}

    /**
     * Subject and reference are sides of one schedule, measured inside every fork of the set's interleaved
     * {@code variant} (e.g. {@code IpiInterleaved}), one ratio per measurement iteration; {@code role} names which
     * thread's cost, where the benchmark's threads have different jobs (ChunkInterleaved's reader and allocator),
     * else null.
     */
    public record Sides(String variant, String role) implements Kind {
        public Sides {
            if (variant == null || variant.isBlank()) {
                throw new IllegalArgumentException("an interleaved claim names its variant");
            }
            if (role != null && role.isBlank()) {
                throw new IllegalArgumentException("an interleaved claim's role is a name or none");
            }
        }

        public Sides(String variant) {
            this(variant, null);
        }
    }

    /** The one {@link Forks}. */
    public static final Forks FORKS = new Forks();

    /** The benchmark's primary metric (for a {@code @Group}: the total over its methods), named as the results name it. */
    public static final String PRIMARY = JmhResult.PRIMARY;
    /** The metric name of an interleaved comparison: its ratio comes from the sides' counters. */
    public static final String INTERLEAVED = "interleaved";
    /** The side of every interleaved variant that bounces one bare line: the unit of extra line transfers. */
    public static final String FLOOR_SIDE = CsdSides.FLOOR;

    public Claim {
        if (subject.equals(reference)) {
            throw new IllegalArgumentException("comparison of " + subject + " with itself");
        }
        if (kind == null) {
            throw new IllegalArgumentException("claim " + subject + "-vs-" + reference + " has no kind");
        }
        if ((kind instanceof Sides) != INTERLEAVED.equals(metric)) {
            throw new IllegalArgumentException("an interleaved comparison, and only one, has metric " + INTERLEAVED
                    + " and names its variant");
        }
    }

    /** A comparison of two variants' forks, one each per round. */
    public Claim(String set, String subject, String reference, String metric, Expect expect, String claim) {
        this(set, subject, reference, metric, expect, claim, FORKS);
    }

    /** A comparison of two sides measured inside every fork of the set's interleaved {@code variant}. */
    public static Claim interleaved(String set, String variant, String subject, String reference, Expect expect,
                                    String claim) {
        return new Claim(set, subject, reference, INTERLEAVED, expect, claim, new Sides(variant));
    }

    /** The same for one role of a benchmark whose threads have different jobs, e.g. "reader". */
    public static Claim interleaved(String set, String variant, String role, String subject, String reference,
                                    Expect expect, String claim) {
        return new Claim(set, subject, reference, INTERLEAVED, expect, claim, new Sides(variant, role));
    }

    /** The role an interleaved claim's ratio is of; null for none (and for a comparison of forks). */
    public String role() {
        return kind instanceof Sides s ? s.role() : null;
    }

    /** The side whose counters measure {@code side} for this claim: the side itself, or it in this claim's role. */
    public String counterSide(String side) {
        return CounterNames.side(side, role());
    }

    /** True when both sides are measured inside one fork of {@link #variant}. */
    public boolean interleaved() {
        return kind instanceof Sides;
    }

    /** The interleaved variant whose forks measure both sides; an interleaved claim's only. */
    public String variant() {
        if (kind instanceof Sides s) {
            return s.variant();
        }
        throw new IllegalStateException(id() + " compares forks of two variants, not sides of one");
    }

    /**
     * e.g. "csd-forks.straddled-vs-line-aligned.sender"; the primary metric and interleaved comparisons
     * add no suffix ("csd.straddled-vs-line-aligned") unless they have a role
     * ("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader").
     */
    public String id() {
        String base = set + "." + subject + "-vs-" + reference;
        if (interleaved()) {
            return role() == null ? base : base + "." + role();
        }
        return PRIMARY.equals(metric) ? base : base + "." + metric;
    }
}
