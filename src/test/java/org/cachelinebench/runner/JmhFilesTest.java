package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResultWriter;
import org.cachelinebench.runner.fork.JmhForkRunner;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.BenchmarkResultMetaData;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ThroughputResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** runs.json and ratios.json: JMH's format, checked against JMH's own writer for the same data. */
class JmhFilesTest {
    private static final String BENCH = "org.example.Ipi.ipi";

    private static BenchmarkParams params(int forks, String placement) {
        WorkloadParams w = new WorkloadParams();
        w.put("placement", placement, 0);
        w.put("mode", "sync", 1);
        IterationParams warm = new IterationParams(IterationType.WARMUP, 1, TimeValue.milliseconds(500), 1);
        IterationParams meas = new IterationParams(IterationType.MEASUREMENT, 3, TimeValue.milliseconds(500), 1);
        return new BenchmarkParams(BENCH, "gen", true, 2, new int[] {1, 1}, List.of("receiver", "sender"), forks, 0,
                warm, meas, Mode.Throughput, w, TimeUnit.SECONDS, 1, "/jdk/bin/java",
                List.of("-Xmx1g", "-Dx=\"quoted\", [odd] {chars};"), "17.0.15", "OpenJDK 64-Bit Server VM",
                "17.0.15+6", "1.37", TimeValue.minutes(10));
    }

    /** One fork as JMH builds it: a group whose sender and receiver each did ops in one second. */
    private static BenchmarkResult fork(BenchmarkParams p, long t0, double[] senderOps, double[] receiverOps) {
        List<IterationResult> its = new ArrayList<>();
        for (int i = 0; i < senderOps.length; i++) {
            IterationResult ir = new IterationResult(p, p.getMeasurement(), new IterationResultMetaData(0, 0));
            ir.addResult(new ThroughputResult(ResultRole.PRIMARY, "ipi", senderOps[i] + receiverOps[i], 1_000_000_000L, TimeUnit.SECONDS));
            ir.addResult(new ThroughputResult(ResultRole.SECONDARY, "sender", senderOps[i], 1_000_000_000L, TimeUnit.SECONDS));
            ir.addResult(new ThroughputResult(ResultRole.SECONDARY, "receiver", receiverOps[i], 1_000_000_000L, TimeUnit.SECONDS));
            its.add(ir);
        }
        return new BenchmarkResult(p, its, new BenchmarkResultMetaData(t0 + 1000, t0 + 1500, t0 + 3000, 0, 0));
    }

    private static String jmhWrites(List<RunResult> runs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(runs);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runsOfSeparateForksMergeIntoWhatJmhWritesForOneRunOfTwoForks() {
        double[][] s = {{1000, 1100, 1050}, {2000, 1900, 2100}, {500, 600, 550}, {700, 650, 720}};
        double[][] r = {{990, 1090, 1040}, {1990, 1890, 2090}, {490, 590, 540}, {690, 640, 710}};
        List<ForkRecord> records = new ArrayList<>();
        // round 0: straddled then line-aligned; round 1: line-aligned then straddled
        String[] order = {"straddled", "line-aligned", "line-aligned", "straddled"};
        int[] which = {0, 2, 3, 1};
        for (int i = 0; i < 4; i++) {
            BenchmarkParams one = params(1, order[i]);
            RunResult single = new RunResult(one, List.of(fork(one, 10_000L * i, s[which[i]], r[which[i]])));
            ForkResult f = JmhForkRunner.toForkResult(single);
            records.add(new ForkRecord(i / 2, "csd", order[i], i % 2, 10_000L * i, 10_000L * i + 3500, f));
        }
        BenchmarkParams twoS = params(2, "straddled"), twoL = params(2, "line-aligned");
        String jmh = jmhWrites(List.of(
                new RunResult(twoS, List.of(fork(twoS, 0, s[0], r[0]), fork(twoS, 0, s[1], r[1]))),
                new RunResult(twoL, List.of(fork(twoL, 0, s[2], r[2]), fork(twoL, 0, s[3], r[3])))));
        String ours = JmhResultWriter.write(JmhFiles.runs(records));

        JsonElement expected = JsonParser.parseString(jmh);
        JsonElement actual = JsonParser.parseString(ours);
        assertEquals(expected, actual, "ours:\n" + ours + "\nJMH:\n" + jmh);
        // and the merged rawData really is [fork][iteration] over the rounds
        JsonArray raw = actual.getAsJsonArray().get(0).getAsJsonObject()
                .getAsJsonObject("secondaryMetrics").getAsJsonObject("sender").getAsJsonArray("rawData");
        assertEquals(2, raw.size());
        assertEquals(2000.0, raw.get(1).getAsJsonArray().get(0).getAsDouble());
    }

    @Test
    void ratioEntriesAreJmhEntriesWithOneRatioPerRound() {
        IterationSpec spec = new IterationSpec(2, 500);
        Header info = FakeForks.header(BENCH, "thrpt", 2, Map.of("placement", "straddled"), spec, spec);
        ForkResult f = new ForkResult(info, FakeForks.metric("ops/s", 1, 2), Map.of(), 0, 1);
        ForkRecord rec = new ForkRecord(0, "csd", "straddled", 0, 0, 1, f);
        Claim c = new Claim("csd", "straddled", "line-aligned", "sender", Expect.slower(), "claim");
        double[] ratios = {1.4, 1.3, 1.5};
        Analysis.ComparisonResult result = HandBuilt.comparison(c, BENCH, BENCH, ratios, new double[] {1, 1, 1},
                RatioStats.of(ratios), new Analysis.Score(1, "ops/s"), new Analysis.Score(1, "ops/s"), 3,
                Analysis.Status.HOLDS);

        JsonObject e = JsonParser.parseString(JmhResultWriter.write(JmhFiles.ratios(List.of(result), List.of(rec))))
                .getAsJsonArray().get(0).getAsJsonObject();
        assertEquals("pair.csd.straddled-vs-line-aligned.sender", e.get("benchmark").getAsString());
        assertEquals("thrpt", e.get("mode").getAsString());
        assertEquals(3, e.get("forks").getAsInt(), "a round is a fork: its own fresh JVMs");
        assertEquals(1, e.get("measurementIterations").getAsInt());
        assertEquals("1.37", e.get("jmhVersion").getAsString());
        assertEquals("unknown", e.getAsJsonObject("params").get("state").getAsString(),
                "no floor measured: the rounds have no state");
        JsonObject m = e.getAsJsonObject("primaryMetric");
        assertEquals("ratio", m.get("scoreUnit").getAsString());
        assertEquals(1.4, m.get("score").getAsDouble(), 1e-12, "JMH's score: the mean of rawData");
        JsonArray raw = m.getAsJsonArray("rawData");
        assertEquals(3, raw.size());
        for (int round = 0; round < 3; round++) {
            assertEquals(List.of(ratios[round]), doubles(raw.get(round).getAsJsonArray()));
        }
        assertEquals(10, m.getAsJsonObject("scorePercentiles").size());
        assertEquals(1.5, m.getAsJsonObject("scorePercentiles").get("100.0").getAsDouble());
        assertTrue(m.get("scoreError").getAsDouble() > 0);
        assertEquals(0, e.getAsJsonObject("secondaryMetrics").size());
        for (String field : List.of("jmhVersion", "benchmark", "mode", "threads", "forks", "jvm", "jvmArgs",
                "jdkVersion", "vmName", "vmVersion", "warmupIterations", "warmupTime", "warmupBatchSize",
                "measurementIterations", "measurementTime", "measurementBatchSize", "primaryMetric",
                "secondaryMetrics")) {
            assertTrue(e.has(field), field);
        }
    }

    private static List<Double> doubles(JsonArray a) {
        List<Double> l = new ArrayList<>();
        a.forEach(x -> l.add(x.getAsDouble()));
        return l;
    }
}
