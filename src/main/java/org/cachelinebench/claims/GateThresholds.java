package org.cachelinebench.claims;

/**
 * Every number the gate decides with, in one place, each with the reason for its value. They were chosen from
 * calibration runs of {@code benchmarks/ci} ({@code benchmarks/regate --calibrate}, results/ci-calibration/) and
 * judged on other runs (results/ci-judgment/): choose on one set of runs, judge on another.
 */
public final class GateThresholds {
    private GateThresholds() {}

    /**
     * v6.4-rc4's readers must cost at least this times a fixed layout's. Chosen in log space half-way between
     * the largest A/A median and the smallest reader median that the calibration runs showed
     * (results/ci-calibration/), so a revert (an A/A in effect) and a good commit are each far from it.
     */
    public static final double PCPU_READER_MIN_EFFECT = 1.5;

    /** Unpadded Java readers must cost at least this times padded/@Contended ones; chosen as for pcpu. */
    public static final double JAVA_PADDING_MIN_EFFECT = 1.5;

    /**
     * The flag mailbox's straddled csd must cost at least this times its line-aligned one: chosen in log space
     * between the interleaved A/A tolerance and the smallest straddle median of the calibration runs, leaning
     * low because the effect is smaller in some machine states than in others.
     */
    public static final double MAILBOX_STRADDLE_MIN_EFFECT = 1.2;

    /**
     * T of the mailbox straddle against the baseline, in log space: several times the largest |d| between
     * calibration runs; the straddle cannot be reverted, so a smaller T than the layouts' is safe.
     */
    public static final double MAILBOX_STRADDLE_BASELINE_TOLERANCE = Math.log(1.5);

    /**
     * A/A of a claim formed from two forks (pcpu_chunk): its median must lie in [1/this, this]. Two forks of one
     * variant still differ in JIT decisions, addresses and the minute they ran, so wider than interleaved sides.
     */
    public static final double FORK_AA_TOLERANCE = 1.25;

    /**
     * A/A of an interleaved claim (csd): its median must lie in [1/this, this]. Both sides see every block at every
     * position of one schedule, so the design promises 1.00 +- 0.01 (docs/interleaved-design.md); 0.01 more for noise.
     */
    public static final double INTERLEAVED_AA_TOLERANCE = 1.02;

    /**
     * T of the pcpu_chunk reader claims against the baseline, in log space: a run fails when its median lost more
     * than half the baseline's effect (d = ln(current/baseline) &lt; -ln 2): several times the largest |d| between
     * calibration runs, above the drift between days reported before (README), short of the fall a revert brings.
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
