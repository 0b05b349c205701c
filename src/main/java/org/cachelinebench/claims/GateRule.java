package org.cachelinebench.claims;

import java.util.List;

/**
 * The one number the gate decides with: the confidence of its verdicts. Every other quantity comes from the run
 * itself: a claim's per-round effect is taken against the A/A control of the same rounds, the margin of "the same"
 * is that A/A's own spread, and the fewest rounds is the fewest with which a signed-rank bound exists at this
 * confidence. The rule and its statistics: docs/ci-gate.md.
 */
public final class GateRule {
    private GateRule() {}

    /**
     * Each one-sided bound of a verdict holds with this probability. Chosen on results/ci-calibration/ as the
     * strictest of {@link #CANDIDATES} at which every gated claim of every calibration run is decided (a test
     * recomputes it from those files); checked on results/ci-judgment/ and results/ci-reverts/.
     */
    public static final double CONFIDENCE = 0.99;

    /** The confidences calibration chooses among, weakest first. */
    public static final List<Double> CANDIDATES = List.of(0.95, 0.99, 0.999);
}
