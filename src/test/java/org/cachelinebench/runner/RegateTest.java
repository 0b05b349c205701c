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
 * {@code benchmarks/ci}; the choice of the confidence; the exit statuses; bad input in one line.
 */
class RegateTest {
    @TempDir
    Path dir;

    // A gated claim of profile ci and its A/A control.
    private static final String READER = "chunk-object-interleaved.unpadded-vs-contended.reader";
    private static final String AA = "chunk-object-interleaved.padded-again-vs-padded.reader";

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
        Paired.run(new String[] {"--rounds", "8", "--out", latest.toString()}, o -> fake, fake, sink, sink);
        return latest;
    }

    @Test
    void theVerdictsOfASavedRunAreTheRunnersOwn() throws Exception {
        Path reverted = paired("reverted", PairedTest.healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50));
        assertEquals(1, regate(reverted.toString()), err());
        Summary s = Summary.read(reverted.resolve("summary.json"));
        List<String> lines = out().lines().toList();
        assertTrue(lines.get(0).startsWith("run " + reverted + ": profile ci, 8 rounds from "), lines.get(0));
        int gated = 0;
        for (Summary.Entry e : s.comparisons()) {
            if (e.checked()) {
                gated++;
                String expected = String.format("  %-14s %s: %s", e.status(), e.id(), e.reason());
                assertTrue(lines.contains(expected), "recomputed as the runner judged it: " + expected + "\n" + out());
            }
        }
        assertEquals(10, gated);
        assertEquals(2 + gated, lines.size(), "no baseline given: the run, its claims and its verdict line");
        assertTrue(lines.get(lines.size() - 1).startsWith("  verdict: FAILED, "), lines.get(lines.size() - 1));

        out.reset();
        Path healthy = paired("healthy", PairedTest.healthy());
        assertEquals(0, regate(healthy.toString()), out());
        assertTrue(out().endsWith("  verdict: 10 holds\n"), out());
    }

    @Test
    void aRunMissingGatedClaimsExitsOneAndNamesThem() throws Exception {
        Path few = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).claim(AA, 1, 1, 1).write(dir.resolve("few"));
        assertEquals(1, regate(few.toString()), "eight gated claims missing");
        assertTrue(out().contains("  TOO FEW ROUNDS " + READER + ": not judged: 3 rounds with its A/A control, a "
                + "verdict at 99 % needs 7"), out());
        assertTrue(out().contains("  NOT MEASURED   mailbox.straddled-vs-line-aligned: MISSING: a gated claim "), out());
        assertTrue(out().endsWith("  verdict: FAILED, 2 too few rounds, 8 not measured\n"), out());
        out.reset();
        Path empty = new SavedRuns(FAR, FAR, FAR).write(dir.resolve("empty"));
        assertEquals(1, regate(empty.toString()), "an empty comparisons list lacks every gated claim");
        assertTrue(out().endsWith("  verdict: FAILED, 10 not measured (no gated claim in this run)\n"), out());
        out.reset();
        assertEquals(1, regate(empty.toString(), paired("reverted", PairedTest.healthy().score("v6.5-merged", 50)
                .score("v6.5-merged-again", 50)).toString()), "a failed and a missing claim alike");
        assertEquals(3, Regate.worst(0, 3));
        assertEquals(2, Regate.worst(1, 2));
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
    void theBaselineStepPicksTheRunsMachineFromTheRootOfFingerprints() throws Exception {
        double[] aa = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97, 1.005};
        Path root = dir.resolve("baseline");
        // The Xeon's baseline would raise an alarm; the EPYC's own holds: the run is judged by its machine's.
        new SavedRuns(times(8, FAR)).fingerprint(BaselinesTest.XEON).claim(READER, times(8, 9)).claim(AA, aa)
                .writeBaseline(root);
        Path epyc = new SavedRuns(times(8, FAR)).claim(READER, times(8, 3)).claim(AA, aa).writeBaseline(root);
        Files.createDirectories(root.resolve("scratch"));
        Path here = new SavedRuns(times(8, FAR)).claim(READER, times(8, 3)).claim(AA, aa).write(dir.resolve("latest"));
        assertEquals(0, regate("--only-baseline", "--baseline", root.toString(), here.toString()), out());
        List<String> lines = out().lines().toList();
        assertEquals("ignored " + root.resolve("scratch") + ": not a baseline (no summary.json)", lines.get(0));
        assertEquals("baseline " + epyc + " used: its machine fingerprint matches this run's; the floors did not move"
                + " (shift inside x1.10 either way)", lines.get(1));
        assertTrue(lines.get(2).startsWith("  holds " + READER + ": "), lines.get(2));
        assertEquals("baseline gate: no regression (1 held)", lines.get(3));
    }

    @Test
    void aRootWithoutTheRunsMachineSaysInOneLineWhichFingerprintsItHolds() throws Exception {
        Path root = dir.resolve("baseline");
        new SavedRuns(FAR, FAR, FAR).fingerprint(BaselinesTest.XEON).claim(READER, 3, 3, 3).writeBaseline(root);
        Path here = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).write(dir.resolve("latest"));
        assertEquals(0, regate("--only-baseline", "--baseline", root.toString(), here.toString()));
        assertEquals("baseline not used: no baseline in " + root + " for this run's machine fingerprint "
                + SavedRuns.MACHINE.directoryName() + "; it holds " + BaselinesTest.XEON.directoryName() + "; the"
                + " within-run claims alone gate this run (record a baseline for this machine with benchmarks/ci"
                + " --update-baseline)\nbaseline gate: not applied\n", out());
    }

    @Test
    void theBaselineStepFailsNamingTheClaim() throws Exception {
        double[] aa = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97, 1.005};
        Path base = new SavedRuns(times(8, FAR)).claim(READER, times(8, 3)).claim(AA, aa).write(dir.resolve("baseline"));
        Path here = new SavedRuns(times(8, FAR)).claim(READER, times(8, 1.2)).claim(AA, aa).write(dir.resolve("latest"));
        assertEquals(1, regate("--only-baseline", "--baseline", base.toString(), here.toString()));
        List<String> lines = out().lines().toList();
        assertEquals("baseline " + base + " used: its machine fingerprint matches this run's; the floors did not move (shift"
                + " inside x1.10 either way)",
                lines.get(0));
        assertTrue(lines.get(1).startsWith("  REGRESSION " + READER + ": "), lines.get(1));
        assertEquals("BASELINE REGRESSION: 1", lines.get(2));
    }

    @Test
    void aLayoutFailureStaysAFailure() throws Exception {
        String reason = LayoutCheck.MARKER + "padded: gone (padded, rounds 1, 2, 3)";
        Path here = new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3)
                .layoutFailure("chunk-object.unpadded-vs-padded.reader", reason).write(dir.resolve("latest"));
        // chunk-object does not gate: its failure is reported; the run fails for the gated claims it lacks.
        assertEquals(1, regate(here.toString()));
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
        List<Judgment.Round> rounds = saved.rounds(saved.entry("chunk.v6.4-rc4-vs-v6.5-merged.reader"));
        assertEquals(3, rounds.size());
        assertArrayEquals(new double[] {1.5}, rounds.get(0).ratios());
        assertEquals(60, rounds.get(0).floorNanos(), "the fork claim's round takes the csd round's floor");
        assertEquals(480, rounds.get(2).floorNanos());
        List<Judgment.Round> csd = saved.rounds(saved.entry("csd.line-aligned-again-vs-line-aligned"));
        assertArrayEquals(new double[] {0.99, 1.0}, csd.get(1).ratios(), "two iterations a round");

        assertEquals(1, regate(run.toString()), "it lacks the gated claims of today: " + out());
        assertTrue(out().contains(", commit unknown, far 2/near 1"), "the gap between 60 and 470 ns: " + out());
        assertTrue(out().contains("  TOO FEW ROUNDS csd.line-aligned-again-vs-line-aligned: not judged: 3 rounds"),
                "today's suite gates the csd A/A, so the old run is judged on it: " + out());
    }

    /** A folder of runs is judged run by run, and a last line counts the whole runs by their exit. */
    @Test
    void aFolderOfRunsEndsWithTheWholeRunCounts() throws Exception {
        Path folder = dir.resolve("runs");
        paired("runs/a", PairedTest.healthy());
        paired("runs/b", PairedTest.healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50));
        new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).claim(AA, 1, 1, 1).write(folder.resolve("c"));
        assertEquals(1, regate(folder.toString()), err());
        assertEquals(3, out().lines().filter(l -> l.startsWith("run " + folder)).count(), out());
        assertTrue(out().endsWith("whole runs: 1 of 3 hold (exit 0), 2 failed (exit 1), 0 no verdict (exit 3)\n"),
                out());
    }

    /** A ratio that is not a positive number (NaN in a hand-edited summary) is bad input, not a verdict. */
    @Test
    void aSummaryHoldingNanIsOneLineAndExitTwo() throws Exception {
        Path healthy = paired("nan", PairedTest.healthy());
        Path summary = healthy.resolve("summary.json");
        String text = Files.readString(summary);
        int at = text.indexOf("\"ratios\": [", text.indexOf("\"byRound\""));
        int number = text.indexOf('[', at) + 1;
        int end = text.indexOf(',', number);
        Files.writeString(summary, text.substring(0, number) + "NaN" + text.substring(end));
        assertEquals(2, regate(healthy.toString()), out());
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("not a positive number"), err());
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
        assertEquals(2, regate("--confidence", "1.5", dir.toString()));
        assertEquals("regate: --confidence 1.5: must lie between 0.5 and 1, e.g. 0.99\n", err());
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

    @Test
    void calibrationChoosesTheStrictestConfidenceAtWhichEveryGatedClaimHolds() throws Exception {
        // Ten rounds, the readers twice the A/A in each but one: at 99.9 % (k = 1 of 55) the one round at 0.9 is the
        // lower bound and the claim is undecided; at 99.5 % (k = 4) it holds.
        double[] aa = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97, 1.0, 1.01, 0.99};
        double[] readers = new double[10];
        for (int i = 0; i < 10; i++) {
            readers[i] = i == 4 ? 0.9 : 2 * aa[i];
        }
        Path run = new SavedRuns(times(10, NEAR)).claim(READER, readers).claim(AA, aa).write(dir.resolve("c"));
        assertEquals(0, regate("--calibrate", run.toString()), err());
        assertTrue(out().contains("chosen: 99.5 %, the strictest candidate at which every gated claim of every run holds"),
                out());
        assertTrue(out().contains("1/2 (" + READER + " undecided)"), out());
        assertEquals(0.995, Regate.choose(List.of(SavedRun.read(run))));
    }
}
