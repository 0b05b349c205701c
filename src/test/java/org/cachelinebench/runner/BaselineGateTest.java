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
 * regression only beyond what the effects' own round-to-round scatter explains and only while the floors are shown
 * unmoved (both bounds of their shift inside the band); a moved machine, or one not shown unmoved, cannot tell.
 */
class BaselineGateTest {
    @TempDir
    Path dir;

    // A gated claim of profile ci and its A/A control.
    private static final String READER = "chunk-object-interleaved.unpadded-vs-contended.reader";
    private static final String AA = "chunk-object-interleaved.padded-again-vs-padded.reader";
    /** An A/A scattered by a few per cent, the same in every run below: 8 rounds, the runner's first look. */
    private static final double[] SCATTER = {1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97, 1.005};

    private SavedRun run(String name, double floor, double claim) throws Exception {
        return run(name, times(SCATTER.length, floor), times(SCATTER.length, claim));
    }

    /** A run whose round i has floor {@code floors[i]} and the claim's effect {@code effects[i]} over the A/A. */
    private SavedRun run(String name, double[] floors, double[] effects) throws Exception {
        double[] ratios = new double[SCATTER.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = effects[i] * SCATTER[(i + 3) % SCATTER.length];
        }
        return SavedRun.read(new SavedRuns(floors).claim(READER, ratios).claim(AA, SCATTER)
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
        assertTrue(r.why().endsWith("the floors did not move (shift inside x1.10 either way)"), r.why());
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
        assertTrue(c.line().endsWith("the floors moved: median 470 ns here vs 60 ns in the baseline, floor shift x7.83"
                + " (99 % bounds 7.83 .. 7.83), so a partial revert and the machine look alike"), c.line());
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
        assertEquals("the floors moved: median 470 ns here vs 60 ns in the baseline, floor shift x7.83 (99 % bounds"
                + " 7.83 .. 7.83)", BaselineGate.machineMoved(run("c", NEAR, 3), run("d", FAR, 3), GateRule.CONFIDENCE));
    }

    /**
     * "Unmoved" is an equivalence: floors 5 % up in every round are inside the x1.10 band and a halved effect
     * regresses; floors that alternate 60 and 80 ns against a baseline at 60 are not shown to differ (the shift's
     * lower bound is 0), but neither are they shown inside the band (its upper bound is x1.33), so the same halved
     * effect cannot be told from the machine. Read as "not rejected, so unmoved", that run would regress.
     */
    @Test
    void theFloorsCountAsUnmovedOnlyWhenTheirShiftIsShownInsideTheBand() throws Exception {
        int n = SCATTER.length;
        SavedRun base = run("base", NEAR, 3);
        double[] up5 = times(n, NEAR * 1.05);
        assertNull(BaselineGate.machineMoved(base, run("up5", up5, times(n, 3)), GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.REGRESSION, reader(BaselineGate.compare(base, run("up5-half", up5,
                times(n, 1.5)), GateRule.CONFIDENCE)).outcome());
        double[] mixed = new double[n];
        for (int i = 0; i < n; i++) {
            mixed[i] = i % 2 == 0 ? NEAR : NEAR * 4 / 3;
        }
        String why = BaselineGate.machineMoved(base, run("mixed", mixed, times(n, 3)), GateRule.CONFIDENCE);
        assertEquals("the floors are not shown unmoved: median 69 ns here vs 60 ns in the baseline, floor shift x1.15"
                + " (99 % bounds 1.00 .. 1.33), beyond x1.10 either way", why);
        BaselineGate.Comparison c = reader(BaselineGate.compare(base, run("mixed-half", mixed, times(n, 1.5)),
                GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.CANNOT_TELL, c.outcome(), c.line());
        assertTrue(c.line().endsWith(why + ", so a partial revert and the machine look alike"), c.line());
    }

    /**
     * The shift is judged against the effects' own round-to-round scatter in both runs, not the A/A's margins: an
     * effect spread over x0.74 .. x1.35 from round to round (its A/A by a few per cent) that reads x0.60 of the
     * baseline's holds, for its rounds explain more than that, though the shift's upper bound lies beyond both A/A
     * margins (the rule before); the same x0.60 of an effect as steady as its A/A regresses.
     */
    @Test
    void theShiftsMarginIsTheEffectsOwnScatter() throws Exception {
        int n = SCATTER.length;
        double[] z = {-1.5, -1, -0.5, -0.15, 0.15, 0.5, 1, 1.5};
        double[] spread = java.util.Arrays.stream(z).map(x -> 3 * Math.exp(0.2 * x)).toArray();
        double[] less = java.util.Arrays.stream(spread).map(x -> 0.6 * x).toArray();
        BaselineGate.Comparison loose = reader(BaselineGate.compare(run("jb", times(n, NEAR), spread),
                run("jh", times(n, NEAR), less), GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.HOLDS, loose.outcome(), loose.line());
        assertTrue(loose.line().matches(".* shift x0\\.600 \\(99 % bounds 0\\.\\d+ \\.\\. 0\\.[0-8]\\d*\\).*"),
                "the shift is shown below x0.90, beyond both A/A margins: " + loose.line());
        BaselineGate.Comparison tight = reader(BaselineGate.compare(run("sb", NEAR, 3), run("sh", NEAR, 3 * 0.6),
                GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.REGRESSION, tight.outcome(), tight.line());
    }

    @Test
    void tooFewRoundsOrALayoutFailureAreNotCompared() throws Exception {
        SavedRun base = run("base", NEAR, 3);
        SavedRun few = SavedRun.read(new SavedRuns(NEAR, NEAR, NEAR).claim(READER, 1, 1, 1).claim(AA, 1, 1, 1)
                .write(dir.resolve("few")));
        BaselineGate.Comparison c = reader(BaselineGate.compare(base, few, GateRule.CONFIDENCE));
        assertEquals(BaselineGate.Outcome.NOT_COMPARED, c.outcome());
        assertEquals("not compared " + READER + ": 3 rounds with an A/A here, 8 in the baseline (7 needed on both"
                + " sides)", c.line());
        SavedRun broken = SavedRun.read(new SavedRuns(times(8, NEAR)).claim(AA, SCATTER)
                .layoutFailure(READER, LayoutCheck.MARKER + "v6.4-rc4: gone").write(dir.resolve("broken")));
        assertTrue(BaselineGate.compare(base, broken, GateRule.CONFIDENCE).comparisons().isEmpty(),
                "a layout failure is the within-run claim's to report");
    }
}
