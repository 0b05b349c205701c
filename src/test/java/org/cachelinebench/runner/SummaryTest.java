package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.runner.fork.ForkRecord;
import org.junit.jupiter.api.Test;

class SummaryTest {
    private static Analysis.ComparisonResult sweepResult(String subject, double... ratios) {
        Claim c = new Claim(Suite.SWEEP_SET, subject, "offset-0", "sender", Expect.info(Expect.Direction.SIMILAR), "x");
        return HandBuilt.comparison(c, "b", "b", ratios, new double[ratios.length], RatioStats.of(ratios),
                new Analysis.Score(1, "ops/us"), new Analysis.Score(1, "ops/us"), 0, Analysis.Status.INFO);
    }

    @Test
    void sweepPointsAreThroughputRelativeToOffsetZeroWithTheRealPlacements() {
        Map<Integer, Placement> placements = Map.of(
                0, new Placement(0, 32, 64, 0, 0, 1),
                40, new Placement(40, 32, 64, 40, 0, 2));
        List<Summary.SweepPoint> points = Summary.sweep(List.of(
                sweepResult("offset-40", 1.3, 1.5, 1.4),
                sweepResult("offset-8", 1.0, 1.02, 0.98)), placements);

        assertEquals(List.of(0, 8, 40), points.stream().map(Summary.SweepPoint::offset).toList());
        Summary.SweepPoint zero = points.get(0), eight = points.get(1), forty = points.get(2);
        assertEquals(1.0, zero.relative());
        assertEquals(Boolean.FALSE, zero.straddles());
        assertNull(eight.straddles(), "no placement known for 8");
        RatioStats s = RatioStats.of(new double[] {1.3, 1.5, 1.4});
        assertEquals(1 / s.geoMean(), forty.relative(), 1e-12);
        assertEquals(1 / s.high(), forty.low(), 1e-12);
        assertEquals(1 / s.low(), forty.high(), 1e-12);
        assertEquals(Boolean.TRUE, forty.straddles());
    }

    @Test
    void roundTripsThroughJsonWithMissingValuesAsNull() {
        FakeForks fake = new FakeForks(t -> 1, 1000).score("a", 1).score("b", 2);
        PairedSession.Plan plan = new PairedSession.Plan(List.of(FakeForks.set("s", "a", "b")), 1,
                new IterationSpec(1, 100), new IterationSpec(1, 100));
        List<ForkRecord> records = assertDoesNotThrowRun(fake, plan);
        Claim c = new Claim("s", "a", "b", "sender", Expect.slower(), "a slower");
        List<Analysis.ComparisonResult> results = Analysis.analyze(List.of(c), records);
        Summary s = Summary.of("ci", 1, plan.warmup(), plan.measurement(), 64, null, results, records);

        String json = s.toJson();
        Summary back = Summary.fromJson(json);
        Summary.Entry e = back.comparisons().get(0);
        assertEquals(2.0, e.geoMean(), 1e-12);
        assertNull(e.low(), "one round: no interval");
        assertEquals("NOT_JUDGED", e.status(), "no A/A control in this run");
        assertNull(back.csdBytes());
        assertEquals(2, back.forks().size());
        assertEquals(Map.of("v", "a"), back.forks().get(0).params());
        assertTrue(json.contains("\"started\": \"2023-11-14T22:13:20Z\""), json);
        assertThrows(IllegalArgumentException.class, () -> Summary.fromJson("[1, 2]"));
        assertThrows(IllegalArgumentException.class, () -> Summary.fromJson("{\"format\": 99}"));
    }

    private static List<ForkRecord> assertDoesNotThrowRun(FakeForks fake, PairedSession.Plan plan) {
        try {
            return new PairedSession(fake, fake, new java.io.PrintStream(java.io.OutputStream.nullOutputStream())).run(plan);
        } catch (PairedSession.ForkFailedException e) {
            throw new AssertionError(e);
        }
    }
}
