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
 * The coherence model's predicted lower bound for the fixed mechanism of a directional claim, priced at this run's own
 * probes: computed and named in the claim's verdict line ({@link Judgment#belowTheModel}), with whether the effect's
 * upper bound, raised by its A/A's margin, lies below it. It decides no verdict. It was meant to fail a revert to a
 * different bad layout that the A/A alone left undecided, but it is no lower bound on a good run: the probes are
 * measured in the csd fork, not the claim's own fork, and the reference's cost in floors is pooled over the rounds
 * (its score over the run's median floor), so a good run whose mailbox forks ran under another load than its csd
 * forks falls below it and read FAILS (docs/ci-gate.md gives the runs). The revert it was for (the mailbox at offset
 * 40, upper bounds at most x1.09) now fails by {@code GateRule.SMALLEST_EFFECT}.
 *
 * <p>It is computed only for the claims of {@link #APPLIES}: those whose prediction lay at or below the measured
 * interval on the committed runs of both CPU kinds (docs/ci-gate.md, "The model's lower bound"). The mechanism is
 * data here, not traced from today's code, because a revert changes the very code a trace would read;
 * {@code MechanismBoundTest} checks that the data is what the model traces from the fixed code. A run without probes
 * gets no bound ("no probes"), and the verdict line says so.
 */
final class MechanismBound {
    private MechanismBound() {}

    /** The bound's name, as verdict lines and docs/ci-gate.md give it. */
    static final String RULE = "below the model";

    static final String MAILBOX = "mailbox.straddled-vs-line-aligned";

    /**
     * A claim with a mechanism here.
     *
     * @param claimId   the gated claim
     * @param mechanism the fixed mechanism: its subject's critical path minus its reference's, per call
     * @param reason    why its prediction is a lower bound: how it compares with the committed runs
     */
    record Mechanism(String claimId, CriticalPath mechanism, String reason) {}

    /** The claims whose prediction is computed and named. */
    static final List<Mechanism> APPLIES = List.of(new Mechanism(MAILBOX, new CriticalPath(0, 1, 0, 0),
            "the straddle's one extra line, loaded in series after the wait: the model's extra round trips lie at or "
                    + "below the measured interval on every committed run of both CPU kinds (a lower bound)"));

    /** The claims with a prediction the bound must not use, and why. */
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
     *              NaN when it does not apply ({@link #why} says why)
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

    /** The mechanism of {@code claimId}; null when it has none here. */
    static Mechanism of(String claimId) {
        return APPLIES.stream().filter(m -> m.claimId().equals(claimId)).findFirst().orElse(null);
    }

    /**
     * The bound of {@code claimId} at the run's {@code probes} (null: none), its reference side costing
     * {@code referenceFloors} floors a call; null when the claim has no mechanism here.
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
     * The bounds of every claim of {@code cases} with a mechanism here, at {@code probes}, each reference's floors
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
