package org.cachelinebench.runner;

import static org.cachelinebench.runner.SavedRuns.FAR;
import static org.cachelinebench.runner.SavedRuns.NEAR;
import static org.cachelinebench.runner.SavedRuns.concat;
import static org.cachelinebench.runner.SavedRuns.times;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.harness.LayoutCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchmarks/regate} over saved runs: the verdicts the runner reached, recomputed; the baseline step of
 * {@code benchmarks/ci}; the calibration table with numbers worked out by hand; bad input in one line.
 */
class RegateTest {
    /** The committed minimum effect of the pcpu reader claims, as the tables print it. */
    private static final String MIN = String.format(java.util.Locale.ROOT, "%.3f", org.cachelinebench.claims.GateThresholds.PCPU_READER_MIN_EFFECT);

    @TempDir
    Path dir;

    private static final String READER = "chunk.v6.4-rc4-vs-v6.5-merged.reader";
    private static final String AA = "chunk.v6.5-merged-again-vs-v6.5-merged.reader";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int regate(String... args) {
        return Regate.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A run the paired runner wrote, with fake forks. */
    private Path paired(String name, FakeForks fake) {
        Path latest = dir.resolve(name);
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Paired.run(new String[] {"--rounds", "4", "--out", latest.toString()}, o -> fake, fake, sink, sink);
        return latest;
    }

    @Test
    void theVerdictsOfASavedRunAreTheRunnersOwn() throws Exception {
        Path reverted = paired("reverted", PairedTest.healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50));
        assertEquals(1, regate(reverted.toString()), err());
        Summary s = Summary.read(reverted.resolve("summary.json"));
        List<String> lines = out().lines().toList();
        assertTrue(lines.get(0).startsWith("run " + reverted + ": profile ci, 4 rounds from "), lines.get(0));
        assertTrue(lines.get(0).endsWith(", far 4"), lines.get(0));
        int gated = 0;
        for (Summary.Entry e : s.comparisons()) {
            if (e.checked()) {
                gated++;
                String expected = String.format("  %-14s %s: %s", e.status(), e.id(), e.reason());
                assertTrue(lines.contains(expected), "recomputed as the runner judged it: " + expected + "\n" + out());
            }
        }
        assertEquals(9, gated);
        assertEquals(1 + gated, lines.size(), "no baseline given: claims only");

        out.reset();
        Path healthy = paired("healthy", PairedTest.healthy());
        assertEquals(0, regate(healthy.toString()), out());
        out.reset();
        assertEquals(1, regate("--min-effect", "5", healthy.toString()), "a candidate minimum effect above the effects");
        assertTrue(out().contains("  FAILS          chunk.v6.4-rc4-vs-v2-reorder.reader: median "), out());
    }

    @Test
    void theBaselineStepOfCiSaysInOneLineWhenThereIsNoBaseline() throws Exception {
        Path here = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).write(dir.resolve("latest"));
        assertEquals(0, regate("--only-baseline", "--baseline", dir.resolve("baseline").toString(), here.toString()));
        assertEquals("baseline not used: no baseline in " + dir.resolve("baseline") + " (no summary.json); the "
                + "within-run claims alone gate this run (record a baseline for this machine with benchmarks/ci "
                + "--update-baseline)\nbaseline gate: not applied\n", out());
    }

    @Test
    void theBaselineStepFailsNamingTheClaimAndState() throws Exception {
        Path base = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).write(dir.resolve("baseline"));
        Path here = new SavedRuns(FAR, FAR, FAR).claim(READER, 1.2, 1.2, 1.2).write(dir.resolve("latest"));
        assertEquals(1, regate("--only-baseline", "--baseline", base.toString(), here.toString()));
        List<String> lines = out().lines().toList();
        assertEquals("baseline " + base + " used: its machine fingerprint matches this run's", lines.get(0));
        assertEquals("  REGRESSION " + READER + " (far): median 1.200 vs 3.000 in the baseline, d = -0.916 < -0.693: "
                + "the effect shrank by more than T", lines.get(1));
        assertEquals("BASELINE REGRESSION: 1 (0 held)", lines.get(2));
    }

    @Test
    void aLayoutFailureStaysAFailure() throws Exception {
        String reason = LayoutCheck.MARKER + "padded: gone (padded, rounds 1, 2, 3)";
        Path here = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3)
                .layoutFailure("chunk-object.unpadded-vs-padded.reader", reason).write(dir.resolve("latest"));
        assertEquals(1, regate("--min-effect", "1.01", here.toString()));
        assertTrue(out().contains("  FAILS          chunk-object.unpadded-vs-padded.reader: " + reason), out());
    }

    @Test
    void aFormatOneSummaryIsRebuiltIntoRoundsWithTheFloorsOfItsCsdRounds() throws Exception {
        // Three rounds; the csd A/A (interleaved, 2 iterations a round) carries each round's floor: 60, 470, 480 ns.
        String summary = """
                {"format": 1, "profile": "ci", "rounds": 3, "started": "2026-11-30T04:09:36Z",
                 "comparisons": [
                  {"id": "csd.line-aligned-again-vs-line-aligned", "set": "csd", "subject": "line-aligned-again",
                   "reference": "line-aligned", "metric": "interleaved", "claim": "aa", "direction": "SIMILAR",
                   "checked": false, "rounds": 3, "ratios": [1.0, 1.01, 0.99, 1.0, 1.02, 1.0], "geoMean": 1.0,
                   "status": "INFO", "floorNanos": 470.0, "floorNanosByRound": [60.0, 470.0, 480.0]},
                  {"id": "chunk.v6.4-rc4-vs-v6.5-merged.reader", "set": "chunk", "subject": "v6.4-rc4",
                   "reference": "v6.5-merged", "metric": "reader", "claim": "readers", "direction": "SLOWER",
                   "checked": true, "atLeast": 1.1, "rounds": 3, "ratios": [1.5, 3.0, 3.2], "geoMean": 2.4,
                   "status": "HOLDS"}]}""";
        Path run = Files.createDirectories(dir.resolve("old"));
        Files.writeString(run.resolve("summary.json"), summary);
        Files.writeString(run.resolve("metadata.json"), "{\"role\": \"baseline\", \"profile\": \"ci\", \"rounds\": 3}");
        SavedRun saved = SavedRun.read(run);
        List<Judgment.Round> rounds = saved.rounds(saved.entry(READER));
        assertEquals(3, rounds.size());
        assertArrayEquals(new double[] {1.5}, rounds.get(0).ratios());
        assertEquals(60, rounds.get(0).floorNanos(), "the fork claim's round takes the csd round's floor");
        assertEquals(480, rounds.get(2).floorNanos());
        List<Judgment.Round> csd = saved.rounds(saved.entry("csd.line-aligned-again-vs-line-aligned"));
        assertArrayEquals(new double[] {0.99, 1.0}, csd.get(1).ratios(), "two iterations a round");

        assertEquals(0, regate(run.toString()), out());
        assertTrue(out().contains(", commit unknown, far 2/near 1"), out());
        assertTrue(out().contains("  HOLDS          " + READER + ": median 3.000 ≥ " + MIN + " (3 rounds: far 2/near 1)"), out());
        assertTrue(out().contains("  HOLDS          csd.line-aligned-again-vs-line-aligned: median 1.000 in 0.980..1.020"),
                "today's suite gates the csd A/A, so the old run is judged on it: " + out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        assertEquals(2, regate());
        assertEquals("regate: no RUN_DIR given (see --help)\n", err());
        err.reset();
        assertEquals(2, regate(dir.resolve("none").toString()));
        assertEquals("regate: " + dir.resolve("none") + ": no such run directory\n", err());
        err.reset();
        Files.createDirectories(dir.resolve("empty"));
        assertEquals(2, regate(dir.resolve("empty").toString()));
        assertEquals("regate: " + dir.resolve("empty") + ": no summary.json (not a run directory of the paired runner)\n",
                err());
        err.reset();
        assertEquals(2, regate("--min-effect", "0.9", dir.toString()));
        assertEquals("regate: --min-effect 0.9: must be a number above 1\n", err());
        err.reset();
        assertEquals(2, regate("--only-baseline", dir.toString()));
        assertEquals("regate: --only-baseline needs --baseline DIR and one RUN_DIR\n", err());
        err.reset();
        Files.writeString(dir.resolve("empty/summary.json"), "{\"format\": 7}");
        Files.writeString(dir.resolve("empty/metadata.json"), "{\"profile\": \"ci\"}");
        assertEquals(2, regate(dir.resolve("empty").toString()));
        assertTrue(err().startsWith("regate: " + dir.resolve("empty/summary.json") + ": not a summary file of format 1 or 2"),
                err());
        assertEquals(1, err().lines().count());
        out.reset();
        assertEquals(0, regate("--help"));
        assertTrue(out().startsWith("usage: benchmarks/regate"), out());
    }

    /**
     * Three runs. Run 1: rounds far far far near near near, readers 3.0 x3 then 1.2 x3, A/A 1.0; run 2: the same
     * states, readers 2.0 x3 then 1.0 x3, A/A 1.1; run 3: six far rounds, readers 5.0, A/A 0.9.
     */
    private List<Path> calibrationRuns() throws Exception {
        double[] mixed = concat(times(3, FAR), times(3, NEAR));
        return List.of(
                new SavedRuns(mixed).claim(READER, concat(times(3, 3.0), times(3, 1.2))).claim(AA, times(6, 1.0))
                        .write(dir.resolve("a")),
                new SavedRuns(mixed).claim(READER, concat(times(3, 2.0), times(3, 1.0))).claim(AA, times(6, 1.1))
                        .write(dir.resolve("b")),
                new SavedRuns(times(6, FAR)).claim(READER, times(6, 5.0)).claim(AA, times(6, 0.9))
                        .write(dir.resolve("c")));
    }

    private static List<String> row(String report, String claim, String state) {
        List<String> lines = report.lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith(claim + ": ")).findFirst().orElseThrow());
        for (int i = at + 2; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            List<String> cells = List.of(lines.get(i).trim().split("\\s{2,}"));
            if (cells.get(0).equals(state)) {
                return cells;
            }
        }
        throw new AssertionError("no row " + state + " for " + claim + " in\n" + report);
    }

    @Test
    void theCalibrationTableShowsMediansAaMaxDNeedsAndFalseAlarms() throws Exception {
        List<String> args = new ArrayList<>(List.of("--calibrate"));
        calibrationRuns().forEach(p -> args.add(p.toString()));
        assertEquals(0, regate(args.toArray(String[]::new)), err());
        String report = out();
        assertTrue(report.startsWith("calibration over 3 runs; thresholds: split 200 ns, the rest committed "
                + "(claims.GateThresholds)\n"), report);
        assertTrue(report.contains("  run 3: " + dir.resolve("c") + " (6 rounds, far 6; same machine as run 1)"), report);
        assertTrue(report.contains(READER + ": SLOWER, gate median ≥ " + MIN + ", baseline T 0.693; A/A: " + AA), report);
        assertTrue(report.contains(AA + ": SIMILAR, gate median in 0.800..1.250"), report);

        // all rounds: run 1's median of six = sqrt(1.2 x 3.0) = 1.897, run 2's sqrt(1.0 x 2.0) = 1.414; the
        // largest |d| ln(5 / 1.414) = 1.263; at the committed minimum effect (1.5) run 2 fails.
        assertEquals(List.of("all", "1.897 (6)", "1.414 (6)", "5.000 (6)", "1.000 1.100 0.900", "1.263",
                "min effect <= 1.414", "within 1/3"), row(report, READER, "all"));
        // far: 3.0, 2.0, 5.0; |d| max ln(5/2) = 0.916; run 2 against run 3 as its baseline: ln(2/5) = -0.916
        // < -0.693, the one false alarm of six ordered pairs.
        assertEquals(List.of("far", "3.000 (3)", "2.000 (3)", "5.000 (6)", "1.000 1.100 0.900", "0.916",
                "min effect <= 2.000, T > 0.916", "within 0/3, pairs 1/6"), row(report, READER, "far"));
        // near: 1.2 and 1.0; both runs' near rounds alone would fail 1.5.
        assertEquals(List.of("near", "1.200 (3)", "1.000 (3)", "-", "1.000 1.100 -", "0.182",
                "min effect <= 1.000, T > 0.182", "within 2/2, pairs 0/2"), row(report, READER, "near"));
        // the A/A: the farthest from 1 is 1/0.9 = 1.111
        assertEquals(List.of("all", "1.000 (6)", "1.100 (6)", "0.900 (6)", "0.201", "tolerance >= 1.111",
                "within 0/3"), row(report, AA, "all"));

        out.reset();
        args.add(1, "--min-effect");
        args.add(2, "1.4");
        assertEquals(0, regate(args.toArray(String[]::new)));
        assertTrue(out().contains("thresholds: split 200 ns; candidates: min effect 1.400; the rest committed"), out());
        assertEquals("within 0/3", row(out(), READER, "all").get(7), "run 2's 1.414 holds at a candidate 1.4");
    }

    @Test
    void calibrationAgainstABaselineCountsTheRunsThatWouldFailIt() throws Exception {
        List<Path> runs = calibrationRuns();
        Path base = new SavedRuns(times(3, FAR)).claim(READER, 4.5, 4.5, 4.5).write(dir.resolve("base"));
        List<String> args = new ArrayList<>(List.of("--calibrate", "--baseline", base.toString()));
        runs.forEach(p -> args.add(p.toString()));
        assertEquals(0, regate(args.toArray(String[]::new)));
        // far against 4.5: ln(3/4.5) = -0.405, ln(2/4.5) = -0.811 (fails), ln(5/4.5) = +0.105
        assertEquals("within 0/3, baseline 1/3", row(out(), READER, "far").get(7));
    }
}
