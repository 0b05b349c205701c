package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.results.JmhResult.Header;
import org.junit.jupiter.api.Test;

class AnalysisTest {
    private static final IterationSpec ONE = new IterationSpec(1, 100);

    /** Records of rounds in which "a" and "b" scored the given throughputs (ops/s) for metric "m". */
    private static List<ForkRecord> rounds(double[][] aB) {
        List<ForkRecord> records = new ArrayList<>();
        long t = 0;
        for (int round = 0; round < aB.length; round++) {
            records.add(record(round, "a", aB[round][0], "ops/s", t));
            records.add(record(round, "b", aB[round][1], "ops/s", t + 2000));
            t += 10_000;
        }
        return records;
    }

    private static ForkRecord record(int round, String variant, double score, String unit, long t) {
        Header info = FakeForks.header("x.Y." + variant, unit.startsWith("ops/") ? "thrpt" : "avgt", 1, Map.of(), ONE, ONE);
        ForkResult r = new ForkResult(info, FakeForks.metric(unit, score), Map.of("m", FakeForks.metric(unit, score)),
                t + 500, t + 600);
        return new ForkRecord(round, "s", variant, 0, t, t + 700, r);
    }

    private static Analysis.ComparisonResult analyze(Expect expect, double[]... rounds) {
        Claim c = new Claim("s", "a", "b", "m", expect, "claim");
        return Analysis.analyze(List.of(c), rounds(rounds)).get(0);
    }

    @Test
    void ratioIsSubjectCostOverReferenceCost() {
        // a: 100 ops/s, b: 140 ops/s -> a costs 1.4 times what b costs.
        Analysis.ComparisonResult r = analyze(Expect.slower(), new double[] {100, 140});
        assertEquals(1.4, r.ratios()[0], 1e-12);
        assertEquals(100, r.subject().geoMean(), 1e-9);
        assertEquals(140, r.reference().geoMean(), 1e-9);
        assertEquals(2.0, r.secondsApart()[0], 1e-9);
    }

    @Test
    void unitsAndModesAreNormalisedBeforeDividing() {
        assertEquals(1e-6, Analysis.costSecondsPerOp(1, "ops/us"), 1e-18);
        assertEquals(0.5, Analysis.costSecondsPerOp(2, "ops/s"), 1e-15);
        assertEquals(3e-9, Analysis.costSecondsPerOp(3, "ns/op"), 1e-21);
        assertEquals(60, Analysis.costSecondsPerOp(1, "ops/min"), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Analysis.costSecondsPerOp(1, "ratio"));
        assertThrows(IllegalArgumentException.class, () -> Analysis.costSecondsPerOp(1, "ops/fortnight"));

        // a: 1 op/us (1e6 ops/s) against b: 500 ns/op -> a costs 1 us, b 0.5 us: ratio 2.
        List<ForkRecord> records = List.of(record(0, "a", 1, "ops/us", 0), record(0, "b", 500, "ns/op", 2000));
        Claim c = new Claim("s", "a", "b", "m", Expect.slower(), "claim");
        assertEquals(2.0, Analysis.analyze(List.of(c), records).get(0).ratios()[0], 1e-12);
    }

    @Test
    void aClaimHoldsWhenTheMedianShowsTheEffectDespiteOneBadRound() {
        Analysis.ComparisonResult r = analyze(Expect.slower(),
                new double[] {100, 124}, new double[] {100, 150}, new double[] {100, 135},
                new double[] {100, 167}, new double[] {100, 54}, new double[] {100, 140});
        assertEquals(Analysis.Status.HOLDS, r.status());
        assertEquals("noisy", r.confidence(), "the 0.54 round makes the interval cross 1");
        assertEquals(5, r.roundsOnExpectedSide());
        assertEquals(0, Analysis.exitCode(List.of(r)));
    }

    @Test
    void aRevertedFixFailsTheClaim() {
        // Both layouts now cost the same, give or take 5 %.
        Analysis.ComparisonResult r = analyze(Expect.slower(),
                new double[] {100, 103}, new double[] {100, 97}, new double[] {100, 105},
                new double[] {100, 101}, new double[] {100, 96}, new double[] {100, 104});
        assertEquals(Analysis.Status.FAILS, r.status());
        assertEquals(1, Analysis.exitCode(List.of(r)));
    }

    @Test
    void aSmallButRealEffectBelowTheThresholdFails() {
        Analysis.ComparisonResult r = analyze(Expect.slower(),
                new double[] {100, 105}, new double[] {100, 106}, new double[] {100, 105});
        assertEquals(Analysis.Status.FAILS, r.status());
        assertEquals("clear", r.confidence(), "firmly above 1, but the claim promised at least 10 %");
    }

    @Test
    void fasterClaimsMirrorSlowerOnes() {
        assertEquals(Analysis.Status.HOLDS, analyze(Expect.faster(),
                new double[] {300, 100}, new double[] {280, 100}, new double[] {310, 100}).status());
        assertEquals(Analysis.Status.FAILS, analyze(Expect.faster(),
                new double[] {100, 100}, new double[] {105, 100}, new double[] {98, 100}).status());
    }

    @Test
    void informationalComparisonsNeverFailTheRun() {
        Analysis.ComparisonResult r = analyze(Expect.info(Expect.Direction.SIMILAR),
                new double[] {100, 300}, new double[] {100, 290}, new double[] {100, 310});
        assertEquals(Analysis.Status.INFO, r.status());
        assertEquals("", r.confidence());
        assertEquals(0, Analysis.exitCode(List.of(r)));
    }

    @Test
    void fewerThanThreeRoundsCheckNothing() {
        Analysis.ComparisonResult r = analyze(Expect.slower(), new double[] {100, 100}, new double[] {100, 100});
        assertEquals(Analysis.Status.TOO_FEW_ROUNDS, r.status());
        assertEquals(0, Analysis.exitCode(List.of(r)));
    }

    @Test
    void aMissingMetricIsNamed() {
        Claim c = new Claim("s", "a", "b", "sender", Expect.slower(), "claim");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(c), rounds(new double[][] {{1, 2}})));
        assertTrue(e.getMessage().contains("has no metric 'sender' (it has: primary, m)"), e.getMessage());
    }

    @Test
    void comparisonsOfSetsThatDidNotRunAreLeftOut() {
        Claim other = new Claim("elsewhere", "a", "b", "m", Expect.slower(), "claim");
        assertTrue(Analysis.analyze(List.of(other), rounds(new double[][] {{1, 2}})).isEmpty());
    }
}
