package org.cachelinebench.gate;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Writes JMH result JSON for tests, field for field as JMH 1.37's JSONResultFormat does (same fields, same order,
 * non-finite numbers as "NaN"/"+INF"/"-INF", same indentation), from data the test chooses. {@code
 * results.JmhResultReaderTest.fixturesHaveTheFieldsJmhWrites} checks the field structure against a file JMH wrote.
 */
final class JmhJson {
    private JmhJson() {}

    static final String[] PERCENTILES = {"0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999",
        "99.9999", "100.0"};

    /**
     * Per-iteration scores around {@code mean}: each fork has its own offset (relative sd {@code forkCv}: a
     * fresh JVM's JIT and placement), each iteration its own noise (relative sd {@code iterCv}).
     */
    static double[][] noisy(Random rnd, double mean, int forks, int iterations, double forkCv, double iterCv) {
        double[][] raw = new double[forks][iterations];
        for (int f = 0; f < forks; f++) {
            double forkMean = mean * (1 + forkCv * rnd.nextGaussian());
            for (int i = 0; i < iterations; i++) {
                raw[f][i] = forkMean * (1 + iterCv * rnd.nextGaussian());
            }
        }
        return raw;
    }

    /** A metric object from per-iteration scores: score, 99.9 % error, percentiles as JMH computes them. */
    static JsonObject metric(String unit, double[][] raw) {
        double[] all = Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
        JsonObject m = summary(unit, all);
        m.add("rawData", matrix(raw));
        return m;
    }

    /**
     * A sample-mode metric: {@code values[fork][iteration][bucket]} with {@code counts} alike. Score and
     * percentiles are over all samples, as JMH's SampleTimeResult joins them.
     */
    static JsonObject histogramMetric(String unit, double[][][] values, long[][][] counts) {
        int total = 0;
        for (long[][] f : counts) {
            for (long[] it : f) {
                total += (int) Arrays.stream(it).sum();
            }
        }
        double[] all = new double[total];
        int k = 0;
        JsonArray forks = new JsonArray();
        for (int f = 0; f < values.length; f++) {
            JsonArray its = new JsonArray();
            for (int i = 0; i < values[f].length; i++) {
                JsonArray buckets = new JsonArray();
                for (int b = 0; b < values[f][i].length; b++) {
                    JsonArray pair = new JsonArray();
                    pair.add(num(values[f][i][b]));
                    pair.add(counts[f][i][b]);
                    buckets.add(pair);
                    for (long c = 0; c < counts[f][i][b]; c++) {
                        all[k++] = values[f][i][b];
                    }
                }
                its.add(buckets);
            }
            forks.add(its);
        }
        JsonObject m = summary(unit, all);
        m.add("rawDataHistogram", forks);
        return m;
    }

    private static JsonObject summary(String unit, double[] all) {
        double mean = Arrays.stream(all).average().orElse(Double.NaN);
        double error = Double.NaN;
        if (all.length > 2) {
            double var = Arrays.stream(all).map(v -> (v - mean) * (v - mean)).sum() / (all.length - 1);
            double t = new TDistribution(all.length - 1).inverseCumulativeProbability(1 - 0.001 / 2);
            error = t * Math.sqrt(var / all.length);
        }
        JsonObject m = new JsonObject();
        m.add("score", num(mean));
        m.add("scoreError", num(error));
        JsonArray confidence = new JsonArray();
        confidence.add(num(mean - error));
        confidence.add(num(mean + error));
        m.add("scoreConfidence", confidence);
        JsonObject percentiles = new JsonObject();
        for (String p : PERCENTILES) {
            double rank = Double.parseDouble(p);
            double v = rank == 0 ? Arrays.stream(all).min().orElse(Double.NaN) : new Percentile().evaluate(all, rank);
            percentiles.add(p, num(v));
        }
        m.add("scorePercentiles", percentiles);
        m.addProperty("scoreUnit", unit);
        return m;
    }

    /** One result entry, fields in JMH's order; {@code params} only when non-empty, as JMH does. */
    static JsonObject entry(String benchmark, String mode, int threads, int forks, int iterations,
                            Map<String, String> params, JsonObject primary, Map<String, JsonObject> secondary) {
        JsonObject e = new JsonObject();
        e.addProperty("jmhVersion", "1.37");
        e.addProperty("benchmark", benchmark);
        e.addProperty("mode", mode);
        e.addProperty("threads", threads);
        e.addProperty("forks", forks);
        e.addProperty("jvm", "/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        JsonArray jvmArgs = new JsonArray();
        jvmArgs.add("-XX:-RestrictContended");
        e.add("jvmArgs", jvmArgs);
        e.addProperty("jdkVersion", "17.0.15");
        e.addProperty("vmName", "OpenJDK 64-Bit Server VM");
        e.addProperty("vmVersion", "17.0.15+6-Debian-1deb12u1");
        e.addProperty("warmupIterations", 5);
        e.addProperty("warmupTime", "1 s");
        e.addProperty("warmupBatchSize", 1);
        e.addProperty("measurementIterations", iterations);
        e.addProperty("measurementTime", "1 s");
        e.addProperty("measurementBatchSize", 1);
        if (!params.isEmpty()) {
            JsonObject p = new JsonObject();
            params.forEach(p::addProperty);
            e.add("params", p);
        }
        e.add("primaryMetric", primary);
        JsonObject s = new JsonObject();
        secondary.forEach(s::add);
        e.add("secondaryMetrics", s);
        return e;
    }

    /** A thrpt/avgt entry with no secondary metrics, 1 thread. */
    static JsonObject simple(String benchmark, String mode, Map<String, String> params, String unit, double[][] raw) {
        return entry(benchmark, mode, 1, raw.length, raw.length == 0 ? 0 : raw[0].length, params,
                metric(unit, raw), Map.of());
    }

    /** The file: a JSON array of entries, laid out as JMH lays it out. */
    static String file(List<JsonObject> entries) {
        JsonArray a = new JsonArray();
        entries.forEach(a::add);
        StringBuilder sb = new StringBuilder();
        write(sb, a, 0);
        return sb.append("\n\n").toString();
    }

    static JsonArray matrix(double[][] raw) {
        JsonArray forks = new JsonArray();
        for (double[] fork : raw) {
            JsonArray its = new JsonArray();
            for (double v : fork) {
                its.add(num(v));
            }
            forks.add(its);
        }
        return forks;
    }

    static JsonPrimitive num(double d) {
        if (Double.isNaN(d)) {
            return new JsonPrimitive("NaN");
        }
        if (Double.isInfinite(d)) {
            return new JsonPrimitive(d > 0 ? "+INF" : "-INF");
        }
        return new JsonPrimitive(d);
    }

    /** JMH's layout: 4-space indent, {@code "k" : v}, one element per line, histogram pairs inline. */
    private static void write(StringBuilder sb, JsonElement e, int depth) {
        String in = "    ".repeat(depth + 1);
        String out = "    ".repeat(depth);
        if (e.isJsonObject()) {
            sb.append("{\n");
            boolean first = true;
            for (Map.Entry<String, JsonElement> m : e.getAsJsonObject().entrySet()) {
                sb.append(first ? "" : ",\n").append(in).append(new JsonPrimitive(m.getKey())).append(" : ");
                write(sb, m.getValue(), depth + 1);
                first = false;
            }
            sb.append('\n').append(out).append('}');
        } else if (e.isJsonArray()) {
            JsonArray a = e.getAsJsonArray();
            if (a.size() == 2 && a.get(0).isJsonPrimitive() && a.get(1).isJsonPrimitive()
                    && a.get(1).getAsJsonPrimitive().isNumber() && isHistogramPair(a)) {
                sb.append("[ ").append(a.get(0)).append(", ").append(a.get(1)).append(" ]");
                return;
            }
            sb.append("[\n");
            for (int i = 0; i < a.size(); i++) {
                sb.append(i == 0 ? "" : ",\n").append(in);
                write(sb, a.get(i), depth + 1);
            }
            sb.append(a.isEmpty() ? "" : "\n").append(out).append(']');
        } else {
            sb.append(e);
        }
    }

    /** Histogram pairs are [double, long]; a count is written without a decimal point. */
    private static boolean isHistogramPair(JsonArray a) {
        Number n = a.get(1).getAsJsonPrimitive().getAsNumber();
        return n instanceof Long || n instanceof Integer;
    }
}
