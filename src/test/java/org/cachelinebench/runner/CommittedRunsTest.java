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
 * not measure; 3, no verdict, only where recorded so or where it stopped before today's runner would), never fails a
 * claim; a revert exits 1 and fails the claim that guards what it undid. The confidence is chosen on one set of good
 * runs and judged on the others.
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
                String problem = goodRunProblem(r, verdicts);
                assertTrue(problem == null, problem + ": " + what);
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
     * What is wrong with a good commit's run under today's rule, or null. A gated claim that FAILS is a false alarm
     * (exit 1), whatever else the run shows; a claim it did not measure makes exit 1; otherwise it exits 0, or 3 (no
     * verdict: a gated claim undecided or with too few rounds) where its manifest records it so ("good-no-verdict")
     * or where it stopped before today's runner would have ({@link #cutShort}). A run recorded as ending without a
     * verdict must end so: exit 3 with every claim measured.
     */
    static String goodRunProblem(GateRuns.Entry r, List<Regate.ClaimVerdict> verdicts) {
        int exit = Regate.exitCode(verdicts);
        if (!withStatus(verdicts, Analysis.Status.FAILS).isEmpty()) {
            return "a false alarm";
        }
        boolean missing = !withStatus(verdicts, Analysis.Status.NOT_MEASURED).isEmpty();
        if (r.noVerdict()) {
            return exit == 3 && !missing ? null : "recorded as ending without a verdict, but exit " + exit;
        }
        int expected = missing ? 1 : exit == 3 && cutShort(r, verdicts) ? 3 : 0;
        return exit == expected ? null : "a good run holds every gated claim it measured, but exit " + exit;
    }

    /**
     * True when a run ended with a gated claim undecided only because it stopped before today's runner would have
     * ({@link Stopping} with {@link Suite#CI}'s rounds and cap, the rule the runner runs): at an older, lower cap, or
     * where today's rule runs an undecided set on. Nothing but UNDECIDED (or too few rounds) stands between it and
     * exit 0.
     */
    static boolean cutShort(GateRuns.Entry r, List<Regate.ClaimVerdict> verdicts) {
        List<Regate.ClaimVerdict> gated = verdicts.stream().filter(v -> v.claim().expect().checked()).toList();
        if (!gated.stream().allMatch(v -> v.verdict().status() == Analysis.Status.HOLDS
                || v.verdict().status() == Analysis.Status.UNDECIDED
                || v.verdict().status() == Analysis.Status.TOO_FEW_ROUNDS)) {
            return false;
        }
        List<String> sets = gated.stream().map(v -> v.claim().set()).distinct().toList();
        Set<String> open = new java.util.LinkedHashSet<>();
        gated.stream().filter(v -> !v.verdict().decided()).forEach(v -> open.add(v.claim().set()));
        Stopping today = Stopping.of(Suite.CI.rounds(), Suite.CI.cap());
        return !today.next(r.read().summary().rounds(), sets, Set.copyOf(sets), open).isEmpty();
    }

    /** A good run recorded as ending without a verdict passes only with exit 3 and no claim failed or missing. */
    @Test
    void aGoodRunWithoutAVerdictIsToldFromAFalseAlarm() {
        GateRuns.Entry undecided = GateRuns.of("peer-claim-runs/g1");
        GateRuns.Entry failing = GateRuns.of("peer-claim-runs/p1");
        GateRuns.Entry lacking = GateRuns.of("ci-good/g1");
        // The README's evidence run: every gated claim measured and holding.
        GateRuns.Entry holding = new GateRuns.Entry(java.nio.file.Path.of("results", "default-run", "run"), "good",
                "default-run/run");
        assertEquals(null, goodRunProblem(asNoVerdict(undecided), judge(undecided)), "exit 3, no claim fails");
        assertEquals("a false alarm", goodRunProblem(asNoVerdict(failing), judge(failing)), "a claim FAILS: exit 1");
        assertEquals("recorded as ending without a verdict, but exit 0",
                goodRunProblem(asNoVerdict(holding), judge(holding)), "a run that holds is no such run");
        assertEquals("recorded as ending without a verdict, but exit 1",
                goodRunProblem(asNoVerdict(lacking), judge(lacking)), "a run lacking the peer claim is no such run");
        assertEquals(null, goodRunProblem(holding, judge(holding)), "recorded as good, it holds");
    }

    private static GateRuns.Entry asNoVerdict(GateRuns.Entry r) {
        return new GateRuns.Entry(r.dir(), "good-no-verdict", r.source());
    }

    private static List<Regate.ClaimVerdict> judge(GateRuns.Entry r) {
        return Regate.judge(r.read(), GateRule.CONFIDENCE);
    }

    /**
     * The good runs that measured every gated claim exit 0, or 3 where recorded so or stopped before today's runner
     * would: never 1.
     */
    @Test
    void aGoodRunWithEveryGatedClaimNeverExitsOne() {
        int whole = 0;
        for (GateRuns.Entry r : GateRuns.all()) {
            List<Regate.ClaimVerdict> verdicts = Regate.judge(r.read(), GateRule.CONFIDENCE);
            if (r.good() && withStatus(verdicts, Analysis.Status.NOT_MEASURED).isEmpty()) {
                whole++;
                int exit = Regate.exitCode(verdicts);
                assertTrue(exit == 0 || exit == 3 && (r.noVerdict() || cutShort(r, verdicts)), r.dir() + ": exit "
                        + exit);
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
