package org.cachelinebench.runner;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.google.gson.stream.JsonWriter;
import org.cachelinebench.claims.Expect;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Writes JMH's {@code -rf json} format, so every JMH tool (and {@code benchmarks/compare}) reads our files.
 *
 * <p>Why not JMH's own writer: the runs of a session come from separate {@code Runner} calls, one fork each;
 * merging them into one {@code RunResult} would mean rebuilding JMH's {@code BenchmarkParams} by hand, and
 * the ratio entries have no JMH result class at all ({@code ScalarResult} is always a secondary metric,
 * {@code ThroughputResult}'s unit is always ops/time). So we write the same fields in the same order, with
 * the numbers JMH derives computed by JMH's own {@link ListStatistics} (score = mean over every iteration of
 * every fork, scoreError = half-width of the 99.9 % Student-t interval, the same ten percentiles). NaN and
 * infinities are written as JMH writes them: the strings "NaN", "+INF", "-INF". A test checks the output
 * against JMH's writer for the same data.
 */
public final class JmhJson {
    private JmhJson() {}

    /** JMH's percentile ranks in its JSON. */
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};
    private static final double ERROR_CONFIDENCE = 0.999;

    /**
     * Prefix of ratio entries' benchmark names: "pair.csd.straddled-vs-line-aligned", "pair.chunk.v6.4-rc4-vs-v2-reorder.reader".
     */
    public static final String PAIR_PREFIX = "pair.";
    public static final String RATIO_UNIT = "ratio";

    /**
     * One JMH JSON entry.
     *
     * @param rawData per metric, [fork][iteration]
     */
    public record Entry(String jmhVersion, String benchmark, String mode, int threads, int forks, String jvm,
                        List<String> jvmArgs, String jdkVersion, String vmName, String vmVersion,
                        int warmupIterations, String warmupTime, int measurementIterations,
                        String measurementTime, Map<String, String> params, MetricData primary,
                        Map<String, MetricData> secondaries) {
        public Entry {
            jvmArgs = List.copyOf(jvmArgs);
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
            secondaries = Collections.unmodifiableMap(new TreeMap<>(secondaries));
        }
    }

    /** A metric's unit and its samples as [fork][iteration]. */
    public record MetricData(String unit, double[][] rawData) {}

    /** All runs of a session: one entry per benchmark and params, every round one fork. */
    public static List<Entry> runs(List<ForkRecord> records) {
        Map<String, List<ForkResult>> byKey = new LinkedHashMap<>();
        List<ForkRecord> ordered = new ArrayList<>(records);
        for (ForkRecord r : ordered) {
            byKey.computeIfAbsent(r.result().info().key(), k -> new ArrayList<>()).add(r.result());
        }
        List<Entry> entries = new ArrayList<>();
        for (List<ForkResult> forks : byKey.values()) {
            ForkResult first = forks.get(0);
            BenchmarkInfo info = first.info();
            double[][] primary = new double[forks.size()][];
            Set<String> labels = new TreeSet<>();
            for (int f = 0; f < forks.size(); f++) {
                primary[f] = forks.get(f).primary().iterations();
                labels.addAll(forks.get(f).secondaries().keySet());
            }
            Map<String, MetricData> secondaries = new TreeMap<>();
            for (String label : labels) {
                double[][] raw = new double[forks.size()][];
                String unit = null;
                for (int f = 0; f < forks.size(); f++) {
                    Metric m = forks.get(f).secondaries().get(label);
                    raw[f] = m == null ? new double[0] : m.iterations();
                    unit = unit == null && m != null ? m.unit() : unit;
                }
                secondaries.put(label, new MetricData(unit, raw));
            }
            entries.add(header(info, forks.size(), info.measurement().count(), info.measurement().jmhTime(),
                    info.benchmark(), info.mode(), info.params(),
                    new MetricData(first.primary().unit(), primary), secondaries));
        }
        return entries;
    }

    /**
     * The ratios as JMH entries: benchmark "pair.&lt;comparison id&gt;", mode thrpt, unit "ratio", and
     * rawData {@code [[r1], [r2], ...]}: every round is one "fork" with one iteration (an interleaved
     * comparison: with that fork's per-iteration ratios, {@code [[r1a, r1b], [r2a, r2b], ...]}), because a round is
     * what a fork is to JMH, the independent unit (its own fresh JVMs), so a comparer that works on per-fork
     * means ({@code benchmarks/compare}: Welch's t-test over forks) uses exactly the rounds as its samples.
     * Higher is better for a thrpt entry, and every ratio here is one where a drop is the bad news (an
     * alignment benefit that shrank, or the csd drifting away from the one-line floor), so a JMH comparer's
     * "score went down" is exactly the regression to flag. Comparisons expected to stay near 1 (size-aligned
     * vs line-aligned, the offset sweep) have no bad direction, so they are left out here (they are in
     * summary.json): a comparer would call half their wobbles regressions.
     */
    public static List<Entry> ratios(List<Analysis.ComparisonResult> results, List<ForkRecord> records) {
        Map<String, BenchmarkInfo> infoByBenchmark = new LinkedHashMap<>();
        for (ForkRecord r : records) {
            infoByBenchmark.putIfAbsent(r.result().info().benchmark(), r.result().info());
        }
        List<Entry> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            if (r.comparison().expect().direction() == Expect.Direction.SIMILAR) {
                continue;
            }
            BenchmarkInfo info = infoByBenchmark.get(r.subjectBenchmark());
            double[][] raw = new double[r.byFork().length][];
            int iterations = 1;
            for (int round = 0; round < raw.length; round++) {
                raw[round] = r.byFork()[round].clone();
                iterations = Math.max(iterations, raw[round].length);
            }
            entries.add(header(info, raw.length, iterations, info.measurement().jmhTime(),
                    PAIR_PREFIX + r.comparison().id(), "thrpt", Map.of(), new MetricData(RATIO_UNIT, raw), Map.of()));
        }
        return entries;
    }

    private static Entry header(BenchmarkInfo info, int forks, int iterations, String iterationTime,
                                String benchmark, String mode, Map<String, String> params, MetricData primary,
                                Map<String, MetricData> secondaries) {
        BenchmarkInfo.JvmInfo jvm = info.jvm();
        return new Entry(jvm.jmhVersion(), benchmark, mode, info.threads(), forks, jvm.path(), jvm.args(),
                jvm.jdkVersion(), jvm.vmName(), jvm.vmVersion(), info.warmup().count(), info.warmup().jmhTime(),
                iterations, iterationTime, params, primary, secondaries);
    }

    /** The entries as JMH writes them: a JSON array, four-space indent. */
    public static String write(List<Entry> entries) {
        StringWriter sw = new StringWriter();
        try (JsonWriter w = new JsonWriter(sw)) {
            w.setIndent("    ");
            w.beginArray();
            for (Entry e : entries) {
                w.beginObject();
                w.name("jmhVersion").value(e.jmhVersion());
                w.name("benchmark").value(e.benchmark());
                w.name("mode").value(e.mode());
                w.name("threads").value(e.threads());
                w.name("forks").value(e.forks());
                w.name("jvm").value(e.jvm());
                w.name("jvmArgs").beginArray();
                for (String a : e.jvmArgs()) {
                    w.value(a);
                }
                w.endArray();
                w.name("jdkVersion").value(e.jdkVersion());
                w.name("vmName").value(e.vmName());
                w.name("vmVersion").value(e.vmVersion());
                w.name("warmupIterations").value(e.warmupIterations());
                w.name("warmupTime").value(e.warmupTime());
                w.name("warmupBatchSize").value(1);
                w.name("measurementIterations").value(e.measurementIterations());
                w.name("measurementTime").value(e.measurementTime());
                w.name("measurementBatchSize").value(1);
                if (!e.params().isEmpty()) {
                    w.name("params").beginObject();
                    for (Map.Entry<String, String> p : e.params().entrySet()) {
                        w.name(p.getKey()).value(p.getValue());
                    }
                    w.endObject();
                }
                w.name("primaryMetric");
                metric(w, e.primary());
                w.name("secondaryMetrics").beginObject();
                for (Map.Entry<String, MetricData> s : e.secondaries().entrySet()) {
                    w.name(s.getKey());
                    metric(w, s.getValue());
                }
                w.endObject();
                w.endObject();
            }
            w.endArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw + System.lineSeparator();
    }

    private static void metric(JsonWriter w, MetricData m) throws IOException {
        ListStatistics stats = new ListStatistics();
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                stats.addValue(v);
            }
        }
        w.beginObject();
        w.name("score");
        number(w, stats.getMean());
        w.name("scoreError");
        number(w, stats.getMeanErrorAt(ERROR_CONFIDENCE));
        w.name("scoreConfidence").beginArray();
        for (double c : stats.getConfidenceIntervalAt(ERROR_CONFIDENCE)) {
            number(w, c);
        }
        w.endArray();
        w.name("scorePercentiles").beginObject();
        for (double p : PERCENTILES) {
            w.name(String.valueOf(p));
            number(w, stats.getPercentile(p));
        }
        w.endObject();
        w.name("scoreUnit").value(m.unit());
        w.name("rawData").beginArray();
        for (double[] fork : m.rawData()) {
            w.beginArray();
            for (double v : fork) {
                number(w, v);
            }
            w.endArray();
        }
        w.endArray();
        w.endObject();
    }

    /** JMH's spelling of doubles: plain Java text, with NaN and infinities as strings. */
    private static void number(JsonWriter w, double d) throws IOException {
        if (Double.isNaN(d)) {
            w.value("NaN");
        } else if (d == Double.POSITIVE_INFINITY) {
            w.value("+INF");
        } else if (d == Double.NEGATIVE_INFINITY) {
            w.value("-INF");
        } else {
            w.value(d);
        }
    }
}
