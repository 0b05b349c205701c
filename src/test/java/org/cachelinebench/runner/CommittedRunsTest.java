package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Suite;
import org.junit.jupiter.api.Test;

/**
 * Every committed run of {@code benchmarks/ci} (the fixtures of gate-runs/) judged again with today's code, not read
 * from the verdicts it saved, each against what the run was: a good commit exits 0 (1 only for a gated claim it did
 * not measure), a revert exits 1 and fails the claim that guards what it undid. The confidence is chosen on one set
 * of good runs and judged on the others.
 */
class CommittedRunsTest {
    /** The gated claims that guard what each patch undoes: a run of that patch that measured one must fail one. */
    private static final Map<String, Set<String>> CAUGHT_BY = Map.of(
            "revert-pcpu", Set.of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader"),
            "revert-padding", Set.of("chunk-object-interleaved.unpadded-vs-padded.reader",
                    "chunk-object-interleaved.unpadded-vs-contended.reader"),
            "revert-mailbox", Set.of("mailbox.straddled-vs-line-aligned"),
            "mailbox-offset-40", Set.of("mailbox.straddled-vs-line-aligned"),
            "partial-revert", Set.of(PeerClaimRunsTest.PEER),
            "base-addr-line-0", Set.of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", PeerClaimRunsTest.PEER));
    /**
     * Patches the gate is not built to see: the halved Java padding leaves baseAddr a line away from the writers,
     * which costs the readers nothing on a CPU without adjacent-line coupling (the layout tests catch it).
     */
    private static final Set<String> INVISIBLE = Set.of("padding-halved");

    /** The good runs the confidence is chosen on: the first that measured the gated interleaved pcpu claims. */
    static final List<String> CALIBRATION = List.of("pcpu-interleaved/q1", "pcpu-interleaved/q2",
            "pcpu-interleaved/q3", "pcpu-interleaved/b1", "pcpu-interleaved/b2", "pcpu-interleaved/b3");

    private static Set<String> withStatus(List<Regate.ClaimVerdict> verdicts, Analysis.Status status) {
        Set<String> out = new TreeSet<>();
        verdicts.stream().filter(v -> v.claim().expect().checked() && v.verdict().status() == status)
                .forEach(v -> out.add(v.claim().id()));
        return out;
    }

    @Test
    void theConfidenceIsTheOneTheCalibrationRunsChoose() {
        assertEquals(GateRule.CONFIDENCE, Regate.choose(CALIBRATION.stream().map(r -> GateRuns.of(r).read()).toList()));
    }

    @Test
    void everyRunIsJudgedByWhatItWas() {
        List<GateRuns.Entry> runs = GateRuns.all();
        assertTrue(runs.size() > 100, "every committed gate run: " + runs.size());
        for (GateRuns.Entry r : runs) {
            List<Regate.ClaimVerdict> verdicts = Regate.judge(r.read(), GateRule.CONFIDENCE);
            int exit = Regate.exitCode(verdicts);
            Set<String> failed = withStatus(verdicts, Analysis.Status.FAILS);
            Set<String> missing = withStatus(verdicts, Analysis.Status.NOT_MEASURED);
            String what = r.dir() + " (" + r.kind() + "): exit " + exit + ", fails " + failed + ", missing " + missing;
            assertEquals(!failed.isEmpty() || !missing.isEmpty(), exit == 1, "exit 1 exactly when one fails or lacks: "
                    + what);
            if (r.good()) {
                assertEquals(Set.of(), failed, "a false alarm: " + what);
                assertEquals(missing.isEmpty() ? 0 : 1, exit == 3 && cutShort(r, verdicts) ? 0 : exit,
                        "a good run holds every gated claim it measured: " + what);
                continue;
            }
            if (INVISIBLE.contains(r.kind())) {
                assertEquals(Set.of(), failed, "a patch the gate is not built to see: " + what);
                continue;
            }
            assertEquals(1, exit, "a revert never passes, nor ends without a verdict: " + what);
            Set<String> guards = CAUGHT_BY.get(r.kind());
            assertTrue(guards != null, "a kind of run this test does not know: " + what);
            Set<String> measured = new TreeSet<>(guards);
            measured.removeAll(missing);
            if (!measured.isEmpty()) {
                assertFalse(java.util.Collections.disjoint(failed, guards), "the revert is caught: " + what);
            }
        }
    }

    /**
     * True when a run ended with a gated claim undecided only because it stopped at an older, lower round cap than
     * today's ({@link Suite#CI}): it ran every round its cap allowed, fewer than today's runner would add before
     * giving up, and nothing but UNDECIDED stands between it and exit 0.
     */
    private static boolean cutShort(GateRuns.Entry r, List<Regate.ClaimVerdict> verdicts) {
        return r.read().summary().rounds() < Suite.CI.rounds() && verdicts.stream()
                .filter(v -> v.claim().expect().checked() && v.verdict().status() != Analysis.Status.HOLDS)
                .allMatch(v -> v.verdict().status() == Analysis.Status.UNDECIDED);
    }

    /**
     * The good runs that measured every gated claim exit 0, or, stopped by an older cap with a claim undecided, 3:
     * never 1. Of those that ran to today's cap, none may end undecided.
     */
    @Test
    void aGoodRunWithEveryGatedClaimNeverExitsOne() {
        int whole = 0;
        for (GateRuns.Entry r : GateRuns.all()) {
            List<Regate.ClaimVerdict> verdicts = Regate.judge(r.read(), GateRule.CONFIDENCE);
            if (r.good() && withStatus(verdicts, Analysis.Status.NOT_MEASURED).isEmpty()) {
                whole++;
                int exit = Regate.exitCode(verdicts);
                assertTrue(exit == 0 || exit == 3 && cutShort(r, verdicts), r.dir() + ": exit " + exit);
            }
        }
        assertTrue(whole >= 2, "good runs with every gated claim: " + whole);
    }

    /** The older good runs compared with the committed EPYC baseline: no regression. */
    @Test
    void theBaselineStepRaisesNoFalseAlarmOnTheGoodRuns() {
        SavedRun baseline = SavedRun.read(CommittedBaselinesTest.EPYC);
        for (GateRuns.Entry r : GateRuns.all()) {
            if (r.good() && (r.source().startsWith("ci-calibration/") || r.source().startsWith("ci-judgment/"))) {
                assertEquals(0, BaselineGate.compare(baseline, r.read(), GateRule.CONFIDENCE).exitCode(),
                        r.dir().toString());
            }
        }
    }
}
