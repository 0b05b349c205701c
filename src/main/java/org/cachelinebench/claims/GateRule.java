package org.cachelinebench.claims;

import java.util.List;

/**
 * The numbers the gate decides with: the confidence of its verdicts, the width of its margin and the band of an
 * unmoved machine. Every other quantity comes from the run itself: a claim's per-round effect is taken against the
 * A/A control of the same rounds, the margin of "the same" is that A/A's own robust spread, and the fewest rounds is
 * the fewest with which a signed-rank bound exists at this confidence. The rule, its statistics and the simulation
 * behind these numbers ({@code benchmarks/regate --simulate}): docs/ci-gate.md.
 */
public final class GateRule {
    private GateRule() {}

    /**
     * Each one-sided bound of a verdict holds with this probability. Chosen by {@code benchmarks/regate --calibrate
     * RUN_DIR...} on runs of a good commit as the strictest of {@link #CANDIDATES} at which every gated claim those
     * runs measured holds, then judged on other runs (CommittedRunsTest does both on the committed runs).
     */
    public static final double CONFIDENCE = 0.99;

    /** The confidences calibration chooses among, weakest first. */
    public static final List<Double> CANDIDATES = List.of(0.95, 0.99, 0.995, 0.999);

    /**
     * Each one-sided bound of an A/A control's own verdict holds with this probability. Those bounds are order
     * statistics of the A/A's rounds, and this is a round confidence at which, at the runner's first look (8 rounds),
     * the bound is the second most extreme round, not the most extreme: one wild round then moves it by one order
     * statistic, not by its size (at 8 rounds 1 - 9/256 = 96.5 % is the strictest that does).
     */
    public static final double AA_CONFIDENCE = 0.96;

    /**
     * The margin of "the same" in units of z(confidence) robust standard deviations of the A/A's rounds. A scaled
     * median absolute deviation from 8 to 10 rounds is itself a noisy number; at 1 a revert would read undecided
     * about one time in twenty-five, at 2 fewer than one in a hundred (the simulation's table).
     */
    public static final double MARGIN_WIDTH = 2.0;

    /**
     * The widest margin of "the same" a peer claim is held to, as a ratio either way: its margin is its A/A's
     * ({@link #MARGIN_WIDTH}), but never wider than this. Uncapped, the margin grows with the A/A's scatter without
     * limit, so a noisy run would call a partial revert "the same" (A/A rounds straying ±3 % give a margin of x1.25,
     * wide enough to hold a revert of x0.90). The cap is a third of the smallest partial revert the claim exists to
     * catch, a line the allocator writes on 1 step in 8 at live=8 (x0.90): such a revert lies beyond it by twice the
     * cap, so a wild A/A cannot carry it inside, and a run too noisy to tell reads undecided, never holds.
     */
    public static final double PEER_MARGIN_CAP = 1.03;

    /**
     * The machine counts as unmoved between a baseline and a run when both bounds of the shift of their floors lie
     * within this factor either way: floors within 10 % of each other, not merely floors whose difference was not
     * shown.
     */
    public static final double FLOOR_BAND = 1.10;
}
