package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.cachelinebench.claims.GateRule;
import org.junit.jupiter.api.Test;

/**
 * The peer claim on the committed partial-revert run (gate-runs/peer-claim-runs/p1: base_addr in the line of
 * nr_empty_pop_pages), as measured and with its A/A's rounds spread by ±3 %, everything else unchanged: a noisier run
 * must not pass a partial revert.
 */
class PeerClaimRunsTest {
    static final String PEER = "chunk-interleaved.v2-reorder-vs-v6.5-merged.reader";
    static final String AA = "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader";

    /** The run's cases with the A/A's every sample multiplied by 1.03 in even rounds and by 0.97 in odd ones. */
    static List<Judgment.Case> spreadAa(List<Judgment.Case> cases, double spread) {
        List<Judgment.Case> out = new ArrayList<>();
        for (Judgment.Case c : cases) {
            if (!c.claim().id().equals(AA)) {
                out.add(c);
                continue;
            }
            List<Judgment.Round> rounds = c.rounds().stream().map(r -> new Judgment.Round(r.round(),
                    Arrays.stream(r.ratios()).map(x -> x * (r.round() % 2 == 0 ? 1 + spread : 1 - spread)).toArray(),
                    r.floorNanos())).toList();
            out.add(new Judgment.Case(c.claim(), rounds, c.layoutFailure()));
        }
        return out;
    }

    private static Judgment.Verdict peer(List<Judgment.Case> cases) {
        return Judgment.judge(cases, GateRule.CONFIDENCE).get(PEER);
    }

    @Test
    void thePartialRevertFailsAsMeasured() {
        GateRuns.Entry p1 = GateRuns.of("peer-claim-runs/p1");
        assertEquals("partial-revert", p1.kind());
        Judgment.Verdict v = peer(Regate.cases(p1.read()));
        assertEquals(Analysis.Status.FAILS, v.status(), v.reason());
    }

    /**
     * Its A/A spread by ±3 %: the A/A's own margin grows to about x1.25, which the rule before the fixed margin held
     * the revert inside; held to x1.03, the revert's bounds lie beyond it and the claim does not hold.
     */
    @Test
    void theNoisyPartialRevertNoLongerHolds() {
        List<Judgment.Case> noisy = spreadAa(Regate.cases(GateRuns.of("peer-claim-runs/p1").read()), 0.03);
        Judgment.Effects e = Judgment.effects(noisy.stream().filter(c -> c.claim().id().equals(PEER)).findFirst()
                .orElseThrow(), noisy, GateRule.CONFIDENCE);
        assertTrue(Math.exp(e.margin()) > 1.2, "the A/A's own margin, widened: x" + Math.exp(e.margin()));
        Judgment.Verdict v = peer(noisy);
        assertNotEquals(Analysis.Status.HOLDS, v.status(), v.reason());
        assertEquals(GateRule.PEER_MARGIN, v.margin(), 1e-12, "the fixed margin, not the A/A's: " + v.reason());
        assertTrue(v.high() < 1, "the revert's whole interval lies below 1: " + v.reason());
    }

    /** The good commit's runs of the same minutes, quiet (g1) and beside the neighbour (n1), hold their peer claim. */
    @Test
    void theGoodRunsHoldIt() {
        for (String run : List.of("peer-claim-runs/g1", "peer-claim-runs/n1")) {
            GateRuns.Entry g = GateRuns.of(run);
            assertTrue(g.good());
            Judgment.Verdict v = peer(Regate.cases(g.read()));
            assertEquals(Analysis.Status.HOLDS, v.status(), run + ": " + v.reason());
        }
    }
}
