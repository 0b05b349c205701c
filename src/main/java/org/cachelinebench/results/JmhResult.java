package org.cachelinebench.results;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.MultisetStatistics;
import org.openjdk.jmh.util.Statistics;

/**
 * One entry of a JMH {@code -rf json} file: a benchmark, in one mode, with one combination of @Param values,
 * its scores per fork and iteration, and how it ran. {@link JmhResultReader} reads it, {@link JmhResultWriter}
 * writes it; the paired runner builds one per fork and merges them, the gate compares two lists of them.
 *
 * @param header    what JMH writes about the run besides its scores
 * @param primary   JMH's primary metric; for {@code @Group} benchmarks the group total
 * @param secondary JMH's secondary metrics by name: per-method results of a group ({@code reader}, ...),
 *                  {@code @AuxCounters}, profiler results ({@code gc.alloc.rate}, ...; {@code ·gc.alloc.rate}
 *                  before JMH 1.37), sample-mode percentiles ({@code p0.50}, ...)
 */
public record JmhResult(Header header, Metric primary, SortedMap<String, Metric> secondary) {

    /** The name {@link #metric} gives the primary metric; every other name is a secondary metric's. */
    public static final String PRIMARY = "primary";

    public JmhResult {
        secondary = Collections.unmodifiableSortedMap(new TreeMap<>(secondary));
    }

    public JmhResult(Header header, Metric primary, Map<String, Metric> secondary) {
        this(header, primary, new TreeMap<>(secondary));
    }

    public String benchmark() {
        return header.benchmark();
    }

    public Mode mode() {
        return header.mode();
    }

    public SortedMap<String, String> params() {
        return header.params();
    }

    /** The named metric: {@link #PRIMARY} or a secondary metric's name. */
    public Metric metric(String name) {
        if (PRIMARY.equals(name)) {
            return primary;
        }
        Metric m = secondary.get(name);
        if (m == null) {
            throw new IllegalArgumentException(benchmark() + " has no metric '" + name + "' (it has: " + PRIMARY
                    + (secondary.isEmpty() ? "" : ", " + String.join(", ", secondary.keySet())) + ")");
        }
        return m;
    }

    /**
     * What JMH writes about a run besides its scores.
     *
     * @param benchmark   fully qualified benchmark name, e.g. {@code org.foo.Bench.method} or {@code org.foo.Bench.group}
     * @param mode        JMH's mode
     * @param threads     threads JMH ran the benchmark with, for a group the sum over its methods ({@code -1} if
     *                    the file does not say)
     * @param params      the {@code @Param} values; empty when the benchmark has none
     * @param warmup      warmup iterations
     * @param measurement measurement iterations
     * @param jvm         the JVM of the forks
     */
    public record Header(String benchmark, Mode mode, int threads, SortedMap<String, String> params,
                         Iterations warmup, Iterations measurement, Jvm jvm) {
        public Header {
            params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        }

        public Header(String benchmark, Mode mode, int threads, Map<String, String> params, Iterations warmup,
                      Iterations measurement, Jvm jvm) {
            this(benchmark, mode, threads, new TreeMap<>(params), warmup, measurement, jvm);
        }
    }

    /**
     * Iterations of one phase, as JMH writes them.
     *
     * @param count iterations ({@code -1} if the file does not say)
     * @param time  length of each, in JMH's spelling ("500 ms", "1 s"; "" if the file does not say)
     */
    public record Iterations(int count, String time) {
        /** {@code count} iterations of {@code millis} ms, spelled as JMH spells a time in milliseconds. */
        public static Iterations ofMillis(int count, long millis) {
            return new Iterations(count, millis + " ms");
        }
    }

    /**
     * The JVM the forks ran on, as JMH reports it; "" for what a file does not say.
     *
     * @param path       the java executable
     * @param args       every VM flag the forks got
     * @param jdkVersion e.g. "17.0.15"
     * @param vmName     e.g. "OpenJDK 64-Bit Server VM"
     * @param vmVersion  e.g. "17.0.15+6-Debian-1deb12u1"
     * @param jmhVersion e.g. "1.37"
     */
    public record Jvm(String path, List<String> args, String jdkVersion, String vmName, String vmVersion,
                      String jmhVersion) {
        public Jvm {
            args = List.copyOf(args);
        }
    }

    /** JMH's benchmark modes, by the short label JMH writes in the {@code mode} field. */
    public enum Mode {
        THROUGHPUT("thrpt", true),
        AVERAGE_TIME("avgt", false),
        SAMPLE_TIME("sample", false),
        SINGLE_SHOT_TIME("ss", false);

        private final String label;
        private final boolean higherIsBetter;

        Mode(String label, boolean higherIsBetter) {
            this.label = label;
            this.higherIsBetter = higherIsBetter;
        }

        /** The label JMH writes: thrpt, avgt, sample, ss. */
        public String label() {
            return label;
        }

        /** Throughput counts operations per time: more is better. Every time mode measures time per operation. */
        public boolean higherIsBetter() {
            return higherIsBetter;
        }

        /** The mode with this JMH label, or null. */
        public static Mode ofLabel(String label) {
            for (Mode m : values()) {
                if (m.label.equals(label)) {
                    return m;
                }
            }
            return null;
        }
    }

    /**
     * One metric: JMH's summary plus the per-iteration values the statistics are computed from.
     *
     * <p>{@code rawData} is {@code [fork][iteration]}, one score per measurement iteration. For sample mode JMH
     * writes {@code rawDataHistogram} instead; then {@code histogram} holds it and each iteration's score in
     * {@code rawData} is the mean of its samples (the statistic JMH reports as the score).
     *
     * @param score      JMH's score (may be NaN or infinite: JMH writes those as strings)
     * @param scoreError half-width of JMH's 99.9 % interval; NaN when JMH had too few samples
     * @param unit       e.g. {@code ops/us}, {@code ns/op}
     * @param rawData    {@code [fork][iteration]}; may be ragged or empty (run with {@code -Djmh.json.rawData=false})
     * @param histogram  for sample mode, the samples of every iteration; null otherwise
     */
    public record Metric(double score, double scoreError, String unit, double[][] rawData, Histogram histogram) {

        /** JMH's confidence for {@code scoreError}. */
        public static final double ERROR_CONFIDENCE = 0.999;

        /** A metric from per-iteration scores, {@code [fork][iteration]}, with JMH's score and error. */
        public static Metric of(String unit, double[][] rawData) {
            double[] all = Arrays.stream(rawData).flatMapToDouble(Arrays::stream).toArray();
            Statistics stats = new ListStatistics(all);
            return new Metric(stats.getMean(), stats.getMeanErrorAt(ERROR_CONFIDENCE), unit, rawData, null);
        }

        /** A metric of one fork: one score per measurement iteration. */
        public static Metric ofFork(String unit, double... iterations) {
            if (iterations.length == 0) {
                throw new IllegalArgumentException("a fork's metric needs at least one iteration");
            }
            return of(unit, new double[][] {iterations.clone()});
        }

        /** A sample-mode metric: score and error over all samples, each iteration's score the mean of its samples. */
        public static Metric ofHistogram(String unit, Histogram histogram) {
            Statistics stats = histogram.statistics();
            return new Metric(stats.getMean(), stats.getMeanErrorAt(ERROR_CONFIDENCE), unit, histogram.means(),
                    histogram);
        }

        /** True if the per-iteration values were derived from JMH's {@code rawDataHistogram} (sample mode). */
        public boolean fromHistogram() {
            return histogram != null;
        }

        /** For sample mode, samples per {@code [fork][iteration]}; null otherwise. */
        public long[][] sampleCounts() {
            return histogram == null ? null : histogram.sampleCounts();
        }

        /** Every iteration's score, fork after fork; for a one-fork metric that fork's iterations. */
        public double[] iterations() {
            return Arrays.stream(rawData).flatMapToDouble(Arrays::stream).toArray();
        }

        /** JMH's statistics over the samples: every iteration's score, or for sample mode every sample. */
        public Statistics statistics() {
            return histogram != null ? histogram.statistics() : new ListStatistics(iterations());
        }
    }

    /**
     * The samples of a sample-mode metric, as JMH's {@code rawDataHistogram}: {@code [fork][iteration][bucket]}, a
     * value and how many samples had it.
     */
    public record Histogram(double[][][] values, long[][][] counts) {
        public Histogram {
            if (values.length != counts.length) {
                throw new IllegalArgumentException("histogram values and counts differ in forks");
            }
            for (int f = 0; f < values.length; f++) {
                if (values[f].length != counts[f].length) {
                    throw new IllegalArgumentException("histogram values and counts differ in iterations");
                }
                for (int i = 0; i < values[f].length; i++) {
                    if (values[f][i].length != counts[f][i].length) {
                        throw new IllegalArgumentException("histogram values and counts differ in buckets");
                    }
                }
            }
        }

        /** Each iteration's mean sample, {@code [fork][iteration]}; NaN for an iteration without samples. */
        double[][] means() {
            double[][] means = new double[values.length][];
            for (int f = 0; f < values.length; f++) {
                means[f] = new double[values[f].length];
                for (int i = 0; i < values[f].length; i++) {
                    double sum = 0;
                    long n = 0;
                    for (int b = 0; b < values[f][i].length; b++) {
                        sum += values[f][i][b] * counts[f][i][b];
                        n += counts[f][i][b];
                    }
                    means[f][i] = n == 0 ? Double.NaN : sum / n;
                }
            }
            return means;
        }

        long[][] sampleCounts() {
            long[][] n = new long[counts.length][];
            for (int f = 0; f < counts.length; f++) {
                n[f] = new long[counts[f].length];
                for (int i = 0; i < counts[f].length; i++) {
                    n[f][i] = Arrays.stream(counts[f][i]).sum();
                }
            }
            return n;
        }

        Statistics statistics() {
            MultisetStatistics stats = new MultisetStatistics();
            for (int f = 0; f < values.length; f++) {
                for (int i = 0; i < values[f].length; i++) {
                    for (int b = 0; b < values[f][i].length; b++) {
                        if (counts[f][i][b] > 0) {
                            stats.addValue(values[f][i][b], counts[f][i][b]);
                        }
                    }
                }
            }
            return stats;
        }
    }
}
