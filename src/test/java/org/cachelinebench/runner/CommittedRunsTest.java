package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.cachelinebench.claims.GateRule;
import org.junit.jupiter.api.Test;

/**
 * The gate's one number recomputed from its committed calibration runs, and the verdicts of every committed run of
 * {@code benchmarks/ci} under today's rule: the runs of a good commit hold, the reverts are caught.
 */
class CommittedRunsTest {
    private static List<SavedRun> runs(String dir, String... names) {
        List<SavedRun> out = new ArrayList<>();
        for (String n : names) {
            out.add(SavedRun.read(Path.of("results", dir, n)));
        }
        return out;
    }

    private static final List<SavedRun> CALIBRATION = runs("ci-calibration", "c1", "c2", "c3", "c4", "c5", "c6");
    private static final List<SavedRun> JUDGMENT = runs("ci-judgment", "j1", "j2", "j3", "j4", "j5", "j6", "j7");

    /** The gated claims of a run that did not hold, each with its status. */
    private static Map<String, Analysis.Status> notHeld(SavedRun run) {
        Map<String, Analysis.Status> out = new TreeMap<>();
        for (Regate.ClaimVerdict v : Regate.judge(run, GateRule.CONFIDENCE)) {
            if (v.verdict().status() != Analysis.Status.HOLDS && v.claim().expect().checked()) {
                out.put(v.claim().id(), v.verdict().status());
            }
        }
        return out;
    }

    @Test
    void theConfidenceIsTheOneTheCalibrationRunsChoose() {
        assertEquals(GateRule.CONFIDENCE, Regate.choose(CALIBRATION));
    }

    @Test
    void everyCalibrationAndJudgmentRunOfTheGoodCommitHolds() {
        List<SavedRun> all = new ArrayList<>(CALIBRATION);
        all.addAll(JUDGMENT);
        for (SavedRun r : all) {
            assertEquals(Map.of(), notHeld(r), r.dir() + ": a false alarm or a missing verdict");
        }
    }

    @Test
    void theBaselineStepRaisesNoFalseAlarmOnThem() {
        SavedRun baseline = SavedRun.read(Path.of("results", "baseline"));
        List<SavedRun> all = new ArrayList<>(CALIBRATION);
        all.addAll(JUDGMENT);
        for (SavedRun r : all) {
            assertEquals(0, BaselineGate.compare(baseline, r, GateRule.CONFIDENCE).exitCode(), r.dir().toString());
        }
    }

    /**
     * The pcpu revert runs gated the fork-paired "chunk" set, as ci did then: each caught the revert. Profile ci now
     * gates the same claims interleaved (chunk-interleaved), which no committed revert run measured yet, so today's
     * rule finds nothing to judge in them.
     */
    @Test
    void thePcpuRevertWasTheSameAsItsAaInEveryRun() {
        for (SavedRun r : runs("ci-reverts/revert-pcpu", "r1", "r2", "r3")) {
            assertEquals("FAILS", r.entry("chunk.v6.4-rc4-vs-v6.5-merged.reader").status(), r.dir().toString());
            assertEquals(Map.of(), notHeld(r), r.dir() + ": its chunk claims are informational today");
        }
    }

    /**
     * The padding revert runs gated the fork-paired "chunk-object" set, as ci did then: each failed its layout check.
     * Profile ci now gates those claims interleaved (chunk-object-interleaved), which no committed revert run measured
     * yet; under today's rule the failed check still fails the run, on claims that are informational.
     */
    @Test
    void theRemovedPaddingFailedItsLayoutCheckInEveryRun() {
        for (SavedRun r : runs("ci-reverts/remove-padding", "p1", "p2", "p3")) {
            assertEquals("FAILS", r.entry("chunk-object.unpadded-vs-padded.reader").status(), r.dir().toString());
            assertEquals("FAILS", r.entry("chunk-object.padded-again-vs-padded.reader").status());
            assertEquals(Map.of(), notHeld(r), r.dir() + ": its chunk-object claims are informational today");
            assertEquals(1, Regate.exitCode(Regate.judge(r, GateRule.CONFIDENCE)), "a failed layout check fails");
            assertTrue(r.summary().layoutFailures().size() > 0);
        }
    }
}
