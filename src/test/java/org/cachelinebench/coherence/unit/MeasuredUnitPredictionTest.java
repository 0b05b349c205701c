package org.cachelinebench.coherence.unit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Pricing a critical path's difference at a run's probes: exact where nothing needs a probe, never a guess. */
class MeasuredUnitPredictionTest {
    private static final ProbeCosts COSTS = new ProbeCosts(new ProbeCosts.Range(0.8, 1.0, 1.2),
            new ProbeCosts.Range(0.1, 0.2, 0.3), new ProbeCosts.Range(0.05, 0.1, 0.15));

    @Test
    void aDifferenceWithNoLineIsZeroWithoutProbes() {
        MeasuredUnitPrediction p = MeasuredUnitPrediction.priced("x", new CriticalPath(0.02, -0.02, 0, 0), null);
        assertEquals(ProbeCosts.Range.exactly(0), p.predicted());
        assertEquals("inside", p.against(-0.01, 0.01));
        assertEquals("outside", p.against(0.02, 0.05));
    }

    @Test
    void aLineThatNeedsAProbeIsNoProbesWithoutOne() {
        MeasuredUnitPrediction p = MeasuredUnitPrediction.priced("x", new CriticalPath(0, 1, 0, 0), null);
        assertNull(p.predicted());
        assertEquals(MeasuredUnitPrediction.NO_PROBES, p.why());
        assertEquals("", p.against(0.5, 1.5));
    }

    @Test
    void eachClassIsPricedAtItsProbeWithItsRange() {
        assertEquals(new ProbeCosts.Range(0.8, 1.0, 1.2),
                MeasuredUnitPrediction.priced("x", new CriticalPath(0, 1, 0, 0), COSTS).predicted());
        assertEquals(new ProbeCosts.Range(0.05, 0.1, 0.15),
                MeasuredUnitPrediction.priced("x", new CriticalPath(0, 0, 0, 1), COSTS).predicted());
        // A path with one line fewer in series is cheaper: the range's ends swap.
        ProbeCosts.Range r = MeasuredUnitPrediction.priced("x", new CriticalPath(1, -1, 0, 0), COSTS).predicted();
        assertEquals(-0.7, r.low(), 1e-12);
        assertEquals(-0.5, r.mid(), 1e-12);
        assertEquals(-0.3, r.high(), 1e-12);
    }
}
