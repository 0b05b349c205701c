package org.cachelinebench.claims;

import java.util.List;

/**
 * The numbers the gate decides with: the confidence of its verdicts, the width of its margin, the smallest effect
 * worth a fix, the margins of an A/A and a peer claim, and the band of an unmoved machine. Every other quantity comes
 * from the run itself: a claim's per-round effect is taken against the A/A control of the same rounds, the margin of
 * "the same" is that A/A's own robust spread (never below the floors here), and the fewest rounds is the fewest with
 * which a signed-rank bound exists at this confidence. The rule, its statistics and the whole-run simulation behind
 * these numbers ({@code benchmarks/regate --simulate-runs}): docs/ci-gate.md.
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
     * median absolute deviation from 8 to 32 rounds is itself a noisy number, often well below the rounds' true
     * spread; twice it keeps a noisy run's margin from shrinking under its own scatter. Past the floors
     * ({@link #AA_MARGIN_FLOOR}, {@link #SMALLEST_EFFECT}) it decides only in noisy runs.
     */
    public static final double MARGIN_WIDTH = 2.0;

    /**
     * The smallest effect a gated directional claim must show, as a ratio: a claim whose effect's upper bound lies at
     * or below it FAILS, the same as its A/A or smaller than any fix this gate guards is worth. Fixed, as the peer's
     * margin is: an A/A margin wider than it (a noisy run) leaves a claim whose upper bound lies between the two
     * undecided, neither failed (a good claim beside a busy neighbour, docs/ci-gate.md) nor held. Without it a revert
     * in a run whose A/A is tight (a margin of x1.004) stays undecided until the round cap whenever one wild round
     * lifts its upper bound past that margin, and a revert to another bad layout (the mailbox at offset 40, x1.02) lies
     * apart from its A/A. Why x1.10: chosen on the committed runs of Dec 1 and before (both CPU kinds), where every
     * gated fix's effect is at least x1.456 and every full revert's upper bound at most x1.014; judged on those of Dec
     * 2: effects at least x1.229, the reverts' upper bounds at most x1.085 (docs/ci-gate.md, "The constants").
     */
    public static final double SMALLEST_EFFECT = 1.10;

    /**
     * The narrowest margin of "the same" an A/A control is held to, as a ratio either way: a Java-object A/A whose
     * rounds agree to a tenth of a percent has a margin of x1.004, and a bias of half a percent, twenty times below
     * {@link #SMALLEST_EFFECT}, then leaves the A/A undecided and the run without a verdict. Why x1.03: above every
     * A/A bound of the committed runs of Dec 1 and before (x1.019), and under a third of the smallest effect, so a
     * bias it lets through cannot carry a claim across it.
     */
    public static final double AA_MARGIN_FLOOR = 1.03;

    /**
     * The margin of "the same" a peer claim (two layouts that make one fix) is held to, as a ratio either way, fixed:
     * not its A/A's. As a cap: a margin that grew with the A/A's scatter would let a noisy run call a partial revert
     * "the same" (A/A rounds straying ±3 % give x1.25, wide enough to hold a revert of x0.90). As a floor: a margin
     * that shrank with a tight A/A (x1.004) would leave a good peer, whose bounds lie within ±0.5 %, undecided. Why
     * x1.03: a third of the smallest partial revert the claim exists to catch, a line the allocator writes on 1 step
     * in 8 at live=8 (x0.90), so such a revert lies twice the margin beyond it; a run too noisy to tell reads
     * undecided, never holds.
     */
    public static final double PEER_MARGIN = 1.03;

    /**
     * The machine counts as unmoved between a baseline and a run when both bounds of the shift of their floors lie
     * within this factor either way: floors within 10 % of each other, not merely floors whose difference was not
     * shown.
     */
    public static final double FLOOR_BAND = 1.10;
}
