package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.MachineState;
import org.junit.jupiter.api.Test;

/** The within-run rule on synthetic rounds: every status, the states and the A/A context. No speed anywhere. */
class JudgmentTest {
    private static final double SPLIT = 200;
    private static final double NEAR = 60;
    private static final double FAR = 470;

    private static Claim claim(Expect e) {
        return new Claim("chunk", "v6.4-rc4", "v6.5-merged", "reader", e, "claim");
    }

    /** One round per ratio, all with the same floor. */
    private static List<Judgment.Round> rounds(double floor, double... ratios) {
        List<Judgment.Round> out = new ArrayList<>();
        for (int i = 0; i < ratios.length; i++) {
            out.add(new Judgment.Round(i, new double[] {ratios[i]}, floor));
        }
        return out;
    }

    private static Judgment.Verdict judge(Expect e, List<Judgment.Round> rounds) {
        return Judgment.judge(claim(e), e, rounds, SPLIT);
    }

    @Test
    void aSlowerClaimHoldsAtItsMinimumEffectAndFailsBelowIt() {
        Expect e = Expect.slower(1.10, Math.log(2));
        Judgment.Verdict held = judge(e, rounds(FAR, 1.05, 1.10, 3.0));
        assertEquals(Analysis.Status.HOLDS, held.status(), "median 1.10 is the minimum effect itself");
        assertEquals("median 1.100 ≥ 1.100 (3 rounds: far 3)", held.reason());
        Judgment.Verdict failed = judge(e, rounds(FAR, 1.05, 1.09, 3.0));
        assertEquals(Analysis.Status.FAILS, failed.status());
        assertEquals("median 1.090 < 1.100, the minimum effect (3 rounds: far 3)", failed.reason());
        assertEquals(1.09, failed.median(), 1e-12);
    }

    @Test
    void aFasterClaimMirrorsIt() {
        Expect e = Expect.faster(1.25, Math.log(2));
        assertEquals(Analysis.Status.HOLDS, judge(e, rounds(FAR, 0.5, 0.8, 0.9)).status(), "0.8 = 1/1.25");
        Judgment.Verdict v = judge(e, rounds(FAR, 0.5, 0.81, 0.9));
        assertEquals(Analysis.Status.FAILS, v.status());
        assertEquals("median 0.810 > 0.800, the minimum effect (3 rounds: far 3)", v.reason());
    }

    @Test
    void anAaControlHoldsWithinItsToleranceOnEitherSide() {
        Expect aa = Expect.aa(1.25);
        assertEquals(Analysis.Status.HOLDS, judge(aa, rounds(FAR, 0.7, 0.8, 1.3)).status(), "0.8 = 1/1.25");
        assertEquals(Analysis.Status.HOLDS, judge(aa, rounds(FAR, 1.25, 1.25, 1.0)).status());
        Judgment.Verdict low = judge(aa, rounds(FAR, 0.7, 0.79, 1.3));
        assertEquals(Analysis.Status.FAILS, low.status());
        assertEquals("A/A median 0.790 outside 0.800..1.250: the rounds disagree more than the tolerance "
                + "(3 rounds: far 3)", low.reason());
        assertEquals(Analysis.Status.FAILS, judge(aa, rounds(FAR, 1.26, 1.3, 1.0)).status());
    }

    @Test
    void theMedianOfAnInterleavedClaimIsOverEveryIterationOfItsRounds() {
        // 3 rounds of 2 iterations: 1.00 1.01 | 1.02 1.03 | 1.04 1.05 -> median of six = sqrt(1.02 * 1.03)
        List<Judgment.Round> r = List.of(new Judgment.Round(0, new double[] {1.00, 1.01}, NEAR),
                new Judgment.Round(1, new double[] {1.02, 1.03}, NEAR), new Judgment.Round(2, new double[] {1.04, 1.05}, NEAR));
        Judgment.Verdict v = judge(Expect.aa(1.02), r);
        assertEquals(Math.sqrt(1.02 * 1.03), v.median(), 1e-12);
        assertEquals(Analysis.Status.FAILS, v.status(), "1.0250 lies outside 1.02");
    }

    @Test
    void fewerThanThreeRoundsAndInformationJudgeNothing() {
        Judgment.Verdict few = judge(Expect.slower(1.1, 0.5), rounds(FAR, 3, 3));
        assertEquals(Analysis.Status.TOO_FEW_ROUNDS, few.status());
        assertEquals("not checked: 2 rounds judged, a verdict needs 3", few.reason());
        Judgment.Verdict info = judge(Expect.info(Expect.Direction.SLOWER), rounds(FAR, 0.5, 0.5, 0.5));
        assertEquals(Analysis.Status.INFO, info.status());
        assertEquals("", info.reason());
    }

    @Test
    void roundsInAStateTheClaimIsBlindInAreLeftOut() {
        Expect e = Expect.slower(1.10, Math.log(2)).blindIn(MachineState.NEAR);
        List<Judgment.Round> r = new ArrayList<>(rounds(NEAR, 1.0, 1.0, 1.0));
        r.addAll(rounds(FAR, 2.0, 2.1, 2.2));
        Judgment.Verdict v = judge(e, r);
        assertEquals(Analysis.Status.HOLDS, v.status(), "the near rounds, where the effect cannot show, are left out");
        assertEquals(2.1, v.median(), 1e-12);
        assertEquals(3, v.rounds());
        assertEquals("median 2.100 ≥ 1.100 (3 rounds: far 3/near 3; 3 near round(s) left out, where its effect "
                + "cannot show)", v.reason());
    }

    @Test
    void aRunThatMetOnlyABlindStateIsNotJudgedAndDoesNotFail() {
        Expect e = Expect.slower(1.10, Math.log(2)).blindIn(MachineState.NEAR);
        Judgment.Verdict v = judge(e, rounds(NEAR, 1.0, 1.01, 0.99, 1.0));
        assertEquals(Analysis.Status.NOT_JUDGED, v.status());
        assertEquals("NOT JUDGED: this run met only the near state, where chunk.v6.4-rc4-vs-v6.5-merged.reader's "
                + "effect cannot show", v.reason());
        assertEquals(0, Analysis.exitCode(List.of(new Analysis.ComparisonResult(claim(e), "b", "b", new double[] {1},
                new double[] {0}, RatioStats.of(new double[] {1}), new Analysis.Score(1, "ops/s"),
                new Analysis.Score(1, "ops/s"), 0, v.status()))));
    }

    @Test
    void withoutAFloorTheClaimIsJudgedWithoutStates() {
        Expect e = Expect.slower(1.10, Math.log(2)).blindIn(MachineState.NEAR);
        Judgment.Verdict v = judge(e, rounds(Double.NaN, 1.0, 1.0, 1.0));
        assertEquals(Analysis.Status.FAILS, v.status(), "no state known: no round is left out");
        assertEquals("no floor measured", v.states());
    }

    @Test
    void theStateMixCountsFarThenNearThenRoundsWithoutAFloor() {
        List<Judgment.Round> r = new ArrayList<>(rounds(FAR, 1, 1));
        r.addAll(rounds(NEAR, 1));
        assertEquals("far 2/near 1", Judgment.states(r, SPLIT));
        r.addAll(rounds(Double.NaN, 1));
        assertEquals("far 2/near 1/no floor 1", Judgment.states(r, SPLIT));
        assertEquals("near 1", Judgment.states(rounds(199.9, 1), SPLIT));
        assertEquals("far 1", Judgment.states(rounds(200, 1), SPLIT), "the split itself is far");
        assertEquals(Judgment.NO_FLOOR, Judgment.states(List.of(), SPLIT));
        assertNull(MachineState.of(Double.NaN, SPLIT));
        assertEquals(MachineState.FAR, MachineState.parse(" Far"));
        assertThrows(IllegalArgumentException.class, () -> MachineState.parse("middle"));
    }

    @Test
    void aFailedClaimSaysWhatItsAaControlSaidInTheSameRun() {
        Claim slower = claim(Expect.slower(1.1, 0.5));
        Claim aa = new Claim("chunk", "v6.5-merged-again", "v6.5-merged", "reader", Expect.aa(1.25), "aa");
        Claim otherMetric = new Claim("chunk", "x-again", "x", "allocator", Expect.aa(1.25), "aa");
        List<Claim> claims = List.of(slower, otherMetric, aa);
        Judgment.Verdict holds = new Judgment.Verdict(Analysis.Status.HOLDS, "", 1.01, 10, "far 10");
        Judgment.Verdict fails = new Judgment.Verdict(Analysis.Status.FAILS, "", 1.4, 10, "far 10");
        assertEquals("; A/A chunk.v6.5-merged-again-vs-v6.5-merged.reader median 1.010 holds: the rounds agree, the "
                + "effect is gone", Judgment.aaContext(slower, claims, Map.of(aa.id(), holds)::get));
        assertEquals("; A/A chunk.v6.5-merged-again-vs-v6.5-merged.reader median 1.400 fails too: the run is too "
                + "noisy to tell", Judgment.aaContext(slower, claims, Map.of(aa.id(), fails)::get));
        assertEquals("", Judgment.aaContext(slower, List.of(slower), id -> null), "a set without an A/A");
        assertTrue(Judgment.problem("x", true, "HOLDS", "fine") == null);
        assertEquals("FAILS x: why", Judgment.problem("x", false, "FAILS", "why"), "a layout failure of information");
        assertEquals("x: NOT JUDGED: ...", Judgment.problem("x", true, "NOT_JUDGED", "NOT JUDGED: ..."));
    }
}
