package org.cachelinebench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.cachelinebench.coherence.unit.CriticalPath;
import org.cachelinebench.coherence.unit.MeasuredUnitPrediction;
import org.cachelinebench.coherence.unit.ProbeCosts;

/**
 * The gate's rule "below the model": a directional claim whose effect's upper bound, raised by its A/A's margin,
 * still lies below the coherence model's predicted lower bound for the fixed mechanism, priced at this run's own
 * probes, reads FAILS ({@link Judgment}). A revert to a different bad layout leaves an effect the A/A cannot tell
 * apart from nothing but one the mechanism says must be there; this rule catches it where the A/A's margin alone
 * leaves it UNDECIDED.
 *
 * <p>It applies only to the claims of {@link #APPLIES}: those whose prediction is a conservative lower bound on
 * every committed run of both CPU kinds (docs/ci-gate.md, "Below the model"). The mechanism is data here, not traced
 * from today's code, because a revert changes the very code a trace would read; {@code MechanismBoundTest} checks
 * that the data is what the model traces from the fixed code. A run without probes gets no bound ("no probes"):
 * the rule does not apply there, and the verdict says so.
 */
final class MechanismBound {
    private MechanismBound() {}

    /** The rule's name, as verdict lines and docs/ci-gate.md give it. */
    static final String RULE = "below the model";

    static final String MAILBOX = "mailbox.straddled-vs-line-aligned";

    /**
     * A claim the rule applies to.
     *
     * @param claimId   the gated claim
     * @param mechanism the fixed mechanism: its subject's critical path minus its reference's, per call
     * @param reason    why its prediction may gate: how it compares with the committed runs
     */
    record Mechanism(String claimId, CriticalPath mechanism, String reason) {}

    /** The claims whose prediction gates. */
    static final List<Mechanism> APPLIES = List.of(new Mechanism(MAILBOX, new CriticalPath(0, 1, 0, 0),
            "the straddle's one extra line, loaded in series after the wait: the model's extra round trips lie at or "
                    + "below the measured interval on every committed run of both CPU kinds (a lower bound)"));

    /** The claims with a prediction the rule must not use, and why. */
    static final Map<String, String> NOT_APPLIED = notApplied();

    private static Map<String, String> notApplied() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("csd.straddled-vs-line-aligned", "not gated, and the model's one extra line overlapping the wait "
                + "over-predicts on AMD EPYC, where the measured straddle costs almost nothing: no lower bound");
        for (String id : List.of("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader",
                "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", "chunk-object-interleaved.unpadded-vs-padded.reader",
                "chunk-object-interleaved.unpadded-vs-contended.reader")) {
            m.put(id, "the reader ratio's prediction falls outside the measured interval on most committed Intel Xeon "
                    + "runs and has no AMD EPYC run: not shown to be a lower bound");
        }
        return Map.copyOf(m);
    }

    /**
     * One claim's bound in one run.
     *
     * @param ratio the predicted lower bound of the effect, as a ratio of the claim's cost over its reference's;
     *              NaN when the rule does not apply ({@link #why} says why)
     * @param why   "" when it applies; else why not, e.g. {@link MeasuredUnitPrediction#NO_PROBES}
     * @param what  the prediction behind it, for the verdict line: "+0.42 (+0.35 .. +0.50) round trips at 1.20 floors"
     */
    record Bound(double ratio, String why, String what) {
        boolean applies() {
            return !Double.isNaN(ratio);
        }

        /** "below the model: predicted lower bound x1.330 (...)" or "below the model: not applied, no probes". */
        String describe() {
            return applies() ? String.format(Locale.ROOT, "%s: predicted lower bound x%.3f (%s)", RULE, ratio, what)
                    : RULE + ": not applied, " + why;
        }
    }

    /** The mechanism the rule applies to {@code claimId}; null when it applies to none. */
    static Mechanism of(String claimId) {
        return APPLIES.stream().filter(m -> m.claimId().equals(claimId)).findFirst().orElse(null);
    }

    /**
     * The bound of {@code claimId} at the run's {@code probes} (null: none), its reference side costing
     * {@code referenceFloors} floors a call; null when the rule does not apply to the claim.
     */
    static Bound of(String claimId, ProbeCosts probes, double referenceFloors) {
        Mechanism m = of(claimId);
        if (m == null) {
            return null;
        }
        if (probes == null) {
            return new Bound(Double.NaN, MeasuredUnitPrediction.NO_PROBES + " in this run", "");
        }
        if (!(referenceFloors > 0) || !Double.isFinite(referenceFloors)) {
            return new Bound(Double.NaN, "no floor and reference cost in this run", "");
        }
        ProbeCosts.Range extra = MeasuredUnitPrediction.priced(claimId, m.mechanism(), probes).predicted();
        // The effect is cost(subject) / cost(reference): the extra round trips over the reference's own floors.
        double low = 1 + Math.max(0, extra.low()) / referenceFloors;
        return new Bound(low, "", extra.describe() + " extra round trips at this run's probes, over a reference of "
                + String.format(Locale.ROOT, "%.2f", referenceFloors) + " floors");
    }

    /**
     * The bounds of every claim of {@code cases} the rule applies to, at {@code probes}, each reference's floors
     * from {@code referenceFloors} (by claim id; NaN when unknown).
     */
    static Map<String, Bound> of(List<Judgment.Case> cases, ProbeCosts probes, ToDoubleFunction<String> referenceFloors) {
        Map<String, Bound> out = new LinkedHashMap<>();
        for (Judgment.Case c : cases) {
            String id = c.claim().id();
            if (of(id) != null) {
                out.put(id, of(id, probes, referenceFloors.applyAsDouble(id)));
            }
        }
        return out;
    }
}
