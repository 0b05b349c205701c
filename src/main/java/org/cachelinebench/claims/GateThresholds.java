package org.cachelinebench.claims;

/**
 * Every number the gate decides with, in one place, each with the reason for its value. They are provisional
 * until calibration runs of {@code benchmarks/ci} on the gate's machine class show what separate runs of one
 * commit scatter by ({@code benchmarks/regate --calibrate}); choose on one set of runs, judge on another.
 */
public final class GateThresholds {
    private GateThresholds() {}

    /**
     * v6.4-rc4's readers must cost at least this times a fixed layout's: far below the multiple that false sharing
     * of a read-mostly line costs, above the ratio of 1 plus noise that a reverted fix leaves.
     */
    public static final double PCPU_READER_MIN_EFFECT = 1.10;

    /** Unpadded Java readers must cost at least this times padded/@Contended ones; the same reasoning as pcpu. */
    public static final double JAVA_PADDING_MIN_EFFECT = 1.10;

    /**
     * The flag mailbox's straddled csd must cost at least this times its line-aligned one: the second line's
     * transfer is serialized behind the flag's, a large effect; above 1 plus the interleaved design's noise.
     */
    public static final double MAILBOX_STRADDLE_MIN_EFFECT = 1.10;

    /** T of the mailbox straddle against the baseline, in log space; the same reasoning as pcpu. */
    public static final double MAILBOX_STRADDLE_BASELINE_TOLERANCE = Math.log(2);

    /**
     * A/A of a claim formed from two forks (pcpu_chunk): its median must lie in [1/this, this]. Two forks of one
     * variant still differ in JIT decisions, addresses and the minute they ran, so wider than interleaved sides.
     */
    public static final double FORK_AA_TOLERANCE = 1.25;

    /**
     * A/A of an interleaved claim (csd): its median must lie in [1/this, this]. Both sides see every block at every
     * position of one schedule, so the design promises 1.00 +- 0.01 (DESIGN-interleaved); 0.01 more for noise.
     */
    public static final double INTERLEAVED_AA_TOLERANCE = 1.02;

    /**
     * T of the pcpu_chunk reader claims against the baseline, in log space: a run fails when its median lost more
     * than half the baseline's effect (d = ln(current/baseline) &lt; -ln 2), far beyond the session-to-session
     * drift seen so far and still short of the fall to 1 that a revert brings.
     */
    public static final double PCPU_READER_BASELINE_TOLERANCE = Math.log(2);

    /** T of the Java padding claims against the baseline; the same reasoning as pcpu. */
    public static final double JAVA_PADDING_BASELINE_TOLERANCE = Math.log(2);

    /**
     * A round is near when its floor is below this many ns: the valley between the two states the floors of
     * these VMs cluster in (a line shared within a core's caches, and a line that crosses cores).
     */
    public static final double NEAR_FAR_SPLIT_NANOS = 200;

    /** Rounds of one state each side needs before a baseline comparison of that state: a median of fewer is luck. */
    public static final int MIN_ROUNDS_PER_STATE = 3;
}
