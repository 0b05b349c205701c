package org.cachelinebench.results;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import com.google.gson.stream.JsonWriter;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Histogram;
import org.cachelinebench.results.JmhResult.Metric;
import org.openjdk.jmh.util.Statistics;

/**
 * Writes {@link JmhResult}s in JMH's {@code -rf json} format, so every JMH tool (and {@code benchmarks/compare})
 * reads our files.
 *
 * <p>Why not JMH's own writer: the paired runner's runs come from separate {@code Runner} calls, one fork each;
 * merging them into one {@code RunResult} would mean rebuilding JMH's {@code BenchmarkParams} by hand, and its
 * ratio entries have no JMH result class at all ({@code ScalarResult} is always a secondary metric,
 * {@code ThroughputResult}'s unit is always ops/time). So this writes the same fields in the same order, with the
 * numbers JMH derives computed by JMH's own statistics (scoreConfidence and the same ten percentiles, over every
 * iteration of every fork, or every sample in sample mode). NaN and infinities are written as JMH writes them:
 * the strings "NaN", "+INF", "-INF". {@code runner.JmhFilesTest} checks the output against JMH's writer.
 */
public final class JmhResultWriter {
    private JmhResultWriter() {}

    /** JMH's percentile ranks in its JSON. */
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    /** The results as JMH writes them: a JSON array, four-space indent. */
    public static String write(List<JmhResult> results) {
        StringWriter sw = new StringWriter();
        try (JsonWriter w = new JsonWriter(sw)) {
            w.setIndent("    ");
            w.beginArray();
            for (JmhResult r : results) {
                entry(w, r);
            }
            w.endArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw + System.lineSeparator();
    }

    private static void entry(JsonWriter w, JmhResult r) throws IOException {
        Header h = r.header();
        w.beginObject();
        w.name("jmhVersion").value(h.jvm().jmhVersion());
        w.name("benchmark").value(h.benchmark());
        w.name("mode").value(h.mode().label());
        w.name("threads").value(h.threads());
        w.name("forks").value(r.primary().rawData().length);
        w.name("jvm").value(h.jvm().path());
        w.name("jvmArgs").beginArray();
        for (String a : h.jvm().args()) {
            w.value(a);
        }
        w.endArray();
        w.name("jdkVersion").value(h.jvm().jdkVersion());
        w.name("vmName").value(h.jvm().vmName());
        w.name("vmVersion").value(h.jvm().vmVersion());
        w.name("warmupIterations").value(h.warmup().count());
        w.name("warmupTime").value(h.warmup().time());
        w.name("warmupBatchSize").value(1);
        w.name("measurementIterations").value(h.measurement().count());
        w.name("measurementTime").value(h.measurement().time());
        w.name("measurementBatchSize").value(1);
        if (!h.params().isEmpty()) {
            w.name("params").beginObject();
            for (Map.Entry<String, String> p : h.params().entrySet()) {
                w.name(p.getKey()).value(p.getValue());
            }
            w.endObject();
        }
        w.name("primaryMetric");
        metric(w, r.primary());
        w.name("secondaryMetrics").beginObject();
        for (Map.Entry<String, Metric> s : r.secondary().entrySet()) {
            w.name(s.getKey());
            metric(w, s.getValue());
        }
        w.endObject();
        w.endObject();
    }

    private static void metric(JsonWriter w, Metric m) throws IOException {
        Statistics stats = m.statistics();
        w.beginObject();
        w.name("score");
        number(w, m.score());
        w.name("scoreError");
        number(w, m.scoreError());
        w.name("scoreConfidence").beginArray();
        for (double c : stats.getConfidenceIntervalAt(Metric.ERROR_CONFIDENCE)) {
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
        if (m.fromHistogram()) {
            histogram(w, m.histogram());
        } else {
            w.name("rawData").beginArray();
            for (double[] fork : m.rawData()) {
                w.beginArray();
                for (double v : fork) {
                    number(w, v);
                }
                w.endArray();
            }
            w.endArray();
        }
        w.endObject();
    }

    /** {@code [fork][iteration][[value, count], ...]}, as JMH writes sample mode. */
    private static void histogram(JsonWriter w, Histogram h) throws IOException {
        w.name("rawDataHistogram").beginArray();
        for (int f = 0; f < h.values().length; f++) {
            w.beginArray();
            for (int i = 0; i < h.values()[f].length; i++) {
                w.beginArray();
                for (int b = 0; b < h.values()[f][i].length; b++) {
                    w.beginArray();
                    number(w, h.values()[f][i][b]);
                    w.value(h.counts()[f][i][b]);
                    w.endArray();
                }
                w.endArray();
            }
            w.endArray();
        }
        w.endArray();
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
