package org.cachelinebench.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.runner.PairedSession;
import org.junit.jupiter.api.Test;

/** One real JMH fork of a test-only benchmark, with absurdly short iterations: plumbing, not speed. */
class JmhForkRunnerTest {
    private static final String FIXTURE = "org.cachelinebench.runner.fixture.PlumbingFixture.g";

    private static String validate(Variant v) {
        return assertThrows(IllegalArgumentException.class,
                () -> new JmhForkRunner(null, null, false).validate(List.of(v))).getMessage();
    }

    @Test
    void validationNamesTheProblemBeforeAnythingRuns() {
        assertEquals("benchmark org.example.Missing.x is not in this jar (is its branch merged? rebuild with "
                + "mvn -DskipTests package)", validate(new Variant("m", "org.example.Missing.x", Map.of())));
        assertEquals(FIXTURE + " has no @Param 'placement' (it has: variant)",
                validate(new Variant("p", FIXTURE, Map.of("placement", "x"))));
        assertEquals(FIXTURE + " -p variant=c: variant must be a or b, not 'c'",
                validate(new Variant("c", FIXTURE, Map.of("variant", "c"))));
    }

    @Test
    void oneForkReportsEveryMetricItsParamsAndItsMeasurementWindow() throws Exception {
        JmhForkRunner runner = new JmhForkRunner(null, null, false);
        // A class with exactly one benchmark may be named by the class alone.
        Variant v = new Variant("b", "org.cachelinebench.runner.fixture.PlumbingFixture", Map.of("variant", "b"));
        runner.validate(List.of(v));
        long before = System.currentTimeMillis();
        ForkResult r = runner.run(v, new IterationSpec(1, 50), new IterationSpec(2, 50));
        long after = System.currentTimeMillis();

        assertEquals(FIXTURE, r.info().benchmark());
        assertEquals(JmhResult.Mode.THROUGHPUT, r.info().mode());
        assertEquals(2, r.info().threads());
        assertEquals(Map.of("variant", "b"), r.info().params());
        assertEquals(JmhResult.Iterations.ofMillis(2, 50), r.info().measurement());
        assertEquals("1.37", r.info().jvm().jmhVersion());
        assertEquals(List.of("receiver", "sender"), List.copyOf(r.secondaries().keySet()));
        assertEquals(2, r.primary().iterations().length);
        assertEquals(2, r.metric("sender").iterations().length);
        assertTrue(r.metric("sender").unit().startsWith("ops/"), r.metric("sender").unit());
        for (int i = 0; i < 2; i++) {
            double sum = r.metric("sender").iterations()[i] + r.metric("receiver").iterations()[i];
            assertEquals(sum, r.primary().iterations()[i], sum * 1e-9, "a group's primary is the sum over its methods");
        }
        assertTrue(before <= r.measureStartMillis() && r.measureStartMillis() < r.measureEndMillis()
                && r.measureEndMillis() <= after, "measurement window inside the call");
        assertTrue(r.measureEndMillis() - r.measureStartMillis() >= 100, "two iterations of 50 ms");
    }

    @Test
    void aProfilerJmhCannotStartIsRefusedBeforeAnyFork() {
        JmhForkRunner runner = new JmhForkRunner(null, null, false, List.of("nosuchprofiler"));
        String message = assertThrows(IllegalArgumentException.class,
                () -> runner.validate(List.of(new Variant("b", FIXTURE, Map.of("variant", "b"))))).getMessage();
        assertTrue(message.startsWith("--prof nosuchprofiler: "), message);
        assertFalse(message.contains("\n"), message);
        assertEquals("gc", JmhForkRunner.profilerConfig("gc").getKlass());
        assertEquals("", JmhForkRunner.profilerConfig("gc").getOpts());
        assertEquals("lines=3:top=2", JmhForkRunner.profilerConfig("stack:lines=3:top=2").getOpts());
    }

    @Test
    void aProfilersRowsComeBackBesideTheBenchmarksOwn() throws Exception {
        JmhForkRunner runner = new JmhForkRunner(null, null, false, List.of("gc"));
        Variant v = new Variant("a", FIXTURE, Map.of("variant", "a"));
        runner.validate(List.of(v));
        ForkResult r = runner.run(v, new IterationSpec(1, 50), new IterationSpec(1, 50));
        assertTrue(r.secondaries().containsKey("sender"), r.secondaries().keySet().toString());
        assertTrue(r.secondaries().containsKey("gc.alloc.rate.norm"), r.secondaries().keySet().toString());
    }

    @Test
    void aFailedLayoutCheckInTheForkReachesTheRunnerAsItsOwnType() throws Exception {
        JmhForkRunner runner = new JmhForkRunner(null, null, false);
        Variant v = new Variant("padded", "org.cachelinebench.runner.fixture.LayoutCheckFixture", Map.of());
        runner.validate(List.of(v));
        IterationSpec one = new IterationSpec(1, 50);
        Exception e = assertThrows(Exception.class, () -> runner.run(v, one, one));
        LayoutCheck.Failed failed = LayoutCheck.in(e);
        assertEquals("fixture: baseAddr shares a 64-byte line with freeBytes; the padding does not separate them",
                failed == null ? null : failed.reason(), "the failure crossed the fork whole: " + PairedSession.oneLine(e));
    }

    @Test
    void aVariantsThreadCountReplacesTheBenchmarksOwn() throws Exception {
        JmhForkRunner runner = new JmhForkRunner(null, null, false);
        String bench = "org.cachelinebench.runner.fixture.ThreadsFixture";
        Variant own = new Variant("own", bench, Map.of());
        Variant three = new Variant("three", bench, Map.of(), 3);
        runner.validate(List.of(own, three));
        IterationSpec one = new IterationSpec(1, 50);
        assertEquals(1, runner.run(own, one, one).info().threads(), "the benchmark's @Threads(1)");
        assertEquals(3, runner.run(three, one, one).info().threads(), "the variant's -t 3");
        assertEquals(bench + " -t 3", three.describe());
        assertEquals("variant bad: threads must be at least 1, not -1",
                assertThrows(IllegalArgumentException.class, () -> new Variant("bad", bench, Map.of(), -1)).getMessage());
    }
}
