package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;

/** A session as JMH results: runs.json (every fork) and ratios.json (the gated ratios), written by {@code results.JmhResultWriter}. */
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

    /** The {@code @Param} of every ratio entry: the machine state of the rounds it holds. */
    public static final String STATE_PARAM = "state";
    /** Its value for rounds without a state: no floor (a run without the floor set) or no gap in the floors. */
    public static final String NO_STATE = "unknown";

    /**
     * The gated claims with a direction as JMH entries, one per claim and machine state: benchmark
     * "pair.&lt;comparison id&gt;", unit "ratio", {@code @Param state=near|far} ({@link #NO_STATE} without a floor),
     * so that {@code benchmarks/compare} matches a state only with the same state, and rawData {@code [[r1], [r2],
     * ...]}: every round of that state is one "fork" with one iteration (an interleaved claim: with that fork's
     * per-iteration ratios), because a round is what a fork is to JMH, the independent unit (its own fresh JVMs).
     *
     * <p>The mode carries the claim's direction, so that a JMH comparer's "worse" is the effect shrinking: thrpt
     * (higher is better) for a SLOWER claim, whose ratio above 1 is the effect; avgt (lower is better) for a FASTER
     * claim, whose ratio below 1 is. Information and A/A controls have no bad direction and stay in summary.json
     * only; a claim no round measured has no entry. The state is the run's own split ({@link MachineState#split});
     * a run whose floors show no gap puts every round under {@link #NO_STATE}.
     */
    public static List<JmhResult> ratios(List<Analysis.ComparisonResult> results, List<ForkRecord> records) {
        Map<String, Header> infoByBenchmark = new LinkedHashMap<>();
        for (ForkRecord r : records) {
            infoByBenchmark.putIfAbsent(r.result().info().benchmark(), r.result().info());
        }
        double split = MachineState.split(Analysis.floorNanosByRound(records, Suite.FLOOR_SET).values());
        List<JmhResult> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Expect expect = r.comparison().expect();
            if (!expect.directional() || !r.measured()) {
                continue;
            }
            Header info = infoByBenchmark.get(r.data().subjectBenchmark());
            Map<String, List<double[]>> byState = new TreeMap<>();
            for (Judgment.Round round : r.data().rounds()) {
                MachineState state = MachineState.of(round.floorNanos(), split);
                byState.computeIfAbsent(state == null ? NO_STATE : state.label(), k -> new ArrayList<>())
                        .add(round.ratios().clone());
            }
            Mode mode = expect.direction() == Expect.Direction.FASTER ? Mode.AVERAGE_TIME : Mode.THROUGHPUT;
            for (Map.Entry<String, List<double[]>> state : byState.entrySet()) {
                double[][] raw = state.getValue().toArray(double[][]::new);
                int iterations = Arrays.stream(raw).mapToInt(a -> a.length).max().orElse(1);
                Header header = new Header(PAIR_PREFIX + r.comparison().id(), mode, info.threads(),
                        Map.of(STATE_PARAM, state.getKey()), info.warmup(),
                        new Iterations(iterations, info.measurement().time()), info.jvm());
                entries.add(new JmhResult(header, Metric.of(RATIO_UNIT, raw), Map.of()));
            }
        }
        return entries;
    }
}
