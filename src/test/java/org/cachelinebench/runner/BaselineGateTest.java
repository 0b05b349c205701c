package org.cachelinebench.runner;

import static org.cachelinebench.runner.SavedRuns.FAR;
import static org.cachelinebench.runner.SavedRuns.NEAR;
import static org.cachelinebench.runner.SavedRuns.concat;
import static org.cachelinebench.runner.SavedRuns.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.harness.LayoutCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline step on synthetic runs: only on the same machine, per state, in log space, and only a shrinking
 * effect fails. Every d below is worked out by hand.
 */
class BaselineGateTest {
    @TempDir
    Path dir;

    private static final String READER = "chunk.v6.4-rc4-vs-v6.5-merged.reader";
    private static final double T = Math.log(2);

    private SavedRun run(String name, SavedRuns r) throws Exception {
        return SavedRun.read(r.write(dir.resolve(name)));
    }

    private static BaselineGate.Comparison only(BaselineGate.Result r, String state) {
        return r.comparisons().stream().filter(c -> c.state().equals(state)).findFirst().orElseThrow();
    }

    @Test
    void anotherMachinesBaselineIsNotUsedAndTheLineSaysWhyAndHow() throws Exception {
        SavedRun base = run("base", new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3)
                .fingerprint(new Fingerprint("Intel Xeon", 4, 2, 2, 1, List.of("0-3"), 64, "Debian", "17.0.15", true)));
        SavedRun here = run("here", new SavedRuns(FAR, FAR, FAR).claim(READER, 1, 1, 1));
        BaselineGate.Result r = BaselineGate.compare(base, here, Thresholds.COMMITTED);
        assertFalse(r.used());
        assertEquals(0, r.exitCode(), "the within-run claims alone gate: a collapsed ratio is theirs to catch");
        assertEquals("baseline not used: its machine differs: CPU model 'Intel Xeon' (baseline) vs 'AMD EPYC' (this "
                + "run); logical CPUs '4' (baseline) vs '2' (this run); threads per core '2' (baseline) vs '1' (this "
                + "run); L3 sharing '[0-3]' (baseline) vs '[0-1]' (this run); the within-run claims alone gate this run "
                + "(record a baseline for this machine with benchmarks/ci --update-baseline)", r.why());
        assertTrue(r.comparisons().isEmpty());

        SavedRun old = run("old", new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3).fingerprint(null));
        BaselineGate.Result none = BaselineGate.compare(old, here, Thresholds.COMMITTED);
        assertFalse(none.used());
        assertTrue(none.why().startsWith("baseline not used: " + old.dir() + " has no machine fingerprint"), none.why());
    }

    @Test
    void aSlowerClaimFailsOnlyWhenItsEffectShrankByMoreThanT() throws Exception {
        SavedRun base = run("base", new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3));
        // ln(1.4 / 3) = -0.762 < -0.693: the effect fell by more than half
        BaselineGate.Comparison lost = only(BaselineGate.compare(base,
                run("lost", new SavedRuns(FAR, FAR, FAR).claim(READER, 1.4, 1.4, 1.4)), Thresholds.COMMITTED), "far");
        assertEquals(BaselineGate.Outcome.REGRESSION, lost.outcome());
        assertEquals(Math.log(1.4 / 3), lost.d(), 1e-12);
        assertEquals("REGRESSION " + READER + " (far): median 1.400 vs 3.000 in the baseline, d = -0.762 < -0.693: "
                + "the effect shrank by more than T", lost.line());
        // ln(1.6 / 3) = -0.629: within T
        BaselineGate.Comparison drift = only(BaselineGate.compare(base,
                run("drift", new SavedRuns(FAR, FAR, FAR).claim(READER, 1.6, 1.6, 1.6)), Thresholds.COMMITTED), "far");
        assertEquals(BaselineGate.Outcome.HOLDS, drift.outcome());
        // ln(12 / 3) = +1.386: a bigger effect never fails
        BaselineGate.Result better = BaselineGate.compare(base,
                run("better", new SavedRuns(FAR, FAR, FAR).claim(READER, 12, 12, 12)), Thresholds.COMMITTED);
        assertEquals(BaselineGate.Outcome.HOLDS, only(better, "far").outcome());
        assertEquals("baseline gate: no regression (1 held)", better.verdict());
    }

    @Test
    void statesAreComparedOnlyWithTheSameStateAndOnlyWithThreeRoundsOnEachSide() throws Exception {
        // baseline: 3 far rounds at 3.0 and 3 near rounds at 1.3; here: 4 far at 2.9, 2 near at 1.0
        SavedRun base = run("base", new SavedRuns(concat(times(3, FAR), times(3, NEAR)))
                .claim(READER, concat(times(3, 3.0), times(3, 1.3))));
        SavedRun here = run("here", new SavedRuns(concat(times(4, FAR), times(2, NEAR)))
                .claim(READER, concat(times(4, 2.9), times(2, 1.0))));
        BaselineGate.Result r = BaselineGate.compare(base, here, Thresholds.COMMITTED);
        assertTrue(r.used());
        assertEquals(2, r.comparisons().size());
        BaselineGate.Comparison far = only(r, "far");
        assertEquals(BaselineGate.Outcome.HOLDS, far.outcome(), "the far state against the far state: 2.9 vs 3.0");
        assertEquals(Math.log(2.9 / 3.0), far.d(), 1e-12);
        BaselineGate.Comparison near = only(r, "near");
        assertEquals(BaselineGate.Outcome.TOO_FEW_ROUNDS, near.outcome(),
                "1.0 against 1.3 near would pass anyway; with 2 rounds it is not judged at all");
        assertEquals("not compared " + READER + " (near): 2 rounds here, 3 in the baseline (3 needed on both sides)",
                near.line());
        assertEquals("baseline gate: no regression (1 held, 1 not compared)", r.verdict());
    }

    @Test
    void runsWithoutAFloorCompareTheirRoundsAsOneUnknownState() throws Exception {
        double none = Double.NaN;
        SavedRun base = run("base", new SavedRuns(none, none, none).claim(READER, 3, 3, 3));
        SavedRun here = run("here", new SavedRuns(none, none, none).claim(READER, 1, 1, 1));
        BaselineGate.Comparison c = only(BaselineGate.compare(base, here, Thresholds.COMMITTED), "unknown");
        assertEquals(BaselineGate.Outcome.REGRESSION, c.outcome(), "ln(1/3) = -1.10");
    }

    @Test
    void aFasterClaimFailsWhenItsRatioRisesTowardOneNeverWhenItDrops() throws Exception {
        Claim faster = new Claim("x", "fast", "slow", "m", Expect.faster(1.1, T), "fast is faster");
        SavedRun base = run("base", new SavedRuns(FAR, FAR, FAR).claim(faster, 0.5, 0.5, 0.5));
        // a drop, 0.5 -> 0.2: ln(0.4) = -0.916, a bigger effect
        BaselineGate.Comparison drop = only(BaselineGate.compare(base,
                run("drop", new SavedRuns(FAR, FAR, FAR).claim(faster, 0.2, 0.2, 0.2)), Thresholds.COMMITTED), "far");
        assertEquals(BaselineGate.Outcome.HOLDS, drop.outcome());
        // a rise, 0.5 -> 1.1: ln(2.2) = +0.788 > +0.693, the effect gone
        BaselineGate.Comparison rise = only(BaselineGate.compare(base,
                run("rise", new SavedRuns(FAR, FAR, FAR).claim(faster, 1.1, 1.1, 1.1)), Thresholds.COMMITTED), "far");
        assertEquals(BaselineGate.Outcome.REGRESSION, rise.outcome());
        assertEquals("REGRESSION x.fast-vs-slow.m (far): median 1.100 vs 0.500 in the baseline, d = +0.788 > +0.693: "
                + "the effect shrank by more than T", rise.line());
    }

    @Test
    void aaControlsInformationLayoutFailuresAndBlindStatesAreNotCompared() throws Exception {
        Claim blind = new Claim("x", "a", "b", "m", Expect.slower(1.1, T).blindIn(MachineState.NEAR), "blind near");
        String aa = "chunk.v6.5-merged-again-vs-v6.5-merged.reader";
        String info = "chunk.v6.4-rc4-vs-v6.5-merged.allocator";
        String padded = "chunk-object.unpadded-vs-padded.reader";
        SavedRun base = run("base", new SavedRuns(NEAR, NEAR, NEAR).claim(aa, 1, 1, 1).claim(info, 3, 3, 3)
                .claim(blind, 3, 3, 3).claim(padded, 3, 3, 3));
        SavedRun here = run("here", new SavedRuns(NEAR, NEAR, NEAR).claim(aa, 0.5, 0.5, 0.5).claim(info, 1, 1, 1)
                .claim(blind, 1, 1, 1).layoutFailure(padded, LayoutCheck.MARKER + "padded: gone")
                .claim("chunk.v6.4-rc4-vs-v2-reorder.reader", 3, 3, 3));
        BaselineGate.Result r = BaselineGate.compare(base, here, Thresholds.COMMITTED);
        assertEquals(1, r.comparisons().size(), r.comparisons().toString());
        assertEquals("not compared chunk.v6.4-rc4-vs-v2-reorder.reader (all): the baseline has no such claim",
                r.comparisons().get(0).line());
        assertEquals(0, r.exitCode());
    }

    @Test
    void aCandidateTAndSplitChangeTheDecision() throws Exception {
        SavedRun base = run("base", new SavedRuns(150, 150, 150).claim(READER, 3, 3, 3));
        SavedRun here = run("here", new SavedRuns(150, 150, 150).claim(READER, 2, 2, 2));
        // ln(2/3) = -0.405: within ln 2, beyond 0.4
        assertEquals(0, BaselineGate.compare(base, here, Thresholds.COMMITTED).exitCode());
        BaselineGate.Result strict = BaselineGate.compare(base, here, new Thresholds(null, null, null, 0.4, null));
        assertEquals(1, strict.exitCode());
        assertEquals("near", strict.comparisons().get(0).state(), "150 ns is below the 200 ns split");
        assertEquals("far", BaselineGate.compare(base, here, new Thresholds(null, null, null, null, 100.0))
                .comparisons().get(0).state());
    }
}
