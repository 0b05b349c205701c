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

    /** The runs C is chosen on: the good commit's runs that measured the gated pcpu_chunk claims. */
    private static final List<SavedRun> CALIBRATION = GateRule.calibrationRuns().stream()
            .map(d -> SavedRun.read(Path.of(d))).toList();
    /** Older runs of the good commit, from before the interleaved pcpu sets gated. */
    private static final List<SavedRun> OLDER = new ArrayList<>();
    static {
        OLDER.addAll(runs("ci-calibration", "c1", "c2", "c3", "c4", "c5", "c6"));
        OLDER.addAll(runs("ci-judgment", "j1", "j2", "j3", "j4", "j5", "j6", "j7"));
    }

    /** The gated claims of today's suite that profile ci measures interleaved for pcpu_chunk. */
    private static final java.util.Set<String> PCPU_GATED = java.util.Set.of(
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader", "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader",
            "chunk-interleaved.v2-reorder-vs-v6.5-merged.reader",
            "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader",
            "chunk-object-interleaved.unpadded-vs-padded.reader",
            "chunk-object-interleaved.unpadded-vs-contended.reader",
            "chunk-object-interleaved.padded-again-vs-padded.reader");

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

    /** {@code ids}, each NOT_MEASURED. */
    private static Map<String, Analysis.Status> notMeasured(java.util.Collection<String> ids) {
        Map<String, Analysis.Status> out = new TreeMap<>();
        ids.forEach(id -> out.put(id, Analysis.Status.NOT_MEASURED));
        return out;
    }

    /** The gated claims a run did not measure (its csd A/A may stray in a revert run: that is not what is asked). */
    private static Map<String, Analysis.Status> notMeasuredOf(SavedRun run) {
        Map<String, Analysis.Status> out = notHeld(run);
        out.values().removeIf(s -> s != Analysis.Status.NOT_MEASURED);
        return out;
    }

    @Test
    void theConfidenceIsTheOneTheCalibrationRunsChoose() {
        assertEquals(GateRule.CONFIDENCE, Regate.choose(CALIBRATION));
    }

    /** Every gated claim a calibration run measured holds; a run lacks only the chunk-object-interleaved set. */
    @Test
    void everyCalibrationRunOfTheGoodCommitHolds() {
        for (SavedRun r : CALIBRATION) {
            Map<String, Analysis.Status> bad = notHeld(r);
            bad.values().removeIf(s -> s == Analysis.Status.NOT_MEASURED);
            assertEquals(Map.of(), bad, r.dir() + ": a false alarm");
        }
    }

    /**
     * The older runs of the good commit hold every gated claim they measured; the interleaved pcpu claims they
     * lack are not measured, so none of them exits 0 today.
     */
    @Test
    void theOlderRunsHoldWhatTheyMeasuredAndLackThePcpuClaims() {
        for (SavedRun r : OLDER) {
            assertEquals(notMeasured(PCPU_GATED), notMeasuredOf(r), r.dir().toString());
            assertEquals(3, Regate.exitCode(Regate.judge(r, GateRule.CONFIDENCE)), r.dir().toString());
        }
    }

    @Test
    void theBaselineStepRaisesNoFalseAlarmOnThem() {
        SavedRun baseline = SavedRun.read(CommittedBaselinesTest.EPYC);
        for (SavedRun r : OLDER) {
            assertEquals(0, BaselineGate.compare(baseline, r, GateRule.CONFIDENCE).exitCode(), r.dir().toString());
        }
    }

    /**
     * The pcpu revert runs gated the fork-paired "chunk" set, as ci did then: each caught the revert. Profile ci now
     * gates the same claims interleaved, which these runs did not measure: not measured, exit 3, never 0.
     */
    @Test
    void thePcpuRevertWasTheSameAsItsAaInEveryRun() {
        for (SavedRun r : runs("ci-reverts/revert-pcpu", "r1", "r2", "r3")) {
            assertEquals("FAILS", r.entry("chunk.v6.4-rc4-vs-v6.5-merged.reader").status(), r.dir().toString());
            assertEquals(notMeasured(PCPU_GATED), notMeasuredOf(r), r.dir().toString());
            assertEquals(3, Regate.exitCode(Regate.judge(r, GateRule.CONFIDENCE)), r.dir().toString());
        }
    }

    /**
     * The padding revert runs gated the fork-paired "chunk-object" set, as ci did then: each failed its layout check.
     * Profile ci now gates those claims interleaved; the failed check of claims that no longer gate is reported and
     * exits 3 (no gated claim shown broken), and the interleaved claims are not measured.
     */
    @Test
    void theRemovedPaddingFailedItsLayoutCheckInEveryRun() {
        for (SavedRun r : runs("ci-reverts/remove-padding", "p1", "p2", "p3")) {
            assertEquals("FAILS", r.entry("chunk-object.unpadded-vs-padded.reader").status(), r.dir().toString());
            assertEquals("FAILS", r.entry("chunk-object.padded-again-vs-padded.reader").status());
            assertEquals(notMeasured(PCPU_GATED), notMeasuredOf(r), r.dir().toString());
            assertEquals(3, Regate.exitCode(Regate.judge(r, GateRule.CONFIDENCE)), "reported, not a gated failure");
            assertTrue(r.summary().layoutFailures().size() > 0);
        }
    }
}
