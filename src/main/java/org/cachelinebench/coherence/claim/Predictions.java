package org.cachelinebench.coherence.claim;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.coherence.scenario.Scenario;
import org.cachelinebench.coherence.scenario.SuiteScenarios;

/**
 * The predicted line transfers of every comparison of the suite, by claim id: the API a runner summary or a
 * report calls to print a prediction beside a measured ratio. Each side is traced once per model (two claims that
 * share a side share its trace); a comparison whose benchmark runs code no recording memory can trace (objects on
 * the heap) gets a prediction of NaN whose {@link ClaimPrediction#differs} says why.
 */
public final class Predictions {
    private final Model model;
    private final Map<String, Traced> traces = new HashMap<>();

    public Predictions(Model model) {
        this.model = model;
    }

    /** Every comparison of the suite, by claim id, in the suite's order. */
    public Map<String, ClaimPrediction> all() {
        Map<String, ClaimPrediction> out = new LinkedHashMap<>();
        for (Claim c : Suite.COMPARISONS) {
            out.put(c.id(), of(c));
        }
        return out;
    }

    /** The prediction for the claim with this id; an unknown id is an {@link IllegalArgumentException}. */
    public ClaimPrediction of(String claimId) {
        Claim c = Suite.claim(claimId);
        if (c == null) {
            throw new IllegalArgumentException("no comparison " + claimId + " in the suite");
        }
        return of(c);
    }

    /** Null when the claim's two sides have a scenario (nothing is traced to tell); else why it has none. */
    public static String whyNotPredicted(Claim c) {
        try {
            SuiteScenarios.subject(c);
            SuiteScenarios.reference(c);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    public ClaimPrediction of(Claim c) {
        Scenario subject;
        Scenario reference;
        try {
            subject = SuiteScenarios.subject(c);
            reference = SuiteScenarios.reference(c);
        } catch (IllegalArgumentException e) {
            return ClaimPrediction.none(c.id(), model.describe(), "not predicted: " + e.getMessage());
        }
        Traffic s = subject.traffic(traced(subject));
        Traffic r = reference.traffic(traced(reference));
        double f = subject.perCall() && reference.perCall() ? floorTransfers() : Double.NaN;
        return new ClaimPrediction(c.id(), subject.unit(), s, r, f, model.describe(),
                KnownDifferences.of(c, (s.transfers() - r.transfers()) / f));
    }

    /** The floor's transfers per round trip under this model: the unit of extra line transfers. */
    public double floorTransfers() {
        Scenario floor = SuiteScenarios.floor();
        return floor.traffic(traced(floor)).transfers();
    }

    /** The trace of one scenario under this model, traced once. */
    Traced traced(Scenario s) {
        Traced t = traces.get(s.key());
        if (t == null) {
            t = s.trace().apply(model);
            traces.put(s.key(), t);
        }
        return t;
    }

    public Model model() { return model; }
}
