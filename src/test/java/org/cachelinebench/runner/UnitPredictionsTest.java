package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.results.JmhResult;
import org.junit.jupiter.api.Test;

/** The pcpu_chunk readers' ratio priced at a saved run's own rates and floor, and what a run without them gets. */
class UnitPredictionsTest {
    /** A saved profile-ci run of the interleaved pcpu set, with its floor's forks (runs.json). */
    private static final Path Q3 = Path.of("src/test/resources/runs/pcpu-run");
    private static final String READERS = "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader";

    private static UnitPredictions.Row row(String id, UnitPredictions.RunCosts costs) {
        Summary.Entry e = SavedRun.read(Q3).entry(id);
        return new UnitPredictions(Model.DEFAULT).of(Suite.claim(id), costs, e.extraTransfersLow(),
                e.extraTransfersHigh(), e.low(), e.high());
    }

    @Test
    void theReadersRatioIsPricedAtTheRunsRatesAndFloor() {
        UnitPredictions.Row r = row(READERS, UnitPredictions.RunCosts.of(Q3));
        assertEquals(UnitPredictions.RATIO, r.unit());
        assertTrue(r.predicted().low() > 1 && r.predicted().high() >= r.predicted().low(), r.toString());
        assertTrue(r.against().equals(UnitPredictions.INSIDE) || r.against().equals(UnitPredictions.OUTSIDE));
        UnitPredictions.Row aa = row("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader",
                UnitPredictions.RunCosts.of(Q3));
        assertEquals(1.0, aa.predicted().low());
        assertEquals(1.0, aa.predicted().high());
    }

    @Test
    void withoutTheFloorsForksTheReadersRatioIsNotGuessed() {
        List<JmhResult> forks = UnitPredictions.RunCosts.of(Q3).forks().stream()
                .filter(f -> !f.secondary().containsKey(org.cachelinebench.harness.CounterNames.calls(CsdSides.FLOOR)))
                .toList();
        UnitPredictions.Row r = row(READERS, UnitPredictions.RunCosts.of(forks));
        assertNull(r.predicted());
        assertEquals("no floor", r.why());
        assertEquals("", r.against());
        // The A/A needs neither: its layouts' lines are never written.
        assertEquals(1.0, row("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader",
                UnitPredictions.RunCosts.of(forks)).predicted().mid());
    }

    @Test
    void anAllocatorClaimIsNoReaderRatio() {
        Claim c = Suite.claim("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator");
        UnitPredictions.Row r = new UnitPredictions(Model.DEFAULT).of(c, UnitPredictions.RunCosts.of(Q3), null, null,
                1.0, 2.0);
        assertNull(r.predicted());
        assertEquals("", r.against());
    }
}
