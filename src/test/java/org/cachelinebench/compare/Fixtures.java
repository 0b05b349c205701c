package org.cachelinebench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Histogram;
import org.cachelinebench.results.JmhResult.Metric;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The committed fixtures {@code baseline.json} and {@code current.json} in
 * {@code src/test/resources/org/cachelinebench/compare/}: two JMH 1.37 result files of made-up benchmarks
 * ({@code example.*}), 3 forks × 5 iterations, per-fork noise 1.5 % and per-iteration noise 2 %, with these
 * differences in {@code current.json}:
 * <ul>
 *   <li>{@code example.Split.send} thrpt, {@code placement=straddling}: 12 % slower (a regression);
 *       {@code placement=aligned}: unchanged;</li>
 *   <li>{@code example.Chunk.rw}, a thrpt {@code @Group} of 2 threads: {@code reader} 10 % slower, {@code writer}
 *       15 % faster, the group total unchanged (a regression only the per-method rows show), with gc profiler
 *       metrics that must not be compared;</li>
 *   <li>{@code example.Chunk.alloc} avgt: 8 % faster (an improvement);</li>
 *   <li>{@code example.Split.latency} sample mode (rawDataHistogram, percentile metrics): unchanged;</li>
 *   <li>{@code example.Split.sendAligned32} only in current.</li>
 * </ul>
 * Regenerate with {@code Fixtures.main} (seeded, so the output is the same); {@code
 * results.JmhResultReaderTest.fixturesAreWhatFixturesWrites} fails if the files and this class disagree.
 */
public final class Fixtures {
    public static final Path DIR = Paths.get("src/test/resources/org/cachelinebench/compare");
    static final double FORK_CV = 0.015;
    static final double ITER_CV = 0.02;
    static final int FORKS = 3;
    static final int ITERATIONS = 5;

    private Fixtures() {}

    public static void main(String[] args) throws IOException {
        Files.writeString(DIR.resolve("baseline.json"), baseline(), StandardCharsets.UTF_8);
        Files.writeString(DIR.resolve("current.json"), current(), StandardCharsets.UTF_8);
    }

    public static String baseline() {
        return file(new Random(20240601L), false);
    }

    public static String current() {
        return file(new Random(20240602L), true);
    }

    private static String file(Random rnd, boolean current) {
        List<JmhResult> entries = new ArrayList<>();
        entries.add(SyntheticResults.simple("example.Split.send", "thrpt", Map.of("placement", "straddling"), "ops/us",
                noisy(rnd, 12.0 * (current ? 0.88 : 1))));
        entries.add(SyntheticResults.simple("example.Split.send", "thrpt", Map.of("placement", "aligned"), "ops/us",
                noisy(rnd, 15.0)));

        double[][] reader = noisy(rnd, 60.0 * (current ? 0.90 : 1));
        double[][] writer = noisy(rnd, 40.0 * (current ? 1.15 : 1));
        double[][] total = new double[FORKS][ITERATIONS];
        for (int f = 0; f < FORKS; f++) {
            for (int i = 0; i < ITERATIONS; i++) {
                total[f][i] = reader[f][i] + writer[f][i];
            }
        }
        Map<String, Metric> groupSecondary = new LinkedHashMap<>();
        groupSecondary.put("reader", Metric.of("ops/us", reader));
        groupSecondary.put("writer", Metric.of("ops/us", writer));
        groupSecondary.put("\u00b7gc.alloc.rate", Metric.of("MB/sec", noisy(rnd, 0.01)));
        groupSecondary.put("\u00b7gc.count", Metric.of("counts", new double[FORKS][ITERATIONS]));
        entries.add(SyntheticResults.entry("example.Chunk.rw", "thrpt", 2, ITERATIONS, Map.of(),
                Metric.of("ops/us", total), groupSecondary));

        entries.add(SyntheticResults.simple("example.Chunk.alloc", "avgt", Map.of(), "ns/op",
                noisy(rnd, 85.0 * (current ? 0.92 : 1))));

        entries.add(sampled(rnd));
        if (current) {
            entries.add(SyntheticResults.simple("example.Split.sendAligned32", "thrpt", Map.of(), "ops/us",
                    noisy(rnd, 15.2)));
        }
        return SyntheticResults.file(entries);
    }

    private static double[][] noisy(Random rnd, double mean) {
        return SyntheticResults.noisy(rnd, mean, FORKS, ITERATIONS, FORK_CV, ITER_CV);
    }

    /** A sample-mode entry: a few latency buckets per iteration around 0.4 us, with a tail. */
    private static JmhResult sampled(Random rnd) {
        double[][] level = noisy(rnd, 0.4);
        double[][][] values = new double[FORKS][ITERATIONS][];
        long[][][] counts = new long[FORKS][ITERATIONS][];
        String[] names = {"p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999", "p0.9999", "p1.00"};
        double[] ranks = {0, 50, 90, 95, 99, 99.9, 99.99, 100};
        double[][][] perIteration = new double[names.length][FORKS][ITERATIONS];
        for (int f = 0; f < FORKS; f++) {
            for (int i = 0; i < ITERATIONS; i++) {
                double m = Math.round(level[f][i] * 1000) / 1000.0;
                values[f][i] = new double[] {m * 0.75, m, m * 1.25, m * 4, m * 40};
                counts[f][i] = new long[] {300 + rnd.nextInt(40), 520 + rnd.nextInt(40), 150, 9, 1};
                double[] all = expand(values[f][i], counts[f][i]);
                for (int p = 0; p < names.length; p++) {
                    perIteration[p][f][i] = ranks[p] == 0 ? all[0] : new Percentile().evaluate(all, ranks[p]);
                }
            }
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        for (int p = 0; p < names.length; p++) {
            secondary.put(names[p], Metric.of("us/op", perIteration[p]));
        }
        return SyntheticResults.entry("example.Split.latency", "sample", 1, ITERATIONS, Map.of(),
                Metric.ofHistogram("us/op", new Histogram(values, counts)), secondary);
    }

    private static double[] expand(double[] values, long[] counts) {
        int n = (int) Arrays.stream(counts).sum();
        double[] all = new double[n];
        int k = 0;
        for (int b = 0; b < values.length; b++) {
            for (long c = 0; c < counts[b]; c++) {
                all[k++] = values[b];
            }
        }
        Arrays.sort(all);
        return all;
    }
}
