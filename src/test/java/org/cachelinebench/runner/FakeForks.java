package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongSupplier;

import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.fork.ForkResult;

/**
 * A fork runner without JMH: every variant has a true throughput, and the "machine" multiplies every
 * score by a drift factor that depends only on the time (like the VM whose core-to-core round trip changes
 * by minutes). A fork advances a fake clock by its overhead, warmup and measurement.
 */
class FakeForks implements ForkRunner, LongSupplier {
    static final long START = 1_700_000_000_000L;
    /** Secondary metrics every fake fork reports, each with the variant's true score. */
    static final List<String> LABELS = List.of("sender", "receiver", "reader", "allocator");
    static final String JAVA = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private final Map<String, Double> trueScore = new LinkedHashMap<>();
    private final DoubleUnaryOperator drift;
    private final long overheadMillis;
    private long now = START;
    final List<String> ran = new ArrayList<>();
    String failOn;
    /** When set, every fork also reports these rows, as JMH's {@code -prof gc} does. */
    boolean profilerRows;

    /** Variants whose forks throw this exception instead of giving a result. */
    final Map<String, Exception> failWith = new LinkedHashMap<>();
    /** How many forks of a {@link #failWith} variant throw before the rest give results; absent: every fork. */
    final Map<String, Integer> failTimes = new LinkedHashMap<>();

    /**
     * @param drift          factor applied to every score, as a function of seconds since the start
     * @param overheadMillis fork cost beyond warmup and measurement
     */
    FakeForks(DoubleUnaryOperator drift, long overheadMillis) {
        this.drift = drift;
        this.overheadMillis = overheadMillis;
    }

    /** Sets the true throughput (ops/s) of a variant, for every metric it reports. */
    FakeForks score(String variantId, double opsPerSecond) {
        trueScore.put(variantId, opsPerSecond);
        return this;
    }

    @Override
    public long getAsLong() {
        return now;
    }

    @Override
    public ForkResult run(Variant variant, IterationSpec warmup, IterationSpec measurement) throws Exception {
        ran.add(variant.id());
        if (variant.id().equals(failOn)) {
            throw new IllegalStateException("benchmark exploded\nsecond line");
        }
        if (failWith.containsKey(variant.id()) && failTimes.getOrDefault(variant.id(), Integer.MAX_VALUE) > 0) {
            failTimes.computeIfPresent(variant.id(), (id, left) -> left - 1);
            now += overheadMillis + warmup.totalMillis();
            throw failWith.get(variant.id());
        }
        boolean interleaved = variant.id().equals(Suite.INTERLEAVED_VARIANT);
        boolean chunk = variant.benchmark().startsWith(ChunkInterleaved.class.getName() + ".");
        boolean chunkObject = variant.benchmark().startsWith(ChunkObjectInterleaved.class.getName() + ".");
        Double truth = trueScore.get(chunk ? ChunkSides.V6_5_MERGED : chunkObject ? ChunkObjectSides.REFERENCE
                : interleaved ? INTERLEAVED_REFERENCE : variant.id());
        if (truth == null) {
            throw new IllegalArgumentException("no true score for " + variant.id());
        }
        now += overheadMillis + warmup.totalMillis();
        long measureStart = now;
        double[] sender = new double[measurement.count()];
        double[] total = new double[measurement.count()];
        for (int i = 0; i < measurement.count(); i++) {
            double mid = (now + measurement.millis() / 2.0 - START) / 1000.0;
            sender[i] = truth * drift.applyAsDouble(mid);
            total[i] = 2 * sender[i];
            now += measurement.millis();
        }
        long measureEnd = now;
        Header info = header(variant.benchmark(), "thrpt", 2, variant.params(), warmup, measurement);
        Map<String, Metric> secondaries = new LinkedHashMap<>();
        for (String label : LABELS) {
            secondaries.put(label, metric("ops/s", sender));
        }
        if (chunk) {
            secondaries.putAll(chunkCounters(sender, truth, ChunkInterleaved.SIDES.names(), ChunkSides.V6_5_MERGED,
                    ChunkInterleaved.SIDES.pairs()));
        } else if (chunkObject) {
            secondaries.putAll(chunkCounters(sender, truth, ChunkObjectSides.NAMES, ChunkObjectSides.REFERENCE,
                    ChunkObjectSides.PAIRS));
        } else if (interleaved) {
            secondaries.putAll(interleavedCounters(sender, truth));
        }
        if (profilerRows) {
            double[] none = new double[measurement.count()];
            secondaries.put("gc.alloc.rate", metric("MB/sec", none));
            secondaries.put("gc.alloc.rate.norm", metric("B/op", none));
        }
        return new ForkResult(info, metric("ops/s", total), secondaries, measureStart, measureEnd);
    }

    /** A fork's header as JMH reports it, on this JVM with {@code -Xmx1g}. */
    static Header header(String benchmark, String mode, int threads, Map<String, String> params, IterationSpec warmup,
                         IterationSpec measurement) {
        return new Header(benchmark, Mode.ofLabel(mode), threads, params, iterations(warmup), iterations(measurement),
                new Jvm(JAVA, List.of("-Xmx1g"), "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6", "1.37"));
    }

    static Iterations iterations(IterationSpec spec) {
        return Iterations.ofMillis(spec.count(), spec.millis());
    }

    /** One fork's metric: a score per measurement iteration. */
    static Metric metric(String unit, double... iterations) {
        return Metric.ofFork(unit, iterations);
    }

    /**
     * The aux counters of a ChunkInterleaved (or ChunkObjectInterleaved) fork of {@code sides}, as
     * {@link #interleavedCounters} makes a csd fork's: both roles of every side at its true score (the allocator's the
     * same as the reader's), ratios to the {@code reference} and of the {@code pairs}, no floor and no extra lines.
     */
    Map<String, Metric> chunkCounters(double[] drifted, double truth, List<String> sides, String reference,
                                      List<ChunkSides.Pair> pairs) {
        int n = drifted.length;
        Map<String, Metric> m = new LinkedHashMap<>();
        double[] calls = new double[n], cycles = new double[n];
        java.util.Arrays.fill(calls, CALLS);
        java.util.Arrays.fill(cycles, 100);
        for (String role : ChunkSides.ROLES) {
            for (String side : sides) {
                double score = trueScore.get(side);
                double[] nanos = new double[n];
                for (int i = 0; i < n; i++) {
                    nanos[i] = CALLS / (score * drifted[i] / truth) * 1e9;
                }
                String counter = CounterNames.side(side, role);
                m.put(CounterNames.nanos(counter), metric("#", nanos));
                m.put(CounterNames.calls(counter), metric("#", calls));
                if (!side.equals(reference)) {
                    m.put(CounterNames.ratio(counter), constant(n, trueScore.get(reference) / score));
                }
            }
            for (ChunkSides.Pair p : pairs) {
                m.put(CounterNames.ratio(CounterNames.side(sides.get(p.subject()), role),
                        CounterNames.side(sides.get(p.reference()), role)), constant(n, trueScore.get(sides.get(p.reference()))
                        / trueScore.get(sides.get(p.subject()))));
            }
        }
        m.put(CounterNames.CYCLES, metric("#", cycles));
        m.put(CounterNames.CYCLES_NOT_LOGGED, metric("#", new double[n]));
        return m;
    }

    private static Metric constant(int n, double value) {
        double[] v = new double[n];
        java.util.Arrays.fill(v, value);
        return metric("#", v);
    }

    /** The reference side of every interleaved fork (IpiInterleaved's line-aligned csd). */
    static final String INTERLEAVED_REFERENCE = CsdSides.LINE_ALIGNED;
    /** Calls per side per iteration: 100 cycles of 5 groups of 2 slices of 256 calls per side. */
    static final long CALLS = 100L * 2 * CsdSides.NAMES.size() * 256;

    /**
     * The aux counters of an interleaved fork: per iteration, every side (its true score set by
     * {@link #score}) made {@link #CALLS} calls at its true rate times the drift of that iteration
     * ({@code drifted[i] / truth}), as when the sides alternate in slices far shorter than the drift; so every cycle's
     * ratio and extra lines, and their medians, are the true ones: cost(side) / cost(reference) and
     * (cost(side) - cost(reference)) / cost(floor), cost = 1 / score.
     */
    Map<String, Metric> interleavedCounters(double[] drifted, double truth) {
        int n = drifted.length;
        Map<String, Metric> m = new LinkedHashMap<>();
        double[] calls = new double[n], cycles = new double[n];
        for (int i = 0; i < n; i++) {
            calls[i] = CALLS;
            cycles[i] = 100;
        }
        for (String side : CsdSides.NAMES) {
            Double score = trueScore.get(side);
            if (score == null && CsdSides.PROBES.contains(side) && trueScore.containsKey(CsdSides.FLOOR)) {
                // A probe is the floor's round trip and one more line: half a floor more, for these fakes.
                score = trueScore.get(CsdSides.FLOOR) / 1.5;
            }
            if (score == null) {
                throw new IllegalArgumentException("no true score for the interleaved side " + side);
            }
            double[] nanos = new double[n];
            for (int i = 0; i < n; i++) {
                nanos[i] = CALLS / (score * drifted[i] / truth) * 1e9;
            }
            m.put(CounterNames.nanos(side), metric("#", nanos));
            m.put(CounterNames.calls(side), metric("#", calls));
            double reference = 1 / trueScore.get(INTERLEAVED_REFERENCE);
            double floor = 1 / trueScore.get(CsdSides.FLOOR);
            if (!side.equals(INTERLEAVED_REFERENCE)) {
                double[] ratio = new double[n];
                java.util.Arrays.fill(ratio, (1 / score) / reference);
                m.put(CounterNames.ratio(side), metric("#", ratio));
            }
            if (!side.equals(INTERLEAVED_REFERENCE) && !side.equals(CsdSides.FLOOR)) {
                double[] extra = new double[n];
                java.util.Arrays.fill(extra, (1 / score - reference) / floor);
                m.put(CounterNames.extra(side), metric("#", extra));
            }
        }
        m.put(CounterNames.CYCLES, metric("#", cycles));
        m.put(CounterNames.CYCLES_NOT_LOGGED, metric("#", new double[n]));
        return m;
    }

    static Variant variant(String id) {
        return new Variant(id, "test.Bench.g", Map.of("v", id));
    }

    static ComparisonSet set(String id, String... variants) {
        List<Variant> v = new ArrayList<>();
        for (String s : variants) {
            v.add(variant(s));
        }
        return new ComparisonSet(id, id, v);
    }
}
