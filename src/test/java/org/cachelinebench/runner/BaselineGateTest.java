package org.cachelinebench.runner;

import static org.cachelinebench.runner.SavedRuns.FAR;
import static org.cachelinebench.runner.SavedRuns.NEAR;
import static org.cachelinebench.runner.SavedRuns.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.claims.GateRule;
import org.cachelinebench.harness.LayoutCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline step on synthetic runs: only on the same machine, on the effect over each run's own A/A, a
 * regression only beyond both A/A margins and only while the floors stayed; a moved machine says it cannot tell.
 */
class BaselineGateTest {
    @TempDir
    Path dir;

    // A gated claim of profile ci and its A/A control.
    private static final String READER = "chunk-object-interleaved.unpadded-vs-contended.reader";
    private static final String AA = "chunk-object-interleaved.padded-again-vs-padded.reader";
    /** An A/A scattered by a few per cent, the same in every run below. */
    private static final double[] SCATTER = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97};

    private SavedRun run(String name, double floor, double claim) throws Exception {
        double[] ratios = new double[SCATTER.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = claim * SCATTER[(i + 3) % SCATTER.length];
        }
        return SavedRun.read(new SavedRuns(times(SCATTER.length, floor)).claim(READER, ratios).claim(AA, SCATTER)
                .write(dir.resolve(name)));
    }

    private static BaselineGate.Comparison reader(BaselineGate.Result r) {
        return r.comparisons().stream().filter(c -> c.claim().equals(READER)).findFirst().orElseThrow();
    }

    @Test
    void anotherMachinesBaselineIsNotUsedAndTheLineSaysWhyAndHow() throws Exception {
        SavedRun base = SavedRun.read(new SavedRuns(FAR, FAR, FAR).claim(READER, 3, 3, 3)
                .fingerprint(new Fingerprint("Intel Xeon", 4, 2, 2, 1, List.of("0-3"), 64, "Debian", "17.0.15", true))
                .write(dir.resolve("base")));
        SavedRun here = run("here", FAR, 1);
        BaselineGate.Result r = BaselineGate.compare(base, here, GateRule.CONFIDENCE);
        assertFalse(r.used());
        assertEquals(0, r.exitCode(), "the within-run claims alone gate: a collapsed ratio is theirs to catch");
        assertEquals("baseline not used: its machine differs: CPU model 'Intel Xeon' (baseline) vs 'AMD EPYC' (this "
                + "run); logical CPUs '4' (baseline) vs '2' (this run); threads per core '2' (baseline) vs '1' (this "
                + "run); L3 sharing '[0-3]' (baseline) vs '[0-1]' (this run); the within-run claims alone gate this run "
                + "(record a baseline for this machine with benchmarks/ci --update-baseline)", r.why());
        assertTrue(r.comparisons().isEmpty());
    }

    @Test
    void anEffectThatMovedTowardItsAaOnAnUnmovedMachineRegresses() throws Exception {
        BaselineGate.Result r = BaselineGate.compare(run("base", NEAR, 3), run("here", NEAR, 1.5), GateRule.CONFIDENCE);
        assertTrue(r.why().endsWith("the floors did not move"), r.why());
        BaselineGate.Comparison c = reader(r);
        assertEquals(BaselineGate.Outcome.REGRESSION, c.outcome(), c.line());
        assertTrue(c.line().startsWith("REGRESSION " + READER + ": effect over the A/A x"), c.line());
        assertTrue(c.line().contains(" in the baseline, shift x0.500 (99 % bounds "), "half the effect: " + c.line());
        assertEquals(1, r.exitCode());
    }

    @Test
    void onAMovedMachineTheSameShiftCannotBeToldFromThePartialRevert() throws Exception {
        BaselineGate.Result r = BaselineGate.compare(run("base", NEAR, 3), run("here", FAR, 1.5), GateRule.CONFIDENCE);
        BaselineGate.Comparison c = reader(r);
        assertEquals(BaselineGate.Outcome.CANNOT_TELL, c.outcome());
        assertTrue(c.line().endsWith("the floors moved: median 470 ns here vs 60 ns in the baseline, so a partial"
                + " revert and the machine look alike"), c.line());
        assertEquals(0, r.exitCode(), "drift of a machine is not a regression");
        assertEquals("baseline gate: no regression (1 cannot tell)", r.verdict());
    }

    @Test
    void aShiftInsideBothAaMarginsOrABiggerEffectHolds() throws Exception {
        SavedRun base = run("base", NEAR, 3);
        assertEquals(BaselineGate.Outcome.HOLDS, reader(BaselineGate.compare(base, run("same", NEAR, 3),
                GateRule.CONFIDENCE)).outcome());
        assertEquals(BaselineGate.Outcome.HOLDS, reader(BaselineGate.compare(base, run("bigger", NEAR, 12),
                GateRule.CONFIDENCE)).outcome());
    }

    @Test
    void theFloorsMoveOnlyWhenTheirShiftIsDistinguishable() throws Exception {
        assertNull(BaselineGate.machineMoved(run("a", NEAR, 3), run("b", NEAR, 3), GateRule.CONFIDENCE));
        assertEquals("the floors moved: median 470 ns here vs 60 ns in the baseline",
                BaselineGate.machineMoved(run("c", NEAR, 3), run("d", FAR, 3), GateRule.CONFIDENCE));
    }

    @Test
    void tooFewRoundsOrALayoutFailureAreNotCompared() throws Exception {
        SavedRun base = run("base", NEAR, 3);
        SavedRun few = SavedRun.read(new SavedRuns(NEAR, NEAR, NEAR).claim(READER, 1, 1, 1).claim(AA, 1, 1, 1)
                .write(dir.resolve("few")));
        BaselineGate.Comparison c = reader(BaselineGate.compare(base, few, GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.NOT_COMPARED, c.outcome());
        assertEquals("not compared " + READER + ": 3 rounds with an A/A here, 7 in the baseline (7 needed on both"
                + " sides)", c.line());
        SavedRun broken = SavedRun.read(new SavedRuns(times(7, NEAR)).claim(AA, SCATTER)
                .layoutFailure(READER, LayoutCheck.MARKER + "v6.4-rc4: gone").write(dir.resolve("broken")));
        assertTrue(BaselineGate.compare(base, broken, GateRule.CONFIDENCE).comparisons().isEmpty(),
                "a layout failure is the within-run claim's to report");
    }
}
