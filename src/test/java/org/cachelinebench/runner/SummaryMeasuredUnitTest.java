package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.unit.MeasuredUnitPrediction;
import org.cachelinebench.coherence.unit.ProbeCosts;
import org.cachelinebench.results.JmhResult;
import org.junit.jupiter.api.Test;

/**
 * summary.md sets beside every interleaved comparison, gated or informational, the prediction in the comparison's
 * own unit at the run's probes, with its range and "inside"/"outside" against the measured interval, and gives one
 * hit line per run; a run without probes says "no probes" where a prediction needs one. A comparison of forks has
 * no such prediction.
 */
class SummaryMeasuredUnitTest {
    private static final Claim MAILBOX = Suite.claim("mailbox.straddled-vs-line-aligned");
    private static final Claim MAILBOX_SIZE = Suite.claim("mailbox.size-aligned-vs-line-aligned");
    private static final Claim MAILBOX_AA = Suite.claim("mailbox.line-aligned-again-vs-line-aligned");
    /** A serial line at 0.50 (0.45 .. 0.55) floors. */
    private static final ProbeCosts PROBES = new ProbeCosts(new ProbeCosts.Range(0.45, 0.50, 0.55),
            new ProbeCosts.Range(0.2, 0.3, 0.4), new ProbeCosts.Range(0.0, 0.1, 0.2));

    /** An interleaved comparison measured at {@code extra} (its interval ± 0.05) extra round trips. */
    private static Analysis.ComparisonResult interleaved(Claim c, double ratio, double extra) {
        double[] ratios = {ratio * 0.99, ratio, ratio * 1.01};
        double[] extras = {extra - 0.05, extra, extra + 0.05};
        Analysis.Measured m = new Analysis.Measured("b", "b", ratios, new double[3], RatioStats.of(ratios),
                new Analysis.Score(100, "ns/op"), new Analysis.Score(100, "ns/op"), 3,
                new double[][] {{ratios[0]}, {ratios[1]}, {ratios[2]}}, extras, MeanStats.of(extras),
                new double[] {80, 80, 80}, 0, new int[] {0, 1, 2});
        return new Analysis.ComparisonResult(c, m, Judgment.Verdict.of(Analysis.Status.INFO, "", ratio, 3));
    }

    private static List<Summary.Entry> entries(UnitPredictions.RunCosts costs) {
        List<Analysis.ComparisonResult> results = List.of(interleaved(MAILBOX, 1.45, 0.52),
                interleaved(MAILBOX_SIZE, 1.0, 0.40), interleaved(MAILBOX_AA, 1.0, 0.0));
        Map<String, Summary.Prediction> p = Summary.predictions(results, costs);
        Summary s = Summary.of("ci", 3, new org.cachelinebench.claims.IterationSpec(2, 500),
                new org.cachelinebench.claims.IterationSpec(2, 500), 64, null, results, List.of());
        // The same entries, each with the prediction at these costs: summary.json round-trips them.
        List<Summary.Entry> out = new java.util.ArrayList<>();
        for (Summary.Entry e : s.comparisons()) {
            Summary.Entry priced = Summary.fromJson(s.toJson()).comparisons().get(out.size());
            out.add(withPrediction(priced, p.get(e.id())));
        }
        return out;
    }

    private static Summary.Entry withPrediction(Summary.Entry e, Summary.Prediction p) {
        return new Summary.Entry(e.id(), e.set(), e.subject(), e.reference(), e.metric(), e.claim(), e.direction(),
                e.expected(), e.checked(), e.atLeast(), e.rounds(), e.ratios(), e.geoMean(), e.low(), e.high(),
                e.median(), e.logSd(), e.iterationsOnExpectedSide(), e.medianSecondsApart(), e.subjectBenchmark(),
                e.subjectScore(), e.subjectUnit(), e.referenceBenchmark(), e.referenceScore(), e.referenceUnit(),
                e.status(), e.confidence(), e.extraTransfers(), e.extraTransfersLow(), e.extraTransfersHigh(),
                e.floorNanos(), e.floorNanosByRound(), e.iterationsWithoutCycle(), e.reason(), e.judgedMedian(),
                e.baselineTolerance(), e.blindIn(), e.states(), e.byRound(), e.effect(), e.effectLow(), e.effectHigh(),
                e.margin(), p);
    }

    private static String row(String md, Claim c) {
        return md.lines().filter(l -> l.startsWith("| `" + c.id() + "` |")).findFirst().orElseThrow();
    }

    @Test
    void withProbesEveryInterleavedRowHasThePredictionInItsUnitAndTheRunItsHitLine() {
        List<Summary.Entry> e = entries(new UnitPredictions.RunCosts(PROBES, List.<JmhResult>of()));
        String md = SummaryTable.markdown(e);
        assertTrue(md.lines().findFirst().orElseThrow().contains(
                "| predicted in the measured unit (range from the probes) | against measured |"), md);
        assertTrue(row(md, MAILBOX).contains("| +0.50 (+0.45 .. +0.55) | inside |"), row(md, MAILBOX));
        assertTrue(row(md, MAILBOX_SIZE).contains("| +0.00 | outside |"), "one line either way: "
                + row(md, MAILBOX_SIZE));
        assertTrue(row(md, MAILBOX_AA).contains("| +0.00 | inside |"), row(md, MAILBOX_AA));
        assertEquals(UnitPredictions.hitLine(2, 3), SummaryTable.hitLine(e));
    }

    @Test
    void withoutProbesTheRowsSayNoProbesAndTheHitLineCountsThem() {
        List<Summary.Entry> e = entries(new UnitPredictions.RunCosts(null, List.<JmhResult>of()));
        String md = SummaryTable.markdown(e);
        assertTrue(row(md, MAILBOX).contains("| " + MeasuredUnitPrediction.NO_PROBES + " |  |"), row(md, MAILBOX));
        assertEquals(UnitPredictions.hitLine(1, 2) + " 1 comparison says \"no probes\" (this run recorded no probes).",
                SummaryTable.hitLine(e));
    }

    @Test
    void theRunnersSummaryCarriesTheHitLineAndSummaryJsonThePricedFields() {
        Summary s = Summary.of("ci", 3, new org.cachelinebench.claims.IterationSpec(2, 500),
                new org.cachelinebench.claims.IterationSpec(2, 500), 64, null, List.of(interleaved(MAILBOX, 1.45, 0.52)),
                List.of());
        Summary.Prediction p = Summary.fromJson(s.toJson()).comparisons().get(0).prediction();
        assertEquals(UnitPredictions.ROUND_TRIPS, p.measuredUnit());
        assertNull(p.predictedMid(), "no forks, so no probes");
        assertEquals(MeasuredUnitPrediction.NO_PROBES, p.unpriced());
        assertTrue(SummaryTable.hitLine(s.comparisons()).contains("\"no probes\""));
    }

    @Test
    void aComparisonOfForksHasNoPredictionInAMeasuredUnit() {
        Claim forks = Suite.COMPARISONS.stream().filter(c -> !c.interleaved()).findFirst().orElseThrow();
        Analysis.ComparisonResult r = HandBuilt.comparison(forks, "b", "b", new double[] {1.1, 1.2, 1.3},
                new double[3], RatioStats.of(new double[] {1.1, 1.2, 1.3}), new Analysis.Score(1, "ns/op"),
                new Analysis.Score(1, "ns/op"), 3, Analysis.Status.INFO);
        Summary.Prediction p = Summary.predictions(List.of(r), new UnitPredictions.RunCosts(PROBES, List.of()))
                .get(forks.id());
        assertNull(p == null ? null : p.measuredUnit());
    }
}
