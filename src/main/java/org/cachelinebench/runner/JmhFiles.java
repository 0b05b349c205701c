package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.cachelinebench.claims.Expect;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;

/** A session as JMH results: runs.json (every fork) and ratios.json (every ratio), written by {@code results.JmhResultWriter}. */
public final class JmhFiles {
    private JmhFiles() {}

    /**
     * Prefix of ratio entries' benchmark names: "pair.csd.straddled-vs-line-aligned", "pair.chunk.v6.4-rc4-vs-v2-reorder.reader".
     */
    public static final String PAIR_PREFIX = "pair.";
    public static final String RATIO_UNIT = "ratio";

    /** All runs of a session: one entry per benchmark and params, every round one fork. */
    public static List<JmhResult> runs(List<ForkRecord> records) {
        Map<String, List<ForkResult>> byKey = new LinkedHashMap<>();
        for (ForkRecord r : records) {
            Header h = r.result().info();
            byKey.computeIfAbsent(h.benchmark() + h.params(), k -> new ArrayList<>()).add(r.result());
        }
        List<JmhResult> entries = new ArrayList<>();
        for (List<ForkResult> forks : byKey.values()) {
            ForkResult first = forks.get(0);
            double[][] primary = new double[forks.size()][];
            Set<String> labels = new TreeSet<>();
            for (int f = 0; f < forks.size(); f++) {
                primary[f] = forks.get(f).primary().iterations();
                labels.addAll(forks.get(f).secondaries().keySet());
            }
            Map<String, Metric> secondaries = new TreeMap<>();
            for (String label : labels) {
                double[][] raw = new double[forks.size()][];
                String unit = null;
                for (int f = 0; f < forks.size(); f++) {
                    Metric m = forks.get(f).secondaries().get(label);
                    raw[f] = m == null ? new double[0] : m.iterations();
                    unit = unit == null && m != null ? m.unit() : unit;
                }
                secondaries.put(label, Metric.of(unit, raw));
            }
            entries.add(new JmhResult(first.info(), Metric.of(first.primary().unit(), primary), secondaries));
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
    public static List<JmhResult> ratios(List<Analysis.ComparisonResult> results, List<ForkRecord> records) {
        Map<String, Header> infoByBenchmark = new LinkedHashMap<>();
        for (ForkRecord r : records) {
            infoByBenchmark.putIfAbsent(r.result().info().benchmark(), r.result().info());
        }
        List<JmhResult> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            if (r.comparison().expect().direction() == Expect.Direction.SIMILAR) {
                continue;
            }
            Header info = infoByBenchmark.get(r.subjectBenchmark());
            double[][] raw = new double[r.byFork().length][];
            int iterations = 1;
            for (int round = 0; round < raw.length; round++) {
                raw[round] = r.byFork()[round].clone();
                iterations = Math.max(iterations, raw[round].length);
            }
            Header header = new Header(PAIR_PREFIX + r.comparison().id(), Mode.THROUGHPUT, info.threads(), Map.of(),
                    info.warmup(), new Iterations(iterations, info.measurement().time()), info.jvm());
            entries.add(new JmhResult(header, Metric.of(RATIO_UNIT, raw), Map.of()));
        }
        return entries;
    }
}
