package org.cachelinebench.results;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One entry of a JMH {@code -rf json} file: a benchmark, in one mode, with one combination of @Param values.
 *
 * <p>Only what a comparison needs is kept. {@code rawData} is {@code [fork][iteration]}, one score per
 * measurement iteration, exactly as JMH wrote it; for sample mode ({@code rawDataHistogram}) each iteration's
 * score is the mean of its samples (the same statistic JMH reports as the score) and {@code sampleCounts}
 * holds how many samples each iteration had.
 *
 * @param benchmark  fully qualified benchmark name, e.g. {@code org.foo.Bench.method} or {@code org.foo.Bench.group}
 * @param mode       JMH's mode
 * @param threads    threads JMH ran the benchmark with ({@code -1} if the file does not say)
 * @param params     the {@code @Param} values; empty when the benchmark has none
 * @param primary    JMH's primary metric; for {@code @Group} benchmarks the group total
 * @param secondary  JMH's secondary metrics by name: per-method results of a group ({@code reader}, ...),
 *                   profiler results ({@code ·gc.alloc.rate}, ...), sample-mode percentiles ({@code p0.50}, ...)
 * @param jdkVersion the JDK the run used, or "" if the file does not say
 * @param vmName     the VM the run used, or ""
 * @param jvmArgs    the JVM arguments of the forks, or "" (joined with spaces)
 */
public record JmhResult(String benchmark, Mode mode, int threads, SortedMap<String, String> params,
                        Metric primary, SortedMap<String, Metric> secondary,
                        String jdkVersion, String vmName, String jvmArgs) {

    public JmhResult {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        secondary = Collections.unmodifiableSortedMap(new TreeMap<>(secondary));
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
     * @param score        JMH's score (may be NaN or infinite: JMH writes those as strings)
     * @param scoreError   half-width of JMH's 99.9 % interval; NaN when JMH had too few samples
     * @param unit         e.g. {@code ops/us}, {@code ns/op}
     * @param rawData      {@code [fork][iteration]}; may be ragged or empty (run with {@code -Djmh.json.rawData=false})
     * @param sampleCounts for sample mode, samples per {@code [fork][iteration]}; null otherwise
     */
    public record Metric(double score, double scoreError, String unit, double[][] rawData, long[][] sampleCounts) {

        /** True if the per-iteration values were derived from JMH's {@code rawDataHistogram} (sample mode). */
        public boolean fromHistogram() {
            return sampleCounts != null;
        }
    }
}
