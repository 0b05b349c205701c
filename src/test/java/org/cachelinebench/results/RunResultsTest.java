package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.compare.GateComparison;
import org.cachelinebench.compare.GateComparison.Verdict;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ThroughputResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Results built with JMH's own classes and written by JMH's own JSON writer (what the Runner API returns): the
 * reader must see exactly the forks, iterations, params and group methods that went in, also strings with the
 * characters JMH's JSON layout step rewrites outside strings ({@code , ; < > { } [ ] " \}).
 */
class RunResultsTest {
    static final String VARIANT = "a,b;c <d> {e} [f] \"g\" \\h";

    @Test
    void readsWhatJmhsOwnWriterWrites() throws Exception {
        double[][] reader = {{50, 52, 51}, {49, 50, 48}};
        double[][] writer = {{30, 31, 29}, {33, 32, 34}};
        RunResult run = group("x.G.rw", VARIANT, List.of("-Xlog:gc,safepoint", "-XX:-RestrictContended"),
                reader, writer);

        List<JmhResult> read = JmhResultReader.fromRunResults(List.of(run));
        assertEquals(1, read.size());
        JmhResult r = read.get(0);
        assertEquals("x.G.rw", r.benchmark());
        assertEquals(JmhResult.Mode.THROUGHPUT, r.mode());
        assertEquals(2, r.header().threads());
        assertEquals(Map.of("variant", VARIANT), r.params());
        assertEquals(List.of("-Xlog:gc,safepoint", "-XX:-RestrictContended"), r.header().jvm().args());
        assertEquals("ops/us", r.primary().unit());
        for (int f = 0; f < 2; f++) {
            assertArrayEquals(reader[f], r.secondary().get("reader").rawData()[f], 1e-9);
            assertArrayEquals(writer[f], r.secondary().get("writer").rawData()[f], 1e-9);
            for (int i = 0; i < 3; i++) {
                assertEquals(reader[f][i] + writer[f][i], r.primary().rawData()[f][i], 1e-9);
            }
        }
    }

    @Test
    void runResultsCanBeComparedDirectly() throws Exception {
        List<String> args = List.of();
        RunResult base = group("x.G.rw", "v", args, new double[][] {{50, 51, 50}, {49, 50, 50}, {51, 50, 50}},
                new double[][] {{30, 30, 31}, {30, 29, 30}, {31, 30, 30}});
        RunResult slower = group("x.G.rw", "v", args, new double[][] {{44, 45, 44}, {45, 44, 45}, {44, 44, 45}},
                new double[][] {{30, 30, 31}, {30, 29, 30}, {31, 30, 30}});
        GateComparison c = GateComparison.compare(JmhResultReader.fromRunResults(List.of(base)),
                JmhResultReader.fromRunResults(List.of(slower)), GateComparison.Options.defaults());
        assertTrue(c.hasRegression());
        assertEquals(Verdict.REGRESSION, c.rows().get(1).verdict());
        assertEquals("reader", c.rows().get(1).metric());
        assertEquals(Verdict.NOT_SIGNIFICANT, c.rows().get(2).verdict());
    }

    /**
     * A thrpt {@code @Group} with methods reader and writer, one thread each, @Param variant; scores in ops/us,
     * each iteration 1 s long.
     */
    private static RunResult group(String name, String variant, List<String> jvmArgs, double[][] reader,
                                   double[][] writer) {
        IterationParams warmup = new IterationParams(IterationType.WARMUP, 0, TimeValue.seconds(1), 1);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, reader[0].length,
                TimeValue.seconds(1), 1);
        WorkloadParams params = new WorkloadParams();
        params.put("variant", variant, 0);
        BenchmarkParams bp = new BenchmarkParams(name, "x.jmh_generated.G_rw_jmhTest.rw_Throughput", true, 2,
                new int[] {1, 1}, List.of("reader", "writer"), reader.length, 0, warmup, measurement,
                Mode.Throughput, params, TimeUnit.MICROSECONDS, 1, "/usr/bin/java", jvmArgs, "17.0.15",
                "OpenJDK 64-Bit Server VM", "17.0.15+6", "1.37", TimeValue.minutes(10));
        List<BenchmarkResult> forks = new ArrayList<>();
        long oneSecondNs = TimeUnit.SECONDS.toNanos(1);
        for (int f = 0; f < reader.length; f++) {
            List<IterationResult> iterations = new ArrayList<>();
            for (int i = 0; i < reader[f].length; i++) {
                IterationResult ir = new IterationResult(bp, measurement, new IterationResultMetaData(0, 0));
                double r = reader[f][i] * 1e6; // ops in one second at reader[f][i] ops/us
                double w = writer[f][i] * 1e6;
                ir.addResult(new ThroughputResult(ResultRole.PRIMARY, "rw", r, oneSecondNs, TimeUnit.MICROSECONDS));
                ir.addResult(new ThroughputResult(ResultRole.SECONDARY, "reader", r, oneSecondNs, TimeUnit.MICROSECONDS));
                ir.addResult(new ThroughputResult(ResultRole.PRIMARY, "rw", w, oneSecondNs, TimeUnit.MICROSECONDS));
                ir.addResult(new ThroughputResult(ResultRole.SECONDARY, "writer", w, oneSecondNs, TimeUnit.MICROSECONDS));
                iterations.add(ir);
            }
            forks.add(new BenchmarkResult(bp, iterations));
        }
        return new RunResult(bp, forks);
    }
}
