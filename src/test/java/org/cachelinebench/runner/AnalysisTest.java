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
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;
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
        assertEquals(1.4, r.data().ratios()[0], 1e-12);
        assertEquals(100, r.data().subject().geoMean(), 1e-9);
        assertEquals(140, r.data().reference().geoMean(), 1e-9);
        assertEquals(2.0, r.data().secondsApart()[0], 1e-9);
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
        assertEquals(2.0, Analysis.analyze(List.of(c), records).get(0).data().ratios()[0], 1e-12);
    }

    /**
     * Rounds of "a", "b" and "b-again" (the A/A), throughputs a = 100 and b = b-again = {@code b[i]} but for the
     * A/A's own scatter {@code again[i]}: the claim a-vs-b and its A/A b-again-vs-b judged together.
     */
    private static Map<String, Analysis.ComparisonResult> judged(Expect expect, double[] b, double[] again) {
        List<ForkRecord> records = new ArrayList<>();
        long t = 0;
        for (int round = 0; round < b.length; round++) {
            records.add(record(round, "a", 100, "ops/s", t));
            records.add(record(round, "b", b[round], "ops/s", t + 2000));
            records.add(record(round, "b-again", b[round] * again[round], "ops/s", t + 4000));
            t += 10_000;
        }
        Claim c = new Claim("s", "a", "b", "m", expect, "claim");
        Claim aa = new Claim("s", "b-again", "b", "m", Expect.aa(), "A/A");
        Map<String, Analysis.ComparisonResult> out = new java.util.HashMap<>();
        Analysis.analyze(List.of(c, aa), records).forEach(r -> out.put(r.comparison().subject(), r));
        return out;
    }

    private static final double[] SCATTER = {1.02, 0.98, 1.01, 0.99, 1.0, 1.03, 0.97, 1.0, 1.01, 0.99};

    @Test
    void aClaimHoldsAgainstItsAaDespiteOneBadRound() {
        // a costs 1.24 .. 1.67 times b in nine rounds and 0.9 times in one: one Walsh average below 0 of 55, and at
        // 99 % the bound is the sixth.
        Map<String, Analysis.ComparisonResult> r = judged(Expect.slower(),
                new double[] {124, 150, 135, 167, 90, 140, 130, 145, 138, 129}, SCATTER);
        assertEquals(Analysis.Status.HOLDS, r.get("a").status(), r.get("a").reason());
        assertEquals(9, r.get("a").data().iterationsOnExpectedSide());
        assertEquals(Analysis.Status.HOLDS, r.get("b-again").status(), r.get("b-again").reason());
        assertEquals(0, Analysis.exitCode(List.copyOf(r.values())));
    }

    @Test
    void aRevertedFixIsTheSameAsItsAaAndFails() {
        // Both layouts now cost the same, give or take the A/A's own scatter.
        double[] b = new double[10];
        java.util.Arrays.fill(b, 100);
        Map<String, Analysis.ComparisonResult> r = judged(Expect.slower(), b,
                new double[] {1.05, 0.95, 1.04, 0.96, 1.0, 1.03, 0.97, 1.02, 0.98, 1.01});
        assertEquals(Analysis.Status.FAILS, r.get("a").status(), r.get("a").reason());
        assertEquals(1, Analysis.exitCode(List.copyOf(r.values())));
    }

    @Test
    void fasterClaimsMirrorSlowerOnes() {
        double[] b = {33, 35, 32, 34, 33, 31, 36, 33, 34, 32};
        assertEquals(Analysis.Status.HOLDS, judged(Expect.faster(), b, SCATTER).get("a").status());
    }

    @Test
    void informationalComparisonsNeverFailTheRunAndNothingGatedIsNoVerdict() {
        Analysis.ComparisonResult r = analyze(Expect.info(Expect.Direction.SIMILAR),
                new double[] {100, 300}, new double[] {100, 290}, new double[] {100, 310});
        assertEquals(Analysis.Status.INFO, r.status());
        assertEquals("", r.confidence());
        assertEquals(3, Analysis.exitCode(List.of(r)), "no gated claim was judged: exit 3, never a silent 0");
    }

    @Test
    void fewerRoundsThanABoundNeedsDecideNothing() {
        Map<String, Analysis.ComparisonResult> r = judged(Expect.slower(), new double[] {150, 150, 150},
                SCATTER);
        assertEquals(Analysis.Status.TOO_FEW_ROUNDS, r.get("a").status());
        assertEquals(3, Analysis.exitCode(List.copyOf(r.values())));
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
