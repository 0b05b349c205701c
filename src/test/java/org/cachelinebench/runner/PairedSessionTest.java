package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.RoundOrder;
import org.junit.jupiter.api.Test;

class PairedSessionTest {
    private static final IterationSpec WARMUP = new IterationSpec(1, 500);
    private static final IterationSpec MEASURE = new IterationSpec(2, 500);
    /** Straddled costs 1.4 times line-aligned: true throughputs 100 and 140 ops/s. */
    private static final double TRUE_RATIO = 1.4;
    private static final Claim A_VS_B = new Claim("s", "a", "b", "sender", Expect.slower(), "a slower");

    private static FakeForks forks(DoubleUnaryOperator drift) {
        return new FakeForks(drift, 2000).score("a", 100).score("b", 100 * TRUE_RATIO);
    }

    private static List<ForkRecord> paired(FakeForks fake, int rounds, PrintStream out) throws Exception {
        PairedSession.Plan plan = new PairedSession.Plan(List.of(FakeForks.set("s", "a", "b")), rounds, WARMUP, MEASURE);
        return new PairedSession(fake, fake, out).run(plan);
    }

    private static PrintStream sink() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    /** What a sequential comparison does: all forks of a, then all forks of b; same statistics. */
    private static double sequentialRatio(FakeForks fake, int forksEach) throws Exception {
        PairedSession.Plan plan = new PairedSession.Plan(List.of(FakeForks.set("s", "a", "b")), forksEach, WARMUP,
                MEASURE, PairedSession.Order.SEQUENTIAL);
        List<ForkRecord> records = new PairedSession(fake, fake, sink()).run(plan);
        List<String> expected = new ArrayList<>();
        for (String v : List.of("a", "b")) {
            for (int i = 0; i < forksEach; i++) {
                expected.add(v);
            }
        }
        assertEquals(expected, fake.ran, "sequential: every fork of a, then every fork of b");
        return Analysis.analyze(List.of(A_VS_B), records).get(0).data().stats().geoMean();
    }

    @Test
    void steadyDriftCancelsExactlyOverEvenRoundsButBiasesASequentialComparison() throws Exception {
        // 1 % per second: over one 3.5 s fork the machine gets 3.5 % faster.
        DoubleUnaryOperator drift = t -> Math.exp(0.01 * t);
        List<ForkRecord> records = paired(forks(drift), 8, sink());
        Analysis.ComparisonResult r = Analysis.analyze(List.of(A_VS_B), records).get(0);

        assertEquals(8, r.data().ratios().length);
        assertEquals(TRUE_RATIO, r.data().stats().geoMean(), 1e-9);
        // Each single round is off by the drift over one fork, alternately up and down.
        double oneFork = Math.exp(0.01 * 3.5);
        assertEquals(TRUE_RATIO * oneFork, r.data().ratios()[0], 1e-9);
        assertEquals(TRUE_RATIO / oneFork, r.data().ratios()[1], 1e-9);

        double sequential = sequentialRatio(forks(drift), 8);
        assertTrue(Math.abs(sequential / TRUE_RATIO - 1) > 0.25,
                "sequential comparison should be biased by the drift, got " + sequential);
    }

    @Test
    void jumpsBetweenMachineStatesLeaveThePairedMedianOnTheTruth() throws Exception {
        // Core-to-core round trips of 60, 200, 470, 1200 ns: the machine jumps between states every minute.
        double[] levels = {1.0, 60.0 / 200, 60.0 / 470, 60.0 / 1200};
        Random random = new Random(42);
        double[] state = new double[200];
        for (int i = 0; i < state.length; i++) {
            state[i] = levels[random.nextInt(levels.length)];
        }
        DoubleUnaryOperator drift = t -> state[(int) (t / 60)];
        List<ForkRecord> records = paired(forks(drift), 24, sink());
        Analysis.ComparisonResult r = Analysis.analyze(List.of(A_VS_B), records).get(0);

        assertEquals(TRUE_RATIO, r.data().stats().median(), TRUE_RATIO * 0.01, "median " + r.data().stats().median());
        long exact = java.util.Arrays.stream(r.data().ratios()).filter(x -> Math.abs(x - TRUE_RATIO) < 1e-9).count();
        assertTrue(exact >= 20, "most rounds see no jump between their two forks: " + exact + " of 24");

        double sequential = sequentialRatio(forks(drift), 24);
        assertTrue(Math.abs(Math.log(sequential / TRUE_RATIO)) > Math.log(1.2),
                "sequential comparison at the mercy of the jumps, got " + sequential);
    }

    @Test
    void printsEveryForkAsItStartsInTheBalancedOrder() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        FakeForks fake = new FakeForks(t -> 1, 2000).score("a", 1).score("b", 2).score("c", 3);
        PairedSession.Plan plan = new PairedSession.Plan(
                List.of(FakeForks.set("s", "a", "b", "c"), FakeForks.set("t", "a", "b")), 4, WARMUP, MEASURE);
        List<ForkRecord> records = new PairedSession(fake, fake, out).run(plan);

        List<String> expected = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (int i : RoundOrder.of(3, round)) {
                expected.add(round + " s " + "abc".charAt(i));
            }
            for (int i : RoundOrder.of(2, round)) {
                expected.add(round + " t " + "ab".charAt(i));
            }
        }
        List<String> actual = new ArrayList<>();
        for (ForkRecord r : records) {
            actual.add(r.round() + " " + r.set() + " " + r.variant());
        }
        assertEquals(expected, actual);
        assertEquals(List.of("a", "b", "c", "a", "b", "c", "b", "a"), fake.ran.subList(0, 8));

        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\\R");
        assertEquals(40, lines.length, "a line as each fork starts, a line with its result");
        // [  6/20] round 2/4  s   c   HH:MM:SS  elapsed ..., ETA ...
        //         = ... sender 3.000  total 6.000 ops/s  (3.5 s)
        assertTrue(lines[10].matches("\\[  6/20\\] round 2/4  s +c +\\d\\d:\\d\\d:\\d\\d  elapsed .*"), lines[10]);
        assertTrue(lines[11].matches(" +=.* sender 3\\.000 .*total 6\\.000 ops/s  \\(3\\.5 s\\)"), lines[11]);
    }

    /**
     * A set whose gated claims are decided runs no more forks, the floor set runs on, and past the rounds the one
     * undecided set runs on with it to the cap.
     */
    @Test
    void aDecidedSetStopsAndAnUndecidedOneRunsOnToTheCap() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        FakeForks fake = new FakeForks(t -> 1, 2000).score("a", 1).score("b", 2);
        String floor = org.cachelinebench.claims.Suite.FLOOR_SET;
        PairedSession.Plan plan = new PairedSession.Plan(List.of(FakeForks.set(floor, "a"), FakeForks.set("t", "a",
                "b"), FakeForks.set("u", "a", "b")), 10, WARMUP, MEASURE, PairedSession.Order.PAIRED, 14);
        List<Integer> looks = new ArrayList<>();
        List<ForkRecord> records = new PairedSession(fake, fake, out).run(plan, java.util.Set.of(floor, "t", "u"),
                soFar -> {
                    looks.add(soFar.stream().mapToInt(ForkRecord::round).max().orElse(-1) + 1);
                    return java.util.Set.of("t");
                });
        assertEquals(List.of(8, 10, 12, 14), looks, "judged after 8, every second round, and at the cap");
        assertEquals(14, records.stream().filter(r -> r.set().equals(floor)).count());
        assertEquals(28, records.stream().filter(r -> r.set().equals("t")).count());
        assertEquals(16, records.stream().filter(r -> r.set().equals("u")).count(), "u decided after 8 rounds");
        assertEquals(14 + 28 + 16, fake.ran.size());
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("every gated claim of u decided after 8 rounds: it runs no more forks"), text);
        assertTrue(text.contains("undecided after 10 rounds: t; running on to 14 rounds with " + floor + ", t"), text);
        assertTrue(text.contains("round 13/14  t "), text);
        assertEquals(10 * 5 + 4 * 3, plan.forks(), "the most forks: every set 10 rounds, the floor's and t's to 14");
    }

    /** Two sets besides the floor set undecided at the rounds: no set runs past them, and the run says why. */
    @Test
    void twoUndecidedSetsStopAtTheRounds() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FakeForks fake = new FakeForks(t -> 1, 2000).score("a", 1).score("b", 2);
        String floor = org.cachelinebench.claims.Suite.FLOOR_SET;
        PairedSession.Plan plan = new PairedSession.Plan(List.of(FakeForks.set(floor, "a"), FakeForks.set("t", "a",
                "b"), FakeForks.set("u", "a", "b")), 10, WARMUP, MEASURE, PairedSession.Order.PAIRED, 14);
        List<ForkRecord> records = new PairedSession(fake, fake, new PrintStream(bytes, true, StandardCharsets.UTF_8))
                .run(plan, java.util.Set.of(floor, "t", "u"), soFar -> java.util.Set.of("t", "u"));
        assertEquals(10 * 5, records.size(), "every set 10 rounds, none past them");
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("undecided after 10 rounds: t, u; stopping (past 10 rounds only one set besides "
                + floor + " runs on)"), text);
    }

    @Test
    void everyForkLineShowsTheTimeElapsedAndTheTimeLeftAtTheMeanForkSoFar() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // The fake clock: every fork takes 2 s + 0.5 s warmup + 1 s measurement = 3.5 s.
        paired(forks(t -> 1), 10, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> starts = bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("[")).toList();
        assertEquals(20, starts.size());
        assertTrue(starts.get(0).endsWith("  elapsed 00:00:00"), "no fork done, no mean yet: " + starts.get(0));
        assertTrue(starts.get(1).endsWith("  elapsed 00:00:04, ETA 00:01:07"), "3.5 s done, 19 x 3.5 s left: "
                + starts.get(1));
        assertTrue(starts.get(19).endsWith("  elapsed 00:01:07, ETA 00:00:04"), "66.5 s done, one fork left: "
                + starts.get(19));
    }

    @Test
    void progressIsSpelledAsJmhSpellsItsEta() {
        assertEquals("elapsed 00:00:00", PairedSession.progress(0, 0, 40));
        assertEquals("elapsed 00:01:15, ETA 00:11:15", PairedSession.progress(75_000, 10, 100));
        assertEquals("elapsed 01:02:03, ETA 00:00:00", PairedSession.progress(3_723_000, 40, 40));
    }

    @Test
    void aFailingForkStopsTheSessionNamingTheForkInOneLine() {
        FakeForks fake = forks(t -> 1);
        fake.failOn = "b";
        PairedSession.ForkFailedException e = assertThrows(PairedSession.ForkFailedException.class,
                () -> paired(fake, 4, sink()));
        assertTrue(e.getMessage().startsWith("fork failed: round 1, s/b (test.Bench.g -p v=b): "), e.getMessage());
        assertTrue(e.getMessage().contains("benchmark exploded | second line"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals(List.of("a", "b"), fake.ran);
    }

    @Test
    void timeApartIsTheDistanceBetweenMeasurementWindows() throws Exception {
        List<ForkRecord> records = paired(forks(t -> 1), 2, sink());
        Analysis.ComparisonResult r = Analysis.analyze(List.of(A_VS_B), records).get(0);
        // Adjacent forks: one fork apart, 2 s overhead + 0.5 s warmup + 1 s measurement.
        assertEquals(3.5, r.medianSecondsApart(), 1e-9);
    }
}
