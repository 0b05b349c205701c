package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Metric;
import org.junit.jupiter.api.Test;

/** The interleaved comparison kind: one fork per round, one ratio per measurement iteration from aux counters. */
class InterleavedAnalysisTest {
    private static final IterationSpec TWO = new IterationSpec(2, 500);
    private static final Claim STRADDLED = Claim.interleaved("csd", "straddled", "line-aligned",
            Expect.slower(), "claim");

    /** A fork of the subject variant whose iterations report these nanoseconds and calls per side. */
    private static ForkRecord fork(int round, double[] subjectNanos, double[] subjectCalls, double[] referenceNanos,
                                   double[] referenceCalls) {
        Header info = FakeForks.header("org.cachelinebench.benchmarks.IpiInterleaved.ipi", "thrpt", 2,
                Map.of("subject", "straddled"), TWO, TWO);
        int n = subjectNanos.length;
        double[] pairs = new double[n];
        double[] rate = new double[n];
        for (int i = 0; i < n; i++) {
            pairs[i] = subjectCalls[i] / 256;
            rate[i] = 1;
        }
        Map<String, Metric> s = new LinkedHashMap<>();
        s.put("sender", FakeForks.metric("ops/us", rate));
        s.put(Claim.SUBJECT_NANOS, FakeForks.metric("#", subjectNanos));
        s.put(Claim.SUBJECT_CALLS, FakeForks.metric("#", subjectCalls));
        s.put(Claim.REFERENCE_NANOS, FakeForks.metric("#", referenceNanos));
        s.put(Claim.REFERENCE_CALLS, FakeForks.metric("#", referenceCalls));
        s.put(Claim.SLICE_PAIRS, FakeForks.metric("#", pairs));
        long t = round * 10_000L;
        return new ForkRecord(round, "csd", "straddled", 0, t, t + 3000,
                new ForkResult(info, FakeForks.metric("ops/us", rate), s, t + 1500, t + 2500));
    }

    @Test
    void everyIterationIsOneRatioOfNanosecondsPerCall() {
        // iteration 1: subject 150 ns/call, reference 100 ns/call; iteration 2: 240 vs 200.
        ForkRecord f = fork(0, new double[] {150e6, 240e6}, new double[] {1e6, 1e6},
                new double[] {50e6, 100e6}, new double[] {0.5e6, 0.5e6});
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), List.of(f)).get(0);
        assertArrayEquals(new double[] {1.5, 1.2}, r.ratios(), 1e-12);
        assertEquals(1, r.rounds());
        assertArrayEquals(new double[] {1.5, 1.2}, r.byFork()[0], 1e-12);
        assertEquals(Math.sqrt(150 * 240), r.subject().geoMean(), 1e-9);
        assertEquals("ns/op", r.subject().unit());
        assertEquals(Math.sqrt(100 * 200), r.reference().geoMean(), 1e-9);
        // the sides are a slice apart: (150 + 50) ms over 2 x 3906.25 pairs
        assertEquals((150e6 + 50e6) / (2 * 1e6 / 256) / 1e9, r.secondsApart()[0], 1e-15);
        assertEquals(Analysis.Status.TOO_FEW_ROUNDS, r.status(), "two iterations of one fork are one round");
    }

    /**
     * The VM's states (round trips ~80, ~133 and ~475 ns) change between and within forks: whatever state an
     * iteration drew, it drew it for both sides, so the interleaved ratio is the true 1.4 in every sample,
     * while the same states drawn by separate forks scatter the fork ratios around 1.
     */
    @Test
    void driftThatHitsBothSidesEquallyCancels() {
        double[] states = {80, 133, 475, 133, 80, 475, 475, 80, 133, 80, 475, 133};
        List<ForkRecord> interleaved = new ArrayList<>();
        double calls = 1e6;
        for (int round = 0; round < 6; round++) {
            double a = states[2 * round], b = states[2 * round + 1];
            interleaved.add(fork(round, new double[] {1.4 * a * calls, 1.4 * b * calls}, new double[] {calls, calls},
                    new double[] {a * calls, b * calls}, new double[] {calls, calls}));
        }
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), interleaved).get(0);
        assertEquals(12, r.ratios().length);
        for (double ratio : r.ratios()) {
            assertEquals(1.4, ratio, 1e-12);
        }
        assertEquals(6, r.rounds());
        assertEquals(Analysis.Status.HOLDS, r.status());
        assertEquals(1.4, r.stats().low(), 1e-9);
        assertEquals(1.4, r.stats().high(), 1e-9);

        // The same states drawn by separate forks: subject fork in state a, reference fork in state b.
        double[][] forks = new double[6][];
        for (int round = 0; round < 6; round++) {
            double a = states[2 * round], b = states[2 * round + 1];
            forks[round] = new double[] {1.4 * a / b};
        }
        double spread = java.util.Arrays.stream(forks).mapToDouble(x -> x[0]).max().orElseThrow()
                / java.util.Arrays.stream(forks).mapToDouble(x -> x[0]).min().orElseThrow();
        assertTrue(spread > 10, "separate forks scatter by the state ratio: " + spread);
    }

    @Test
    void anIterationWithoutACompletePairIsRefusedNamingIt() {
        ForkRecord f = fork(2, new double[] {1e6, 0}, new double[] {1e4, 0}, new double[] {1e6, 0},
                new double[] {1e4, 0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(STRADDLED), List.of(f)));
        assertTrue(e.getMessage().startsWith("csd.straddled-vs-line-aligned: round 3, iteration 2 measured no complete slice pair"),
                e.getMessage());
    }

    @Test
    void ratiosJsonHasOneForkPerRoundWithItsIterations() {
        List<ForkRecord> records = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            records.add(fork(round, new double[] {120, 130}, new double[] {1, 1}, new double[] {100, 100},
                    new double[] {1, 1}));
        }
        List<Analysis.ComparisonResult> results = Analysis.analyze(List.of(STRADDLED), records);
        List<JmhResult> entries = JmhFiles.ratios(results, records);
        assertEquals(1, entries.size());
        JmhResult e = entries.get(0);
        assertEquals("pair.csd.straddled-vs-line-aligned", e.benchmark());
        assertEquals(3, e.primary().rawData().length);
        assertEquals(2, e.header().measurement().count());
        assertArrayEquals(new double[] {1.2, 1.3}, e.primary().rawData()[2], 1e-12);
    }

    @Test
    void anInterleavedComparisonHasNoMetricSuffixAndOnlyTheInterleavedMetric() {
        assertEquals("csd.straddled-vs-line-aligned", STRADDLED.id());
        assertThrows(IllegalArgumentException.class,
                () -> new Claim("csd", "a", "b", Claim.INTERLEAVED, Expect.slower(), "claim"));
        assertThrows(IllegalArgumentException.class,
                () -> new Claim("csd", "a", "b", "sender", Expect.slower(), "claim", true));
    }
}
