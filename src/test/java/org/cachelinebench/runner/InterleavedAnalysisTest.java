package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;
import org.junit.jupiter.api.Test;

/**
 * The interleaved comparison kind: a claim names two sides of the set's one interleaved fork; every
 * measurement iteration gives one ratio and one count of extra line transfers, the medians over its cycles the
 * subject's aux counters report; ns per call and the floor come from the sums.
 * Every expected number below is worked out by hand in the comments, not by the code under test.
 */
class InterleavedAnalysisTest {
    private static final IterationSpec TWO = new IterationSpec(2, 500);
    private static final String VARIANT = "interleaved";
    private static final Claim STRADDLED = Claim.interleaved("csd", VARIANT, "straddled", "line-aligned",
            Expect.slower(), "claim");

    /**
     * Per side, per iteration: nanoseconds and calls (the sums), and the medians over the iteration's cycles the
     * benchmark reports, its ratio and extra lines; null: as if every cycle of the iteration had the sums' costs.
     */
    private record Side(String name, double[] nanos, double[] calls, double[] ratio, double[] extra) {
        /** The same sums with these medians, as when some cycles were far slower than the rest. */
        Side medians(double[] ratio, double[] extra) {
            return new Side(name, nanos, calls, ratio, extra);
        }
    }

    private static Side side(String name, double[] nanos, double[] calls) {
        return new Side(name, nanos, calls, null, null);
    }

    /** Every side made 1e6 calls in every iteration; nanos = ns per call x 1e6. */
    private static Side perCall(String name, double... nsPerCall) {
        double[] nanos = new double[nsPerCall.length];
        double[] calls = new double[nsPerCall.length];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = nsPerCall[i] * 1e6;
            calls[i] = 1e6;
        }
        return side(name, nanos, calls);
    }

    /**
     * A fork of the interleaved variant whose iterations report these sides' counters: the sums, and every side but
     * the reference its ratio, every side but the reference and the floor its extra lines (given, or the sums'
     * when every cycle is alike; NaN for an iteration without calls, as the benchmark reports an empty log).
     */
    private static ForkRecord fork(int round, double[] cycles, Side... sides) {
        return fork(round, 2, cycles, sides);
    }

    private static ForkRecord fork(int round, int threads, double[] cycles, Side... sides) {
        Header info = FakeForks.header("org.cachelinebench.benchmarks.IpiInterleaved.ipi", "thrpt", threads,
                Map.of("mode", "sync"), TWO, TWO);
        double[] rate = new double[cycles.length];
        java.util.Arrays.fill(rate, 1);
        Map<String, Metric> s = new LinkedHashMap<>();
        s.put("sender", FakeForks.metric("ops/us", rate));
        Side reference = find(sides, "line-aligned");
        Side floor = find(sides, "floor");
        for (Side side : sides) {
            s.put(CounterNames.nanos(side.name()), FakeForks.metric("#", side.nanos()));
            s.put(CounterNames.calls(side.name()), FakeForks.metric("#", side.calls()));
            if (side == reference) {
                continue;
            }
            double[] ratio = side.ratio(), extra = side.extra();
            if (ratio == null && reference != null) {
                ratio = new double[cycles.length];
                for (int i = 0; i < cycles.length; i++) {
                    ratio[i] = cost(side, i) / cost(reference, i);
                }
            }
            if (extra == null && reference != null && floor != null) {
                extra = new double[cycles.length];
                for (int i = 0; i < cycles.length; i++) {
                    extra[i] = (cost(side, i) - cost(reference, i)) / cost(floor, i);
                }
            }
            if (ratio != null) {
                s.put(CounterNames.ratio(side.name()), FakeForks.metric("#", ratio));
            }
            if (extra != null && side != floor) {
                s.put(CounterNames.extra(side.name()), FakeForks.metric("#", extra));
            }
        }
        s.put(CounterNames.CYCLES, FakeForks.metric("#", cycles));
        s.put(CounterNames.CYCLES_NOT_LOGGED, FakeForks.metric("#", new double[cycles.length]));
        long t = round * 10_000L;
        return new ForkRecord(round, "csd", VARIANT, 0, t, t + 3000,
                new ForkResult(info, FakeForks.metric("ops/us", rate), s, t + 1500, t + 2500));
    }

    private static Side find(Side[] sides, String name) {
        return java.util.Arrays.stream(sides).filter(x -> x.name().equals(name)).findFirst().orElse(null);
    }

    private static double cost(Side side, int i) {
        return side.nanos()[i] / side.calls()[i];
    }

    /**
     * Iteration 1: straddled 150, line-aligned 100, floor 50 ns/call: ratio 1.5, extra (150-100)/50 = 1.0.
     * Iteration 2: 240, 200, 80: ratio 1.2, extra (240-200)/80 = 0.5.
     */
    private static ForkRecord twoIterations(int round) {
        return fork(round, new double[] {10, 12},
                perCall("straddled", 150, 240), perCall("line-aligned", 100, 200), perCall("floor", 50, 80));
    }

    /**
     * The samples are the medians over cycles the fork reports, not the sums' ratios: iteration 1's sums say
     * straddled 150, line-aligned 100, floor 50 ns/call (ratio 1.5, as when one preempted cycle hit the straddled
     * side), its medians ratio 1.08 and extra lines +0.16; iteration 2's sums 240, 200, 80, its medians 1.2 and
     * +0.5. The ns per call, the floor and the slices' distance come from the sums.
     */
    @Test
    void everyIterationIsOneRatioAndOneCountOfExtraLineTransfers() {
        ForkRecord f = fork(0, new double[] {10, 12},
                perCall("straddled", 150, 240).medians(new double[] {1.08, 1.2}, new double[] {0.16, 0.5}),
                perCall("line-aligned", 100, 200), perCall("floor", 50, 80));
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), List.of(f)).get(0);
        assertArrayEquals(new double[] {1.08, 1.2}, r.data().ratios(), 1e-12);
        assertEquals(1, r.rounds());
        assertArrayEquals(new double[] {1.08, 1.2}, r.data().byFork()[0], 1e-12);
        assertArrayEquals(new double[] {0.16, 0.5}, r.data().extraTransfers(), 1e-12);
        assertEquals(0.33, r.data().extra().mean(), 1e-12);
        assertTrue(Double.isNaN(r.data().extra().low()), "two samples: no interval");
        // the floor of the round: the median of 50 and 80
        assertArrayEquals(new double[] {65}, r.data().floorNanos(), 1e-12);
        assertEquals(65, r.medianFloorNanos(), 1e-12);
        assertEquals(Math.sqrt(150 * 240), r.data().subject().geoMean(), 1e-9);
        assertEquals("ns/op", r.data().subject().unit());
        assertEquals(Math.sqrt(100 * 200), r.data().reference().geoMean(), 1e-9);
        // the sides are a mean slice apart: 256 calls x (150 + 100) / 2 ns = 32 us; then 256 x 220 ns
        assertArrayEquals(new double[] {32e-6, 56.32e-6}, r.data().secondsApart(), 1e-15);
        assertEquals(Analysis.Status.NOT_JUDGED, r.status(), "no A/A control ran: nothing to judge it against");
    }

    /** The floor's claim has a ratio per iteration and no extra lines: the floor is their unit. */
    @Test
    void theFloorsClaimHasARatioAndNoExtraLines() {
        Claim floor = Claim.interleaved("csd", VARIANT, "floor", "line-aligned", Expect.info(Expect.Direction.FASTER),
                "claim");
        ForkRecord f = fork(0, new double[] {10, 12}, perCall("straddled", 150, 240),
                perCall("line-aligned", 100, 200), perCall("floor", 50, 80).medians(new double[] {0.45, 0.41}, null));
        Analysis.ComparisonResult r = Analysis.analyze(List.of(floor), List.of(f)).get(0);
        assertArrayEquals(new double[] {0.45, 0.41}, r.data().ratios(), 1e-12);
        assertNull(r.data().extraTransfers());
        assertNull(r.data().extra());
        assertNull(Summary.of("ci", 1, TWO, TWO, 64, null, List.of(r), List.of(f)).comparisons().get(0)
                .extraTransfers());
    }

    /**
     * JMH sums a counter over the threads that report it: with -t 4 two senders, two schedules, report
     * straddledRatio 1.1 + 1.3 = 2.4 and straddledExtra 0.2 + 0.4 = 0.6; the sample is their mean, 1.2 and 0.3.
     */
    @Test
    void twoGroupsMediansAreSummedByJmhAndAveragedBack() {
        ForkRecord f = fork(0, 4, new double[] {20}, perCall("straddled", 120).medians(new double[] {2.4},
                new double[] {0.6}), perCall("line-aligned", 100), perCall("floor", 50));
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), List.of(f)).get(0);
        assertArrayEquals(new double[] {1.2}, r.data().ratios(), 1e-12);
        assertArrayEquals(new double[] {0.3}, r.data().extraTransfers(), 1e-12);
    }

    /**
     * The medians are against the benchmark's reference side only: a claim whose reference is another side (here
     * straddled, which reports its own straddledRatio) cannot be formed, and is refused naming the side.
     */
    @Test
    void aClaimAgainstAnotherSideThanTheReferenceIsRefused() {
        Claim wrong = Claim.interleaved("csd", VARIANT, "size-aligned", "straddled", Expect.info(Expect.Direction.SIMILAR),
                "claim");
        ForkRecord f = fork(0, new double[] {1}, perCall("straddled", 150), perCall("size-aligned", 101),
                perCall("line-aligned", 100), perCall("floor", 50));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(wrong), List.of(f)));
        assertEquals("csd.size-aligned-vs-straddled: round 1: straddled is not the reference side of "
                + "org.cachelinebench.benchmarks.IpiInterleaved.ipi (it reports straddledRatioMedian), and ratios are "
                + "measured only against that side", e.getMessage());
    }

    /** An iteration that completed cycles but reports no median (NaN) contradicts itself: refused, naming it. */
    @Test
    void aMissingMedianInAnIterationWithCyclesIsRefused() {
        ForkRecord f = fork(1, new double[] {3, 3}, perCall("straddled", 150, 150).medians(
                new double[] {1.5, Double.NaN}, new double[] {1, 1}), perCall("line-aligned", 100, 100),
                perCall("floor", 50, 50));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(STRADDLED), List.of(f)));
        assertEquals("csd.straddled-vs-line-aligned: round 2, iteration 2 counted 3.0 cycles but its straddledRatioMedian is"
                + " NaN", e.getMessage());
    }

    /**
     * Four samples of extra transfers, 1.0, 0.5, 1.5, 1.0: mean 1.0; squared deviations 0, 0.25, 0.25, 0, so
     * sd = sqrt(0.5 / 3) = 0.408248; t(0.975, 3 df) = 3.182446; half width = 3.182446 x 0.408248 / sqrt(4)
     * = 0.649614.
     */
    @Test
    void extraLineTransfersHaveAMeanWithAStudentTInterval() {
        // Four rounds of one iteration each: extra lines (200 - 100) / 100 = 1.0, 0.5, 1.5, 1.0.
        double[][] straddled = {{200}, {150}, {250}, {200}};
        List<ForkRecord> records = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            records.add(fork(round, new double[] {1}, perCall("straddled", straddled[round]),
                    perCall("line-aligned", 100), perCall("floor", 100)));
        }
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), records).get(0);
        assertArrayEquals(new double[] {1.0, 0.5, 1.5, 1.0}, r.data().extraTransfers(), 1e-12);
        assertArrayEquals(new double[] {2.0, 1.5, 2.5, 2.0}, r.data().ratios(), 1e-12);
        MeanStats e = r.data().extra();
        assertEquals(4, e.n());
        assertEquals(1.0, e.mean(), 1e-12);
        assertEquals(Math.sqrt(0.5 / 3), e.sd(), 1e-12);
        assertEquals(1.0 - 0.649614, e.low(), 1e-6);
        assertEquals(1.0 + 0.649614, e.high(), 1e-6);
        assertEquals(4, r.rounds());
    }

    /**
     * The round is the unit of the intervals: three rounds of three iterations, ratios {1.1, 1.2, 1.3},
     * {1.2, 1.2, 1.2}, {1.0, 1.3, 1.4}, give three values, their medians 1.2, 1.2, 1.3, not nine. Logs: ln 1.2 twice
     * and ln 1.3; extra lines, one line per 0.1 of ratio (floor = reference): medians 0.2, 0.2, 0.3.
     */
    @Test
    void theIntervalsAreOverRoundsOneValueEach() {
        double[][] ratios = {{1.1, 1.2, 1.3}, {1.2, 1.2, 1.2}, {1.0, 1.3, 1.4}};
        List<ForkRecord> records = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            double[] ns = new double[3];
            for (int i = 0; i < 3; i++) {
                ns[i] = 100 * ratios[round][i];
            }
            records.add(fork(round, new double[] {1, 1, 1}, perCall("straddled", ns), perCall("line-aligned", 100, 100,
                    100), perCall("floor", 100, 100, 100)));
        }
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), records).get(0);
        assertEquals(9, r.data().ratios().length, "every iteration is still reported");
        assertEquals(3, r.data().stats().n(), "one value per round");
        double mean = (2 * Math.log(1.2) + Math.log(1.3)) / 3;
        assertEquals(Math.exp(mean), r.data().stats().geoMean(), 1e-12);
        assertEquals(1.2, r.data().stats().median(), 1e-12);
        assertEquals(3, r.data().extra().n());
        assertEquals((0.2 + 0.2 + 0.3) / 3, r.data().extra().mean(), 1e-12);
    }

    /**
     * The VM's states (round trips ~80, ~133 and ~475 ns) change between and within forks: whatever state an
     * iteration drew, it drew it for every side, so the ratio is the true 1.4 and the extra transfers the true
     * (1.4a - a) / (0.5a) = 0.8 in every sample, while the same states drawn by separate forks scatter.
     */
    @Test
    void driftThatHitsEverySideEquallyCancels() {
        double[] states = {80, 133, 475, 133, 80, 475, 475, 80, 133, 80, 475, 133};
        List<ForkRecord> interleaved = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            double a = states[2 * round], b = states[2 * round + 1];
            interleaved.add(fork(round, new double[] {3, 3}, perCall("straddled", 1.4 * a, 1.4 * b),
                    perCall("line-aligned", a, b), perCall("floor", 0.5 * a, 0.5 * b)));
        }
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), interleaved).get(0);
        assertEquals(12, r.data().ratios().length);
        for (int i = 0; i < 12; i++) {
            assertEquals(1.4, r.data().ratios()[i], 1e-12);
            assertEquals(0.8, r.data().extraTransfers()[i], 1e-12);
        }
        assertEquals(6, r.rounds());
        assertEquals(1.4, r.data().stats().low(), 1e-9);
        assertEquals(1.4, r.data().stats().high(), 1e-9);
        assertEquals(0.8, r.data().extra().low(), 1e-9);
        assertEquals(0.8, r.data().extra().high(), 1e-9);
        // each round's floor: the median of 0.5a and 0.5b
        for (int round = 0; round < 6; round++) {
            assertEquals(0.25 * (states[2 * round] + states[2 * round + 1]), r.data().floorNanos()[round], 1e-9);
        }

        // The same states drawn by separate forks: subject fork in state a, reference fork in state b.
        double min = Double.MAX_VALUE, max = 0;
        for (int round = 0; round < 6; round++) {
            double ratio = 1.4 * states[2 * round] / states[2 * round + 1];
            min = Math.min(min, ratio);
            max = Math.max(max, ratio);
        }
        assertTrue(max / min > 10, "separate forks scatter by the state ratio: " + max / min);
    }

    @Test
    void theFloorOfEveryRoundIsAvailableForTheOtherClaimsOfThatRound() {
        // round 0: floor 50 and 80 ns (median 65); round 1: 60, 70, 200 ns (median 70)
        List<ForkRecord> records = List.of(twoIterations(0), fork(1, new double[] {1, 1, 1},
                perCall("straddled", 1, 1, 1), perCall("line-aligned", 1, 1, 1), perCall("floor", 60, 200, 70)));
        assertEquals(Map.of(0, 65.0, 1, 70.0), Analysis.floorNanosByRound(records, "csd"));
        assertEquals(Map.of(), Analysis.floorNanosByRound(records, "chunk"));
    }

    /** An iteration that completed no cycle measured nothing: left out, counted, shown in the table. */
    @Test
    void anIterationWithoutACycleIsLeftOutAndCounted() {
        ForkRecord f = fork(0, new double[] {4, 0}, side("straddled", new double[] {150e6, 0}, new double[] {1e6, 0}),
                side("line-aligned", new double[] {100e6, 0}, new double[] {1e6, 0}),
                side("floor", new double[] {50e6, 0}, new double[] {1e6, 0}));
        Analysis.ComparisonResult r = Analysis.analyze(List.of(STRADDLED), List.of(f)).get(0);
        assertArrayEquals(new double[] {1.5}, r.data().ratios(), 1e-12);
        assertArrayEquals(new double[] {1.0}, r.data().extraTransfers(), 1e-12);
        assertArrayEquals(new double[] {50}, r.data().floorNanos(), 1e-12);
        assertEquals(1, r.data().noCycle());
        Summary s = Summary.of("ci", 1, TWO, TWO, 64, null, List.of(r), List.of(f));
        assertEquals(1, s.comparisons().get(0).iterationsWithoutCycle());
        // The fork's median counters are NaN in that iteration, so their scores too: left out of summary.json.
        Summary.Fork fork = Summary.fromJson(s.toJson()).forks().get(0);
        assertEquals(null, fork.scores().get(CounterNames.ratio("straddled")), fork.scores().toString());
        assertTrue(fork.scores().containsKey(CounterNames.nanos("straddled")), fork.scores().toString());
        assertTrue(SummaryTable.text(s.comparisons()).contains("  1 (1 it., 1 without a cycle)  "),
                SummaryTable.text(s.comparisons()));
        assertEquals(Map.of(0, 50.0), Analysis.floorNanosByRound(List.of(f), "csd"));
    }

    @Test
    void noCycleInAnyIterationIsRefused() {
        double[] zero = {0, 0};
        ForkRecord f = fork(0, zero, side("straddled", zero, zero), side("line-aligned", zero, zero),
                side("floor", zero, zero));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(STRADDLED), List.of(f)));
        assertEquals("csd.straddled-vs-line-aligned: no measurement iteration of any round completed a cycle of the "
                + "interleaved schedule (2 iterations; run longer iterations)", e.getMessage());
    }

    @Test
    void countersThatContradictEachOtherAreRefusedNamingTheIteration() {
        ForkRecord f = fork(2, new double[] {1, 1}, side("straddled", new double[] {1e6, 0}, new double[] {1e4, 0})
                        .medians(new double[] {1, 1}, new double[] {0, 0}),
                perCall("line-aligned", 100, 100), perCall("floor", 50, 50));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(STRADDLED), List.of(f)));
        assertEquals("csd.straddled-vs-line-aligned: round 3, iteration 2 counted 1.0 cycles but straddled 0.0 ns / "
                + "0.0 calls", e.getMessage());
    }

    @Test
    void aForkWithoutTheFloorIsRefusedNamingTheCounter() {
        ForkRecord f = fork(0, new double[] {1, 1}, perCall("straddled", 150, 150).medians(new double[] {1.5, 1.5},
                new double[] {1, 1}), perCall("line-aligned", 100, 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyze(List.of(STRADDLED), List.of(f)));
        assertTrue(e.getMessage().contains("no metric 'floorNanos'"), e.getMessage());
    }

    @Test
    void summaryTablesAndTheForkLineShowTheExtraTransfersAndTheFloor() {
        List<ForkRecord> records = List.of(twoIterations(0));
        List<Analysis.ComparisonResult> results = Analysis.analyze(List.of(STRADDLED), records);
        Summary s = Summary.of("ci", 1, TWO, TWO, 64, null, results, records);
        Summary.Entry e = Summary.fromJson(s.toJson()).comparisons().get(0);
        assertEquals(0.75, e.extraTransfers(), 1e-12);
        assertNull(e.extraTransfersLow(), "two samples: no interval");
        assertEquals(65, e.floorNanos(), 1e-12);
        assertEquals(List.of(65.0), e.floorNanosByRound());
        assertEquals("one state 1", e.states(), "one floor shows no gap: one state");
        String text = SummaryTable.text(s.comparisons());
        assertTrue(text.lines().findFirst().orElseThrow().contains("extra lines (95% interval)  predicted extra"), text);
        assertTrue(text.contains("+0.75") && text.contains("65.0"), text);
        String md = SummaryTable.markdown(s.comparisons());
        assertTrue(md.contains("| extra line transfers (95 % interval) | predicted extra transfers | predicted in the "
                + "measured unit (range from the probes) | against measured | floor ns/call |"), md);
        assertTrue(md.contains("| +0.75 | +2.00 (+1.00 rt) [1] | no probes |  | 65.0 |"), md);

        // The fork's line: the floor over both iterations from the sums, (50 + 80) / 2 = 65 ns per call; the ratio
        // and extra lines the median over the iterations of their medians, (1.5 + 1.2) / 2 = 1.350 and
        // (1.0 + 0.5) / 2 = +0.75; cycles 10 + 12.
        String line = PairedSession.describe(records.get(0), List.of(STRADDLED));
        assertTrue(line.startsWith("floor 65.0 ns/call  straddled/line-aligned 1.350 (+0.75 lines)  (22 cycles, 3.0 s)"),
                line);
    }

    @Test
    void aComparisonOfForksHasNoExtraTransfersOrFloor() {
        List<ForkRecord> records = List.of(twoIterations(0));
        Analysis.ComparisonResult r = HandBuilt.comparison(
                new Claim("s", "a", "b", "sender", Expect.slower(), "claim"), "b", "b", new double[] {1.2},
                new double[1], RatioStats.of(new double[] {1.2}), new Analysis.Score(1, "ops/s"),
                new Analysis.Score(1, "ops/s"), 1, Analysis.Status.TOO_FEW_ROUNDS);
        Summary.Entry e = Summary.of("ci", 1, TWO, TWO, 64, null, List.of(r), records).comparisons().get(0);
        assertNull(e.extraTransfers());
        assertNull(e.floorNanos());
        assertTrue(Double.isNaN(r.medianFloorNanos()));
    }

    @Test
    void ratiosJsonHasOneForkPerRoundWithItsIterations() {
        List<ForkRecord> records = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            records.add(fork(round, new double[] {1, 1}, perCall("straddled", 120, 130),
                    perCall("line-aligned", 100, 100), perCall("floor", 50, 50)));
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
    void anInterleavedClaimNamesItsVariantAndItsSidesCounters() {
        assertEquals("csd.straddled-vs-line-aligned", STRADDLED.id());
        assertEquals(VARIANT, STRADDLED.variant());
        assertTrue(STRADDLED.interleaved());
        assertThrows(IllegalArgumentException.class,
                () -> new Claim("csd", "a", "b", Claim.INTERLEAVED, Expect.slower(), "claim"));
        assertThrows(IllegalArgumentException.class,
                () -> new Claim("csd", "a", "b", "sender", Expect.slower(), "claim", new Claim.Sides(VARIANT)));
        assertThrows(IllegalStateException.class, () -> new Claim("s", "a", "b", "m", Expect.slower(), "c").variant(),
                "a comparison of forks has no interleaved variant");
        assertEquals("lineAlignedAgainNanos", CounterNames.nanos("line-aligned-again"));
        assertEquals("sizeAlignedCalls", CounterNames.calls("size-aligned"));
        assertEquals("floorNanos", CounterNames.nanos(Claim.FLOOR_SIDE));
        assertEquals("lineAlignedAgainRatioMedian", CounterNames.ratio("line-aligned-again"));
        assertEquals("offset40ExtraMedian", CounterNames.extra("offset-40"));
        assertEquals("scheduleCycles", CounterNames.CYCLES, "not perfnorm's row name, cycles");
    }
}
