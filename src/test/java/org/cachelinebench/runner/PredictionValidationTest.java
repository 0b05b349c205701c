package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.cachelinebench.coherence.unit.ProbeCosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * predict --validate: a prediction is scored so that it can miss (the measured point in a range narrow enough to
 * mean something), A/A rows are not scored, runs of a patch are named and not counted, and the validation of the
 * committed good runs (gate-runs/ci-good) is regenerated and compared with its committed text.
 */
class PredictionValidationTest {
    private static final Path GOOD = GateRuns.ROOT.resolve("ci-good");
    /** What {@code benchmarks/predict --validate} writes for {@link #GOOD}. */
    private static final Path GOOD_VALIDATION = GateRuns.ROOT.resolve("ci-good-validation.md");

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = PredictionValidation.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    private static String score(String unit, double low, double mid, double high, double point, double mLow,
                                double mHigh) {
        return PredictionValidation.score(unit, new ProbeCosts.Range(low, mid, high), point, mLow, mHigh);
    }

    @Test
    void aHitNeedsThePointInsideARangeNarrowEnoughToMeanSomething() {
        String ratio = UnitPredictions.RATIO;
        String trips = UnitPredictions.ROUND_TRIPS;
        // A range of x13.6 end to end overlapped the measured interval: no longer a hit, not priced.
        assertEquals(PredictionValidation.NOT_PRICED, score(ratio, 2.260, 14.203, 30.844, 2.156, 2.013, 2.310));
        assertEquals(PredictionValidation.HIT, score(ratio, 1.625, 1.906, 2.236, 1.639, 1.548, 1.735));
        // The measured interval overlaps the range, the point does not lie in it: a miss.
        assertEquals(PredictionValidation.MISS, score(ratio, 1.625, 1.906, 2.236, 1.600, 1.548, 1.735));
        assertEquals(PredictionValidation.HIT, score(trips, 0.53, 0.62, 0.70, 0.58, 0.46, 0.69));
        assertEquals(PredictionValidation.MISS, score(trips, 0.20, 0.32, 0.44, -0.01, -0.07, 0.05));
        // An exact count has no width of its own: the measured interval must hold it.
        assertEquals(PredictionValidation.HIT, score(trips, 0, 0, 0, -0.02, -0.05, 0.02));
        assertEquals(PredictionValidation.MISS, score(trips, 0, 0, 0, 0.03, 0.01, 0.05));
        assertEquals(PredictionValidation.NOT_PRICED, PredictionValidation.score(ratio, null, 1.5, 1.4, 1.6));
    }

    @Test
    void theValidationOfTheGoodRunsIsTheCodesOutput() throws IOException {
        String[] r = run(GOOD.toString());
        assertEquals("0", r[0], r[2]);
        assertEquals(Files.readString(GOOD_VALIDATION), r[1], "regenerate with benchmarks/predict --validate " + GOOD
                + " > " + GOOD_VALIDATION + ", and read what moved");
        assertTrue(!r[1].contains("-again-vs-"), "A/A rows are not scored: " + r[1]);
        assertTrue(r[1].contains(" A/A rows (1 by construction) are not scored."), r[1]);
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path empty) {
        for (String[] args : new String[][] {{empty.toString()}, {}, {GOOD.toString(), "--patched",
                empty.resolve("none").toString()}, {GOOD.toString(), "--bogus", "x"}}) {
            String[] r = run(args);
            assertEquals("2", r[0], String.join(" ", args));
            assertEquals(1, r[2].lines().count(), r[2]);
            assertEquals("", r[1]);
        }
    }

    /**
     * A run that measured a patch is named and not counted, whether its metadata says so (the partial revert of
     * peer-claim-runs) or the list given with --patched does (older runs, from before metadata recorded the tree).
     */
    @Test
    void aRunThatMeasuredAPatchIsNamedAndNotCounted(@TempDir Path tmp) throws IOException {
        Path peer = GateRuns.ROOT.resolve("peer-claim-runs");
        String[] r = run(peer.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("- `" + peer.resolve("p1") + "` (AMD EPYC): measured a patch "
                + "(src/main/java/org/cachelinebench/harness/chunk/ChunkSides.java), not counted"), r[1]);
        assertTrue(r[1].contains(" 2 runs that measured a patch are named below and not counted"), r[1]);
        assertTrue(!r[1].contains("| `" + peer.resolve("p1") + "` |"), "no row of the patched run");
        Path reverts = GateRuns.ROOT.resolve("ci-reverts-xeon");
        Path list = Files.writeString(tmp.resolve("patched.txt"), "# the mailbox reverts\nrm1\nbm1\n");
        String[] old = run(reverts.toString(), "--patched", list.toString());
        assertEquals("0", old[0], old[2]);
        assertTrue(old[1].contains("- `" + reverts.resolve("rm1") + "` (Intel(R) Xeon(R) Processor): measured a patch"
                + " (listed in " + list + "), not counted"), old[1]);
        assertTrue(old[1].contains(" 2 runs that measured a patch are named below and not counted"), old[1]);
        assertTrue(!run(reverts.toString())[1].contains("measured a patch ("), "no list, none named");
    }
}
