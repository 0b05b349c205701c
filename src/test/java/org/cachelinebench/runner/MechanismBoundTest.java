package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.unit.CriticalPath;
import org.cachelinebench.coherence.unit.MeasuredUnitPrediction;
import org.cachelinebench.coherence.unit.ProbeCosts;
import org.junit.jupiter.api.Test;

/**
 * The model's lower bound on synthetic rounds: named in the verdict line, deciding nothing. A mailbox revert to
 * another straddling offset (effect over the A/A about x1.00, upper bound x1.016) fails by the A/A's margin and the
 * smallest effect whatever the bound says; a good run whose upper bound times its A/A margin lies below the bound (the
 * false alarm the bound raised as a rule) still HOLDS, its line saying so; a run without probes says the bound did
 * not apply. The list of claims it is computed for is data, checked against the model.
 */
class MechanismBoundTest {
    private static final Claim MAILBOX = Suite.claim(MechanismBound.MAILBOX);
    private static final Claim AA = Suite.claim("mailbox.line-aligned-again-vs-line-aligned");
    /** A serial line costing 0.40 (0.30 .. 0.50) floors, as a run's probes might say. */
    private static final ProbeCosts PROBES = new ProbeCosts(new ProbeCosts.Range(0.30, 0.40, 0.50),
            new ProbeCosts.Range(0.1, 0.2, 0.3), new ProbeCosts.Range(0.0, 0.05, 0.1));
    /** The line-aligned mailbox's cost in floors. */
    private static final double REFERENCE_FLOORS = 1.2;

    /** The A/A's per-round log ratios: a spread whose margin is about x1.013. */
    private static final double[] AA_LOGS = {0.00234, -0.00195, 0.000936, -0.002418, 0.002106, -0.000624, 0.001482,
            -0.00312, 0.00039, -0.001248};

    private static List<Judgment.Round> rounds(double[] logs) {
        List<Judgment.Round> out = new ArrayList<>();
        for (int i = 0; i < logs.length; i++) {
            out.add(new Judgment.Round(i, new double[] {Math.exp(logs[i])}, 80));
        }
        return out;
    }

    /** The claim's rounds: the A/A's plus {@code effects}, round by round (a revert: the effect's own scatter). */
    private static List<Judgment.Case> run(double... effects) {
        double[] claim = new double[AA_LOGS.length];
        for (int i = 0; i < claim.length; i++) {
            claim[i] = AA_LOGS[i] + effects[i];
        }
        return List.of(new Judgment.Case(MAILBOX, rounds(claim), null), new Judgment.Case(AA, rounds(AA_LOGS), null));
    }

    /** A revert's per-round effects: centred on 0, scattered so that its upper bound is about x1.016. */
    private static final double[] REVERT = {0.0070, -0.0200, 0.0190, -0.0050, -0.0260, 0.0130, 0.0010, -0.0140, 0.0250,
            0.0040};

    private static Map<String, MechanismBound.Bound> bounds(ProbeCosts probes) {
        return Map.of(MAILBOX.id(), MechanismBound.of(MAILBOX.id(), probes, REFERENCE_FLOORS));
    }

    /**
     * The revert's upper bound x1.016 lies inside its A/A's margin, which the floor holds at x1.03 (its rounds' own
     * spread gives x1.013): it FAILS without the bound, and the same with it, the bound only named.
     */
    @Test
    void aMailboxRevertToAnotherStraddlingOffsetFailsAndTheBoundOnlyNamesItself() {
        Judgment.Verdict alone = Judgment.judge(run(REVERT), GateRule.CONFIDENCE).get(MAILBOX.id());
        assertEquals(Analysis.Status.FAILS, alone.status(), alone.reason());
        assertEquals(1.00, alone.effect(), 0.01, alone.reason());
        assertEquals(1.016, alone.high(), 0.001, alone.reason());
        assertEquals(GateRule.AA_MARGIN_FLOOR, alone.margin(), 1e-12, alone.reason());

        Judgment.Verdict v = Judgment.judge(run(REVERT), GateRule.CONFIDENCE, bounds(PROBES)).get(MAILBOX.id());
        assertEquals(alone.status(), v.status(), v.reason());
        assertEquals(alone.reason() + "; " + MechanismBound.RULE + ": predicted lower bound x1.250 (+0.40 (+0.30 .. "
                + "+0.50) extra round trips at this run's probes, over a reference of 1.20 floors), above the upper "
                + "bound x1.016 times the A/A margin x1.030 (not gated)", v.reason(), "1 + 0.30 / 1.2, the bound at "
                + "the serial probe's low end");
    }

    /**
     * A good run whose effect, x1.15 with the revert's scatter, lies below the bound x1.25 even raised by its A/A's
     * margin: the rule "below the model" failed it; the bound now only says so, and the claim holds.
     */
    @Test
    void aGoodRunBelowTheBoundHolds() {
        double[] good = new double[AA_LOGS.length];
        for (int i = 0; i < good.length; i++) {
            good[i] = Math.log(1.15) + REVERT[i];
        }
        Judgment.Verdict v = Judgment.judge(run(good), GateRule.CONFIDENCE, bounds(PROBES)).get(MAILBOX.id());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
        assertTrue(v.high() * v.margin() < 1.25, "below the bound: " + v.reason());
        assertTrue(v.reason().endsWith("(not gated)"), v.reason());
    }

    @Test
    void aGoodRunStillHolds() {
        double[] good = new double[AA_LOGS.length];
        for (int i = 0; i < good.length; i++) {
            good[i] = Math.log(1.45) + REVERT[i];                  // the fix's effect, with the same scatter
        }
        Judgment.Verdict v = Judgment.judge(run(good), GateRule.CONFIDENCE, bounds(PROBES)).get(MAILBOX.id());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
        assertTrue(v.reason().endsWith("; " + MechanismBound.RULE + ": predicted lower bound x1.250 (+0.40 (+0.30 .. "
                + "+0.50) extra round trips at this run's probes, over a reference of 1.20 floors)"), v.reason());
    }

    @Test
    void withoutProbesTheBoundDoesNotApplyAndTheVerdictSaysSo() {
        MechanismBound.Bound none = MechanismBound.of(MAILBOX.id(), null, REFERENCE_FLOORS);
        assertFalse(none.applies());
        Judgment.Verdict v = Judgment.judge(run(REVERT), GateRule.CONFIDENCE, bounds(null)).get(MAILBOX.id());
        assertEquals(Judgment.judge(run(REVERT), GateRule.CONFIDENCE).get(MAILBOX.id()).status(), v.status(),
                v.reason());
        assertTrue(v.reason().endsWith("; " + MechanismBound.RULE + ": not applied, no probes in this run"), v.reason());
        assertFalse(MechanismBound.of(MAILBOX.id(), PROBES, Double.NaN).applies(), "no floor: no bound either");
    }

    @Test
    void theBoundIsComputedOnlyForTheListedClaims() {
        assertNull(MechanismBound.of("csd.straddled-vs-line-aligned", PROBES, REFERENCE_FLOORS),
                "the csd straddle's prediction over-predicts on AMD EPYC: no lower bound");
        Map<String, MechanismBound.Bound> b = MechanismBound.of(run(REVERT), PROBES, id -> REFERENCE_FLOORS);
        assertEquals(List.of(MAILBOX.id()), List.copyOf(b.keySet()), "the A/A gets no bound");
    }

    /** Every gated directional claim is either listed or excluded with its reason: the list is explicit. */
    @Test
    void everyGatedDirectionalClaimIsListedOrExcludedWithAReason() {
        for (Claim c : Suite.COMPARISONS) {
            if (c.expect().checked() && c.expect().directional()) {
                boolean applies = MechanismBound.of(c.id()) != null;
                String excluded = MechanismBound.NOT_APPLIED.get(c.id());
                assertTrue(applies ^ excluded != null, c.id() + ": listed in exactly one of APPLIES and NOT_APPLIED");
                assertTrue(excluded == null || !excluded.isBlank(), c.id());
            }
        }
        for (MechanismBound.Mechanism m : MechanismBound.APPLIES) {
            assertNotNull(Suite.claim(m.claimId()), m.claimId() + " is a claim of the suite");
            assertFalse(m.reason().isBlank(), m.claimId());
        }
    }

    /** The committed mechanism is what the model traces from the fixed code: the data cannot drift from the model. */
    @Test
    void eachMechanismIsTheModelsTraceOfTheFixedCode() {
        for (MechanismBound.Mechanism m : MechanismBound.APPLIES) {
            CriticalPath traced = MeasuredUnitPrediction.of(Suite.claim(m.claimId()), null, Model.DEFAULT).path();
            assertNotNull(traced, m.claimId());
            CriticalPath d = traced.minus(m.mechanism());
            for (double x : new double[] {d.hops(), d.serial(), d.pair(), d.parallel()}) {
                assertEquals(0, x, 0.05, m.claimId() + ": traced " + traced.describe() + ", committed "
                        + m.mechanism().describe());
            }
        }
    }
}
