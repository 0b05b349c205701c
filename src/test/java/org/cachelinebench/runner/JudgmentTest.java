package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateRule;
import org.junit.jupiter.api.Test;

/**
 * The within-run rule on synthetic rounds, every number worked out by hand: the round is the unit, a directional
 * claim is judged against the A/A of the same rounds, the A/A against its own spread. No speed anywhere.
 */
class JudgmentTest {
    private static final double C = 0.99;
    /** z(0.99), the margin in A/A standard deviations. */
    private static final double Z = 2.3263478740408408;

    private static final Claim READER = new Claim("chunk", "v6.4-rc4", "v6.5-merged", "reader", Expect.slower(), "r");
    private static final Claim FASTER = new Claim("chunk", "v2-reorder", "v6.5-merged", "reader", Expect.faster(), "f");
    private static final Claim AA = new Claim("chunk", "v6.5-merged-again", "v6.5-merged", "reader", Expect.aa(), "aa");

    /** One round per ratio, rounds 0, 1, ...; NaN: no round. */
    private static List<Judgment.Round> rounds(double... ratios) {
        List<Judgment.Round> out = new ArrayList<>();
        for (int i = 0; i < ratios.length; i++) {
            if (!Double.isNaN(ratios[i])) {
                out.add(new Judgment.Round(i, new double[] {ratios[i]}, 80));
            }
        }
        return out;
    }

    private static Map<String, Judgment.Verdict> judge(Judgment.Case... cases) {
        return Judgment.judge(List.of(cases), C);
    }

    private static Judgment.Case of(Claim c, double... ratios) {
        return new Judgment.Case(c, rounds(ratios), null);
    }

    /**
     * The margin for these A/A ratios at {@link #C}, written out: 2 x z x 1.4826 x the median absolute deviation of
     * the logs from their median x n / (n - 0.8), as a ratio, never below x1.03.
     */
    private static double marginOf(double... ratios) {
        double[] logs = java.util.Arrays.stream(ratios).map(Math::log).sorted().toArray();
        double centre = middle(logs);
        double[] dev = java.util.Arrays.stream(logs).map(l -> Math.abs(l - centre)).sorted().toArray();
        int n = ratios.length;
        return Math.max(Math.exp(2 * Z * 1.4826 * middle(dev) * n / (n - 0.8)), 1.03);
    }

    private static double middle(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Sample standard deviation of the logs, written out. */
    private static double sdOfLogs(double... ratios) {
        double mean = 0;
        for (double r : ratios) {
            mean += Math.log(r) / ratios.length;
        }
        double ss = 0;
        for (double r : ratios) {
            ss += (Math.log(r) - mean) * (Math.log(r) - mean);
        }
        return Math.sqrt(ss / (ratios.length - 1));
    }

    @Test
    void aRoundIsOneValueTheMedianOfItsIterations() {
        assertEquals(Math.log(2), new Judgment.Round(0, new double[] {1, 4}, 80).logValue(), 1e-12, "geometric middle");
        assertEquals(Math.log(3), new Judgment.Round(0, new double[] {9, 3, 1}, 80).logValue(), 1e-12);
    }

    @Test
    void aClaimDistinguishableFromItsAaHolds() {
        double[] aa = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97};
        // The claim is twice its round's A/A in every round: every effect is ln 2, so both bounds are ln 2.
        double[] claim = new double[7];
        for (int i = 0; i < 7; i++) {
            claim[i] = 2 * aa[i];
        }
        Judgment.Verdict v = judge(of(READER, claim), of(AA, aa)).get(READER.id());
        assertEquals(Analysis.Status.HOLDS, v.status());
        assertEquals(2.0, v.effect(), 1e-12);
        assertEquals(2.0, v.low(), 1e-12);
        assertEquals(marginOf(aa), v.margin(), 1e-12);
        assertEquals(7, v.rounds());
        assertTrue(v.reason().startsWith("different from its A/A control: effect over the A/A x2.000 (99 % bounds "
                + "2.000 .. 2.000), A/A margin x"), v.reason());
    }

    @Test
    void aRevertIsTheSameAsItsAaAndFails() {
        // After a revert the claim's subject is the A/A's: the claim at 1, the A/A scattered around it. Effects
        // -ln aa: at 99 % with 7 rounds the bounds are the extreme effects, -ln 0.92 = 0.083 above, under ln 1.10,
        // and inside the margin 2 x z x 1.4826 x MAD(ln aa) x 7 / 6.2 = 2 x 2.326 x 1.4826 x 0.039 x 1.13 = 0.30.
        double[] aa = {1.08, 0.92, 1.04, 0.96, 1.0, 1.02, 0.98};
        Judgment.Verdict v = judge(of(READER, 1, 1, 1, 1, 1, 1, 1), of(AA, aa)).get(READER.id());
        assertEquals(Analysis.Status.FAILS, v.status(), v.reason());
        assertEquals(1 / 0.92, v.high(), 1e-12);
        assertEquals(marginOf(aa), v.margin(), 1e-12);
        assertTrue(v.reason().startsWith("SAME as its A/A control (what a revert gives)"), v.reason());
    }

    /**
     * A wide A/A margin does not fail a claim: the same claim at 1 beside an A/A that scatters ±10 % has its upper
     * bound at 1 / 0.9 = x1.111, past the smallest effect x1.10 and inside the A/A's margin (about x1.46). It reads
     * undecided and the runner adds rounds; failing it by the margin failed a good claim whenever a busy neighbour
     * widened its A/A (docs/ci-gate.md).
     */
    @Test
    void aClaimWhoseUpperBoundLiesInsideAWideAaMarginPastTheSmallestEffectIsUndecided() {
        double[] aa = {1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98};
        Judgment.Verdict v = judge(of(READER, 1, 1, 1, 1, 1, 1, 1), of(AA, aa)).get(READER.id());
        assertEquals(1 / 0.9, v.high(), 1e-12);
        assertTrue(v.high() > GateRule.SMALLEST_EFFECT && v.high() < v.margin(), v.reason());
        assertEquals(Analysis.Status.UNDECIDED, v.status(), v.reason());
        assertTrue(v.reason().startsWith("UNDECIDED, its upper bound lies inside its A/A's margin"), v.reason());
    }

    /**
     * Nor does a wide margin let a claim hold that lies inside it: x1.2 over its A/A in every round (both bounds
     * x1.2, apart from it) beside the ±10 % A/A, whose margin (about x1.46) a revert's scatter can reach. Undecided.
     */
    @Test
    void aClaimApartFromItsAaButInsideItsWideMarginIsUndecided() {
        double[] aa = {1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98};
        double[] claim = new double[aa.length];
        for (int i = 0; i < aa.length; i++) {
            claim[i] = 1.2 * aa[i];
        }
        Judgment.Verdict v = judge(of(READER, claim), of(AA, aa)).get(READER.id());
        assertEquals(1.2, v.low(), 1e-12);
        assertTrue(v.high() < v.margin(), v.reason());
        assertEquals(Analysis.Status.UNDECIDED, v.status(), v.reason());
    }

    @Test
    void aClaimNeitherApartNorInsideTheMarginIsUndecided() {
        // A/A exactly 1 in every round: margin 0, held at its floor x1.03. Effects ln 1.5 .. ln 0.7: the bounds
        // straddle 0 and pass x1.10.
        Judgment.Verdict v = judge(of(READER, 1.5, 0.7, 1.4, 0.8, 1.2, 0.9, 1.1), of(AA, 1, 1, 1, 1, 1, 1, 1))
                .get(READER.id());
        assertEquals(Analysis.Status.UNDECIDED, v.status());
        assertEquals(0.7, v.low(), 1e-12);
        assertEquals(1.5, v.high(), 1e-12);
        assertEquals(1.03, v.margin(), 1e-12, "the A/A's margin at its floor");
    }

    /**
     * A revert beside an A/A that is exactly 1 (margin at its floor x1.03): its effects scatter up to x1.08, one
     * round wild, so its upper bound (at 99 % and 7 rounds the largest effect) lies beyond the margin. It FAILS,
     * smaller than any fix is worth (x1.10); by the margin alone it stayed undecided.
     */
    @Test
    void aRevertWhoseUpperBoundIsBelowTheSmallestEffectFails() {
        Judgment.Verdict v = judge(of(READER, 1.0, 1.02, 0.98, 1.05, 0.99, 1.01, 1.08), of(AA, 1, 1, 1, 1, 1, 1, 1))
                .get(READER.id());
        assertEquals(1.08, v.high(), 1e-12);
        assertEquals(Analysis.Status.FAILS, v.status(), v.reason());
        assertTrue(v.reason().startsWith("SMALLER than any fix is worth, upper bound at most x1.10 (what a revert "
                + "gives)"), v.reason());
    }

    /**
     * A revert to another bad layout leaves a small real effect: x1.01 to x1.04 in every round, apart from an A/A
     * that is exactly 1 (lower bound above 1) but wholly under x1.10. It FAILS: different from its A/A, yet smaller
     * than any fix is worth (the mailbox at the straddling offset 40 measured about x1.02).
     */
    @Test
    void anEffectApartFromItsAaButUnderTheSmallestEffectFails() {
        Judgment.Verdict v = judge(of(READER, 1.02, 1.01, 1.03, 1.04, 1.02, 1.025, 1.015),
                of(AA, 1, 1, 1, 1, 1, 1, 1)).get(READER.id());
        assertEquals(1.01, v.low(), 1e-12);
        assertEquals(1.04, v.high(), 1e-12);
        assertEquals(Analysis.Status.FAILS, v.status(), v.reason());
    }

    /** A claim whose upper bound lies just past x1.10, its lower bound below 1, is undecided, not failed. */
    @Test
    void aClaimWhoseUpperBoundPassesTheSmallestEffectIsNotFailed() {
        Judgment.Verdict v = judge(of(READER, 1.0, 1.02, 0.98, 1.05, 0.99, 1.01, 1.11), of(AA, 1, 1, 1, 1, 1, 1, 1))
                .get(READER.id());
        assertEquals(1.11, v.high(), 1e-12);
        assertEquals(Analysis.Status.UNDECIDED, v.status(), v.reason());
    }

    @Test
    void aFasterClaimMirrorsIt() {
        Judgment.Verdict v = judge(of(FASTER, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5), of(AA, 1, 1, 1, 1, 1, 1, 1))
                .get(FASTER.id());
        assertEquals(Analysis.Status.HOLDS, v.status());
        assertEquals(0.5, v.effect(), 1e-12);
        assertEquals(0.5, v.high(), 1e-12);
    }

    @Test
    void onlyRoundsWithTheirAaCountAndSevenAreNeededAtNinetyNinePercent() {
        // The A/A misses round 6: six paired rounds, and 2^-6 > 1 %.
        Judgment.Verdict v = judge(of(READER, 2, 2, 2, 2, 2, 2, 2), of(AA, 1, 1, 1, 1, 1, 1, Double.NaN))
                .get(READER.id());
        assertEquals(Analysis.Status.TOO_FEW_ROUNDS, v.status());
        assertEquals("not judged: 6 rounds with its A/A control, a verdict at 99 % needs 7", v.reason());
    }

    @Test
    void withoutItsAaAClaimIsNotJudged() {
        Judgment.Verdict v = judge(of(READER, 2, 2, 2, 2, 2, 2, 2)).get(READER.id());
        assertEquals(Analysis.Status.NOT_JUDGED, v.status());
        assertEquals("not judged: no A/A control of chunk in this run to judge it against", v.reason());
        Judgment.Verdict hit = judge(of(READER, 2, 2, 2, 2, 2, 2, 2),
                new Judgment.Case(AA, List.of(), "LAYOUT CHECK FAILED: again")).get(READER.id());
        assertEquals(Analysis.Status.NOT_JUDGED, hit.status());
    }

    @Test
    void anAaHoldsInsideItsOwnSpreadAndFailsBeyondIt() {
        Judgment.Verdict centred = judge(of(AA, 1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98)).get(AA.id());
        assertEquals(Analysis.Status.HOLDS, centred.status(), centred.reason());
        // Biased by 5 % with a spread of 0.1 %: the bounds (ln 1.048 .. ln 1.052) lie beyond the margin, its floor
        // x1.03 (2 z sd is far below it).
        Judgment.Verdict biased = judge(of(AA, 1.05, 1.051, 1.049, 1.05, 1.052, 1.048, 1.05)).get(AA.id());
        assertEquals(Analysis.Status.FAILS, biased.status());
        assertEquals(1.048, biased.low(), 1e-12);
        assertTrue(biased.reason().startsWith("A/A biased beyond its rounds' spread"), biased.reason());
    }

    @Test
    void aLayoutFailureFailsAndInformationIsOnlyReported() {
        Judgment.Verdict v = judge(new Judgment.Case(READER, List.of(), "LAYOUT CHECK FAILED: padded: gone"))
                .get(READER.id());
        assertEquals(Analysis.Status.FAILS, v.status());
        assertEquals("LAYOUT CHECK FAILED: padded: gone", v.reason());
        Claim info = new Claim("chunk", "v6.4-rc4", "v2-reorder", "reader", Expect.info(Expect.Direction.SLOWER), "i");
        Judgment.Verdict i = judge(of(info, 1, 4)).get(info.id());
        assertEquals(Analysis.Status.INFO, i.status());
        assertEquals(2, i.median(), 1e-12);
    }

    /**
     * A tight A/A biased by half a percent, its rounds within a tenth of a percent of each other (the Java-object A/A
     * of the good runs): its own spread gives a margin of about x1.004 that the bias leaves, so it read undecided; the
     * floor x1.03 holds it.
     */
    @Test
    void aTightAaBiasedByHalfAPercentHoldsInsideTheFloor() {
        double[] tight = {1.005, 1.006, 1.004, 1.005, 1.0055, 1.0045, 1.005, 1.0052};
        Judgment.Verdict v = judge(of(AA, tight)).get(AA.id());
        assertTrue(Math.exp(2 * Z * Judgment.robustSd(java.util.Arrays.stream(tight).map(Math::log).boxed().toList()))
                < 1.005, "its own spread's margin lies inside the bias");
        assertEquals(GateRule.AA_MARGIN_FLOOR, v.margin(), 1e-12, v.reason());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
    }

    @Test
    void theExitStatusFollowsTheContract() {
        assertEquals(0, Judgment.exitCode(List.of(true, false), List.of(Analysis.Status.HOLDS, Analysis.Status.INFO)));
        assertEquals(1, Judgment.exitCode(List.of(true, true), List.of(Analysis.Status.UNDECIDED, Analysis.Status.FAILS)));
        assertEquals(3, Judgment.exitCode(List.of(true, true), List.of(Analysis.Status.HOLDS, Analysis.Status.UNDECIDED)));
        assertEquals(3, Judgment.exitCode(List.of(true), List.of(Analysis.Status.TOO_FEW_ROUNDS)));
        assertEquals(3, Judgment.exitCode(List.of(false), List.of(Analysis.Status.INFO)), "nothing gated was judged");
        assertEquals(3, Judgment.exitCode(List.of(), List.of()));
        assertNull(Judgment.problem("x", true, "HOLDS", "fine"));
        assertEquals("NO VERDICT x: why", Judgment.problem("x", true, "UNDECIDED", "why"));
        assertEquals("FAILS x: why", Judgment.problem("x", false, "FAILS", "why"));
    }

    /**
     * One A/A round at 10 of its sds out of ten does not widen the margin: the margin of ten steady rounds and of the
     * same rounds with one wild one are within a third of each other (an sd-based margin grew about threefold). The
     * rounds stray ±2 %, so that the margin lies above its floor.
     */
    @Test
    void oneWildAaRoundDoesNotWidenTheMargin() {
        double[] steady = {1.01, 0.99, 1.02, 0.98, 1.00, 1.015, 0.985, 1.005, 0.995, 1.00};
        double[] wild = steady.clone();
        wild[9] = Math.exp(10 * sdOfLogs(steady));
        double[] claim = new double[10];
        for (int i = 0; i < 10; i++) {
            claim[i] = wild[i];          // a revert: the claim is its A/A in every round
        }
        double calm = judge(of(READER, steady), of(AA, steady)).get(READER.id()).margin();
        assertTrue(calm > 1.05, "above the floor: x" + calm);
        Judgment.Verdict v = judge(of(READER, claim), of(AA, wild)).get(READER.id());
        assertTrue(Math.log(v.margin()) < 1.34 * Math.log(calm), "margin x" + v.margin() + " vs x" + calm);
    }
    /**
     * At the gate's own confidence and the runner's first look (99 %, 8 rounds), an A/A with one round at 10 of its sds out still
     * holds: its bounds are its second most extreme rounds, so the wild round moves each by one order statistic. With
     * bounds on the extreme round (a Walsh bound at depth 1) it read UNDECIDED. The rounds stray ±2 %, so that the
     * wild one lies beyond the margin's floor. A biased A/A with one wild round the other way still fails.
     */
    @Test
    void oneWildAaRoundMovesItsOwnBoundsByOneOrderStatistic() {
        double c = GateRule.CONFIDENCE;
        double[] steady = {1.01, 0.99, 1.02, 0.98, 1.00, 1.015, 0.985, 1.005};
        double[] wild = steady.clone();
        wild[3] = Math.exp(10 * sdOfLogs(steady));
        Judgment.Verdict v = Judgment.judge(List.of(of(AA, wild)), c).get(AA.id());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
        assertEquals(1.02, v.high(), 1e-12, "the second largest round, not the wild one");
        assertTrue(wild[3] > v.margin(), "the wild round lies beyond the margin: " + v.reason());
        double[] biased = {1.05, 1.051, 1.049, 1.05, 1.052, 1.048, 1.05, 1.0505};
        biased[2] = 0.9;
        Judgment.Verdict b = Judgment.judge(List.of(of(AA, biased)), c).get(AA.id());
        assertEquals(Analysis.Status.FAILS, b.status(), b.reason());
        assertEquals(1.048, b.low(), 1e-12);
    }

    private static final Claim PEER = new Claim("chunk", "v2-reorder", "v6.5-merged", "reader", Expect.same(), "p");
    /** A steady A/A beside the peer claims: its own spread's margin about x1.005. */
    private static final double[] PEER_AA = {1.001, 0.999, 1.002, 0.998, 1.000, 1.0015, 0.9985, 1.0005};

    /**
     * A peer claim: two layouts that make the same fix. Its rounds a few tenths of a percent either side of 1, beside
     * a steady A/A, hold; the same rounds moved a tenth down (the reference partly reverted) or up (the subject
     * partly reverted) fail, both ways; and its effect is the subject over the reference, not a signed one.
     */
    @Test
    void aPeerClaimFailsWhenEitherSideMovesBeyondTheMargin() {
        double[] same = {0.996, 1.004, 0.999, 1.006, 0.994, 1.001, 0.997, 1.002};
        Judgment.Verdict v = judge(of(PEER, same), of(AA, PEER_AA)).get(PEER.id());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
        for (double shift : new double[] {0.91, 1.10}) {
            double[] moved = java.util.Arrays.stream(same).map(r -> r * shift).toArray();
            Judgment.Verdict m = judge(of(PEER, moved), of(AA, PEER_AA)).get(PEER.id());
            assertEquals(Analysis.Status.FAILS, m.status(), m.reason());
            assertTrue(m.reason().contains("DIFFERENT from its peer"), m.reason());
            assertEquals(shift, m.effect(), 0.01, "subject over reference");
        }
    }

    /**
     * A peer claim whose rounds scatter wider than its margin (±5 % against x1.03), centred on 1, is not failed by
     * that spread, and not passed either: the run cannot tell, so it is undecided and the runner adds rounds.
     */
    @Test
    void aWideButCentredPeerClaimIsUndecided() {
        double[] wide = {0.95, 1.01, 0.96, 1.012, 1.000, 0.994, 1.000, 1.05};
        Judgment.Verdict v = judge(of(PEER, wide), of(AA, PEER_AA)).get(PEER.id());
        assertEquals(Analysis.Status.UNDECIDED, v.status(), v.reason());
        assertTrue(v.low() < 1 / v.margin(), "bounds wider than the margin: " + v.reason());
    }

    /**
     * A wild A/A widens its own margin without limit, not the peer claim's: a peer a tenth off beside an A/A whose
     * rounds stray ±20 % (margin far beyond x1.5) still fails, where the A/A's margin would hold it.
     */
    @Test
    void aWildAaCannotWidenThePeerMargin() {
        double[] wildAa = new double[8];
        double[] off = new double[8];
        for (int i = 0; i < 8; i++) {
            wildAa[i] = i % 2 == 0 ? 1.2 : 1 / 1.2;
            off[i] = 0.9 * wildAa[i] * (1 + 0.002 * (i - 4));  // the effect over the A/A stays x0.90
        }
        Judgment.Verdict v = judge(of(PEER, off), of(AA, wildAa)).get(PEER.id());
        assertTrue(marginOf(wildAa) > 1.5, "a wild A/A: " + marginOf(wildAa));
        assertEquals(GateRule.PEER_MARGIN, v.margin(), 1e-12, v.reason());
        assertEquals(Analysis.Status.FAILS, v.status(), v.reason());
    }

    /**
     * A tight A/A does not narrow the peer claim's margin either: a peer within ±1 % of 1 beside an A/A exactly 1 in
     * every round (its own spread's margin 0) holds inside x1.03.
     */
    @Test
    void aTightAaCannotNarrowThePeerMargin() {
        double[] same = {0.99, 1.01, 0.995, 1.005, 1.0, 0.992, 1.008, 1.0};
        Judgment.Verdict v = judge(of(PEER, same), of(AA, 1, 1, 1, 1, 1, 1, 1, 1)).get(PEER.id());
        assertEquals(GateRule.PEER_MARGIN, v.margin(), 1e-12, v.reason());
        assertEquals(Analysis.Status.HOLDS, v.status(), v.reason());
    }
}
